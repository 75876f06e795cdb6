// The x axis shared by the timeline panels: call index (the CPU's order of API calls) or modelled time (ns,
// shown in ms). Zoom is a domain in those units; the panels keep one per mode.

import { scaleLinear, type ScaleLinear } from 'd3-scale';
import type { Mark } from './shapes';
import { COLORS } from './palette';
import { fmtMs } from './format';
import { timeOfCall, upperBound, type TraceIndex } from '../../../core';

export type XMode = 'call' | 'time';

export interface TimeAxis {
  mode: XMode;
  scale: ScaleLinear<number, number>;
  /** x of a call index (its call's modelled time in time mode) */
  ofCall(i: number): number;
  /** x of a modelled time in ns (time mode), or of the call at that time (call mode) */
  ofTime(ns: number): number;
  /** the full extent in this mode's units */
  extent: [number, number];
  /** the plotting area's x range (scale.range() makes a new array at each call; clipX runs once per mark) */
  range: readonly [number, number];
}

export const MARGIN = { left: 150, right: 56, top: 22, bottom: 4 };

export function fullExtent(ix: TraceIndex, mode: XMode): [number, number] {
  if (mode === 'call') return [0, Math.max(1, ix.maxCall)];
  return [0, Math.max(1, ix.maxTime)];
}

export function timeAxis(ix: TraceIndex, mode: XMode, width: number, domain: [number, number] | null): TimeAxis {
  const extent = fullExtent(ix, mode);
  const range: [number, number] = [MARGIN.left, Math.max(MARGIN.left + 10, width - MARGIN.right)];
  const scale = scaleLinear()
    .domain(domain ?? extent)
    .range(range);
  const x = linear(domain ?? extent, range);
  if (mode === 'call') {
    return { mode, scale, extent, range, ofCall: x, ofTime: (ns) => x(callAtTime(ix, ns)) };
  }
  return { mode, scale, extent, range, ofCall: (i) => x(timeOfCall(ix, i)), ofTime: x };
}

/**
 * `scaleLinear().domain(domain).range(range)` as a function, computing what d3's scale computes with the same
 * floating-point operations (d3-scale's bimap of normalize and d3-interpolate's number), so every x is the same
 * to the bit, without d3's three nested calls per position: a 1M-event first render maps ~200,000 of them.
 */
function linear(domain: readonly [number, number], range: readonly [number, number]): (v: number) => number {
  let [d0, d1] = domain;
  let [r0, r1] = range;
  if (d1 < d0) [d0, d1, r0, r1] = [d1, d0, r1, r0];
  const span = d1 - d0;
  // d3 gives `unknown` (undefined) for a missing or NaN input
  const unknown = undefined as unknown as number;
  if (!span) {
    const t = isNaN(span) ? NaN : 0.5;
    return (v) => (v == null || isNaN(v) ? unknown : r0 * (1 - t) + r1 * t);
  }
  return (v) => {
    if (v == null || isNaN(v)) return unknown;
    const t = (v - d0) / span;
    return r0 * (1 - t) + r1 * t;
  };
}

/** The last call made at or before modelled time `ns` (for placing GPU-timeline events on the call axis). */
export function callAtTime(ix: TraceIndex, ns: number): number {
  return Math.max(0, upperBound(ix.callTime, ns, (t) => t ?? 0) - 1);
}

export function fmtX(mode: XMode, v: number): string {
  return mode === 'call' ? `call ${Math.round(v)}` : fmtMs(v);
}

/**
 * Tick marks and labels along the top, plus the cursor line over the full height. `cursor` null: no cursor
 * line (a chart laid out once for the whole trace, whose cursor is drawn by the overlay: see `cursorLine`).
 */
export function axisMarks(axis: TimeAxis, height: number, cursor: number | null): Mark[] {
  const marks: Mark[] = [];
  const ticks = axis.scale.ticks(Math.max(2, Math.floor((axis.scale.range()[1] - axis.scale.range()[0]) / 110)));
  for (const v of ticks) {
    if (axis.mode === 'call' && !Number.isInteger(v)) continue;
    const x = axis.scale(v);
    marks.push({ t: 'line', x1: x, y1: MARGIN.top - 4, x2: x, y2: height, stroke: COLORS.free, width: 1, cls: 'grid' });
    marks.push({
      t: 'text',
      x,
      y: MARGIN.top - 8,
      text: fmtX(axis.mode, v),
      anchor: 'middle',
      size: 10,
      fill: COLORS.axis,
    });
  }
  if (cursor !== null) marks.push(cursorLine(axis, height, cursor));
  return marks;
}

/** The time cursor: a vertical line at call `cursor` over the chart's full height. */
export function cursorLine(axis: TimeAxis, height: number, cursor: number): Mark {
  const cx = axis.ofCall(cursor);
  return {
    t: 'line',
    x1: cx,
    y1: MARGIN.top - 4,
    x2: cx,
    y2: height,
    stroke: COLORS.cursor,
    width: 2,
    data: { cursor },
    cls: 'cursor',
    title: `cursor: call ${cursor}`,
  };
}

/** Keep marks inside the plotting area when zoomed (clip in data space so SVG and canvas agree). */
export function clipX(axis: TimeAxis, x0: number, x1: number): [number, number] | null {
  const a = Math.max(axis.range[0], Math.min(x0, x1));
  const b = Math.min(axis.range[1], Math.max(x0, x1));
  return b < a ? null : [a, b];
}

/** clipX into `out` (no array per mark: dense layouts clip once per item, most of which merge away); false if outside. */
export function clipXInto(axis: TimeAxis, x0: number, x1: number, out: [number, number]): boolean {
  const a = Math.max(axis.range[0], Math.min(x0, x1));
  const b = Math.min(axis.range[1], Math.max(x0, x1));
  if (b < a) return false;
  out[0] = a;
  out[1] = b;
  return true;
}

/** Whether x is inside the plotting area (clipX(axis, x, x) !== null, without the array). */
export function insideX(axis: TimeAxis, x: number): boolean {
  return !(x < axis.range[0] || x > axis.range[1]);
}
