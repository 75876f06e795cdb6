// Queries ([QH-*], [Q-*] in SPEC.md §7.2): query heaps, BeginQuery/EndQuery, ResolveQueryData into a READBACK buffer,
// the queue's timestamp clock. Expected results: DirectX-Specs "Counters and Queries" (what the core runtime and the
// debug layer validate, the query type tables, GetTimestampFrequency failing with E_FAIL), the ResolveQueryData page
// (8-byte aligned offset, COPY_DEST), and the #1319 log lines of microsoft/DirectX-Graphics-Samples#839 / #716.
import { describe, expect, it } from 'vitest';
import * as D from './index';
import { world } from './rules.world';

const READBACK = D.D3D12_HEAP_TYPE_READBACK;
const TS = D.D3D12_QUERY_TYPE_TIMESTAMP;

function queryWorld(opts: { adapter?: number; adapters?: D.AdapterFacts[] } = {}) {
  const w = world(opts);
  const heap = (Type: number, Count = 4) => w.dev.CreateQueryHeap({ Type, Count });
  const ts = heap(D.D3D12_QUERY_HEAP_TYPE_TIMESTAMP).out!;
  const occ = heap(D.D3D12_QUERY_HEAP_TYPE_OCCLUSION).out!;
  const rb = w.buffer(READBACK, D.D3D12_RESOURCE_STATE_COPY_DEST, 4096).out!;
  const u64 = (r: D.ID3D12Resource, i: number) => {
    const b = r.Map({ Subresource: 0, ReadRange: { Begin: 0, End: 4096 } }).out!;
    return new DataView(b.buffer, b.byteOffset, b.byteLength).getBigUint64(i * 8, true);
  };
  const run = () => {
    expect(w.list.Close()).toBe('S_OK');
    w.queue.ExecuteCommandLists({ CommandLists: [w.list] });
    w.queue.Signal({ Fence: w.fence, Value: 1 });
  };
  return { ...w, heap, ts, occ, rb, u64, run };
}

describe('[QH-CREATE-1] CreateQueryHeap', () => {
  it('creates the heap types it models; Count 0 or an unknown type is CREATEQUERY_HEAP_INVALID_PARAMETERS', () => {
    const q = queryWorld();
    expect(q.ts.iface).toBe('ID3D12QueryHeap');
    expect(q.heap(D.D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS).hr).toBe('S_OK');
    expect(q.ids()).toEqual([]);
    expect(q.heap(D.D3D12_QUERY_HEAP_TYPE_OCCLUSION, 0).hr).toBe('E_INVALIDARG');
    expect(q.heap(42).hr).toBe('E_INVALIDARG');
    expect(q.ids()).toEqual(['CREATEQUERY_HEAP_INVALID_PARAMETERS', 'CREATEQUERY_HEAP_INVALID_PARAMETERS']);
  });
  it('COPY_QUEUE_TIMESTAMP needs OPTIONS3.CopyQueueTimestampQueriesSupported (#1079); video statistics #978', () => {
    const noCopyTs = { ...D.defaultAdapters()[0], copyQueueTimestamps: false };
    const q = queryWorld({ adapters: [noCopyTs] });
    expect(q.heap(D.D3D12_QUERY_HEAP_TYPE_COPY_QUEUE_TIMESTAMP).hr).toBe('E_INVALIDARG');
    expect(q.heap(D.D3D12_QUERY_HEAP_TYPE_VIDEO_DECODE_STATISTICS).hr).toBe('E_INVALIDARG');
    expect(q.ids()).toEqual([
      'CREATEQUERY_HEAP_COPY_QUEUE_TIMESTAMPS_NOT_SUPPORTED',
      'CREATEQUERY_HEAP_VIDEO_DECODE_STATISTICS_NOT_SUPPORTED',
    ]);
    expect(queryWorld().heap(D.D3D12_QUERY_HEAP_TYPE_COPY_QUEUE_TIMESTAMP).hr).toBe('S_OK');
  });
});

