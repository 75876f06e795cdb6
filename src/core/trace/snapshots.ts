// [TR-SNAP-1] The state of the modelled machine as of any call index (resource states, live objects, fence
// values, message count, removal), rebuilt from the trace: a chain of snapshots every 256 events, built lazily
// and kept per trace (the log is append-only, so old snapshots never go stale), plus a replay of the rest.

import type { TraceEvent } from './events';
import type { Trace } from './log';
import type { TraceIndex } from './traceIndex';
import { upperBoundI } from './queries';

/** The state of the modelled machine as of a call index, rebuilt from the trace. */
export interface TraceState {
  callIndex: number;
  /** resource id -> per-subresource D3D12_RESOURCE_STATES */
  resourceStates: Map<number, number[]>;
  /** object id -> what it is, and whether it is still alive */
  objects: Map<number, { type: string; name: string | null; alive: boolean }>;
  /** fence id -> last completed value */
  fenceValues: Map<number, bigint>;
  messageCount: number;
  deviceRemoved: boolean;
}

const SNAPSHOT_EVERY = 256;

function emptyState(): TraceState {
  return {
    callIndex: -1,
    resourceStates: new Map(),
    objects: new Map(),
    fenceValues: new Map(),
    messageCount: 0,
    deviceRemoved: false,
  };
}

function cloneState(s: TraceState): TraceState {
  const rs = new Map<number, number[]>();
  for (const [k, v] of s.resourceStates) rs.set(k, v.slice());
  const obj = new Map<number, { type: string; name: string | null; alive: boolean }>();
  for (const [k, v] of s.objects) obj.set(k, { ...v });
  return {
    callIndex: s.callIndex,
    resourceStates: rs,
    objects: obj,
    fenceValues: new Map(s.fenceValues),
    messageCount: s.messageCount,
    deviceRemoved: s.deviceRemoved,
  };
}

function apply(s: TraceState, e: TraceEvent): void {
  s.callIndex = e.i;
  switch (e.k) {
    case 'object':
      s.objects.set(e.id, { type: e.type, name: e.name, alive: true });
      break;
    case 'name': {
      const o = s.objects.get(e.id);
      if (o) o.name = e.name;
      break;
    }
    case 'release': {
      const o = s.objects.get(e.id);
      if (o && e.destroyed) o.alive = false;
      break;
    }
    case 'state': {
      let arr = s.resourceStates.get(e.res);
      if (!arr) {
        arr = [];
        s.resourceStates.set(e.res, arr);
      }
      arr[e.sub] = e.after;
      break;
    }
    case 'fence':
      if (e.kind === 'completed' || e.kind === 'signal-cpu') s.fenceValues.set(e.fence, e.value);
      break;
    case 'message':
      s.messageCount++;
      break;
    case 'removed':
      s.deviceRemoved = true;
      break;
    default:
      break;
  }
}

const chains = new WeakMap<Trace, { at: number; state: TraceState }[]>();

/** [TR-SNAP-1] The state after every event of calls <= callIndex; snapshots every 256 events keep it O(256). */
export function stateAt(ix: TraceIndex, callIndex: number): TraceState {
  const trace = ix.trace;
  const events = trace.events;
  const end = upperBoundI(events, callIndex);
  let snapshots = chains.get(trace);
  if (!snapshots) {
    snapshots = [{ at: 0, state: emptyState() }];
    chains.set(trace, snapshots);
  }
  // extend the snapshot chain lazily
  let last = snapshots[snapshots.length - 1];
  while (last.at + SNAPSHOT_EVERY <= end) {
    const st = cloneState(last.state);
    for (let j = last.at; j < last.at + SNAPSHOT_EVERY; j++) apply(st, events[j]);
    last = { at: last.at + SNAPSHOT_EVERY, state: st };
    snapshots.push(last);
  }
  const base = snapshots[Math.min(Math.floor(end / SNAPSHOT_EVERY), snapshots.length - 1)];
  const st = cloneState(base.state);
  for (let j = base.at; j < end; j++) apply(st, events[j]);
  st.callIndex = callIndex;
  return st;
}
