// The panel layouts as data, over the hand-made lesson-sized trace (synthetic.ts: an upload, a forgotten
// barrier, the fix, two aliasing transients, fences with a timed-out wait).

import { describe, expect, it } from 'vitest';
import { smallTrace, syntheticTrace, TraceBuilder, SYNTH_STATES as S } from '../synthetic';
import { indexTrace } from './traceIndex';
import { heapRows, layoutHeapTimeline } from './heapTimeline';
import { laneStateAt, layoutStateHistory } from './stateHistory';
import { fenceRowsAt, layoutFenceQueue, timedOutWaitsAt } from './fenceQueue';
import { findBreak, layoutDebugLog, SEVERITIES } from './debugLog';
import { layoutDescriptors } from './descriptors';
import { eventRows, rowOfCall, visibleRows } from './eventList';
import { alignmentGaps } from './heapPacking';
import { fmtOffset, fmtMs, stateName } from './format';
import { messageText } from './messageText';
import type { Mark } from './shapes';

const { trace, ids } = smallTrace();
const ix = indexTrace(trace);
const END = ix.maxCall;
const data = (marks: Mark[], key: string) => marks.filter((m) => m.data && key in m.data);

describe('format', () => {
  it('prints offsets in hex and KiB, times in ms, states by their D3D12 names', () => {
    expect(fmtOffset(0x10000)).toBe('0x10000 (64 KiB)');
    expect(fmtOffset(1536)).toBe('0x600 (1.50 KiB)');
    expect(fmtMs(1_500_000)).toBe('1.50 ms');
    expect(stateName(0x400)).toBe('D3D12_RESOURCE_STATE_COPY_DEST');
    expect(stateName(0xac3)).toBe('D3D12_RESOURCE_STATE_GENERIC_READ');
    expect(stateName(0x4 | 0x800)).toBe('D3D12_RESOURCE_STATE_RENDER_TARGET|D3D12_RESOURCE_STATE_COPY_SOURCE');
  });
});

describe('trace index', () => {
  it('collects resources, heaps, placements and lifetimes', () => {
    expect(ix.resources.get(ids.texture)).toMatchObject({ heap: -1, heapType: 1, size: 65536, placement: 'committed', subCount: 2, freed: null });
    expect(ix.heaps.get(ids.heap)).toMatchObject({ size: 128 * 1024 });
    expect(ix.resources.get(ids.aliasB)).toMatchObject({ heap: ids.heap, offset: 0, placement: 'placed' });
    expect(ix.resources.get(ids.aliasA)!.freed).toBe(END);
    expect(ix.resources.get(ids.upload)!.mapped).toEqual([{ sub: 0, from: 6, to: 7 }]);
    expect(ix.aliasing).toEqual([expect.objectContaining({ before: ids.aliasA, after: ids.aliasB })]);
  });
  it('is extended, not rebuilt, when the trace grows', () => {
    const b = new TraceBuilder();
    b.committed('a', 2, 4096, S.GENERIC_READ);
    const first = indexTrace(b.trace);
    b.committed('b', 2, 4096, S.GENERIC_READ);
    const again = indexTrace(b.trace);
    expect(again).toBe(first);
    expect(again.resources.size).toBe(2);
  });
});

