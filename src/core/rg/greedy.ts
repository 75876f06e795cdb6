// Constructive placers over a Prepared problem: deterministic, no allocation in the loops.
//  - firstFit: items in a given order, each at the lowest aligned offset free among its placed conflicts.
//    O(n · degree); the render graph's compile uses it.
//  - skyline: best fit on the memory-over-time skyline (after Sekiyama et al., "Profile-guided memory
//    optimization for deep neural networks", 2018): fill the lowest flat stretch with the item that scores
//    best, minus the bytes it would strand (a side gap no unplaced item fits in); when nothing fits, raise
//    the stretch to its lower neighbour.
import { alignUp } from './problem';
import type { Prepared } from './prepared';

const FAR = 0x3fffffff;

export class Greedy {
  private readonly p: Prepared;
  private readonly starts: Float64Array;
  private readonly ends: Float64Array;
  private readonly placed: Uint8Array;
  private readonly height: Float64Array;
  /** Items by start slot, each bucket sorted by end: byLo[byLoStart[t] .. byLoStart[t + 1]). */
  private readonly byLoStart: Int32Array;
  private readonly byLo: Int32Array;
  /** First unplaced entry of each start bucket, and its end slot (FAR when the bucket is used up). */
  private readonly firstFree: Int32Array;
  private readonly minHiAt: Int32Array;

  constructor(p: Prepared) {
    this.p = p;
    let maxDeg = 1;
    for (let k = 0; k < p.n; k++) maxDeg = Math.max(maxDeg, p.nbrStart[k + 1] - p.nbrStart[k]);
    this.starts = new Float64Array(maxDeg);
    this.ends = new Float64Array(maxDeg);
    this.placed = new Uint8Array(p.n);
    const T = p.slots;
    this.height = new Float64Array(T);
    this.byLoStart = new Int32Array(T + 1);
    for (let j = 0; j < p.n; j++) this.byLoStart[p.lo[j] + 1]++;
    for (let t = 0; t < T; t++) this.byLoStart[t + 1] += this.byLoStart[t];
    const fill = this.byLoStart.slice(0, T);
    const byHi = Array.from({ length: p.n }, (_, k) => k).sort((x, y) => p.hi[x] - p.hi[y] || x - y);
    this.byLo = new Int32Array(p.n);
    for (const j of byHi) this.byLo[fill[p.lo[j]]++] = j;
    this.firstFree = new Int32Array(T);
    this.minHiAt = new Int32Array(T);
  }

  /**
   * Lowest aligned offset for item j clear of its placed conflicts (offsets in off). Candidates are 0 and the
   * conflicts' ends, rising; with starts and ends sorted apart, the conflicts overlapping [x, x + size) number
   * #(start < x + size) - #(end <= x), and both counts only grow as x does: O(d log d), not O(d²).
   */
  lowestFit(off: Float64Array, j: number): number {
    const { p, placed } = this;
    let d = 0;
    for (let e = p.nbrStart[j], end = p.nbrStart[j + 1]; e < end; e++) {
      const q = p.nbr[e];
      if (!placed[q]) continue;
      this.starts[d] = off[q];
      this.ends[d++] = off[q] + p.size[q];
    }
    if (d === 0) return 0;
    const size = p.size[j];
    const al = p.align[j];
    if (d <= 48) {
      // few conflicts: insertion sort by start, one sweep
      const { starts, ends } = this;
      for (let a = 1; a < d; a++) {
        const s0 = starts[a];
        const e0 = ends[a];
        let i = a;
        while (i > 0 && starts[i - 1] > s0) {
          starts[i] = starts[i - 1];
          ends[i] = ends[i - 1];
          i--;
        }
        starts[i] = s0;
        ends[i] = e0;
      }
      let x = 0;
      for (let i = 0; i < d; i++) {
        if (starts[i] >= x + size) break;
        if (ends[i] > x) x = alignUp(ends[i], al);
      }
      return x;
    }
    const S = this.starts.subarray(0, d).sort();
    const E = this.ends.subarray(0, d).sort();
    let i = 0;
    let k = 0;
    for (let c = 0, next = 0; ; c = alignUp(E[next++], al)) {
      while (i < d && S[i] < c + size) i++;
      while (k < d && E[k] <= c) k++;
      if (i === k) return c;
    }
  }

