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
import { alignUp } from './problem';
import type { Prepared } from './prepared';

export const FOUND = 0;
export const NOT_FOUND = 1;
export const ABORTED = 2;
export type SearchStatus = typeof FOUND | typeof NOT_FOUND | typeof ABORTED;

const NONE = Number.POSITIVE_INFINITY;

export class CanonicalSearch {
  private readonly p: Prepared;
  private capacity = 0;
  private workLeft = 0;
  private deadline = Infinity;
  private now: () => number = () => 0;
  private rank: Int32Array;
  private byRank: Int32Array;
  private packed = true;
  private readonly minOff: Float64Array;
  private readonly placed: Uint8Array;
  /** Top of the last item placed in each slot (offsets are non-decreasing, so also the highest). */
  private readonly top: Float64Array;
  /** Lowest minimum offset among the unplaced items of each slot (NONE when none). */
  private readonly umin: Float64Array;
  /** How many unplaced items of each slot sit at umin. */
  private readonly ucnt: Int32Array;
  private readonly recount: Int32Array;
  /** Per slot of the item being placed: unplaced items raised to exactly its top. */
  private readonly atH: Int32Array;
  /** Unplaced bytes in each slot. */
  private readonly sum: Float64Array;
  /** cuts[t]: unplaced items alive in both slot t and slot t + 1. */
  private readonly cuts: Int32Array;
  /**
   * Unplaced items of slot t: slotItems[slotStart[t] .. slotStart[t] + live[t]); the placed ones follow, most
   * recently placed first, so undoing a placement (always the latest) just grows the live part again.
   */
  private readonly slotStart: Int32Array;
  private readonly slotItems: Int32Array;
  private readonly live: Int32Array;
  /** Where item j sits in slot t's list: where[spanStart[j] + t - lo[j]]. */
  private readonly spanStart: Int32Array;
  private readonly where: Int32Array;
  private readonly mark: Int32Array;
  private markNow = 0;
  // Undo logs.
  private itemLog: Int32Array;
  private itemOld: Float64Array;
  private itemLen = 0;
  private slotLog: Int32Array;
  private slotOldTop: Float64Array;
  private slotOldMin: Float64Array;
  private slotOldCnt: Int32Array;
  private slotLen = 0;
  readonly solution: Float64Array;
  /** Items of pieces already solved in the current branch. */
  private readonly settled: Uint8Array;
  private depth = 0;
  private recorded = 0;
  /** The deepest partial placement of the last run: deepMask[j] = 1 where deepOff[j] is an offset. */
  deepest = 0;
  readonly deepMask: Uint8Array;
  readonly deepOff: Float64Array;
  /** Placements tried by the last run (its cost). */
  work = 0;

