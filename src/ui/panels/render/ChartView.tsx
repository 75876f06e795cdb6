// A timeline chart with its interactions: d3-zoom on the x axis (Ctrl+wheel or pinch to zoom, drag to pan,
// buttons and +/-/0 keys), a d3-brush overview strip to pick a range, SVG for small charts and canvas for
// dense ones, and SVG/PNG export. The zoom domain is owned by the caller so it survives re-layouts.
//
// Two ways to show "as of call N":
//   - exact (lesson-sized traces, SVG over canvas): the caller lays the chart out at the cursor; every mark is an
//     element with data-* attributes, and what lies after the cursor is simply absent. The SVG is transparent and
//     a canvas below it draws the same marks: the browser rasterises SVG (its <pattern> fills above all) on the
//     GPU, which on SwiftShader cost ~150 ms per frame for one states chart in view while lesson 21 plays (each
//     cursor step re-rasterises the chart's tiles); the canvas is drawn in software in a few ms and uploaded as
//     is. Pointers, tooltips, zoom, assistive technology and tests still meet the SVG.
//   - split (dense traces, canvas): the caller lays the chart out once for the whole trace and passes
//     `cursor` and `overlay`; the static canvas is drawn once and a CursorLayer above it veils the future
//     and draws the cursor-dependent marks, so scrubbing never redraws (or re-lays-out) the chart.
//     The caller may also lay the chart out at a domain that lags `domain` while the zoom moves (settle.ts):
//     the canvas and cursor layer then show the last drawing stretched to the live domain.

import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { select } from 'd3-selection';
import { zoom as d3zoom, zoomIdentity, type ZoomBehavior } from 'd3-zoom';
import { brushX } from 'd3-brush';
import { scaleLinear } from 'd3-scale';
import type { Chart, CursorOverlay, Mark, Selection } from '../layout/shapes';
import type { TimeAxis } from '../layout/timeAxis';
import { fmtX } from '../layout/timeAxis';
import { SvgChart } from './SvgChart';
import { CanvasChart, drawMarks } from './CanvasChart';
import { CursorLayer, VEIL_ALPHA } from './CursorLayer';
import { downloadChartPng, downloadChartSvg } from '../exportImage';
import { benchHooks } from '../benchHooks';
import { MARGIN } from '../layout/timeAxis';
import { viewTransform } from './settle';

/**
 * Traces longer than this many events are drawn on canvas. Decided by the trace, not by each frame's mark
 * count, so scrubbing never flips renderers (a remount costs more than the frame budget).
 */
export const DENSE_EVENTS = 5000;
/** ...and any single frame with more marks than this, whatever the trace. */
export const CANVAS_THRESHOLD = 2500;

/**
 * The exact mode's picture and SVG. Far from the viewport the browser skips their style, layout and paint
 * (content-visibility: auto, at their known size, so nothing around them moves): the SVG changes at every frame
 * of a playing animation, and a chart scrolled away need not cost that. Its DOM still follows the cursor.
 */
function exactStack(width: number, height: number): React.CSSProperties {
  return { width, height, contentVisibility: 'auto', containIntrinsicSize: `${width}px ${height}px` };
}

export interface ChartViewProps {
  id: string;
  title: string;
  chart: Chart;
  axis: TimeAxis;
  domain: [number, number] | null;
  onDomain(d: [number, number] | null): void;
  selection: Selection | null;
  onPick(s: Selection): void;
  /** force a renderer (tests, export) */
  renderer?: 'svg' | 'canvas';
  /** the trace holds more than DENSE_EVENTS events */
  dense?: boolean;
  /** split mode (see above): the cursor, and the marks that depend on it; `chart` is then cursor-independent */
  cursor?: number;
  overlay?: CursorOverlay;
}

