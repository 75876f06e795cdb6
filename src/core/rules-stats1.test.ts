// [QH-STATS1-1] (SPEC.md §7.2) PIPELINE_STATISTICS1 queries: D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS1 /
// D3D12_QUERY_TYPE_PIPELINE_STATISTICS1 resolve to D3D12_QUERY_DATA_PIPELINE_STATISTICS1 (14 UINT64s: the 11 of
// PIPELINE_STATISTICS then ASInvocations, MSInvocations, MSPrimitives; d3d12.h) and need
// D3D12_FEATURE_DATA_D3D12_OPTIONS9.MeshShaderPipelineStatsSupported; on the modelled adapters only the discrete
// (FL 12_2) part reports it. The query type -> heap type pairing follows the "Counters and Queries" table.
import { describe, expect, it } from 'vitest';
import * as D from './index';
import { world } from './rules.world';

const STATS1_HEAP = D.D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS1;
const STATS1 = D.D3D12_QUERY_TYPE_PIPELINE_STATISTICS1;

function statsWorld(adapter: number) {
  const w = world({ adapter });
  const rb = w.buffer(D.D3D12_HEAP_TYPE_READBACK, D.D3D12_RESOURCE_STATE_COPY_DEST, 4096).out!;
  const options9 = () =>
    w.dev.CheckFeatureSupport({ Feature: D.D3D12_FEATURE_D3D12_OPTIONS9 }).out as {
      MeshShaderPipelineStatsSupported: boolean;
    };
  const resolve = (heap: D.ID3D12QueryHeap, Type: number, AlignedDestinationBufferOffset: number) =>
    w.list.ResolveQueryData({
      QueryHeap: heap,
      Type,
      StartIndex: 0,
      NumQueries: 1,
      DestinationBuffer: rb,
      AlignedDestinationBufferOffset,
    });
  return { w, rb, options9, resolve };
}

describe('[QH-STATS1-1] PIPELINE_STATISTICS1 query heaps', () => {
  it('need OPTIONS9.MeshShaderPipelineStatsSupported: E_INVALIDARG on the integrated adapter, S_OK on the discrete', () => {
    const a = statsWorld(0);
    expect(a.options9().MeshShaderPipelineStatsSupported).toBe(false);
    expect(a.w.dev.CreateQueryHeap({ Type: STATS1_HEAP, Count: 1 }).hr).toBe('E_INVALIDARG');
    expect(a.w.ids()).toEqual(['CREATEQUERY_HEAP_INVALID_PARAMETERS']);
    const b = statsWorld(1);
    expect(b.options9().MeshShaderPipelineStatsSupported).toBe(true);
    expect(b.w.dev.CreateQueryHeap({ Type: STATS1_HEAP, Count: 1 }).hr).toBe('S_OK');
    expect(b.w.ids()).toEqual([]);
  });

  it('a PIPELINE_STATISTICS1 query begun, ended and resolved in its heap raises nothing; it resolves 14 UINT64s', () => {
    const { w, resolve } = statsWorld(1);
    const heap = w.dev.CreateQueryHeap({ Type: STATS1_HEAP, Count: 1 }).out!;
    w.list.BeginQuery({ QueryHeap: heap, Type: STATS1, Index: 0 });
    w.list.EndQuery({ QueryHeap: heap, Type: STATS1, Index: 0 });
    resolve(heap, STATS1, 4096 - 14 * 8); // the last 112 bytes: fits
    expect(w.list.Close()).toBe('S_OK');
    w.queue.ExecuteCommandLists({ CommandLists: [w.list] });
    w.sys.idle();
    expect(w.ids()).toEqual([]);
    expect(heap.words).toBe(14);
  });

  it('14 words, not 11: resolving at 4096 - 104 overflows the buffer for STATISTICS1 but not for STATISTICS', () => {
    const { w, resolve } = statsWorld(1);
    const s1 = w.dev.CreateQueryHeap({ Type: STATS1_HEAP, Count: 1 }).out!;
    const s0 = w.dev.CreateQueryHeap({ Type: D.D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS, Count: 1 }).out!;
    resolve(s0, D.D3D12_QUERY_TYPE_PIPELINE_STATISTICS, 4096 - 104);
    expect(w.ids()).toEqual([]);
    resolve(s1, STATS1, 4096 - 104);
    expect(w.ids()).toEqual(['RESOLVE_QUERY_DATA_INVALID_PARAMETERS']);
    expect(w.sys.messages[0].args).toMatchObject({ reason: 'overflows-destination' });
  });

  it('the query type and heap type pair up: STATISTICS1 in a STATISTICS heap (and the reverse) is invalid', () => {
    const { w } = statsWorld(1);
    const s1 = w.dev.CreateQueryHeap({ Type: STATS1_HEAP, Count: 1 }).out!;
    const s0 = w.dev.CreateQueryHeap({ Type: D.D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS, Count: 1 }).out!;
    w.list.BeginQuery({ QueryHeap: s0, Type: STATS1, Index: 0 });
    w.list.BeginQuery({ QueryHeap: s1, Type: D.D3D12_QUERY_TYPE_PIPELINE_STATISTICS, Index: 0 });
    expect(w.ids()).toEqual(['BEGIN_END_QUERY_INVALID_PARAMETERS', 'BEGIN_END_QUERY_INVALID_PARAMETERS']);
    expect(w.list.Close()).toBe('E_INVALIDARG');
  });
});
