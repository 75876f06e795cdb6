// Rule-named tests for the advanced track's in-flight work: reserved-resource tiles, in-flight descriptor rewrites
// and releases, PIX markers, and what the executor and lessons read from the trace (SPEC.md §6, §7). Split from
// the memory tests (advanced-memory.test.ts).
import { describe, expect, it } from 'vitest';
import * as D from './index';
import { world } from './advanced.world';

describe('tiles, descriptors in flight, markers', () => {
  it('[TILE-2] reading unmapped tiles of a reserved buffer: hazard unmapped-tile-read (zeros on tier 2+), no message; mapped tiles: none', () => {
    const w = world({ adapter: 1 });
    const r = w.dev.CreateReservedResource({
      Desc: w.bufDesc(4 * 65536),
      InitialState: D.D3D12_RESOURCE_STATE_COMMON,
    }).out!;
    const heap = w.dev.CreateHeap({ SizeInBytes: 65536, Properties: { Type: D.D3D12_HEAP_TYPE_DEFAULT } }).out!;
    w.queue.UpdateTileMappings({
      Resource: r,
      NumResourceRegions: 1,
      ResourceRegionStartCoordinates: [{ X: 0 }],
      ResourceRegionSizes: [{ NumTiles: 1 }],
      Heap: heap,
      NumRanges: 1,
      RangeTileCounts: [1],
      HeapRangeStartOffsets: [0],
    });
    const dst = w.dev.CreateCommittedResource({
      HeapProperties: { Type: D.D3D12_HEAP_TYPE_READBACK },
      Desc: w.bufDesc(65536),
      InitialResourceState: D.D3D12_RESOURCE_STATE_COPY_DEST,
    }).out!;
    w.list.CopyBufferRegion({ DstBuffer: dst, DstOffset: 0, SrcBuffer: r, SrcOffset: 0, NumBytes: 1024 }); // tile 0: mapped
    w.list.CopyBufferRegion({ DstBuffer: dst, DstOffset: 0, SrcBuffer: r, SrcOffset: 65536, NumBytes: 1024 }); // tile 1: not
    w.list.Close();
    w.queue.ExecuteCommandLists({ CommandLists: [w.list] });
    const hz = w.sys.trace.events.filter((e) => e.k === 'hazard' && e.kind === 'unmapped-tile-read');
    expect(hz.length).toBe(1);
    expect(hz[0].k === 'hazard' && hz[0].detail.outcome).toBe('zeros');
    expect(w.ids()).toEqual([]);
  });
  it('[DH-FREE-1] CopyDescriptorsSimple into a shader-visible slot the GPU may still read: hazard descriptor-overwritten-in-flight (A6 immediate-free)', () => {
    const w = world({ adapter: 1 });
    const heap = w.dev.CreateDescriptorHeap({
      Type: D.D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
      NumDescriptors: 4,
      Flags: D.D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE,
    }).out!;
    heap.inflightReads[2] = 1; // as if a draw in flight reads slot 2
    const staging = w.dev.CreateDescriptorHeap({
      Type: D.D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
      NumDescriptors: 1,
    }).out!;
    const inc = w.dev.GetDescriptorHandleIncrementSize({
      DescriptorHeapType: D.D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
    });
    w.dev.CopyDescriptorsSimple({
      NumDescriptors: 1,
      DestDescriptorRangeStart: { ptr: heap.cpuBase + 2 * inc },
      SrcDescriptorRangeStart: staging.GetCPUDescriptorHandleForHeapStart(),
      DescriptorHeapsType: D.D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
    });
    expect(w.sys.trace.events.some((e) => e.k === 'hazard' && e.kind === 'descriptor-overwritten-in-flight')).toBe(
      true,
    );
    expect(w.ids()).toEqual([]);
  });
  it('[CL-MARKER-1] BeginEvent / SetMarker / EndEvent: trace marker events and recorded commands; unbalanced: BEGIN_END_EVENT_MISMATCH at Close', () => {
    const w = world();
    w.list.BeginEvent({ Data: 'frame' });
    w.list.SetMarker({ Data: 'here' });
    w.list.EndEvent();
    w.list.BeginEvent({ Data: 'open' });
    expect(w.list.Close()).toBe('S_OK');
    expect(
      w.sys.trace.events.filter((e) => e.k === 'marker').map((e) => e.k === 'marker' && `${e.kind}:${e.name}`),
    ).toEqual(['begin:frame', 'set:here', 'end:', 'begin:open']);
    expect(w.ids()).toEqual(['BEGIN_END_EVENT_MISMATCH']);
  });
  it('[Q-MARKER-1] queue BeginEvent / SetMarker / EndEvent: marker events on the queue id; an EndEvent with nothing open: BEGIN_END_EVENT_MISMATCH', () => {
    const w = world();
    w.queue.BeginEvent({ Data: 'submit frame' });
    w.queue.SetMarker({ Data: 'before ECL' });
    w.queue.EndEvent();
    expect(
      w.sys.trace.events
        .filter((e) => e.k === 'marker')
        .map((e) => e.k === 'marker' && `${e.list}:${e.kind}:${e.name}`),
    ).toEqual([`${w.queue.id}:begin:submit frame`, `${w.queue.id}:set:before ECL`, `${w.queue.id}:end:`]);
    expect(w.ids()).toEqual([]);
    w.queue.EndEvent();
    expect(w.ids()).toEqual(['BEGIN_END_EVENT_MISMATCH']);
  });
  it('[OBJ-REL-3] releasing an allocator, a list or a shader-visible descriptor heap that in-flight work uses: OBJECT_DELETED_WHILE_STILL_IN_USE; after the fence: silent', () => {
    const w = world({ adapter: 1 });
    const heap = w.dev.CreateDescriptorHeap({
      Type: D.D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
      NumDescriptors: 1,
      Flags: D.D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE,
    }).out!;
    heap.inflightReads[0] = 1;
    w.list.Close();
    w.queue.ExecuteCommandLists({ CommandLists: [w.list] });
    w.alloc.Release();
    w.list.Release();
    heap.Release();
    expect(w.ids()).toEqual([
      'OBJECT_DELETED_WHILE_STILL_IN_USE',
      'OBJECT_DELETED_WHILE_STILL_IN_USE',
      'OBJECT_DELETED_WHILE_STILL_IN_USE',
    ]);
    expect(w.sys.messages.map((m) => m.args.type)).toEqual([
      'ID3D12CommandAllocator',
      'ID3D12GraphicsCommandList',
      'ID3D12DescriptorHeap',
    ]);
    const v = world({ adapter: 1 });
    v.list.Close();
    v.queue.ExecuteCommandLists({ CommandLists: [v.list] });
    v.sys.idle();
    v.alloc.Release();
    v.list.Release();
    expect(v.ids()).toEqual([]);
  });
});

