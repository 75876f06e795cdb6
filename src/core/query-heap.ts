// Query heaps ([QH-*], [Q-*]): ID3D12Device::CreateQueryHeap, the ID3D12QueryHeap object, which query types each heap
// type holds and which command-list types may use them, the size of a resolved result, and the modelled GPU clock
// that timestamps read (ID3D12CommandQueue::GetTimestampFrequency / GetClockCalibration). Source: DirectX-Specs
// "Counters and Queries" (the tables of query type -> heap type and query type -> list types, quoted below).

import { IUnknown } from './object';
import type { HRESULT } from './messages';
import type { AdapterFacts, DeviceContext } from './kernel';
import {
  D3D12_COMMAND_LIST_TYPE_COMPUTE,
  D3D12_COMMAND_LIST_TYPE_COPY,
  D3D12_COMMAND_LIST_TYPE_DIRECT,
  D3D12_QUERY_HEAP_TYPE_COPY_QUEUE_TIMESTAMP,
  D3D12_QUERY_HEAP_TYPE_OCCLUSION,
  D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS,
  D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS1,
  D3D12_QUERY_HEAP_TYPE_SO_STATISTICS,
  D3D12_QUERY_HEAP_TYPE_TIMESTAMP,
  D3D12_QUERY_HEAP_TYPE_VIDEO_DECODE_STATISTICS,
  D3D12_QUERY_TYPE_BINARY_OCCLUSION,
  D3D12_QUERY_TYPE_OCCLUSION,
  D3D12_QUERY_TYPE_PIPELINE_STATISTICS,
  D3D12_QUERY_TYPE_PIPELINE_STATISTICS1,
  D3D12_QUERY_TYPE_SO_STATISTICS_STREAM0,
  D3D12_QUERY_TYPE_SO_STATISTICS_STREAM3,
  D3D12_QUERY_TYPE_TIMESTAMP,
  DXGI_ADAPTER_FLAG_SOFTWARE,
} from './enums';

/** UINT64 values per resolved query: D3D12_QUERY_DATA_PIPELINE_STATISTICS has 11, D3D12_QUERY_DATA_SO_STATISTICS 2. */
export function queryWords(queryType: number): number {
  if (queryType === D3D12_QUERY_TYPE_PIPELINE_STATISTICS) return 11;
  if (queryType === D3D12_QUERY_TYPE_PIPELINE_STATISTICS1) return 14; // + AS/MS invocations, MS primitives
  if (queryType >= D3D12_QUERY_TYPE_SO_STATISTICS_STREAM0 && queryType <= D3D12_QUERY_TYPE_SO_STATISTICS_STREAM3)
    return 2;
  return 1;
}

/** [Q-BEGIN-1] "The query type must be compatible with the query heap" (the spec's query type -> heap type table). */
export function queryFitsHeap(queryType: number, heapType: number): boolean {
  switch (queryType) {
    case D3D12_QUERY_TYPE_OCCLUSION:
    case D3D12_QUERY_TYPE_BINARY_OCCLUSION:
      return heapType === D3D12_QUERY_HEAP_TYPE_OCCLUSION;
    case D3D12_QUERY_TYPE_TIMESTAMP:
      return heapType === D3D12_QUERY_HEAP_TYPE_TIMESTAMP || heapType === D3D12_QUERY_HEAP_TYPE_COPY_QUEUE_TIMESTAMP;
    case D3D12_QUERY_TYPE_PIPELINE_STATISTICS:
      return heapType === D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS;
    case D3D12_QUERY_TYPE_PIPELINE_STATISTICS1:
      return heapType === D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS1;
    default:
      return (
        queryType >= D3D12_QUERY_TYPE_SO_STATISTICS_STREAM0 &&
        queryType <= D3D12_QUERY_TYPE_SO_STATISTICS_STREAM3 &&
        heapType === D3D12_QUERY_HEAP_TYPE_SO_STATISTICS
      );
  }
}

/**
 * [Q-LIST-1] "The query type is supported by the command list type": occlusion, pipeline statistics and stream-output
 * queries on DIRECT lists only; timestamps on DIRECT and COMPUTE lists, and on COPY lists from a COPY_QUEUE_TIMESTAMP
 * heap (the heap type a copy queue's timestamps use). A COPY_QUEUE_TIMESTAMP heap serves copy lists only (INF).
 */
