// Lesson 19: per-subresource transitions, promotion and decay, as the trace records them; the bugs break the
// history (rely-on-promotion) or the StateBefore (before-state-wrong), with messages only with the debug layer.
import { describe, expect, it } from 'vitest';
import { checkLesson } from '../runner';
import { EXPECTED, historyOf, lesson19 } from './index';

const env = (bugs: string[] = [], debugLayer = true) => ({ debugLayer, bugs: new Set(bugs), width: 64, height: 64 });

describe('lesson 19: barriers in depth', () => {
  it('correct: the state history per subresource is the expected one; no message; check passes from the model alone', async () => {
    for (const debugLayer of [true, false]) {
      const run = lesson19.run(env([], debugLayer));
      expect(run.stopped).toBeNull();
      expect(run.sys.messages).toEqual([]);
      expect(run.sys.trace.events.filter((e) => e.k === 'hazard')).toEqual([]);
      const ids = { texture: run.out.texture as number, buffer: run.out.buffer as number };
      for (const x of EXPECTED) expect(historyOf(run, ids[x.res], x.sub)).toBe(x.history);
      const report = await checkLesson(lesson19, run, null, env([], debugLayer));
      expect(report.status).toBe('pass');
      expect(report.level).toBe('correct');
      const rows = (run.out.table as { rows: string[][] }).rows;
      expect(rows.every((r) => r[1] === r[2])).toBe(true);
    }
  });

  it('rely-on-promotion: mip 0 stays in COPY_DEST (no decay); INVALID_SUBRESOURCE_STATE at ECL, not at record; check fails', async () => {
    const run = lesson19.run(env(['rely-on-promotion']));
    const m = run.sys.messages.filter((x) => x.id === 'INVALID_SUBRESOURCE_STATE');
    expect(m.length).toBe(1);
    const at = run.sys.trace.events.find((e) => e.k === 'call' && e.i === m[0].callIndex);
    expect(at && at.k === 'call' && at.api).toBe('ID3D12CommandQueue::ExecuteCommandLists');
    expect(historyOf(run, run.out.texture as number, 0)).toBe('COMMON (initial) → COPY_DEST (promotion)');
    const report = await checkLesson(lesson19, run, null, env(['rely-on-promotion']));
    expect(report.status).toBe('fail');
    const off = lesson19.run(env(['rely-on-promotion'], false));
    expect(off.sys.messages).toEqual([]);
    expect(off.sys.trace.events.some((e) => e.k === 'hazard' && e.kind === 'invalid-state')).toBe(true);
    const offReport = await checkLesson(lesson19, off, null, env(['rely-on-promotion'], false));
    expect(offReport.status).toBe('fail');
    expect(offReport.items.find((i) => i.what.en.startsWith('the resource-state history'))?.ok).toBe(false);
  });

  it('before-state-wrong: RESOURCE_BARRIER_BEFORE_AFTER_MISMATCH at record time with the layer; the check sees the wrong StateBefore either way', async () => {
    const run = lesson19.run(env(['before-state-wrong']));
    const m = run.sys.messages.find((x) => x.id === 'RESOURCE_BARRIER_BEFORE_AFTER_MISMATCH');
    expect(m).toBeDefined();
    const report = await checkLesson(lesson19, run, null, env(['before-state-wrong']));
    expect(report.status).toBe('fail');
    expect(report.level).toBe('builds');
    const off = lesson19.run(env(['before-state-wrong'], false));
    expect(off.sys.messages).toEqual([]);
    const offReport = await checkLesson(lesson19, off, null, env(['before-state-wrong'], false));
    expect(offReport.status).toBe('fail');
    expect(offReport.items.find((i) => i.what.en.startsWith('every transition'))?.got).toContain(
      'StateBefore PIXEL_SHADER_RESOURCE, was COPY_DEST',
    );
  });
});
