// Issue 9 §2 rule families: creation-time validation, clear values, depth-stencil planes, queue-side fence
// warnings, descriptor-table heap types, CopyDescriptors. Each test is named after its SPEC.md rule and says where
// the expected result comes from.
import { describe, expect, it } from 'vitest';
import * as D from './index';
import { world } from './rules.world';

const RT = D.D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET;
const DS = D.D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL;
const depthDesc = (format = D.DXGI_FORMAT_D24_UNORM_S8_UINT) => ({
  Dimension: D.D3D12_RESOURCE_DIMENSION_TEXTURE2D,
  Width: 64,
  Height: 64,
  DepthOrArraySize: 1,
  MipLevels: 1,
  Format: format,
  SampleDesc: { Count: 1, Quality: 0 },
  Flags: DS,
});

describe('creation-time validation (vkd3d-proton test_create_committed_resource asserts native HRESULTs)', () => {
  it('[RES-STATE-1] a write state combined with a read state at creation is E_INVALIDARG', () => {
    const w = world();
    const r = w.tex(D.D3D12_RESOURCE_STATE_RENDER_TARGET | D.D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, {
      Flags: RT,
    });
    expect(r.hr).toBe('E_INVALIDARG');
    expect(r.out).toBeUndefined();
    expect(w.ids()).toEqual(['RESOURCE_BARRIER_INVALID_COMBINATION']);
  });
  it('[RES-STATE-1] RENDER_TARGET needs ALLOW_RENDER_TARGET; with the flag it is fine (no false alarm)', () => {
    const w = world();
    expect(w.tex(D.D3D12_RESOURCE_STATE_RENDER_TARGET).hr).toBe('E_INVALIDARG');
    expect(w.ids()).toEqual(['RESOURCE_BARRIER_MISSING_BIND_FLAGS']);
    const v = world();
    expect(v.tex(D.D3D12_RESOURCE_STATE_RENDER_TARGET, { Flags: RT }).hr).toBe('S_OK');
    expect(v.tex(D.D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE | D.D3D12_RESOURCE_STATE_COPY_SOURCE).hr).toBe('S_OK');
    expect(v.ids()).toEqual([]);
  });
  it('[RES-STATE-1] DEPTH_WRITE needs ALLOW_DEPTH_STENCIL, UNORDERED_ACCESS needs ALLOW_UNORDERED_ACCESS; DENY_SHADER_RESOURCE refuses PSR', () => {
    const w = world();
    const mk = (state: number, desc: Partial<D.D3D12_RESOURCE_DESC>) =>
      w.dev.CreateCommittedResource({
        HeapProperties: { Type: D.D3D12_HEAP_TYPE_DEFAULT },
        Desc: desc,
        InitialResourceState: state,
      }).hr;
    expect(mk(D.D3D12_RESOURCE_STATE_DEPTH_WRITE, depthDesc())).toBe('S_OK');
    expect(mk(D.D3D12_RESOURCE_STATE_DEPTH_READ | D.D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, depthDesc())).toBe(
      'S_OK',
    );
    expect(w.ids()).toEqual([]);
    expect(w.tex(D.D3D12_RESOURCE_STATE_UNORDERED_ACCESS).hr).toBe('E_INVALIDARG');
    expect(
      w.tex(D.D3D12_RESOURCE_STATE_UNORDERED_ACCESS, { Flags: D.D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS }).hr,
    ).toBe('S_OK');
    expect(
      mk(D.D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, {
        ...depthDesc(),
        Flags: DS | D.D3D12_RESOURCE_FLAG_DENY_SHADER_RESOURCE,
      }),
    ).toBe('E_INVALIDARG');
    expect(w.ids()).toEqual(['RESOURCE_BARRIER_MISSING_BIND_FLAGS', 'RESOURCE_BARRIER_MISSING_BIND_FLAGS']);
  });
  it('[RES-STATE-1] the same rule on CreatePlacedResource; a DEFAULT buffer still ignores its state ([ST-INIT-2])', () => {
    const w = world();
    const heap = w.dev.CreateHeap({ SizeInBytes: 1 << 20, Properties: { Type: D.D3D12_HEAP_TYPE_DEFAULT } }).out!;
    const placed = (state: number, flags: number) =>
      w.dev.CreatePlacedResource({
        Heap: heap,
        HeapOffset: 0,
        Desc: {
          Dimension: D.D3D12_RESOURCE_DIMENSION_TEXTURE2D,
          Width: 64,
          Height: 64,
          DepthOrArraySize: 1,
          MipLevels: 1,
          Format: D.DXGI_FORMAT_R8G8B8A8_UNORM,
          SampleDesc: { Count: 1, Quality: 0 },
          Flags: flags,
        },
        InitialState: state,
      }).hr;
    expect(placed(D.D3D12_RESOURCE_STATE_RENDER_TARGET, 0)).toBe('E_INVALIDARG');
    expect(placed(D.D3D12_RESOURCE_STATE_RENDER_TARGET, RT)).toBe('S_OK');
    expect(w.buffer(D.D3D12_HEAP_TYPE_DEFAULT, D.D3D12_RESOURCE_STATE_RENDER_TARGET).hr).toBe('S_OK');
    expect(w.ids()).toEqual(['RESOURCE_BARRIER_MISSING_BIND_FLAGS', 'CREATERESOURCE_STATE_IGNORED']);
  });
  it('[RES-CLEAR-1] a buffer with an optimized clear value is E_INVALIDARG ("must set pOptimizedClearValue to nullptr")', () => {
    const w = world();
    const r = w.dev.CreateCommittedResource({
      HeapProperties: { Type: D.D3D12_HEAP_TYPE_UPLOAD },
      Desc: {
        Dimension: D.D3D12_RESOURCE_DIMENSION_BUFFER,
        Width: 256,
        Height: 1,
        DepthOrArraySize: 1,
        MipLevels: 1,
        SampleDesc: { Count: 1, Quality: 0 },
        Layout: D.D3D12_TEXTURE_LAYOUT_ROW_MAJOR,
      },
      InitialResourceState: D.D3D12_RESOURCE_STATE_GENERIC_READ,
      OptimizedClearValue: { Format: D.DXGI_FORMAT_R8G8B8A8_UNORM, Color: [1, 0, 0, 1] },
    });
    expect(r.hr).toBe('E_INVALIDARG');
    expect(w.ids()).toEqual(['CREATERESOURCE_INVALIDCLEARVALUE']);
  });
  it('[RES-DESC-1] a block-compressed TEXTURE1D is E_INVALIDARG; a BC1 2D texture with an unaligned mip 0 is fine (Agility 606)', () => {
    const w = world();
    const bc = (Dimension: number, Width: number, Height: number) =>
      w.tex(D.D3D12_RESOURCE_STATE_COMMON, { Dimension, Width, Height, Format: D.DXGI_FORMAT_BC1_UNORM }).hr;
    expect(bc(D.D3D12_RESOURCE_DIMENSION_TEXTURE1D, 32, 1)).toBe('E_INVALIDARG');
    expect(bc(D.D3D12_RESOURCE_DIMENSION_TEXTURE2D, 32, 31)).toBe('S_OK');
  });
  it('[RES-STATE-1] a barrier to a state the flags do not allow: RESOURCE_BARRIER_MISSING_BIND_FLAGS at record', () => {
    const w = world();
    const t = w.tex(D.D3D12_RESOURCE_STATE_COPY_DEST).out!;
    w.barrier(t, D.D3D12_RESOURCE_STATE_COPY_DEST, D.D3D12_RESOURCE_STATE_RENDER_TARGET);
    expect(w.ids()).toEqual(['RESOURCE_BARRIER_MISSING_BIND_FLAGS']);
    const v = world();
    const u = v.tex(D.D3D12_RESOURCE_STATE_COPY_DEST, { Flags: RT }).out!;
    v.barrier(u, D.D3D12_RESOURCE_STATE_COPY_DEST, D.D3D12_RESOURCE_STATE_RENDER_TARGET);
    expect(v.ids()).toEqual([]);
  });
});