export function ChartView(p: ChartViewProps) {
  const { chart, axis, domain, onDomain } = p;
  const host = useRef<HTMLDivElement | null>(null);
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const svgRef = useRef<SVGSVGElement | null>(null);
  const zoomRef = useRef<ZoomBehavior<Element, unknown> | null>(null);
  const split = p.overlay && p.cursor !== undefined ? { cursor: p.cursor, overlay: p.overlay } : null;
  const useCanvas = p.renderer
    ? p.renderer === 'canvas'
    : !!p.dense || !!split || chart.marks.length > CANVAS_THRESHOLD;
  // the cursor layer's marks of its last draw: hit-tested by the canvas below (they are drawn on top)
  const overlayMarks = useRef<readonly Mark[]>([]);
  const [r0, r1] = axis.scale.range();
  const [e0, e1] = axis.extent;
  const onDomainRef = useRef(onDomain);
  useLayoutEffect(() => {
    onDomainRef.current = onDomain;
  });
  // split mode: the domain the chart was laid out at, and the live one it is shown at (the same once settled)
  const [l0, l1] = axis.scale.domain();
  const [v0, v1] = domain ?? axis.extent;
  const isSplit = split !== null;
  const view = useMemo(
    () => (isSplit && useCanvas ? viewTransform([l0, l1], [v0, v1], r0, r1) : null),
    [isSplit, useCanvas, l0, l1, v0, v1, r0, r1],
  );

  // d3-zoom on the drawing element; the transform is derived from `domain`, so external changes
  // (brush, reset, mode switch) are written back into d3's state without emitting zoom events
  useEffect(() => {
    const el = (useCanvas ? canvasRef.current : svgRef.current) as Element | null;
    if (!el) return;
    const base = scaleLinear().domain([e0, e1]).range([r0, r1]);
    const z = d3zoom<Element, unknown>()
      .scaleExtent([1, Math.max(2, (e1 - e0) / 8)])
      .extent([
        [r0, 0],
        [r1, chart.height],
      ])
      .translateExtent([
        [r0, 0],
        [r1, chart.height],
      ])
      .filter(
        (ev: Event) =>
          (ev.type === 'wheel' ? (ev as WheelEvent).ctrlKey : ev.type === 'mousedown' || ev.type.startsWith('touch')) &&
          !(ev as MouseEvent).button,
      )
      .on('zoom', (ev) => {
        const d = ev.transform.rescaleX(base).domain() as [number, number];
        onDomainRef.current(ev.transform.k <= 1.0001 ? null : [Math.max(e0, d[0]), Math.min(e1, d[1])]);
      });
    select(el)
      .call(z as never)
      .on('dblclick.zoom', null);
    zoomRef.current = z;
    return () => {
      select(el).on('.zoom', null);
      zoomRef.current = null;
    };
  }, [useCanvas, r0, r1, e0, e1, chart.height]);

  useEffect(() => {
    const el = (useCanvas ? canvasRef.current : svgRef.current) as (Element & { __zoom?: unknown }) | null;
    if (!el) return;
    const [d0, d1] = domain ?? [e0, e1];
    const k = (e1 - e0) / Math.max(1e-9, d1 - d0);
    const base = scaleLinear().domain([e0, e1]).range([r0, r1]);
    el.__zoom = zoomIdentity.translate(r0 - k * base(d0), 0).scale(k);
  }, [domain, useCanvas, r0, r1, e0, e1]);

  const zoomBy = useCallback(
    (factor: number) => {
      const el = (useCanvas ? canvasRef.current : svgRef.current) as Element | null;
      if (el && zoomRef.current) select(el).call(zoomRef.current.scaleBy as never, factor, [(r0 + r1) / 2, 0]);
    },
    [useCanvas, r0, r1],
  );
  const panBy = useCallback(
    (frac: number) => {
      const [d0, d1] = domain ?? [e0, e1];
      const w = d1 - d0;
      const s = Math.max(e0, Math.min(e1 - w, d0 + frac * w));
      if (domain) onDomain([s, s + w]);
    },
    [domain, e0, e1, onDomain],
  );

  // the bench drives each chart's zoom through the same path as the buttons
  useEffect(() => {
    benchHooks.zoomBy.set(p.id, zoomBy);
    return () => {
      if (benchHooks.zoomBy.get(p.id) === zoomBy) benchHooks.zoomBy.delete(p.id);
    };
  }, [zoomBy, p.id]);

  // exports show what the screen shows: in split mode the static marks, the future veiled, the overlay
  const exported = (): Chart => {
    if (!split) return chart;
    const [, r1] = axis.scale.range();
    const cx = Math.min(r1, axis.ofCall(split.cursor));
    const veil: Mark = {
      t: 'rect',
      x: cx,
      y: MARGIN.top - 4,
      w: Math.max(0, r1 - cx),
      h: chart.height - (MARGIN.top - 4),
      fill: '#ffffff',
      opacity: VEIL_ALPHA,
    };
    return { ...chart, marks: [...chart.marks, veil, ...split.overlay(split.cursor)] };
  };
  const pngSource = (): HTMLCanvasElement | null => {
    const base = useCanvas ? canvasRef.current : null;
    if (!base || !split) return base;
    // the static canvas plus the veil and the overlay marks, drawn as the cursor layer shows them
    const c = document.createElement('canvas');
    c.width = base.width;
    c.height = base.height;
    const ctx = c.getContext('2d');
    if (!ctx) return base;
    ctx.drawImage(base, 0, 0);
    ctx.setTransform(base.width / chart.width, 0, 0, base.height / chart.height, 0, 0);
    const [veil, ...over] = exported().marks.slice(chart.marks.length);
    drawMarks(ctx, [veil], null, '#1b1b22');
    drawMarks(ctx, over, null, getComputedStyle(base).color || '#1b1b22');
    return c;
  };

  const onKey = (e: React.KeyboardEvent) => {
    if (e.key === '+' || e.key === '=') {
      zoomBy(1.5);
      e.preventDefault();
    } else if (e.key === '-') {
      zoomBy(1 / 1.5);
      e.preventDefault();
    } else if (e.key === '0') {
      onDomain(null);
      e.preventDefault();
    } else if (e.shiftKey && e.key === 'ArrowLeft') {
      panBy(-0.25);
      e.preventDefault();
      e.stopPropagation();
    } else if (e.shiftKey && e.key === 'ArrowRight') {
      panBy(0.25);
      e.preventDefault();
      e.stopPropagation();
    }
  };

  return (
    <div className="chart-view" ref={host}>
      <div className="chart-toolbar" role="toolbar" aria-label={`${p.title}: zoom and export`}>
        <button type="button" onClick={() => zoomBy(1.5)} aria-label="zoom in">
          ＋
        </button>
        <button type="button" onClick={() => zoomBy(1 / 1.5)} aria-label="zoom out">
          －
        </button>
        <button type="button" onClick={() => onDomain(null)} disabled={!domain}>
          reset zoom
        </button>
        <span className="muted" data-testid={`${p.id}-domain`}>
          {domain ? `${fmtX(axis.mode, domain[0])} – ${fmtX(axis.mode, domain[1])}` : 'whole trace'} · Ctrl+wheel zooms,
          drag pans
        </span>
        <button
          type="button"
          onClick={() => void downloadChartSvg(exported(), p.id)}
          data-testid={`${p.id}-export-svg`}
        >
          SVG
        </button>
        <button
          type="button"
          onClick={() => void downloadChartPng(exported(), p.id, pngSource())}
          data-testid={`${p.id}-export-png`}
        >
          PNG
        </button>
      </div>
      <Overview
        axis={axis}
        domain={domain}
        onDomain={onDomain}
        width={chart.width}
        label={`${p.title}: overview, brush a range to zoom`}
      />
      <div
        className="chart-scroll"
        tabIndex={0}
        onKeyDown={onKey}
        aria-label={`${p.title} chart; + and - zoom, 0 resets, Shift+arrows pan`}
      >
        {useCanvas ? (
          <div className="chart-stack" style={{ width: chart.width, height: chart.height }}>
            <CanvasChart
              chart={chart}
              selection={p.selection}
              onPick={p.onPick}
              canvasRef={canvasRef}
              above={split ? overlayMarks : undefined}
              view={view}
              testId={`${p.id}-chart`}
            />
            {split && (
              <CursorLayer
                id={p.id}
                width={chart.width}
                height={chart.height}
                axis={axis}
                cursor={split.cursor}
                overlay={split.overlay}
                drawn={overlayMarks}
                view={view}
                testId={`${p.id}-cursor`}
              />
            )}
          </div>
        ) : (
          <div className="chart-stack" style={exactStack(chart.width, chart.height)}>
            <CanvasChart chart={chart} selection={p.selection} paintOnly testId={`${p.id}-paint`} />
            <SvgChart
              chart={chart}
              id={p.id}
              selection={p.selection}
              onPick={p.onPick}
              svgRef={svgRef}
              testId={`${p.id}-chart`}
              overCanvas
            />
          </div>
        )}
      </div>
    </div>
  );
}

