// The trace: an append-only, typed event log of everything the model did. Panels, the time-travel cursor,
// the Perfetto export and the tests read it. Events are small plain objects with no formatted strings
// (the hot recording path only pushes them); state at any call index is rebuilt from lazily built snapshots
// ([TR-SNAP-1]).

import type { D3D12Message, HRESULT } from './messages';

export type StateChangeKind = 'initial' | 'barrier' | 'promotion' | 'decay';

export type TraceEvent =
  | { k: 'call'; i: number; t: number; api: string; self: number; args: unknown; hr: HRESULT | null }
  | { k: 'object'; i: number; id: number; type: string; name: string | null; parent: number }
  | { k: 'name'; i: number; id: number; name: string }
  | { k: 'release'; i: number; id: number; refs: number; destroyed: boolean }
  | { k: 'state'; i: number; res: number; sub: number; before: number; after: number; kind: StateChangeKind; queue: number }
  | { k: 'alloc'; i: number; res: number; heap: number; heapType: number; offset: number; size: number; placement: 'committed' | 'placed' | 'reserved' | 'heap' }
  | { k: 'free'; i: number; res: number; heap: number; offset: number; size: number }
  | { k: 'map'; i: number; res: number; sub: number; unmap: boolean }
  | { k: 'fence'; i: number; fence: number; value: bigint; t: number; kind: 'signal-gpu' | 'signal-cpu' | 'completed' | 'wait-gpu'; queue: number }
  /**
   * An execution finished on the GPU. `submission`: its id; the model's `submission(id)` answers with the commands
   * it ran and the bytes they read ([TR-SUBMIT-1]), so the event itself stays plain data.
   */
  | { k: 'gpu'; i: number; queue: number; lists: number[]; start: number; end: number; submitCall: number; submission: number }
  /**
   * An ExecuteCommandLists call: accepted (queued, with its submission id) or dropped by the runtime (open list,
   * bundle, type mismatch, failed Close, in-flight list, removed device; `submission` null).
   */
  | { k: 'submit'; i: number; queue: number; lists: number[]; dropped: boolean; reason: string | null; submission: number | null }
  /** A Present that was queued: which back buffer (resource id, index) it shows. */
  | { k: 'present'; i: number; swapChain: number; buffer: number; index: number }
  | { k: 'wait'; i: number; start: number; end: number; timedOut: boolean; deadlock: boolean; event: number }
  | { k: 'descriptor'; i: number; heap: number; index: number; view: string; res: number }
  | { k: 'marker'; i: number; list: number; kind: 'begin' | 'end' | 'set'; name: string }
  | { k: 'message'; i: number; msg: D3D12Message }
  | { k: 'hazard'; i: number; kind: string; res: number; detail: Readonly<Record<string, string | number | boolean | null>> }
  | { k: 'removed'; i: number; device: number; reason: HRESULT; t: number }
  | { k: 'tile'; i: number; res: number; heap: number; firstTile: number; count: number; heapTile: number }
  /** MakeResident / Evict / EnqueueMakeResident: residency count of a pageable after the call ([MEM-RES-3]). */
  | { k: 'residency'; i: number; obj: number; resident: boolean; count: number; bytes: number; local: boolean }
  /** WriteToSubresource / ReadFromSubresource: the CPU touched a subresource's bytes ([CPU-ACCESS-1]). */
  | { k: 'cpu-access'; i: number; res: number; sub: number; write: boolean; bytes: number };

/** A traced API call (beginCall returns it; endCall fills in its HRESULT). */
export type CallEvent = Extract<TraceEvent, { k: 'call' }>;

/**
 * `JSON.stringify(trace.events, traceJsonReplacer)` is the trace as JSON: events are plain data except for what
 * JSON has no form for: UINT64 values (bigint: decimal strings) and byte arrays a call was given (their length).
 * Model objects in call arguments serialize themselves as `{ object: id, iface, name }` (IUnknown.toJSON).
 */
export function traceJsonReplacer(_key: string, v: unknown): unknown {
  if (typeof v === 'bigint') return v.toString();
  if (ArrayBuffer.isView(v)) return { bytes: v.byteLength };
  return v;
}

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
  return { callIndex: -1, resourceStates: new Map(), objects: new Map(), fenceValues: new Map(), messageCount: 0, deviceRemoved: false };
}

function cloneState(s: TraceState): TraceState {
  const rs = new Map<number, number[]>();
  for (const [k, v] of s.resourceStates) rs.set(k, v.slice());
  const obj = new Map<number, { type: string; name: string | null; alive: boolean }>();
  for (const [k, v] of s.objects) obj.set(k, { ...v });
  return { callIndex: s.callIndex, resourceStates: rs, objects: obj, fenceValues: new Map(s.fenceValues), messageCount: s.messageCount, deviceRemoved: s.deviceRemoved };
}

