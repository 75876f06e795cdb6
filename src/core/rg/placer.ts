// The transient-memory placers. Two entry points, one per need:
//  - placeQuick: the render graph's per-frame placer (quick.ts: first fit per independent stretch of passes,
//    two orders, microseconds for a frame); on frame graphs it reaches LOAD (rg.realistic.over_load).
//  - placeBest: the optimiser for hard instances (MiniMalloc's benchmark). Greedy constructions first (skyline
//    best fit, first fit), then the canonical search (search.ts) at capacity LOAD, then bisection between LOAD
//    and the best peak found. Its effort is a work budget (placements tried), so a result is deterministic;
//    an optional wall-clock deadline only guards against a slow machine.
import { prepare, type Prepared } from './prepared';
import { Greedy } from './greedy';
import { CanonicalSearch, FOUND, NOT_FOUND } from './search';
import type { PlaceItem, Placement } from './problem';
import { placeLifetimes } from './quick';

export interface PlaceReport extends Placement {
  /** The lower bound: the largest total size alive at one moment. */
  load: number;
  /** True when peak equals LOAD, or the search proved that nothing lower fits. */
  optimal: boolean;
  /** Which stage produced the placement: 'empty' | 'first-fit' | 'skyline' | 'search'. */
  method: string;
  /** Search placements tried. */
  work: number;
}

export interface PlaceOptions {
  /**
   * Search placements to try at most (default 3000: the slowest MiniMalloc instance, J, takes ~35–55 ms of one
   * core at load ~20; 6000 reaches a geometric mean of 1.074 instead of 1.086 but J then takes up to ~110 ms).
   */
  work?: number;
  /** Stop searching when now() passes this (milliseconds, same clock as now). */
  deadline?: number;
  now?: () => number;
}

function expand(items: readonly PlaceItem[], p: Prepared, off: ArrayLike<number>): number[] {
  const out = new Array<number>(items.length).fill(0);
  for (let k = 0; k < p.n; k++) out[p.index[k]] = off[k];
  return out;
}

function byKeys(n: number, keys: ((j: number) => number)[]): Int32Array {
  const idx = Array.from({ length: n }, (_, k) => k);
  idx.sort((x, y) => {
    for (const key of keys) {
      const d = key(y) - key(x);
      if (d !== 0) return d;
    }
    return x - y;
  });
  return Int32Array.from(idx);
}

/** The render graph's quick placer (quick.ts) with placeBest's report shape. */
export function placeQuick(items: readonly PlaceItem[]): PlaceReport {
  const r = placeLifetimes(items);
  return { ...r, optimal: r.peak === r.load, method: items.length ? 'first-fit' : 'empty', work: 0 };
}

