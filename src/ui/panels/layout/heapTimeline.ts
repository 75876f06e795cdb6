// Heap timeline (Radeon Memory Visualizer's idea, for a learner): one band per heap, x = time, y = byte offset.
// Each resource is a bar over its lifetime at its offset. Placed resources that share bytes while both exist
// overlap visibly (cross-hatched) — that is aliasing — and aliasing barriers are marked where they were
// recorded. Mapped intervals are shaded; at the right edge a strip shows the heap at the cursor: what is
// live, what is free, what is padding left by placement alignment.
// The bands and table rows are in heapBands.ts (re-exported here), each band's resource bars, mapped intervals
// and aliased regions in heapBars.ts, the occupancy strip in heapOccupancy.ts.

import { scaleLinear } from 'd3-scale';
import type { Chart, CursorOverlay, Mark, RectMark, Selection } from './shapes';
import { COLORS } from './palette';
import { fmtOffset, heapTypeName } from './format';
import { axisMarks, cursorLine, insideX, MARGIN, timeAxis, type TimeAxis, type XMode } from './timeAxis';
import { objectLabel, upperBoundI, type ResourceInfo, type TraceIndex } from '../../../core';
import { aliasPairs, committedPacking } from './heapPacking';
import { aliasedRegions, resourceBars, type BandContext } from './heapBars';
import { tileMarks } from './heapTiles';
import { bandsAt, heapRows, type HeapBand, type HeapRow } from './heapBands';
import { occupancyStrip } from './heapOccupancy';

export { heapRows, type HeapBand, type HeapRow };

export interface HeapTimelineOptions {
  width: number;
  mode: XMode;
  domain: [number, number] | null;
  selection: Selection | null;
  bandHeight?: number;
  /** also build the table view's rows (off while scrubbing with the chart shown) */
  withRows?: boolean;
  /**
   * Leave the cursor-dependent marks (cursor line, occupancy strip) out of `chart.marks`: the caller draws
   * them with `overlay` on every cursor move over a chart laid out once at the end of the trace.
   */
  split?: boolean;
}

export interface HeapTimeline {
  chart: Chart;
  axis: TimeAxis;
  bands: HeapBand[];
  /** the table view: every resource created by the cursor (when asked for with `withRows`) */
  rows: HeapRow[];
  /** the cursor line and each explicit heap's occupancy at any cursor (O(resources in explicit heaps)) */
  overlay: CursorOverlay;
}

const GAP = 18;