describe('[Q-BEGIN-1] BeginQuery / EndQuery parameters (core runtime: Close fails)', () => {
  const cases: [string, (q: ReturnType<typeof queryWorld>) => void][] = [
    ['BeginQuery on a timestamp', (q) => q.list.BeginQuery({ QueryHeap: q.ts, Type: TS, Index: 0 })],
    ['index past Count', (q) => q.list.EndQuery({ QueryHeap: q.ts, Type: TS, Index: 4 })],
    ['a timestamp in an occlusion heap', (q) => q.list.EndQuery({ QueryHeap: q.occ, Type: TS, Index: 0 })],
    [
      'EndQuery of an occlusion query never begun in this list',
      (q) => q.list.EndQuery({ QueryHeap: q.occ, Type: D.D3D12_QUERY_TYPE_OCCLUSION, Index: 0 }),
    ],
  ];
  for (const [name, call] of cases)
    it(name, () => {
      const q = queryWorld();
      call(q);
      expect(q.ids()).toEqual(['BEGIN_END_QUERY_INVALID_PARAMETERS']);
      expect(q.list.Close()).toBe('E_INVALIDARG');
    });
  it('a correct timestamp pair and occlusion pair raise nothing', () => {
    const q = queryWorld();
    q.list.EndQuery({ QueryHeap: q.ts, Type: TS, Index: 0 });
    q.list.BeginQuery({ QueryHeap: q.occ, Type: D.D3D12_QUERY_TYPE_BINARY_OCCLUSION, Index: 1 });
    q.list.EndQuery({ QueryHeap: q.occ, Type: D.D3D12_QUERY_TYPE_BINARY_OCCLUSION, Index: 1 });
    q.list.EndQuery({ QueryHeap: q.ts, Type: TS, Index: 1 });
    expect(q.list.Close()).toBe('S_OK');
    expect(q.ids()).toEqual([]);
  });
});

describe('[Q-LIST-1] query types per command-list type', () => {
  const lists = (q: ReturnType<typeof queryWorld>, type: number) => {
    const alloc = q.dev.CreateCommandAllocator({ type }).out!;
    return q.dev.CreateCommandList({ type, CommandAllocator: alloc }).out!;
  };
  it('occlusion on a COMPUTE list fails; timestamps work on COMPUTE lists', () => {
    const q = queryWorld();
    const cl = lists(q, D.D3D12_COMMAND_LIST_TYPE_COMPUTE);
    cl.EndQuery({ QueryHeap: q.ts, Type: TS, Index: 0 });
    expect(q.ids()).toEqual([]);
    cl.BeginQuery({ QueryHeap: q.occ, Type: D.D3D12_QUERY_TYPE_OCCLUSION, Index: 0 });
    expect(q.ids()).toEqual(['BEGIN_END_QUERY_INVALID_PARAMETERS']);
    expect(cl.Close()).toBe('E_INVALIDARG');
  });
  it('a COPY list takes timestamps from a COPY_QUEUE_TIMESTAMP heap, not from a TIMESTAMP heap', () => {
    const q = queryWorld();
    const copy = lists(q, D.D3D12_COMMAND_LIST_TYPE_COPY);
    const cqt = q.heap(D.D3D12_QUERY_HEAP_TYPE_COPY_QUEUE_TIMESTAMP).out!;
    copy.EndQuery({ QueryHeap: cqt, Type: TS, Index: 0 });
    expect(q.ids()).toEqual([]);
    copy.EndQuery({ QueryHeap: q.ts, Type: TS, Index: 0 });
    expect(q.ids()).toEqual(['BEGIN_END_QUERY_INVALID_PARAMETERS']);
  });
});

describe('[Q-BEGIN-2] / [Q-BEGIN-3] begin twice, different End type, Close with an open query', () => {
  it('begun twice: the layer reports it, Close still succeeds', () => {
    const q = queryWorld();
    const a = { QueryHeap: q.occ, Type: D.D3D12_QUERY_TYPE_OCCLUSION, Index: 0 };
    q.list.BeginQuery(a);
    q.list.BeginQuery(a);
    q.list.EndQuery(a);
    expect(q.ids()).toEqual(['BEGIN_END_QUERY_INVALID_PARAMETERS']);
    expect(q.list.Close()).toBe('S_OK');
  });
  it('Close with a query begun and never ended: CLOSE_COMMAND_LIST_OPEN_QUERY', () => {
    const q = queryWorld();
    q.list.BeginQuery({ QueryHeap: q.occ, Type: D.D3D12_QUERY_TYPE_OCCLUSION, Index: 2 });
    expect(q.list.Close()).toBe('E_INVALIDARG');
    expect(q.ids()).toEqual(['CLOSE_COMMAND_LIST_OPEN_QUERY']);
  });
});

