// Query heaps and bundles in the panels, from a real model run (traces.ts queriesTrace: two frames with timestamp,
// occlusion and pipeline-statistics queries resolved into a READBACK buffer, a bundle executed once per frame):
// the descriptors panel's query-heap slots (never performed / written / resolved) as of a call, the fences & queues
// panel's query marks on the queue lane at the GPU times the model ran them, with ticks → µs through
// GetTimestampFrequency, and the event list's bundle calls nested under each ExecuteBundle with the inherited state.

import { describe, expect, it } from 'vitest';
import {
  D3D12System,
  D3D12_COMMAND_LIST_TYPE_BUNDLE,
  D3D12_COMMAND_LIST_TYPE_DIRECT,
  D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST,
  indexTrace,
  type QueryTraceEvent,
} from '../../../core';
import { basics } from '../trace-programs/program';
import { queriesTrace, smallTrace } from '../traces';
import { queryHeapsAt, querySlotText } from './queries';
import { layoutFenceQueue } from './fenceQueue';
import { eventRows, rowOfCall } from './eventList';
import { titleOf, type Mark } from './shapes';

const { trace, ids, sys } = queriesTrace();
const ix = indexTrace(trace);
const END = ix.maxCall;
const marks = (m: Mark[], op: string) => m.filter((x) => x.data?.['query-op'] === op);

describe('query heaps in the descriptors panel', () => {
  it('the program is correct: the model raised nothing', () => {
    expect(sys.messages.map((m) => m.id)).toEqual([]);
  });
  it('lists each heap with its slots never performed, written or resolved, and the values Map read', () => {
    const heaps = queryHeapsAt(ix, END);
    expect(heaps.map((h) => [h.heap, h.type, h.count])).toEqual([
      [ids.timestamps, 'TIMESTAMP', 4],
      [ids.occlusion, 'OCCLUSION', 2],
      [ids.statistics, 'PIPELINE_STATISTICS', 1],
    ]);
    const [timer, visibility, stats] = heaps;
    expect(timer.hz).toBe(ids.hz);
    expect(timer.slots.map((s) => s.status)).toEqual(['resolved', 'resolved', 'written', 'written']);
    expect(timer.slots.slice(0, 2).map((s) => s.values![0])).toEqual(ids.resolved.timestamps);
    expect(timer.slots[1].resolved).toMatchObject({ dst: ids.readback, offset: 8 });
    expect(visibility.slots.map((s) => s.status)).toEqual(['resolved', 'never']);
    expect(visibility.slots[0].values).toEqual([ids.resolved.occlusion]);
    expect(stats.slots[0].values![2]).toBe(ids.resolved.vsInvocations); // VSInvocations: 6 vertices × 2 instances
    expect(querySlotText(ix, visibility, visibility.slots[1])).toContain('never performed');
    const text = querySlotText(ix, timer, timer.slots[1]);
    const us = ((Number(ids.resolved.timestamps[1]) / ids.hz) * 1e6).toFixed(3);
    expect(text).toContain(`${ids.resolved.timestamps[1]} ticks ÷ 12,000,000 Hz (GetTimestampFrequency) = ${us} µs`);
    expect(text).toContain('resolved into query readback');
    expect(querySlotText(ix, stats, stats.slots[0])).toContain('VSInvocations 12');
  });
  it('rewinds with the cursor: before the first frame ran on the GPU every slot is never performed', () => {
    const firstRun = ix.queries[0].i;
    const before = queryHeapsAt(ix, firstRun - 1);
    expect(before.flatMap((h) => h.slots.map((s) => s.status)).every((s) => s === 'never')).toBe(true);
    // after frame 1 ran: frame 2's timestamps are not written yet
    const frame1 = queryHeapsAt(ix, firstRun);
    expect(frame1[0].slots.map((s) => s.status)).toEqual(['resolved', 'resolved', 'never', 'never']);
  });
});

