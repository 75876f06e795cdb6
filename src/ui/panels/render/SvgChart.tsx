// Marks as SVG: the DOM of lesson-sized charts (every mark is an element with data-* attributes that tests and
// automation can find, a <title> tooltip, a click target) and the SVG/PNG export. On the page it lies transparent
// over a canvas that draws the same marks (ChartView's exact mode). Patterns are defined once per chart.

import { useLayoutEffect, useRef, type ReactElement } from 'react';
import { sameSel, titleOf, type Chart, type Mark, type Pattern, type Selection } from '../layout/shapes';
import { COLORS, FONT_FAMILY } from '../layout/palette';

export const PATTERN_IDS: Pattern[] = ['diag', 'dots', 'cross', 'horiz', 'vert', 'rdiag', 'grid'];

/** Pattern tiles drawn in a dark translucent ink so they read over any fill. */
export function PatternDefs({ prefix }: { prefix: string }) {
  const ink = 'rgba(0,0,0,0.45)';
  return (
    <defs>
      <pattern id={`${prefix}-diag`} width="6" height="6" patternUnits="userSpaceOnUse">
        <path d="M0,6 L6,0" stroke={ink} strokeWidth="1" />
      </pattern>
      <pattern id={`${prefix}-rdiag`} width="6" height="6" patternUnits="userSpaceOnUse">
        <path d="M0,0 L6,6" stroke={ink} strokeWidth="1" />
      </pattern>
      <pattern id={`${prefix}-cross`} width="6" height="6" patternUnits="userSpaceOnUse">
        <path d="M0,6 L6,0 M0,0 L6,6" stroke={ink} strokeWidth="1" />
      </pattern>
      <pattern id={`${prefix}-dots`} width="5" height="5" patternUnits="userSpaceOnUse">
        <circle cx="2.5" cy="2.5" r="1" fill={ink} />
      </pattern>
      <pattern id={`${prefix}-horiz`} width="6" height="4" patternUnits="userSpaceOnUse">
        <path d="M0,2 L6,2" stroke={ink} strokeWidth="1" />
      </pattern>
      <pattern id={`${prefix}-vert`} width="4" height="6" patternUnits="userSpaceOnUse">
        <path d="M2,0 L2,6" stroke={ink} strokeWidth="1" />
      </pattern>
      <pattern id={`${prefix}-grid`} width="6" height="6" patternUnits="userSpaceOnUse">
        <path d="M0,3 L6,3 M3,0 L3,6" stroke={ink} strokeWidth="0.8" />
      </pattern>
    </defs>
  );
}

function dataAttrs(m: Mark, selected: boolean): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  if (m.data) for (const [k, v] of Object.entries(m.data)) out[`data-${k}`] = v;
  if (selected) out['data-selected'] = 'true';
  return out;
}

/** Path of a glyph centred on x,y (also used by the canvas renderer through Path2D). */
export function symbolPath(shape: string, x: number, y: number, s: number): string {
  const h = s / 2;
  switch (shape) {
    case 'triangle':
      return `M${x},${y - h}L${x + h},${y + h}L${x - h},${y + h}Z`;
    case 'diamond':
      return `M${x},${y - h}L${x + h},${y}L${x},${y + h}L${x - h},${y}Z`;
    case 'pin':
      return `M${x},${y + s}L${x - h},${y}A${h},${h} 0 1 1 ${x + h},${y}Z`;
    case 'cross':
      return `M${x - h},${y - h}L${x + h},${y + h}M${x - h},${y + h}L${x + h},${y - h}`;
    case 'square':
      return `M${x - h},${y - h}h${s}v${s}h${-s}Z`;
    default:
      return `M${x - h},${y}a${h},${h} 0 1 0 ${s},0a${h},${h} 0 1 0 ${-s},0`;
  }
}

function r1(v: number): number {
  return Math.round(v * 10) / 10;
}

