// The panel layouts as data, over a lesson-sized trace the model produced (traces.ts: an upload, a forgotten
// barrier, the fix in two steps, two aliasing transients, fences with a timed-out wait).

import { describe, expect, it } from 'vitest';
import { smallTrace, frameLoopTrace } from '../traces';
import {
  D3D12System,
  D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
  D3D12_HEAP_TYPE_DEFAULT,
  D3D12_HEAP_TYPE_UPLOAD,
  D3D12_RESOURCE_DIMENSION_BUFFER,
  D3D12_RESOURCE_DIMENSION_TEXTURE2D,
  D3D12_RESOURCE_STATE_COPY_DEST,
  D3D12_RESOURCE_STATE_GENERIC_READ,
  D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE,
  D3D12_TEXTURE_LAYOUT_ROW_MAJOR,
  D3D_FEATURE_LEVEL_11_0,
  DXGI_FORMAT_R8G8B8A8_UNORM,
  D3D12_COMMAND_LIST_TYPE_DIRECT,
  indexTrace,
} from '../../../core';
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
const KiB = 1024;
const PSR = D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE;
const buffer = (Width: number) => ({
  Dimension: D3D12_RESOURCE_DIMENSION_BUFFER,
  Width,
  Height: 1,
  DepthOrArraySize: 1,
  MipLevels: 1,
  SampleDesc: { Count: 1, Quality: 0 },
  Layout: D3D12_TEXTURE_LAYOUT_ROW_MAJOR,
});

/** A device on a fresh system (debug layer on): what the small programs below start from. */
function device() {
  const sys = new D3D12System();
  sys.debugLayerEnabled = true;
  return { sys, dev: sys.D3D12CreateDevice({ MinimumFeatureLevel: D3D_FEATURE_LEVEL_11_0 }).out! };
}

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
    expect(ix.resources.get(ids.texture)).toMatchObject({
      heap: -1,
      heapType: D3D12_HEAP_TYPE_DEFAULT,
      size: 64 * KiB,
      placement: 'committed',
      subCount: 2,
      freed: null,
    });
    expect(ix.heaps.get(ids.heap)).toMatchObject({ size: 192 * KiB });
    expect(ix.resources.get(ids.aliasA)).toMatchObject({
      heap: ids.heap,
      offset: 0,
      size: 64 * KiB,
      placement: 'placed',
    });
    expect(ix.resources.get(ids.aliasB)).toMatchObject({
      heap: ids.heap,
      offset: 0,
      size: 128 * KiB,
      placement: 'placed',
    });
    expect(ix.resources.get(ids.aliasA)!.freed).toBe(END);
    // Map then Unmap: one mapped interval, from the Map call to the Unmap call
    const map = ix.calls.find((c) => c?.api === 'ID3D12Resource::Map')!.i;
    expect(ix.resources.get(ids.upload)!.mapped).toEqual([{ sub: 0, from: map, to: map + 1 }]);
    expect(ix.aliasing).toEqual([expect.objectContaining({ before: ids.aliasA, after: ids.aliasB })]);
  });
  it('is extended, not rebuilt, when the trace grows', () => {
    const { sys, dev } = device();
    const upload = () =>
      dev.CreateCommittedResource({
        HeapProperties: { Type: D3D12_HEAP_TYPE_UPLOAD },
        Desc: buffer(4096),
        InitialResourceState: D3D12_RESOURCE_STATE_GENERIC_READ,
      });
    upload();
    const first = indexTrace(sys.trace);
    expect(first.resources.size).toBe(1);
    upload();
    const again = indexTrace(sys.trace);
    expect(again).toBe(first);
    expect(again.resources.size).toBe(2);
  });
});

