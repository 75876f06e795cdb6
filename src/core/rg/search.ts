// "Does everything fit under capacity C?", answered by a depth-first search over canonical placements after
// Moffitt, "MiniMalloc: A Lightweight Memory Allocator for Hardware-Accelerated Machine Learning" (ASPLOS 2023).
// This is our own implementation of the published ideas:
//  - canonical: every item sits at its minimum offset (0, or the top of a conflicting item below it), and items
//    are placed in non-decreasing (offset, preorder rank), so each canonical placement is reached once;
//  - dominance: an item is not placed at or above the top that some unplaced item could reach (the gap left
//    under it could always be filled by that item);
//  - section inference: in every slot, max(current offset, top of the last item there, lowest minimum offset
//    of the unplaced items there) + the unplaced bytes there must fit under C;
//  - dynamic decomposition: when no unplaced item crosses a slot boundary any more, the two sides are solved
//    independently (a failure on one side is not retried against every choice made on the other).
// A work limit (placements tried) bounds each call: it answers "fits", "does not fit" or "gave up".
import { NONE, SearchState } from './search-state';

export const FOUND = 0;
export const NOT_FOUND = 1;
export const ABORTED = 2;
export type SearchStatus = typeof FOUND | typeof NOT_FOUND | typeof ABORTED;

export class CanonicalSearch extends SearchState {
  /**
   * Searches for a placement with peak <= capacity; `order` (a permutation of 0..n-1) ranks items that share
   * an offset, first tried first. At most `workLimit` placements are tried, and none once now() passes
   * `deadline`. On FOUND, `solution` has offsets.
   */
  run(
    capacity: number,
    order: ArrayLike<number>,
    workLimit: number,
    deadline = Infinity,
    now: () => number = () => 0,
  ): SearchStatus {
    const p = this.p;
    this.deadline = deadline;
    this.now = now;
    this.capacity = capacity;
    this.workLeft = workLimit;
    this.work = 0;
    for (let r = 0; r < order.length; r++) {
      this.rank[order[r]] = r;
      this.byRank[r] = order[r];
    }
    // (offset, rank) pairs pack into one double while offset * n stays an exact integer
    this.packed = (capacity + 1) * p.n < 2 ** 52;
    this.minOff.fill(0);
    this.placed.fill(0);
    this.top.fill(0);
    this.sum.fill(0);
    this.cuts.fill(0);
    this.itemLen = 0;
    this.slotLen = 0;
    this.depth = 0;
    this.level = 0;
    this.deepest = 0;
    this.recorded = 0;
    this.deepMask.fill(0);
    this.settled.fill(0);
    for (let j = 0; j < p.n; j++) {
      if (p.size[j] > capacity) return NOT_FOUND;
      for (let t = p.lo[j]; t < p.hi[j]; t++) this.sum[t] += p.size[j];
      for (let t = p.lo[j]; t < p.hi[j] - 1; t++) this.cuts[t]++;
    }
    const fill = this.slotStart.slice(0, p.slots);
    for (let j = 0; j < p.n; j++) {
      for (let t = p.lo[j]; t < p.hi[j]; t++) {
        this.where[this.spanStart[j] + t - p.lo[j]] = fill[t];
        this.slotItems[fill[t]++] = j;
      }
    }
    for (let t = 0; t < p.slots; t++) {
      if (this.sum[t] > capacity) return NOT_FOUND;
      this.umin[t] = this.sum[t] > 0 ? 0 : NONE;
      this.ucnt[t] = this.slotStart[t + 1] - this.slotStart[t];
      this.live[t] = this.ucnt[t];
    }
    const all = new Int32Array(p.n);
    for (let j = 0; j < p.n; j++) all[j] = j;
    return this.solveRange(0, p.slots, all, all.length);
  }

  /** Splits [a, b) at boundaries that no unplaced item crosses and solves each piece on its own. */
  private solveRange(a: number, b: number, items: Int32Array, count0: number): SearchStatus {
    const p = this.p;
    // Piece starts in [a, b), found from the zero cuts; each unplaced item goes to the piece of its start.
    const starts: number[] = [a];
    for (let t = a; t < b - 1; t++) if (this.cuts[t] === 0) starts.push(t + 1);
    if (starts.length === 1) return this.search(items, count0, a, b, 0, -1);
    const pieceOf = new Int32Array(b - a);
    for (let k = 0, t = a; t < b; t++) {
      while (k + 1 < starts.length && starts[k + 1] <= t) k++;
      pieceOf[t - a] = k;
    }
    const count = new Int32Array(starts.length + 1);
    for (let r = 0; r < count0; r++) if (!this.placed[items[r]]) count[pieceOf[p.lo[items[r]] - a] + 1]++;
    for (let k = 0; k < starts.length; k++) count[k + 1] += count[k];
    const bucket = new Int32Array(count[starts.length]);
    const fill = count.slice(0, starts.length);
    for (let r = 0; r < count0; r++) if (!this.placed[items[r]]) bucket[fill[pieceOf[p.lo[items[r]] - a]]++] = items[r];
    // Pieces solved so far count as settled for the deepest-partial record (see `deepest`).
    let st: SearchStatus = FOUND;
    let settledEnd = 0;
    for (let k = 0; k < starts.length && st === FOUND; k++) {
      if (count[k + 1] === count[k]) continue;
      const end = k + 1 < starts.length ? starts[k + 1] : b;
      st = this.search(bucket.subarray(count[k], count[k + 1]), count[k + 1] - count[k], starts[k], end, 0, -1);
      if (st === FOUND) {
        for (let r = count[k]; r < count[k + 1]; r++) this.settled[bucket[r]] = 1;
        this.depth += count[k + 1] - count[k];
        settledEnd = count[k + 1];
      }
    }
    for (let r = 0; r < settledEnd; r++) this.settled[bucket[r]] = 0;
    this.depth -= settledEnd;
    return st;
  }

