// [RG-PLACE] The placers on random lifetimes: never two buffers alive together in the same bytes, every offset
// aligned, peak = max(offset + size) >= LOAD, the same answer every time; the search is exact on tiny
// instances (checked against brute force); the frame graphs are placed at exactly LOAD.
import { describe, expect, it } from 'vitest';
import { placeBest, placeQuick } from './placer';
import { placeLifetimes } from './quick';
import { computeLoad, type PlaceItem } from './problem';
import { compileGraph } from './graph';
import { deferredFrame, FRAMES } from './frames';

function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 4294967296;
  };
}

function randomItems(seed: number, n: number, span: number, maxSize: number, aligns: number[]): PlaceItem[] {
  const r = rng(seed);
  return Array.from({ length: n }, () => {
    const lower = Math.floor(r() * span);
    const upper = lower + 1 + Math.floor(r() * Math.max(1, span / 3));
    return { lower, upper, size: 1 + Math.floor(r() * maxSize), alignment: aligns[Math.floor(r() * aligns.length)] };
  });
}

/** Independent of the code under test: every pair, by the definition. */
function violations(items: PlaceItem[], off: number[]): string[] {
  const out: string[] = [];
  items.forEach((a, i) => {
    if (!Number.isInteger(off[i]) || off[i] < 0) out.push(`offset ${i} = ${off[i]}`);
    if (off[i] % (a.alignment ?? 1) !== 0) out.push(`item ${i} misaligned: ${off[i]} % ${a.alignment}`);
    items.forEach((b, j) => {
      if (j <= i) return;
      const together = a.lower < b.upper && b.lower < a.upper;
      const shareBytes = off[i] < off[j] + b.size && off[j] < off[i] + a.size;
      if (together && shareBytes) out.push(`items ${i} and ${j} alive together in the same bytes`);
    });
  });
  return out;
}

/** The smallest peak any placement reaches, by trying every offset (tiny instances only). */
function bruteForceOptimum(items: PlaceItem[]): number {
  const fits = (cap: number): boolean => {
    const off: number[] = [];
    const rec = (k: number): boolean => {
      if (k === items.length) return true;
      const it = items[k];
      for (let o = 0; o + it.size <= cap; o += it.alignment ?? 1) {
        let ok = true;
        for (let q = 0; q < k && ok; q++) {
          const b = items[q];
          if (it.lower < b.upper && b.lower < it.upper && o < off[q] + b.size && off[q] < o + it.size) ok = false;
        }
        if (ok) {
          off[k] = o;
          if (rec(k + 1)) return true;
        }
      }
      return false;
    };
    return rec(0);
  };
  let cap = computeLoad(items);
  while (!fits(cap)) cap++;
  return cap;
}

describe('placers on random lifetimes', () => {
  const cases = Array.from({ length: 60 }, (_, k) => ({
    seed: 1000 + k,
    n: 1 + ((k * 7) % 70),
    aligns: k % 3 === 0 ? [1] : [1, 4, 16, 256],
  }));

  it.each(cases)(
    '[RG-PLACE-1] seed $seed, $n items: valid, aligned, peak >= LOAD, deterministic',
    ({ seed, n, aligns }) => {
      const items = randomItems(seed, n, 40, 1000, aligns);
      const load = computeLoad(items);
      for (const place of [
        () => placeBest(items, { work: 400 }),
        () => placeQuick(items),
        () => placeLifetimes(items),
      ]) {
        const a = place();
        expect(violations(items, a.offsets)).toEqual([]);
        expect(a.peak).toBe(Math.max(0, ...items.map((it, i) => a.offsets[i] + it.size)));
        expect(a.load).toBe(load);
        expect(a.peak).toBeGreaterThanOrEqual(load);
        expect(place()).toEqual(a);
      }
    },
  );

  it('[RG-PLACE-2] placeBest is never worse than the quick first fit, and its search helps', () => {
    let better = 0;
    for (let k = 0; k < 40; k++) {
      const items = randomItems(77 + k, 60, 30, 500, [1]);
      const best = placeBest(items, { work: 2000 });
      const quick = placeQuick(items);
      expect(best.peak).toBeLessThanOrEqual(quick.peak);
      if (best.peak < quick.peak) better++;
    }
    expect(better).toBeGreaterThan(5);
  });

  it('[RG-PLACE-3] on tiny instances the search finds the true optimum (brute force) and says so', () => {
    const r = rng(4242);
    for (let k = 0; k < 150; k++) {
      const n = 2 + Math.floor(r() * 5);
      const items = randomItems(9000 + k, n, 6, 5, k % 2 ? [1] : [1, 2]);
      const opt = bruteForceOptimum(items);
      const got = placeBest(items, { work: 100_000 });
      expect(violations(items, got.offsets)).toEqual([]);
      expect(got.peak).toBe(opt);
      expect(got.optimal).toBe(true);
    }
  });

  it('[RG-PLACE-4] empty, zero-length and single items', () => {
    expect(placeBest([])).toMatchObject({ offsets: [], peak: 0, load: 0 });
    const one = placeBest([{ lower: 3, upper: 9, size: 100, alignment: 64 }]);
    expect(one).toMatchObject({ offsets: [0], peak: 100, load: 100, optimal: true });
    const disjoint = placeBest([
      { lower: 0, upper: 2, size: 10 },
      { lower: 2, upper: 4, size: 30 },
    ]);
    expect(disjoint.offsets).toEqual([0, 0]); // [lower, upper) is half-open: they never live together
    expect(disjoint.peak).toBe(30);
  });
});

describe('frame graphs', () => {
  it.each(Object.keys(FRAMES))(
    '[RG-PLACE-5] %s: the compile and placeBest both place the transients at exactly LOAD',
    (name) => {
      const desc = deferredFrame(FRAMES[name]);
      const out = compileGraph(desc);
      if ('error' in out) throw new Error(out.error.message);
      const g = out.graph;
      expect(g.heapSize).toBe(g.load);
      expect(g.heapSize).toBeLessThan(g.unaliasedSize * 0.6); // aliasing pays: well under the sum of sizes
      const items = desc.resources.flatMap((r, i) =>
        r.imported || g.first[i] < 0
          ? []
          : [{ lower: g.first[i], upper: g.last[i] + 1, size: r.size, alignment: 65536 }],
      );
      const best = placeBest(items, { work: 2000 });
      expect(best.peak).toBe(best.load);
      expect(best.load).toBe(g.load);
    },
  );
});