export function renderMark(
  m: Mark,
  k: number,
  prefix: string,
  selection: Selection | null,
  onPick?: (s: Selection) => void,
  key: string | number = k,
  /** over a canvas that draws it (transparent): the element, its data-* and tooltip, no pattern or label */
  bare = false,
  title = titleOf(m),
): ReactElement {
  const selected = sameSel(selection, m.sel);
  const attrs = dataAttrs(m, selected);
  const click = m.sel && onPick ? () => onPick(m.sel!) : undefined;
  const t = title ? <title>{title}</title> : null;
  const cls = [m.cls, m.sel ? 'pick' : null, selected ? 'hl' : null].filter(Boolean).join(' ') || undefined;
  switch (m.t) {
    case 'rect': {
      const fill = m.fill === 'none' ? 'none' : m.fill;
      const clip = !bare && m.label && m.w > 40 ? `${prefix}-c${k}` : null;
      return (
        <g key={key} className={cls} onClick={click} {...attrs}>
          {t}
          <rect
            x={r1(m.x)}
            y={r1(m.y)}
            width={r1(m.w)}
            height={r1(m.h)}
            fill={fill}
            fillOpacity={m.opacity}
            stroke={selected ? COLORS.highlight : m.stroke}
            strokeWidth={selected ? 2 : m.stroke ? 1 : undefined}
            strokeDasharray={m.dash ? '3 2' : undefined}
          />
          {!bare && m.pattern && m.pattern !== 'none' && (
            <rect
              x={r1(m.x)}
              y={r1(m.y)}
              width={r1(m.w)}
              height={r1(m.h)}
              fill={`url(#${prefix}-${m.pattern})`}
              pointerEvents="none"
            />
          )}
          {clip && (
            <>
              <clipPath id={clip}>
                <rect x={r1(m.x)} y={r1(m.y)} width={r1(m.w)} height={r1(m.h)} />
              </clipPath>
              <text
                x={r1(m.x + 3)}
                y={r1(m.y + Math.min(m.h, 16) - 4)}
                fontSize="10"
                clipPath={`url(#${clip})`}
                className="mark-label"
              >
                {m.label}
              </text>
            </>
          )}
        </g>
      );
    }
    case 'line':
      return (
        <line
          key={key}
          className={cls}
          onClick={click}
          {...attrs}
          x1={r1(m.x1)}
          y1={r1(m.y1)}
          x2={r1(m.x2)}
          y2={r1(m.y2)}
          stroke={selected ? COLORS.highlight : m.stroke}
          strokeWidth={m.width ?? 1}
          strokeDasharray={m.dash ? '4 3' : undefined}
        >
          {t}
        </line>
      );
    case 'text':
      return (
        <text
          key={key}
          className={cls}
          onClick={click}
          {...attrs}
          x={r1(m.x)}
          y={r1(m.y)}
          fontSize={m.size ?? 11}
          textAnchor={m.anchor ?? 'start'}
          fill={m.fill ?? 'currentColor'}
          fontWeight={selected ? 700 : undefined}
        >
          {m.text}
          {t}
        </text>
      );
    case 'path':
      return (
        <path
          key={key}
          className={cls}
          onClick={click}
          {...attrs}
          d={m.d}
          stroke={selected ? COLORS.highlight : m.stroke}
          fill={m.fill ?? 'none'}
          strokeWidth={m.width ?? 1}
          strokeDasharray={m.dash ? '5 3' : undefined}
        >
          {t}
        </path>
      );
    case 'symbol':
      return (
        <path
          key={key}
          className={cls}
          onClick={click}
          {...attrs}
          d={symbolPath(m.shape, r1(m.x), r1(m.y), m.size)}
          fill={m.shape === 'cross' ? 'none' : m.fill}
          stroke={selected ? COLORS.highlight : m.shape === 'cross' ? m.fill : m.stroke}
          strokeWidth={m.shape === 'cross' || selected ? 2 : 1}
        >
          {t}
        </path>
      );
  }
}

/**
 * React keys that follow a mark, not its place in the list: a chart laid out at the cursor gains marks in the middle
 * (a lane's new segment, a barrier glyph) as the cursor steps, and index keys would then rewrite the attributes of
 * every later element, so Blink re-paints (and re-rasterises, patterns included) marks that did not change. The key is
 * what identifies a mark across layouts: its kind, class, its first data field (what kind of mark a layout made:
 * `rec-resource`, `wait`, `queue`...) with its value (not the cursor line's), the resource (or queue, fence) and subresource (or slot) it
 * belongs to, and the call it starts at (or the barrier, wait or submit it shows); numbered when repeated. Order in the
 * DOM, and so the drawing, is unchanged.
 */
export function markKeys(marks: readonly Mark[]): string[] {
  const seen = new Map<string, number>();
  return marks.map((m) => {
    const d = m.data;
    let base: string;
    if (d) {
      let first = '';
      for (const k in d) {
        // the cursor line is one mark that moves
        first = k === 'cursor' ? k : `${k}=${d[k]}`;
        break;
      }
      const res = d.resource ?? d['rec-resource'] ?? d.queue ?? d.fence ?? '';
      const sub = d.sub ?? d['rec-sub'] ?? d.slot ?? '';
      const at = d.from ?? d.call ?? d.i ?? d['rec-barrier'] ?? d.wait ?? d.submit ?? '';
      base = `${m.t}|${m.cls ?? ''}|${first}|${res}|${sub}|${at}`;
    } else base = `${m.t}|${m.cls ?? ''}|${m.t === 'text' ? m.text : ''}`;
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return n === 0 ? base : `${base}#${n}`;
  });
}

