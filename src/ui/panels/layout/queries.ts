// Query heaps as the panels show them, from the trace's `query` events (SPEC [Q-TRACE-1]: each BeginQuery, EndQuery
// and ResolveQueryData as it ran on the modelled GPU, with the values it wrote): every heap's slots as of a call
// (never performed / written / resolved into a buffer), and the text a learner reads on hover: a timestamp in ticks
// and in µs through GetTimestampFrequency, an occlusion count in samples, the eleven pipeline statistics by name.

import {
  D3D12_QUERY_TYPE_BINARY_OCCLUSION,
  D3D12_QUERY_TYPE_OCCLUSION,
  D3D12_QUERY_TYPE_PIPELINE_STATISTICS,
  D3D12_QUERY_TYPE_TIMESTAMP,
  enumName,
  objectLabel,
  upperBoundI,
  type QueryTraceEvent,
  type TraceIndex,
} from '../../../core';

export type QuerySlotStatus = 'never' | 'written' | 'resolved';

export interface QuerySlot {
  index: number;
  status: QuerySlotStatus;
  /** the UINT64s the last EndQuery wrote (null: never performed) */
  values: bigint[] | null;
  type: number | null;
  /** modelled GPU time (ns) of the last EndQuery, and the call that let it run */
  t: number | null;
  call: number | null;
  /** where the last resolve after that write copied it */
  resolved: { dst: number; offset: number; call: number } | null;
}

export interface QueryHeapRow {
  heap: number;
  label: string;
  /** D3D12_QUERY_HEAP_TYPE_ name without the prefix */
  type: string;
  count: number;
  /** GetTimestampFrequency's clock, once a query of the heap ran (ticks per second) */
  hz: number | null;
  slots: QuerySlot[];
  /** slots past what is listed (a heap of thousands of queries lists its first ones) */
  hidden: number;
}

/** Slots listed per heap; the rest are counted. */
export const QUERY_SLOTS_SHOWN = 256;

/** D3D12_QUERY_DATA_PIPELINE_STATISTICS's fields, in the order the UINT64s are written (d3d12.h). */
export const PIPELINE_STATISTICS_FIELDS = [
  'IAVertices',
  'IAPrimitives',
  'VSInvocations',
  'GSInvocations',
  'GSPrimitives',
  'CInvocations',
  'CPrimitives',
  'PSInvocations',
  'HSInvocations',
  'DSInvocations',
  'CSInvocations',
] as const;

/** Whether a query heap exists as of `cursor` (O(query heaps)). */
export function hasQueryHeaps(ix: TraceIndex, cursor: number): boolean {
  return ix.queryHeaps.some((id) => (ix.objects.get(id)?.created ?? Infinity) <= cursor);
}

/** Type and Count of a query heap, from its CreateQueryHeap call (D3D12_QUERY_HEAP_DESC fields, or under Desc). */
function heapDesc(ix: TraceIndex, id: number): { type: number; count: number } {
  const o = ix.objects.get(id);
  const a = ((o && ix.calls[o.created]?.args) ?? {}) as Record<string, unknown>;
  const d = (a.Desc && typeof a.Desc === 'object' ? a.Desc : a) as Record<string, unknown>;
  return { type: Number(d.Type) || 0, count: Number(d.Count) || 0 };
}

/** Every query heap alive (or released) as of `cursor`, with each slot's status and last values. */
export function queryHeapsAt(ix: TraceIndex, cursor: number): QueryHeapRow[] {
  const ids = ix.queryHeaps.filter((id) => (ix.objects.get(id)?.created ?? Infinity) <= cursor);
  if (ids.length === 0) return [];
  const rows = new Map<number, QueryHeapRow>();
  for (const id of ids) {
    const { type, count } = heapDesc(ix, id);
    const shown = Math.min(count, QUERY_SLOTS_SHOWN);
    rows.set(id, {
      heap: id,
      label: objectLabel(ix, id),
      type: enumName('D3D12_QUERY_HEAP_TYPE', type).replace('D3D12_QUERY_HEAP_TYPE_', ''),
      count,
      hz: null,
      hidden: count - shown,
      slots: Array.from({ length: shown }, (_, index) => ({
        index,
        status: 'never' as QuerySlotStatus,
        values: null,
        type: null,
        t: null,
        call: null,
        resolved: null,
      })),
    });
  }
  const n = upperBoundI(ix.queries, cursor);
  for (let k = 0; k < n; k++) {
    const e = ix.queries[k];
    const row = rows.get(e.heap);
    if (!row) continue;
    row.hz = e.hz;
    if (e.op === 'end') {
      const s = row.slots[e.index];
      if (!s) continue;
      s.status = 'written';
      s.values = e.values;
      s.type = e.type;
      s.t = e.t;
      s.call = e.i;
      s.resolved = null;
    } else if (e.op === 'resolve') {
      for (let q = e.index; q < Math.min(e.index + e.count, row.slots.length); q++) {
        const s = row.slots[q];
        // a resolve of a never-performed query copies what the heap holds (RESOLVE_QUERY_INVALID_QUERY_STATE)
        if (s.status === 'never') continue;
        s.status = 'resolved';
        s.resolved = { dst: e.dst, offset: e.offset + (q - e.index) * 8 * wordsOf(e.type), call: e.i };
      }
    }
  }
  return [...rows.values()];
}

