// Recording of queries ([Q-BEGIN-*], [Q-RESOLVE-1], [Q-VALUE-1]): BeginQuery / EndQuery / ResolveQueryData on a command
// list. What the core runtime validates (index in range, query type fits the heap and the list type, BeginQuery not
// on a timestamp, a Begin/End query not spanning lists, the resolve range, alignment and destination) is a runtime
// error: the message, and Close returns E_INVALIDARG ([CL-CLOSE-1]). What only the debug layer validates (a query
// begun twice, End with another type than Begin) is a message only. Source: DirectX-Specs "Counters and Queries".

import type { ID3D12GraphicsCommandList } from './commandlist';
import type { ID3D12Resource } from './resource';
import type { Command } from './commands';
import type { MessageArgs } from './kernel';
import { queryAllowedOnList, queryFitsHeap, queryWords, type ID3D12QueryHeap } from './query-heap';
import {
  D3D_PRIMITIVE_TOPOLOGY_LINELIST,
  D3D_PRIMITIVE_TOPOLOGY_LINESTRIP,
  D3D_PRIMITIVE_TOPOLOGY_POINTLIST,
  D3D_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP,
  D3D12_QUERY_TYPE_BINARY_OCCLUSION,
  D3D12_QUERY_TYPE_OCCLUSION,
  D3D12_QUERY_TYPE_PIPELINE_STATISTICS,
  D3D12_QUERY_TYPE_PIPELINE_STATISTICS1,
  D3D12_QUERY_TYPE_TIMESTAMP,
  D3D12_RESOURCE_STATE_COPY_DEST,
} from './enums';

export interface QueryArgs {
  QueryHeap: ID3D12QueryHeap | null;
  Type: number;
  Index: number;
}

export interface ResolveQueryDataArgs {
  QueryHeap: ID3D12QueryHeap | null;
  Type: number;
  StartIndex: number;
  NumQueries: number;
  DestinationBuffer: ID3D12Resource | null;
  AlignedDestinationBufferOffset: number;
}

/** Queries begun on a list and not yet ended: heap -> index -> (type, where the query's work starts). */
export type OpenQueries = Map<ID3D12QueryHeap, Map<number, { type: number; from: number }>>;

/** The core runtime's checks shared by BeginQuery and EndQuery; the reason, or null. */
function paramError(l: ID3D12GraphicsCommandList, heap: ID3D12QueryHeap | null, type: number, index: number) {
  if (!heap) return 'null-heap';
  if (!queryFitsHeap(type, heap.type)) return 'type-not-in-heap';
  if (!queryAllowedOnList(type, heap.type, l.type)) return 'type-not-on-list-type';
  if (!(index >= 0 && index < heap.count)) return 'index-out-of-range';
  return null;
}

function queryMsgArgs(l: ID3D12GraphicsCommandList, a: QueryArgs, reason: string): MessageArgs {
  return { list: l.id, heap: a.QueryHeap ? a.QueryHeap.id : 0, type: a.Type ?? 0, index: a.Index ?? 0, reason };
}

/** [Q-BEGIN-1] BeginQuery: a runtime error for a timestamp or bad parameters; begun twice: the layer's message ([Q-BEGIN-2]). */
export function recordBeginQuery(l: ID3D12GraphicsCommandList, args: QueryArgs): void {
  const c = l.rec('ID3D12GraphicsCommandList::BeginQuery', args);
  if (!c) return;
  const heap = args.QueryHeap;
  const type = Number(args.Type ?? 0);
  const index = Number(args.Index ?? 0);
  const bad =
    type === D3D12_QUERY_TYPE_TIMESTAMP && heap && queryFitsHeap(type, heap.type)
      ? 'timestamp-has-no-begin'
      : paramError(l, heap, type, index);
  if (bad || !heap) l.fail('BEGIN_END_QUERY_INVALID_PARAMETERS', queryMsgArgs(l, args, bad ?? 'null-heap'));
  else {
    let open = l.openQueries.get(heap);
    if (!open) l.openQueries.set(heap, (open = new Map()));
    if (open.has(index)) l.device.msg('BEGIN_END_QUERY_INVALID_PARAMETERS', queryMsgArgs(l, args, 'begun-twice'));
    else {
      open.set(index, { type, from: l.commands.length });
      l.commands.push({ op: 'BeginQuery', heap, type, index });
    }
  }
  l.sys.endCall(c, null);
}

