// Heap timeline, the marks of one band's resources: each resource's bar over its lifetime at its offset, its
// mapped intervals, and the aliased regions of placed resources sharing bytes. Split out of heapTimeline.ts
// because these loops run once per resource and per aliasing pair (a 1M-event trace: ~20,000 and ~90,000, nearly
// all merging into dense runs), so they are written to cost little per item: lanes by number, no key string, no
// array or closure for an item that merges away, small functions the JIT optimises early.

import type { Mark, RectMark, Selection } from './shapes';
import { mergeNarrow } from './shapes';
import { COLORS, resourceColor } from './palette';
import { fmtKiB, fmtOffset } from './format';
import { clipXInto, type TimeAxis } from './timeAxis';
import { objectLabel, upperBound, type ResourceInfo, type TraceIndex } from '../../../core';
import { otherOf, type AliasPairs } from './heapPacking';
import { aliasedAt } from './heapBands';

/** What the band's loops share (one per band). */
export interface BandContext {
  ix: TraceIndex;
  axis: TimeAxis;
  cursor: number;
  /** the visible domain */
  d0: number;
  d1: number;
  ys: (v: number) => number;
  marks: Mark[];
  pairs: AliasPairs;
  /** the last aliased region drawn per lane (pairs over the same bytes of a heap): dense runs merge into it */
  lastAlias: (RectMark | undefined)[];
  /** one clipped x range, reused (clipX would make an array per item, most of which merge away) */
  xs: [number, number];
  selection: Selection | null;
}

/** Each resource's bar and mapped intervals, merged into dense runs per (offset, size) and per resource. */
export function resourceBars(c: BandContext, res: readonly ResourceInfo[], packing: Map<number, number>): void {
  const { axis, cursor, d0, d1, ys, xs } = c;
  // dense runs: the last bar drawn per (offset, size) of this band
  const lastBar = new Map<number, Map<number, RectMark>>();
  for (let k = 0; k < res.length; k++) {
    const r = res[k];
    const offset = r.heap >= 0 ? r.offset : (packing.get(r.id) ?? 0);
    const end = r.freed !== null && r.freed <= cursor ? r.freed : cursor;
    // outside the zoomed domain: nothing to draw (tested first: most resources, once zoomed in)
    if (axis.mode === 'call' && (end < d0 || r.created > d1)) continue;
    if (!clipXInto(axis, axis.ofCall(r.created), axis.ofCall(end), xs)) continue;
    const x0 = xs[0];
    const x1 = xs[1];
    const isSel = c.selection?.kind === 'resource' && c.selection.id === r.id;
    let bySize = lastBar.get(offset);
    if (!bySize) lastBar.set(offset, (bySize = new Map()));
    // a selected resource is never folded into a dense run: it must stay visible and highlighted
    const mergedBar = !isSel && mergeNarrow(bySize.get(r.size), x0, Math.max(1, x1 - x0));
    if (mergedBar && r.mapped.length === 0) continue;
    const y0 = ys(offset);
    const h = Math.max(1, ys(offset + r.size) - y0);
    const sel: Selection = { kind: 'resource', id: r.id };
    if (!mergedBar) {
      const bar = resourceBar(c, r, offset, end, x0, x1, y0, h, isSel, sel);
      c.marks.push(bar);
      if (!isSel) bySize.set(r.size, bar);
    }
    if (r.mapped.length) mappedIntervals(c, r, y0, h, sel);
  }
}

function resourceBar(
  c: BandContext,
  r: ResourceInfo,
  offset: number,
  end: number,
  x0: number,
  x1: number,
  y0: number,
  h: number,
  isSel: boolean,
  sel: Selection,
): RectMark {
  const ix = c.ix;
  const aliased = aliasedAt(c.pairs, r.id, c.cursor);
  return {
    t: 'rect',
    x: x0,
    y: y0,
    w: Math.max(1, x1 - x0),
    h,
    fill: resourceColor(r.id),
    opacity: 0.55,
    stroke: isSel ? COLORS.highlight : aliased.length ? COLORS.aliasing : undefined,
    dash: aliased.length > 0,
    label: x1 - x0 > 40 ? objectLabel(ix, r.id) : undefined,
    sel,
    cls: isSel ? 'selected' : undefined,
    title: () =>
      `${objectLabel(ix, r.id)}: ${fmtOffset(offset)} .. ${fmtOffset(offset + r.size)}, ${fmtKiB(r.size)}, ${r.placement}, calls ${r.created}–${r.freed ?? '…'}`,
    data: {
      resource: r.id,
      offset,
      size: r.size,
      placement: r.placement,
      aliased: aliased.join(','),
      alive: end === c.cursor ? 1 : 0,
    },
  };
}

