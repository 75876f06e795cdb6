// The placers' working form of a problem: lifetimes compressed to slot indices (slot t is the time between the
// t-th and (t+1)-th distinct endpoint), typed arrays, and each item's time-conflict list, built once.
import type { PlaceItem } from './problem';

export interface Prepared {
  /** Items that take part (positive size, non-empty lifetime); the rest get offset 0. */
  n: number;
  /** Input index of prepared item k. */
  index: Int32Array;
  lo: Int32Array;
  hi: Int32Array;
  size: Float64Array;
  align: Float64Array;
  /** Number of slots. */
  slots: number;
  /** Conflicts of item k: nbr[nbrStart[k] .. nbrStart[k + 1]). */
  nbrStart: Int32Array;
  nbr: Int32Array;
  /** LOAD over the prepared items. */
  load: number;
}

export function prepare(items: readonly PlaceItem[]): Prepared {
  const keep: number[] = [];
  for (let k = 0; k < items.length; k++) if (items[k].size > 0 && items[k].upper > items[k].lower) keep.push(k);
  const n = keep.length;
  const points = new Float64Array(2 * n);
  for (let j = 0; j < n; j++) {
    points[2 * j] = items[keep[j]].lower;
    points[2 * j + 1] = items[keep[j]].upper;
  }
  points.sort();
  let m = 0;
  for (let j = 0; j < points.length; j++) if (j === 0 || points[j] !== points[j - 1]) points[m++] = points[j];
  const slotOf = (x: number): number => {
    let a = 0;
    let b = m - 1;
    while (a < b) {
      const c = (a + b) >> 1;
      if (points[c] < x) a = c + 1;
      else b = c;
    }
    return a;
  };
  const p: Prepared = {
    n,
    index: Int32Array.from(keep),
    lo: new Int32Array(n),
    hi: new Int32Array(n),
    size: new Float64Array(n),
    align: new Float64Array(n),
    slots: Math.max(0, m - 1),
    nbrStart: new Int32Array(n + 1),
    nbr: new Int32Array(0),
    load: 0,
  };
  for (let j = 0; j < n; j++) {
    const it = items[keep[j]];
    p.lo[j] = slotOf(it.lower);
    p.hi[j] = slotOf(it.upper);
    p.size[j] = it.size;
    p.align[j] = Math.max(1, it.alignment ?? 1);
  }
  // Sum per slot (difference array) gives LOAD; a sweep in start order gives the conflict lists.
  const diff = new Float64Array(m + 1);
  for (let j = 0; j < n; j++) {
    diff[p.lo[j]] += p.size[j];
    diff[p.hi[j]] -= p.size[j];
  }
  let cur = 0;
  for (let t = 0; t < p.slots; t++) {
    cur += diff[t];
    if (cur > p.load) p.load = cur;
  }
  const byLo = Array.from({ length: n }, (_, j) => j).sort((a, b) => p.lo[a] - p.lo[b] || a - b);
  const lists: number[][] = Array.from({ length: n }, () => []);
  const active: number[] = [];
  for (const j of byLo) {
    let w = 0;
    for (let r = 0; r < active.length; r++) {
      const a = active[r];
      if (p.hi[a] > p.lo[j]) {
        active[w++] = a;
        lists[a].push(j);
        lists[j].push(a);
      }
    }
    active.length = w;
    active.push(j);
  }
  let total = 0;
  for (let j = 0; j < n; j++) {
    p.nbrStart[j] = total;
    total += lists[j].length;
  }
  p.nbrStart[n] = total;
  p.nbr = new Int32Array(total);
  for (let j = 0; j < n; j++) p.nbr.set(lists[j], p.nbrStart[j]);
  return p;
}
