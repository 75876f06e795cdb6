// Rule-named tests for the advanced-track memory API: CPU access to CUSTOM heaps (WriteToSubresource /
// ReadFromSubresource), residency and the memory budget (SPEC.md §4, §6). Split from the in-flight/trace tests.
import { describe, expect, it } from 'vitest';
import * as D from './index';
import { world } from './advanced.world';

describe('CPU access to CUSTOM heaps', () => {
  it('[CPU-ACCESS-1] WriteToSubresource / ReadFromSubresource round-trip a box of a mapped COMMON texture on a CUSTOM heap', () => {
    const w = world();
    const t = w.dev.CreateCommittedResource({
      HeapProperties: w.custom,
      Desc: w.texDesc,
      InitialResourceState: D.D3D12_RESOURCE_STATE_COMMON,
    }).out!;
    expect(t.Map({ Subresource: 1, Data: null }).hr).toBe('S_OK');
    const src = Uint8Array.from({ length: 2 * 2 * 4 }, (_, k) => k + 1);
    expect(
      t.WriteToSubresource({
        DstSubresource: 1,
        DstBox: { left: 1, top: 1, front: 0, right: 3, bottom: 3, back: 1 },
        SrcData: src,
        SrcRowPitch: 8,
        SrcDepthPitch: 16,
      }),
    ).toBe('S_OK');
    const r = t.ReadFromSubresource({
      DstRowPitch: 8,
      DstDepthPitch: 16,
      SrcSubresource: 1,
      SrcBox: { left: 1, top: 1, front: 0, right: 3, bottom: 3, back: 1 },
    });
    expect(r.hr).toBe('S_OK');
    expect([...r.out!]).toEqual([...src]);
    expect(w.ids()).toEqual([]);
    expect(w.sys.trace.events.filter((e) => e.k === 'cpu-access').map((e) => e.k === 'cpu-access' && e.write)).toEqual([
      true,
      false,
    ]);
  });
  it('[CPU-ACCESS-1] not on UPLOAD/DEFAULT, not unmapped, not past the box; an empty box is a no-op warning', () => {
    const w = world();
    const up = w.dev.CreateCommittedResource({
      HeapProperties: { Type: D.D3D12_HEAP_TYPE_UPLOAD },
      Desc: w.bufDesc(256),
      InitialResourceState: D.D3D12_RESOURCE_STATE_GENERIC_READ,
    }).out!;
    up.Map({ Subresource: 0, ReadRange: { Begin: 0, End: 0 } });
    expect(up.WriteToSubresource({ DstSubresource: 0, SrcData: [1, 2], SrcRowPitch: 0, SrcDepthPitch: 0 })).toBe(
      'E_INVALIDARG',
    );
    const t = w.dev.CreateCommittedResource({
      HeapProperties: w.custom,
      Desc: w.texDesc,
      InitialResourceState: D.D3D12_RESOURCE_STATE_COMMON,
    }).out!;
    expect(t.WriteToSubresource({ DstSubresource: 0, SrcRowPitch: 64, SrcDepthPitch: 512 })).toBe('E_INVALIDARG'); // not mapped
    t.Map({ Subresource: 0, Data: null });
    expect(t.WriteToSubresource({ DstSubresource: 2, SrcRowPitch: 64, SrcDepthPitch: 512 })).toBe('E_INVALIDARG');
    expect(
      t.WriteToSubresource({
        DstSubresource: 0,
        DstBox: { left: 0, top: 0, front: 0, right: 17, bottom: 1, back: 1 },
        SrcRowPitch: 68,
        SrcDepthPitch: 68,
      }),
    ).toBe('E_INVALIDARG');
    expect(
      t.WriteToSubresource({
        DstSubresource: 0,
        DstBox: { left: 2, top: 0, front: 0, right: 2, bottom: 1, back: 1 },
        SrcRowPitch: 0,
        SrcDepthPitch: 0,
      }),
    ).toBe('S_OK');
    expect(w.ids()).toEqual([
      'WRITETOSUBRESOURCE_INVALIDHEAP',
      'WRITETOSUBRESOURCE_INVALIDRESOURCE',
      'WRITETOSUBRESOURCE_INVALIDSUBRESOURCE',
      'WRITETOSUBRESOURCE_INVALIDBOX',
      'WRITETOSUBRESOURCE_EMPTYBOX',
    ]);
  });
  it('[CPU-ACCESS-1] a texture not in COMMON: written anyway, hazard cpu-access-not-common', () => {
    const w = world();
    const t = w.dev.CreateCommittedResource({
      HeapProperties: w.custom,
      Desc: w.texDesc,
      InitialResourceState: D.D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE,
    }).out!;
    t.Map({ Subresource: 0, Data: null });
    expect(t.WriteToSubresource({ DstSubresource: 0, SrcRowPitch: 64, SrcDepthPitch: 512 })).toBe('S_OK');
    expect(w.sys.trace.events.some((e) => e.k === 'hazard' && e.kind === 'cpu-access-not-common')).toBe(true);
  });
});

