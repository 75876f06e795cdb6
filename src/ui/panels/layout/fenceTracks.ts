// Fences and queues, the fence values at any cursor: each fence's signalled and completed values and its
// frame ring, from per-fence tracks computed once per trace length (a binary search per readout, not a
// replay), and the count of timed-out CPU waits. Split out of fenceQueue.ts, which re-exports these.

import { objectLabel, upperBoundI, type TraceIndex } from '../../../core';

export interface FenceRow {
  fence: number;
  label: string;
  signalled: bigint;
  completed: bigint;
  inFlight: number;
  ring: { slot: number; value: bigint; status: 'in-flight' | 'done' }[];
}

/**
 * Per fence, its values after each of its events, computed once per trace length: the readout at any cursor
 * is then a binary search, not a replay of the fence's history. Typed arrays, values as event positions: a
 * 1M-event trace has ~39,000 events per fence, read at first render.
 */
interface FenceTrack {
  /** the event holding the largest value signalled so far, and the one holding the completed value (-1: 0) */
  signalledAt: Int32Array;
  completedAt: Int32Array;
  /** requests made so far, and the first of them not yet completed */
  reqCount: Int32Array;
  firstPending: Int32Array;
  /** the most requests ever in flight so far: the frame ring's size */
  maxInFlight: Int32Array;
  requested: bigint[];
}

const trackCache = new WeakMap<TraceIndex, { at: number; tracks: Map<number, FenceTrack>; timedOut: number[] }>();

function fenceTracks(ix: TraceIndex): { tracks: Map<number, FenceTrack>; timedOut: number[] } {
  const c = trackCache.get(ix);
  if (c && c.at === ix.consumed) return c;
  const tracks = new Map<number, FenceTrack>();
  for (const [fence, evs] of ix.fences) {
    const n = evs.length;
    const t: FenceTrack = {
      signalledAt: new Int32Array(n),
      completedAt: new Int32Array(n),
      reqCount: new Int32Array(n),
      firstPending: new Int32Array(n),
      maxInFlight: new Int32Array(n),
      requested: [],
    };
    let signalled = 0n;
    let signalledAt = -1;
    let completed = 0n;
    let completedAt = -1;
    let maxInFlight = 1;
    // fence values only grow, so the first pending request only moves forward (keeps this O(events))
    let firstPending = 0;
    for (let k = 0; k < n; k++) {
      const e = evs[k];
      if (e.kind === 'signal-queued' || e.kind === 'signal-cpu') {
        if (e.value > signalled) {
          signalled = e.value;
          signalledAt = k;
        }
        t.requested.push(e.value);
      }
      if (e.kind === 'completed' || e.kind === 'signal-cpu') {
        completed = e.value;
        completedAt = k;
      }
      while (firstPending < t.requested.length && t.requested[firstPending] <= completed) firstPending++;
      maxInFlight = Math.max(maxInFlight, t.requested.length - firstPending);
      t.signalledAt[k] = signalledAt;
      t.completedAt[k] = completedAt;
      t.reqCount[k] = t.requested.length;
      t.firstPending[k] = firstPending;
      t.maxInFlight[k] = maxInFlight;
    }
    tracks.set(fence, t);
  }
  // CPU waits that timed out, counted up to each wait
  const timedOut: number[] = [];
  let n = 0;
  for (const w of ix.waits) timedOut.push((n += w.timedOut ? 1 : 0));
  const out = { at: ix.consumed, tracks, timedOut };
  trackCache.set(ix, out);
  return out;
}

/** Every fence's values as of the cursor: O(fences × (log events + ring size)). */
export function fenceRowsAt(ix: TraceIndex, cursor: number): FenceRow[] {
  const { tracks } = fenceTracks(ix);
  const rows: FenceRow[] = [];
  for (const [fence, evs] of ix.fences) {
    const t = tracks.get(fence)!;
    const k = upperBoundI(evs, cursor) - 1;
    const signalled = k < 0 || t.signalledAt[k] < 0 ? 0n : evs[t.signalledAt[k]].value;
    const completed = k < 0 || t.completedAt[k] < 0 ? 0n : evs[t.completedAt[k]].value;
    const reqs = k < 0 ? 0 : t.reqCount[k];
    const maxInFlight = k < 0 ? 1 : t.maxInFlight[k];
    // frame ring: the last `maxInFlight` signalled values, each in slot value mod ring size
    const ring = t.requested.slice(Math.max(0, reqs - maxInFlight), reqs).map((v) => ({
      slot: Number(v % BigInt(maxInFlight)),
      value: v,
      status: (v > completed ? 'in-flight' : 'done') as 'in-flight' | 'done',
    }));
    ring.sort((a, b) => a.slot - b.slot);
    rows.push({
      fence,
      label: objectLabel(ix, fence),
      signalled,
      completed,
      inFlight: k < 0 ? 0 : reqs - t.firstPending[k],
      ring,
    });
  }
  return rows;
}

/** CPU waits that timed out as of the cursor. */
export function timedOutWaitsAt(ix: TraceIndex, cursor: number): number {
  const n = upperBoundI(ix.waits, cursor);
  return n ? fenceTracks(ix).timedOut[n - 1] : 0;
}
