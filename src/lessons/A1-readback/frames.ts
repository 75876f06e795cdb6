// What the A1 check and the bench read from a run: the pixels each frame should have, the pixels a read-back frame
// got wrong, and each mode's throughput in frames per modelled second (no ?raw import: the bench loads it in Node).
import type { LessonRun } from '../types';
import { SQUARE, SQUARE_COLOR, SQUARE_TOP, background, squareLeft, type Mode, type ReadBack } from './code';

export type RGBA = [number, number, number, number];
const byte = (c: number) => Math.round(c * 255);

/** The pixel frame n has at (x, y): its square, or its background. */
export function expectedPixel(n: number, x: number, y: number): RGBA {
  const inSquare = x >= squareLeft(n) && x < squareLeft(n) + SQUARE && y >= SQUARE_TOP && y < SQUARE_TOP + SQUARE;
  const c = inSquare ? SQUARE_COLOR : background(n);
  return [byte(c[0]), byte(c[1]), byte(c[2]), byte(c[3])];
}

export const readBackOf = (run: LessonRun) => (run.out.readBack as ReadBack[] | undefined) ?? [];
export const sizeOf = (run: LessonRun) => (run.out.size as { width: number; height: number } | undefined) ?? null;
export const at = (p: Uint8Array, w: number, x: number, y: number): RGBA => {
  const o = (y * w + x) * 4;
  return [p[o], p[o + 1], p[o + 2], p[o + 3]];
};

/** Pixels of a read-back frame that are not the frame that was rendered (−1: nothing read). */
export function wrongPixels(r: ReadBack, width: number, height: number): number {
  let n = 0;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const got = at(r.pixels, width, x, y);
      const want = expectedPixel(r.frame, x, y);
      if ([0, 1, 2, 3].some((k) => Math.abs(got[k] - want[k]) > 1)) n++;
    }
  return n;
}

/** Frames per modelled second of one mode: read-back frames over the modelled time between its first and last Map. */
export function modelledFps(run: LessonRun, mode: Mode): number {
  const rows = readBackOf(run).filter((r) => r.mode === mode);
  if (rows.length < 2) return 0;
  const t = (i: number) => {
    const e = run.sys.trace.events.find((x) => x.k === 'call' && x.i === i);
    return e && e.k === 'call' ? e.t : 0;
  };
  const ns = t(rows[rows.length - 1].mapCall) - t(rows[0].mapCall);
  return ns > 0 ? ((rows.length - 1) * 1e9) / ns : 0;
}

/** Mean modelled time, in ms, of each stage of a frame: the CPU's work, a DIRECT render list, a COPY readback list. */
export function stageMs(run: LessonRun, cpuWorkMs: number): { cpu: number; direct: number; copy: number } | null {
  const q = run.out.queues as { direct: number; copy: number } | undefined;
  if (!q) return null;
  const mean = (queue: number) => {
    const d = run.sys.trace.events.flatMap((e) => (e.k === 'gpu' && e.queue === queue ? [e.end - e.start] : []));
    return d.length ? d.reduce((a, b) => a + b, 0) / d.length / 1e6 : 0;
  };
  return { cpu: cpuWorkMs, direct: mean(q.direct), copy: mean(q.copy) };
}
