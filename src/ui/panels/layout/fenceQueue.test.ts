// The fences-and-queues layout as data, over the lesson-sized trace of layoutsFixture.ts: signalled vs
// completed values, CPU waits and their timeout, GPU intervals, frames in flight at the cursor.

import { describe, expect, it } from 'vitest';
import { layoutFenceQueue } from './fenceQueue';
import { data, END, ix, trace } from './layoutsFixture';

describe('fences and queues', () => {
  it('shows signalled vs completed values, waits with their timeout, and GPU intervals', () => {
    const f = layoutFenceQueue(ix, END, { width: 900, domain: null, selection: null, withRows: true });
    expect(f.fences.map((x) => [x.signalled, x.completed, x.inFlight])).toEqual([[4n, 4n, 0]]);
    expect(f.waits.map((w) => w.timedOut)).toEqual([false, true, false, false]);
    expect(f.queues[0].intervals).toHaveLength(4);
    expect(data(f.chart.marks, 'fence-completed')[0].data!['fence-completed']).toBe('4');
  });
  it('counts frames in flight as of the cursor', () => {
    // right after the second Signal: value 2 is requested, 1 is complete
    const at = trace.events.find((e) => e.k === 'fence' && e.kind === 'signal-queued' && e.value === 2n)!.i;
    const f = layoutFenceQueue(ix, at, { width: 900, domain: null, selection: null });
    expect(f.fences[0]).toMatchObject({ signalled: 2n, completed: 1n, inFlight: 1 });
    expect(f.fences[0].ring.find((r) => r.value === 2n)!.status).toBe('in-flight');
  });
});
