// The heap timeline's view of reserved resources: a reserved resource has no bytes of its own, its memory is the heap
// tiles UpdateTileMappings mapped it to ([TILE-1], the trace's `tile` events). Each run of heap tiles a resource held
// over a span of calls becomes one bar in that heap's band, patterned 'grid' (tiles), so a tile pool filling and
// emptying as a camera moves shows where a reserved resource lives.
import { objectLabel, type TraceIndex } from '../../../core';
import type { Mark } from './shapes';
import { resourceColor } from './palette';
import { fmtKiB, fmtOffset } from './format';
import { clipX, type TimeAxis } from './timeAxis';

const TILE = 65536;

export interface TileSpan {
  res: number;
  heap: number;
  heapTile: number;
  count: number;
  from: number;
  /** call at which the mapping was replaced (null: still mapped) */
  to: number | null;
}

const cache = new WeakMap<TraceIndex, { consumed: number; byHeap: Map<number, TileSpan[]> }>();

/** Every mapping of a reserved resource's tile to a heap tile, merged into runs of consecutive heap tiles, by heap. */
export function tileSpans(ix: TraceIndex): Map<number, TileSpan[]> {
  const hit = cache.get(ix);
  if (hit && hit.consumed === ix.consumed) return hit.byHeap;
  const open = new Map<string, TileSpan>(); // `${res}:${tile}` → its current mapping
  const spans: TileSpan[] = [];
  for (const e of ix.trace.events) {
    if (e.k !== 'tile') continue;
    for (let k = 0; k < e.count; k++) {
      const key = `${e.res}:${e.firstTile + k}`;
      const prev = open.get(key);
      if (prev) prev.to = e.i;
      open.delete(key);
      if (!e.heap) continue;
      const s: TileSpan = { res: e.res, heap: e.heap, heapTile: e.heapTile + k, count: 1, from: e.i, to: null };
      open.set(key, s);
      spans.push(s);
    }
  }
  const byHeap = new Map<number, TileSpan[]>();
  for (const s of spans.sort(
    (a, b) => a.heap - b.heap || a.res - b.res || a.from - b.from || a.heapTile - b.heapTile,
  )) {
    const list = byHeap.get(s.heap) ?? [];
    const last = list[list.length - 1];
    if (
      last &&
      last.res === s.res &&
      last.from === s.from &&
      last.to === s.to &&
      last.heapTile + last.count === s.heapTile
    )
      last.count++;
    else list.push({ ...s });
    byHeap.set(s.heap, list);
  }
  cache.set(ix, { consumed: ix.consumed, byHeap });
  return byHeap;
}

/** The bars of the tiles mapped into `heap` as of the cursor. */
export function tileMarks(
  ix: TraceIndex,
  heap: number,
  cursor: number,
  axis: TimeAxis,
  ys: (v: number) => number,
): Mark[] {
  const out: Mark[] = [];
  for (const s of tileSpans(ix).get(heap) ?? []) {
    if (s.from > cursor) continue;
    const end = s.to !== null && s.to <= cursor ? s.to : cursor;
    const xs = clipX(axis, axis.ofCall(s.from), axis.ofCall(end));
    if (!xs) continue;
    const y0 = ys(s.heapTile * TILE);
    out.push({
      t: 'rect',
      x: xs[0],
      y: y0,
      w: Math.max(1, xs[1] - xs[0]),
      h: Math.max(1, ys((s.heapTile + s.count) * TILE) - y0),
      fill: resourceColor(s.res),
      pattern: 'grid',
      opacity: 0.7,
      data: {
        tiles: s.res,
        'heap-tile': s.heapTile,
        count: s.count,
        placement: 'reserved',
        alive: end === cursor ? 1 : 0,
      },
      sel: { kind: 'resource', id: s.res },
      title: () =>
        `${objectLabel(ix, s.res)}: ${s.count} tile(s) mapped at ${fmtOffset(s.heapTile * TILE)} (${fmtKiB(s.count * TILE)}), calls ${s.from}–${s.to ?? '…'}`,
    });
  }
  return out;
}
