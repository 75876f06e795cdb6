// The resource-state history's layout as data, over the lesson-sized trace of layoutsFixture.ts: state names,
// barriers vs promotions vs decays, the debug message's pin, subresource lanes, rewinding.

import { describe, expect, it } from 'vitest';
import { D3D12_RESOURCE_STATE_COPY_DEST } from '../../../core';
import { layoutStateHistory } from './stateHistory';
import { data, END, ids, ix, PSR, trace } from './layoutsFixture';

describe('resource-state history', () => {
  const opts = { width: 900, mode: 'call' as const, domain: null, selection: null, expanded: new Set<number>() };
  it('labels segments with D3D12 state names and marks barriers, promotions and decays differently', () => {
    const s = layoutStateHistory(ix, END, opts);
    // mip 0 is transitioned by one submission, mip 1 by the next: the texture is "mixed" in between
    const tex = s.chart.marks.filter((m) => m.data?.resource === ids.texture && m.data.state);
    expect(tex.map((m) => m.data!.state)).toEqual(['COPY_DEST', 'MIXED', 'PIXEL_SHADER_RESOURCE']);
    // lanes by resource id: the texture's two transitions, the vertex buffer's promotion and decay within one
    // ExecuteCommandLists (one change at that call: the decay), blur temp B's write promotion (it stays)
    const kinds = data(s.chart.marks, 'barrier').map((m) => `${m.data!.resource}:${m.data!.barrier}:${m.data!.after}`);
    expect(kinds).toEqual([
      `${ids.texture}:transition:MIXED`,
      `${ids.texture}:transition:PIXEL_SHADER_RESOURCE`,
      `${ids.vertices}:decay:COMMON`,
      `${ids.aliasB}:promotion:COPY_DEST`,
    ]);
    const shapes = data(s.chart.marks, 'barrier').map((m) => (m.t === 'symbol' ? m.shape : ''));
    expect(shapes).toEqual(['triangle', 'triangle', 'diamond', 'circle']);
  });
  it('pins the debug message to the resource it names', () => {
    const s = layoutStateHistory(ix, END, opts);
    const pins = data(s.chart.marks, 'pin-message-id');
    expect(pins.map((m) => [m.data!['pin-message-id'], m.sel])).toEqual([
      ['INVALID_SUBRESOURCE_STATE', { kind: 'message', id: 0 }],
    ]);
  });
  it('expands a resource into one lane per subresource', () => {
    const s = layoutStateHistory(ix, END, { ...opts, expanded: new Set([ids.texture]) });
    expect(s.lanes.filter((l) => l.res === ids.texture).map((l) => [l.sub, l.state])).toEqual([
      [null, PSR],
      [0, PSR],
      [1, PSR],
    ]);
  });
  it('rewinds to the state as of the cursor', () => {
    const firstBarrier = trace.events.find((e) => e.k === 'state' && e.kind === 'barrier')!.i;
    const s = layoutStateHistory(ix, firstBarrier - 1, opts);
    expect(s.lanes.find((l) => l.res === ids.texture)!.state).toBe(D3D12_RESOURCE_STATE_COPY_DEST);
    expect(s.lanes.some((l) => l.res === ids.aliasB)).toBe(false);
  });
});
