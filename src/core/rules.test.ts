// Unit tests named after the rule IDs of SPEC.md: behaviour a learner would notice (HRESULTs, messages,
// state history, modelled time), through the public D3D12-shaped API.
import { describe, expect, it } from 'vitest';
import * as D from './index';

const T = D.D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
const ALL = D.D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;

function world(opts: { debug?: boolean; gbv?: boolean; adapter?: number; gpuMsPerList?: number; adapters?: D.AdapterFacts[] } = {}) {
  const sys = new D.D3D12System({ settings: { gpuMsPerList: opts.gpuMsPerList ?? 1 }, ...(opts.adapters ? { adapters: opts.adapters } : {}) });
  sys.debugLayerEnabled = opts.debug ?? true;
  sys.gpuBasedValidation = opts.gbv ?? false;
  const factory = sys.CreateDXGIFactory2({}).out;
  const adapter = opts.adapter === undefined ? null : factory.EnumAdapters1({ Adapter: opts.adapter }).out!;
  const dev = sys.D3D12CreateDevice({ Adapter: adapter, MinimumFeatureLevel: D.D3D_FEATURE_LEVEL_11_0 }).out!;
  const queue = dev.CreateCommandQueue({ Type: D.D3D12_COMMAND_LIST_TYPE_DIRECT }).out!;
  const alloc = dev.CreateCommandAllocator({ type: D.D3D12_COMMAND_LIST_TYPE_DIRECT }).out!;
  const list = dev.CreateCommandList({ type: D.D3D12_COMMAND_LIST_TYPE_DIRECT, CommandAllocator: alloc }).out!;
  const fence = dev.CreateFence({ InitialValue: 0 }).out!;
  const ids = () => sys.messages.map((m) => m.id);
  const tex = (state: number, extra: Partial<D.D3D12_RESOURCE_DESC> = {}) => dev.CreateCommittedResource({
    HeapProperties: { Type: D.D3D12_HEAP_TYPE_DEFAULT },
    Desc: { Dimension: D.D3D12_RESOURCE_DIMENSION_TEXTURE2D, Width: 64, Height: 64, DepthOrArraySize: 1, MipLevels: 1, Format: D.DXGI_FORMAT_R8G8B8A8_UNORM, SampleDesc: { Count: 1, Quality: 0 }, ...extra },
    InitialResourceState: state,
  });
  const buffer = (heap: number, state: number, width = 65536) => dev.CreateCommittedResource({
    HeapProperties: { Type: heap },
    Desc: { Dimension: D.D3D12_RESOURCE_DIMENSION_BUFFER, Width: width, Height: 1, DepthOrArraySize: 1, MipLevels: 1, SampleDesc: { Count: 1, Quality: 0 }, Layout: D.D3D12_TEXTURE_LAYOUT_ROW_MAJOR },
    InitialResourceState: state,
  });
  const upload = () => buffer(D.D3D12_HEAP_TYPE_UPLOAD, D.D3D12_RESOURCE_STATE_GENERIC_READ).out!;
  const barrier = (r: D.ID3D12Resource, before: number, after: number, sub = ALL) =>
    list.ResourceBarrier({ NumBarriers: 1, Barriers: [{ Type: T, Transition: { Resource: r, Subresource: sub, StateBefore: before, StateAfter: after } }] });
  const copyInto = (t: D.ID3D12Resource, src: D.ID3D12Resource, rowPitch = 256, offset = 0) => list.CopyTextureRegion({
    Dst: { Resource: t, Type: D.D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX, SubresourceIndex: 0 },
    Src: { Resource: src, Type: D.D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT, PlacedFootprint: { Offset: offset, Footprint: { Format: D.DXGI_FORMAT_R8G8B8A8_UNORM, Width: 64, Height: 64, Depth: 1, RowPitch: rowPitch } } },
  });
  const submit = () => { list.Close(); queue.ExecuteCommandLists({ CommandLists: [list] }); };
  return { sys, dev, queue, alloc, list, fence, ids, tex, buffer, upload, barrier, copyInto, submit };
}

