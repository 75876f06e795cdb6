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

interface Scan {
  /** tile events of the index read so far (the trace only grows: each call reads only what is new) */
  scanned: number;
  open: Map<string, TileSpan>;
  spans: TileSpan[];
  byHeap: Map<number, TileSpan[]> | null;
}
const cache = new WeakMap<TraceIndex, Scan>();

/** Every mapping of a reserved resource's tile to a heap tile, merged into runs of consecutive heap tiles, by heap. */
export function tileSpans(ix: TraceIndex): Map<number, TileSpan[]> {
  let scan = cache.get(ix);
  if (!scan) cache.set(ix, (scan = { scanned: 0, open: new Map(), spans: [], byHeap: null }));
  // the index's tile events, not the whole trace (a million events, most of them never tiles)
  const events = ix.tiles;
  for (; scan.scanned < events.length; scan.scanned++) {
    const e = events[scan.scanned];
    scan.byHeap = null;
    for (let k = 0; k < e.count; k++) {
      const key = `${e.res}:${e.firstTile + k}`;
      const prev = scan.open.get(key);
      if (prev) prev.to = e.i;
      scan.open.delete(key);
      if (!e.heap) continue;
      const t: TileSpan = { res: e.res, heap: e.heap, heapTile: e.heapTile + k, count: 1, from: e.i, to: null };
      scan.open.set(key, t);
      scan.spans.push(t);
    }
  }
  if (scan.byHeap) return scan.byHeap;
  const byHeap = new Map<number, TileSpan[]>();
  const sorted = [...scan.spans].sort(
    (a, b) => a.heap - b.heap || a.res - b.res || a.from - b.from || a.heapTile - b.heapTile,
  );
  for (const t of sorted) {
    const list = byHeap.get(t.heap) ?? [];
    const last = list[list.length - 1];
    if (
      last &&
      last.res === t.res &&
      last.from === t.from &&
      last.to === t.to &&
      last.heapTile + last.count === t.heapTile
    )
      last.count++;
    else list.push({ ...t });
    byHeap.set(t.heap, list);
  }
  scan.byHeap = byHeap;
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
