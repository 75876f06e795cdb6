// Marks on a canvas: the renderer for dense traces, where thousands of SVG elements would cost more than a
// frame to reconcile. Same marks as the SVG renderer, drawn in one pass; clicks are hit-tested against the
// marks (topmost first). The chart's accessible name is on the canvas; its table view is the text alternative.
// The canvas is redrawn only when its marks or the selection change (memoised component, effect keyed on
// both): a cursor move over a dense chart touches the CursorLayer above it, never this one.

import { memo, useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { sameSel, titleOf, type Chart, type Mark, type Selection } from '../layout/shapes';
import { COLORS, FONT_FAMILY } from '../layout/palette';
import type { ViewTransform } from './settle';
import { useLatestCallback } from '../../useLatestCallback';
import { LABEL_FONT, LABEL_INK, drawText, tile } from './canvasInk';

export function drawMarks(
  ctx: CanvasRenderingContext2D,
  marks: readonly Mark[],
  selection: Selection | null,
  ink: string,
): void {
  // text is drawn from cached bitmaps placed on whole device pixels (drawText): the scale says where those are
  const dpr = ctx.getTransform().a || 1;
  for (const m of marks) {
    const selected = sameSel(selection, m.sel);
    switch (m.t) {
      case 'rect': {
        ctx.globalAlpha = m.opacity ?? 1;
        if (m.fill !== 'none') {
          ctx.fillStyle = m.fill;
          ctx.fillRect(m.x, m.y, m.w, m.h);
        }
        ctx.globalAlpha = 1;
        if (m.pattern && m.pattern !== 'none') {
          const pat = tile(ctx, m.pattern);
          if (pat) {
            ctx.fillStyle = pat;
            ctx.fillRect(m.x, m.y, m.w, m.h);
          }
        }
        if (m.stroke || selected) {
          ctx.setLineDash(m.dash ? [3, 2] : []);
          ctx.strokeStyle = selected ? COLORS.highlight : m.stroke!;
          ctx.lineWidth = selected ? 2 : 1;
          ctx.strokeRect(m.x + 0.5, m.y + 0.5, Math.max(0, m.w - 1), Math.max(0, m.h - 1));
          ctx.setLineDash([]);
        }
        if (m.label && m.w > 40)
          drawText(ctx, m.label, LABEL_FONT, LABEL_INK, 'start', m.x + 3, m.y + Math.min(m.h, 16) - 4, dpr, m);
        break;
      }
      case 'line':
        ctx.strokeStyle = selected ? COLORS.highlight : m.stroke;
        ctx.lineWidth = m.width ?? 1;
        ctx.setLineDash(m.dash ? [4, 3] : []);
        ctx.beginPath();
        ctx.moveTo(m.x1, m.y1);
        ctx.lineTo(m.x2, m.y2);
        ctx.stroke();
        ctx.setLineDash([]);
        break;
      case 'text':
        drawText(
          ctx,
          m.text,
          `${selected ? 'bold ' : ''}${m.size ?? 11}px ${FONT_FAMILY}`,
          m.fill && m.fill !== 'currentColor' ? m.fill : ink,
          m.anchor ?? 'start',
          m.x,
          m.y,
          dpr,
          null,
        );
        break;
      case 'path': {
        const p = new Path2D(m.d);
        if (m.fill && m.fill !== 'none') {
          ctx.fillStyle = m.fill;
          ctx.fill(p);
        }
        ctx.strokeStyle = selected ? COLORS.highlight : (m.stroke ?? ink);
        ctx.lineWidth = m.width ?? 1;
        ctx.setLineDash(m.dash ? [5, 3] : []);
        ctx.stroke(p);
        ctx.setLineDash([]);
        break;
      }
      case 'symbol': {
        const p = symbolPath2D(m.shape, m.x, m.y, m.size);
        if (m.shape === 'cross') {
          ctx.strokeStyle = m.fill;
          ctx.lineWidth = 2;
          ctx.stroke(p);
        } else {
          ctx.fillStyle = m.fill;
          ctx.fill(p);
          if (selected || m.stroke) {
            ctx.strokeStyle = selected ? COLORS.highlight : m.stroke!;
            ctx.lineWidth = selected ? 2 : 1;
            ctx.stroke(p);
          }
        }
        break;
      }
    }
  }
}

/** Glyphs built with path calls (parsing an SVG path string per glyph costs too much per frame). */
function symbolPath2D(shape: string, x: number, y: number, s: number): Path2D {
  const p = new Path2D();
  const h = s / 2;
  switch (shape) {
    case 'triangle':
      p.moveTo(x, y - h);
      p.lineTo(x + h, y + h);
      p.lineTo(x - h, y + h);
      p.closePath();
      break;
    case 'diamond':
      p.moveTo(x, y - h);
      p.lineTo(x + h, y);
      p.lineTo(x, y + h);
      p.lineTo(x - h, y);
      p.closePath();
      break;
    case 'cross':
      p.moveTo(x - h, y - h);
      p.lineTo(x + h, y + h);
      p.moveTo(x - h, y + h);
      p.lineTo(x + h, y - h);
      break;
    case 'square':
      p.rect(x - h, y - h, s, s);
      break;
    case 'pin':
      p.arc(x, y, h, Math.PI, 0);
      p.lineTo(x, y + s);
      p.closePath();
      break;
    default:
      p.arc(x, y, h, 0, Math.PI * 2);
      break;
  }
  return p;
}

/** The topmost selectable mark under a point (symbols and rects get a few pixels of slack). */
export function hitTest(marks: readonly Mark[], x: number, y: number): Mark | null {
  for (let k = marks.length - 1; k >= 0; k--) {
    const m = marks[k];
    if (!m.sel) continue;
    if (m.t === 'rect' && x >= m.x - 1 && x <= m.x + m.w + 1 && y >= m.y && y <= m.y + m.h) return m;
    if (m.t === 'symbol' && Math.abs(x - m.x) <= m.size && Math.abs(y - m.y) <= m.size) return m;
    if (m.t === 'text' && y <= m.y + 2 && y >= m.y - (m.size ?? 11) && x >= m.x - 2 && x <= m.x + m.text.length * 6.5)
      return m;
  }
  return null;
}

/**
 * Size a canvas's backing store for the device pixel ratio and return its context, cleared, in CSS pixels.
 * The context is a software one (`willReadFrequently`): the charts are drawn once per layout, and on this
 * GPU-less machine an "accelerated" canvas is rastered by SwiftShader after the frame, where it cost up to
 * ~0.8 s per zoom step that no timer in the page saw; in software the draw is done (and timed) in the commit.
 */
export function prepareCanvas(c: HTMLCanvasElement, width: number, height: number): CanvasRenderingContext2D | null {
  const dpr = Math.min(2, window.devicePixelRatio || 1);
  if (c.width !== Math.round(width * dpr) || c.height !== Math.round(height * dpr)) {
    c.width = Math.round(width * dpr);
    c.height = Math.round(height * dpr);
  }
  const ctx = c.getContext('2d', { willReadFrequently: true });
  if (!ctx) return null;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, width, height);
  return ctx;
}

