// Queries on the fences & queues panel's queue lanes, at the modelled GPU time each ran (SPEC [Q-TRACE-1]): a
// timestamp is a tick at its time with its value in ticks and µs on hover (and the time since the heap's previous
// timestamp: what a profiler subtracts), an occlusion or pipeline-statistics query a bracket from its BeginQuery
// to its EndQuery with the counts, a ResolveQueryData a small square naming the buffer it wrote. Marks carry
// the query heap slot as a descriptor-style selection, so clicking one highlights the slot in the descriptors panel.

import type { Mark, Selection } from './shapes';
import { descriptorSelId, sameSel } from './shapes';
import { fmtMs } from './format';
import { clipX, type TimeAxis } from './timeAxis';
import { objectLabel, D3D12_QUERY_TYPE_TIMESTAMP, type TraceIndex } from '../../../core';
import { queryEventsOnQueue, queryTypeName, queryValueText, ticksToUs, fmtUs } from './queries';

export const QUERY_COLOR = '#0b7285';

/** The query marks of one queue lane whose top is `y` and height `lane` (the lane's GPU bars are drawn first). */
export function queryMarks(
  ix: TraceIndex,
  queue: number,
  cursor: number,
  axis: TimeAxis,
  y: number,
  lane: number,
  selection: Selection | null,
): Mark[] {
  if (ix.queries.length === 0) return [];
  const marks: Mark[] = [];
  const lastStamp = new Map<number, { ticks: bigint; index: number }>();
  for (const { end: e, begin } of queryEventsOnQueue(ix, queue, cursor)) {
    const heap = objectLabel(ix, e.heap);
    const x = axis.ofTime(e.t);
    const sel: Selection = { kind: 'descriptor', id: descriptorSelId(e.heap, e.index) };
    const hl = sameSel(selection, sel);
    const where = `on ${objectLabel(ix, e.list)}, ran at ${fmtMs(e.t)} (GPU time)`;
    if (e.op === 'resolve') {
      if (!clipX(axis, x, x)) continue;
      marks.push({
        t: 'symbol',
        x,
        y: y + lane - 5,
        shape: 'square',
        size: 6,
        fill: QUERY_COLOR,
        title: () =>
          `ResolveQueryData ${heap} [${e.index}${e.count > 1 ? `–${e.index + e.count - 1}` : ''}] ${queryTypeName(e.type)} → ${objectLabel(ix, e.dst)} at +0x${e.offset.toString(16).toUpperCase()}: ${e.values?.join(', ') ?? ''} (${where})`,
        sel,
        data: { 'query-op': 'resolve', 'query-heap': e.heap, 'query-index': e.index, 'query-count': e.count },
      });
      continue;
    }
    if (e.type === D3D12_QUERY_TYPE_TIMESTAMP) {
      if (!clipX(axis, x, x)) continue;
      const ticks = e.values?.[0] ?? 0n;
      const prev = lastStamp.get(e.heap);
      lastStamp.set(e.heap, { ticks, index: e.index });
      const since =
        prev && ticks >= prev.ticks ? `; ${fmtUs(ticksToUs(ticks - prev.ticks, e.hz))} after [${prev.index}]` : '';
      const us = ticksToUs(ticks, e.hz);
      marks.push({
        t: 'symbol',
        x,
        y: y + 4,
        shape: 'triangle',
        size: hl ? 10 : 8,
        fill: QUERY_COLOR,
        stroke: hl ? '#ffb000' : undefined,
        title: () =>
          `Timestamp ${heap} [${e.index}] = ${queryValueText(e.type, e.values, e.hz)}${since} (EndQuery ${where})`,
        sel,
        data: {
          'query-op': 'end',
          'query-type': 'TIMESTAMP',
          'query-heap': e.heap,
          'query-index': e.index,
          'query-ticks': String(ticks),
          'query-us': us.toFixed(3),
        },
      });
      continue;
    }
    // a Begin/End query: a bracket under the lane's bars from BeginQuery to EndQuery
    const x0 = begin ? axis.ofTime(begin.t) : x;
    const xs = clipX(axis, Math.min(x0, x), x);
    if (!xs) continue;
    const what = queryTypeName(e.type);
    marks.push({
      t: 'rect',
      x: xs[0],
      y: y + lane - 7,
      w: Math.max(2, xs[1] - xs[0]),
      h: 5,
      fill: QUERY_COLOR,
      pattern: 'horiz',
      stroke: hl ? '#ffb000' : undefined,
      title: () =>
        `${what} query ${heap} [${e.index}]: ${queryValueText(e.type, e.values, e.hz)} (BeginQuery at ${begin ? fmtMs(begin.t) : '?'} … EndQuery ${where})`,
      sel,
      data: {
        'query-op': 'span',
        'query-type': what,
        'query-heap': e.heap,
        'query-index': e.index,
        'query-value': String(e.values?.[0] ?? ''),
      },
    });
  }
  return marks;
}

/** Rows of the fences table view: one per query mark (the text alternative of the marks). */
export function queryTableRows(ix: TraceIndex, queue: number, cursor: number) {
  return queryEventsOnQueue(ix, queue, cursor).map(({ end: e, begin }) => ({
    key: `${e.op}:${e.heap}:${e.index}:${e.t}`,
    what:
      e.op === 'resolve'
        ? `ResolveQueryData ${objectLabel(ix, e.heap)} [${e.index}…${e.index + e.count - 1}] → ${objectLabel(ix, e.dst)}`
        : `${queryTypeName(e.type)} ${objectLabel(ix, e.heap)} [${e.index}] = ${queryValueText(e.type, e.values, e.hz)}`,
    start: begin ? begin.t : e.t,
    end: e.t,
  }));
}