describe('resource states', () => {
  it('[ST-USE-1] a copy into a texture left in PIXEL_SHADER_RESOURCE: INVALID_SUBRESOURCE_STATE at ExecuteCommandLists', () => {
    const w = world();
    const t = w.tex(D.D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE).out!;
    w.copyInto(t, w.upload());
    expect(w.ids()).toEqual([]);
    w.submit();
    expect(w.ids()).toEqual(['INVALID_SUBRESOURCE_STATE']);
  });
  it('[ST-PROMO-1] a COMMON texture is promoted to COPY_DEST: no message, a promotion in the trace', () => {
    const w = world();
    const t = w.tex(D.D3D12_RESOURCE_STATE_COMMON).out!;
    w.copyInto(t, w.upload());
    w.submit();
    expect(w.ids()).toEqual([]);
    expect(w.sys.trace.events.some((e) => e.k === 'state' && e.kind === 'promotion' && e.res === t.id && e.after === D.D3D12_RESOURCE_STATE_COPY_DEST)).toBe(true);
  });
  it('[ST-PROMO-2] a non-simultaneous texture is not promoted to RENDER_TARGET', () => {
    const w = world();
    const t = w.tex(D.D3D12_RESOURCE_STATE_COMMON, { Flags: D.D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET }).out!;
    const heap = w.dev.CreateDescriptorHeap({ Type: D.D3D12_DESCRIPTOR_HEAP_TYPE_RTV, NumDescriptors: 1 }).out!;
    w.dev.CreateRenderTargetView({ Resource: t, DestDescriptor: heap.GetCPUDescriptorHandleForHeapStart() });
    w.list.ClearRenderTargetView({ RenderTargetView: heap.GetCPUDescriptorHandleForHeapStart(), ColorRGBA: [1, 0, 1, 1] });
    w.submit();
    expect(w.ids()).toEqual(['INVALID_SUBRESOURCE_STATE']);
  });
  it('[ST-PROMO-3] after a write promotion (COPY_DEST) a read in the same ECL needs a barrier', () => {
    const w = world();
    const t = w.tex(D.D3D12_RESOURCE_STATE_COMMON).out!;
    const rb = w.buffer(D.D3D12_HEAP_TYPE_READBACK, D.D3D12_RESOURCE_STATE_COPY_DEST).out!;
    w.copyInto(t, w.upload());
    w.list.CopyTextureRegion({
      Dst: { Resource: rb, Type: D.D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT, PlacedFootprint: { Offset: 0, Footprint: { Format: D.DXGI_FORMAT_R8G8B8A8_UNORM, Width: 64, Height: 64, Depth: 1, RowPitch: 256 } } },
      Src: { Resource: t, Type: D.D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX, SubresourceIndex: 0 },
    });
    w.submit();
    expect(w.ids()).toEqual(['INVALID_SUBRESOURCE_STATE']);
  });
  it('[ST-DECAY-1] a buffer decays to COMMON at the end of ExecuteCommandLists; a write-promoted texture does not', () => {
    const w = world();
    const b = w.buffer(D.D3D12_HEAP_TYPE_DEFAULT, D.D3D12_RESOURCE_STATE_COMMON).out!;
    const t = w.tex(D.D3D12_RESOURCE_STATE_COMMON).out!;
    w.list.CopyBufferRegion({ DstBuffer: b, DstOffset: 0, SrcBuffer: w.upload(), SrcOffset: 0, NumBytes: 16 });
    w.copyInto(t, w.upload());
    w.submit();
    expect(b.state[0]).toBe(D.D3D12_RESOURCE_STATE_COMMON);
    expect(t.state[0]).toBe(D.D3D12_RESOURCE_STATE_COPY_DEST);
  });
  it('[ST-HEAP-1] an UPLOAD buffer created in COPY_DEST fails with RESOURCE_BARRIER_INVALID_HEAP; COMMON is accepted', () => {
    const w = world();
    expect(w.buffer(D.D3D12_HEAP_TYPE_UPLOAD, D.D3D12_RESOURCE_STATE_COPY_DEST).hr).toBe('E_INVALIDARG');
    expect(w.ids()).toEqual(['RESOURCE_BARRIER_INVALID_HEAP']);
    expect(w.buffer(D.D3D12_HEAP_TYPE_UPLOAD, D.D3D12_RESOURCE_STATE_COMMON).hr).toBe('S_OK');
    expect(w.buffer(D.D3D12_HEAP_TYPE_READBACK, D.D3D12_RESOURCE_STATE_GENERIC_READ).hr).toBe('E_INVALIDARG');
  });
  it('[ST-INIT-2] a DEFAULT buffer ignores InitialState (CREATERESOURCE_STATE_IGNORED warning) and starts COMMON', () => {
    const w = world();
    const b = w.buffer(D.D3D12_HEAP_TYPE_DEFAULT, D.D3D12_RESOURCE_STATE_COPY_DEST);
    expect(b.hr).toBe('S_OK');
    expect(w.ids()).toEqual(['CREATERESOURCE_STATE_IGNORED']);
    expect(b.out!.state[0]).toBe(0);
  });
  it('[BAR-REC-1] Before == After is RESOURCE_BARRIER_MATCHING_STATES at record; barriers on UPLOAD are INVALID_HEAP', () => {
    const w = world();
    const t = w.tex(D.D3D12_RESOURCE_STATE_COPY_DEST).out!;
    w.barrier(t, D.D3D12_RESOURCE_STATE_COPY_DEST, D.D3D12_RESOURCE_STATE_COPY_DEST);
    w.barrier(w.upload(), D.D3D12_RESOURCE_STATE_GENERIC_READ, D.D3D12_RESOURCE_STATE_COPY_SOURCE);
    expect(w.ids()).toEqual(['RESOURCE_BARRIER_MATCHING_STATES', 'RESOURCE_BARRIER_INVALID_HEAP']);
    expect(w.list.Close()).toBe('S_OK');
  });
  it('[BAR-ECL-1] a wrong StateBefore unknown to the list is caught at ExecuteCommandLists', () => {
    const w = world();
    const t = w.tex(D.D3D12_RESOURCE_STATE_COPY_DEST).out!;
    w.barrier(t, D.D3D12_RESOURCE_STATE_RENDER_TARGET, D.D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE);
    expect(w.ids()).toEqual([]);
    w.submit();
    // [BAR-ECL-2] the list still runs and the device stays (real logs: the error repeats every frame)
    expect(w.ids()).toEqual(['RESOURCE_BARRIER_BEFORE_AFTER_MISMATCH']);
    expect(w.dev.GetDeviceRemovedReason()).toBe('S_OK');
    expect(t.state[0]).toBe(D.D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE);
    expect(w.sys.trace.events.some((e) => e.k === 'hazard' && e.kind === 'before-after-mismatch')).toBe(true);
  });
  it('[ST-LIST-1] graphics states on a COPY list: RESOURCE_BARRIER_INVALID_COMMAND_LIST_TYPE', () => {
    const w = world();
    const a = w.dev.CreateCommandAllocator({ type: D.D3D12_COMMAND_LIST_TYPE_COPY }).out!;
    const l = w.dev.CreateCommandList({ type: D.D3D12_COMMAND_LIST_TYPE_COPY, CommandAllocator: a }).out!;
    const t = w.tex(D.D3D12_RESOURCE_STATE_RENDER_TARGET, { Flags: D.D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET }).out!;
    l.ResourceBarrier({ Barriers: [{ Type: T, Transition: { Resource: t, Subresource: ALL, StateBefore: D.D3D12_RESOURCE_STATE_RENDER_TARGET, StateAfter: D.D3D12_RESOURCE_STATE_COPY_SOURCE } }] });
    expect(w.ids()).toEqual(['RESOURCE_BARRIER_INVALID_COMMAND_LIST_TYPE']);
  });
  it('[ST-XQ-1] a texture created in COPY_DEST then used on a copy queue: RESOURCE_BARRIER_MISMATCHING_COMMAND_LIST_TYPE', () => {
    const w = world();
    const cq = w.dev.CreateCommandQueue({ Type: D.D3D12_COMMAND_LIST_TYPE_COPY }).out!;
    const a = w.dev.CreateCommandAllocator({ type: D.D3D12_COMMAND_LIST_TYPE_COPY }).out!;
    const l = w.dev.CreateCommandList({ type: D.D3D12_COMMAND_LIST_TYPE_COPY, CommandAllocator: a }).out!;
    const t = w.tex(D.D3D12_RESOURCE_STATE_COPY_DEST).out!;
    l.CopyTextureRegion({
      Dst: { Resource: t, Type: D.D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX, SubresourceIndex: 0 },
      Src: { Resource: w.upload(), Type: D.D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT, PlacedFootprint: { Offset: 0, Footprint: { Format: D.DXGI_FORMAT_R8G8B8A8_UNORM, Width: 64, Height: 64, Depth: 1, RowPitch: 256 } } },
    });
    l.Close();
    cq.ExecuteCommandLists({ CommandLists: [l] });
    expect(w.ids()).toContain('RESOURCE_BARRIER_MISMATCHING_COMMAND_LIST_TYPE');
  });
  it('[DBG-ON-1] without the debug layer: no messages, same HRESULTs, and a hazard the executor can show', () => {
    const w = world({ debug: false });
    const t = w.tex(D.D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE).out!;
    w.copyInto(t, w.upload());
    w.submit();
    expect(w.ids()).toEqual([]);
    expect(w.sys.trace.events.some((e) => e.k === 'hazard' && e.kind === 'invalid-state')).toBe(true);
  });
});