export function queryAllowedOnList(queryType: number, heapType: number, listType: number): boolean {
  if (queryType === D3D12_QUERY_TYPE_TIMESTAMP) {
    if (heapType === D3D12_QUERY_HEAP_TYPE_COPY_QUEUE_TIMESTAMP) return listType === D3D12_COMMAND_LIST_TYPE_COPY;
    return listType === D3D12_COMMAND_LIST_TYPE_DIRECT || listType === D3D12_COMMAND_LIST_TYPE_COMPUTE;
  }
  return listType === D3D12_COMMAND_LIST_TYPE_DIRECT;
}

/** ID3D12QueryHeap: `Count` queries; what the GPU wrote into each (UINT64 words) and which were ever performed. */
export class ID3D12QueryHeap extends IUnknown {
  readonly iface = 'ID3D12QueryHeap';
  /** Written at GPU completion by EndQuery; read by ResolveQueryData ([Q-VALUE-1]). */
  readonly data: BigUint64Array;
  /** [Q-STATE-1] Ended by an execution submitted before (queue-tracked at ExecuteCommandLists, as the layer does). */
  readonly performed: Uint8Array;
  readonly words: number;

  constructor(
    readonly device: DeviceContext,
    readonly type: number,
    readonly count: number,
  ) {
    super(device.sys, device.id, 'ID3D12QueryHeap');
    this.words =
      type === D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS
        ? 11
        : type === D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS1
          ? 14
          : type === D3D12_QUERY_HEAP_TYPE_SO_STATISTICS
            ? 2
            : 1;
    this.data = new BigUint64Array(count * this.words);
    this.performed = new Uint8Array(count);
  }

  /** Executions in flight that use the heap ([OBJ-REL-3]: releasing it then is OBJECT_DELETED_WHILE_STILL_IN_USE). */
  inflight = 0;

  override implements(iface: string): boolean {
    return iface === 'ID3D12QueryHeap' || super.implements(iface);
  }

  protected override inFlightOn(): DeviceContext | null {
    return this.inflight > 0 ? this.device : null;
  }
}

/** D3D12_QUERY_HEAP_DESC (d3d12.h); omitted fields are 0. */
export interface D3D12_QUERY_HEAP_DESC {
  Type?: number;
  Count?: number;
  NodeMask?: number;
}

/** Model limit on one heap's queries (a query heap is device memory; the runtime's own limit is not documented). */
const MAX_QUERIES = 1 << 20;

/**
 * [QH-CREATE-1] CreateQueryHeap({ Type, Count, NodeMask }) (the D3D12_QUERY_HEAP_DESC fields, SCENARIOS.md "Naming"): "the core runtime will validate that the heap
 * type is a valid member of the heap_type enumeration, and that the count is greater than 0"
 * (CREATEQUERY_HEAP_INVALID_PARAMETERS); COPY_QUEUE_TIMESTAMP needs OPTIONS3.CopyQueueTimestampQueriesSupported
 * (#1079); video decode statistics need a video device (#978, the model has none); [QH-STATS1-1] PIPELINE_STATISTICS1
 * needs OPTIONS9.MeshShaderPipelineStatsSupported (INVALID_PARAMETERS otherwise, INF). All E_INVALIDARG.
 */
export function createQueryHeap(
  device: DeviceContext,
  desc: D3D12_QUERY_HEAP_DESC | undefined,
): { hr: HRESULT; out?: ID3D12QueryHeap } {
  const type = Number(desc?.Type ?? 0);
  const count = Number(desc?.Count ?? 0);
  const fail = (id: Parameters<DeviceContext['msg']>[0]) => {
    device.msg(id, { type, count });
    return { hr: 'E_INVALIDARG' as HRESULT };
  };
  if (type === D3D12_QUERY_HEAP_TYPE_VIDEO_DECODE_STATISTICS)
    return fail('CREATEQUERY_HEAP_VIDEO_DECODE_STATISTICS_NOT_SUPPORTED');
  if (type === D3D12_QUERY_HEAP_TYPE_COPY_QUEUE_TIMESTAMP && device.facts.copyQueueTimestamps === false)
    return fail('CREATEQUERY_HEAP_COPY_QUEUE_TIMESTAMPS_NOT_SUPPORTED');
  const known =
    type === D3D12_QUERY_HEAP_TYPE_OCCLUSION ||
    type === D3D12_QUERY_HEAP_TYPE_TIMESTAMP ||
    type === D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS ||
    type === D3D12_QUERY_HEAP_TYPE_SO_STATISTICS ||
    type === D3D12_QUERY_HEAP_TYPE_COPY_QUEUE_TIMESTAMP ||
    (type === D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS1 && device.facts.meshShaderPipelineStats === true);
  if (!known || !(count > 0) || count > MAX_QUERIES) return fail('CREATEQUERY_HEAP_INVALID_PARAMETERS');
  if (desc?.NodeMask && desc.NodeMask > 1) return fail('CREATEQUERY_HEAP_INVALID_PARAMETERS');
  return { hr: 'S_OK', out: new ID3D12QueryHeap(device, type, count) };
}

