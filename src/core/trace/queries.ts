// Queries over the trace index ("as of call N", by binary search): what the panels' layouts and the lesson
// checks ask of a trace, in one place, so no caller scans raw events for itself.

import type { TraceEvent } from './events';
import { FAILED } from '../messages';
import type { CallEv, StateChange, TraceIndex } from './traceIndex';

/** An object reference in recorded call args: a number, or a model object carrying its id. */
export function idOf(v: unknown): number | null {
  if (typeof v === 'number') return v;
  if (v && typeof v === 'object' && typeof (v as { id?: unknown }).id === 'number') return (v as { id: number }).id;
  return null;
}

/**
 * Index of the first element whose key is greater than `x` (elements sorted by that key): how many are at or
 * before `x`. The one binary search of the trace queries and the panels' layouts.
 */
export function upperBound<T>(arr: ArrayLike<T>, x: number, key: (e: T) => number): number {
  let lo = 0;
  let hi = arr.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (key(arr[mid]) <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const callOf = (e: { i: number }) => e.i;

/** Index of the first element whose `i` is greater than `cursor` (elements sorted by i). */
export const upperBoundI = <T extends { i: number }>(arr: readonly T[], cursor: number): number =>
  upperBound(arr, cursor, callOf);

/** "upload #12" or the SetName name: how panels label an object. */
export function objectLabel(ix: TraceIndex, id: number): string {
  const o = ix.objects.get(id);
  if (!o) return `#${id}`;
  return o.name ? `${o.name} (#${id})` : `${o.type.replace(/^ID3D12|^IDXGI/, '')} #${id}`;
}

/** Modelled time (ns) of a call index; the last known call's time for indices past the end. */
export function timeOfCall(ix: TraceIndex, i: number): number {
  if (i < 0) return 0;
  const t = ix.callTime[Math.min(i, ix.callTime.length - 1)];
  if (t !== undefined) return t;
  for (let k = Math.min(i, ix.callTime.length - 1); k >= 0; k--)
    if (ix.callTime[k] !== undefined) return ix.callTime[k];
  return 0;
}

/** The events of one call index (the call, its state changes, messages ...). */
export function eventsOfCall(ix: TraceIndex, callIndex: number): TraceEvent[] {
  const events = ix.trace.events;
  return events.slice(upperBoundI(events, callIndex - 1), upperBoundI(events, callIndex));
}

/** The call event of a call index (undefined past the end). */
export function callAt(ix: TraceIndex, callIndex: number): CallEv | undefined {
  return ix.calls[callIndex];
}

/** "ID3D12CommandQueue::ExecuteCommandLists → S_OK": how a call reads in a label. */
export function callLabel(ix: TraceIndex, callIndex: number): string {
  const c = callAt(ix, callIndex);
  return c ? `${c.api}${c.hr ? ` → ${c.hr}` : ''}` : `call ${callIndex}`;
}

/** Calls of one API (`ID3D12Resource::Map`), optionally on one object, in call order. */
export function callsOf(ix: TraceIndex, api: string, self?: number): CallEv[] {
  return ix.calls.filter((c) => c && c.api === api && (self === undefined || c.self === self));
}

/** Calls that returned a failure HRESULT, in call order. */
export function failedCalls(ix: TraceIndex): CallEv[] {
  return ix.calls.filter((c) => c && c.hr !== null && FAILED(c.hr));
}

/** Hazards the model recorded, optionally of one kind and on one resource, in trace order. */
export function hazardsOf(ix: TraceIndex, kind?: string, res?: number): TraceIndex['hazards'] {
  return ix.hazards.filter((h) => (kind === undefined || h.kind === kind) && (res === undefined || h.res === res));
}

/** A resource's state changes (initial, barriers, promotions, decays), optionally of one subresource, in order. */
export function stateChangesOf(ix: TraceIndex, res: number, sub?: number): StateChange[] {
  const all = ix.states.get(res) ?? [];
  return sub === undefined ? all : all.filter((c) => c.sub === sub);
}

/** The first device removal, if any. */
export function removalOf(ix: TraceIndex): TraceIndex['removed'][number] | undefined {
  return ix.removed[0];
}
