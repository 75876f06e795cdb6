// The state of each subresource as the command list records it ([ST-REC-1]), beside the state on the queue
// (the `state` events: what the GPU sees at ExecuteCommandLists, with promotion and decay). A transition barrier
// recorded in a list declares its StateAfter at the ResourceBarrier call; the list knows nothing else, so a
// subresource no open list has declared follows the queue's state. When the list is executed (or Reset) its
// declarations are handed over to the queue lane, which is where the layer checks them ([BAR-ECL-1]).
// Derived from the trace alone (ResourceBarrier arguments, Reset/Close calls, submit and state events), in one
// incremental pass cached per index, so the state panel can ask "as of call N" by binary search.

import {
  D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES,
  D3D12_RESOURCE_BARRIER_FLAG_BEGIN_ONLY,
  D3D12_RESOURCE_BARRIER_TYPE_TRANSITION,
  D3D12_HEAP_TYPE_READBACK,
  D3D12_HEAP_TYPE_UPLOAD,
} from '../enums';
import type { D3D12_RESOURCE_BARRIER } from '../structs';
import { idOf, upperBound } from './queries';
import { CallRole, apiRole, type TraceIndex } from './traceIndex';

/**
 * One change of a subresource's recorded state. `list`: the command list whose barrier declared it, or null when
 * the subresource follows the queue (no open list has declared a state for it).
 */
export interface RecordedChange {
  i: number;
  sub: number;
  state: number;
  list: number | null;
}

/** One resource as the walk knows it (one map lookup per event instead of four). */
interface ResWalk {
  id: number;
  /** per subresource: the queue's state */
  queue: number[];
  /** per subresource: the declaring list and state, or undefined */
  declared: ({ list: number; state: number } | undefined)[];
  /** its changes (the array in `out`), made on the first one */
  out: RecordedChange[] | null;
  /** per subresource: index in `out` of its last change */
  last: number[];
}

interface Walker {
  pos: number;
  at: number;
  res: Map<number, ResWalk>;
  /** list -> the resources it declared a state for since its last Reset / execution */
  byList: Map<number, Set<ResWalk>>;
  open: Map<number, boolean>;
  out: Map<number, RecordedChange[]>;
  /** walking for one resource only (recordedChangesFor): other resources' barriers are skipped */
  only?: number;
}

const cache = new WeakMap<TraceIndex, Walker>();

function resWalk(w: Walker, res: number): ResWalk {
  let r = w.res.get(res);
  if (!r) w.res.set(res, (r = { id: res, queue: [], declared: [], out: null, last: [] }));
  return r;
}

/** Per resource, the changes of its recorded state (all subresources, in trace order). */
export function recordedStates(ix: TraceIndex): Map<number, RecordedChange[]> {
  let w = cache.get(ix);
  if (!w) {
    w = { pos: 0, at: -1, res: new Map(), byList: new Map(), open: new Map(), out: new Map() };
    cache.set(ix, w);
  }
  // as far as the index has read (its resources' heap types and subresource counts are known up to there)
  const ev = ix.trace.events;
  for (; w.pos < ix.consumed; w.pos++) step(ix, w, ev[w.pos]);
  return w.out;
}

const itself = (v: number) => v;
const NONE: readonly number[] = [];

/** Index of the first position in `a` (ascending) greater than j. */
const after = (a: readonly number[], j: number): number => upperBound(a, j, itself);

const forCache = new WeakMap<TraceIndex, { at: number; made: Map<number, RecordedChange[]> }>();

/**
 * One resource's recorded-state changes (as recordedStates(ix).get(res)), kept until the trace grows, walked over
 * the positions the index keeps (traceIndex.ts: barriersOn, listLife, listHands; no pass over the whole trace:
 * at 1M events the state panel shows 24 lanes). The walk sees the resource's own events and, for each barrier that names it, the last event before it that opened or
 * closed the list and the first one after it that hands the list's declarations over: every other event leaves
 * this resource's recorded state as it was.
 */
export function recordedChangesFor(ix: TraceIndex, res: number): RecordedChange[] {
  let c = forCache.get(ix);
  if (!c || c.at !== ix.consumed) forCache.set(ix, (c = { at: ix.consumed, made: new Map() }));
  let out = c.made.get(res);
  if (out) return out;
  const ev = ix.trace.events;
  // the positions come as four ascending runs: the resource's state events, its barriers, and per barrier the last
  // event that opened or closed its list and the first that hands the list over (both move forward with the
  // barrier); merged, not sorted (a sort was a tenth of the state panel's first render at 1M events)
  const states = ix.stateAt.get(res) ?? NONE;
  const barriers: number[] = [];
  const lives: number[] = [];
  const hands: number[] = [];
  for (const j of ix.barriersOn.get(res) ?? NONE) {
    const e = ev[j];
    if (e.k !== 'call') continue;
    barriers.push(j);
    const life = ix.listLife.get(e.self);
    const k = life ? after(life, j) : 0;
    if (life && k > 0) lives.push(life[k - 1]);
    const handed = ix.listHands.get(e.self);
    const h = handed ? after(handed, j) : 0;
    if (handed && h < handed.length) hands.push(handed[h]);
  }
  const w: Walker = { pos: 0, at: -1, res: new Map(), byList: new Map(), open: new Map(), out: new Map(), only: res };
  // in trace order, each event once (a submission can hand over several of the lists)
  const runs = [states, barriers, lives, hands];
  const next = [0, 0, 0, 0];
  for (let last = -1; ;) {
    let q = -1;
    let j = Infinity;
    for (let r = 0; r < 4; r++) if (next[r] < runs[r].length && runs[r][next[r]] < j) j = runs[(q = r)][next[r]];
    if (q < 0) break;
    next[q]++;
    if (j !== last) step(ix, w, ev[(last = j)]);
  }
  out = w.out.get(res) ?? [];
  c.made.set(res, out);
  return out;
}

