// The trace index: one pass over the append-only trace that the panels' layouts, the lesson checks and the
// state queries read: resources with their lifetimes and placements, per-subresource state changes, fences, GPU
// intervals, waits, descriptors, markers, messages, hazards. The trace only grows, so the index is extended from
// where it stopped (cheap while a lesson is stepping) and cached per Trace object. Queries (queries.ts) then
// answer "as of call N" by binary search, never by replaying.

import type { D3D12Message } from '../messages';
import type { D3D12_RESOURCE_BARRIER } from '../structs';
import type { TraceEvent } from './events';
import type { Trace } from './log';
import {
  D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE,
  D3D12_RESOURCE_BARRIER_TYPE_ALIASING,
  D3D12_RESOURCE_BARRIER_TYPE_TRANSITION,
  enumName,
} from '../enums';
import { idOf } from './queries';

type Ev<K extends TraceEvent['k']> = Extract<TraceEvent, { k: K }>;
export type CallEv = Ev<'call'>;

export interface ResourceInfo {
  id: number;
  /** -1 for committed resources (each has its own implicit heap) */
  heap: number;
  heapType: number;
  offset: number;
  size: number;
  placement: 'committed' | 'placed' | 'reserved' | 'heap';
  created: number;
  /** call index at which its memory went away (free event, or final Release), null while alive */
  freed: number | null;
  /** [from, to) call intervals during which some subresource was mapped (to null = still mapped) */
  mapped: { sub: number; from: number; to: number | null }[];
  subCount: number;
}

export interface HeapInfo {
  id: number;
  heapType: number;
  size: number;
  created: number;
  freed: number | null;
}

/**
 * One state change of a subresource: the trace's own `state` event (the index holds the event, not a copy: a
 * million-event trace has 200,000 of them).
 */
export type StateChange = Ev<'state'>;

export interface MessageRow {
  /** position in the message list: the message's stable id for Selection */
  seq: number;
  i: number;
  msg: D3D12Message;
}

export interface ObjectInfo {
  id: number;
  type: string;
  name: string | null;
  parent: number;
  created: number;
  destroyed: number | null;
}

export interface AliasingBarrier {
  i: number;
  list: number;
  before: number | null;
  after: number | null;
}

export interface DescriptorHeapInfo {
  id: number;
  type: string;
  numDescriptors: number;
  shaderVisible: boolean;
  created: number;
}

export interface TraceIndex {
  trace: Trace;
  /** events consumed so far */
  consumed: number;
  maxCall: number;
  /** modelled CPU time (ns) of each call, by call index */
  callTime: number[];
  calls: CallEv[];
  objects: Map<number, ObjectInfo>;
  resources: Map<number, ResourceInfo>;
  heaps: Map<number, HeapInfo>;
  /** resource -> its state changes in trace order (all subresources) */
  states: Map<number, StateChange[]>;
  messages: MessageRow[];
  gpu: Ev<'gpu'>[];
  fences: Map<number, Ev<'fence'>[]>;
  waits: Ev<'wait'>[];
  descriptors: Ev<'descriptor'>[];
  descriptorHeaps: Map<number, DescriptorHeapInfo>;
  markers: Ev<'marker'>[];
  aliasing: AliasingBarrier[];
  hazards: Ev<'hazard'>[];
  removed: Ev<'removed'>[];
  /** [Q-TRACE-1] query commands as they ran on the GPU, in trace order; query heaps (ids) in creation order */
  queries: Ev<'query'>[];
  /** every ExecuteCommandLists submission (accepted or dropped), in trace order */
  submits: Ev<'submit'>[];
  /** reserved resources' tile mappings (UpdateTileMappings), in trace order */
  tiles: Ev<'tile'>[];
  queryHeaps: number[];
  queues: Set<number>;
  /** largest modelled time seen anywhere (ns) */
  maxTime: number;
  /**
   * For the recorded lane (recorded.ts), positions in trace.events: per resource, the command-list
   * ResourceBarrier calls with a transition on it; per command list, the events that open or close it (creation,
   * a successful Reset, Close) and those that hand its declarations over (a successful Reset, an accepted submission).
   */
  barriersOn: Map<number, number[]>;
  /** per resource, the positions of its state events (parallel to `states`) */
  stateAt: Map<number, number[]>;
  listLife: Map<number, number[]>;
  listHands: Map<number, number[]>;
}

const cache = new WeakMap<Trace, TraceIndex>();

