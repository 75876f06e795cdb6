// The trace's events: an append-only, typed log of everything the model did, as plain data (numbers, strings,
// bigints for UINT64 values). Calls keep their arguments as given; model objects in them serialize as references
// (IUnknown.toJSON). What a submission ran is answered by the model (`submission(id)`), not carried here.

import type { D3D12Message, HRESULT } from '../messages';

/**
 * What happened to a fence: a queue's Signal was queued (`signal-queued`, CPU time: the value requested), the GPU
 * reached it (`signal-gpu`) or a queue's Wait on it (`wait-gpu`), the CPU set it (`signal-cpu`), it took a value
 * (`completed`).
 */
export type FenceEventKind = 'signal-queued' | 'signal-gpu' | 'signal-cpu' | 'completed' | 'wait-gpu';

export type StateChangeKind = 'initial' | 'barrier' | 'promotion' | 'decay';

/** What an enhanced barrier adds to a state change (layouts -1 for a buffer barrier: buffers have none). */
export interface EnhancedStateInfo {
  layoutBefore: number;
  layoutAfter: number;
  syncBefore: number;
  syncAfter: number;
  accessBefore: number;
  accessAfter: number;
}

export type TraceEvent =
  | { k: 'call'; i: number; t: number; api: string; self: number; args: unknown; hr: HRESULT | null }
  | { k: 'object'; i: number; id: number; type: string; name: string | null; parent: number }
  | { k: 'name'; i: number; id: number; name: string }
  | { k: 'release'; i: number; id: number; refs: number; destroyed: boolean }
  | {
      k: 'state';
      i: number;
      res: number;
      sub: number;
      before: number;
      after: number;
      kind: StateChangeKind;
      queue: number;
      /** [EB-TRACE-1] an enhanced barrier: the layout it found and set, and its sync and access scopes */
      enh?: EnhancedStateInfo;
    }
  | {
      k: 'alloc';
      i: number;
      res: number;
      heap: number;
      heapType: number;
      offset: number;
      size: number;
      placement: 'committed' | 'placed' | 'reserved' | 'heap';
    }
  | { k: 'free'; i: number; res: number; heap: number; offset: number; size: number }
  | { k: 'map'; i: number; res: number; sub: number; unmap: boolean }
  | { k: 'fence'; i: number; fence: number; value: bigint; t: number; kind: FenceEventKind; queue: number }
  /**
   * An execution finished on the GPU. `submission`: its id; the model's `submission(id)` answers with the commands
   * it ran and the bytes they read ([TR-SUBMIT-1]), so the event itself stays plain data.
   */
  | {
      k: 'gpu';
      i: number;
      queue: number;
      lists: number[];
      start: number;
      end: number;
      submitCall: number;
      submission: number;
    }
  /**
   * An ExecuteCommandLists call: accepted (queued, with its submission id) or dropped by the runtime (open list,
   * bundle, type mismatch, failed Close, in-flight list, removed device; `submission` null).
   */
  | {
      k: 'submit';
      i: number;
      queue: number;
      lists: number[];
      dropped: boolean;
      reason: string | null;
      submission: number | null;
      /** [TR-SUBMIT-2] Descriptor slots an accepted submission's tables read, each once (shader-visible heaps). */
      tableSlots?: { heap: number; index: number }[];
    }
  /** A Present that was queued: which back buffer (resource id, index) it shows. */
  | { k: 'present'; i: number; swapChain: number; buffer: number; index: number }
  | { k: 'wait'; i: number; start: number; end: number; timedOut: boolean; deadlock: boolean; event: number }
  | { k: 'descriptor'; i: number; heap: number; index: number; view: string; res: number }
  /** A PIX event: `list` is the object it was set on, a command list [CL-MARKER-1] or a queue [Q-MARKER-1]. */
  | { k: 'marker'; i: number; list: number; kind: 'begin' | 'end' | 'set'; name: string }
  | { k: 'message'; i: number; msg: D3D12Message }
  | {
      k: 'hazard';
      i: number;
      kind: string;
      res: number;
      detail: Readonly<Record<string, string | number | boolean | null>>;
    }
  | { k: 'removed'; i: number; device: number; reason: HRESULT; t: number }
  | { k: 'tile'; i: number; res: number; heap: number; firstTile: number; count: number; heapTile: number }
  /** MakeResident / Evict / EnqueueMakeResident: residency count of a pageable after the call ([MEM-RES-3]). */
  | { k: 'residency'; i: number; obj: number; resident: boolean; count: number; bytes: number; local: boolean }
  /** WriteToSubresource / ReadFromSubresource: the CPU touched a subresource's bytes ([CPU-ACCESS-1]). */
  | { k: 'cpu-access'; i: number; res: number; sub: number; write: boolean; bytes: number }
  | QueryTraceEvent;

/**
 * [Q-TRACE-1] A query command ran on the modelled GPU (recorded when its execution completes, at GPU time `t`, ns):
 * BeginQuery (`values` null), EndQuery (the UINT64s it wrote into slot `index`), ResolveQueryData (slots
 * [index, index + count) copied into buffer `dst` at `offset`, `values` what was written there). `hz`: the
 * timestamp clock GetTimestampFrequency reports (ticks per second). `list`: the list whose command it was.
 */
export interface QueryTraceEvent {
  k: 'query';
  i: number;
  op: 'begin' | 'end' | 'resolve';
  queue: number;
  list: number;
  heap: number;
  type: number;
  index: number;
  count: number;
  t: number;
  values: bigint[] | null;
  hz: number;
  dst: number;
  offset: number;
}

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
