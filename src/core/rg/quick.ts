// The render graph's placer: fast enough to run every frame (a 47-pass frame in microseconds, 10,000 passes
// in milliseconds). The lifetimes split into independent stretches of passes (no resource alive across the
// cut); each stretch is placed by first fit in two orders, largest first and first-used first, and the lower
// peak wins. Each resource goes at the lowest aligned offset clear of the placed resources alive with it. On
// frame graphs this reaches LOAD (rg.realistic.over_load in the bench); the heavy optimiser for hard
// instances is placeBest (placer.ts).
import type { PlaceItem } from './problem';

export interface QuickPlacement {
  offsets: number[];
  peak: number;
  load: number;
}

/** Stretches up to this many resources check conflicts pairwise instead of building conflict lists. */
const SMALL = 128;

function alignUp(x: number, a: number): number {
  if (a <= 1) return x;
  // whole numbers below 2^40: the quotient is exact enough that ceil is right, and a division is much cheaper
  // than the floating-point remainder
  if (x < 2 ** 40) return Math.ceil(x / a) * a;
  const r = x % a;
  return r === 0 ? x : x + a - r;
}

class FirstFit {
  readonly lo: Float64Array;
  readonly hi: Float64Array;
  readonly size: Float64Array;
  readonly align: Float64Array;
  readonly off: Float64Array;
  readonly placed: Uint8Array;
  private st = new Float64Array(64);
  private en = new Float64Array(64);

  constructor(lo: Float64Array, hi: Float64Array, size: Float64Array, align: Float64Array) {
    const n = lo.length;
    this.lo = lo;
    this.hi = hi;
    this.size = new Float64Array(n);
    this.align = align;
    this.off = new Float64Array(n);
    this.placed = new Uint8Array(n);
    for (let k = 0; k < n; k++) this.size[k] = size[k] > 0 && hi[k] > lo[k] ? size[k] : 0;
  }

  /**
   * Places `order` (item indices of one stretch) by first fit and returns the peak. `group` lists the stretch's
   * items in start order (placed flags are cleared for them); `nbr` gives conflict lists for large stretches.
   */
  run(order: Int32Array, group: Int32Array, out: Float64Array, nbr: Int32Array[] | null): number {
    const { lo, hi, size, align, placed } = this;
    for (let k = 0; k < group.length; k++) placed[group[k]] = 0;
    let peak = 0;
    for (let r = 0; r < order.length; r++) {
      const j = order[r];
      if (size[j] === 0) continue;
      let d = 0;
      if (nbr) {
        const list = nbr[r];
        for (let e = 0; e < list.length; e++) if (placed[list[e]]) d = this.add(d, list[e], out);
      } else {
        // the group is in start order: past the first item starting after j ends, none overlaps j
        for (let k = 0; k < group.length; k++) {
          const q = group[k];
          if (lo[q] >= hi[j]) break;
          if (placed[q] && lo[j] < hi[q]) d = this.add(d, q, out);
        }
      }
      const { st, en } = this;
      let x = 0;
      for (let i = 0; i < d; i++) {
        if (st[i] >= x + size[j]) break;
        if (en[i] > x) x = alignUp(en[i], align[j]);
      }
      out[j] = x;
      placed[j] = 1;
      if (x + size[j] > peak) peak = x + size[j];
    }
    return peak;
  }

  /** Inserts q's interval into the start-sorted scratch list of length d. */
  private add(d: number, q: number, out: Float64Array): number {
    if (d === this.st.length) {
      const s = new Float64Array(d * 2);
      s.set(this.st);
      const e = new Float64Array(d * 2);
      e.set(this.en);
      this.st = s;
      this.en = e;
    }
    const { st, en } = this;
    const s = out[q];
    let i = d;
    while (i > 0 && st[i - 1] > s) {
      st[i] = st[i - 1];
      en[i] = en[i - 1];
      i--;
    }
    st[i] = s;
    en[i] = s + this.size[q];
    return d + 1;
  }
}

export function placeLifetimes(items: readonly PlaceItem[]): QuickPlacement {
  const n = items.length;
  const lo = new Float64Array(n);
  const hi = new Float64Array(n);
  const size = new Float64Array(n);
  const align = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    const it = items[k];
    lo[k] = it.lower;
    hi[k] = it.upper;
    size[k] = it.size;
    align[k] = it.alignment ?? 1;
  }
  const r = placeArrays(lo, hi, size, align);
  return { offsets: Array.from(r.offsets), peak: r.peak, load: r.load };
}

/**
 * placeLifetimes over arrays (the compile's form: no item objects): lifetimes [lo, hi), sizes and alignments of
 * n items; offsets come back in a Float64Array in the same order.
 */
export function placeArrays(
  lo: Float64Array,
  hi: Float64Array,
  sizeIn: Float64Array,
  align: Float64Array,
): { offsets: Float64Array; peak: number; load: number } {
  const n = lo.length;
  const ff = new FirstFit(lo, hi, sizeIn, align);
  const size = ff.size;
  // Start order (ties: larger first, then input order).
  const byStart = startOrder(lo, size);
  const offsets = new Float64Array(n);
  const bufA = new Float64Array(n);
  const bufB = new Float64Array(n);
  const bySizeAll = new Int32Array(n);
  let peak = 0;
  let load = 0;
  // Walk the stretches: a stretch ends where no lifetime so far reaches past the next start.
  for (let s = 0; s < n;) {
    let e = s + 1;
    let reach = hi[byStart[s]];
    while (e < n && lo[byStart[e]] < reach) reach = Math.max(reach, hi[byStart[e++]]);
    const group = byStart.subarray(s, e);
    const groupLoad = stretchLoad(ff, group, lo[byStart[s]], reach);
    load = Math.max(load, groupLoad);
    const bySize = bySizeAll.subarray(s, e);
    bySize.set(group);
    sortBy(bySize, (a, b) => size[b] - size[a] || hi[b] - lo[b] - (hi[a] - lo[a]) || lo[a] - lo[b] || a - b);
    const big = group.length > SMALL;
    const pa = ff.run(bySize, group, bufA, big ? conflicts(ff, bySize) : null);
    const pb = pa > groupLoad ? ff.run(group, group, bufB, big ? conflicts(ff, group) : null) : Infinity;
    const win = pb < pa ? bufB : bufA;
    for (let k = 0; k < group.length; k++) offsets[group[k]] = win[group[k]];
    peak = Math.max(peak, Math.min(pa, pb));
    s = e;
  }
  return { offsets, peak, load };
}

