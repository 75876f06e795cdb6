// Heap timeline, its bands and table rows: which heaps (explicit, or one band per heap type for committed
// resources) exist at the cursor and which resources each holds, plus the table view's rows. Split out of
// heapTimeline.ts (which re-exports what it exported before) so the chart layout stays one readable file.

import { objectLabel, type ResourceInfo, type TraceIndex } from '../../../core';
import { fmtSize, heapTypeName } from './format';
import { aliasPairs, committedPacking, otherOf, type AliasPairs } from './heapPacking';

export interface HeapBand {
  key: string;
  heap: number | null;
  heapType: number;
  label: string;
  size: number;
  y: number;
  h: number;
}

export interface HeapRow {
  res: number;
  label: string;
  band: string;
  offset: number;
  size: number;
  created: number;
  freed: number | null;
  aliasedWith: number[];
  mappedNow: boolean;
}

type BandRes = { band: Omit<HeapBand, 'y' | 'h'>; res: ResourceInfo[] };

/** Bands as of the cursor: each explicit heap, then the committed resources of each heap type, with their resources. */
export function bandsAt(ix: TraceIndex, cursor: number): BandRes[] {
  const packing = committedPacking(ix);
  // by heap id (key `heap:<id>`) and by committed heap type (`committed:<type>`): a number per resource, not a key string
  const byHeap = new Map<number, BandRes>();
  const byType = new Map<number, BandRes>();
  for (const h of ix.heaps.values()) {
    if (h.created > cursor) continue;
    byHeap.set(h.id, {
      band: {
        key: `heap:${h.id}`,
        heap: h.id,
        heapType: h.heapType,
        label: `${objectLabel(ix, h.id)} · ${heapTypeName(h.heapType)} · ${fmtSize(h.size)}`,
        size: h.size,
      },
      res: [],
    });
  }
  for (const r of ix.resources.values()) {
    if (r.created > cursor) continue;
    const bands = r.heap >= 0 ? byHeap : byType;
    const id = r.heap >= 0 ? r.heap : r.heapType;
    let b = bands.get(id);
    if (!b) {
      b = {
        band: {
          key: r.heap >= 0 ? `heap:${r.heap}` : `committed:${r.heapType}`,
          heap: null,
          heapType: r.heapType,
          label: `committed · ${heapTypeName(r.heapType)} (one implicit heap each)`,
          size: 0,
        },
        res: [],
      };
      bands.set(id, b);
    }
    b.res.push(r);
    if (r.heap < 0) b.band.size = Math.max(b.band.size, (packing.get(r.id) ?? 0) + r.size);
  }
  // explicit heaps first, then committed bands, each by number: the order a numeric collation of the keys gives
  // (`heap:4` before `heap:23`), without String.localeCompare, whose collator cost ~15 ms at a first render
  const heaps = [...byHeap.keys()].sort((x, y) => x - y).map((id) => byHeap.get(id)!);
  const types = [...byType.keys()].sort((x, y) => x - y).map((t) => byType.get(t)!);
  return [...heaps, ...types];
}

/** The table view: every resource created by the cursor, band by band, with its state at the cursor. */
export function heapRows(ix: TraceIndex, cursor: number): HeapRow[] {
  const packing = committedPacking(ix);
  const pairs = aliasPairs(ix);
  const rows: HeapRow[] = [];
  for (const { band, res } of bandsAt(ix, cursor)) {
    for (const r of res) {
      const offset = r.heap >= 0 ? r.offset : (packing.get(r.id) ?? 0);
      const mappedNow = r.mapped.some((m) => m.from <= cursor && (m.to === null || m.to > cursor));
      rows.push({
        res: r.id,
        label: objectLabel(ix, r.id),
        band: band.key,
        offset,
        size: r.size,
        created: r.created,
        freed: r.freed !== null && r.freed <= cursor ? r.freed : null,
        aliasedWith: aliasedAt(pairs, r.id, cursor),
        mappedNow,
      });
    }
  }
  return rows;
}

/** The resources aliasing resource `res` (sharing its bytes) as of the cursor. */
export function aliasedAt(pairs: AliasPairs, res: number, cursor: number): number[] {
  const out: number[] = [];
  for (const p of pairs.of.get(res) ?? []) if (pairs.from[p] <= cursor) out.push(otherOf(pairs, p, res));
  return out;
}
