// Two constructive placers over a Prepared problem. Both are deterministic and O(n²)-ish at worst.
//  - firstFit: items in a given order, each at the lowest aligned offset free among its placed conflicts.
//  - skyline (Sekiyama et al.'s best fit): fill the lowest flat stretch of the memory-over-time skyline with
//    the item that fits it best; when nothing fits, raise the stretch to its lower neighbour (wasted bytes).
import { alignUp } from './problem';
import type { Prepared } from './prepared';

/** Scratch buffers reused across calls so the hot loops allocate nothing. */
export class Scratch {
  starts: Float64Array;
  ends: Float64Array;
  idx: Int32Array;
  placed: Uint8Array;
  height: Float64Array;
  constructor(p: Prepared) {
    const maxDeg = Math.max(1, ...Array.from({ length: p.n }, (_, k) => p.nbrStart[k + 1] - p.nbrStart[k]));
    this.starts = new Float64Array(maxDeg);
    this.ends = new Float64Array(maxDeg);
    this.idx = new Int32Array(maxDeg);
    this.placed = new Uint8Array(p.n);
    this.height = new Float64Array(p.slots + 1);
  }
}

/** Lowest aligned offset for item j that avoids its conflicts marked in s.placed (offsets in off). */
export function lowestFit(p: Prepared, s: Scratch, off: Float64Array, j: number): number {
  const { starts, ends, idx, placed } = s;
  let d = 0;
  for (let e = p.nbrStart[j], end = p.nbrStart[j + 1]; e < end; e++) {
    const q = p.nbr[e];
    if (!placed[q]) continue;
    // insertion by start keeps the list sorted; degrees are small in practice
    const st = off[q];
    let i = d++;
    while (i > 0 && starts[i - 1] > st) {
      starts[i] = starts[i - 1];
      ends[i] = ends[i - 1];
      i--;
    }
    starts[i] = st;
    ends[i] = st + p.size[q];
  }
  void idx;
  const size = p.size[j];
  const al = p.align[j];
  let x = 0;
  for (let i = 0; i < d; i++) {
    if (starts[i] >= x + size) break;
    if (ends[i] > x) x = alignUp(ends[i], al);
  }
  return x;
}

/** Places the items of `order` one by one at their lowest fit; returns the peak. */
export function firstFit(p: Prepared, s: Scratch, order: ArrayLike<number>, off: Float64Array): number {
  s.placed.fill(0);
  let peak = 0;
  for (let r = 0; r < order.length; r++) {
    const j = order[r];
    const x = lowestFit(p, s, off, j);
    off[j] = x;
    s.placed[j] = 1;
    if (x + p.size[j] > peak) peak = x + p.size[j];
  }
  return peak;
}

/** Which item the skyline placer prefers for a stretch: higher score wins. */
export type SkylineScore = (p: Prepared, j: number) => number;

export const SKYLINE_SCORES: readonly SkylineScore[] = [
  (p, j) => (p.hi[j] - p.lo[j]) * 1e12 + p.size[j], // longest lifetime, then largest (Sekiyama)
  (p, j) => p.size[j] * 1e6 + (p.hi[j] - p.lo[j]), // largest, then longest
  (p, j) => p.size[j] * (p.hi[j] - p.lo[j]), // largest area
];

/**
 * Skyline best fit. `height` per slot starts at 0; the lowest flat stretch (leftmost on ties) takes the
 * best-scoring unplaced item whose whole lifetime lies inside it. Returns the peak; offsets in off.
 */
export function skyline(p: Prepared, s: Scratch, score: SkylineScore, off: Float64Array): number {
  const T = p.slots;
  const h = s.height;
  h.fill(0);
  s.placed.fill(0);
  let left = p.n;
  let peak = 0;
  while (left > 0) {
    let t0 = 0;
    for (let t = 1; t < T; t++) if (h[t] < h[t0]) t0 = t;
    const base = h[t0];
    let a = t0;
    let b = t0 + 1;
    while (a > 0 && h[a - 1] === base) a--;
    while (b < T && h[b] === base) b++;
    let best = -1;
    let bestScore = -Infinity;
    for (let j = 0; j < p.n; j++) {
      if (s.placed[j] || p.lo[j] < a || p.hi[j] > b) continue;
      const sc = score(p, j);
      if (sc > bestScore) {
        bestScore = sc;
        best = j;
      }
    }
    if (best < 0) {
      const up = Math.min(a > 0 ? h[a - 1] : Infinity, b < T ? h[b] : Infinity);
      for (let t = a; t < b; t++) h[t] = up;
      continue;
    }
    const x = alignUp(base, p.align[best]);
    const top = x + p.size[best];
    off[best] = x;
    s.placed[best] = 1;
    left--;
    for (let t = p.lo[best]; t < p.hi[best]; t++) h[t] = top;
    if (top > peak) peak = top;
  }
  return peak;
}