/**
 * Item indices by start (ties: larger first, then input order). Whole-number starts over a short span (pass
 * indices) are bucketed by start and each bucket sorted on its own; otherwise one comparison sort.
 */
function startOrder(lo: Float64Array, size: Float64Array): Int32Array {
  const n = lo.length;
  const out = new Int32Array(n);
  const cmp = (a: number, b: number) => lo[a] - lo[b] || size[b] - size[a] || a - b;
  let min = Infinity;
  let max = -Infinity;
  let whole = true;
  for (let k = 0; k < n && whole; k++) {
    whole = Number.isInteger(lo[k]);
    if (lo[k] < min) min = lo[k];
    if (lo[k] > max) max = lo[k];
  }
  if (!whole || n === 0 || max - min > 4 * n + 64) {
    for (let k = 0; k < n; k++) out[k] = k;
    sortBy(out, cmp);
    return out;
  }
  const start = new Int32Array(max - min + 2);
  for (let k = 0; k < n; k++) start[lo[k] - min + 1]++;
  for (let t = 1; t < start.length; t++) start[t] += start[t - 1];
  const fill = start.slice();
  for (let k = 0; k < n; k++) out[fill[lo[k] - min]++] = k; // input order within a bucket
  for (let t = 0; t + 1 < start.length; t++)
    if (start[t + 1] - start[t] > 1) sortBy(out.subarray(start[t], start[t + 1]), cmp);
  return out;
}

/**
 * Sorts `a` in place by `cmp`: insertion sort for short runs (the compile's stretches are a few dozen items, and
 * a typed array's sort with a comparator pays a round trip per call), the built-in sort otherwise.
 */
function sortBy(a: Int32Array, cmp: (x: number, y: number) => number): void {
  if (a.length > 48) {
    a.sort(cmp);
    return;
  }
  for (let i = 1; i < a.length; i++) {
    const v = a[i];
    let j = i;
    while (j > 0 && cmp(a[j - 1], v) > 0) {
      a[j] = a[j - 1];
      j--;
    }
    a[j] = v;
  }
}

/**
 * LOAD of one stretch, whose lifetimes lie in [from, to). Whole-number times over a short span (pass indices): a
 * difference array over the span; otherwise a sweep over the sorted starts and ends.
 */
function stretchLoad(ff: FirstFit, group: Int32Array, from: number, to: number): number {
  const m = group.length;
  const span = to - from;
  if (Number.isInteger(from) && Number.isInteger(to) && span <= 4 * m + 64) {
    let whole = true;
    for (let k = 0; k < m && whole; k++) whole = Number.isInteger(ff.hi[group[k]]) && Number.isInteger(ff.lo[group[k]]);
    if (whole) {
      const diff = new Float64Array(span + 1);
      for (let k = 0; k < m; k++) {
        const j = group[k];
        diff[ff.lo[j] - from] += ff.size[j];
        diff[ff.hi[j] - from] -= ff.size[j];
      }
      let cur = 0;
      let best = 0;
      for (let t = 0; t < span; t++) {
        cur += diff[t];
        if (cur > best) best = cur;
      }
      return best;
    }
  }
  const ev = new Float64Array(2 * m);
  const delta = new Float64Array(2 * m);
  const ord = new Int32Array(2 * m);
  for (let k = 0; k < m; k++) {
    const j = group[k];
    ev[2 * k] = ff.lo[j];
    delta[2 * k] = ff.size[j];
    ev[2 * k + 1] = ff.hi[j];
    delta[2 * k + 1] = -ff.size[j];
    ord[2 * k] = 2 * k;
    ord[2 * k + 1] = 2 * k + 1;
  }
  // ends before starts at one instant: [lower, upper) is half-open
  ord.sort((a, b) => ev[a] - ev[b] || delta[a] - delta[b]);
  let cur = 0;
  let best = 0;
  for (let k = 0; k < ord.length; k++) {
    cur += delta[ord[k]];
    if (cur > best) best = cur;
  }
  return best;
}

/** Conflict lists in `order`'s positions: entry r lists the items alive together with order[r]. */
function conflicts(ff: FirstFit, order: Int32Array): Int32Array[] {
  const m = order.length;
  const pos = new Map<number, number>();
  for (let r = 0; r < m; r++) pos.set(order[r], r);
  const byStart = Array.from(order).sort((a, b) => ff.lo[a] - ff.lo[b] || a - b);
  const lists: number[][] = Array.from({ length: m }, () => []);
  let active: number[] = [];
  for (const j of byStart) {
    const keep: number[] = [];
    for (const a of active) {
      if (ff.hi[a] > ff.lo[j]) {
        keep.push(a);
        lists[pos.get(a)!].push(j);
        lists[pos.get(j)!].push(a);
      }
    }
    keep.push(j);
    active = keep;
  }
  return lists.map((l) => Int32Array.from(l));
}