/**
 * [Q-FREQ-1] The GPU timestamp clock in Hz: an adapter fact (AdapterFacts.timestampFrequency); by default (model
 * choice, after what such parts commonly report) 12 MHz on the integrated part, 1 GHz on the discrete part, and on
 * WARP (a software adapter) the 10 MHz QueryPerformanceCounter clock; so a hard-coded frequency is right on one
 * adapter only. The same on every queue that supports timestamps.
 */
export function timestampFrequency(facts: AdapterFacts): number {
  if (facts.timestampFrequency) return facts.timestampFrequency;
  if (facts.Flags & DXGI_ADAPTER_FLAG_SOFTWARE) return QPC_FREQUENCY;
  return facts.uma ? 12_000_000 : 1_000_000_000;
}

/** GPU ticks at modelled time `ns` (exact in UINT64: ns * Hz / 1e9, rounded down). */
export function ticksAt(facts: AdapterFacts, ns: number): bigint {
  return (BigInt(Math.max(0, Math.floor(ns))) * BigInt(timestampFrequency(facts))) / 1_000_000_000n;
}

/** QueryPerformanceFrequency of the modelled CPU (10 MHz, as Windows reports on current machines). */
export const QPC_FREQUENCY = 10_000_000;

/** [Q-FREQ-2] A queue supports timestamps: DIRECT and COMPUTE, and COPY where OPTIONS3 says copy-queue timestamps work. */
export function queueHasTimestamps(facts: AdapterFacts, queueType: number): boolean {
  if (queueType === D3D12_COMMAND_LIST_TYPE_COPY) return facts.copyQueueTimestamps !== false;
  return queueType === D3D12_COMMAND_LIST_TYPE_DIRECT || queueType === D3D12_COMMAND_LIST_TYPE_COMPUTE;
}

/** The queue a clock call is made on. */
interface ClockQueue {
  readonly id: number;
  readonly type: number;
  readonly device: DeviceContext;
}

/**
 * [Q-FREQ-1] ID3D12CommandQueue::GetTimestampFrequency: the GPU clock in Hz; "this API fails (E_FAIL) if the specified
 * command queue does not support timestamps" (a COPY queue without copy-queue timestamps). No debug message (INF).
 */
export function getTimestampFrequency(q: ClockQueue): { hr: HRESULT; out?: bigint } {
  if (q.device.removed) return { hr: 'DXGI_ERROR_DEVICE_REMOVED' };
  if (!queueHasTimestamps(q.device.facts, q.type)) return { hr: 'E_FAIL' };
  return { hr: 'S_OK', out: BigInt(timestampFrequency(q.device.facts)) };
}

/**
 * [Q-FREQ-2] GetClockCalibration: the queue's GPU clock (ticks, as a timestamp query reads it) and the CPU's
 * QueryPerformanceCounter (10 MHz) sampled at the same modelled instant; E_FAIL where GetTimestampFrequency fails.
 */
export function getClockCalibration(q: ClockQueue): {
  hr: HRESULT;
  out?: { GpuTimestamp: bigint; CpuTimestamp: bigint };
} {
  const f = getTimestampFrequency(q);
  if (f.hr !== 'S_OK') return { hr: f.hr };
  const now = q.device.sys.now;
  const cpu = (BigInt(Math.max(0, Math.floor(now))) * BigInt(QPC_FREQUENCY)) / 1_000_000_000n;
  return { hr: 'S_OK', out: { GpuTimestamp: ticksAt(q.device.facts, now), CpuTimestamp: cpu } };
}