describe('copies and footprints', () => {
  it('[COPY-FP-1] GetCopyableFootprints pads RowPitch to 256 and places at 512', () => {
    const w = world();
    const fp = w.dev.GetCopyableFootprints({ ResourceDesc: { Dimension: D.D3D12_RESOURCE_DIMENSION_TEXTURE2D, Width: 100, Height: 10, DepthOrArraySize: 1, MipLevels: 2, Format: D.DXGI_FORMAT_R8G8B8A8_UNORM, SampleDesc: { Count: 1, Quality: 0 } }, FirstSubresource: 0, NumSubresources: 2, BaseOffset: 0 });
    expect(fp.Layouts[0].Footprint.RowPitch).toBe(512);
    expect(fp.RowSizeInBytes[0]).toBe(400);
    expect(fp.Layouts[1].Offset % 512).toBe(0);
    expect(fp.Layouts[1].Offset).toBe(5120);
    expect(fp.TotalBytes).toBe(5120 + 256 * 4 + 200);
  });
  it('[COPY-ALIGN-2] RowPitch not a multiple of 256: COPYTEXTUREREGION_INVALIDSRCROWPITCH and Close fails', () => {
    const w = world();
    w.copyInto(w.tex(D.D3D12_RESOURCE_STATE_COPY_DEST).out!, w.upload(), 260);
    expect(w.ids()).toEqual(['COPYTEXTUREREGION_INVALIDSRCROWPITCH']);
    expect(w.list.Close()).toBe('E_INVALIDARG');
    w.queue.ExecuteCommandLists({ CommandLists: [w.list] });
    expect(w.ids()).toContain('EXECUTECOMMANDLISTS_FAILEDCOMMANDLIST');
    expect(w.dev.GetDeviceRemovedReason()).toBe('DXGI_ERROR_INVALID_CALL');
  });
  it('[COPY-ALIGN-1] footprint Offset not a multiple of 512: COPYTEXTUREREGION_INVALIDSRCOFFSET; OPTIONS13 lifts it', () => {
    const w = world();
    w.copyInto(w.tex(D.D3D12_RESOURCE_STATE_COPY_DEST).out!, w.upload(), 256, 256);
    expect(w.ids()).toEqual(['COPYTEXTUREREGION_INVALIDSRCOFFSET']);
    const sys2 = world();
    sys2.dev.facts.unrestrictedBufferTextureCopyPitch = true;
    sys2.copyInto(sys2.tex(D.D3D12_RESOURCE_STATE_COPY_DEST).out!, sys2.upload(), 260, 256);
    expect(sys2.ids()).toEqual([]);
    sys2.dev.facts.unrestrictedBufferTextureCopyPitch = false;
  });
});

