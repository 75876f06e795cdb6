// Unit tests named after the rule IDs of SPEC.md: behaviour a learner would notice (HRESULTs, messages,
// state history, modelled time), through the public D3D12-shaped API.
import { describe, expect, it } from 'vitest';
import * as D from './index';
import { ALL, T, world } from './rules.world';

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
    expect(
      w.sys.trace.events.some(
        (e) =>
          e.k === 'state' && e.kind === 'promotion' && e.res === t.id && e.after === D.D3D12_RESOURCE_STATE_COPY_DEST,
      ),
    ).toBe(true);
  });
  it('[ST-PROMO-2] a non-simultaneous texture is not promoted to RENDER_TARGET', () => {
    const w = world();
    const t = w.tex(D.D3D12_RESOURCE_STATE_COMMON, { Flags: D.D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET }).out!;
    const heap = w.dev.CreateDescriptorHeap({ Type: D.D3D12_DESCRIPTOR_HEAP_TYPE_RTV, NumDescriptors: 1 }).out!;
    w.dev.CreateRenderTargetView({ Resource: t, DestDescriptor: heap.GetCPUDescriptorHandleForHeapStart() });
    w.list.ClearRenderTargetView({
      RenderTargetView: heap.GetCPUDescriptorHandleForHeapStart(),
      ColorRGBA: [1, 0, 1, 1],
    });
    w.submit();
    // (created without an optimized clear value: the clear also warns, [CLEAR-VAL-1])
    expect(w.ids()).toEqual(['CLEARRENDERTARGETVIEW_MISMATCHINGCLEARVALUE', 'INVALID_SUBRESOURCE_STATE']);
  });
  it('[ST-PROMO-3] after a write promotion (COPY_DEST) a read in the same ECL needs a barrier', () => {
    const w = world();
    const t = w.tex(D.D3D12_RESOURCE_STATE_COMMON).out!;
    const rb = w.buffer(D.D3D12_HEAP_TYPE_READBACK, D.D3D12_RESOURCE_STATE_COPY_DEST).out!;
    w.copyInto(t, w.upload());
    w.list.CopyTextureRegion({
      Dst: {
        Resource: rb,
        Type: D.D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT,
        PlacedFootprint: {
          Offset: 0,
          Footprint: { Format: D.DXGI_FORMAT_R8G8B8A8_UNORM, Width: 64, Height: 64, Depth: 1, RowPitch: 256 },
        },
      },
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
    const rt = { Flags: D.D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET };
    const t = w.tex(D.D3D12_RESOURCE_STATE_COPY_DEST, rt).out!;
    w.barrier(t, D.D3D12_RESOURCE_STATE_RENDER_TARGET, D.D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE);
    expect(w.ids()).toEqual([]);
    w.submit();
    // [BAR-ECL-2] the list still runs and the device stays (real logs: the error repeats every frame)
    expect(w.ids()).toEqual(['RESOURCE_BARRIER_BEFORE_AFTER_MISMATCH']);
    expect(w.dev.GetDeviceRemovedReason()).toBe('S_OK');
    expect(t.state[0]).toBe(D.D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE);
    expect(w.sys.trace.events.some((e) => e.k === 'hazard' && e.kind === 'before-after-mismatch')).toBe(true);
  });
  it('[BAR-BEFORE-1] a texture in COMMON may name a state COMMON promotes to as StateBefore (the barrier page); a non-promotable one is still a mismatch', () => {
    // the false alarm this rule removes: COPY_DEST is promotable for any texture, so COPY_DEST -> PIXEL_SHADER_RESOURCE is correct
    const w = world();
    const t = w.tex(D.D3D12_RESOURCE_STATE_COMMON).out!;
    w.barrier(t, D.D3D12_RESOURCE_STATE_COPY_DEST, D.D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE);
    w.submit();
    expect(w.ids()).toEqual([]);
    expect(t.state[0]).toBe(D.D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE);
    // RENDER_TARGET is not promotable for a (non-simultaneous-access) texture: still caught at ExecuteCommandLists
    const v = world();
    const u = v.tex(D.D3D12_RESOURCE_STATE_COMMON, { Flags: D.D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET }).out!;
    v.barrier(u, D.D3D12_RESOURCE_STATE_RENDER_TARGET, D.D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE);
    v.submit();
    expect(v.ids()).toEqual(['RESOURCE_BARRIER_BEFORE_AFTER_MISMATCH']);
  });
  it('[ST-LIST-1] graphics states on a COPY list: RESOURCE_BARRIER_INVALID_COMMAND_LIST_TYPE', () => {
    const w = world();
    const a = w.dev.CreateCommandAllocator({ type: D.D3D12_COMMAND_LIST_TYPE_COPY }).out!;
    const l = w.dev.CreateCommandList({ type: D.D3D12_COMMAND_LIST_TYPE_COPY, CommandAllocator: a }).out!;
    const t = w.tex(D.D3D12_RESOURCE_STATE_RENDER_TARGET, { Flags: D.D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET }).out!;
    l.ResourceBarrier({
      Barriers: [
        {
          Type: T,
          Transition: {
            Resource: t,
            Subresource: ALL,
            StateBefore: D.D3D12_RESOURCE_STATE_RENDER_TARGET,
            StateAfter: D.D3D12_RESOURCE_STATE_COPY_SOURCE,
          },
        },
      ],
    });
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
      Src: {
        Resource: w.upload(),
        Type: D.D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT,
        PlacedFootprint: {
          Offset: 0,
          Footprint: { Format: D.DXGI_FORMAT_R8G8B8A8_UNORM, Width: 64, Height: 64, Depth: 1, RowPitch: 256 },
        },
      },
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
    const fp = w.dev.GetCopyableFootprints({
      ResourceDesc: {
        Dimension: D.D3D12_RESOURCE_DIMENSION_TEXTURE2D,
        Width: 100,
        Height: 10,
        DepthOrArraySize: 1,
        MipLevels: 2,
        Format: D.DXGI_FORMAT_R8G8B8A8_UNORM,
        SampleDesc: { Count: 1, Quality: 0 },
      },
      FirstSubresource: 0,
      NumSubresources: 2,
      BaseOffset: 0,
    });
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
    const r = w.dev.CreateCommittedResource({
      HeapProperties: { Type: D.D3D12_HEAP_TYPE_UPLOAD },
      Desc: {
        Dimension: D.D3D12_RESOURCE_DIMENSION_TEXTURE2D,
        Width: 4,
        Height: 4,
        DepthOrArraySize: 1,
        MipLevels: 1,
        Format: D.DXGI_FORMAT_R8G8B8A8_UNORM,
        SampleDesc: { Count: 1, Quality: 0 },
      },
      InitialResourceState: D.D3D12_RESOURCE_STATE_GENERIC_READ,
    });
    expect(r.hr).toBe('E_INVALIDARG');
    expect(w.ids()).toEqual(['CREATERESOURCEANDHEAP_INVALIDHEAPPROPERTIES']);
  });
  it('[RES-ALIGN-1] buffers and textures align to 64 KiB, MSAA to 4 MiB; [RES-ALIGN-2] small textures may use 4 KiB', () => {
    const w = world();
    const base = {
      Dimension: D.D3D12_RESOURCE_DIMENSION_TEXTURE2D,
      Width: 16,
      Height: 16,
      DepthOrArraySize: 1,
      MipLevels: 1,
      Format: D.DXGI_FORMAT_R8G8B8A8_UNORM,
      SampleDesc: { Count: 1, Quality: 0 },
    };
    expect(w.dev.GetResourceAllocationInfo({ ResourceDescs: [base] }).Alignment).toBe(65536);
    expect(w.dev.GetResourceAllocationInfo({ ResourceDescs: [{ ...base, Alignment: 4096 }] }).Alignment).toBe(4096);
    expect(
      w.dev.GetResourceAllocationInfo({
        ResourceDescs: [
          {
            ...base,
            Width: 256,
            Height: 256,
            SampleDesc: { Count: 4, Quality: 0 },
            Flags: D.D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET,
          },
        ],
      }).Alignment,
    ).toBe(4194304);
  });
  it('[RES-PLACED-1] a placed resource at an unaligned offset: CREATERESOURCE_INVALIDALIGNMENT', () => {
    const w = world({ adapter: 1 });
    const heap = w.dev.CreateHeap({ SizeInBytes: 1 << 20, Properties: { Type: D.D3D12_HEAP_TYPE_DEFAULT } }).out!;
    const desc = {
      Dimension: D.D3D12_RESOURCE_DIMENSION_BUFFER,
      Width: 1024,
      Height: 1,
      DepthOrArraySize: 1,
      MipLevels: 1,
      SampleDesc: { Count: 1, Quality: 0 },
      Layout: D.D3D12_TEXTURE_LAYOUT_ROW_MAJOR,
    };
    expect(w.dev.CreatePlacedResource({ Heap: heap, HeapOffset: 4096, Desc: desc, InitialState: 0 }).hr).toBe(
      'E_INVALIDARG',
    );
    expect(w.ids()).toEqual(['CREATERESOURCE_INVALIDALIGNMENT']);
    expect(w.dev.CreatePlacedResource({ Heap: heap, HeapOffset: 65536, Desc: desc, InitialState: 0 }).hr).toBe('S_OK');
  });
  it('[HEAP-TIER-1] on Resource Heap Tier 1 a heap needs one category', () => {
    const w = world({ adapter: 0, adapters: [D.tier1Adapter(), ...D.defaultAdapters().slice(1)] });
    expect(w.dev.CreateHeap({ SizeInBytes: 1 << 20, Properties: { Type: D.D3D12_HEAP_TYPE_DEFAULT } }).hr).toBe(
      'E_INVALIDARG',
    );
    expect(w.ids()).toEqual(['CREATEHEAP_INVALIDMISCFLAGS']);
    expect(
      w.dev.CreateHeap({
        SizeInBytes: 1 << 20,
        Properties: { Type: D.D3D12_HEAP_TYPE_DEFAULT },
        Flags: D.D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS,
      }).hr,
    ).toBe('S_OK');
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
    const desc = {
      Dimension: D.D3D12_RESOURCE_DIMENSION_BUFFER,
      Width: 4096,
      Height: 1,
      DepthOrArraySize: 1,
      MipLevels: 1,
      SampleDesc: { Count: 1, Quality: 0 },
      Layout: D.D3D12_TEXTURE_LAYOUT_ROW_MAJOR,
    };
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
