// Zoom over a dense chart (issue 16): laying a chart of a million-event trace out again costs tens of ms, far
// more than a frame, so while the zoom domain moves the chart is not laid out again. ChartView shows the last
// exact drawing stretched to the live domain (`viewTransform`, the same linear map d3-zoom applies), and the
// panel lays the chart out at the new domain once the zoom has rested for SETTLE_MS. Lesson-sized charts
// (exact mode, SVG) are laid out at every step as before: `useSettled` passes their value straight through.

import { startTransition, useEffect, useState } from 'react';

/** How long the zoom must rest before a dense chart is laid out at the new domain. */
export const SETTLE_MS = 140;

/** `value` when `defer` is false; otherwise the value it last held for SETTLE_MS without changing. */
export function useSettled<T>(value: T, defer: boolean): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (!defer || Object.is(settled, value)) return;
    // a transition: a zoom or cursor step (flushSync, a click) never waits for the new layout, nor carries it
    const t = setTimeout(() => startTransition(() => setSettled(value)), SETTLE_MS);
    return () => clearTimeout(t);
  }, [value, defer, settled]);
  return defer ? settled : value;
}

/** x' = a·x + b on the plot area [x0, x1]: pixels of a chart laid out at one domain, shown at another. */
export interface ViewTransform {
  a: number;
  b: number;
  x0: number;
  x1: number;
}

/**
 * The map from a chart laid out over `laid` to the same chart over `live` (both in the axis's units, plot area
 * [x0, x1] in pixels), or null when they are the same domain.
 */
export function viewTransform(
  laid: readonly [number, number],
  live: readonly [number, number],
  x0: number,
  x1: number,
): ViewTransform | null {
  if (laid[0] === live[0] && laid[1] === live[1]) return null;
  const w = Math.max(1e-9, live[1] - live[0]);
  const a = (laid[1] - laid[0]) / w;
  // a value v sits at x0 + (v - laid0)/(laid1 - laid0)·(x1 - x0) in the drawing and at x0 + (v - live0)/w·(x1 - x0) live
  const b = x0 - a * x0 + ((laid[0] - live[0]) / w) * (x1 - x0);
  return { a, b, x0, x1 };
}