describe('[Q-RESOLVE-1] ResolveQueryData parameters', () => {
  const resolve = (
    q: ReturnType<typeof queryWorld>,
    over: Partial<D.ID3D12GraphicsCommandList['ResolveQueryData'] extends (a: infer A) => void ? A : never>,
  ) =>
    q.list.ResolveQueryData({
      QueryHeap: q.ts,
      Type: TS,
      StartIndex: 0,
      NumQueries: 2,
      DestinationBuffer: q.rb,
      AlignedDestinationBufferOffset: 0,
      ...over,
    });
  const bad: [string, (q: ReturnType<typeof queryWorld>) => object][] = [
    ['range past the heap', () => ({ StartIndex: 3 })],
    ['offset not a multiple of 8', () => ({ AlignedDestinationBufferOffset: 4 })],
    ['results overflow the buffer', () => ({ AlignedDestinationBufferOffset: 4088 })],
    ['a texture as destination', (q) => ({ DestinationBuffer: q.tex(D.D3D12_RESOURCE_STATE_COPY_DEST).out! })],
    ['a type the heap does not hold', () => ({ Type: D.D3D12_QUERY_TYPE_OCCLUSION })],
  ];
  for (const [name, over] of bad)
    it(name, () => {
      const q = queryWorld();
      resolve(q, over(q));
      expect(q.ids()).toEqual(['RESOLVE_QUERY_DATA_INVALID_PARAMETERS']);
      expect(q.list.Close()).toBe('E_INVALIDARG');
    });
  it('the destination must be in COPY_DEST: a DEFAULT buffer left in a read state is #538 at ECL', () => {
    const q = queryWorld();
    const buf = q.buffer(D.D3D12_HEAP_TYPE_DEFAULT, D.D3D12_RESOURCE_STATE_COMMON).out!;
    q.barrier(buf, D.D3D12_RESOURCE_STATE_COMMON, D.D3D12_RESOURCE_STATE_COPY_SOURCE);
    q.list.EndQuery({ QueryHeap: q.ts, Type: TS, Index: 0 });
    q.list.ResolveQueryData({
      QueryHeap: q.ts,
      Type: TS,
      StartIndex: 0,
      NumQueries: 1,
      DestinationBuffer: buf,
      AlignedDestinationBufferOffset: 0,
    });
    q.run();
    expect(q.ids()).toEqual(['INVALID_SUBRESOURCE_STATE']);
  });
});

describe('[Q-STATE-1] resolving queries that were never performed', () => {
  it('#1319 at ExecuteCommandLists names the first run of never-ended indices', () => {
    const q = queryWorld();
    q.list.EndQuery({ QueryHeap: q.ts, Type: TS, Index: 0 });
    q.list.ResolveQueryData({
      QueryHeap: q.ts,
      Type: TS,
      StartIndex: 0,
      NumQueries: 4,
      DestinationBuffer: q.rb,
      AlignedDestinationBufferOffset: 0,
    });
    expect(q.list.Close()).toBe('S_OK');
    expect(q.ids()).toEqual([]);
    q.queue.ExecuteCommandLists({ CommandLists: [q.list] });
    expect(q.ids()).toEqual(['RESOLVE_QUERY_INVALID_QUERY_STATE']);
    expect(q.sys.messages[0].args.indices).toBe('1-3');
  });
  it('queries ended by an earlier execution count as performed', () => {
    const q = queryWorld();
    q.list.EndQuery({ QueryHeap: q.ts, Type: TS, Index: 3 });
    q.run();
    q.sys.idle();
    q.alloc.Reset();
    q.list.Reset({ Allocator: q.alloc });
    q.list.ResolveQueryData({
      QueryHeap: q.ts,
      Type: TS,
      StartIndex: 3,
      NumQueries: 1,
      DestinationBuffer: q.rb,
      AlignedDestinationBufferOffset: 0,
    });
    q.run();
    expect(q.ids()).toEqual([]);
  });
});