/** UINT64s one resolved query of a type takes in the destination buffer. */
export function wordsOf(type: number): number {
  if (type === D3D12_QUERY_TYPE_PIPELINE_STATISTICS) return 11;
  if (type >= 4 && type <= 7) return 2; // SO_STATISTICS_STREAM0..3
  return 1;
}

/** Ticks of a timestamp in µs: ticks ÷ GetTimestampFrequency × 10^6 (what a profiler computes). */
export function ticksToUs(ticks: bigint, hz: number): number {
  return hz > 0 ? (Number(ticks) / hz) * 1e6 : NaN;
}

export function fmtUs(us: number): string {
  return `${us.toFixed(us >= 1000 ? 1 : 3)} µs`;
}

function fmtHz(hz: number): string {
  return hz.toLocaleString('en-US');
}

/** D3D12_QUERY_TYPE_ name without the prefix. */
export function queryTypeName(type: number): string {
  return enumName('D3D12_QUERY_TYPE', type).replace('D3D12_QUERY_TYPE_', '');
}

/** What a query's values mean, in one line: "10482 ticks ÷ 12,000,000 Hz (GetTimestampFrequency) = 873.500 µs". */
export function queryValueText(type: number, values: readonly bigint[] | null, hz: number | null): string {
  if (!values) return 'never performed';
  if (type === D3D12_QUERY_TYPE_TIMESTAMP) {
    const ticks = values[0] ?? 0n;
    return hz
      ? `${ticks} ticks ÷ ${fmtHz(hz)} Hz (GetTimestampFrequency) = ${fmtUs(ticksToUs(ticks, hz))}`
      : `${ticks} ticks`;
  }
  if (type === D3D12_QUERY_TYPE_OCCLUSION) return `${values[0] ?? 0n} samples passed`;
  if (type === D3D12_QUERY_TYPE_BINARY_OCCLUSION) return `${values[0] ? 'visible (1)' : 'not visible (0)'}`;
  if (type === D3D12_QUERY_TYPE_PIPELINE_STATISTICS)
    return PIPELINE_STATISTICS_FIELDS.map((f, k) => `${f} ${values[k] ?? 0n}`).join(', ');
  return values.join(', ');
}

/** A slot's hover text (the descriptors panel and the table view). */
export function querySlotText(ix: TraceIndex, row: QueryHeapRow, s: QuerySlot): string {
  const head = `${row.label} [${s.index}]`;
  if (s.status === 'never' || s.type === null) return `${head}: never performed (no EndQuery has run on the GPU)`;
  const where = s.resolved
    ? ` — resolved into ${objectLabel(ix, s.resolved.dst)} at +0x${s.resolved.offset.toString(16).toUpperCase()} (call ${s.resolved.call})`
    : ' — written in the heap, not resolved into a buffer yet';
  return `${head} ${queryTypeName(s.type)}: ${queryValueText(s.type, s.values, row.hz)}${where}`;
}

/** Query events of one queue up to a call, each with the begin it closes (occlusion, statistics), in GPU order. */
export interface QuerySpan {
  end: QueryTraceEvent;
  begin: QueryTraceEvent | null;
}

/** EndQuery / ResolveQueryData events of `queue` as of `cursor`, each end paired with the BeginQuery it closes. */
export function queryEventsOnQueue(ix: TraceIndex, queue: number, cursor: number): QuerySpan[] {
  const out: QuerySpan[] = [];
  const n = upperBoundI(ix.queries, cursor);
  const open = new Map<string, QueryTraceEvent>();
  for (let k = 0; k < n; k++) {
    const e = ix.queries[k];
    if (e.queue !== queue) continue;
    const key = `${e.list}:${e.heap}:${e.index}`;
    if (e.op === 'begin') open.set(key, e);
    else if (e.op === 'end') {
      out.push({ end: e, begin: open.get(key) ?? null });
      open.delete(key);
    } else out.push({ end: e, begin: null });
  }
  return out;
}