describe('residency and the memory budget', () => {
  it('[MEM-BUDGET-2] [MEM-RES-1] CurrentUsage follows creation, eviction, MakeResident and release (discrete: LOCAL vs NON_LOCAL)', () => {
    const w = world({ adapter: 1 });
    const base = w.mem(0).CurrentUsage;
    const baseNL = w.mem(1).CurrentUsage;
    const heap = w.dev.CreateHeap({ SizeInBytes: 1 << 20, Properties: { Type: D.D3D12_HEAP_TYPE_DEFAULT } }).out!;
    const up = w.dev.CreateCommittedResource({
      HeapProperties: { Type: D.D3D12_HEAP_TYPE_UPLOAD },
      Desc: w.bufDesc(65536),
      InitialResourceState: D.D3D12_RESOURCE_STATE_GENERIC_READ,
    }).out!;
    expect(w.mem(0).CurrentUsage - base).toBe(1 << 20);
    expect(w.mem(1).CurrentUsage - baseNL).toBe(65536);
    expect(w.mem(0).Budget).toBe(Math.floor(8 * 1024 ** 3 * 0.9));
    expect(w.dev.Evict({ NumObjects: 1, Objects: [heap] })).toBe('S_OK');
    expect(w.mem(0).CurrentUsage).toBe(base);
    expect(w.dev.MakeResident({ NumObjects: 1, Objects: [heap] })).toBe('S_OK');
    expect(w.mem(0).CurrentUsage - base).toBe(1 << 20);
    // residency is reference counted: MakeResident twice needs Evict twice
    w.dev.MakeResident({ Objects: [heap] });
    w.dev.Evict({ Objects: [heap] });
    expect(w.mem(0).CurrentUsage - base).toBe(1 << 20);
    w.dev.Evict({ Objects: [heap] });
    expect(w.mem(0).CurrentUsage).toBe(base);
    heap.Release();
    up.Release();
    expect(w.mem(1).CurrentUsage).toBe(baseNL);
    expect(w.sys.trace.events.filter((e) => e.k === 'residency').length).toBe(5);
    expect(w.ids()).toEqual([]);
  });
  it('[MEM-RES-1] UMA: everything counts against the LOCAL group; NON_LOCAL has no budget', () => {
    const w = world({ adapter: 0 });
    const b0 = w.mem(0).CurrentUsage;
    w.dev.CreateCommittedResource({
      HeapProperties: { Type: D.D3D12_HEAP_TYPE_UPLOAD },
      Desc: w.bufDesc(65536),
      InitialResourceState: D.D3D12_RESOURCE_STATE_GENERIC_READ,
    });
    expect(w.mem(0).CurrentUsage - b0).toBe(65536);
    expect(w.mem(1)).toEqual({ Budget: 0, CurrentUsage: 0, AvailableForReservation: 0, CurrentReservation: 0 });
    expect(w.adapter.QueryVideoMemoryInfo({ MemorySegmentGroup: 2 }).hr).toBe('E_INVALIDARG');
  });
  it('[MEM-RES-3] CREATE_NOT_RESIDENT heaps start evicted; MakeResident/Evict with no objects: *_NULLOBJECTARRAY', () => {
    const w = world({ adapter: 1 });
    const base = w.mem(0).CurrentUsage;
    const heap = w.dev.CreateHeap({
      SizeInBytes: 65536,
      Properties: { Type: D.D3D12_HEAP_TYPE_DEFAULT },
      Flags: D.D3D12_HEAP_FLAG_CREATE_NOT_RESIDENT,
    }).out!;
    expect(w.mem(0).CurrentUsage).toBe(base);
    w.dev.MakeResident({ Objects: [heap] });
    expect(w.mem(0).CurrentUsage - base).toBe(65536);
    expect(w.dev.MakeResident({ NumObjects: 0, Objects: null })).toBe('E_INVALIDARG');
    expect(w.dev.Evict({ NumObjects: 0, Objects: null })).toBe('E_INVALIDARG');
    expect(w.ids()).toEqual(['MAKERESIDENT_NULLOBJECTARRAY', 'EVICT_NULLOBJECTARRAY']);
  });
  it('[MEM-RES-2] evicting what the GPU uses: OBJECT_EVICTED_WHILE_STILL_IN_USE, then a page fault removes the device', () => {
    const w = world({ adapter: 1 });
    const a = w.dev.CreateCommittedResource({
      HeapProperties: { Type: D.D3D12_HEAP_TYPE_DEFAULT },
      Desc: w.bufDesc(65536),
      InitialResourceState: D.D3D12_RESOURCE_STATE_COMMON,
    }).out!;
    const b = w.dev.CreateCommittedResource({
      HeapProperties: { Type: D.D3D12_HEAP_TYPE_DEFAULT },
      Desc: w.bufDesc(65536),
      InitialResourceState: D.D3D12_RESOURCE_STATE_COMMON,
    }).out!;
    w.list.CopyBufferRegion({ DstBuffer: a, DstOffset: 0, SrcBuffer: b, SrcOffset: 0, NumBytes: 256 });
    w.list.Close();
    w.queue.ExecuteCommandLists({ CommandLists: [w.list] });
    w.dev.Evict({ Objects: [b] });
    w.sys.idle();
    expect(w.ids()).toEqual(['OBJECT_EVICTED_WHILE_STILL_IN_USE', 'DEVICE_REMOVAL_PROCESS_AT_FAULT']);
    expect(w.dev.GetDeviceRemovedReason()).toBe('DXGI_ERROR_DEVICE_HUNG');
  });
  it('[MEM-RES-4] EnqueueMakeResident makes the objects resident and signals the fence', () => {
    const w = world({ adapter: 1 });
    const heap = w.dev.CreateHeap({
      SizeInBytes: 65536,
      Properties: { Type: D.D3D12_HEAP_TYPE_DEFAULT },
      Flags: D.D3D12_HEAP_FLAG_CREATE_NOT_RESIDENT,
    }).out!;
    const f = w.dev.CreateFence({ InitialValue: 0 }).out!;
    expect(w.dev.EnqueueMakeResident({ Objects: [heap], FenceToSignal: f, FenceValueToSignal: 3 })).toBe('S_OK');
    expect(f.GetCompletedValue()).toBe(3n);
    expect(
      w.dev.memory.isResident(
        w.dev.CreatePlacedResource({ Heap: heap, HeapOffset: 0, Desc: w.bufDesc(256), InitialState: 0 }).out!,
      ),
    ).toBe(true);
  });
  it('[HEAP-LIFE-1] a released heap keeps its memory while placed resources live; freed with the last one', () => {
    const w = world({ adapter: 1 });
    const base = w.mem(0).CurrentUsage;
    const heap = w.dev.CreateHeap({ SizeInBytes: 65536, Properties: { Type: D.D3D12_HEAP_TYPE_DEFAULT } }).out!;
    const p = w.dev.CreatePlacedResource({ Heap: heap, HeapOffset: 0, Desc: w.bufDesc(256), InitialState: 0 }).out!;
    heap.Release();
    expect(w.mem(0).CurrentUsage - base).toBe(65536);
    p.Release();
    expect(w.mem(0).CurrentUsage).toBe(base);
  });
});
