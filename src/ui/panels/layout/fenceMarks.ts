// Fences and queues, the per-fence marks drawn at the cursor (value readout, frame ring) and the step-line
// helpers (clamping, one point per pixel). Split out of fenceQueue.ts: both the layout and its cursor
// overlay draw the readouts.

import type { Mark, Selection } from './shapes';
import { COLORS } from './palette';
import type { TimeAxis } from './timeAxis';
import type { FenceRow } from './fenceTracks';

/** "completed N / signalled M" under the fence's name (the automation contract of the chart: data-fence-completed). */
export function fenceValueText({ row, y }: { row: FenceRow; y: number }): Mark {
  return {
    t: 'text',
    x: 4,
    y: y + 30,
    size: 10,
    sel: { kind: 'fence', id: row.fence },
    text: `completed ${row.completed} / signalled ${row.signalled}`,
    data: {
      fence: row.fence,
      'fence-completed': String(row.completed),
      'fence-signalled': String(row.signalled),
      'in-flight': row.inFlight,
    },
  };
}

/** The signalled value at the right edge, and the frame ring right of the label column. */
export function fenceRing(
  { row, y, ys }: { row: FenceRow; y: number; ys: (v: number) => number },
  axis: TimeAxis,
): Mark[] {
  const sel: Selection = { kind: 'fence', id: row.fence };
  const marks: Mark[] = [
    {
      t: 'text',
      x: axis.scale.range()[1] + 4,
      y: ys(Number(row.signalled)) + 4,
      text: `${row.signalled}`,
      size: 9,
      fill: COLORS.signalled,
    },
  ];
  row.ring.forEach((s, k) => {
    marks.push({
      t: 'rect',
      x: 4 + k * 26,
      y: y + 38,
      w: 22,
      h: 16,
      fill: s.status === 'in-flight' ? COLORS.signalled : COLORS.completed,
      pattern: s.status === 'in-flight' ? 'diag' : 'none',
      opacity: 0.8,
      label: String(s.value),
      sel,
      title: `frame slot ${s.slot}: fence value ${s.value}, ${s.status === 'in-flight' ? 'in flight (GPU not done)' : 'done (safe to reuse)'}`,
      data: { slot: s.slot, 'slot-value': String(s.value), 'slot-status': s.status, fence: row.fence },
    });
  });
  return marks;
}

export function clamp(axis: TimeAxis, x: number): number {
  const [a, b] = axis.scale.range();
  return Math.max(a, Math.min(b, x));
}

/**
 * A step line needs at most one point per pixel: within a pixel keep the last value (what the eye reads at
 * the right edge). Points outside the visible range are dropped except the one just before it. Fed one point at
 * a time, so a fence's 77,000 events (1M-event trace) make no array of points first.
 */
export class StepDecimator {
  readonly out: [number, number][] = [];
  /** a point right of the visible range was seen: later points are dropped */
  done = false;
  private lastPx = -Infinity;
  private readonly r0: number;
  private readonly r1: number;
  constructor(private readonly axis: TimeAxis) {
    [this.r0, this.r1] = axis.scale.range();
  }

  add(t: number, v: number): void {
    if (this.done) return;
    const out = this.out;
    const px = this.axis.ofTime(t);
    if (px < this.r0) {
      out[0] = [t, v];
      this.lastPx = this.r0 - 1;
      return;
    }
    if (px > this.r1 + 1) {
      this.done = true;
      return;
    }
    // within the pixel: the last point takes the value, in place (no array per event)
    if (px - this.lastPx < 1 && out.length) out[out.length - 1][1] = v;
    else {
      out.push([t, v]);
      this.lastPx = px;
    }
  }
}