export function placeBest(items: readonly PlaceItem[], opts: PlaceOptions = {}): PlaceReport {
  const p = prepare(items);
  if (p.n === 0) return { offsets: expand(items, p, []), peak: 0, load: 0, optimal: true, method: 'empty', work: 0 };
  const budget = opts.work ?? 3000;
  const now = opts.now ?? (() => 0);
  const late = (): boolean => opts.deadline !== undefined && now() > opts.deadline;
  // Under a deadline the constructions after the first stop at a quarter of the time: the search gains more.
  const started = now();
  const constructionsUntil = opts.deadline === undefined ? Infinity : started + (opts.deadline - started) / 4;

  // Per-item keys: the raw lifetime length (slots compress time), area, and the largest slot total it meets.
  const slotSum = new Float64Array(p.slots);
  for (let j = 0; j < p.n; j++) for (let t = p.lo[j]; t < p.hi[j]; t++) slotSum[t] += p.size[j];
  const total = new Float64Array(p.n);
  const length = new Float64Array(p.n);
  const area = new Float64Array(p.n);
  for (let j = 0; j < p.n; j++) {
    let m = 0;
    for (let t = p.lo[j]; t < p.hi[j]; t++) m = Math.max(m, slotSum[t]);
    total[j] = m;
    const it = items[p.index[j]];
    length[j] = it.upper - it.lower;
    area[j] = length[j] * p.size[j];
  }

  // 1. Greedy constructions; keep the lowest peak.
  const g = new Greedy(p);
  const off = new Float64Array(p.n);
  let best = new Float64Array(p.n);
  let bestPeak = Infinity;
  let method = '';
  let spent = 0;
  let deepestSeen = 0;
  const consider = (peak: number, how: string): void => {
    if (peak < bestPeak) {
      bestPeak = peak;
      best = off.slice();
      method = how;
    }
  };
  // Best single construction first (skyline by area, stranding penalised), so a deadline still leaves a
  // good placement behind; the others follow while time remains (a lower start helps the bisection).
  // Skyline scores count time in slots, the unit of its stranded-bytes penalty (bytes x slots).
  const slotArea = Float64Array.from({ length: p.n }, (_, j) => p.size[j] * (p.hi[j] - p.lo[j]));
  const slotLength = Float64Array.from({ length: p.n }, (_, j) => (p.hi[j] - p.lo[j]) * p.load + p.size[j]);
  const constructions: [string, () => number][] = [
    ['skyline', () => g.skyline(slotArea, 1, off)],
    ['skyline', () => g.skyline(slotLength, p.load, off)],
    ['first-fit', () => g.firstFit(byKeys(p.n, [(j) => p.size[j], (j) => length[j]]), off)],
    ['skyline', () => g.skyline(slotArea, 0, off)],
    ['skyline', () => g.skyline(slotArea, 10, off)],
    ['skyline', () => g.skyline(slotLength, 0, off)],
    ['first-fit', () => g.firstFit(byKeys(p.n, [(j) => area[j]]), off)],
  ];
  for (let k = 0; k < constructions.length && bestPeak > p.load; k++) {
    if (k > 0 && constructionsUntil !== Infinity && now() > constructionsUntil) break;
    consider(constructions[k][1](), constructions[k][0]);
  }

  // 2. Canonical search at LOAD, preorders in round robin with doubling work limits (MiniMalloc's schedule).
  const orders = [
    byKeys(p.n, [(j) => total[j], (j) => length[j], (j) => area[j]]),
    byKeys(p.n, [(j) => total[j], (j) => area[j], (j) => length[j]]),
    byKeys(p.n, [(j) => length[j], (j) => area[j], (j) => total[j]]),
  ];
  const search = new CanonicalSearch(p);
  const bySize = byKeys(p.n, [(j) => p.size[j], (j) => length[j]]);
  let lower = p.load; // the bisection's working bound
  let proven = p.load; // nothing below this fits (LOAD, or a search that ran to the end)
  const adopt = (): void => {
    let peak = 0;
    for (let j = 0; j < p.n; j++) peak = Math.max(peak, search.solution[j] + p.size[j]);
    if (peak < bestPeak) {
      bestPeak = peak;
      best = search.solution.slice();
      method = 'search';
    }
  };
  /**
   * Round robin at capacity c until found, proved impossible, or `share` of the work (and of the time, under a
   * deadline) left is spent.
   */
  const attempt = (c: number, share: number, startLimit: number): 'found' | 'none' | 'unknown' => {
    deepestSeen = 0;
    let limit = startLimit;
    const stop = Math.min(budget, spent + Math.max(p.n, (budget - spent) * share));
    const until =
      opts.deadline === undefined ? Infinity : Math.min(opts.deadline, now() + (opts.deadline - now()) * share);
    const over = (): boolean => spent >= stop || (until !== Infinity && now() > until);
    while (!over()) {
      for (const order of orders) {
        const st = search.run(c, order, Math.min(limit, stop - spent), until, now);
        spent += search.work;
        if (st === FOUND) {
          adopt();
          return 'found';
        }
        if (st === NOT_FOUND) return 'none';
        // Gave up: the deepest partial placement, completed by first fit (largest first), may still beat the
        // best so far. Only partials at least as deep as this probe's earlier ones are worth the pass.
        if (search.deepest > 0 && search.deepest >= deepestSeen) {
          deepestSeen = Math.max(deepestSeen, search.deepest);
          off.set(search.deepOff);
          consider(g.complete(search.deepMask, bySize, off), 'search+first-fit');
        }
        if (over()) return 'unknown';
      }
      limit *= 2;
    }
    return 'unknown';
  };
  if (bestPeak > p.load) {
    const r = attempt(p.load, 0.5, 2 * p.n);
    if (r !== 'found') lower = p.load + 1;
    if (r === 'none') proven = p.load + 1;
  }
  // 3. Bisection between the working bound and the best peak, each probe with a slice of what is left.
  while (lower < bestPeak && spent < budget && !late()) {
    const mid = Math.floor((lower + bestPeak - 1) / 2);
    const r = attempt(mid, 0.5, p.n);
    if (r !== 'found') lower = mid + 1;
    if (r === 'none' && proven === mid) proven = mid + 1;
  }
  return {
    offsets: expand(items, p, best),
    peak: bestPeak,
    load: p.load,
    optimal: bestPeak <= proven,
    method,
    work: spent,
  };
}