export interface CanvasChartProps {
  chart: Chart;
  selection: Selection | null;
  onPick?(s: Selection): void;
  canvasRef?: React.RefObject<HTMLCanvasElement | null>;
  /** marks drawn above this canvas (the cursor layer's): hit-tested first, they are on top */
  above?: React.RefObject<readonly Mark[]>;
  /** show the chart's last exact drawing stretched by this map (a zoom the layout has not caught up with) */
  view?: ViewTransform | null;
  testId?: string;
  /**
   * Only the picture: an SVG of the same marks lies above it and is the chart for pointers, tooltips, assistive
   * technology and tests (ChartView's exact mode), so this canvas is hidden from them and hit-tests nothing.
   */
  paintOnly?: boolean;
}

/**
 * Draw the plot area of `snap` (the exact drawing) stretched by `v`, the margins as they are: one image copy,
 * whatever the chart holds, so a zoom step over a million-event chart costs the same as over a small one.
 */
function drawStretched(ctx: CanvasRenderingContext2D, snap: HTMLCanvasElement, v: ViewTransform, w: number, h: number) {
  const dpr = snap.width / w;
  const x0 = Math.max(0, v.x0);
  const x1 = Math.min(w, v.x1);
  ctx.drawImage(snap, 0, 0, x0 * dpr, h * dpr, 0, 0, x0, h);
  if (w > x1) ctx.drawImage(snap, x1 * dpr, 0, (w - x1) * dpr, h * dpr, x1, 0, w - x1, h);
  ctx.save();
  ctx.beginPath();
  ctx.rect(x0, 0, x1 - x0, h);
  ctx.clip();
  ctx.setTransform(dpr * v.a, 0, 0, dpr, dpr * v.b, 0);
  ctx.drawImage(snap, x0 * dpr, 0, (x1 - x0) * dpr, h * dpr, x0, 0, x1 - x0, h);
  ctx.restore();
}

/**
 * For a picture-only canvas (`enabled`): whether it is near the viewport. While it is out of sight its redraws
 * are skipped (the caller returns early), and `redraw` runs once when it comes back, before it can be seen (the
 * margin). A playing animation redraws every chart at every frame; a chart scrolled away costs nothing but its
 * layout then (the SVG above it, which tests and tools read, still follows the cursor). Drawing it anyway is not
 * free: the canvas is drawn and flushed on the main thread, and its bitmap uploaded to the GPU at every frame
 * (SwiftShader: ~4 ms of GPU time a chart a frame in lesson 21, on the GPU process that also draws the lesson).
 */