/** A resource's mapped intervals: one lane of their own, so merged against the resource's previous one only. */
function mappedIntervals(c: BandContext, r: ResourceInfo, y0: number, h: number, sel: Selection): void {
  const { ix, axis, cursor, d0, d1, xs } = c;
  let lastMapped: RectMark | undefined;
  // intervals in order: start at the first one that can reach the domain's left edge
  for (let k = firstMappedFrom(r.mapped, axis.mode === 'call' ? d0 : -Infinity); k < r.mapped.length; k++) {
    const m = r.mapped[k];
    if (m.from > cursor || (axis.mode === 'call' && m.from > d1)) break;
    const to = m.to !== null && m.to <= cursor ? m.to : cursor;
    if (!clipXInto(axis, axis.ofCall(m.from), axis.ofCall(to), xs)) continue;
    if (mergeNarrow(lastMapped, xs[0], Math.max(2, xs[1] - xs[0]))) continue;
    lastMapped = {
      t: 'rect',
      x: xs[0],
      y: y0,
      w: Math.max(2, xs[1] - xs[0]),
      h,
      fill: COLORS.mapped,
      pattern: 'diag',
      opacity: 0.8,
      data: { mapped: r.id, sub: m.sub },
      title: () => `${objectLabel(ix, r.id)} mapped (CPU access), calls ${m.from}–${m.to ?? '…'}`,
      sel,
    };
    c.marks.push(lastMapped);
  }
}

/** Index of the first mapped interval that may still be open at call `from` (intervals are in `from` order). */
function firstMappedFrom(mapped: ResourceInfo['mapped'], from: number): number {
  if (!(from > 0)) return 0;
  // intervals are short and never overlap per subresource: back off from the first that starts after `from`
  let k = upperBound(mapped, from, (m) => m.from);
  while (k > 0 && (mapped[k - 1].to === null || mapped[k - 1].to! >= from)) k--;
  return Math.max(0, k - 1);
}

/** Where two live placed resources share bytes: the aliased region itself (each pair once, from its lower id). */
export function aliasedRegions(c: BandContext, res: readonly ResourceInfo[]): void {
  const { axis, cursor, d0, d1, pairs, xs, lastAlias } = c;
  for (let k = 0; k < res.length; k++) {
    const id = res[k].id;
    const of = pairs.of.get(id);
    if (!of) continue;
    for (let j = 0; j < of.length; j++) {
      const p = of[j];
      const from = pairs.from[p];
      if (from > cursor || otherOf(pairs, p, id) < id) continue;
      const to = pairs.to[p];
      const pEnd = to !== null && to <= cursor ? to : cursor;
      if (axis.mode === 'call' && (pEnd < d0 || from > d1)) continue;
      if (!clipXInto(axis, axis.ofCall(from), axis.ofCall(pEnd), xs)) continue;
      const lane = pairs.lane[p];
      if (mergeNarrow(lastAlias[lane], xs[0], Math.max(1, xs[1] - xs[0]))) continue;
      lastAlias[lane] = aliasedRegion(c, p, id);
    }
  }
}

function aliasedRegion(c: BandContext, p: number, id: number): RectMark {
  const { ix, ys, pairs, xs } = c;
  const other = otherOf(pairs, p, id);
  const lo = pairs.lo[p];
  const hi = pairs.hi[p];
  const region: RectMark = {
    t: 'rect',
    x: xs[0],
    y: ys(lo),
    w: Math.max(1, xs[1] - xs[0]),
    h: Math.max(1, ys(hi) - ys(lo)),
    fill: COLORS.aliasing,
    pattern: 'cross',
    opacity: 0.5,
    data: { alias: `${id},${other}` },
    title: () =>
      `aliased bytes ${fmtOffset(lo)} .. ${fmtOffset(hi)}: ${objectLabel(ix, id)} and ${objectLabel(ix, other)}`,
  };
  c.marks.push(region);
  return region;
}