  /** Places the items of `order` one by one at their lowest fit; returns the peak, offsets in off. */
  firstFit(order: ArrayLike<number>, off: Float64Array): number {
    this.placed.fill(0);
    let peak = 0;
    for (let r = 0; r < order.length; r++) {
      const j = order[r];
      const x = this.lowestFit(off, j);
      off[j] = x;
      this.placed[j] = 1;
      if (x + this.p.size[j] > peak) peak = x + this.p.size[j];
    }
    return peak;
  }

  /**
   * Completes a partial placement: items with mask[j] keep off[j]; the others go, in `order`, at their lowest
   * fit. Returns the peak.
   */
  complete(mask: Uint8Array, order: ArrayLike<number>, off: Float64Array): number {
    this.placed.set(mask);
    let peak = 0;
    for (let j = 0; j < this.p.n; j++) if (mask[j]) peak = Math.max(peak, off[j] + this.p.size[j]);
    for (let r = 0; r < order.length; r++) {
      const j = order[r];
      if (this.placed[j]) continue;
      const x = this.lowestFit(off, j);
      off[j] = x;
      this.placed[j] = 1;
      if (x + this.p.size[j] > peak) peak = x + this.p.size[j];
    }
    return peak;
  }

  private refresh(t: number): void {
    const { byLo, placed } = this;
    let k = this.firstFree[t];
    const end = this.byLoStart[t + 1];
    while (k < end && placed[byLo[k]]) k++;
    this.firstFree[t] = k;
    this.minHiAt[t] = k < end ? this.p.hi[byLo[k]] : FAR;
  }

  /** Some unplaced item lives within [x, y). */
  private fillable(x: number, y: number): boolean {
    for (let t = x; t < y; t++) if (this.minHiAt[t] <= y) return true;
    return false;
  }

  /**
   * Skyline best fit; `score[j]` ranks items (higher first), `strandWeight` scales the stranded-bytes penalty
   * (0: plain best fit). Returns the peak, offsets in off.
   */
  skyline(score: ArrayLike<number>, strandWeight: number, off: Float64Array): number {
    const { p, height: h, placed, byLo } = this;
    const T = p.slots;
    h.fill(0);
    placed.fill(0);
    for (let t = 0; t < T; t++) {
      this.firstFree[t] = this.byLoStart[t];
      this.refresh(t);
    }
    let left = p.n;
    let peak = 0;
    while (left > 0) {
      let t0 = 0;
      for (let t = 1; t < T; t++) if (h[t] < h[t0]) t0 = t;
      const base = h[t0];
      const a = t0;
      let b = t0 + 1;
      while (b < T && h[b] === base) b++;
      const hl = a > 0 ? h[a - 1] : Infinity;
      const hr = b < T ? h[b] : Infinity;
      let best = -1;
      let bestScore = -Infinity;
      for (let e = this.byLoStart[a], end = this.byLoStart[b]; e < end; e++) {
        const j = byLo[e];
        if (placed[j]) continue;
        if (p.hi[j] > b) continue;
        let s = score[j];
        if (strandWeight > 0) {
          const top = alignUp(base, p.align[j]) + p.size[j];
          let strand = 0;
          if (p.lo[j] > a && !this.fillable(a, p.lo[j])) strand += (p.lo[j] - a) * (Math.min(hl, top) - base);
          if (p.hi[j] < b && !this.fillable(p.hi[j], b)) strand += (b - p.hi[j]) * (Math.min(hr, top) - base);
          s -= strandWeight * strand;
        }
        if (s > bestScore) {
          bestScore = s;
          best = j;
        }
      }
      if (best < 0) {
        const up = Math.min(hl, hr);
        for (let t = a; t < b; t++) h[t] = up;
        continue;
      }
      const x = alignUp(base, p.align[best]);
      const top = x + p.size[best];
      off[best] = x;
      placed[best] = 1;
      left--;
      for (let t = p.lo[best]; t < p.hi[best]; t++) h[t] = top;
      if (top > peak) peak = top;
      this.refresh(p.lo[best]);
    }
    return peak;
  }
}
