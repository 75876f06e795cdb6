// Descriptor heaps as of the cursor: each slot with the view last written into it and the resource it
// points at. A slot whose resource has been released is "dangling" (the descriptor still points at freed
// memory: the bug the debug layer cannot see until GPU-based validation). Never-written slots are free.

import { objectLabel, upperBoundI, type TraceIndex } from '../../../core';

export type SlotStatus = 'free' | 'live' | 'dangling';

export interface DescriptorSlot {
  index: number;
  status: SlotStatus;
  view: string | null;
  res: number | null;
  resLabel: string | null;
  written: number | null;
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
}

const MAX_SLOTS = 1024;

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
  const out: DescriptorHeapView[] = [];
  for (const heap of [...heaps].sort((a, b) => a - b)) {
    const info = ix.descriptorHeaps.get(heap);
    if (info && info.created > cursor) continue;
    const written = latest.get(heap) ?? new Map();
    const maxIndex = Math.max(-1, ...written.keys());
    const num = Math.max(info?.numDescriptors ?? 0, maxIndex + 1);
    const slots: DescriptorSlot[] = [];
    const freeList: number[] = [];
    for (let s = 0; s < num; s++) {
      const w = written.get(s);
      if (!w) {
        freeList.push(s);
        if (s < MAX_SLOTS)
          slots.push({ index: s, status: 'free', view: null, res: null, resLabel: null, written: null });
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
    });
  }
  return out;
}