describe('heap timeline', () => {
  const h = layoutHeapTimeline(ix, END, { width: 900, mode: 'call', domain: null, selection: null, withRows: true });
  it('draws one band per explicit heap and per committed heap type', () => {
    expect(h.bands.map((b) => b.key)).toEqual([`heap:${ids.heap}`, 'committed:1', 'committed:2']);
  });
  it('shows the aliased bytes of two placed resources and the aliasing barrier', () => {
    const alias = data(h.chart.marks, 'alias');
    expect(alias).toHaveLength(1);
    expect(alias[0].data!.alias).toBe(`${ids.aliasA},${ids.aliasB}`);
    const barrier = data(h.chart.marks, 'barrier');
    expect(barrier[0].data).toMatchObject({ barrier: 'aliasing', resource: ids.aliasB });
    expect(h.rows.find((r) => r.res === ids.aliasB)!.aliasedWith).toEqual([ids.aliasA]);
  });
  it('shades mapped intervals and marks free space at the cursor', () => {
    expect(data(h.chart.marks, 'mapped').map((m) => m.data!.mapped)).toEqual([ids.upload]);
    // A (64 KiB) is released at the last call; B (96 KiB) remains: 32 KiB free at the end of the heap
    expect(data(h.chart.marks, 'free').map((m) => m.data!.free)).toEqual([32 * 1024]);
  });
  it('rewinds: before the heap exists it is not drawn', () => {
    const early = layoutHeapTimeline(ix, 20, { width: 900, mode: 'call', domain: null, selection: null });
    expect(early.bands.map((b) => b.key)).toEqual(['committed:1', 'committed:2']);
  });
  it('switches x to modelled time', () => {
    const t = layoutHeapTimeline(ix, END, { width: 900, mode: 'time', domain: null, selection: null });
    expect(t.axis.extent[1]).toBe(ix.maxTime);
  });
});

describe('resource-state history', () => {
  const opts = { width: 900, mode: 'call' as const, domain: null, selection: null, expanded: new Set<number>() };
  it('labels segments with D3D12 state names and marks barriers, promotions and decays differently', () => {
    const s = layoutStateHistory(ix, END, opts);
    const tex = s.chart.marks.filter((m) => m.data?.resource === ids.texture && m.data.state);
    expect(tex.map((m) => m.data!.state)).toEqual(['COPY_DEST', 'MIXED', 'PIXEL_SHADER_RESOURCE']);
    const kinds = data(s.chart.marks, 'barrier').map((m) => `${m.data!.barrier}:${m.data!.after}`);
    expect(kinds).toEqual(['transition:MIXED', 'transition:PIXEL_SHADER_RESOURCE', 'promotion:UNORDERED_ACCESS', 'decay:COMMON']);
    const shapes = data(s.chart.marks, 'barrier').map((m) => (m.t === 'symbol' ? m.shape : ''));
    expect(shapes).toEqual(['triangle', 'triangle', 'circle', 'diamond']);
  });
  it('pins the debug message to the resource it names', () => {
    const s = layoutStateHistory(ix, END, opts);
    const pins = data(s.chart.marks, 'pin-message-id');
    expect(pins.map((m) => [m.data!['pin-message-id'], m.sel])).toEqual([['INVALID_SUBRESOURCE_STATE', { kind: 'message', id: 0 }]]);
  });
  it('expands a resource into one lane per subresource', () => {
    const s = layoutStateHistory(ix, END, { ...opts, expanded: new Set([ids.texture]) });
    expect(s.lanes.filter((l) => l.res === ids.texture).map((l) => [l.sub, l.state])).toEqual([[null, S.PSR], [0, S.PSR], [1, S.PSR]]);
  });
  it('rewinds to the state as of the cursor', () => {
    const firstBarrier = trace.events.find((e) => e.k === 'state' && e.kind === 'barrier')!.i;
    const s = layoutStateHistory(ix, firstBarrier - 1, opts);
    expect(s.lanes.find((l) => l.res === ids.texture)!.state).toBe(S.COPY_DEST);
    expect(s.lanes.some((l) => l.res === ids.aliasB)).toBe(false);
  });
});

