// The state panel's two rows per subresource, on real lesson runs: the state as the command list records it
// (each barrier's declaration, at the ResourceBarrier call) and the state on the queue (at ExecuteCommandLists).
import { describe, expect, it } from 'vitest';
import {
  D3D12_RESOURCE_STATE_COPY_DEST,
  D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE,
  D3D12_RESOURCE_STATE_PRESENT,
  D3D12_RESOURCE_STATE_RENDER_TARGET,
  callsOf,
  indexTrace,
  recordedStateAt,
  type TraceIndex,
} from '../../../core';
import { lesson14 } from '../../../lessons/14-texture-states';
import { lesson04 } from '../../../lessons/04-clear';
import { laneStateAt, layoutStateHistory, recordedLaneStateAt } from './stateHistory';

const env = (bugs: string[] = []) => ({ debugLayer: true, bugs: new Set(bugs), width: 64, height: 64 });
const PSR = D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE;
const opts = { width: 900, mode: 'call' as const, domain: null, selection: null, expanded: new Set<number>() };
const firstCall = (ix: TraceIndex, api: string) => callsOf(ix, api)[0].i;

describe('recorded vs queue lanes', () => {
  it('lesson 14: at the draw the list has recorded PIXEL_SHADER_RESOURCE while the queue still has COPY_DEST', () => {
    const run = lesson14.run(env());
    const ix = indexTrace(run.sys.trace);
    const tex = run.out.texture as number;
    const draw = firstCall(ix, 'ID3D12GraphicsCommandList::DrawInstanced');
    const ecl = callsOf(ix, 'ID3D12CommandQueue::ExecuteCommandLists').find((c) => c.i > draw)!.i;
    expect(recordedLaneStateAt(ix, { res: tex, sub: null }, draw)).toMatchObject({ state: PSR });
    expect(recordedLaneStateAt(ix, { res: tex, sub: null }, draw)!.list).not.toBeNull();
    expect(laneStateAt(ix, { res: tex, sub: null }, draw)).toBe(D3D12_RESOURCE_STATE_COPY_DEST);
    // executed: the queue has it, and the list's declaration is handed over (the row follows the queue again)
    expect(laneStateAt(ix, { res: tex, sub: null }, ecl)).toBe(PSR);
    expect(recordedStateAt(ix, tex, 0, ecl)).toEqual({ state: PSR, list: null });
    // before the barrier: the list knows nothing; it follows the queue's COPY_DEST
    const barrier = callsOf(ix, 'ID3D12GraphicsCommandList::ResourceBarrier').find((c) => c.i < draw)!.i;
    expect(recordedStateAt(ix, tex, 0, barrier - 1)).toEqual({ state: D3D12_RESOURCE_STATE_COPY_DEST, list: null });
    // the layout draws both rows and tells them apart in words
    const s = layoutStateHistory(ix, draw, opts);
    const lane = s.lanes.find((l) => l.res === tex)!;
    expect([lane.recorded, lane.state]).toEqual([PSR, D3D12_RESOURCE_STATE_COPY_DEST]);
    const rec = s.chart.marks.filter((m) => m.data?.['rec-resource'] === tex && m.data['rec-state']);
    expect(rec.map((m) => [m.data!['rec-state'], m.data!['rec-list'] === 'queue'])).toEqual([
      ['COPY_DEST', true],
      ['PIXEL_SHADER_RESOURCE', false],
    ]);
    const words = s.chart.marks.flatMap((m) => (m.t === 'text' ? [m.text] : []));
    expect(words).toEqual(expect.arrayContaining(['list', 'queue']));
  });

  it('lesson 14 missing-barrier: nothing declared, the list row stays on the queue state; the bind-time message pins on the list row', () => {
    const run = lesson14.run(env(['missing-barrier']));
    const ix = indexTrace(run.sys.trace);
    const tex = run.out.texture as number;
    const draw = firstCall(ix, 'ID3D12GraphicsCommandList::DrawInstanced');
    expect(recordedLaneStateAt(ix, { res: tex, sub: null }, draw)).toEqual({
      state: D3D12_RESOURCE_STATE_COPY_DEST,
      list: null,
    });
    const pins = layoutStateHistory(ix, ix.maxCall, opts).chart.marks.filter(
      (m) => m.data?.['pin-message-id'] === 'INVALID_SUBRESOURCE_STATE',
    );
    expect(pins.map((m) => m.data!['pin-row'])).toContain('recorded');
  });

  it('lesson 04: the back buffer reads RENDER_TARGET on the recorded row at the clear, PRESENT on the queue', () => {
    const run = lesson04.run(env());
    const ix = indexTrace(run.sys.trace);
    const clear = firstCall(ix, 'ID3D12GraphicsCommandList::ClearRenderTargetView');
    const targets = [...ix.states.keys()].filter(
      (r) => recordedLaneStateAt(ix, { res: r, sub: null }, clear)?.state === D3D12_RESOURCE_STATE_RENDER_TARGET,
    );
    expect(targets).toHaveLength(1);
    expect(laneStateAt(ix, { res: targets[0], sub: null }, clear)).toBe(D3D12_RESOURCE_STATE_PRESENT);
    // after the second barrier the list has recorded PRESENT again; the queue never sees RENDER_TARGET linger
    const close = firstCall(ix, 'ID3D12GraphicsCommandList::Close');
    expect(recordedLaneStateAt(ix, { res: targets[0], sub: null }, close)?.state).toBe(D3D12_RESOURCE_STATE_PRESENT);
  });
});
