// Exact-in-the-limit placement search: "does everything fit under capacity C?", answered by a depth-first
// search over canonical placements, after Moffitt, "MiniMalloc" (ASPLOS 2023). Our own implementation of the
// published ideas:
//  - canonical: every item sits at its minimum offset (0, or the top of a conflicting item below it), and items
//    are placed in non-decreasing (offset, preorder rank), so each canonical placement is reached once;
//  - dominance: an item is not placed at or above the top some unplaced item could reach (a gap it leaves
//    could always have been filled);
//  - section inference: in every slot, max(current offset, slot floor) + the unplaced bytes there must fit;
//  - dynamic decomposition: when no unplaced item crosses a slot boundary any more, the two sides are solved
//    independently (a failure on one side is not retried against every choice made on the other).
// A node limit bounds the work, so a call answers "fits", "does not fit" or "gave up".
import { alignUp } from './problem';
import type { Prepared } from './prepared';

export const FOUND = 0;
export const NOT_FOUND = 1;
export const ABORTED = 2;
export type SearchStatus = typeof FOUND | typeof NOT_FOUND | typeof ABORTED;

export class CanonicalSearch {
  private readonly p: Prepared;
  private capacity = 0;
  private nodesLeft = 0;
  /** Preorder rank of each item (lower is tried first among equal offsets). */
  private rank = new Int32Array(0);
  private readonly minOff: Float64Array;
  private readonly placed: Uint8Array;
  private readonly floor: Float64Array;
  private readonly sum: Float64Array;
  /** cuts[s]: unplaced items alive in both slot s and slot s + 1. */
  private readonly cuts: Int32Array;
  /** Undo log of minOff changes: (item, old value) pairs. */
  private logItem: Int32Array;
  private logVal: Float64Array;
  private logLen = 0;
  /** Undo log of slot floor changes: (slot, old value) pairs. */
  private fSlot: Int32Array;
  private fVal: Float64Array;
  private fLen = 0;
  /** Items alive in slot t: slotItems[slotStart[t] .. slotStart[t + 1]). */
  private readonly slotStart: Int32Array;
  private readonly slotItems: Int32Array;
  private readonly stamp: Int32Array;
  private stampNow = 0;
  readonly solution: Float64Array;
  nodes = 0;

  constructor(p: Prepared) {
    this.p = p;
    this.minOff = new Float64Array(p.n);
    this.placed = new Uint8Array(p.n);
    this.floor = new Float64Array(p.slots);
    this.sum = new Float64Array(p.slots);
    this.cuts = new Int32Array(Math.max(0, p.slots - 1));
    this.logItem = new Int32Array(Math.max(16, p.nbr.length + p.n));
    this.logVal = new Float64Array(this.logItem.length);
    this.slotStart = new Int32Array(p.slots + 1);
    for (let j = 0; j < p.n; j++) for (let t = p.lo[j]; t < p.hi[j]; t++) this.slotStart[t + 1]++;
    for (let t = 0; t < p.slots; t++) this.slotStart[t + 1] += this.slotStart[t];
    this.slotItems = new Int32Array(this.slotStart[p.slots]);
    const fill = this.slotStart.slice(0, p.slots);
    for (let j = 0; j < p.n; j++) for (let t = p.lo[j]; t < p.hi[j]; t++) this.slotItems[fill[t]++] = j;
    this.fSlot = new Int32Array(Math.max(16, 2 * this.slotItems.length));
    this.fVal = new Float64Array(this.fSlot.length);
    this.stamp = new Int32Array(p.slots);
    this.solution = new Float64Array(p.n);
  }

  /**
   * Searches for a placement with peak <= capacity, trying items with equal offsets in `order` (a permutation
   * of 0..n-1, best first). At most nodeLimit search nodes. On FOUND, `solution` holds the offsets.
   */
  run(capacity: number, order: ArrayLike<number>, nodeLimit: number): SearchStatus {
    const p = this.p;
    this.capacity = capacity;
    this.nodesLeft = nodeLimit;
    this.nodes = 0;
    this.rank = new Int32Array(p.n);
    for (let r = 0; r < order.length; r++) this.rank[order[r]] = r;
    this.minOff.fill(0);
    this.placed.fill(0);
    this.floor.fill(0);
    this.sum.fill(0);
    this.cuts.fill(0);
    this.logLen = 0;
    for (let j = 0; j < p.n; j++) {
      if (p.size[j] > capacity) return NOT_FOUND;
      for (let t = p.lo[j]; t < p.hi[j]; t++) this.sum[t] += p.size[j];
      for (let t = p.lo[j]; t < p.hi[j] - 1; t++) this.cuts[t]++;
    }
    for (let t = 0; t < p.slots; t++) if (this.sum[t] > capacity) return NOT_FOUND;
    const all = new Int32Array(p.n);
    for (let j = 0; j < p.n; j++) all[j] = j;
    return this.solveRange(0, p.slots, all);
  }

  /** Splits [a, b) at boundaries no unplaced item crosses and solves each piece on its own. */
  splits = 0;
  work = 0;
  pieces = 0;
  private solveRange(a: number, b: number, items: Int32Array): SearchStatus {
    this.splits++;
    let start = a;
    for (let t = a; t < b; t++) {
      if (t + 1 < b && this.cuts[t] > 0) continue;
      const piece = this.itemsIn(items, start, t + 1);
      if (piece.length > 0) {
        this.pieces++;
        const st = this.search(piece, start, t + 1, 0, -1);
        if (st !== FOUND) return st;
      }
      start = t + 1;
    }
    return FOUND;
  }