describe('resources and heaps', () => {
  it('[RES-HEAP-1] a texture on an UPLOAD heap: CREATERESOURCEANDHEAP_INVALIDHEAPPROPERTIES, E_INVALIDARG', () => {
    const w = world();
    const r = w.dev.CreateCommittedResource({ HeapProperties: { Type: D.D3D12_HEAP_TYPE_UPLOAD }, Desc: { Dimension: D.D3D12_RESOURCE_DIMENSION_TEXTURE2D, Width: 4, Height: 4, DepthOrArraySize: 1, MipLevels: 1, Format: D.DXGI_FORMAT_R8G8B8A8_UNORM, SampleDesc: { Count: 1, Quality: 0 } }, InitialResourceState: D.D3D12_RESOURCE_STATE_GENERIC_READ });
    expect(r.hr).toBe('E_INVALIDARG');
    expect(w.ids()).toEqual(['CREATERESOURCEANDHEAP_INVALIDHEAPPROPERTIES']);
  });
  it('[RES-ALIGN-1] buffers and textures align to 64 KiB, MSAA to 4 MiB; [RES-ALIGN-2] small textures may use 4 KiB', () => {
    const w = world();
    const base = { Dimension: D.D3D12_RESOURCE_DIMENSION_TEXTURE2D, Width: 16, Height: 16, DepthOrArraySize: 1, MipLevels: 1, Format: D.DXGI_FORMAT_R8G8B8A8_UNORM, SampleDesc: { Count: 1, Quality: 0 } };
    expect(w.dev.GetResourceAllocationInfo({ ResourceDescs: [base] }).Alignment).toBe(65536);
    expect(w.dev.GetResourceAllocationInfo({ ResourceDescs: [{ ...base, Alignment: 4096 }] }).Alignment).toBe(4096);
    expect(w.dev.GetResourceAllocationInfo({ ResourceDescs: [{ ...base, Width: 256, Height: 256, SampleDesc: { Count: 4, Quality: 0 }, Flags: D.D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET }] }).Alignment).toBe(4194304);
  });
  it('[RES-PLACED-1] a placed resource at an unaligned offset: CREATERESOURCE_INVALIDALIGNMENT', () => {
    const w = world({ adapter: 1 });
    const heap = w.dev.CreateHeap({ SizeInBytes: 1 << 20, Properties: { Type: D.D3D12_HEAP_TYPE_DEFAULT } }).out!;
    const desc = { Dimension: D.D3D12_RESOURCE_DIMENSION_BUFFER, Width: 1024, Height: 1, DepthOrArraySize: 1, MipLevels: 1, SampleDesc: { Count: 1, Quality: 0 }, Layout: D.D3D12_TEXTURE_LAYOUT_ROW_MAJOR };
    expect(w.dev.CreatePlacedResource({ Heap: heap, HeapOffset: 4096, Desc: desc, InitialState: 0 }).hr).toBe('E_INVALIDARG');
    expect(w.ids()).toEqual(['CREATERESOURCE_INVALIDALIGNMENT']);
    expect(w.dev.CreatePlacedResource({ Heap: heap, HeapOffset: 65536, Desc: desc, InitialState: 0 }).hr).toBe('S_OK');
  });
  it('[HEAP-TIER-1] on Resource Heap Tier 1 a heap needs one category', () => {
    const w = world({ adapter: 0, adapters: [D.tier1Adapter(), ...D.defaultAdapters().slice(1)] });
    expect(w.dev.CreateHeap({ SizeInBytes: 1 << 20, Properties: { Type: D.D3D12_HEAP_TYPE_DEFAULT } }).hr).toBe('E_INVALIDARG');
    expect(w.ids()).toEqual(['CREATEHEAP_INVALIDMISCFLAGS']);
    expect(w.dev.CreateHeap({ SizeInBytes: 1 << 20, Properties: { Type: D.D3D12_HEAP_TYPE_DEFAULT }, Flags: D.D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS }).hr).toBe('S_OK');
  });
  it('[ADAPTER-5] the default device is Tier 2 with write-combined UPLOAD: a mixed heap is fine, NULL ranges on upload say nothing', () => {
    const w = world({ adapter: 0 });
    expect(w.dev.CreateHeap({ SizeInBytes: 1 << 20, Properties: { Type: D.D3D12_HEAP_TYPE_DEFAULT } }).hr).toBe('S_OK');
    const up = w.upload();
    expect(up.Map({ Subresource: 0, ReadRange: null }).hr).toBe('S_OK');
    up.Unmap({ Subresource: 0, WrittenRange: null });
    expect(w.ids()).toEqual([]);
    const cc = world({ adapter: 0, adapters: [D.cacheCoherentUmaAdapter(), ...D.defaultAdapters().slice(1)] });
    const up2 = cc.upload();
    up2.Map({ Subresource: 0, ReadRange: null });
    up2.Unmap({ Subresource: 0, WrittenRange: null });
    expect(cc.ids()).toEqual(['MAP_INVALID_NULLRANGE', 'UNMAP_INVALID_NULLRANGE']);
  });
  it('[MAP-1] Map on a DEFAULT heap is E_INVALIDARG; Map of an UPLOAD buffer gives real bytes', () => {
    const w = world();
    const b = w.buffer(D.D3D12_HEAP_TYPE_DEFAULT, 0).out!;
    expect(b.Map({ Subresource: 0, ReadRange: null }).hr).toBe('E_INVALIDARG');
    const up = w.upload();
    const m = up.Map({ Subresource: 0, ReadRange: { Begin: 0, End: 0 } });
    expect(m.hr).toBe('S_OK');
    m.out![3] = 42;
    expect(up.storage()[3]).toBe(42);
  });
  it('[ALIAS-1] two placed resources on the same memory used without an ALIASING barrier: a hazard, no message', () => {
    const w = world({ adapter: 1 });
    const heap = w.dev.CreateHeap({ SizeInBytes: 1 << 20, Properties: { Type: D.D3D12_HEAP_TYPE_DEFAULT } }).out!;
    const desc = { Dimension: D.D3D12_RESOURCE_DIMENSION_BUFFER, Width: 4096, Height: 1, DepthOrArraySize: 1, MipLevels: 1, SampleDesc: { Count: 1, Quality: 0 }, Layout: D.D3D12_TEXTURE_LAYOUT_ROW_MAJOR };
    const a = w.dev.CreatePlacedResource({ Heap: heap, HeapOffset: 0, Desc: desc, InitialState: 0 }).out!;
    const b = w.dev.CreatePlacedResource({ Heap: heap, HeapOffset: 0, Desc: desc, InitialState: 0 }).out!;
    const up = w.upload();
    w.list.CopyBufferRegion({ DstBuffer: a, DstOffset: 0, SrcBuffer: up, SrcOffset: 0, NumBytes: 16 });
    w.list.CopyBufferRegion({ DstBuffer: b, DstOffset: 0, SrcBuffer: up, SrcOffset: 0, NumBytes: 16 });
    w.submit();
    expect(w.ids()).toEqual([]);
    expect(w.sys.trace.events.some((e) => e.k === 'hazard' && e.kind === 'aliasing-corruption')).toBe(true);
  });
});