describe('fences and queues', () => {
  it('shows signalled vs completed values, waits with their timeout, and GPU intervals', () => {
    const f = layoutFenceQueue(ix, END, { width: 900, domain: null, selection: null, withRows: true });
    expect(f.fences.map((x) => [x.signalled, x.completed, x.inFlight])).toEqual([[4n, 4n, 0]]);
    expect(f.waits.map((w) => w.timedOut)).toEqual([false, true, false, false]);
    expect(f.queues[0].intervals).toHaveLength(4);
    expect(data(f.chart.marks, 'fence-completed')[0].data!['fence-completed']).toBe('4');
  });
  it('counts frames in flight as of the cursor', () => {
    // right after the second Signal: value 2 is requested, 1 is complete
    const at = trace.events.find((e) => e.k === 'fence' && e.kind === 'signal-gpu' && e.value === 2n)!.i;
    const f = layoutFenceQueue(ix, at, { width: 900, domain: null, selection: null });
    expect(f.fences[0]).toMatchObject({ signalled: 2n, completed: 1n, inFlight: 1 });
    expect(f.fences[0].ring.find((r) => r.value === 2n)!.status).toBe('in-flight');
  });
});

describe('debug log', () => {
  const all = { severities: new Set(SEVERITIES), id: null, lang: 'en' as const };
  it('lists messages as of the cursor with the call that raised them', () => {
    const log = layoutDebugLog(ix, END, all);
    expect(log.rows.map((r) => [r.severity, r.id, r.api])).toEqual([
      ['ERROR', 'INVALID_SUBRESOURCE_STATE', 'ID3D12CommandQueue::ExecuteCommandLists'],
      ['WARNING', 'RESOURCE_BARRIER_ZERO_BARRIERS', 'ID3D12GraphicsCommandList::ResourceBarrier'],
    ]);
    expect(layoutDebugLog(ix, 10, all).rows).toHaveLength(0);
  });
  it('filters by severity and by ID', () => {
    expect(layoutDebugLog(ix, END, { ...all, severities: new Set(['WARNING']) }).rows.map((r) => r.id)).toEqual(['RESOURCE_BARRIER_ZERO_BARRIERS']);
    expect(layoutDebugLog(ix, END, { ...all, id: 'INVALID_SUBRESOURCE_STATE' }).rows).toHaveLength(1);
  });
  it('breaks on the first message at or after the cursor of at least the chosen severity', () => {
    const err = ix.messages[0].i;
    const warn = ix.messages[1].i;
    expect(findBreak(ix, 0, 'ERROR')).toBe(err);
    expect(findBreak(ix, err, 'ERROR')).toBe(err);
    expect(findBreak(ix, err + 1, 'ERROR')).toBeNull();
    expect(findBreak(ix, err + 1, 'WARNING')).toBe(warn);
  });
  it('renders text from a template with placeholders, falling back to the ID', () => {
    const msg = { id: 'INVALID_SUBRESOURCE_STATE' as const, args: { res: 6, actual: 'COPY_DEST', resource: 6, state: 'COPY_DEST' } };
    expect(messageText(msg, 'en', { INVALID_SUBRESOURCE_STATE: 'Resource {res} is in {actual}' })).toBe('Resource 6 is in COPY_DEST');
    expect(messageText(msg, 'en', {})).toContain('INVALID_SUBRESOURCE_STATE');
    expect(messageText(msg, 'en')).toMatch(/resource #6 .* COPY_DEST/);
  });
});

describe('descriptors', () => {
  it('shows the view in each slot, the free list, and dangling descriptors', () => {
    const [h] = layoutDescriptors(ix, END);
    expect(h).toMatchObject({ type: 'CBV_SRV_UAV', shaderVisible: true, numDescriptors: 4, freeList: [2, 3] });
    expect(h.slots.slice(0, 2).map((s) => [s.view, s.res, s.status])).toEqual([['ShaderResourceView', ids.texture, 'live'], ['UnorderedAccessView', ids.aliasB, 'live']]);
    const b = new TraceBuilder();
    b.call('ID3D12Device::CreateDescriptorHeap', 1, { Type: 'D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV', NumDescriptors: 2 });
    const heap = b.object('ID3D12DescriptorHeap');
    const r = b.committed('t', 1, 4096, 0);
    b.descriptor(heap, 0, 'ShaderResourceView', r);
    b.release(r);
    expect(layoutDescriptors(indexTrace(b.trace), b.i)[0].slots[0].status).toBe('dangling');
  });
});

describe('event list', () => {
  const rows = eventRows(ix);
  it('groups calls by command-list recording and BeginEvent/EndEvent markers', () => {
    const marker = rows.find((r) => r.kind === 'marker')!;
    expect(marker.label).toBe('upload texture');
    const inside = rows.filter((r) => r.kind === 'call' && r.i >= marker.i && r.i <= marker.end).map((r) => [r.api, r.depth]);
    expect(inside).toEqual([['ID3D12GraphicsCommandList::BeginEvent', 2], ['ID3D12GraphicsCommandList::CopyTextureRegion', 2], ['ID3D12GraphicsCommandList::EndEvent', 2]]);
    // four Reset..Close recordings and the last, unclosed one
    expect(rows.filter((r) => r.kind === 'list').length).toBe(5);
  });
  it('[Q-MARKER-1] groups a queue BeginEvent/EndEvent region around the list recordings and submissions inside it', () => {
    const b = new TraceBuilder();
    const queue = 2;
    const list = 3;
    b.call('ID3D12CommandQueue::BeginEvent', queue, { Data: 'frame 0' }, null);
    b.trace.push({ k: 'marker', i: b.i, list: queue, kind: 'begin', name: 'frame 0' });
    b.call('ID3D12GraphicsCommandList::Reset', list, null);
    b.marker(list, 'begin', 'draw');
    b.marker(list, 'end');
    b.call('ID3D12GraphicsCommandList::Close', list, null);
    b.call('ID3D12CommandQueue::ExecuteCommandLists', queue, null, null);
    b.call('ID3D12CommandQueue::EndEvent', queue, null, null);
    b.trace.push({ k: 'marker', i: b.i, list: queue, kind: 'end', name: '' });
    b.call('ID3D12CommandQueue::Signal', queue, null);
    const r = eventRows(indexTrace(b.trace));
    const frame = r.find((x) => x.kind === 'marker' && x.label === 'frame 0')!;
    expect(frame.depth).toBe(0);
    expect(r.filter((x) => x.kind === 'call' && x.i >= frame.i && x.i <= frame.end).map((x) => x.api)).toEqual([
      'ID3D12CommandQueue::BeginEvent', 'ID3D12GraphicsCommandList::Reset', 'ID3D12GraphicsCommandList::BeginEvent',
      'ID3D12GraphicsCommandList::EndEvent', 'ID3D12GraphicsCommandList::Close', 'ID3D12CommandQueue::ExecuteCommandLists', 'ID3D12CommandQueue::EndEvent',
    ]);
    expect(r.find((x) => x.kind === 'list')!.depth).toBe(1);
    expect(r.find((x) => x.kind === 'marker' && x.label === 'draw')!.depth).toBe(2);
    expect(r.find((x) => x.api === 'ID3D12CommandQueue::Signal')!.depth).toBe(0);
  });
  it('collapses a group and finds the row of a call', () => {
    const list = rows.find((r) => r.kind === 'list')!;
    const v = visibleRows(rows, new Set([list.key]));
    expect(v.length).toBe(rows.length - (rows.indexOf(rows.find((r) => r.kind === 'call' && r.i > list.end)!) - rows.indexOf(list) - 1));
    expect(rows[rowOfCall(rows, 9)].api).toBe('ID3D12GraphicsCommandList::CopyTextureRegion');
  });
});

describe('gaps', () => {
  it('tells alignment padding from free space', () => {
    expect(alignmentGaps([{ offset: 0, size: 1000 }, { offset: 65536, size: 65536 }], 262144)).toEqual([
      { lo: 1000, hi: 65536, kind: 'padding' }, { lo: 131072, hi: 262144, kind: 'free' },
    ]);
  });
});

describe('a 100,000-event trace', () => {
  it('lays out every panel with a bounded number of marks', () => {
    const big = indexTrace(syntheticTrace(100_000));
    const h = layoutHeapTimeline(big, big.maxCall, { width: 1200, mode: 'call', domain: null, selection: null });
    const s = layoutStateHistory(big, big.maxCall, { width: 1200, mode: 'call', domain: null, selection: null, expanded: new Set(), rowCount: 24 });
    const f = layoutFenceQueue(big, big.maxCall, { width: 1200, domain: null, selection: null });
    expect(h.chart.marks.length).toBeLessThan(3000);
    expect(s.chart.marks.length).toBeLessThan(3000);
    expect(f.chart.marks.length).toBeLessThan(3000);
    expect(s.totalLanes).toBeGreaterThan(1000);
  });
});

describe('split layouts (dense traces: laid out once, the cursor drawn by an overlay)', () => {
  const cursors = Array.from({ length: END + 1 }, (_, k) => k);
  const keyed = (marks: Mark[], keys: string[]) => marks.filter((m) => m.data && keys.some((k) => k in m.data!)).map((m) => m.data);
  it('leave the cursor line out of the chart and draw it in the overlay', () => {
    const h = layoutHeapTimeline(ix, END, { width: 900, mode: 'call', domain: null, selection: null, split: true });
    expect(data(h.chart.marks, 'cursor')).toHaveLength(0);
    expect(data(h.chart.marks, 'strip')).toHaveLength(0);
    expect(data(h.overlay(12), 'cursor').map((m) => m.data!.cursor)).toEqual([12]);
  });
  it('fence readouts and rings at any cursor equal the exact layout at that cursor', () => {
    const split = layoutFenceQueue(ix, END, { width: 900, domain: null, selection: null, split: true });
    expect(data(split.chart.marks, 'fence-completed')).toHaveLength(0);
    for (const c of cursors) {
      const exact = layoutFenceQueue(ix, c, { width: 900, domain: null, selection: null, withRows: true });
      const keys = ['fence-completed', 'slot-status', 'cursor'];
      expect(keyed(split.overlay(c), keys)).toEqual(keyed(exact.chart.marks, keys));
      expect(fenceRowsAt(ix, c)).toEqual(exact.fences);
      expect(timedOutWaitsAt(ix, c)).toBe(exact.waits.filter((w) => w.timedOut).length);
    }
  });
  it('heap occupancy at any cursor equals the exact layout at that cursor, table rows too', () => {
    const split = layoutHeapTimeline(ix, END, { width: 900, mode: 'call', domain: null, selection: null, split: true });
    for (const c of cursors) {
      const exact = layoutHeapTimeline(ix, c, { width: 900, mode: 'call', domain: null, selection: null, withRows: true });
      const keys = ['free', 'padding', 'strip', 'cursor'];
      // bands that exist at the cursor: same strips (their y differs, bands are stacked differently)
      const strip = (ms: Mark[]) => keyed(ms, keys);
      expect(strip(split.overlay(c))).toEqual(strip(exact.chart.marks));
      expect(heapRows(ix, c)).toEqual(exact.rows);
    }
  });
  it('lane states at any cursor equal the exact layout at that cursor', () => {
    const opts = { width: 900, mode: 'call' as const, domain: null, selection: null, expanded: new Set([ids.texture]) };
    const split = layoutStateHistory(ix, END, { ...opts, split: true });
    for (const c of cursors) {
      const exact = layoutStateHistory(ix, c, opts);
      for (const l of exact.lanes) expect(laneStateAt(ix, l, c)).toBe(l.state);
      for (const l of split.lanes) if (!exact.lanes.some((e) => e.res === l.res && e.sub === l.sub)) expect(laneStateAt(ix, l, c)).toBeNull();
    }
  });
});