export function layoutHeapTimeline(ix: TraceIndex, cursor: number, o: HeapTimelineOptions): HeapTimeline {
  const bandH = o.bandHeight ?? 110;
  const axis = timeAxis(ix, o.mode, o.width, o.domain);
  const packing = committedPacking(ix);
  const pairs = aliasPairs(ix);
  const [d0, d1] = axis.scale.domain();

  const marks: Mark[] = [];
  const lastAlias: (RectMark | undefined)[] = new Array(pairs.lanes);
  const xs: [number, number] = [0, 0];
  const bands: HeapBand[] = [];
  const rows: HeapRow[] = o.withRows ? heapRows(ix, cursor) : [];
  // what the overlay needs to draw each explicit heap's occupancy at another cursor
  const strips: { res: ResourceInfo[]; ys: (v: number) => number; band: HeapBand; created: number }[] = [];
  let y = MARGIN.top + 4;
  for (const { band, res } of bandsAt(ix, cursor)) {
    const key = band.key;
    const hb: HeapBand = { ...band, y: y + 14, h: bandH };
    bands.push(hb);
    const size = Math.max(1, band.size);
    const ys = scaleLinear()
      .domain([0, size])
      .range([hb.y, hb.y + hb.h]);
    const heapSel: Selection | undefined = band.heap !== null ? { kind: 'heap', id: band.heap } : undefined;
    marks.push({ t: 'text', x: 4, y: y + 10, text: band.label, size: 11, data: { band: key }, sel: heapSel });
    marks.push({
      t: 'rect',
      x: MARGIN.left,
      y: hb.y,
      w: Math.max(0, axis.scale.range()[1] - MARGIN.left),
      h: hb.h,
      fill: 'none',
      stroke: COLORS.free,
      data: { heap: band.heap ?? -1, 'heap-type': heapTypeName(band.heapType) },
      sel: heapSel,
      title: band.label,
    });
    marks.push({
      t: 'text',
      x: MARGIN.left - 4,
      y: hb.y + 9,
      text: fmtOffset(0),
      anchor: 'end',
      size: 9,
      fill: COLORS.axis,
    });
    marks.push({
      t: 'text',
      x: MARGIN.left - 4,
      y: hb.y + hb.h,
      text: fmtOffset(size),
      anchor: 'end',
      size: 9,
      fill: COLORS.axis,
    });

    const c: BandContext = { ix, axis, cursor, d0, d1, ys, marks, pairs, lastAlias, xs, selection: o.selection };
    resourceBars(c, res, packing);
    aliasedRegions(c, res);
    // tiles of reserved resources mapped into this heap (UpdateTileMappings)
    if (band.heap !== null) marks.push(...tileMarks(ix, band.heap, cursor, axis, ys));
    // aliasing barriers, drawn across the bytes of the resource that becomes active
    let lastBarrierX = -Infinity;
    // (in call order: start at the domain's left edge)
    for (
      let k =
        band.heap === null
          ? ix.aliasing.length
          : axis.mode === 'call'
            ? upperBoundI(ix.aliasing, Math.floor(d0) - 1)
            : 0;
      k < ix.aliasing.length;
      k++
    ) {
      const a = ix.aliasing[k];
      if (a.i > cursor || (axis.mode === 'call' && a.i > d1)) break;
      const after = a.after !== null ? ix.resources.get(a.after) : undefined;
      if (!after || after.heap !== band.heap) continue;
      const x = axis.ofCall(a.i);
      // one marker per 2 px is all the eye can separate; zooming in shows each
      if (!insideX(axis, x) || x - lastBarrierX < 2) continue;
      lastBarrierX = x;
      const y0 = ys(after.offset);
      const y1 = ys(after.offset + after.size);
      const title = () =>
        `aliasing barrier (call ${a.i}): ${a.before !== null ? objectLabel(ix, a.before) : 'NULL'} → ${objectLabel(ix, after.id)}`;
      marks.push({
        t: 'line',
        x1: x,
        y1: y0,
        x2: x,
        y2: y1,
        stroke: COLORS.aliasing,
        width: 2,
        data: { barrier: 'aliasing', call: a.i, resource: after.id },
        title,
        sel: { kind: 'call', id: a.i },
      });
      marks.push({ t: 'symbol', x, y: y0, shape: 'triangle', size: 7, fill: COLORS.aliasing, title });
    }
    if (!o.split) marks.push(...occupancyStrip(ix, res, cursor, axis, ys, hb, band.heap !== null));
    const created =
      band.heap !== null ? (ix.heaps.get(band.heap)?.created ?? 0) : Math.min(...res.map((r) => r.created));
    strips.push({ res, ys, band: hb, created });
    y = hb.y + hb.h + GAP;
  }
  const height = y;
  marks.unshift(...axisMarks(axis, height, o.split ? null : cursor));
  const label = `Heap timeline ${o.split ? `of the whole trace (calls after the time cursor are veiled)` : `as of call ${cursor}`}: ${bands.length} heaps, ${ix.resources.size} resources in the trace; x = ${o.mode === 'call' ? 'call index' : 'modelled time'}, y = byte offset`;
  const overlay: CursorOverlay = (at) => {
    const out: Mark[] = [cursorLine(axis, height, at)];
    // a heap that does not exist yet at the cursor has no occupancy to show
    for (const s of strips)
      if (s.created <= at) out.push(...occupancyStrip(ix, s.res, at, axis, s.ys, s.band, s.band.heap !== null));
    return out;
  };
  return { chart: { width: o.width, height, marks, label }, axis, bands, rows, overlay };
}
