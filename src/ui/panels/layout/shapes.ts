// The marks every panel layout produces (Observable Plot's idea: a layout is a pure function of the data
// that returns marks in pixel space). One renderer draws them as SVG (testable, snapshot-able) and another as
// canvas (for dense traces); both read the same array, so tests of the data are tests of what is drawn.

export type SelectionKind = 'resource' | 'call' | 'message' | 'fence' | 'heap' | 'queue' | 'descriptor';

export interface Selection {
  kind: SelectionKind;
  id: number;
}

/** Fill patterns carry the same meaning as colour so colour is never the only signal (UX.md). */
export type Pattern = 'none' | 'diag' | 'dots' | 'cross' | 'horiz' | 'vert' | 'rdiag' | 'grid';

interface Base {
  /** data-* attributes for tests and automation (`resource` -> data-resource) */
  data?: Record<string, string | number>;
  /** tooltip / accessible name; a function when it is costly to format and rarely read (dense views) */
  title?: string | (() => string);
  /** what clicking selects; also what highlights it */
  sel?: Selection;
  cls?: string;
}

export interface RectMark extends Base {
  t: 'rect';
  x: number;
  y: number;
  w: number;
  h: number;
  fill: string;
  pattern?: Pattern;
  stroke?: string;
  dash?: boolean;
  opacity?: number;
  /** drawn inside the rect when it is wide enough */
  label?: string;
}

export interface LineMark extends Base {
  t: 'line';
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  stroke: string;
  width?: number;
  dash?: boolean;
}

export interface TextMark extends Base {
  t: 'text';
  x: number;
  y: number;
  text: string;
  anchor?: 'start' | 'middle' | 'end';
  fill?: string;
  size?: number;
}

export interface PathMark extends Base {
  t: 'path';
  d: string;
  stroke?: string;
  fill?: string;
  width?: number;
  dash?: boolean;
}

/** A small glyph (barrier tick, promotion circle, decay diamond, message pin), centred at x,y. */
export interface SymbolMark extends Base {
  t: 'symbol';
  x: number;
  y: number;
  shape: 'triangle' | 'circle' | 'diamond' | 'pin' | 'cross' | 'square';
  size: number;
  fill: string;
  stroke?: string;
}

export type Mark = RectMark | LineMark | TextMark | PathMark | SymbolMark;

export interface Chart {
  width: number;
  height: number;
  marks: Mark[];
  /** accessible description of what the chart shows */
  label: string;
}

export function titleOf(m: { title?: string | (() => string) }): string | undefined {
  return typeof m.title === 'function' ? m.title() : m.title;
}

export function sameSel(a: Selection | null | undefined, b: Selection | null | undefined): boolean {
  return !!a && !!b && a.kind === b.kind && a.id === b.id;
}

/** Descriptor selections pack heap and slot into one number (Selection.id is a number by contract). */
export function descriptorSelId(heap: number, slot: number): number {
  return heap * 1_000_000 + slot;
}

/**
 * Level of detail: consecutive narrow rects of the same lane (same key) closer than a pixel are merged into
 * one, counting what they hold in `data.merged`. A 100,000-event trace then draws about as many marks as the
 * panel has pixels, not as many as it has events; zooming in splits them again.
 */
export class NarrowMerger {
  private last = new Map<string, RectMark>();
  constructor(
    private readonly marks: Mark[],
    private readonly narrow = 3,
  ) {}

  /** Merge a narrow rect at x..x+w into the lane's previous one without building it; false if it must be pushed. */
  tryMerge(key: string, x: number, w: number): boolean {
    return mergeNarrow(this.last.get(key), x, w, this.narrow);
  }

  push(key: string, r: RectMark): void {
    if (this.tryMerge(key, r.x, r.w)) return;
    this.marks.push(r);
    this.last.set(key, r);
  }
}

/**
 * NarrowMerger's rule on one lane whose previous rect the caller holds (a dense layout numbering its lanes, so no
 * key string per item): merge a narrow rect at x..x+w into `prev`, in place; false if it must be drawn on its own.
 */
export function mergeNarrow(prev: RectMark | undefined, x: number, w: number, narrow = 3): boolean {
  if (!prev || w >= narrow || x - (prev.x + prev.w) >= 1 || x < prev.x) return false;
  prev.w = Math.max(prev.w, x + w - prev.x);
  // mutate in place: this runs once per hidden item on every redraw of a dense trace
  const data = prev.data ?? (prev.data = {});
  const n = ((data.merged as number | undefined) ?? 1) + 1;
  data.merged = n;
  if (n === 2) {
    prev.label = undefined;
    prev.title = () => `${data.merged} items (zoom in to separate them)`;
  }
  return true;
}

/**
 * The cursor-dependent part of a chart that was laid out once for the whole trace (dense traces, see
 * render/ChartView.tsx): what "as of call N" means beyond "everything right of the cursor is the future" —
 * the cursor line itself, the heap occupancy strip at the cursor, fence readouts. Cheap by contract:
 * O(what it draws) per call, never O(trace), because it runs on every cursor move.
 */
export type CursorOverlay = (cursor: number) => Mark[];
