import { describe, expect, it } from 'vitest';
import type { ResourceInfo, TraceIndex } from '../../../core';
import { liveAt } from './heapOccupancy';

// liveAt must give exactly what reading every resource gives (the strip's marks, in the same order)
describe('liveAt', () => {
  const ix = { consumed: 1 } as unknown as TraceIndex;
  // transients of a few calls, resources that live long, never-freed ones, created out of id order
  const res: ResourceInfo[] = [];
  let seed = 7;
  const rnd = (n: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
  for (let k = 0; k < 600; k++) {
    const created = rnd(5000);
    const kind = rnd(10);
    const freed = kind === 0 ? null : kind === 1 ? created + 1 + rnd(4000) : created + 1 + rnd(30);
    res.push({ id: k, created, freed } as unknown as ResourceInfo);
  }
  it('matches a filter over every resource at every cursor', () => {
    for (let cursor = -1; cursor < 9100; cursor += 7) {
      const want = res.filter((r) => r.created <= cursor && (r.freed === null || r.freed > cursor));
      expect(liveAt(ix, res, cursor)).toEqual(want);
    }
  });
});