function useInSight(
  ref: React.RefObject<HTMLCanvasElement | null>,
  enabled: boolean,
  redraw: () => void,
): () => boolean {
  const state = useRef({ inSight: true, stale: false });
  const redrawLatest = useLatestCallback(redraw);
  useEffect(() => {
    const c = ref.current;
    const st = state.current;
    if (!enabled || !c || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(
      (entries) => {
        st.inSight = entries[entries.length - 1].isIntersecting;
        if (st.inSight && st.stale) {
          st.stale = false;
          redrawLatest();
        }
      },
      { rootMargin: '200px 0px' },
    );
    io.observe(c);
    return () => {
      io.disconnect();
      st.inSight = true;
    };
  }, [ref, enabled, redrawLatest]);
  return useCallback(() => {
    if (state.current.inSight) return true;
    state.current.stale = true;
    return false;
  }, []);
}

/** panel-chart's look (panels.css) without its class: the chart, labelled, is the SVG above */
const PAINT_ONLY: React.CSSProperties = { display: 'block', color: 'var(--fg, #1b1b22)' };

export const CanvasChart = memo(function CanvasChart({
  chart,
  selection,
  onPick,
  canvasRef,
  above,
  view = null,
  testId,
  paintOnly = false,
}: CanvasChartProps) {
  const own = useRef<HTMLCanvasElement | null>(null);
  const ref = canvasRef ?? own;
  // reading the computed colour forces a style recalculation: once per mount, not once per frame
  const ink = useRef<string | null>(null);
  // the exact drawing of which chart and selection exists, and whether it is on the canvas or only in `snap`
  const exact = useRef<{ chart: Chart | null; selection: Selection | null; onCanvas: boolean }>({
    chart: null,
    selection: null,
    onCanvas: false,
  });
  const snap = useRef<HTMLCanvasElement | null>(null);
  const viewRef = useRef(view);
  const latest = useRef({ chart, selection });
  // a picture scrolled out of sight is drawn when it comes back (useInSight), not at every frame meanwhile
  // the exact drawing of a chart at a selection; false when the canvas has no 2D context
  const drawExact = (c: HTMLCanvasElement, ch: Chart, sel: Selection | null): boolean => {
    const ctx = prepareCanvas(c, ch.width, ch.height);
    if (!ctx) return false;
    ink.current ??= getComputedStyle(c).color || '#1b1b22';
    drawMarks(ctx, ch.marks, sel, ink.current);
    exact.current = { chart: ch, selection: sel, onCanvas: true };
    return true;
  };
  const inSight = useInSight(ref, paintOnly, () => {
    if (ref.current) drawExact(ref.current, latest.current.chart, latest.current.selection);
  });
  // drawn in a layout effect so a redraw is complete when React's commit returns (what the bench measures)
  useLayoutEffect(() => {
    viewRef.current = view;
    latest.current = { chart, selection };
    const c = ref.current;
    if (!c) return;
    if (!inSight()) return;
    const e = exact.current;
    if (!view || e.chart !== chart || e.selection !== selection) {
      if (!drawExact(c, chart, selection) || !view) return;
    }
    // keep the exact drawing aside before the first stretched frame replaces it on the canvas
    const s = (snap.current ??= document.createElement('canvas'));
    if (exact.current.onCanvas) {
      s.width = c.width;
      s.height = c.height;
      s.getContext('2d', { willReadFrequently: true })?.drawImage(c, 0, 0);
      exact.current.onCanvas = false;
    }
    const ctx = prepareCanvas(c, chart.width, chart.height);
    if (ctx) drawStretched(ctx, s, view, chart.width, chart.height);
  }, [chart, selection, ref, view, inSight]);
  useEffect(() => {
    const c = ref.current;
    if (!c || paintOnly) return;
    const pick = (e: MouseEvent) => {
      const r = c.getBoundingClientRect();
      const x = e.clientX - r.left;
      const y = e.clientY - r.top;
      // the chart's marks are where the layout put them: undo a stretch still on screen
      const v = viewRef.current;
      const lx = v && x >= v.x0 && x <= v.x1 ? (x - v.b) / v.a : x;
      return (above?.current && hitTest(above.current, x, y)) || hitTest(chart.marks, lx, y);
    };
    const click = (e: MouseEvent) => {
      const m = pick(e);
      if (m?.sel) onPick?.(m.sel);
    };
    const move = (e: MouseEvent) => {
      const m = pick(e);
      c.title = m ? (titleOf(m) ?? '') : '';
      c.style.cursor = m?.sel && onPick ? 'pointer' : '';
    };
    c.addEventListener('click', click);
    c.addEventListener('mousemove', move);
    return () => {
      c.removeEventListener('click', click);
      c.removeEventListener('mousemove', move);
    };
  }, [chart, onPick, ref, above, paintOnly]);
  if (paintOnly)
    return (
      <canvas
        ref={ref}
        style={{ width: chart.width, height: chart.height, ...PAINT_ONLY }}
        aria-hidden="true"
        data-testid={testId}
        data-renderer="canvas"
        data-marks={chart.marks.length}
      />
    );
  return (
    <canvas
      ref={ref}
      style={{ width: chart.width, height: chart.height }}
      role="img"
      aria-label={chart.label}
      data-testid={testId}
      data-renderer="canvas"
      data-marks={chart.marks.length}
      className="panel-chart"
    />
  );
});