export interface SvgChartProps {
  chart: Chart;
  /** unique per chart on the page (pattern and clip ids) */
  id: string;
  selection: Selection | null;
  onPick?(s: Selection): void;
  svgRef?: React.Ref<SVGSVGElement>;
  testId?: string;
  /**
   * Laid over a canvas that draws the same marks (ChartView's exact mode): the SVG stays the chart for pointers,
   * tooltips, assistive technology and tests, but is fully transparent, so the browser never rasterises it; and
   * it leaves out what only the picture needs (pattern fills, clipped labels), which cost elements on every frame.
   */
  overCanvas?: boolean;
}

/** Above the canvas, transparent (Blink skips painting a subtree at opacity 0; hit-testing still sees it). */
const OVER_CANVAS: React.CSSProperties = { position: 'absolute', left: 0, top: 0, opacity: 0 };

export function SvgChart({ chart, id, selection, onPick, svgRef, testId, overCanvas }: SvgChartProps) {
  const keys = markKeys(chart.marks);
  const elements = useMarkElements(chart.marks, keys, id, selection, onPick, !!overCanvas);
  return (
    <svg
      ref={svgRef}
      xmlns="http://www.w3.org/2000/svg"
      width={chart.width}
      height={chart.height}
      viewBox={`0 0 ${chart.width} ${chart.height}`}
      role="img"
      aria-label={chart.label}
      data-testid={testId}
      data-renderer="svg"
      className="panel-chart"
      style={overCanvas ? OVER_CANVAS : undefined}
      fontFamily={FONT_FAMILY}
    >
      {!overCanvas && <PatternDefs prefix={id} />}
      {elements}
    </svg>
  );
}

/** A mark's element as last rendered, and what it was rendered from. */
interface Rendered {
  m: Mark;
  /** its tooltip: layouts give most marks a title function, new at every layout */
  title: string | undefined;
  k: number;
  selected: boolean;
  el: ReactElement;
}

function sameFlat(a: object | undefined, b: object | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  for (const k in x) if (x[k] !== y[k]) return false;
  for (const k in y) if (!(k in x) && y[k] !== undefined) return false;
  return true;
}

/** Same element: every field equal (`data` and `sel` field by field; the titles, given as text, by the caller). */
export function sameMark(a: Mark, b: Mark): boolean {
  if (a === b) return true;
  const x = a as unknown as Record<string, unknown>;
  const y = b as unknown as Record<string, unknown>;
  for (const k in x) {
    if (x[k] === y[k] || k === 'title') continue;
    if ((k === 'data' || k === 'sel') && sameFlat(x[k] as object, y[k] as object)) continue;
    return false;
  }
  for (const k in y) if (!(k in x) && y[k] !== undefined && k !== 'title') return false;
  return true;
}

/**
 * The marks' elements, reusing last render's element for every mark that did not change (same key, same fields,
 * same selection state): a chart laid out at the cursor makes new mark objects at every step, but a step changes
 * only a few of them (a lane's last segment, the new glyphs), and React skips an element it rendered before, so the
 * SVG's other elements are neither rendered nor diffed again (while lesson 21 plays, that was most of each frame).
 */
function useMarkElements(
  marks: readonly Mark[],
  keys: readonly string[],
  prefix: string,
  selection: Selection | null,
  onPick: ((s: Selection) => void) | undefined,
  bare: boolean,
): ReactElement[] {
  const last = useRef<{ prefix: string; onPick: unknown; bare: boolean; byKey: Map<string, Rendered> } | null>(null);
  const prev = last.current;
  const reuse = prev && prev.prefix === prefix && prev.onPick === onPick && prev.bare === bare ? prev.byKey : null;
  const byKey = new Map<string, Rendered>();
  const elements = marks.map((m, k) => {
    const key = keys[k];
    const selected = sameSel(selection, m.sel);
    const old = reuse?.get(key);
    const title = titleOf(m);
    // the index only names a clipped label's clip path, which the bare SVG leaves out
    const el =
      old && old.selected === selected && old.title === title && (bare || old.k === k) && sameMark(old.m, m)
        ? old.el
        : renderMark(m, k, prefix, selection, onPick, key, bare, title);
    byKey.set(key, { m, title, k, selected, el });
    return el;
  });
  // kept once committed: a render React throws away never becomes what the next one compares with
  useLayoutEffect(() => {
    last.current = { prefix, onPick, bare, byKey };
  });
  return elements;
}
