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
 * the right edge). Points outside the visible range are dropped except the one just before it.
 */
export function decimate(points: [number, number][], axis: TimeAxis): [number, number][] {
  const [r0, r1] = axis.scale.range();
  const out: [number, number][] = [];
  let lastPx = -Infinity;
  for (const p of points) {
    const px = axis.ofTime(p[0]);
    if (px < r0) {
      out[0] = p;
      lastPx = r0 - 1;
      continue;
    }
    if (px > r1 + 1) break;
    if (px - lastPx < 1 && out.length) out[out.length - 1] = [out[out.length - 1][0], p[1]];
    else {
      out.push(p);
      lastPx = px;
    }
  }
  return out;
}
