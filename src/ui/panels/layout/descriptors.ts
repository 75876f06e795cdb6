// Descriptor heaps as of the cursor: each slot with the view last written into it and the resource it
// points at. A slot whose resource has been released is "dangling" (the descriptor still points at freed
// memory: the bug the debug layer cannot see until GPU-based validation). Never-written slots are free. A slot
// that submitted work still reads (from its ExecuteCommandLists until its GPU completion, [TR-SUBMIT-2]) is "in
// flight": rewriting it then changes what that work reads (lesson A6's deferred release).

import { objectLabel, upperBoundI, type TraceIndex } from '../../../core';

export type SlotStatus = 'free' | 'live' | 'dangling';

export interface DescriptorSlot {
  index: number;
  status: SlotStatus;
  view: string | null;
  res: number | null;
  resLabel: string | null;
  written: number | null;
  /** read by a submission that the GPU had not completed at the cursor */
  inFlight: boolean;
}

export interface DescriptorHeapView {
  heap: number;
  label: string;
  type: string;
  shaderVisible: boolean;
  numDescriptors: number;
  slots: DescriptorSlot[];
  /** slot indices with nothing written (the heap's free list as the model can see it) */
  freeList: number[];
  /** slots beyond the display cap */
  hidden: number;
  /** slots read by work in flight at the cursor, ascending */
  inFlight: number[];
}

const MAX_SLOTS = 1024;

type SubmitEv = Extract<TraceIndex['trace']['events'][number], { k: 'submit' }>;

/**
 * Accepted submissions whose tables read descriptors, in call order, with the call that completed each
 * (Infinity: not completed in the trace), made once per trace length. A cursor move then looks only at the
 * submissions that can still be in flight: those submitted within `maxSpan` calls of it, and the few that
 * never completed.
 */
interface Readers {
  at: number;
  list: SubmitEv[];
  done: number[];
  maxSpan: number;
  open: number[];
}
const readersCache = new WeakMap<TraceIndex, Readers>();

function readers(ix: TraceIndex): Readers {
  const c = readersCache.get(ix);
  if (c && c.at === ix.consumed) return c;
  const completedAt = new Map<number, number>();
  for (const g of ix.gpu) completedAt.set(g.submission, g.i);
  const r: Readers = { at: ix.consumed, list: [], done: [], maxSpan: 0, open: [] };
  // the index's submissions, not the whole trace (a million events, 20,000 of them submissions)
  for (const e of ix.submits) {
    if (e.dropped || !e.tableSlots?.length) continue;
    const done = (e.submission === null ? undefined : completedAt.get(e.submission)) ?? Infinity;
    if (done === Infinity) r.open.push(r.list.length);
    else r.maxSpan = Math.max(r.maxSpan, done - e.i);
    r.list.push(e);
    r.done.push(done);
  }
  readersCache.set(ix, r);
  return r;
}

/** [TR-SUBMIT-2] heap → slots read by submissions submitted at or before the cursor and not completed by then. */
export function slotsInFlight(ix: TraceIndex, cursor: number): Map<number, Set<number>> {
  const { list, done, maxSpan, open } = readers(ix);
  const out = new Map<number, Set<number>>();
  const add = (k: number) => {
    if (list[k].i > cursor || done[k] <= cursor) return;
    for (const t of list[k].tableSlots ?? []) {
      let set = out.get(t.heap);
      if (!set) out.set(t.heap, (set = new Set()));
      set.add(t.index);
    }
  };
  // the last submission at or before the cursor, then back while one could still be running
  const lo = upperBoundI(list, cursor);
  for (let k = lo - 1; k >= 0 && list[k].i >= cursor - maxSpan; k--) add(k);
  for (const k of open) if (k < lo && list[k].i < cursor - maxSpan) add(k);
  return out;
}

export function layoutDescriptors(ix: TraceIndex, cursor: number): DescriptorHeapView[] {
  const latest = new Map<number, Map<number, { view: string; res: number; i: number }>>();
  const n = upperBoundI(ix.descriptors, cursor);
  for (let k = 0; k < n; k++) {
    const d = ix.descriptors[k];
    let m = latest.get(d.heap);
    if (!m) {
      m = new Map();
      latest.set(d.heap, m);
    }
    m.set(d.index, { view: d.view, res: d.res, i: d.i });
  }
  const heaps = new Set<number>([...ix.descriptorHeaps.keys(), ...latest.keys()]);
  const reading = slotsInFlight(ix, cursor);
  const out: DescriptorHeapView[] = [];
  for (const heap of [...heaps].sort((a, b) => a - b)) {
    const info = ix.descriptorHeaps.get(heap);
    if (info && info.created > cursor) continue;
    const written = latest.get(heap) ?? new Map();
    const maxIndex = Math.max(-1, ...written.keys());
    const num = Math.max(info?.numDescriptors ?? 0, maxIndex + 1);
    const slots: DescriptorSlot[] = [];
    const freeList: number[] = [];
    const inFlight = reading.get(heap) ?? new Set<number>();
    for (let s = 0; s < num; s++) {
      const w = written.get(s);
      if (!w) {
        freeList.push(s);
        if (s < MAX_SLOTS)
          slots.push({
            index: s,
            status: 'free',
            view: null,
            res: null,
            resLabel: null,
            written: null,
            inFlight: inFlight.has(s),
          });
        continue;
      }
      const o = ix.objects.get(w.res);
      const r = ix.resources.get(w.res);
      const gone = (o?.destroyed != null && o.destroyed <= cursor) || (r?.freed != null && r.freed <= cursor);
      if (s < MAX_SLOTS)
        slots.push({
          index: s,
          status: gone ? 'dangling' : 'live',
          view: w.view,
          res: w.res,
          resLabel: objectLabel(ix, w.res),
          written: w.i,
          inFlight: inFlight.has(s),
        });
    }
    out.push({
      heap,
      label: objectLabel(ix, heap),
      type: info?.type ?? '?',
      shaderVisible: info?.shaderVisible ?? false,
      numDescriptors: num,
      slots,
      freeList,
      hidden: Math.max(0, num - MAX_SLOTS),
      inFlight: [...inFlight].sort((a, b) => a - b),
    });
  }
  return out;
}
