// The canonical search's state (search.ts): per item its minimum offset and whether it is placed; per slot the
// top of its last placed item, the lowest minimum offset among its unplaced items (and how many sit there), its
// unplaced bytes and its unplaced items; undo logs so that a placement is taken back exactly. place() applies
// one placement and runs section inference's checks; unplace() restores everything place() changed.
import { alignUp } from './problem';
import type { Prepared } from './prepared';

export const NONE = Number.POSITIVE_INFINITY;
/** Levels below this reuse their scratch arrays (memory: about 20 bytes x items x levels at most). */
const POOLED_LEVELS = 512;

export class SearchState {
  protected readonly p: Prepared;
  protected capacity = 0;
  protected workLeft = 0;
  protected deadline = Infinity;
  protected now: () => number = () => 0;
  protected rank: Int32Array;
  protected byRank: Int32Array;
  protected packed = true;
  protected readonly minOff: Float64Array;
  protected readonly placed: Uint8Array;
  /** Top of the last item placed in each slot (offsets are non-decreasing, so also the highest). */
  protected readonly top: Float64Array;
  /** Lowest minimum offset among the unplaced items of each slot (NONE when none). */
  protected readonly umin: Float64Array;
  /** How many unplaced items of each slot sit at umin. */
  protected readonly ucnt: Int32Array;
  protected readonly recount: Int32Array;
  /** Per slot of the item being placed: unplaced items raised to exactly its top. */
  protected readonly atH: Int32Array;
  /** Unplaced bytes in each slot. */
  protected readonly sum: Float64Array;
  /** cuts[t]: unplaced items alive in both slot t and slot t + 1. */
  protected readonly cuts: Int32Array;
  /**
   * Unplaced items of slot t: slotItems[slotStart[t] .. slotStart[t] + live[t]); the placed ones follow, most
   * recently placed first, so undoing a placement (always the latest) just grows the live part again.
   */
  protected readonly slotStart: Int32Array;
  protected readonly slotItems: Int32Array;
  protected readonly live: Int32Array;
  /** Where item j sits in slot t's list: where[spanStart[j] + t - lo[j]]. */
  protected readonly spanStart: Int32Array;
  protected readonly where: Int32Array;
  protected readonly mark: Int32Array;
  protected markNow = 0;
  // Undo logs.
  protected itemLog: Int32Array;
  protected itemOld: Float64Array;
  protected itemLen = 0;
  protected slotLog: Int32Array;
  protected slotOldTop: Float64Array;
  protected slotOldMin: Float64Array;
  protected slotOldCnt: Int32Array;
  protected slotLen = 0;
  readonly solution: Float64Array;
  /** Items of pieces already solved in the current branch. */
  protected readonly settled: Uint8Array;
  protected depth = 0;
  /** Recursion level of search nodes (scratch arrays are pooled per level). */
  protected level = 0;
  protected readonly intPool: Int32Array[] = [];
  protected readonly floatPool: Float64Array[] = [];
  protected recorded = 0;
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
   * Scratch array k of the current recursion level, at least `size` long. The search is depth first, so one
   * node per level is active at a time and its arrays can be reused by the next node at that level (allocating
   * them per node was the search's largest cost). Deep levels allocate afresh, bounding the pool's memory.
   */
  protected ints(k: number, size: number): Int32Array {
    const at = 2 * this.level + k;
    if (this.level >= POOLED_LEVELS) return new Int32Array(size);
    let b = this.intPool[at];
    if (b === undefined || b.length < size) b = this.intPool[at] = new Int32Array(Math.max(size, 16));
    return b;
  }

  protected floats(k: number, size: number): Float64Array {
    const at = 3 * this.level + k;
    if (this.level >= POOLED_LEVELS) return new Float64Array(size);
    let b = this.floatPool[at];
    if (b === undefined || b.length < size) b = this.floatPool[at] = new Float64Array(Math.max(size, 16));
    return b;
  }

  protected logSlot(t: number): void {
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

  /** Snapshot of the partial placement with the most items placed so far (placed or in a solved piece). */
  protected recordDeepest(): void {
    this.recorded = this.depth;
    const { placed, settled, deepMask } = this;
    for (let j = 0; j < this.p.n; j++) deepMask[j] = placed[j] | settled[j];
    this.deepOff.set(this.solution);
  }

  /**
   * Places item j at its minimum offset: j leaves its slots' unplaced lists, its conflicts rise to its top, and
   * each slot's floor is updated. False when section inference proves that this cannot fit under the capacity
   * (the state is changed either way: unplace() takes it back).
   */
  protected place(j: number): boolean {
    const p = this.p;
    const { minOff, top, umin, ucnt, sum, placed, mark, recount, atH } = this;
    const cap = this.capacity;
    const off = minOff[j];
    const h = off + p.size[j];
    const lo = p.lo[j];
    const hi = p.hi[j];
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
      // q's slots in three stretches: before j's, shared with j's (q overlaps j), after j's
      const qlo = p.lo[q];
      const qhi = p.hi[q];
      for (let t = qlo, tEnd = Math.min(qhi, lo); t < tEnd; t++) {
        if (umin[t] !== old) continue;
        if (mark[t] !== stamp) {
          this.logSlot(t);
          mark[t] = stamp;
        }
        if (--ucnt[t] === 0) recount[nr++] = t;
      }
      if (nq === h) for (let t = Math.max(qlo, lo), tEnd = Math.min(qhi, hi); t < tEnd; t++) atH[t]++;
      for (let t = Math.max(qlo, hi); t < qhi; t++) {
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
    return ok;
  }

  /** Takes back place(j); itemMark and slotMark are the undo logs' lengths before it. */
  protected unplace(j: number, itemMark: number, slotMark: number): void {
    const p = this.p;
    const { minOff, top, umin, ucnt, sum, placed, live } = this;
    const lo = p.lo[j];
    const hi = p.hi[j];
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
  }
}
