// slotsInFlight looks only at the submissions near the cursor (issue 16: it scanned every GPU completion and
// submission on each cursor move, ~8 ms a frame at 1M events). Same answer as the plain scan, at every cursor.
import { describe, expect, it } from 'vitest';
import { indexTrace, type TraceIndex } from '../../../core';
import { frameLoopTrace } from '../traces';
import { slotsInFlight } from './descriptors';

function plainScan(ix: TraceIndex, cursor: number): Record<number, number[]> {
  const completedAt = new Map<number, number>();
  for (const g of ix.gpu) completedAt.set(g.submission, g.i);
  const out: Record<number, Set<number>> = {};
  for (const e of ix.trace.events) {
    if (e.k !== 'submit' || e.dropped || !e.tableSlots?.length || e.i > cursor) continue;
    const done = e.submission === null ? undefined : completedAt.get(e.submission);
    if (done !== undefined && done <= cursor) continue;
    for (const t of e.tableSlots) (out[t.heap] ??= new Set()).add(t.index);
  }
  return Object.fromEntries(Object.entries(out).map(([h, s]) => [h, [...s].sort((a, b) => a - b)]));
}

describe('slotsInFlight', () => {
  it('matches a scan of every submission at every cursor of a dense trace', () => {
    const ix = indexTrace(frameLoopTrace(6000));
    let busy = 0;
    for (let c = 0; c <= ix.maxCall; c += 7) {
      const got = Object.fromEntries(
        [...slotsInFlight(ix, c)].map(([h, s]) => [String(h), [...s].sort((a, b) => a - b)]),
      );
      expect(got, `cursor ${c}`).toEqual(plainScan(ix, c));
      if (Object.keys(got).length) busy++;
    }
    // the frames keep descriptor reads in flight most of the time: the comparison is not between empty sets
    expect(busy).toBeGreaterThan(ix.maxCall / 7 / 2);
  });
});