/** The index of a trace, extended to its current length. */
export function indexTrace(trace: Trace): TraceIndex {
  let ix = cache.get(trace);
  if (!ix) {
    ix = {
      trace,
      consumed: 0,
      maxCall: -1,
      callTime: [],
      calls: [],
      objects: new Map(),
      resources: new Map(),
      heaps: new Map(),
      states: new Map(),
      messages: [],
      gpu: [],
      fences: new Map(),
      waits: [],
      descriptors: [],
      descriptorHeaps: new Map(),
      markers: [],
      aliasing: [],
      hazards: [],
      removed: [],
      queries: [],
      submits: [],
      tiles: [],
      queryHeaps: [],
      queues: new Set(),
      maxTime: 0,
      barriersOn: new Map(),
      stateAt: new Map(),
      listLife: new Map(),
      listHands: new Map(),
    };
    cache.set(trace, ix);
  }
  const ev = trace.events;
  for (let j = ix.consumed; j < ev.length; j++) consume(ix, ev[j], j);
  ix.consumed = ev.length;
  return ix;
}

function consume(ix: TraceIndex, e: TraceEvent, j: number): void {
  if (e.i > ix.maxCall) ix.maxCall = e.i;
  switch (e.k) {
    case 'call': {
      ix.calls[e.i] = e;
      ix.callTime[e.i] = e.t;
      if (e.t > ix.maxTime) ix.maxTime = e.t;
      const role = apiRole(e.api);
      if (role === CallRole.NONE) break;
      if (role === CallRole.BARRIER || role === CallRole.LIST_BARRIER)
        noteBarriers(ix, e, j, role === CallRole.LIST_BARRIER);
      else if (role === CallRole.LIST_RESET) {
        if (e.hr === 'S_OK') {
          notePos(ix.listLife, e.self, j);
          notePos(ix.listHands, e.self, j);
        }
      } else if (role === CallRole.LIST_CLOSE) notePos(ix.listLife, e.self, j);
      break;
    }
    case 'submit':
      ix.submits.push(e);
      if (!e.dropped) for (const l of e.lists) notePos(ix.listHands, l, j);
      break;
    case 'object': {
      ix.objects.set(e.id, { id: e.id, type: e.type, name: e.name, parent: e.parent, created: e.i, destroyed: null });
      if (e.type.startsWith('ID3D12GraphicsCommandList')) notePos(ix.listLife, e.id, j);
      if (e.type === 'ID3D12DescriptorHeap') noteDescriptorHeap(ix, e.id, e.i);
      else if (e.type === 'ID3D12QueryHeap') ix.queryHeaps.push(e.id);
      break;
    }
    case 'name': {
      const o = ix.objects.get(e.id);
      if (o) o.name = e.name;
      break;
    }
    case 'release': {
      const o = ix.objects.get(e.id);
      if (o && e.destroyed) o.destroyed = e.i;
      const r = ix.resources.get(e.id);
      // a destroyed resource no longer occupies its bytes (committed: its implicit heap goes; placed: the
      // range returns to the heap's free space), even when no `free` event is recorded
      if (r && e.destroyed && r.freed === null) r.freed = e.i;
      break;
    }
    case 'alloc': {
      if (e.placement === 'heap') {
        ix.heaps.set(e.res, { id: e.res, heapType: e.heapType, size: e.size, created: e.i, freed: null });
        break;
      }
      const prev = ix.resources.get(e.res);
      // the model traces the initial state of every subresource just before the alloc
      let subCount = prev?.subCount ?? 1;
      for (const c of ix.states.get(e.res) ?? []) if (c.sub + 1 > subCount) subCount = c.sub + 1;
      ix.resources.set(e.res, {
        id: e.res,
        heap: e.heap,
        heapType: e.heapType,
        offset: e.offset,
        size: e.size,
        placement: e.placement,
        created: e.i,
        freed: null,
        mapped: prev?.mapped ?? [],
        subCount,
      });
      if (e.heap >= 0 && !ix.heaps.has(e.heap)) {
        // a placed resource in a heap we never saw created: infer the heap from what is placed in it
        ix.heaps.set(e.heap, { id: e.heap, heapType: e.heapType, size: 0, created: e.i, freed: null });
      }
      const h = e.heap >= 0 ? ix.heaps.get(e.heap) : undefined;
      if (h && h.size < e.offset + e.size) h.size = e.offset + e.size;
      break;
    }
    case 'free': {
      const h = ix.heaps.get(e.res);
      if (h && e.heap === e.res) h.freed = e.i;
      const r = ix.resources.get(e.res);
      if (r && r.freed === null) r.freed = e.i;
      // a heap going away frees every resource placed in it
      if (h) for (const p of ix.resources.values()) if (p.heap === h.id && p.freed === null) p.freed = e.i;
      break;
    }
    case 'state': {
      let arr = ix.states.get(e.res);
      if (!arr) {
        arr = [];
        ix.states.set(e.res, arr);
      }
      arr.push(e);
      notePos(ix.stateAt, e.res, j);
      const r = ix.resources.get(e.res);
      if (r && e.sub + 1 > r.subCount) r.subCount = e.sub + 1;
      break;
    }
    case 'map': {
      const r = ix.resources.get(e.res);
      if (!r) break;
      if (!e.unmap) r.mapped.push({ sub: e.sub, from: e.i, to: null });
      else {
        for (let k = r.mapped.length - 1; k >= 0; k--) {
          if (r.mapped[k].sub === e.sub && r.mapped[k].to === null) {
            r.mapped[k].to = e.i;
            break;
          }
        }
      }
      break;
    }
    case 'fence': {
      let arr = ix.fences.get(e.fence);
      if (!arr) {
        arr = [];
        ix.fences.set(e.fence, arr);
      }
      arr.push(e);
      if (e.t > ix.maxTime) ix.maxTime = e.t;
      break;
    }
    case 'gpu':
      ix.gpu.push(e);
      ix.queues.add(e.queue);
      if (e.end > ix.maxTime) ix.maxTime = e.end;
      break;
    case 'wait':
      ix.waits.push(e);
      if (e.end > ix.maxTime) ix.maxTime = e.end;
      break;
    case 'descriptor':
      ix.descriptors.push(e);
      break;
    case 'marker':
      ix.markers.push(e);
      break;
    case 'message':
      ix.messages.push({ seq: ix.messages.length, i: e.i, msg: e.msg });
      break;
    case 'hazard':
      ix.hazards.push(e);
      break;
    case 'removed':
      ix.removed.push(e);
      break;
    case 'query':
      ix.queries.push(e);
      break;
    case 'tile':
      ix.tiles.push(e);
      break;
    default:
      break;
  }
}