  private itemsIn(items: Int32Array, a: number, b: number): Int32Array {
    const p = this.p;
    let k = 0;
    const out = new Int32Array(items.length);
    for (let r = 0; r < items.length; r++) {
      const j = items[r];
      if (!this.placed[j] && p.lo[j] < b && p.hi[j] > a) out[k++] = j;
    }
    return out.subarray(0, k);
  }

  private search(items: Int32Array, a: number, b: number, lastOff: number, lastRank: number): SearchStatus {
    if (this.nodesLeft-- <= 0) return ABORTED;
    this.nodes++;
    const p = this.p;
    const { minOff, placed, rank, size } = { minOff: this.minOff, placed: this.placed, rank: this.rank, size: p.size };
    let minHeight = Infinity;
    let left = 0;
    for (let r = 0; r < items.length; r++) {
      const j = items[r];
      if (placed[j]) continue;
      left++;
      const top = minOff[j] + size[j];
      if (top < minHeight) minHeight = top;
    }
    if (left === 0) return FOUND;
    // Candidates: canonical (offset, rank) after the last placed, below the dominance height; best first.
    const cand: number[] = [];
    for (let r = 0; r < items.length; r++) {
      const j = items[r];
      if (placed[j]) continue;
      const o = minOff[j];
      if (o >= minHeight) continue;
      if (o < lastOff || (o === lastOff && rank[j] < lastRank)) continue;
      cand.push(j);
    }
    cand.sort((x, y) => minOff[x] - minOff[y] || rank[x] - rank[y]);
    for (const j of cand) {
      const st = this.tryPlace(items, a, b, j);
      if (st !== NOT_FOUND) return st;
    }
    return NOT_FOUND;
  }

  private logFloor(t: number): void {
    if (this.fLen === this.fSlot.length) {
      const slot = new Int32Array(this.fLen * 2);
      slot.set(this.fSlot);
      const val = new Float64Array(this.fLen * 2);
      val.set(this.fVal);
      this.fSlot = slot;
      this.fVal = val;
    }
    this.fSlot[this.fLen] = t;
    this.fVal[this.fLen++] = this.floor[t];
  }

  private tryPlace(items: Int32Array, a: number, b: number, j: number): SearchStatus {
    const p = this.p;
    const { minOff, floor, sum, cuts, placed } = this;
    const cap = this.capacity;
    const off = minOff[j];
    const top = off + p.size[j];
    const lo = p.lo[j];
    const hi = p.hi[j];
    placed[j] = 1;
    this.solution[j] = off;
    // Raise the conflicts' minimum offsets (logged for undo).
    const logMark = this.logLen;
    const fMark = this.fLen;
    let ok = true;
    for (let e = p.nbrStart[j], end = p.nbrStart[j + 1]; e < end; e++) {
      const q = p.nbr[e];
      if (placed[q] || minOff[q] >= top) continue;
      this.logItem[this.logLen] = q;
      this.logVal[this.logLen++] = minOff[q];
      minOff[q] = alignUp(top, p.align[q]);
      if (minOff[q] + p.size[q] > cap) ok = false;
    }
    // The item's slots: floor is its top, its bytes leave the remaining sum.
    const st0 = ++this.stampNow;
    for (let t = lo; t < hi; t++) {
      this.logFloor(t);
      floor[t] = top;
      sum[t] -= p.size[j];
      this.stamp[t] = st0;
      if (top + sum[t] > cap) ok = false;
    }
    // Unallocated floor: nothing unplaced in a slot goes below the lowest minimum offset there.
    if (ok) {
      for (let r = logMark; r < this.logLen && ok; r++) {
        const q = this.logItem[r];
        for (let t = p.lo[q]; t < p.hi[q]; t++) {
          if (this.stamp[t] === st0 && t >= lo && t < hi) {
            // slot of j itself: still raise if the unplaced minimum is higher
          }
          if (this.stamp[t] === -st0) continue;
          this.stamp[t] = -st0;
          let m = Infinity;
          this.work += this.slotStart[t + 1] - this.slotStart[t];
          for (let e = this.slotStart[t], end = this.slotStart[t + 1]; e < end; e++) {
            const u = this.slotItems[e];
            if (!placed[u] && minOff[u] < m) m = minOff[u];
          }
          if (m !== Infinity && m > floor[t]) {
            this.logFloor(t);
            floor[t] = m;
            if (m + sum[t] > cap) {
              ok = false;
              break;
            }
          }
        }
      }
    }
    // Monotonic floor: everything still unplaced in this piece goes at or above `off`.
    if (ok) {
      for (let t = a; t < b; t++) {
        if (sum[t] > 0 && off + sum[t] > cap) {
          ok = false;
          break;
        }
      }
    }
    let st: SearchStatus = NOT_FOUND;
    if (ok) {
      let split = false;
      for (let t = lo; t < hi - 1; t++) if (--cuts[t] === 0 && t >= a && t + 1 < b) split = true;
      st = split ? this.solveRange(a, b, items) : this.search(items, a, b, off, this.rank[j]);
      for (let t = lo; t < hi - 1; t++) cuts[t]++;
    }
    while (this.fLen > fMark) {
      this.fLen--;
      floor[this.fSlot[this.fLen]] = this.fVal[this.fLen];
    }
    for (let t = lo; t < hi; t++) sum[t] += p.size[j];
    while (this.logLen > logMark) {
      this.logLen--;
      minOff[this.logItem[this.logLen]] = this.logVal[this.logLen];
    }
    placed[j] = 0;
    return st;
  }
}