  /** One node: the items[0 .. count) not placed yet are the candidates (see node). */
  private search(
    items: Int32Array,
    count: number,
    a: number,
    b: number,
    lastOff: number,
    lastRank: number,
  ): SearchStatus {
    this.level++;
    const st = this.node(items, count, a, b, lastOff, lastRank);
    this.level--;
    return st;
  }

  private node(
    items: Int32Array,
    count: number,
    a: number,
    b: number,
    lastOff: number,
    lastRank: number,
  ): SearchStatus {
    const p = this.p;
    const { minOff, placed, rank } = this;
    const size = p.size;
    let minHeight = NONE;
    let left = 0;
    for (let r = 0; r < count; r++) {
      const j = items[r];
      if (placed[j]) continue;
      left++;
      const h = minOff[j] + size[j];
      if (h < minHeight) minHeight = h;
    }
    if (left === 0) return FOUND;
    const live = this.ints(0, left);
    // Candidates in (offset, rank) order, as one packed double key each when exact. Most nodes try only their
    // first few candidates (the search goes deeper and ends there), so the order is built lazily: the first
    // picks by selection, the rest by one native typed-array sort when needed.
    const n = p.n;
    const cand = this.ints(1, left);
    let nc = 0;
    for (let r = 0, k = 0; r < count; r++) {
      const j = items[r];
      if (placed[j]) continue;
      live[k++] = j;
      const o = minOff[j];
      if (o >= minHeight) continue;
      if (o < lastOff || (o === lastOff && rank[j] < lastRank)) continue;
      cand[nc++] = j;
    }
    let keys: Float64Array | null = null;
    let sortedFrom = nc;
    if (nc > 1 && this.packed) {
      keys = this.floats(0, nc);
      for (let c = 0; c < nc; c++) keys[c] = minOff[cand[c]] * n + rank[cand[c]];
      sortedFrom = 0;
    } else if (nc > 1) {
      cand.subarray(0, nc).sort((x, y) => minOff[x] - minOff[y] || rank[x] - rank[y]);
    }
    // Monotonic floor: everything left goes at or above the offset chosen now, so offset + every slot's
    // remaining bytes must fit. The piece's largest slot total settles most candidates; for the others,
    // prefix/suffix maxima (built once per node, on first need) make the test O(lifetime).
    const w = b - a;
    const sum = this.sum;
    const cap = this.capacity;
    let maxSum = 0;
    for (let t = a; t < b; t++) if (sum[t] > maxSum) maxSum = sum[t];
    let pre: Float64Array | null = null;
    let suf: Float64Array | null = null;
    for (let c = 0; c < nc; c++) {
      if (keys !== null && c >= sortedFrom) {
        if (c < 3) {
          let m = c;
          for (let i = c + 1; i < nc; i++) if (keys[i] < keys[m]) m = i;
          const k = keys[m];
          keys[m] = keys[c];
          keys[c] = k;
          sortedFrom = c + 1;
        } else {
          keys.subarray(c, nc).sort();
          sortedFrom = nc;
        }
      }
      const j = keys !== null ? this.byRank[keys[c] - Math.floor(keys[c] / n) * n] : cand[c];
      const off = minOff[j];
      if (off + maxSum > cap) {
        if (pre === null || suf === null) {
          pre = this.floats(1, w);
          suf = this.floats(2, w);
          for (let t = 0, m = 0; t < w; t++) pre[t] = m = Math.max(m, sum[a + t]);
          for (let t = w - 1, m = 0; t >= 0; t--) suf[t] = m = Math.max(m, sum[a + t]);
        }
        const lo = p.lo[j] - a;
        const hi = p.hi[j] - a;
        let m = Math.max(lo > 0 ? pre[lo - 1] : 0, hi < w ? suf[hi] : 0);
        for (let t = lo; t < hi; t++) m = Math.max(m, sum[a + t] - size[j]);
        if (off + m > cap) continue;
      }
      if (this.workLeft <= 0) return ABORTED;
      // the clock is read every 64 placements: cheap, and late by well under a millisecond
      if ((this.workLeft & 63) === 0 && this.deadline !== Infinity && this.now() > this.deadline) {
        this.workLeft = 0;
        return ABORTED;
      }
      this.workLeft--;
      this.work++;
      const st = this.tryPlace(live, left, a, b, j);
      if (st !== NOT_FOUND) return st;
    }
    return NOT_FOUND;
  }

  private tryPlace(items: Int32Array, count: number, a: number, b: number, j: number): SearchStatus {
    const p = this.p;
    const itemMark = this.itemLen;
    const slotMark = this.slotLen;
    const off = this.minOff[j];
    const ok = this.place(j);
    const { cuts } = this;
    const lo = p.lo[j];
    const hi = p.hi[j];
    let st: SearchStatus = NOT_FOUND;
    // A new deepest partial placement is copied when the search backs out of it (once per record, not per step).
    if (ok && this.depth > this.deepest) this.deepest = this.depth;
    if (ok) {
      let split = false;
      for (let t = lo; t < hi - 1; t++) if (--cuts[t] === 0 && t >= a && t + 1 < b) split = true;
      st = split ? this.solveRange(a, b, items, count) : this.search(items, count, a, b, off, this.rank[j]);
      for (let t = lo; t < hi - 1; t++) cuts[t]++;
    }
    if (ok && st !== FOUND && this.depth === this.deepest && this.recorded < this.deepest) this.recordDeepest();
    this.unplace(j, itemMark, slotMark);
    return st;
  }
}
