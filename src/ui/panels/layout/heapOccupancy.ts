// Heap timeline, the occupancy strip: at the right edge of each heap band, the heap as of the cursor (live
// allocations, free bytes, alignment padding). Split out of heapTimeline.ts because both the layout and its
// cursor overlay draw it.

import type { Mark } from './shapes';
import { COLORS, resourceColor } from './palette';
import { fmtKiB, fmtOffset } from './format';
import type { TimeAxis } from './timeAxis';
import { objectLabel, upperBound, type ResourceInfo, type TraceIndex } from '../../../core';
import { alignmentGaps } from './heapPacking';
import type { HeapBand } from './heapBands';

const STRIP = 40;

/** The heap at the cursor: live allocations, and the free bytes and alignment padding between them. */
export function occupancyStrip(
  ix: TraceIndex,
  res: ResourceInfo[],
  cursor: number,
  axis: TimeAxis,
  ys: (v: number) => number,
  band: HeapBand,
  explicit: boolean,
): Mark[] {
  const x = axis.scale.range()[1] + 8;
  const marks: Mark[] = [
    {
      t: 'rect',
      x,
      y: band.y,
      w: STRIP,
      h: band.h,
      fill: COLORS.free,
      pattern: 'dots',
      opacity: 0.6,
      title: `${band.label} at the cursor`,
      data: { strip: band.key },
    },
  ];
  if (!explicit) return marks;
  const live = liveAt(ix, res, cursor);
  for (const r of live) {
    marks.push({
      t: 'rect',
      x,
      y: ys(r.offset),
      w: STRIP,
      h: Math.max(1, ys(r.offset + r.size) - ys(r.offset)),
      fill: resourceColor(r.id),
      opacity: 0.8,
      sel: { kind: 'resource', id: r.id },
      title: `${objectLabel(ix, r.id)} at ${fmtOffset(r.offset)}`,
    });
  }
  for (const g of alignmentGaps(live, band.size)) {
    marks.push({
      t: 'rect',
      x,
      y: ys(g.lo),
      w: STRIP,
      h: Math.max(1, ys(g.hi) - ys(g.lo)),
      fill: g.kind === 'padding' ? COLORS.padding : COLORS.free,
      pattern: g.kind === 'padding' ? 'horiz' : 'dots',
      data: { [g.kind]: g.hi - g.lo, at: g.lo },
      title: `${g.kind === 'padding' ? 'alignment padding' : 'free'}: ${fmtOffset(g.lo)} .. ${fmtOffset(g.hi)} (${fmtKiB(g.hi - g.lo)})`,
    });
  }
  return marks;
}

/**
 * What finds a heap band's live resources at a cursor without reading them all (a 1M-event trace has thousands of
 * transients in one heap, and the strip is redrawn at every cursor move): the resources by creation call, the
 * longest lifetime among the short-lived ones, and the rest (never freed, or living longer) checked one by one.
 */
interface LiveIndex {
  at: number;
  /** indices into the band's list, by creation call */
  order: number[];
  /** created of each, in that order */
  created: number[];
  /** the short-lived ones live at most this many calls */
  span: number;
  /** short-lived: freed within `span` calls of creation; others are in `long` */
  short: boolean[];
  long: number[];
}

const liveCache = new WeakMap<readonly ResourceInfo[], LiveIndex>();

function liveIndex(ix: TraceIndex, res: readonly ResourceInfo[]): LiveIndex {
  const c = liveCache.get(res);
  if (c && c.at === ix.consumed) return c;
  const n = res.length;
  // (plain loops and typed arrays: a band of a 1M-event trace holds ~20,000 resources, read at first render)
  const order: number[] = new Array(n);
  let sorted = true;
  for (let k = 0; k < n; k++) {
    order[k] = k;
    if (k > 0 && res[k].created < res[k - 1].created) sorted = false;
  }
  // the index lists resources in creation order: sorting is then a no-op, skipped
  if (!sorted) order.sort((a, b) => res[a].created - res[b].created || a - b);
  // the 99th percentile of the finite lifetimes: longer ones are few, and are checked on their own
  let finite = 0;
  for (let k = 0; k < n; k++) if (res[k].freed !== null) finite++;
  const spans = new Float64Array(finite);
  for (let k = 0, j = 0; k < n; k++) if (res[k].freed !== null) spans[j++] = res[k].freed! - res[k].created;
  spans.sort();
  const span = spans.length ? spans[Math.floor((spans.length - 1) * 0.99)] : 0;
  const short: boolean[] = new Array(n);
  const long: number[] = [];
  const created: number[] = new Array(n);
  for (let k = 0; k < n; k++) {
    const r = res[k];
    short[k] = r.freed !== null && r.freed - r.created <= span;
    if (!short[k]) long.push(k);
    created[k] = res[order[k]].created;
  }
  const idx: LiveIndex = { at: ix.consumed, order, created, span, short, long };
  liveCache.set(res, idx);
  return idx;
}

/** The resources of `res` live at the cursor, in their order in `res` (as `res.filter` would give them). */
export function liveAt(ix: TraceIndex, res: readonly ResourceInfo[], cursor: number): ResourceInfo[] {
  const { order, created, span, short, long } = liveIndex(ix, res);
  const isLive = (r: ResourceInfo) => r.created <= cursor && (r.freed === null || r.freed > cursor);
  // the last resource created at or before the cursor, then back while a short-lived one could still be live
  const lo = upperBound(created, cursor, (c) => c);
  const picked: number[] = [];
  for (let k = lo - 1; k >= 0 && created[k] >= cursor - span; k--) {
    const j = order[k];
    if (short[j] && isLive(res[j])) picked.push(j);
  }
  for (const j of long) if (isLive(res[j])) picked.push(j);
  return picked.sort((a, b) => a - b).map((j) => res[j]);
}