describe('heap timeline', () => {
  const h = layoutHeapTimeline(ix, END, { width: 900, mode: 'call', domain: null, selection: null, withRows: true });
  it('draws one band per explicit heap and per committed heap type', () => {
    expect(h.bands.map((b) => b.key)).toEqual([
      `heap:${ids.heap}`,
      `committed:${D3D12_HEAP_TYPE_DEFAULT}`,
      `committed:${D3D12_HEAP_TYPE_UPLOAD}`,
    ]);
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
    // A (64 KiB) is released at the last call; B (128 KiB) remains: 64 KiB free at the end of the 192 KiB heap
    expect(data(h.chart.marks, 'free').map((m) => m.data!.free)).toEqual([64 * KiB]);
  });
  it('rewinds: before the heap exists it is not drawn', () => {
    const early = layoutHeapTimeline(ix, ix.heaps.get(ids.heap)!.created - 1, {
      width: 900,
      mode: 'call',
      domain: null,
      selection: null,
    });
    expect(early.bands.map((b) => b.key)).toEqual([
      `committed:${D3D12_HEAP_TYPE_DEFAULT}`,
      `committed:${D3D12_HEAP_TYPE_UPLOAD}`,
    ]);
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
    const at = trace.events.find((e) => e.k === 'fence' && e.kind === 'signal-queued' && e.value === 2n)!.i;
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
    expect(layoutDebugLog(ix, ix.messages[0].i - 1, all).rows).toHaveLength(0);
  });
  it('filters by severity and by ID', () => {
    expect(layoutDebugLog(ix, END, { ...all, severities: new Set(['WARNING']) }).rows.map((r) => r.id)).toEqual([
      'RESOURCE_BARRIER_ZERO_BARRIERS',
    ]);
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
    const msg = {
      id: 'INVALID_SUBRESOURCE_STATE' as const,
      args: { res: 6, actual: 'COPY_DEST', resource: 6, state: 'COPY_DEST' },
    };
    expect(messageText(msg, 'en', { INVALID_SUBRESOURCE_STATE: 'Resource {res} is in {actual}' })).toBe(
      'Resource 6 is in COPY_DEST',
    );
    expect(messageText(msg, 'en', {})).toContain('INVALID_SUBRESOURCE_STATE');
    expect(messageText(msg, 'en')).toMatch(/resource #6 .* COPY_DEST/);
  });
});

describe('descriptors', () => {
  it('shows the view in each slot, the free list, and dangling descriptors', () => {
    const [h] = layoutDescriptors(ix, END);
    expect(h).toMatchObject({
      heap: ids.srvHeap,
      type: 'CBV_SRV_UAV',
      shaderVisible: true,
      numDescriptors: 4,
      freeList: [2, 3],
    });
    expect(h.slots.slice(0, 2).map((s) => [s.view, s.res, s.status])).toEqual([
      ['SRV', ids.texture, 'live'],
      ['UAV', ids.aliasB, 'live'],
    ]);
    // an SRV whose texture is released: the slot still points at freed memory
    const { sys, dev } = device();
    const heap = dev.CreateDescriptorHeap({ Type: D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, NumDescriptors: 2 }).out!;
    const tex = dev.CreateCommittedResource({
      HeapProperties: { Type: D3D12_HEAP_TYPE_DEFAULT },
      Desc: {
        Dimension: D3D12_RESOURCE_DIMENSION_TEXTURE2D,
        Width: 16,
        Height: 16,
        DepthOrArraySize: 1,
        MipLevels: 1,
        Format: DXGI_FORMAT_R8G8B8A8_UNORM,
        SampleDesc: { Count: 1, Quality: 0 },
      },
      InitialResourceState: PSR,
    }).out!;
    dev.CreateShaderResourceView({ Resource: tex, DestDescriptor: heap.GetCPUDescriptorHandleForHeapStart() });
    const ix2 = indexTrace(sys.trace);
    expect(layoutDescriptors(ix2, sys.callIndex)[0].slots[0].status).toBe('live');
    tex.Release();
    expect(sys.messages).toEqual([]);
    expect(layoutDescriptors(indexTrace(sys.trace), sys.callIndex)[0].slots[0].status).toBe('dangling');
  });
});

describe('event list', () => {
  const rows = eventRows(ix);
  it('groups calls by command-list recording and BeginEvent/EndEvent markers', () => {
    const marker = rows.find((r) => r.kind === 'marker')!;
    expect(marker.label).toBe('upload texture');
    const inside = rows
      .filter((r) => r.kind === 'call' && r.i >= marker.i && r.i <= marker.end)
      .map((r) => [r.api, r.depth]);
    expect(inside).toEqual([
      ['ID3D12GraphicsCommandList::BeginEvent', 2],
      ['ID3D12GraphicsCommandList::CopyTextureRegion', 2],
      ['ID3D12GraphicsCommandList::CopyTextureRegion', 2],
      ['ID3D12GraphicsCommandList::EndEvent', 2],
    ]);
    // four Reset..Close recordings and the last, unclosed one
    expect(rows.filter((r) => r.kind === 'list').length).toBe(5);
  });
  it('[Q-MARKER-1] groups a queue BeginEvent/EndEvent region around the list recordings and submissions inside it', () => {
    // a real program on the model: a queue event around one recording and its submission
    const sys = new D3D12System();
    const device = sys.D3D12CreateDevice({ MinimumFeatureLevel: D3D_FEATURE_LEVEL_11_0 }).out!;
    const queue = device.CreateCommandQueue({ Type: D3D12_COMMAND_LIST_TYPE_DIRECT }).out!;
    const alloc = device.CreateCommandAllocator({ type: D3D12_COMMAND_LIST_TYPE_DIRECT }).out!;
    const list = device.CreateCommandList({ type: D3D12_COMMAND_LIST_TYPE_DIRECT, CommandAllocator: alloc }).out!;
    list.Close();
    const fence = device.CreateFence({ InitialValue: 0 }).out!;
    queue.BeginEvent({ Data: 'frame 0' });
    list.Reset({ Allocator: alloc });
    list.BeginEvent({ Data: 'draw' });
    list.EndEvent();
    list.Close();
    queue.ExecuteCommandLists({ CommandLists: [list] });
    queue.EndEvent();
    queue.Signal({ Fence: fence, Value: 1 });
    const b = { trace: sys.trace };
    const r = eventRows(indexTrace(b.trace));
    const frame = r.find((x) => x.kind === 'marker' && x.label === 'frame 0')!;
    expect(frame.depth).toBe(0);
    expect(r.filter((x) => x.kind === 'call' && x.i >= frame.i && x.i <= frame.end).map((x) => x.api)).toEqual([
      'ID3D12CommandQueue::BeginEvent',
      'ID3D12GraphicsCommandList::Reset',
      'ID3D12GraphicsCommandList::BeginEvent',
      'ID3D12GraphicsCommandList::EndEvent',
      'ID3D12GraphicsCommandList::Close',
      'ID3D12CommandQueue::ExecuteCommandLists',
      'ID3D12CommandQueue::EndEvent',
    ]);
    expect(r.find((x) => x.kind === 'list' && x.i >= frame.i)!.depth).toBe(1);
    expect(r.find((x) => x.kind === 'marker' && x.label === 'draw')!.depth).toBe(2);
    expect(r.find((x) => x.api === 'ID3D12CommandQueue::Signal')!.depth).toBe(0);
  });
  it('collapses a group and finds the row of a call', () => {
    const list = rows.find((r) => r.kind === 'list')!;
    const v = visibleRows(rows, new Set([list.key]));
    expect(v.length).toBe(
      rows.length - (rows.indexOf(rows.find((r) => r.kind === 'call' && r.i > list.end)!) - rows.indexOf(list) - 1),
    );
    const copy = ix.calls.find((c) => c?.api === 'ID3D12GraphicsCommandList::CopyTextureRegion')!.i;
    expect(rows[rowOfCall(rows, copy)].api).toBe('ID3D12GraphicsCommandList::CopyTextureRegion');
  });
});

describe('gaps', () => {
  it('tells alignment padding from free space', () => {
    expect(
      alignmentGaps(
        [
          { offset: 0, size: 1000 },
          { offset: 65536, size: 65536 },
        ],
        262144,
      ),
    ).toEqual([
      { lo: 1000, hi: 65536, kind: 'padding' },
      { lo: 131072, hi: 262144, kind: 'free' },
    ]);
  });
});

describe('a 100,000-event trace', () => {
  // building it runs ~700 frames of a D3D12 program on the model: seconds on a loaded machine
  it('lays out every panel with a bounded number of marks', { timeout: 60_000 }, () => {
    const big = indexTrace(frameLoopTrace(100_000));
    const h = layoutHeapTimeline(big, big.maxCall, { width: 1200, mode: 'call', domain: null, selection: null });
    const s = layoutStateHistory(big, big.maxCall, {
      width: 1200,
      mode: 'call',
      domain: null,
      selection: null,
      expanded: new Set(),
      rowCount: 24,
    });
    const f = layoutFenceQueue(big, big.maxCall, { width: 1200, domain: null, selection: null });
    expect(h.chart.marks.length).toBeLessThan(3000);
    expect(s.chart.marks.length).toBeLessThan(3000);
    expect(f.chart.marks.length).toBeLessThan(3000);
    expect(s.totalLanes).toBeGreaterThan(1000);
  });
});

describe('split layouts (dense traces: laid out once, the cursor drawn by an overlay)', () => {
  const cursors = Array.from({ length: END + 1 }, (_, k) => k);
  const keyed = (marks: Mark[], keys: string[]) =>
    marks.filter((m) => m.data && keys.some((k) => k in m.data!)).map((m) => m.data);
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
      const exact = layoutHeapTimeline(ix, c, {
        width: 900,
        mode: 'call',
        domain: null,
        selection: null,
        withRows: true,
      });
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
      for (const l of split.lanes)
        if (!exact.lanes.some((e) => e.res === l.res && e.sub === l.sub)) expect(laneStateAt(ix, l, c)).toBeNull();
    }
  });
});