/** [Q-BEGIN-1] EndQuery: parameters as BeginQuery; a non-timestamp query must have begun on this list. */
export function recordEndQuery(l: ID3D12GraphicsCommandList, args: QueryArgs): void {
  const c = l.rec('ID3D12GraphicsCommandList::EndQuery', args);
  if (!c) return;
  const heap = args.QueryHeap;
  const type = Number(args.Type ?? 0);
  const index = Number(args.Index ?? 0);
  const bad = paramError(l, heap, type, index);
  if (bad || !heap) {
    l.fail('BEGIN_END_QUERY_INVALID_PARAMETERS', queryMsgArgs(l, args, bad ?? 'null-heap'));
    return l.sys.endCall(c, null);
  }
  let values: bigint[] | null = null;
  if (type !== D3D12_QUERY_TYPE_TIMESTAMP) {
    const open = l.openQueries.get(heap);
    const begun = open?.get(index);
    if (!open || !begun) {
      // "a query for a given element must not span command list boundaries" (core runtime)
      l.fail('BEGIN_END_QUERY_INVALID_PARAMETERS', queryMsgArgs(l, args, 'end-without-begin'));
      return l.sys.endCall(c, null);
    }
    if (begun.type !== type) l.device.msg('BEGIN_END_QUERY_INVALID_PARAMETERS', queryMsgArgs(l, args, 'type-mismatch'));
    open.delete(index);
    values = queryValues(l.commands, begun.from, type);
  }
  l.commands.push({ op: 'EndQuery', heap, type, index, values });
  l.sys.endCall(c, null);
}

/** [Q-BEGIN-3] Close with a query still begun: CLOSE_COMMAND_LIST_OPEN_QUERY, Close E_INVALIDARG (INF). */
export function closeOpenQueries(l: ID3D12GraphicsCommandList): void {
  for (const [heap, open] of l.openQueries)
    for (const [index, q] of open)
      l.fail('CLOSE_COMMAND_LIST_OPEN_QUERY', { list: l.id, heap: heap.id, index, type: q.type });
}

/**
 * [Q-RESOLVE-1] ResolveQueryData: "StartElement and ElementCount are within range, AlignedDestinationBufferOffset is a
 * multiple of 8 bytes, DestinationBuffer is a buffer, the written data will not overflow the output buffer, the query
 * type must be supported by the command list type and by the query heap" (core runtime). The destination is a
 * COPY_DEST use, checked at ExecuteCommandLists ([ST-USE-1]); never-performed queries are checked there too
 * ([Q-STATE-1]).
 */
export function recordResolveQueryData(l: ID3D12GraphicsCommandList, args: ResolveQueryDataArgs): void {
  const c = l.rec('ID3D12GraphicsCommandList::ResolveQueryData', args);
  if (!c) return;
  const heap = args.QueryHeap;
  const dst = args.DestinationBuffer;
  const type = Number(args.Type ?? 0);
  const start = Number(args.StartIndex ?? 0);
  const count = Number(args.NumQueries ?? 0);
  const offset = Number(args.AlignedDestinationBufferOffset ?? 0);
  const bytes = count * queryWords(type) * 8;
  const reason = !heap
    ? 'null-heap'
    : !dst || !dst.isBuffer
      ? 'destination-not-a-buffer'
      : !queryFitsHeap(type, heap.type)
        ? 'type-not-in-heap'
        : !queryAllowedOnList(type, heap.type, l.type)
          ? 'type-not-on-list-type'
          : !(start >= 0 && count >= 0 && start + count <= heap.count)
            ? 'range-out-of-heap'
            : offset % 8 !== 0
              ? 'offset-not-8-byte-aligned'
              : offset + bytes > dst.desc.Width
                ? 'overflows-destination'
                : null;
  if (reason || !heap || !dst) {
    l.fail('RESOLVE_QUERY_DATA_INVALID_PARAMETERS', {
      list: l.id,
      heap: heap ? heap.id : 0,
      type,
      start,
      count,
      offset,
      destination: dst ? dst.id : 0,
      reason: reason ?? 'null-heap',
    });
    return l.sys.endCall(c, null);
  }
  const use = l.use(dst, 0, D3D12_RESOURCE_STATE_COPY_DEST, true, offset === 0 && bytes === dst.desc.Width);
  use.range = [offset, offset + bytes];
  l.commands.push({ op: 'ResolveQueryData', heap, type, start, count, dst, offset, uses: [use] });
  l.sys.endCall(c, null);
}