describe('[CLEAR-VAL-1] optimized clear values (V-LOG d3d12book#10, Kode/Kore#432, NRI#141, OpenXR-Tutorials#143)', () => {
  const rtWorld = (clear: unknown) => {
    const w = world();
    const t = w.dev.CreateCommittedResource({
      HeapProperties: { Type: D.D3D12_HEAP_TYPE_DEFAULT },
      Desc: {
        Dimension: D.D3D12_RESOURCE_DIMENSION_TEXTURE2D,
        Width: 64,
        Height: 64,
        DepthOrArraySize: 1,
        MipLevels: 1,
        Format: D.DXGI_FORMAT_R8G8B8A8_UNORM,
        SampleDesc: { Count: 1, Quality: 0 },
        Flags: RT,
      },
      InitialResourceState: D.D3D12_RESOURCE_STATE_RENDER_TARGET,
      OptimizedClearValue: clear,
    }).out!;
    const heap = w.dev.CreateDescriptorHeap({ Type: D.D3D12_DESCRIPTOR_HEAP_TYPE_RTV, NumDescriptors: 1 }).out!;
    const rtv = heap.GetCPUDescriptorHandleForHeapStart();
    w.dev.CreateRenderTargetView({ Resource: t, DestDescriptor: rtv });
    return { w, rtv };
  };
  it('a render target created without a clear value warns when cleared ("did not pass any clear value")', () => {
    const { w, rtv } = rtWorld(null);
    w.list.ClearRenderTargetView({ RenderTargetView: rtv, ColorRGBA: [0, 0, 0, 1] });
    expect(w.sys.messages.map((m) => [m.id, m.severity, m.args.reason])).toEqual([
      ['CLEARRENDERTARGETVIEW_MISMATCHINGCLEARVALUE', 'WARNING', 'none'],
    ]);
  });
  it('the matching colour is silent; another colour warns ("do not match")', () => {
    const { w, rtv } = rtWorld({ Format: D.DXGI_FORMAT_R8G8B8A8_UNORM, Color: [0, 0.2, 0.4, 1] });
    w.list.ClearRenderTargetView({ RenderTargetView: rtv, ColorRGBA: [0, 0.2, 0.4, 1] });
    expect(w.ids()).toEqual([]);
    w.list.ClearRenderTargetView({ RenderTargetView: rtv, ColorRGBA: [1, 0, 0, 1] });
    expect(w.sys.messages.map((m) => m.args.reason)).toEqual(['differs']);
  });
  it('a reserved render target keeps the clear value it was created with (no false alarm)', () => {
    const w = world();
    const t = w.dev.CreateReservedResource({
      Desc: {
        Dimension: D.D3D12_RESOURCE_DIMENSION_TEXTURE2D,
        Width: 64,
        Height: 64,
        DepthOrArraySize: 1,
        MipLevels: 1,
        Format: D.DXGI_FORMAT_R8G8B8A8_UNORM,
        SampleDesc: { Count: 1, Quality: 0 },
        Layout: D.D3D12_TEXTURE_LAYOUT_64KB_UNDEFINED_SWIZZLE,
        Flags: RT,
      },
      InitialState: D.D3D12_RESOURCE_STATE_RENDER_TARGET,
      OptimizedClearValue: { Format: D.DXGI_FORMAT_R8G8B8A8_UNORM, Color: [0, 0, 1, 1] },
    }).out!;
    const heap = w.dev.CreateDescriptorHeap({ Type: D.D3D12_DESCRIPTOR_HEAP_TYPE_RTV, NumDescriptors: 1 }).out!;
    const rtv = heap.GetCPUDescriptorHandleForHeapStart();
    w.dev.CreateRenderTargetView({ Resource: t, DestDescriptor: rtv });
    w.list.ClearRenderTargetView({ RenderTargetView: rtv, ColorRGBA: [0, 0, 1, 1] });
    expect(w.ids()).toEqual([]);
  });
  it('swap-chain buffers are exempt (DXGI creates them; the samples clear them every frame without the warning)', () => {
    const w = world();
    const factory = w.sys.CreateDXGIFactory2({}).out;
    const swap = factory.CreateSwapChainForComposition({
      Device: w.queue,
      Desc: {
        Width: 64,
        Height: 64,
        Format: D.DXGI_FORMAT_R8G8B8A8_UNORM,
        SampleDesc: { Count: 1, Quality: 0 },
        BufferCount: 2,
        SwapEffect: D.DXGI_SWAP_EFFECT_FLIP_DISCARD,
      },
    }).out!;
    const heap = w.dev.CreateDescriptorHeap({ Type: D.D3D12_DESCRIPTOR_HEAP_TYPE_RTV, NumDescriptors: 1 }).out!;
    const rtv = heap.GetCPUDescriptorHandleForHeapStart();
    w.dev.CreateRenderTargetView({ Resource: swap.GetBuffer({ Buffer: 0 }).out!, DestDescriptor: rtv });
    w.list.ClearRenderTargetView({ RenderTargetView: rtv, ColorRGBA: [0.3, 0.1, 0.2, 1] });
    expect(w.ids()).toEqual([]);
  });
  it('depth-stencil: no clear value warns (#821); only the aspects ClearFlags clear are compared', () => {
    const run = (clear: unknown, flags: number, depth: number, stencil: number) => {
      const w = world();
      const t = w.dev.CreateCommittedResource({
        HeapProperties: { Type: D.D3D12_HEAP_TYPE_DEFAULT },
        Desc: depthDesc(),
        InitialResourceState: D.D3D12_RESOURCE_STATE_DEPTH_WRITE,
        OptimizedClearValue: clear,
      }).out!;
      const heap = w.dev.CreateDescriptorHeap({ Type: D.D3D12_DESCRIPTOR_HEAP_TYPE_DSV, NumDescriptors: 1 }).out!;
      const dsv = heap.GetCPUDescriptorHandleForHeapStart();
      w.dev.CreateDepthStencilView({ Resource: t, DestDescriptor: dsv });
      w.list.ClearDepthStencilView({ DepthStencilView: dsv, ClearFlags: flags, Depth: depth, Stencil: stencil });
      return w.sys.messages.map((m) => `${m.id}:${String(m.args.reason)}`);
    };
    const both = D.D3D12_CLEAR_FLAG_DEPTH | D.D3D12_CLEAR_FLAG_STENCIL;
    const cv = { Format: D.DXGI_FORMAT_D24_UNORM_S8_UINT, DepthStencil: { Depth: 1, Stencil: 0 } };
    expect(run(null, both, 1, 0)).toEqual(['CLEARDEPTHSTENCILVIEW_MISMATCHINGCLEARVALUE:none']);
    expect(run(cv, both, 1, 0)).toEqual([]);
    expect(run(cv, D.D3D12_CLEAR_FLAG_DEPTH, 0.5, 7)).toEqual(['CLEARDEPTHSTENCILVIEW_MISMATCHINGCLEARVALUE:differs']);
    expect(run(cv, D.D3D12_CLEAR_FLAG_STENCIL, 0.5, 0)).toEqual([]);
  });
});