function apply(s: TraceState, e: TraceEvent): void {
  s.callIndex = e.i;
  switch (e.k) {
    case 'object': s.objects.set(e.id, { type: e.type, name: e.name, alive: true }); break;
    case 'name': { const o = s.objects.get(e.id); if (o) o.name = e.name; break; }
    case 'release': { const o = s.objects.get(e.id); if (o && e.destroyed) o.alive = false; break; }
    case 'state': {
      let arr = s.resourceStates.get(e.res);
      if (!arr) { arr = []; s.resourceStates.set(e.res, arr); }
      arr[e.sub] = e.after;
      break;
    }
    case 'fence': if (e.kind === 'completed' || e.kind === 'signal-cpu') s.fenceValues.set(e.fence, e.value); break;
    case 'message': s.messageCount++; break;
    case 'removed': s.deviceRemoved = true; break;
    default: break;
  }
}

export class Trace {
  readonly events: TraceEvent[] = [];
  private snapshots: { at: number; state: TraceState }[] = [];
  /** Turn off to measure the model without its trace (never in the product). */
  enabled = true;

  push(e: TraceEvent): void {
    if (this.enabled) this.events.push(e);
  }

  get length(): number {
    return this.events.length;
  }

  /** Index of the first event whose call index is greater than `callIndex`. */
  private upperBound(callIndex: number): number {
    let lo = 0;
    let hi = this.events.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.events[mid].i <= callIndex) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** [TR-SNAP-1] The state after every event of calls <= callIndex; snapshots every 256 events keep it O(K). */
  stateAt(callIndex: number): TraceState {
    const end = this.upperBound(callIndex);
    // extend the snapshot chain lazily (append-only log: old snapshots never go stale)
    let last = this.snapshots.length ? this.snapshots[this.snapshots.length - 1] : { at: 0, state: emptyState() };
    if (this.snapshots.length === 0) this.snapshots.push(last);
    while (last.at + SNAPSHOT_EVERY <= end) {
      const st = cloneState(last.state);
      for (let j = last.at; j < last.at + SNAPSHOT_EVERY; j++) apply(st, this.events[j]);
      last = { at: last.at + SNAPSHOT_EVERY, state: st };
      this.snapshots.push(last);
    }
    const snapIdx = Math.min(Math.floor(end / SNAPSHOT_EVERY), this.snapshots.length - 1);
    const base = this.snapshots[snapIdx];
    const st = cloneState(base.state);
    for (let j = base.at; j < end; j++) apply(st, this.events[j]);
    st.callIndex = callIndex;
    return st;
  }

  /** Events of one call index (calls, their state changes, messages ...). */
  eventsOfCall(callIndex: number): TraceEvent[] {
    const end = this.upperBound(callIndex);
    const start = this.upperBound(callIndex - 1);
    return this.events.slice(start, end);
  }

  /** Chrome / Perfetto trace-event JSON (open in ui.perfetto.dev or chrome://tracing). Times in microseconds. */
  toChromeTrace(): { traceEvents: object[]; displayTimeUnit: string } {
    const out: object[] = [
      { name: 'process_name', ph: 'M', pid: 1, args: { name: 'D3D12 model' } },
      { name: 'thread_name', ph: 'M', pid: 1, tid: 0, args: { name: 'CPU (application thread)' } },
    ];
    const queuesSeen = new Set<number>();
    for (const e of this.events) {
      switch (e.k) {
        case 'call':
          out.push({ name: e.api, ph: 'X', pid: 1, tid: 0, ts: e.t / 1000, dur: 1, args: { i: e.i, hr: e.hr, self: e.self } });
          break;
        case 'gpu':
          if (!queuesSeen.has(e.queue)) {
            queuesSeen.add(e.queue);
            out.push({ name: 'thread_name', ph: 'M', pid: 1, tid: 1000 + e.queue, args: { name: `GPU queue #${e.queue}` } });
          }
          out.push({ name: `ExecuteCommandLists (call ${e.submitCall})`, ph: 'X', pid: 1, tid: 1000 + e.queue, ts: e.start / 1000, dur: (e.end - e.start) / 1000, args: { lists: e.lists } });
          break;
        case 'wait':
          out.push({ name: e.timedOut ? 'WaitForSingleObject (timeout)' : 'WaitForSingleObject', ph: 'X', pid: 1, tid: 0, ts: e.start / 1000, dur: (e.end - e.start) / 1000, args: { i: e.i, deadlock: e.deadlock } });
          break;
        case 'fence':
          out.push({ name: `fence #${e.fence}`, ph: 'C', pid: 1, ts: e.t / 1000, args: { value: Number(e.value > 9007199254740991n ? -1n : e.value) } });
          break;
        case 'message':
          out.push({ name: e.msg.id, ph: 'i', s: 'g', pid: 1, tid: 0, ts: 0, args: { i: e.i, severity: e.msg.severity, category: e.msg.category } });
          break;
        case 'removed':
          out.push({ name: `device removed: ${e.reason}`, ph: 'i', s: 'g', pid: 1, tid: 0, ts: e.t / 1000 });
          break;
        default:
          break;
      }
    }
    // messages carry no time of their own: place them at their call's time
    const callTime = new Map<number, number>();
    for (const e of this.events) if (e.k === 'call') callTime.set(e.i, e.t / 1000);
    for (const o of out as { name?: string; ph?: string; ts?: number; args?: { i?: number } }[]) {
      if (o.ph === 'i' && o.ts === 0 && o.args?.i !== undefined) o.ts = callTime.get(o.args.i) ?? 0;
    }
    return { traceEvents: out, displayTimeUnit: 'ms' };
  }
}