describe('query marks on the fences & queues panel', () => {
  const f = layoutFenceQueue(ix, END, { width: 1000, domain: null, selection: null, withRows: true });
  const events = ix.queries as QueryTraceEvent[];
  it('marks each timestamp on the queue lane at the GPU time it ran, inside its execution', () => {
    const stamps = marks(f.chart.marks, 'end');
    expect(stamps.map((m) => m.data!['query-index'])).toEqual([0, 1, 2, 3]);
    const bars = f.queues[0].intervals;
    expect(bars).toHaveLength(2);
    stamps.forEach((m, k) => {
      const e = events.filter((x) => x.op === 'end' && x.heap === ids.timestamps)[k];
      const bar = bars[k < 2 ? 0 : 1];
      expect(e.t).toBeGreaterThan(bar.start);
      expect(e.t).toBeLessThanOrEqual(bar.end);
      expect(m.t === 'symbol' && m.x).toBeCloseTo(f.axis.ofTime(e.t), 6);
    });
    // ticks → µs through GetTimestampFrequency, and the time since the previous timestamp of the heap
    const m1 = stamps[1];
    const ticks = ids.resolved.timestamps[1];
    expect(m1.data!['query-ticks']).toBe(String(ticks));
    expect(m1.data!['query-us']).toBe(((Number(ticks) / ids.hz) * 1e6).toFixed(3));
    const delta = ((Number(ticks - ids.resolved.timestamps[0]) / ids.hz) * 1e6).toFixed(3);
    expect(titleOf(m1)).toContain(`${delta} µs after [0]`);
  });
  it('draws BeginQuery–EndQuery spans with their counts and the resolves', () => {
    const spans = marks(f.chart.marks, 'span');
    expect(spans.map((m) => [m.data!['query-type'], m.data!['query-value']])).toEqual([
      ['OCCLUSION', String(ids.resolved.occlusion)],
      ['PIPELINE_STATISTICS', '12'],
    ]);
    const occ = events.filter((e) => e.heap === ids.occlusion);
    const span = spans[0];
    expect(span.t === 'rect' && span.x).toBeCloseTo(f.axis.ofTime(occ[0].t), 6);
    expect(span.t === 'rect' && span.x + span.w).toBeCloseTo(f.axis.ofTime(occ[1].t), 6);
    expect(titleOf(spans[1])).toContain('VSInvocations 12');
    expect(marks(f.chart.marks, 'resolve').map((m) => m.data!['query-heap'])).toEqual([
      ids.timestamps,
      ids.occlusion,
      ids.statistics,
    ]);
  });
  it('shows only what ran by the cursor', () => {
    const at = events.find((e) => e.heap === ids.timestamps && e.index === 2)!.i - 1;
    const g = layoutFenceQueue(ix, at, { width: 1000, domain: null, selection: null });
    expect(marks(g.chart.marks, 'end')).toHaveLength(2);
  });
  it('adds nothing to a trace without queries (existing lessons draw the same)', () => {
    const small = indexTrace(smallTrace().trace);
    const s = layoutFenceQueue(small, small.maxCall, { width: 1000, domain: null, selection: null });
    expect(s.chart.marks.filter((m) => m.data && 'query-op' in m.data)).toHaveLength(0);
    expect([...eventRows(small)].filter((r) => r.kind === 'bundle' || r.origin !== undefined)).toHaveLength(0);
  });
});

describe('bundles in the event list', () => {
  const list = eventRows(ix);
  const rows = [...list];
  const execs = rows.filter((r) => r.kind === 'call' && r.api?.endsWith('::ExecuteBundle') && r.origin === undefined);
  const bundleCalls = ix.calls.filter(
    (c) => c && c.self === ids.bundle && c.api.startsWith('ID3D12GraphicsCommandList::') && !c.api.endsWith('::Close'),
  );
  it('nests the bundle calls under each ExecuteBundle, each stepping to the call where the bundle recorded it', () => {
    expect(execs).toHaveLength(2);
    for (const exec of execs) {
      const k = rows.indexOf(exec);
      const group = rows[k + 1];
      expect(group).toMatchObject({ kind: 'bundle', self: ids.bundle, depth: exec.depth + 1, i: exec.i });
      const nested = rows.slice(k + 2, k + 2 + bundleCalls.length);
      expect(nested.map((r) => [r.api, r.origin, r.depth])).toEqual(
        bundleCalls.map((c) => [c.api, c.i, exec.depth + 2]),
      );
      expect(nested[2].args).toContain('VertexCountPerInstance: 3');
    }
    expect(bundleCalls.map((c) => c.api.split('::')[1])).toEqual([
      'SetPipelineState',
      'IASetPrimitiveTopology',
      'DrawInstanced',
    ]);
  });
  it('notes the inherited state: all the parent set but the PSO and topology, which the bundle sets itself', () => {
    const group = rows[rows.indexOf(execs[0]) + 1];
    expect(group.inherits).toEqual([
      'OMSetRenderTargets',
      'RSSetViewports',
      'RSSetScissorRects',
      'SetGraphicsRootSignature',
    ]);
    expect(group.sets).toEqual(['SetPipelineState', 'IASetPrimitiveTopology']);
    expect(group.note).toContain('never inherited');
  });
  it('keeps rows in call order, so the window still follows the cursor', () => {
    for (let k = 1; k < rows.length; k++) expect(rows[k].i).toBeGreaterThanOrEqual(rows[k - 1].i);
    expect(list.at(rowOfCall(list, execs[1].i + 1)).i).toBeGreaterThan(execs[1].i);
  });
});

describe('a bundle executed while still open', () => {
  it('says the call was dropped', () => {
    const sys = new D3D12System();
    const { device, allocator } = basics(sys);
    const list = device.CreateCommandList({ type: D3D12_COMMAND_LIST_TYPE_DIRECT, CommandAllocator: allocator }).out!;
    const bAlloc = device.CreateCommandAllocator({ type: D3D12_COMMAND_LIST_TYPE_BUNDLE }).out!;
    const bundle = device.CreateCommandList({ type: D3D12_COMMAND_LIST_TYPE_BUNDLE, CommandAllocator: bAlloc }).out!;
    bundle.IASetPrimitiveTopology({ PrimitiveTopology: D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST });
    list.ExecuteBundle({ CommandList: bundle });
    const rows = [...eventRows(indexTrace(sys.trace))];
    const group = rows.find((r) => r.kind === 'bundle')!;
    expect(group.label).toContain('EXECUTE_BUNDLE_OPEN_BUNDLE');
    expect(rows.filter((r) => r.origin !== undefined).map((r) => r.api)).toEqual([
      'ID3D12GraphicsCommandList::IASetPrimitiveTopology',
    ]);
  });
});
