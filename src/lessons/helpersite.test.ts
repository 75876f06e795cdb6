// Calls made in shared helpers map to the helper's own lines (lesson 14's set-up through createFrame, lesson 07's
// GetCurrentBackBufferIndex in waitForGpu), and to the lesson line that called the helper.
import { describe, expect, it } from 'vitest';
import { helperSites, helperSource, lessonLineOfHelper } from './helpersite';
import { mapCallsToLines } from './callsite';
import { lesson14 } from './14-texture-states';
import { lesson07 } from './07-pso';

const env = { debugLayer: true, bugs: new Set<string>(), width: 64, height: 64 };

describe('helper call sites', () => {
  it('every call of lesson 14 maps to a line: its own code, or a named helper with its line', () => {
    const run = lesson14.run(env);
    const own = mapCallsToLines(lesson14.source, run.sys.trace, run.sys);
    const sites = helperSites(run.sys);
    const calls = run.sys.trace.events.filter((e) => e.k === 'call');
    for (const c of calls) {
      const site = sites[c.i];
      expect(own[c.i] !== null || (site !== null && site.line !== null), `call ${c.i} ${c.api}`).toBe(true);
    }
    // the device is created in createRingDevice, called from createFrame, on the line that says so
    const dev = calls.find((c) => c.api === 'D3D12CreateDevice')!;
    const s = sites[dev.i]!;
    expect([s.fn, s.file, s.stack]).toEqual([
      'createRingDevice',
      'common/frame.ts',
      ['createRingDevice', 'createFrame'],
    ]);
    expect(helperSource('createRingDevice')!.source.split('\n')[s.line! - 1]).toContain('D3D12CreateDevice(');
    // the lesson line that called the outermost helper
    const at = lessonLineOfHelper(lesson14.source, 'createFrame', null)!;
    expect(lesson14.source.split('\n')[at - 1]).toMatch(/createFrame\(/);
  });

  it("lesson 07: GetCurrentBackBufferIndex is waitForGpu's, not Present's line", () => {
    const run = lesson07.run(env);
    const sites = helperSites(run.sys);
    const own = mapCallsToLines(lesson07.source, run.sys.trace, run.sys);
    const calls = run.sys.trace.events.filter(
      (e) => e.k === 'call' && e.api === 'IDXGISwapChain3::GetCurrentBackBufferIndex',
    );
    expect(calls.length).toBeGreaterThan(0);
    for (const c of calls) {
      expect(own[c.i]).toBeNull();
      const s = sites[c.i]!;
      expect(s.file).toBe('common/frame.ts');
      expect(helperSource(s.fn)!.source.split('\n')[s.line! - 1]).toContain('GetCurrentBackBufferIndex(');
    }
  });
});
