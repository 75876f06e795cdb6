// The time cursor over a dense chart. A dense chart (a trace of more than DENSE_EVENTS events) is laid out
// once per (trace length, zoom domain, size, selection) for the whole trace and drawn once onto its canvas;
// moving the cursor then touches only this layer stacked above the canvas:
//   - a veil in the panel's background colour over everything right of the cursor (the future: still
//     readable, clearly not "as of call N"). It is one element moved with a CSS transform, so the browser
//     moves it on the compositor without repainting anything;
//   - the cursor line, also moved with a transform;
//   - a small SVG with the rest of the chart's `overlay(cursor)` marks: what depends on the cursor beyond
//     past/future (the heap occupancy strip, fence readouts and frame rings). A handful of elements in a
//     layer of their own, so React's diff and the browser's repaint are O(what changed).
// Neither redraws the canvas below: a cursor move costs the same over 1,000 or 100,000 events (issue 5).
// The layer takes no pointer events; CanvasChart hit-tests `drawn` (the overlay marks) before its own.

import { useLayoutEffect, useMemo } from 'react';
import type { CursorOverlay, Mark } from '../layout/shapes';
import { MARGIN, type TimeAxis } from '../layout/timeAxis';
import { FONT_FAMILY } from '../layout/palette';
import { PatternDefs, renderMark } from './SvgChart';
import type { ViewTransform } from './settle';

/** How much of the panel's background covers the future (0: none, 1: hidden); also used by the exports. */
export const VEIL_ALPHA = 0.62;

export interface CursorLayerProps {
  /** chart id (unique on the page: pattern ids) */
  id: string;
  width: number;
  height: number;
  axis: TimeAxis;
  cursor: number;
  overlay: CursorOverlay;
  /** receives the marks drawn (hit-testing by the canvas below) */
  drawn: React.RefObject<readonly Mark[]>;
  /** the chart below is shown stretched (a zoom its layout has not caught up with): the veil and line follow */
  view?: ViewTransform | null;
  testId?: string;
}

export function CursorLayer({ id, width, height, axis, cursor, overlay, drawn, view, testId }: CursorLayerProps) {
  const [r0, r1] = axis.scale.range();
  const stretch = (x: number) => (view ? view.a * x + view.b : x);
  const cx = Math.max(r0, Math.min(r1, stretch(axis.ofCall(cursor))));
  const marks = useMemo(() => overlay(cursor), [overlay, cursor]);
  useLayoutEffect(() => {
    drawn.current = marks;
  }, [drawn, marks]);
  const top = MARGIN.top - 4;
  const line = marks.find((m) => m.cls === 'cursor');
  return (
    <div
      className="cursor-layer"
      style={{ width, height }}
      aria-hidden="true"
      data-testid={testId}
      data-cursor={cursor}
    >
      {/* the plot area clips the veil, which slides right as the cursor moves right */}
      <div
        className="future-clip"
        style={{ left: r0, top, width: Math.max(0, r1 - r0), height: Math.max(0, height - top) }}
      >
        <div className="future-veil" style={{ opacity: VEIL_ALPHA, transform: `translateX(${cx - r0}px)` }} />
      </div>
      <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} fontFamily={FONT_FAMILY}>
        <PatternDefs prefix={`${id}-cursor`} />
        {marks.map((m, k) => (m === line ? null : renderMark(m, k, `${id}-cursor`, null)))}
      </svg>
      {line?.t === 'line' && (
        <div
          className="cursor-line"
          title={typeof line.title === 'string' ? line.title : undefined}
          style={{
            top: line.y1,
            height: Math.max(0, line.y2 - line.y1),
            width: line.width ?? 2,
            background: line.stroke,
            transform: `translateX(${stretch(line.x1) - (line.width ?? 2) / 2}px)`,
          }}
        />
      )}
    </div>
  );
}
