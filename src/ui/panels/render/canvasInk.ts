// What the canvas renderer draws with that costs to make (issue 16, lesson 21 at 30 frames/s): labels as cached
// bitmaps and pattern tiles, each made once and copied at every draw.
import type { Pattern } from '../layout/shapes';
import { FONT_FAMILY } from '../layout/palette';

const patternCache = new Map<string, CanvasPattern | null>();
/** Labels inside rects: SvgChart's `.mark-label` fill (panels.css), dark on every state and heap colour. */
export const LABEL_INK = '#111';
export const LABEL_FONT = `10px ${FONT_FAMILY}`;

interface TextBitmap {
  img: HTMLCanvasElement;
  /** advance width of the text, CSS px */
  width: number;
  /** where the text's origin (left end of its baseline) lies in the bitmap, CSS px */
  ox: number;
  oy: number;
}

/**
 * Text as bitmaps, drawn once per (text, font, colour, scale): a chart laid out at the cursor is redrawn whole at
 * every frame of an animation with the same labels, and setting `font` plus `fillText` cost ~0.2 ms a label on
 * this machine (~17 ms a frame for lesson 21's charts), where copying a bitmap costs a few microseconds. The
 * bitmap holds the glyphs as fillText draws them; it is placed on whole device pixels, as glyphs are.
 */
const textCache = new Map<string, TextBitmap | null>();
const TEXT_CACHE_MAX = 4000;

function textBitmap(text: string, font: string, fill: string, dpr: number): TextBitmap | null {
  const key = `${dpr}|${font}|${fill}|${text}`;
  const hit = textCache.get(key);
  if (hit !== undefined) return hit;
  if (textCache.size >= TEXT_CACHE_MAX) textCache.clear();
  const size = Number(/(\d+(?:\.\d+)?)px/.exec(font)?.[1] ?? 11);
  const img = document.createElement('canvas');
  const g = img.getContext('2d', { willReadFrequently: true });
  let out: TextBitmap | null = null;
  if (g) {
    g.font = font;
    const width = g.measureText(text).width;
    // room for overhangs (italic-free, but glyphs may ink a little outside their advance) and descenders
    const ox = 2;
    const oy = Math.ceil(size * 1.2);
    img.width = Math.max(1, Math.ceil((width + 2 * ox) * dpr));
    img.height = Math.ceil(Math.ceil(size * 1.6) * dpr);
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    g.font = font;
    g.fillStyle = fill;
    g.fillText(text, ox, oy);
    out = { img, width, ox, oy };
  }
  textCache.set(key, out);
  return out;
}

/** fillText at (x, y) with this alignment, optionally clipped to a rect (a label inside its bar). */
export function drawText(
  ctx: CanvasRenderingContext2D,
  text: string,
  font: string,
  fill: string,
  anchor: 'start' | 'middle' | 'end',
  x: number,
  y: number,
  dpr: number,
  clip: { x: number; y: number; w: number; h: number } | null,
): void {
  const b = textBitmap(text, font, fill, dpr);
  if (!b) return;
  const ax = anchor === 'middle' ? b.width / 2 : anchor === 'end' ? b.width : 0;
  // the bitmap's top-left on a whole device pixel
  let dx = Math.round((x - ax - b.ox) * dpr) / dpr;
  let dy = Math.round((y - b.oy) * dpr) / dpr;
  let dw = b.img.width / dpr;
  let dh = b.img.height / dpr;
  let sx = 0;
  let sy = 0;
  if (clip) {
    const x0 = Math.max(dx, clip.x);
    const y0 = Math.max(dy, clip.y);
    const x1 = Math.min(dx + dw, clip.x + clip.w);
    const y1 = Math.min(dy + dh, clip.y + clip.h);
    if (x1 <= x0 || y1 <= y0) return;
    sx = (x0 - dx) * dpr;
    sy = (y0 - dy) * dpr;
    [dx, dy, dw, dh] = [x0, y0, x1 - x0, y1 - y0];
  }
  ctx.drawImage(b.img, sx, sy, dw * dpr, dh * dpr, dx, dy, dw, dh);
}

/** Tile size of each pattern: the same tiles as SvgChart's PatternDefs, so both renderers draw the same hatching. */
const TILE: Record<Exclude<Pattern, 'none'>, [number, number]> = {
  diag: [6, 6],
  rdiag: [6, 6],
  cross: [6, 6],
  dots: [5, 5],
  horiz: [6, 4],
  vert: [4, 6],
  grid: [6, 6],
};

export function tile(ctx: CanvasRenderingContext2D, p: Exclude<Pattern, 'none'>): CanvasPattern | null {
  const cached = patternCache.get(p);
  if (cached !== undefined) return cached;
  const c = document.createElement('canvas');
  [c.width, c.height] = TILE[p];
  // software like the charts (prepareCanvas): a GPU-backed tile in a software canvas is read back at every paint
  const g = c.getContext('2d', { willReadFrequently: true });
  if (!g) return null;
  g.strokeStyle = 'rgba(0,0,0,0.45)';
  g.fillStyle = 'rgba(0,0,0,0.45)';
  g.lineWidth = p === 'grid' ? 0.8 : 1;
  g.beginPath();
  if (p === 'diag' || p === 'cross') {
    g.moveTo(0, 6);
    g.lineTo(6, 0);
  }
  if (p === 'rdiag' || p === 'cross') {
    g.moveTo(0, 0);
    g.lineTo(6, 6);
  }
  if (p === 'horiz') {
    g.moveTo(0, 2);
    g.lineTo(6, 2);
  }
  if (p === 'vert') {
    g.moveTo(2, 0);
    g.lineTo(2, 6);
  }
  if (p === 'grid') {
    g.moveTo(0, 3);
    g.lineTo(6, 3);
    g.moveTo(3, 0);
    g.lineTo(3, 6);
  }
  g.stroke();
  if (p === 'dots') {
    g.beginPath();
    g.arc(2.5, 2.5, 1, 0, Math.PI * 2);
    g.fill();
  }
  const pat = ctx.createPattern(c, 'repeat');
  patternCache.set(p, pat);
  return pat;
}
