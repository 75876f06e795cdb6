// Facts about heap occupancy that depend on the whole trace, computed once per trace length and cached:
// where committed resources sit in their display band, which placed resources alias which, and the gaps
// (free space vs alignment padding) between live allocations.

import { D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT, type ResourceInfo, type TraceIndex } from '../../../core';

const packCache = new WeakMap<TraceIndex, { at: number; map: Map<number, number> }>();
const aliasCache = new WeakMap<TraceIndex, { at: number; pairs: AliasPairs }>();

/**
 * Committed resources each have their own implicit heap, so their offsets are all 0. For display they are
 * stacked in one band per heap type, first-fit over their lifetimes, so resources alive at the same time
 * never overlap (overlap in this view means aliasing, which committed resources cannot do).
 */
export function committedPacking(ix: TraceIndex): Map<number, number> {
  const c = packCache.get(ix);
  if (c && c.at === ix.consumed) return c.map;
  const map = new Map<number, number>();
  const byType = new Map<number, { lo: number; hi: number; freed: number | null }[]>();
  for (const r of ix.resources.values()) {
    if (r.heap >= 0) continue;
    let live = byType.get(r.heapType);
    if (!live) {
      live = [];
      byType.set(r.heapType, live);
    }
    // drop what is gone by the time this one is created
    for (let k = live.length - 1; k >= 0; k--)
      if (live[k].freed !== null && live[k].freed! <= r.created) live.splice(k, 1);
    live.sort((a, b) => a.lo - b.lo);
    let off = 0;
    for (const l of live) {
      if (off + r.size <= l.lo) break;
      off = Math.max(off, l.hi);
    }
    map.set(r.id, off);
    live.push({ lo: off, hi: off + r.size, freed: r.freed });
  }
  packCache.set(ix, { at: ix.consumed, map });
  return map;
}

/**
 * Every pair of placed resources that alias, as columns (a 1M-event trace has ~90,000 pairs: one object per pair
 * and side was ~100 MB of a first render). Pair `p` is resources `a[p]` and `b[p]` (b created later) sharing
 * bytes `lo[p]..hi[p]` from call `from[p]` until `to[p]` (null: both still alive).
 */
export interface AliasPairs {
  a: number[];
  b: number[];
  lo: number[];
  hi: number[];
  from: number[];
  to: (number | null)[];
  /**
   * The heap timeline's dense-run lane of the pair's aliased region: pairs in the same heap over the same bytes
   * share one (numbered from 0; `lanes` of them), so the layout merges them without a key string per pair.
   */
  lane: number[];
  lanes: number;
  /** per resource, its pairs in the order they were found */
  of: Map<number, number[]>;
}

/** The resource that aliases `res` in pair `p`. */
export function otherOf(pairs: AliasPairs, p: number, res: number): number {
  return pairs.a[p] === res ? pairs.b[p] : pairs.a[p];
}

/** Placed resources in the same heap whose bytes and lifetimes overlap: they alias. */
export function aliasPairs(ix: TraceIndex): AliasPairs {
  const c = aliasCache.get(ix);
  if (c && c.at === ix.consumed) return c.pairs;
  const pairs: AliasPairs = { a: [], b: [], lo: [], hi: [], from: [], to: [], lane: [], lanes: 0, of: new Map() };
  // per heap, the resources alive so far, each with its list of pairs (pushed to directly, not looked up per pair)
  const liveByHeap = new Map<number, { r: ResourceInfo; of: number[] | undefined }[]>();
  // per heap, lane of each aliased byte range: lo -> hi -> lane
  const laneByHeap = new Map<number, Map<number, Map<number, number>>>();
  for (const r of ix.resources.values()) {
    if (r.heap < 0 || r.placement !== 'placed') continue;
    let live = liveByHeap.get(r.heap);
    let lanes = laneByHeap.get(r.heap);
    if (!live || !lanes) {
      live = [];
      lanes = new Map();
      liveByHeap.set(r.heap, live);
      laneByHeap.set(r.heap, lanes);
    }
    for (let k = live.length - 1; k >= 0; k--) {
      const freed = live[k].r.freed;
      if (freed !== null && freed <= r.created) live.splice(k, 1);
    }
    let rOf: number[] | undefined;
    for (const entry of live) {
      const l = entry.r;
      const lo = Math.max(l.offset, r.offset);
      const hi = Math.min(l.offset + l.size, r.offset + r.size);
      if (hi <= lo) continue;
      const to = l.freed === null ? r.freed : r.freed === null ? l.freed : Math.min(l.freed, r.freed);
      let byHi = lanes.get(lo);
      if (!byHi) lanes.set(lo, (byHi = new Map()));
      let lane = byHi.get(hi);
      if (lane === undefined) byHi.set(hi, (lane = pairs.lanes++));
      const p = pairs.a.length;
      pairs.a.push(l.id);
      pairs.b.push(r.id);
      pairs.lo.push(lo);
      pairs.hi.push(hi);
      pairs.from.push(r.created);
      pairs.to.push(to);
      pairs.lane.push(lane);
      if (!rOf) pairs.of.set(r.id, (rOf = []));
      rOf.push(p);
      if (!entry.of) pairs.of.set(l.id, (entry.of = []));
      entry.of.push(p);
    }
    live.push({ r, of: rOf });
  }
  aliasCache.set(ix, { at: ix.consumed, pairs });
  return pairs;
}

export interface Gap {
  lo: number;
  hi: number;
  kind: 'free' | 'padding';
}

/**
 * Unused byte ranges of a heap. A gap smaller than the 64 KiB placement alignment that ends at an aligned
 * offset is counted as padding: the next resource could not have started earlier.
 */
export function alignmentGaps(live: readonly { offset: number; size: number }[], heapSize: number): Gap[] {
  const sorted = [...live].sort((a, b) => a.offset - b.offset);
  const gaps: Gap[] = [];
  let end = 0;
  for (const r of sorted) {
    if (r.offset > end) {
      const small =
        r.offset - end < D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT &&
        r.offset % D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT === 0;
      gaps.push({ lo: end, hi: r.offset, kind: small ? 'padding' : 'free' });
    }
    end = Math.max(end, r.offset + r.size);
  }
  if (end < heapSize) gaps.push({ lo: end, hi: heapSize, kind: 'free' });
  return gaps;
}
