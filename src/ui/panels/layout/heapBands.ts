// Heap timeline, its bands and table rows: which heaps (explicit, or one band per heap type for committed
// resources) exist at the cursor and which resources each holds, plus the table view's rows. Split out of
// heapTimeline.ts (which re-exports what it exported before) so the chart layout stays one readable file.

import { objectLabel, type ResourceInfo, type TraceIndex } from '../../../core';
import { fmtSize, heapTypeName } from './format';
import { aliasPairs, committedPacking, type AliasPair } from './heapPacking';

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

/** Bands as of the cursor: each explicit heap, then the committed resources of each heap type, with their resources. */
export function bandsAt(ix: TraceIndex, cursor: number): { band: Omit<HeapBand, 'y' | 'h'>; res: ResourceInfo[] }[] {
  const packing = committedPacking(ix);
  const byBand = new Map<string, { band: Omit<HeapBand, 'y' | 'h'>; res: ResourceInfo[] }>();
  for (const h of ix.heaps.values()) {
    if (h.created > cursor) continue;
    byBand.set(`heap:${h.id}`, {
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
    const key = r.heap >= 0 ? `heap:${r.heap}` : `committed:${r.heapType}`;
    let b = byBand.get(key);
    if (!b) {
      b = {
        band: {
          key,
          heap: null,
          heapType: r.heapType,
          label: `committed · ${heapTypeName(r.heapType)} (one implicit heap each)`,
          size: 0,
        },
        res: [],
      };
      byBand.set(key, b);
    }
    b.res.push(r);
    if (r.heap < 0) b.band.size = Math.max(b.band.size, (packing.get(r.id) ?? 0) + r.size);
  }
  const keys = [...byBand.keys()].sort((a, b) =>
    a.startsWith('heap') === b.startsWith('heap')
      ? a.localeCompare(b, 'en', { numeric: true })
      : a.startsWith('heap')
        ? -1
        : 1,
  );
  return keys.map((k) => byBand.get(k)!);
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
        aliasedWith: aliasedAt(pairs.get(r.id), cursor),
        mappedNow,
      });
    }
  }
  return rows;
}

/** The resources aliasing this one (sharing its bytes) as of the cursor. */
export function aliasedAt(pairs: AliasPair[] | undefined, cursor: number): number[] {
  return pairs ? pairs.filter((p) => p.from <= cursor).map((p) => p.other) : [];
}
