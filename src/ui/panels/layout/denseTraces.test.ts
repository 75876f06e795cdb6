// The panel layouts on dense traces: a 100,000-event trace lays out with a bounded number of marks, and the
// split layouts (laid out once, the cursor drawn by an overlay) equal the exact layout at every cursor.

import { describe, expect, it } from 'vitest';
import { frameLoopTrace } from '../traces';
import { indexTrace } from '../../../core';
import { heapRows, layoutHeapTimeline } from './heapTimeline';
import { laneStateAt, layoutStateHistory } from './stateHistory';
import { fenceRowsAt, layoutFenceQueue, timedOutWaitsAt } from './fenceQueue';
import type { Mark } from './shapes';
import { data, END, ids, ix } from './layoutsFixture';

describe('a 100,000-event trace', () => {
  // building it runs ~700 frames of a D3D12 program on the model: seconds on a loaded machine
  it('lays out every panel with a bounded number of marks', { timeout: 60_000 }, () => {
    const big = indexTrace(frameLoopTrace(100_000));
    const h = layoutHeapTimeline(big, big.maxCall, { width: 1200, mode: 'call', domain: null, selection: null });
    const s = layoutStateHistory(big, big.maxCall, {
      width: 1200,
      mode: 'call',
      domain: null,
      selection: null,
      expanded: new Set(),
      rowCount: 24,
    });
    const f = layoutFenceQueue(big, big.maxCall, { width: 1200, domain: null, selection: null });
    expect(h.chart.marks.length).toBeLessThan(3000);
    expect(s.chart.marks.length).toBeLessThan(3000);
    expect(f.chart.marks.length).toBeLessThan(3000);
    expect(s.totalLanes).toBeGreaterThan(1000);
  });
});

describe('split layouts (dense traces: laid out once, the cursor drawn by an overlay)', () => {
  const cursors = Array.from({ length: END + 1 }, (_, k) => k);
  const keyed = (marks: Mark[], keys: string[]) =>
    marks.filter((m) => m.data && keys.some((k) => k in m.data!)).map((m) => m.data);
  it('leave the cursor line out of the chart and draw it in the overlay', () => {
    const h = layoutHeapTimeline(ix, END, { width: 900, mode: 'call', domain: null, selection: null, split: true });
    expect(data(h.chart.marks, 'cursor')).toHaveLength(0);
    expect(data(h.chart.marks, 'strip')).toHaveLength(0);
    expect(data(h.overlay(12), 'cursor').map((m) => m.data!.cursor)).toEqual([12]);
  });
  it('fence readouts and rings at any cursor equal the exact layout at that cursor', () => {
    const split = layoutFenceQueue(ix, END, { width: 900, domain: null, selection: null, split: true });
    expect(data(split.chart.marks, 'fence-completed')).toHaveLength(0);
    for (const c of cursors) {
      const exact = layoutFenceQueue(ix, c, { width: 900, domain: null, selection: null, withRows: true });
      const keys = ['fence-completed', 'slot-status', 'cursor'];
      expect(keyed(split.overlay(c), keys)).toEqual(keyed(exact.chart.marks, keys));
      expect(fenceRowsAt(ix, c)).toEqual(exact.fences);
      expect(timedOutWaitsAt(ix, c)).toBe(exact.waits.filter((w) => w.timedOut).length);
    }
  });
  it('heap occupancy at any cursor equals the exact layout at that cursor, table rows too', () => {
    const split = layoutHeapTimeline(ix, END, { width: 900, mode: 'call', domain: null, selection: null, split: true });
    for (const c of cursors) {
      const exact = layoutHeapTimeline(ix, c, {
        width: 900,
        mode: 'call',
        domain: null,
        selection: null,
        withRows: true,
      });
      const keys = ['free', 'padding', 'strip', 'cursor'];
      // bands that exist at the cursor: same strips (their y differs, bands are stacked differently)
      const strip = (ms: Mark[]) => keyed(ms, keys);
      expect(strip(split.overlay(c))).toEqual(strip(exact.chart.marks));
      expect(heapRows(ix, c)).toEqual(exact.rows);
    }
  });
  it('lane states at any cursor equal the exact layout at that cursor', () => {
    const opts = { width: 900, mode: 'call' as const, domain: null, selection: null, expanded: new Set([ids.texture]) };
    const split = layoutStateHistory(ix, END, { ...opts, split: true });
    for (const c of cursors) {
      const exact = layoutStateHistory(ix, c, opts);
      for (const l of exact.lanes) expect(laneStateAt(ix, l, c)).toBe(l.state);
      for (const l of split.lanes)
        if (!exact.lanes.some((e) => e.res === l.res && e.sub === l.sub)) expect(laneStateAt(ix, l, c)).toBeNull();
    }
  });
});