const LIST = 'ID3D12GraphicsCommandList::';

// What a call's method means to the index, worked out once per distinct api string: a million-event trace has
// half a million calls but a few dozen methods, and suffix tests on each call were most of the index's time
/** What apiRole says a call's method is (the recorded lane's walk, recorded.ts, reads it too). */
export const CallRole = { NONE: 0, BARRIER: 1, LIST_RESET: 2, LIST_CLOSE: 3, LIST_BARRIER: 4 } as const;
const roles = new Map<string, number>();

/** A call's method as the index and the recorded lane's walk need it: a CallRole, cached per api string. */
export function apiRole(api: string): number {
  let r = roles.get(api);
  if (r === undefined) {
    r = api.endsWith('::ResourceBarrier')
      ? api.startsWith(LIST)
        ? CallRole.LIST_BARRIER
        : CallRole.BARRIER
      : !api.startsWith(LIST)
        ? CallRole.NONE
        : api.endsWith('::Reset')
          ? CallRole.LIST_RESET
          : api.endsWith('::Close')
            ? CallRole.LIST_CLOSE
            : CallRole.NONE;
    roles.set(api, r);
  }
  return r;
}

function notePos(m: Map<number, number[]>, key: number, j: number): void {
  const a = m.get(key);
  if (!a) m.set(key, [j]);
  else if (a[a.length - 1] !== j) a.push(j);
}

/**
 * Aliasing barriers change no state, so they show up only in the ResourceBarrier call's arguments; a command
 * list's transition barriers are noted by resource for the recorded lane.
 */
function noteBarriers(ix: TraceIndex, e: CallEv, j: number, onList: boolean): void {
  const args = e.args as { Barriers?: readonly D3D12_RESOURCE_BARRIER[] } | null;
  const list = args?.Barriers;
  if (!Array.isArray(list)) return;
  for (let k = 0; k < list.length; k++) {
    const b = list[k];
    if (!b) continue;
    if (b.Type === D3D12_RESOURCE_BARRIER_TYPE_TRANSITION) {
      const res = onList && b.Transition ? idOf(b.Transition.Resource) : null;
      if (res !== null) notePos(ix.barriersOn, res, j);
      continue;
    }
    if (b.Type !== D3D12_RESOURCE_BARRIER_TYPE_ALIASING) continue;
    ix.aliasing.push({
      i: e.i,
      list: e.self,
      before: idOf(b.Aliasing?.ResourceBefore),
      after: idOf(b.Aliasing?.ResourceAfter),
    });
  }
}

/** Size and type of a descriptor heap come from its CreateDescriptorHeap call's arguments. */
function noteDescriptorHeap(ix: TraceIndex, id: number, i: number): void {
  const call = ix.calls[i];
  const a = (call?.args ?? {}) as Record<string, unknown>;
  const desc = (a.Desc && typeof a.Desc === 'object' ? a.Desc : a) as Record<string, unknown>;
  const type = enumName('D3D12_DESCRIPTOR_HEAP_TYPE', Number(desc.Type)).replace('D3D12_DESCRIPTOR_HEAP_TYPE_', '');
  const shaderVisible = (Number(desc.Flags) & D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE) !== 0;
  ix.descriptorHeaps.set(id, { id, type, numDescriptors: Number(desc.NumDescriptors) || 0, shaderVisible, created: i });
}