/** Primitives of `n` vertices in a topology (D3D_PRIMITIVE_TOPOLOGY lists and strips). */
function primitives(topology: number, n: number): number {
  if (topology === D3D_PRIMITIVE_TOPOLOGY_POINTLIST) return n;
  if (topology === D3D_PRIMITIVE_TOPOLOGY_LINELIST) return Math.floor(n / 2);
  if (topology === D3D_PRIMITIVE_TOPOLOGY_LINESTRIP) return Math.max(0, n - 1);
  if (topology === D3D_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP) return Math.max(0, n - 2);
  return Math.floor(n / 3);
}

/**
 * [Q-VALUE-1] What a non-timestamp query counts over the commands since its Begin. The model does not rasterise: a
 * draw counts as covering its first viewport inside the first scissor rectangle and the render target (samples =
 * pixels × the target's SampleDesc.Count), so OCCLUSION is an upper bound, BINARY_OCCLUSION 1 when any draw covered a
 * pixel. PIPELINE_STATISTICS (D3D12_QUERY_DATA_PIPELINE_STATISTICS order): IAVertices = VSInvocations = vertices (or
 * indices) × instances, IAPrimitives = CInvocations = CPrimitives by topology, PSInvocations = covered pixels,
 * CSInvocations = thread groups dispatched (the model does not know [numthreads]); GS/HS/DS 0 (no such stages).
 */
function queryValues(cmds: readonly Command[], from: number, type: number): bigint[] {
  let verts = 0;
  let prims = 0;
  let pixels = 0;
  let samples = 0;
  let groups = 0;
  for (let i = from; i < cmds.length; i++) {
    const cmd = cmds[i];
    if (cmd.op === 'Dispatch') groups += cmd.x * cmd.y * cmd.z;
    if (cmd.op !== 'DrawInstanced' && cmd.op !== 'DrawIndexedInstanced') continue;
    const per = cmd.op === 'DrawInstanced' ? cmd.args.VertexCountPerInstance : cmd.args.IndexCountPerInstance;
    const inst = cmd.args.InstanceCount;
    verts += per * inst;
    prims += primitives(cmd.topology, per) * inst;
    const target = cmd.rtvs[0]?.res ?? cmd.dsv?.res ?? null;
    const vp = cmd.viewports[0];
    const sc = cmd.scissors[0];
    if (!target || !vp || !sc || per * inst === 0) continue;
    const left = Math.max(vp.TopLeftX, sc.left, 0);
    const top = Math.max(vp.TopLeftY, sc.top, 0);
    const right = Math.min(vp.TopLeftX + vp.Width, sc.right, target.desc.Width);
    const bottom = Math.min(vp.TopLeftY + vp.Height, sc.bottom, target.desc.Height);
    const area = Math.max(0, Math.floor(right) - Math.ceil(left)) * Math.max(0, Math.floor(bottom) - Math.ceil(top));
    pixels += area;
    samples += area * Math.max(1, target.desc.SampleDesc.Count);
  }
  const B = BigInt;
  if (type === D3D12_QUERY_TYPE_OCCLUSION) return [B(samples)];
  if (type === D3D12_QUERY_TYPE_BINARY_OCCLUSION) return [samples > 0 ? 1n : 0n];
  if (type === D3D12_QUERY_TYPE_PIPELINE_STATISTICS)
    return [B(verts), B(prims), B(verts), 0n, 0n, B(prims), B(prims), B(pixels), 0n, 0n, B(groups)];
  // [QH-STATS1-1] D3D12_QUERY_DATA_PIPELINE_STATISTICS1: the same 11, then AS/MS invocations and MS primitives (the
  // model has no mesh pipeline: 0)
  if (type === D3D12_QUERY_TYPE_PIPELINE_STATISTICS1)
    return [B(verts), B(prims), B(verts), 0n, 0n, B(prims), B(prims), B(pixels), 0n, 0n, B(groups), 0n, 0n, 0n];
  return [0n, 0n]; // stream output is not modelled: nothing written
}