describe('[COPY-FP-2] depth-stencil planes (DirectX-Specs PlanarDepthStencilDDISpec)', () => {
  it('GetCopyableFootprints gives each plane its own format and pitch: R32_TYPELESS depth, R8_TYPELESS stencil', () => {
    const w = world();
    const fp = w.dev.GetCopyableFootprints({
      ResourceDesc: { ...depthDesc(), Width: 100, Height: 10 },
      FirstSubresource: 0,
      NumSubresources: 2,
      BaseOffset: 0,
    });
    expect(fp.Layouts.map((l) => [l.Offset, l.Footprint.Format, l.Footprint.RowPitch])).toEqual([
      [0, D.DXGI_FORMAT_R32_TYPELESS, 512],
      [5120, D.DXGI_FORMAT_R8_TYPELESS, 256],
    ]);
    expect(fp.RowSizeInBytes).toEqual([400, 100]);
    expect(fp.TotalBytes).toBe(5120 + 256 * 9 + 100);
    // a single-plane depth format is unchanged
    const d32 = w.dev.GetCopyableFootprints({
      ResourceDesc: depthDesc(D.DXGI_FORMAT_D32_FLOAT),
      FirstSubresource: 0,
      NumSubresources: 1,
      BaseOffset: 0,
    });
    expect(d32.Layouts[0].Footprint.Format).toBe(D.DXGI_FORMAT_D32_FLOAT);
  });
  it('a copy into the stencil plane takes an R8_TYPELESS footprint; an R32 one is COPYTEXTUREREGION_FORMATMISMATCH', () => {
    const w = world();
    const t = w.dev.CreateCommittedResource({
      HeapProperties: { Type: D.D3D12_HEAP_TYPE_DEFAULT },
      Desc: depthDesc(),
      InitialResourceState: D.D3D12_RESOURCE_STATE_COPY_DEST,
    }).out!;
    const up = w.upload();
    const copy = (Format: number, Width: number) =>
      w.list.CopyTextureRegion({
        Dst: { Resource: t, Type: D.D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX, SubresourceIndex: 1 },
        Src: {
          Resource: up,
          Type: D.D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT,
          PlacedFootprint: { Offset: 0, Footprint: { Format, Width, Height: 64, Depth: 1, RowPitch: 256 } },
        },
      });
    copy(D.DXGI_FORMAT_R8_TYPELESS, 64);
    expect(w.ids()).toEqual([]);
    copy(D.DXGI_FORMAT_R32_TYPELESS, 64);
    expect(w.ids()).toEqual(['COPYTEXTUREREGION_FORMATMISMATCH']);
  });
});