describe('lists, allocators, queues, fences, time', () => {
  it('[CL-ALLOC-2] resetting an allocator a list records into: COMMAND_ALLOCATOR_CANNOT_RESET, E_FAIL', () => {
    const w = world();
    expect(w.alloc.Reset()).toBe('E_FAIL');
    expect(w.ids()).toEqual(['COMMAND_ALLOCATOR_CANNOT_RESET']);
  });
  it('[CL-ALLOC-3] resetting an allocator before the GPU finished: COMMAND_ALLOCATOR_SYNC; after a fence wait: silent', () => {
    const w = world();
    w.submit();
    expect(w.alloc.Reset()).toBe('S_OK');
    expect(w.ids()).toEqual(['COMMAND_ALLOCATOR_SYNC']);
    const v = world();
    v.submit();
    v.queue.Signal({ Fence: v.fence, Value: 1 });
    const ev = v.sys.CreateEvent({});
    v.fence.SetEventOnCompletion({ Value: 1, hEvent: ev });
    expect(v.sys.WaitForSingleObject({ hHandle: ev, dwMilliseconds: D.INFINITE })).toBe('WAIT_OBJECT_0');
    expect(v.alloc.Reset()).toBe('S_OK');
    expect(v.ids()).toEqual([]);
  });
  it('[CL-RESET-1] resetting an open list is COMMAND_LIST_OPEN (E_FAIL); any free allocator of the same type works', () => {
    const w = world();
    expect(w.list.Reset({ CommandAllocator: w.alloc })).toBe('E_FAIL');
    w.list.Close();
    const other = w.dev.CreateCommandAllocator({ type: D.D3D12_COMMAND_LIST_TYPE_DIRECT }).out!;
    expect(w.list.Reset({ CommandAllocator: other })).toBe('S_OK');
    expect(w.ids()).toEqual(['COMMAND_LIST_OPEN']);
  });
  it('[CL-REC-1] recording into a closed list: COMMAND_LIST_CLOSED, the command is dropped', () => {
    const w = world();
    w.list.Close();
    w.list.CopyBufferRegion({ DstBuffer: w.buffer(1, 0).out!, DstOffset: 0, SrcBuffer: w.upload(), SrcOffset: 0, NumBytes: 4 });
    expect(w.ids()).toContain('COMMAND_LIST_CLOSED');
    expect(w.list.recordedCommands().length).toBe(0);
  });
  it('[ECL-2] an open list: EXECUTECOMMANDLISTS_OPENCOMMANDLIST, the call is dropped, the device survives', () => {
    const w = world();
    w.queue.ExecuteCommandLists({ CommandLists: [w.list] });
    expect(w.ids()).toEqual(['EXECUTECOMMANDLISTS_OPENCOMMANDLIST']);
    expect(w.dev.removed).toBe(false);
  });
  it('[TIME-GPU-1] work completes only as modelled GPU time passes', () => {
    const w = world({ gpuMsPerList: 5 });
    w.submit();
    w.queue.Signal({ Fence: w.fence, Value: 1 });
    expect(w.fence.GetCompletedValue()).toBe(0n);
    w.sys.advance(2);
    expect(w.fence.GetCompletedValue()).toBe(0n);
    w.sys.advance(4);
    expect(w.fence.GetCompletedValue()).toBe(1n);
  });
  it('[SYNC-WAIT-1] a wait on a value never signalled times out (no hang); INFINITE reports a deadlock', () => {
    const w = world();
    const ev = w.sys.CreateEvent({});
    w.fence.SetEventOnCompletion({ Value: 5, hEvent: ev });
    const t0 = w.sys.now;
    expect(w.sys.WaitForSingleObject({ hHandle: ev, dwMilliseconds: 100 })).toBe('WAIT_TIMEOUT');
    expect(w.sys.now - t0).toBeGreaterThanOrEqual(100e6);
    expect(w.sys.WaitForSingleObject({ hHandle: ev, dwMilliseconds: D.INFINITE })).toBe('WAIT_TIMEOUT');
    expect(w.sys.trace.events.some((e) => e.k === 'wait' && e.deadlock)).toBe(true);
  });
  it('[FENCE-3] a queue Wait orders work across queues', () => {
    const w = world();
    const q2 = w.dev.CreateCommandQueue({ Type: D.D3D12_COMMAND_LIST_TYPE_DIRECT }).out!;
    const f2 = w.dev.CreateFence({ InitialValue: 0 }).out!;
    q2.Wait({ Fence: w.fence, Value: 1 });
    q2.Signal({ Fence: f2, Value: 7 });
    w.sys.idle();
    expect(f2.GetCompletedValue()).toBe(0n);
    w.fence.Signal({ Value: 1 });
    w.sys.idle();
    expect(f2.GetCompletedValue()).toBe(7n);
  });
  it('[DEV-TDR-1] a list running longer than 2 s: device hung, fences read UINT64_MAX', () => {
    const w = world({ gpuMsPerList: 3000 });
    w.submit();
    w.queue.Signal({ Fence: w.fence, Value: 1 });
    w.sys.idle();
    expect(w.dev.GetDeviceRemovedReason()).toBe('DXGI_ERROR_DEVICE_HUNG');
    expect(w.fence.GetCompletedValue()).toBe(D.UINT64_MAX);
  });
  it('[OBJ-REL-2] releasing a resource in flight: OBJECT_DELETED_WHILE_STILL_IN_USE, then a page fault with DRED output', () => {
    const sys0 = new D.D3D12System();
    const s = sys0.D3D12GetDebugInterface({ riid: 'ID3D12DeviceRemovedExtendedDataSettings' }).out as D.ID3D12DeviceRemovedExtendedDataSettings;
    s.SetAutoBreadcrumbsEnablement({ Enablement: D.D3D12_DRED_ENABLEMENT_FORCED_ON });
    s.SetPageFaultEnablement({ Enablement: D.D3D12_DRED_ENABLEMENT_FORCED_ON });
    sys0.debugLayerEnabled = true;
    const dev = sys0.D3D12CreateDevice({ MinimumFeatureLevel: D.D3D_FEATURE_LEVEL_11_0 }).out!;
    const q = dev.CreateCommandQueue({ Type: 0 }).out!;
    const a = dev.CreateCommandAllocator({ type: 0 }).out!;
    const l = dev.CreateCommandList({ type: 0, CommandAllocator: a }).out!;
    const mk = (heap: number, st: number) => dev.CreateCommittedResource({ HeapProperties: { Type: heap }, Desc: { Dimension: 1, Width: 4096, Height: 1, DepthOrArraySize: 1, MipLevels: 1, SampleDesc: { Count: 1, Quality: 0 }, Layout: 1 }, InitialResourceState: st }).out!;
    const up = mk(D.D3D12_HEAP_TYPE_UPLOAD, D.D3D12_RESOURCE_STATE_GENERIC_READ);
    up.SetName({ Name: 'staging' });
    const dst = mk(D.D3D12_HEAP_TYPE_DEFAULT, 0);
    l.CopyBufferRegion({ DstBuffer: dst, DstOffset: 0, SrcBuffer: up, SrcOffset: 0, NumBytes: 64 });
    l.Close();
    q.ExecuteCommandLists({ CommandLists: [l] });
    up.Release();
    expect(sys0.messages.map((m) => m.id)).toEqual(['OBJECT_DELETED_WHILE_STILL_IN_USE']);
    sys0.idle();
    expect(dev.GetDeviceRemovedReason()).toBe('DXGI_ERROR_DEVICE_HUNG');
    const dred = dev.QueryInterface({ riid: 'ID3D12DeviceRemovedExtendedData' }).out as D.ID3D12DeviceRemovedExtendedData;
    expect(dred.GetPageFaultAllocationOutput().out!.HeadRecentFreedAllocationNode[0].ObjectName).toBe('staging');
    expect(dred.GetAutoBreadcrumbsOutput().out!.HeadAutoBreadcrumbNode[0].CommandHistory).toEqual(['COPYBUFFERREGION']);
  });
  it('[DBG-ON-2] EnableDebugLayer after device creation removes the device', () => {
    const sys = new D.D3D12System();
    const dev = sys.D3D12CreateDevice({ MinimumFeatureLevel: D.D3D_FEATURE_LEVEL_11_0 }).out!;
    (sys.D3D12GetDebugInterface({}).out as D.ID3D12Debug).EnableDebugLayer();
    expect(dev.removed).toBe(true);
    expect(sys.messages).toEqual([]);
  });
  it('[DEV-CREATE-1] a minimum feature level above the adapter: DXGI_ERROR_UNSUPPORTED', () => {
    const sys = new D.D3D12System();
    expect(sys.D3D12CreateDevice({ MinimumFeatureLevel: D.D3D_FEATURE_LEVEL_12_2 }).hr).toBe('DXGI_ERROR_UNSUPPORTED');
    expect(sys.D3D12CreateDevice({ MinimumFeatureLevel: D.D3D_FEATURE_LEVEL_9_1 }).hr).toBe('E_INVALIDARG');
  });
});