/** The whole trace in a thin strip; d3-brush selects the visible range. */
function Overview({
  axis,
  domain,
  onDomain,
  width,
  label,
}: {
  axis: TimeAxis;
  domain: [number, number] | null;
  onDomain(d: [number, number] | null): void;
  width: number;
  label: string;
}) {
  const g = useRef<SVGGElement | null>(null);
  const [r0, r1] = axis.scale.range();
  const [e0, e1] = axis.extent;
  const onDomainRef = useRef(onDomain);
  useLayoutEffect(() => {
    onDomainRef.current = onDomain;
  });
  const brushRef = useRef<ReturnType<typeof brushX<unknown>> | null>(null);
  useEffect(() => {
    const node = g.current;
    if (!node) return;
    const full = scaleLinear().domain([e0, e1]).range([r0, r1]);
    const b = brushX<unknown>()
      .extent([
        [r0, 0],
        [r1, 14],
      ])
      .on('end', (ev) => {
        if (!ev.sourceEvent) return; // our own programmatic moves
        const s = ev.selection as [number, number] | null;
        if (!s || s[1] - s[0] < 2) onDomainRef.current(null);
        else onDomainRef.current([full.invert(s[0]), full.invert(s[1])]);
      });
    select(node).call(b);
    brushRef.current = b;
    return () => {
      select(node).on('.brush', null);
    };
  }, [r0, r1, e0, e1]);
  useEffect(() => {
    if (!g.current || !brushRef.current) return;
    const full = scaleLinear().domain([e0, e1]).range([r0, r1]);
    select(g.current).call(brushRef.current.move as never, domain ? [full(domain[0]), full(domain[1])] : null);
  }, [domain, r0, r1, e0, e1]);
  return (
    <svg width={width} height={16} className="overview" role="img" aria-label={label}>
      <rect x={r0} y={0} width={Math.max(0, r1 - r0)} height={14} className="overview-track" />
      <g ref={g} />
    </svg>
  );
}