/** The recorded-state changes of one resource (optionally one subresource), in order. */
export function recordedChangesOf(ix: TraceIndex, res: number, sub?: number): RecordedChange[] {
  const all = recordedStates(ix).get(res) ?? [];
  return sub === undefined ? all : all.filter((c) => c.sub === sub);
}

/** The recorded state of a subresource as of a call, with the list that declared it (null: follows the queue). */
export function recordedStateAt(
  ix: TraceIndex,
  res: number,
  sub: number,
  cursor: number,
): { state: number; list: number | null } | null {
  let found: RecordedChange | null = null;
  for (const c of recordedStates(ix).get(res) ?? []) {
    if (c.i > cursor) break;
    if (c.sub === sub) found = c;
  }
  return found && { state: found.state, list: found.list };
}

function emit(w: Walker, r: ResWalk, res: number, i: number, sub: number): void {
  const d = r.declared[sub];
  const state = d ? d.state : r.queue[sub];
  if (state === undefined) return;
  let arr = r.out;
  if (!arr) w.out.set(res, (arr = r.out = []));
  const list = d ? d.list : null;
  // the last change of this subresource: skip when nothing a learner sees changed; replace one of the same call
  const k = r.last[sub];
  if (k !== undefined) {
    const c = arr[k];
    if (c.state === state && c.list === list) return;
    if (c.i === i) {
      c.state = state;
      c.list = list;
      return;
    }
  }
  r.last[sub] = arr.length;
  arr.push({ i, sub, state, list });
}

/** The list's declarations go (executed: now on the queue lane; Reset: recorded commands are gone). */
function hand(w: Walker, i: number, list: number): void {
  const set = w.byList.get(list);
  if (!set) return;
  w.byList.delete(list);
  for (const r of set) {
    const d = r.declared;
    for (let s = 0; s < d.length; s++) {
      if (d[s]?.list !== list) continue;
      d[s] = undefined;
      emit(w, r, r.id, i, s);
    }
  }
}

function step(ix: TraceIndex, w: Walker, e: TraceIndex['trace']['events'][number]): void {
  switch (e.k) {
    case 'state': {
      const r = resWalk(w, e.res);
      r.queue[e.sub] = e.after;
      if (!r.declared[e.sub]) emit(w, r, e.res, e.i, e.sub);
      break;
    }
    case 'object':
      if (e.type.startsWith('ID3D12GraphicsCommandList')) w.open.set(e.id, true);
      break;
    case 'submit':
      if (!e.dropped) for (const l of e.lists) hand(w, e.i, l);
      break;
    case 'call': {
      // the method's meaning is worked out once per api string (traceIndex.ts), not by string tests per call
      const role = apiRole(e.api);
      if (role === CallRole.LIST_RESET) {
        if (e.hr === 'S_OK') {
          hand(w, e.i, e.self);
          w.open.set(e.self, true);
        }
      } else if (role === CallRole.LIST_CLOSE) w.open.set(e.self, false);
      else if (role === CallRole.LIST_BARRIER && w.open.get(e.self) !== false) declare(ix, w, e.i, e.self, e.args);
      break;
    }
    default:
      break;
  }
}

/** What each transition barrier of a ResourceBarrier call declares (the barriers the layer keeps at record time). */
function declare(ix: TraceIndex, w: Walker, i: number, list: number, args: unknown): void {
  const a = args as { NumBarriers?: number; Barriers?: readonly D3D12_RESOURCE_BARRIER[] } | null;
  const bs = a?.Barriers;
  if (!Array.isArray(bs)) return;
  const n = Math.min(a?.NumBarriers ?? bs.length, bs.length);
  for (let k = 0; k < n; k++) {
    const b = bs[k];
    if (!b || b.Type !== D3D12_RESOURCE_BARRIER_TYPE_TRANSITION || !b.Transition) continue;
    if (((b.Flags ?? 0) & D3D12_RESOURCE_BARRIER_FLAG_BEGIN_ONLY) !== 0) continue;
    const res = idOf(b.Transition.Resource);
    if (res === null || (w.only !== undefined && res !== w.only)) continue;
    const before = b.Transition.StateBefore >>> 0;
    const after = b.Transition.StateAfter >>> 0;
    const info = ix.resources.get(res);
    // dropped at record time: matching states, a barrier on an UPLOAD/READBACK resource
    if (before === after || info?.heapType === D3D12_HEAP_TYPE_UPLOAD || info?.heapType === D3D12_HEAP_TYPE_READBACK)
      continue;
    const r = resWalk(w, res);
    const count = Math.max(info?.subCount ?? 1, r.queue.length || 1);
    const sub = b.Transition.Subresource >>> 0;
    const first = sub === D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES ? 0 : sub;
    const last = sub === D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES ? count - 1 : sub;
    if (first >= count) continue;
    let set = w.byList.get(list);
    if (!set) w.byList.set(list, (set = new Set()));
    set.add(r);
    for (let s = first; s <= last; s++) {
      r.declared[s] = { list, state: after };
      emit(w, r, res, i, s);
    }
  }
}