describe('[Q-TIME-1] / [Q-FREQ-1] timestamps from the modelled GPU timeline', () => {
  it('two timestamps in a 1 ms list resolve to ticks of GetTimestampFrequency, readable after the fence', () => {
    const q = queryWorld({ adapter: 0 });
    const freq = q.queue.GetTimestampFrequency();
    expect(freq).toEqual({ hr: 'S_OK', out: 12_000_000n });
    const first = q.sys.now;
    q.list.EndQuery({ QueryHeap: q.ts, Type: TS, Index: 0 });
    q.list.EndQuery({ QueryHeap: q.ts, Type: TS, Index: 1 });
    q.list.ResolveQueryData({
      QueryHeap: q.ts,
      Type: TS,
      StartIndex: 0,
      NumQueries: 2,
      DestinationBuffer: q.rb,
      AlignedDestinationBufferOffset: 0,
    });
    q.run();
    // before the GPU ran the list the readback buffer still holds zeros
    expect(q.u64(q.rb, 1)).toBe(0n);
    q.sys.idle();
    expect(q.fence.GetCompletedValue()).toBe(1n);
    const t0 = q.u64(q.rb, 0);
    const t1 = q.u64(q.rb, 1);
    expect(t1).toBeGreaterThan(t0);
    // the list's 1 ms is split over its 3 commands: the two EndQuery at 1/3 and 2/3 of it
    expect(Number(t1 - t0)).toBe(Math.round(12_000_000 / 1000 / 3));
    expect(t0).toBeGreaterThanOrEqual(BigInt(Math.floor((first * 12_000_000) / 1e9)));
  });
  it('the discrete adapter ticks at 1 GHz (a hard-coded frequency is right on one adapter only)', () => {
    expect(queryWorld({ adapter: 1 }).queue.GetTimestampFrequency().out).toBe(1_000_000_000n);
    expect(queryWorld({ adapter: 2 }).queue.GetTimestampFrequency().out).toBe(10_000_000n); // WARP: the QPC clock
  });
  it('[Q-FREQ-2] GetClockCalibration: GPU ticks and QPC of the same instant; E_FAIL on a COPY queue without copy timestamps', () => {
    const q = queryWorld({ adapter: 0 });
    q.sys.advance(5);
    const cal = q.queue.GetClockCalibration();
    expect(cal.hr).toBe('S_OK');
    expect(Number(cal.out!.CpuTimestamp) / D.QPC_FREQUENCY).toBeCloseTo(q.sys.now / 1e9, 6);
    expect(Number(cal.out!.GpuTimestamp) / 12_000_000).toBeCloseTo(q.sys.now / 1e9, 6);
    const noCopyTs = world({ adapters: [{ ...D.defaultAdapters()[0], copyQueueTimestamps: false }] });
    const copyQ = noCopyTs.dev.CreateCommandQueue({ Type: D.D3D12_COMMAND_LIST_TYPE_COPY }).out!;
    expect(copyQ.GetTimestampFrequency().hr).toBe('E_FAIL');
    expect(copyQ.GetClockCalibration().hr).toBe('E_FAIL');
  });
  it('[Q-FREQ-2] GetClockCalibration without SetStablePowerState raises no message (DirectX-Specs#189: the layer issues none)', () => {
    const q = queryWorld({ adapter: 1 });
    expect(q.queue.GetClockCalibration().hr).toBe('S_OK');
    expect(q.ids()).toEqual([]);
  });
});

describe('[Q-VALUE-1] occlusion and binary occlusion results', () => {
  it('no draw between Begin and End: 0; binary occlusion writes 0/1 in 64 bits', () => {
    const q = queryWorld();
    const o = D.D3D12_QUERY_TYPE_OCCLUSION;
    q.list.BeginQuery({ QueryHeap: q.occ, Type: o, Index: 0 });
    q.list.EndQuery({ QueryHeap: q.occ, Type: o, Index: 0 });
    q.list.ResolveQueryData({
      QueryHeap: q.occ,
      Type: o,
      StartIndex: 0,
      NumQueries: 1,
      DestinationBuffer: q.rb,
      AlignedDestinationBufferOffset: 8,
    });
    q.run();
    q.sys.idle();
    expect(q.ids()).toEqual([]);
    expect(q.u64(q.rb, 1)).toBe(0n);
  });
});

