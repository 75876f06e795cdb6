import { describe, expect, it } from 'vitest';
import { mapCallsToLines, methodOf } from './callsite';
import { lesson04 } from './04-clear';
import { lesson10 } from './10-triangle';

const env = { debugLayer: true, bugs: new Set<string>(), width: 64, height: 64 };

function linesOf(def: typeof lesson04, api: string) {
  const run = def.run(env);
  const lines = mapCallsToLines(def.source, run.sys.trace, run.sys);
  const src = def.source.split('\n');
  return run.sys.trace.events
    .filter((e) => e.k === 'call' && e.api === api)
    .map((e) => {
      const n = lines[e.i];
      return n == null ? null : src[n - 1];
    });
}

describe('call index → source line', () => {
  it('names the method of a call', () => {
    expect(methodOf('ID3D12Device::CreateCommandQueue')).toBe('CreateCommandQueue');
    expect(methodOf('D3D12CreateDevice')).toBe('D3D12CreateDevice');
  });
  it('maps each call to the line that makes it', () => {
    expect(linesOf(lesson04, 'ID3D12GraphicsCommandList::ClearRenderTargetView')[0]).toContain(
      'list.ClearRenderTargetView(',
    );
    expect(linesOf(lesson04, 'ID3D12CommandQueue::ExecuteCommandLists')[0]).toContain('queue.ExecuteCommandLists(');
  });
  it('maps both iterations of a loop to the loop body', () => {
    const l = linesOf(lesson04, 'ID3D12Device::CreateRenderTargetView');
    expect(l).toHaveLength(2);
    expect(l[0]).toContain('device.CreateRenderTargetView(');
    expect(l[1]).toBe(l[0]);
  });
  it('the two ResourceBarrier calls land on their own lines, in order', () => {
    const run = lesson04.run(env);
    const lines = mapCallsToLines(lesson04.source, run.sys.trace, run.sys);
    const src = lesson04.source.split('\n');
    const at = run.sys.trace.events
      .filter((e) => e.k === 'call' && e.api === 'ID3D12GraphicsCommandList::ResourceBarrier')
      .map((e) => lines[e.i]!);
    expect(at).toHaveLength(2);
    expect(at[0]).toBeLessThan(at[1]);
    // the call's first line, then its argument block up to the closing `});`
    const block = (n: number) => src.slice(n - 1, src.indexOf('  });', n - 1) + 1).join(' ');
    expect(src[at[0] - 1]).toContain('list.ResourceBarrier(');
    expect(block(at[0])).toContain('D3D12_RESOURCE_STATE_PRESENT, D3D12_RESOURCE_STATE_RENDER_TARGET');
    expect(block(at[1])).toContain('D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PRESENT');
  });
  it('calls made by the shared set-up have no line in the lesson (the code view skips them)', () => {
    // lesson 10's device is created by common/frame.ts
    expect(linesOf(lesson10, 'D3D12CreateDevice')).toEqual([null]);
    expect(linesOf(lesson10, 'ID3D12GraphicsCommandList::DrawInstanced')[0]).toContain('list.DrawInstanced(');
  });
});