describe('what the executor and lessons need from the trace (src/lessons/NEEDS_FROM_CORE.md)', () => {
  it('[COPY-BYTES-1] copies move real bytes at GPU completion: Map before the fence sees the old bytes, after it the new ones', () => {
    const w = world({ adapter: 1 });
    const up = w.dev.CreateCommittedResource({
      HeapProperties: { Type: D.D3D12_HEAP_TYPE_UPLOAD },
      Desc: w.bufDesc(256),
      InitialResourceState: D.D3D12_RESOURCE_STATE_GENERIC_READ,
    }).out!;
    const mid = w.dev.CreateCommittedResource({
      HeapProperties: { Type: D.D3D12_HEAP_TYPE_DEFAULT },
      Desc: w.bufDesc(256),
      InitialResourceState: D.D3D12_RESOURCE_STATE_COMMON,
    }).out!;
    const rb = w.dev.CreateCommittedResource({
      HeapProperties: { Type: D.D3D12_HEAP_TYPE_READBACK },
      Desc: w.bufDesc(256),
      InitialResourceState: D.D3D12_RESOURCE_STATE_COPY_DEST,
    }).out!;
    up.Map({ Subresource: 0, ReadRange: { Begin: 0, End: 0 } }).out!.set([1, 2, 3, 4]);
    w.list.CopyBufferRegion({ DstBuffer: mid, DstOffset: 0, SrcBuffer: up, SrcOffset: 0, NumBytes: 4 });
    w.list.ResourceBarrier({
      Barriers: [
        {
          Type: D.D3D12_RESOURCE_BARRIER_TYPE_TRANSITION,
          Transition: {
            Resource: mid,
            Subresource: 0,
            StateBefore: D.D3D12_RESOURCE_STATE_COPY_DEST,
            StateAfter: D.D3D12_RESOURCE_STATE_COPY_SOURCE,
          },
        },
      ],
    });
    w.list.CopyBufferRegion({ DstBuffer: rb, DstOffset: 8, SrcBuffer: mid, SrcOffset: 0, NumBytes: 4 });
    w.list.Close();
    w.queue.ExecuteCommandLists({ CommandLists: [w.list] });
    expect([...rb.Map({ Subresource: 0, ReadRange: { Begin: 0, End: 16 } }).out!.subarray(8, 12)]).toEqual([
      0, 0, 0, 0,
    ]);
    w.sys.idle();
    expect([...rb.storage().subarray(8, 12)]).toEqual([1, 2, 3, 4]);
  });
  it('[TR-READS-1] with keepGpuReads, the submission keeps the upload bytes the GPU read, not what the CPU wrote later; readback buffers are not kept', () => {
    for (const keep of [true, false]) {
      const w = world({ adapter: 1, keepGpuReads: keep });
      const up = w.dev.CreateCommittedResource({
        HeapProperties: { Type: D.D3D12_HEAP_TYPE_UPLOAD },
        Desc: w.bufDesc(256),
        InitialResourceState: D.D3D12_RESOURCE_STATE_GENERIC_READ,
      }).out!;
      const rb = w.dev.CreateCommittedResource({
        HeapProperties: { Type: D.D3D12_HEAP_TYPE_READBACK },
        Desc: w.bufDesc(256),
        InitialResourceState: D.D3D12_RESOURCE_STATE_COPY_DEST,
      }).out!;
      const p = up.Map({ Subresource: 0, ReadRange: { Begin: 0, End: 0 } }).out!;
      p.set([7, 7, 7, 7]);
      w.list.CopyBufferRegion({ DstBuffer: rb, DstOffset: 0, SrcBuffer: up, SrcOffset: 0, NumBytes: 4 });
      w.list.Close();
      w.queue.ExecuteCommandLists({ CommandLists: [w.list] });
      w.sys.idle();
      p.set([9, 9, 9, 9]); // the CPU rewrites the upload buffer after the GPU ran the copy
      const gpu = w.sys.trace.events.find((e) => e.k === 'gpu');
      if (gpu?.k !== 'gpu') throw new Error('no gpu event');
      const reads = w.sys.submission(gpu.submission)!.reads;
      if (!keep) {
        expect(reads).toBeNull();
        continue;
      }
      expect([...reads!.keys()]).toEqual([up.id]);
      expect([...reads!.get(up.id)!.subarray(0, 4)]).toEqual([7, 7, 7, 7]);
      expect([...rb.storage().subarray(0, 4)]).toEqual([7, 7, 7, 7]);
    }
  });
  it('[TR-SUBMIT-1] submit events (accepted / dropped with a reason), gpu events name a submission that answers with the commands as submitted, present events name the buffer', () => {
    const w = world();
    const f = w.sys.CreateDXGIFactory2({}).out;
    const sc = f.CreateSwapChainForComposition({
      Device: w.queue,
      Desc: {
        Width: 64,
        Height: 64,
        Format: D.DXGI_FORMAT_R8G8B8A8_UNORM,
        SampleDesc: { Count: 1, Quality: 0 },
        BufferCount: 2,
        SwapEffect: D.DXGI_SWAP_EFFECT_FLIP_DISCARD,
        Scaling: D.DXGI_SCALING_STRETCH,
      },
    }).out!;
    w.list.SetMarker({ Data: 'one' });
    w.queue.ExecuteCommandLists({ CommandLists: [w.list] }); // still open: dropped
    w.list.Close();
    w.queue.ExecuteCommandLists({ CommandLists: [w.list] });
    const first = w.list.recordedCommands();
    w.sys.idle();
    w.list.Reset({ Allocator: w.alloc });
    w.list.SetMarker({ Data: 'two' });
    w.list.Close();
    sc.Present({ SyncInterval: 1 });
    const ev = w.sys.trace.events;
    const submits = ev.filter((e) => e.k === 'submit');
    expect(submits.map((e) => e.k === 'submit' && [e.dropped, e.reason])).toEqual([
      [true, 'open-list'],
      [false, null],
    ]);
    const gpu = ev.find((e) => e.k === 'gpu');
    if (gpu?.k !== 'gpu' || submits[1].k !== 'submit') throw new Error('no gpu event');
    expect(submits[1].submission).toBe(gpu.submission);
    expect(w.sys.submission(gpu.submission)!.commands[0]).toBe(first);
    expect(first.map((c) => c.op)).toEqual(['SetMarker']);
    // the events themselves are plain data: they survive a JSON round trip unchanged
    expect(JSON.parse(JSON.stringify([gpu, ...submits]))).toEqual([gpu, ...submits]);
    expect(ev.filter((e) => e.k === 'present').map((e) => e.k === 'present' && e.index)).toEqual([0]);
  });
});