describe('queue side of fences, descriptor tables, CopyDescriptors', () => {
  it('[FENCE-7] ID3D12CommandQueue::Wait for value 0 warns FENCE_ZERO_WAIT; Signal and a real wait do not', () => {
    const w = world();
    expect(w.queue.Signal({ Fence: w.fence, Value: 1 })).toBe('S_OK');
    expect(w.queue.Wait({ Fence: w.fence, Value: 1 })).toBe('S_OK');
    expect(w.ids()).toEqual([]);
    expect(w.queue.Wait({ Fence: w.fence, Value: 0 })).toBe('S_OK');
    expect(w.sys.messages.map((m) => [m.id, m.severity])).toEqual([['FENCE_ZERO_WAIT', 'WARNING']]);
  });
  it('[DT-TYPE-1] a SAMPLER-heap handle given to a CBV/SRV/UAV table is SET_DESCRIPTOR_TABLE_INVALID; the right heap is fine', () => {
    const w = world();
    const blob = w.sys.D3D12SerializeVersionedRootSignature({
      RootSignature: {
        Version: D.D3D_ROOT_SIGNATURE_VERSION_1_1,
        Desc_1_1: {
          NumParameters: 1,
          Parameters: [
            {
              ParameterType: D.D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE,
              DescriptorTable: {
                NumDescriptorRanges: 1,
                DescriptorRanges: [
                  {
                    RangeType: D.D3D12_DESCRIPTOR_RANGE_TYPE_SRV,
                    NumDescriptors: 1,
                    Flags: D.D3D12_DESCRIPTOR_RANGE_FLAG_DESCRIPTORS_VOLATILE,
                  },
                ],
              },
            },
          ],
        },
      },
    }).out!;
    const rs = w.dev.CreateRootSignature({ BlobWithRootSignature: blob }).out!;
    const shaderVisible = D.D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE;
    const srvHeap = w.dev.CreateDescriptorHeap({
      Type: D.D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
      NumDescriptors: 4,
      Flags: shaderVisible,
    }).out!;
    const samplerHeap = w.dev.CreateDescriptorHeap({
      Type: D.D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER,
      NumDescriptors: 4,
      Flags: shaderVisible,
    }).out!;
    w.list.SetGraphicsRootSignature({ RootSignature: rs });
    w.list.SetDescriptorHeaps({ NumDescriptorHeaps: 2, DescriptorHeaps: [srvHeap, samplerHeap] });
    w.list.SetGraphicsRootDescriptorTable({
      RootParameterIndex: 0,
      BaseDescriptor: srvHeap.GetGPUDescriptorHandleForHeapStart(),
    });
    expect(w.ids()).toEqual([]);
    w.list.SetGraphicsRootDescriptorTable({
      RootParameterIndex: 0,
      BaseDescriptor: samplerHeap.GetGPUDescriptorHandleForHeapStart(),
    });
    expect(w.ids()).toEqual(['SET_DESCRIPTOR_TABLE_INVALID']);
    expect(w.sys.trace.events.some((e) => e.k === 'hazard' && e.kind === 'descriptor-wrong-heap-type')).toBe(true);
  });
  it('[DH-COPY-2] CopyDescriptors: ranges of different sizes on each side with the same total copy in order; other totals are COPY_DESCRIPTORS_INVALID_RANGES', () => {
    const w = world();
    const type = D.D3D12_DESCRIPTOR_HEAP_TYPE_RTV;
    const inc = w.dev.GetDescriptorHandleIncrementSize({ DescriptorHeapType: type });
    const src = w.dev.CreateDescriptorHeap({ Type: type, NumDescriptors: 3 }).out!;
    const dst = w.dev.CreateDescriptorHeap({ Type: type, NumDescriptors: 3 }).out!;
    const textures = [0, 1, 2].map(() => w.tex(0, { Flags: RT }).out!);
    const s0 = src.GetCPUDescriptorHandleForHeapStart().ptr;
    textures.forEach((t, k) => w.dev.CreateRenderTargetView({ Resource: t, DestDescriptor: { ptr: s0 + k * inc } }));
    const d0 = dst.GetCPUDescriptorHandleForHeapStart().ptr;
    w.dev.CopyDescriptors({
      NumDestDescriptorRanges: 1,
      DestDescriptorRangeStarts: [{ ptr: d0 }],
      DestDescriptorRangeSizes: [3],
      NumSrcDescriptorRanges: 2,
      SrcDescriptorRangeStarts: [{ ptr: s0 + 2 * inc }, { ptr: s0 }],
      SrcDescriptorRangeSizes: [1, 2],
      DescriptorHeapsType: type,
    });
    expect(w.ids()).toEqual([]);
    expect(dst.slots.map((s) => s?.resource)).toEqual([textures[2], textures[0], textures[1]]);
    w.dev.CopyDescriptors({
      NumDestDescriptorRanges: 1,
      DestDescriptorRangeStarts: [{ ptr: d0 }],
      DestDescriptorRangeSizes: [3],
      NumSrcDescriptorRanges: 1,
      SrcDescriptorRangeStarts: [{ ptr: s0 }],
      SrcDescriptorRangeSizes: null,
      DescriptorHeapsType: type,
    });
    expect(w.ids()).toEqual(['COPY_DESCRIPTORS_INVALID_RANGES']);
    expect(dst.slots[0]?.resource).toBe(textures[2]);
  });
});