  constructor(p: Prepared) {
    this.p = p;
    const n = p.n;
    const T = p.slots;
    this.rank = new Int32Array(n);
    this.byRank = new Int32Array(n);
    this.minOff = new Float64Array(n);
    this.placed = new Uint8Array(n);
    this.top = new Float64Array(T);
    this.umin = new Float64Array(T);
    this.ucnt = new Int32Array(T);
    this.recount = new Int32Array(T);
    this.atH = new Int32Array(T);
    this.sum = new Float64Array(T);
    this.cuts = new Int32Array(Math.max(0, T - 1));
    this.slotStart = new Int32Array(T + 1);
    for (let j = 0; j < n; j++) for (let t = p.lo[j]; t < p.hi[j]; t++) this.slotStart[t + 1]++;
    for (let t = 0; t < T; t++) this.slotStart[t + 1] += this.slotStart[t];
    this.slotItems = new Int32Array(this.slotStart[T]);
    this.live = new Int32Array(T);
    this.spanStart = new Int32Array(n + 1);
    for (let j = 0; j < n; j++) this.spanStart[j + 1] = this.spanStart[j] + p.hi[j] - p.lo[j];
    this.where = new Int32Array(this.spanStart[n]);
    this.mark = new Int32Array(T);
    this.itemLog = new Int32Array(Math.max(16, p.nbr.length));
    this.itemOld = new Float64Array(this.itemLog.length);
    this.slotLog = new Int32Array(1024);
    this.slotOldTop = new Float64Array(1024);
    this.slotOldMin = new Float64Array(1024);
    this.slotOldCnt = new Int32Array(1024);
    this.solution = new Float64Array(n);
    this.settled = new Uint8Array(n);
    this.deepMask = new Uint8Array(n);
    this.deepOff = new Float64Array(n);
  }

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
    return this.solveRange(0, p.slots, all);
  }

  /** Splits [a, b) at boundaries that no unplaced item crosses and solves each piece on its own. */
  private solveRange(a: number, b: number, items: Int32Array): SearchStatus {
    const p = this.p;
    // Piece starts in [a, b), found from the zero cuts; each unplaced item goes to the piece of its start.
    const starts: number[] = [a];
    for (let t = a; t < b - 1; t++) if (this.cuts[t] === 0) starts.push(t + 1);
    if (starts.length === 1) return this.search(items, a, b, 0, -1);
    const pieceOf = new Int32Array(b - a);
    for (let k = 0, t = a; t < b; t++) {
      while (k + 1 < starts.length && starts[k + 1] <= t) k++;
      pieceOf[t - a] = k;
    }
    const count = new Int32Array(starts.length + 1);
    for (let r = 0; r < items.length; r++) if (!this.placed[items[r]]) count[pieceOf[p.lo[items[r]] - a] + 1]++;
    for (let k = 0; k < starts.length; k++) count[k + 1] += count[k];
    const bucket = new Int32Array(count[starts.length]);
    const fill = count.slice(0, starts.length);
    for (let r = 0; r < items.length; r++)
      if (!this.placed[items[r]]) bucket[fill[pieceOf[p.lo[items[r]] - a]]++] = items[r];
    // Pieces solved so far count as settled for the deepest-partial record (see `deepest`).
    let st: SearchStatus = FOUND;
    let settledEnd = 0;
    for (let k = 0; k < starts.length && st === FOUND; k++) {
      if (count[k + 1] === count[k]) continue;
      const end = k + 1 < starts.length ? starts[k + 1] : b;
      st = this.search(bucket.subarray(count[k], count[k + 1]), starts[k], end, 0, -1);
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

  private search(items: Int32Array, a: number, b: number, lastOff: number, lastRank: number): SearchStatus {
    const p = this.p;
    const { minOff, placed, rank } = this;
    const size = p.size;
    let minHeight = NONE;
    let left = 0;
    for (let r = 0; r < items.length; r++) {
      const j = items[r];
      if (placed[j]) continue;
      left++;
      const h = minOff[j] + size[j];
      if (h < minHeight) minHeight = h;
    }
    if (left === 0) return FOUND;
    const live = new Int32Array(left);
    // Candidates in (offset, rank) order, as one packed double key each when exact. Most nodes try only their
    // first few candidates (the search goes deeper and ends there), so the order is built lazily: the first
    // picks by selection, the rest by one native typed-array sort when needed.
    const n = p.n;
    const cand = new Int32Array(left);
    let nc = 0;
    for (let r = 0, k = 0; r < items.length; r++) {
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
      keys = new Float64Array(nc);
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
          pre = new Float64Array(w);
          suf = new Float64Array(w);
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
      const st = this.tryPlace(live, a, b, j);
      if (st !== NOT_FOUND) return st;
    }
    return NOT_FOUND;
  }

  private logSlot(t: number): void {
    if (this.slotLen === this.slotLog.length) {
      const grow = <A extends Int32Array | Float64Array>(x: A, make: (n: number) => A): A => {
        const y = make(x.length * 2);
        y.set(x);
        return y;
      };
      this.slotLog = grow(this.slotLog, (n) => new Int32Array(n));
      this.slotOldTop = grow(this.slotOldTop, (n) => new Float64Array(n));
      this.slotOldMin = grow(this.slotOldMin, (n) => new Float64Array(n));
      this.slotOldCnt = grow(this.slotOldCnt, (n) => new Int32Array(n));
    }
    this.slotLog[this.slotLen] = t;
    this.slotOldTop[this.slotLen] = this.top[t];
    this.slotOldMin[this.slotLen] = this.umin[t];
    this.slotOldCnt[this.slotLen++] = this.ucnt[t];
  }

  private tryPlace(items: Int32Array, a: number, b: number, j: number): SearchStatus {
    const p = this.p;
    const { minOff, top, umin, ucnt, sum, cuts, placed, mark, recount, atH } = this;
    const cap = this.capacity;
    const off = minOff[j];
    const h = off + p.size[j];
    const lo = p.lo[j];
    const hi = p.hi[j];
    const itemMark = this.itemLen;
    const slotMark = this.slotLen;
    const stamp = ++this.markNow;
    let nr = 0;
    placed[j] = 1;
    this.solution[j] = off;
    this.depth++;
    let ok = true;
    const { slotItems, live, where, spanStart } = this;
    for (let t = lo; t < hi; t++) {
      // move j to the end of the slot's live part, then shrink it
      const ej = where[spanStart[j] + t - lo];
      const el = this.slotStart[t] + --live[t];
      const u = slotItems[el];
      slotItems[ej] = u;
      where[spanStart[u] + t - p.lo[u]] = ej;
      slotItems[el] = j;
      where[spanStart[j] + t - lo] = el;
      this.logSlot(t);
      mark[t] = stamp;
      top[t] = h;
      sum[t] -= p.size[j];
      // every unplaced item here conflicts with j and rises to h or more (see atH below)
      atH[t] = 0;
      if (h + sum[t] > cap) ok = false;
    }
    // Raise the conflicts' minimum offsets. In j's slots, count the items raised to exactly h: where there is
    // one, the slot's lowest is h (nothing there is lower any more) and needs no recount; its count may miss
    // items that were at h already, which only makes a later recount come early. Outside j's slots, a slot
    // loses a lowest item each time; at none left, it is recounted.
    for (let e = p.nbrStart[j], end = p.nbrStart[j + 1]; e < end && ok; e++) {
      const q = p.nbr[e];
      const old = minOff[q];
      if (placed[q] || old >= h) continue;
      this.itemLog[this.itemLen] = q;
      this.itemOld[this.itemLen++] = old;
      const nq = alignUp(h, p.align[q]);
      minOff[q] = nq;
      if (nq + p.size[q] > cap) ok = false;
      for (let t = p.lo[q], tEnd = p.hi[q]; t < tEnd; t++) {
        if (t >= lo && t < hi) {
          if (nq === h) atH[t]++;
          continue;
        }
        if (umin[t] !== old) continue;
        if (mark[t] !== stamp) {
          this.logSlot(t);
          mark[t] = stamp;
        }
        if (--ucnt[t] === 0) recount[nr++] = t;
      }
    }
    for (let t = lo; t < hi; t++) {
      if (atH[t] > 0) {
        umin[t] = h;
        ucnt[t] = atH[t];
      } else recount[nr++] = t;
    }
    // Section inference's floor: the lowest minimum offset among the slot's unplaced items.
    for (let r = 0; r < nr && ok; r++) {
      const t = recount[r];
      let m = NONE;
      let c = 0;
      for (let e = this.slotStart[t], end = e + this.live[t]; e < end; e++) {
        const v = minOff[this.slotItems[e]];
        if (v < m) {
          m = v;
          c = 1;
        } else if (v === m) c++;
      }
      umin[t] = m;
      ucnt[t] = c;
      if (m !== NONE && Math.max(m, top[t]) + sum[t] > cap) ok = false;
    }
    let st: SearchStatus = NOT_FOUND;
    // A new deepest partial placement is copied when the search backs out of it (once per record, not per step).
    if (ok && this.depth > this.deepest) this.deepest = this.depth;
    if (ok) {
      let split = false;
      for (let t = lo; t < hi - 1; t++) if (--cuts[t] === 0 && t >= a && t + 1 < b) split = true;
      st = split ? this.solveRange(a, b, items) : this.search(items, a, b, off, this.rank[j]);
      for (let t = lo; t < hi - 1; t++) cuts[t]++;
    }
    if (ok && st !== FOUND && this.depth === this.deepest && this.recorded < this.deepest) this.recordDeepest();
    while (this.slotLen > slotMark) {
      const k = --this.slotLen;
      const t = this.slotLog[k];
      top[t] = this.slotOldTop[k];
      umin[t] = this.slotOldMin[k];
      ucnt[t] = this.slotOldCnt[k];
    }
    for (let t = lo; t < hi; t++) {
      sum[t] += p.size[j];
      live[t]++;
    }
    while (this.itemLen > itemMark) {
      const k = --this.itemLen;
      minOff[this.itemLog[k]] = this.itemOld[k];
    }
    placed[j] = 0;
    this.depth--;
    return st;
  }

  /** Snapshot of the partial placement with the most items placed so far (placed or in a solved piece). */
  private recordDeepest(): void {
    this.recorded = this.depth;
    const { placed, settled, deepMask } = this;
    for (let j = 0; j < this.p.n; j++) deepMask[j] = placed[j] | settled[j];
    this.deepOff.set(this.solution);
  }
}
