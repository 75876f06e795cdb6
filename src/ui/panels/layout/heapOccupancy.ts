// Heap timeline, the occupancy strip: at the right edge of each heap band, the heap as of the cursor (live
// allocations, free bytes, alignment padding). Split out of heapTimeline.ts because both the layout and its
// cursor overlay draw it.

import type { Mark } from './shapes';
import { COLORS, resourceColor } from './palette';
import { fmtKiB, fmtOffset } from './format';
import type { TimeAxis } from './timeAxis';
import { objectLabel, type ResourceInfo, type TraceIndex } from '../../../core';
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
  const live = res.filter((r) => r.created <= cursor && (r.freed === null || r.freed > cursor));
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