describe('descriptors, pipeline, swap chain, trace', () => {
  it('[DH-CREATE-1] an RTV heap with SHADER_VISIBLE is E_INVALIDARG; [DH-GPU-1] its GPU handle is NULL', () => {
    const w = world();
    expect(w.dev.CreateDescriptorHeap({ Type: D.D3D12_DESCRIPTOR_HEAP_TYPE_RTV, NumDescriptors: 2, Flags: 1 }).hr).toBe('E_INVALIDARG');
    const h = w.dev.CreateDescriptorHeap({ Type: D.D3D12_DESCRIPTOR_HEAP_TYPE_RTV, NumDescriptors: 2 }).out!;
    expect(h.GetGPUDescriptorHandleForHeapStart().ptr).toBe(0);
    expect(w.ids()).toEqual(['CREATE_DESCRIPTOR_HEAP_INVALID_DESC', 'DESCRIPTOR_HEAP_NOT_SHADER_VISIBLE']);
  });
  it('[DH-INC-1] a hard-coded increment lands on another slot or on nothing', () => {
    const w = world({ adapter: 1 });
    const h = w.dev.CreateDescriptorHeap({ Type: D.D3D12_DESCRIPTOR_HEAP_TYPE_RTV, NumDescriptors: 4 }).out!;
    const inc = w.dev.GetDescriptorHandleIncrementSize({ DescriptorHeapType: D.D3D12_DESCRIPTOR_HEAP_TYPE_RTV });
    const t = w.tex(0, { Flags: D.D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET }).out!;
    w.dev.CreateRenderTargetView({ Resource: t, DestDescriptor: { ptr: h.cpuBase + inc + 1 } });
    expect(w.ids()).toEqual(['INVALID_DESCRIPTOR_HANDLE']);
  });
  it('[RS-CREATE-1] [ADAPTER-1] a 1.1 root signature on the default adapter (null): S_OK, HighestVersion 1.1', () => {
    const w = world();
    const blob = w.sys.D3D12SerializeVersionedRootSignature({ RootSignature: { Version: D.D3D_ROOT_SIGNATURE_VERSION_1_1, Desc_1_1: { NumParameters: 0, Flags: 1 } } }).out!;
    expect(w.dev.CreateRootSignature({ BlobWithRootSignature: blob }).hr).toBe('S_OK');
    expect(w.dev.CheckFeatureSupport({ Feature: D.D3D12_FEATURE_ROOT_SIGNATURE, FeatureSupportData: { HighestVersion: D.D3D_ROOT_SIGNATURE_VERSION_1_1 } }).out!.HighestVersion).toBe(D.D3D_ROOT_SIGNATURE_VERSION_1_1);
    expect(w.ids()).toEqual([]);
  });
  it('[RS-CREATE-1] [ADAPTER-4] a 1.1 root signature on a pre-WDDM 2.1 driver (1.0 only): CREATE_ROOT_SIGNATURE_NOT_SUPPORTED_ON_DEVICE', () => {
    const w = world({ adapter: 0, adapters: [D.legacyDriverAdapter(), ...D.defaultAdapters().slice(1)] });
    const blob = w.sys.D3D12SerializeVersionedRootSignature({ RootSignature: { Version: D.D3D_ROOT_SIGNATURE_VERSION_1_1, Desc_1_1: { NumParameters: 0, Flags: 1 } } }).out!;
    expect(w.dev.CreateRootSignature({ BlobWithRootSignature: blob }).hr).toBe('E_INVALIDARG');
    expect(w.ids()).toEqual(['CREATE_ROOT_SIGNATURE_NOT_SUPPORTED_ON_DEVICE']);
    expect(w.sys.D3D12SerializeRootSignature({ RootSignature: {}, Version: D.D3D_ROOT_SIGNATURE_VERSION_1_1 }).hr).toBe('E_INVALIDARG');
  });
  it('[PSO-3] a VS input the layout does not provide: CREATEINPUTLAYOUT_MISSINGELEMENT', () => {
    const w = world({ adapter: 1 });
    const blob = w.sys.D3D12SerializeRootSignature({ RootSignature: { Flags: D.D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT }, Version: 1 }).out!;
    const rs = w.dev.CreateRootSignature({ BlobWithRootSignature: blob }).out!;
    const desc = (sem: string) => ({
      RootSignature: rs, VS: { BytecodeLength: 100, Reflection: { Inputs: [{ SemanticName: 'POSITION' }, { SemanticName: 'COLOR' }] } }, PS: { BytecodeLength: 100 },
      InputLayout: { NumElements: 2, InputElementDescs: [{ SemanticName: 'POSITION', Format: D.DXGI_FORMAT_R32G32B32_FLOAT }, { SemanticName: sem, Format: D.DXGI_FORMAT_R32G32B32A32_FLOAT, AlignedByteOffset: 12 }] },
      PrimitiveTopologyType: D.D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE, NumRenderTargets: 1, RTVFormats: [D.DXGI_FORMAT_R8G8B8A8_UNORM], SampleDesc: { Count: 1 },
    });
    expect(w.dev.CreateGraphicsPipelineState({ Desc: desc('COLOUR') }).hr).toBe('E_INVALIDARG');
    expect(w.ids()).toEqual(['CREATEINPUTLAYOUT_MISSINGELEMENT']);
    expect(w.dev.CreateGraphicsPipelineState({ Desc: desc('COLOR') }).hr).toBe('S_OK');
  });
  it('[SC-PRESENT-1] presenting a back buffer in RENDER_TARGET: INVALID_SUBRESOURCE_STATE at Present; [SC-RESIZE-1] resize with references fails', () => {
    const w = world();
    const f = w.sys.CreateDXGIFactory2({}).out;
    const sc = f.CreateSwapChainForComposition({ Device: w.queue, Desc: { Width: 64, Height: 64, Format: D.DXGI_FORMAT_R8G8B8A8_UNORM, SampleDesc: { Count: 1, Quality: 0 }, BufferCount: 2, SwapEffect: D.DXGI_SWAP_EFFECT_FLIP_DISCARD, Scaling: D.DXGI_SCALING_STRETCH } }).out!;
    const bb = sc.GetBuffer({ Buffer: 0 }).out!;
    w.barrier(bb, D.D3D12_RESOURCE_STATE_PRESENT, D.D3D12_RESOURCE_STATE_RENDER_TARGET);
    w.submit();
    expect(sc.Present({ SyncInterval: 1 })).toBe('S_OK');
    expect(w.ids()).toEqual(['INVALID_SUBRESOURCE_STATE']);
    expect(sc.GetCurrentBackBufferIndex()).toBe(1);
    w.sys.idle();
    expect(sc.ResizeBuffers({ BufferCount: 2, Width: 128, Height: 128, NewFormat: 0 })).toBe('DXGI_ERROR_INVALID_CALL');
    bb.Release();
    expect(sc.ResizeBuffers({ BufferCount: 2, Width: 128, Height: 128, NewFormat: 0 })).toBe('S_OK');
    expect(sc.GetCurrentBackBufferIndex()).toBe(0);
  });
  it('[TR-SNAP-1] the state at any call index is rebuilt from the trace', () => {
    const w = world();
    const t = w.tex(D.D3D12_RESOURCE_STATE_COPY_DEST).out!;
    w.barrier(t, D.D3D12_RESOURCE_STATE_COPY_DEST, D.D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE);
    w.list.Close();
    const before = w.sys.callIndex;
    w.queue.ExecuteCommandLists({ CommandLists: [w.list] });
    const ix = D.indexTrace(w.sys.trace);
    expect(D.stateAt(ix, before).resourceStates.get(t.id)![0]).toBe(D.D3D12_RESOURCE_STATE_COPY_DEST);
    expect(D.stateAt(ix, w.sys.callIndex).resourceStates.get(t.id)![0]).toBe(D.D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE);
    const chrome = D.toChromeTrace(w.sys.trace);
    expect(chrome.traceEvents.length).toBeGreaterThan(5);
  });
  it('[ENUM-1] names parse and print: GENERIC_READ prints as its bits', () => {
    expect(D.parseEnum('D3D12_RESOURCE_STATES', 'D3D12_RESOURCE_STATE_GENERIC_READ')).toBe(0xac3);
    expect(D.parseEnum('D3D12_RESOURCE_STATES', ['D3D12_RESOURCE_STATE_COPY_DEST', 'D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE'])).toBe(0x480);
    expect(D.enumName('D3D12_RESOURCE_STATES', 0x480)).toBe('D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE|D3D12_RESOURCE_STATE_COPY_DEST');
    expect(D.enumName('D3D12_RESOURCE_STATES', 0)).toBe('D3D12_RESOURCE_STATE_COMMON');
    expect(D.enumName('DXGI_FORMAT', 28)).toBe('DXGI_FORMAT_R8G8B8A8_UNORM');
  });
});