describe('[Q-VALUE-1] a draw inside an occlusion / pipeline-statistics query', () => {
  it('counts the viewport inside the scissor and the target as covered samples (× SampleDesc.Count)', () => {
    const q = queryWorld();
    const rt = q.tex(D.D3D12_RESOURCE_STATE_RENDER_TARGET, {
      Width: 64,
      Height: 32,
      SampleDesc: { Count: 4, Quality: 0 },
      Flags: D.D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET,
    }).out!;
    const rtvHeap = q.dev.CreateDescriptorHeap({ Type: D.D3D12_DESCRIPTOR_HEAP_TYPE_RTV, NumDescriptors: 1 }).out!;
    const rtv = rtvHeap.GetCPUDescriptorHandleForHeapStart();
    q.dev.CreateRenderTargetView({ Resource: rt, DestDescriptor: rtv });
    const stats = q.heap(D.D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS, 1).out!;
    const o = D.D3D12_QUERY_TYPE_OCCLUSION;
    const ps = D.D3D12_QUERY_TYPE_PIPELINE_STATISTICS;
    q.list.OMSetRenderTargets({ NumRenderTargetDescriptors: 1, RenderTargetDescriptors: [rtv] });
    q.list.RSSetViewports({
      NumViewports: 1,
      Viewports: [{ TopLeftX: 0, TopLeftY: 0, Width: 64, Height: 32, MinDepth: 0, MaxDepth: 1 }],
    });
    q.list.RSSetScissorRects({ NumRects: 1, Rects: [{ left: 0, top: 0, right: 10, bottom: 32 }] });
    q.list.IASetPrimitiveTopology({ PrimitiveTopology: D.D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST });
    q.list.BeginQuery({ QueryHeap: q.occ, Type: o, Index: 0 });
    q.list.BeginQuery({ QueryHeap: stats, Type: ps, Index: 0 });
    q.list.DrawInstanced({
      VertexCountPerInstance: 6,
      InstanceCount: 2,
      StartVertexLocation: 0,
      StartInstanceLocation: 0,
    });
    q.list.EndQuery({ QueryHeap: stats, Type: ps, Index: 0 });
    q.list.EndQuery({ QueryHeap: q.occ, Type: o, Index: 0 });
    q.list.ResolveQueryData({
      QueryHeap: q.occ,
      Type: o,
      StartIndex: 0,
      NumQueries: 1,
      DestinationBuffer: q.rb,
      AlignedDestinationBufferOffset: 0,
    });
    q.list.ResolveQueryData({
      QueryHeap: stats,
      Type: ps,
      StartIndex: 0,
      NumQueries: 1,
      DestinationBuffer: q.rb,
      AlignedDestinationBufferOffset: 8,
    });
    q.list.Close();
    q.queue.ExecuteCommandLists({ CommandLists: [q.list] });
    q.sys.idle();
    expect(q.u64(q.rb, 0)).toBe(BigInt(10 * 32 * 4));
    // IAVertices, IAPrimitives, VSInvocations, GS×2, CInvocations, CPrimitives, PSInvocations, HS, DS, CS
    expect([1, 2, 3, 6, 7, 8].map((k) => q.u64(q.rb, k))).toEqual([12n, 4n, 12n, 4n, 4n, BigInt(10 * 32)]);
  });
});

describe('[OBJ-REL-3] a query heap released while GPU work that uses it is in flight', () => {
  it('OBJECT_DELETED_WHILE_STILL_IN_USE naming ID3D12QueryHeap; after the fence, no message', () => {
    const q = queryWorld();
    const o = { QueryHeap: q.occ, Type: D.D3D12_QUERY_TYPE_OCCLUSION, Index: 0 };
    q.list.BeginQuery(o);
    q.list.EndQuery(o);
    q.list.EndQuery({ QueryHeap: q.ts, Type: TS, Index: 0 });
    q.run();
    q.ts.Release();
    expect(q.ids()).toEqual(['OBJECT_DELETED_WHILE_STILL_IN_USE']);
    expect(q.sys.messages[0].args.type).toBe('ID3D12QueryHeap');
    q.sys.idle();
    q.occ.Release();
    expect(q.ids()).toEqual(['OBJECT_DELETED_WHILE_STILL_IN_USE']);
  });
});
