// MSAA textures and resolves ([MSAA-1], [RESOLVE-*] in SPEC.md §7.3). Expected results: the D3D12_RESOURCE_DESC remarks
// (multisampled textures: 2D, one mip, render target or depth stencil, no UAV; a supported Count/Quality), the
// MULTISAMPLE_QUALITY_LEVELS feature, and the ResolveSubresource / ResolveSubresourceRegion pages (source
// multisampled in RESOLVE_SOURCE, destination single-sampled in RESOLVE_DEST, same size, compatible format).
import { describe, expect, it } from 'vitest';
import * as D from './index';
import { world } from './rules.world';

const RT = D.D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET;
const RS = D.D3D12_RESOURCE_STATE_RESOLVE_SOURCE;
const RD = D.D3D12_RESOURCE_STATE_RESOLVE_DEST;

function msaaWorld(adapter = 0) {
  const w = world({ adapter });
  const ms = (state = RS, extra: Partial<D.D3D12_RESOURCE_DESC> = {}) =>
    w.tex(state, { SampleDesc: { Count: 4, Quality: 0 }, Flags: RT, ...extra });
  const single = (state = RD, extra: Partial<D.D3D12_RESOURCE_DESC> = {}) => w.tex(state, extra);
  const resolve = (dst: D.ID3D12Resource, src: D.ID3D12Resource, Format = D.DXGI_FORMAT_R8G8B8A8_UNORM) =>
    w.list.ResolveSubresource({ DstResource: dst, DstSubresource: 0, SrcResource: src, SrcSubresource: 0, Format });
  return { ...w, ms, single, resolve };
}

describe('[MSAA-1] SampleDesc at creation', () => {
  it('a 4x render target is fine; counts the format does not support and Quality >= NumQualityLevels are INVALIDSAMPLEDESC', () => {
    const m = msaaWorld();
    expect(m.ms().hr).toBe('S_OK');
    expect(m.ms(RS, { SampleDesc: { Count: 3, Quality: 0 } }).hr).toBe('E_INVALIDARG');
    expect(m.ms(RS, { SampleDesc: { Count: 4, Quality: 1 } }).hr).toBe('E_INVALIDARG');
    // 16 samples: not on the integrated part, fine on the discrete one (FEAT-1 answers the same)
    expect(m.ms(RS, { SampleDesc: { Count: 16, Quality: 0 } }).hr).toBe('E_INVALIDARG');
    expect(msaaWorld(1).ms(RS, { SampleDesc: { Count: 16, Quality: 0 } }).hr).toBe('S_OK');
    expect(m.ids()).toEqual([
      'CREATERESOURCE_INVALIDSAMPLEDESC',
      'CREATERESOURCE_INVALIDSAMPLEDESC',
      'CREATERESOURCE_INVALIDSAMPLEDESC',
    ]);
  });
  it('an MSAA texture without RT/DS flags, or with UAV, is INVALIDMISCFLAGS; with mips > 1 INVALIDDESC', () => {
    const m = msaaWorld();
    expect(m.ms(RS, { Flags: 0 }).hr).toBe('E_INVALIDARG');
    expect(m.ms(RS, { Flags: RT | D.D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS }).hr).toBe('E_INVALIDARG');
    expect(m.ms(RS, { MipLevels: 2 }).hr).toBe('E_INVALIDARG');
    expect(m.ids()).toEqual([
      'CREATERESOURCE_INVALIDMISCFLAGS',
      'CREATERESOURCE_INVALIDMISCFLAGS',
      'CREATERESOURCE_INVALIDDESC',
    ]);
  });
  it('a block-compressed format has no MSAA count (NumQualityLevels 0)', () => {
    const m = msaaWorld();
    expect(m.ms(RS, { Format: D.DXGI_FORMAT_BC1_UNORM }).hr).toBe('E_INVALIDARG');
    expect(m.ids()).toEqual(['CREATERESOURCE_INVALIDSAMPLEDESC']);
  });
});

describe('[RESOLVE-1] ResolveSubresource', () => {
  it('a correct resolve (RESOLVE_SOURCE -> RESOLVE_DEST, same size and format) raises nothing', () => {
    const m = msaaWorld();
    m.resolve(m.single().out!, m.ms().out!);
    expect(m.list.Close()).toBe('S_OK');
    m.queue.ExecuteCommandLists({ CommandLists: [m.list] });
    m.sys.idle();
    expect(m.ids()).toEqual([]);
    expect(m.list.recordedCommands().map((c) => c.op)).toEqual(['ResolveSubresource']);
  });
  const bad: [string, (m: ReturnType<typeof msaaWorld>) => void, string][] = [
    [
      'single-sampled source',
      (m) => m.resolve(m.single().out!, m.single(RS).out!),
      'RESOLVESUBRESOURCE_INVALID_SAMPLE_COUNT',
    ],
    [
      'multisampled destination',
      (m) => m.resolve(m.ms(RD).out!, m.ms().out!),
      'RESOLVESUBRESOURCE_INVALID_SAMPLE_COUNT',
    ],
    [
      'another size',
      (m) => m.resolve(m.single(RD, { Width: 32 }).out!, m.ms().out!),
      'RESOLVESUBRESOURCE_RESOURCE_MISMATCH',
    ],
    [
      'another format family',
      (m) => m.resolve(m.single(RD, { Format: D.DXGI_FORMAT_R16_FLOAT }).out!, m.ms().out!),
      'RESOLVESUBRESOURCE_RESOURCE_MISMATCH',
    ],
    [
      'a Format other than the typed resources',
      (m) => m.resolve(m.single().out!, m.ms().out!, D.DXGI_FORMAT_R8G8B8A8_UNORM_SRGB),
      'RESOLVESUBRESOURCE_INVALID_FORMAT',
    ],
    [
      'a typeless Format',
      (m) =>
        m.resolve(
          m.single(RD, { Format: D.DXGI_FORMAT_R8G8B8A8_TYPELESS }).out!,
          m.ms(RS, { Format: D.DXGI_FORMAT_R8G8B8A8_TYPELESS }).out!,
          D.DXGI_FORMAT_R8G8B8A8_TYPELESS,
        ),
      'RESOLVESUBRESOURCE_INVALID_FORMAT',
    ],
    [
      'a buffer destination',
      (m) => m.resolve(m.buffer(D.D3D12_HEAP_TYPE_DEFAULT, 0).out!, m.ms().out!),
      'RESOLVESUBRESOURCE_INVALIDDSTRESOURCE',
    ],
    [
      'a subresource past the end',
      (m) =>
        m.list.ResolveSubresource({
          DstResource: m.single().out!,
          DstSubresource: 1,
          SrcResource: m.ms().out!,
          SrcSubresource: 0,
          Format: D.DXGI_FORMAT_R8G8B8A8_UNORM,
        }),
      'RESOLVESUBRESOURCE_INVALID_SUBRESOURCE_INDEX',
    ],
  ];
  for (const [name, call, id] of bad)
    it(`${name}: ${id}, Close E_INVALIDARG`, () => {
      const m = msaaWorld();
      call(m);
      expect(m.ids()).toEqual([id]);
      expect(m.list.Close()).toBe('E_INVALIDARG');
      expect(m.list.recordedCommands()).toEqual([]);
    });
  it('typeless resources resolve through a typed Format of their family', () => {
    const m = msaaWorld();
    const T = { Format: D.DXGI_FORMAT_R8G8B8A8_TYPELESS };
    m.resolve(m.single(RD, T).out!, m.ms(RS, T).out!, D.DXGI_FORMAT_R8G8B8A8_UNORM_SRGB);
    expect(m.ids()).toEqual([]);
  });
  it('states: a source left in RENDER_TARGET is INVALID_SUBRESOURCE_STATE at ECL; a COMMON destination does not promote', () => {
    const m = msaaWorld();
    m.resolve(m.single(D.D3D12_RESOURCE_STATE_COMMON).out!, m.ms(D.D3D12_RESOURCE_STATE_RENDER_TARGET).out!);
    expect(m.list.Close()).toBe('S_OK');
    m.queue.ExecuteCommandLists({ CommandLists: [m.list] });
    expect(m.ids()).toEqual(['INVALID_SUBRESOURCE_STATE', 'INVALID_SUBRESOURCE_STATE']);
  });
  it('[CL-TYPE-1] a COMPUTE list cannot resolve: NO_GRAPHICS_API_SUPPORT, ignored', () => {
    const m = msaaWorld();
    const alloc = m.dev.CreateCommandAllocator({ type: D.D3D12_COMMAND_LIST_TYPE_COMPUTE }).out!;
    const cl = m.dev.CreateCommandList({ type: D.D3D12_COMMAND_LIST_TYPE_COMPUTE, CommandAllocator: alloc }).out!;
    cl.ResolveSubresource({
      DstResource: m.single().out!,
      DstSubresource: 0,
      SrcResource: m.ms().out!,
      SrcSubresource: 0,
      Format: D.DXGI_FORMAT_R8G8B8A8_UNORM,
    });
    expect(m.ids()).toEqual(['NO_GRAPHICS_API_SUPPORT']);
    expect(cl.recordedCommands()).toEqual([]);
  });
});

describe('[RESOLVE-2] ResolveSubresourceRegion', () => {
  const region = (m: ReturnType<typeof msaaWorld>, dst: D.ID3D12Resource, rect: D.D3D12_RECT | null, DstX = 0) =>
    m.list.ResolveSubresourceRegion({
      DstResource: dst,
      DstSubresource: 0,
      DstX,
      DstY: 0,
      SrcResource: m.ms().out!,
      SrcSubresource: 0,
      SrcRect: rect,
      Format: D.DXGI_FORMAT_R8G8B8A8_UNORM,
      ResolveMode: D.D3D12_RESOLVE_MODE_AVERAGE,
    });
  it('a rectangle into a smaller destination is fine; outside the source or the destination: INVALID_RECT', () => {
    const m = msaaWorld();
    region(m, m.single(RD, { Width: 16, Height: 16 }).out!, { left: 8, top: 8, right: 24, bottom: 24 });
    expect(m.ids()).toEqual([]);
    region(m, m.single().out!, { left: 32, top: 0, right: 96, bottom: 8 });
    region(m, m.single(RD, { Width: 16, Height: 16 }).out!, { left: 0, top: 0, right: 16, bottom: 16 }, 8);
    expect(m.ids()).toEqual(['RESOLVESUBRESOURCEREGION_INVALID_RECT', 'RESOLVESUBRESOURCEREGION_INVALID_RECT']);
    expect(m.list.Close()).toBe('E_INVALIDARG');
  });
});

describe('[MSAA-2] a draw into targets of another sample count than the pipeline', () => {
  function drawInto(count: number, psoCount: number) {
    const m = msaaWorld();
    const rs = m.dev.CreateRootSignature({
      BlobWithRootSignature: m.sys.D3D12SerializeRootSignature({ RootSignature: {}, Version: 1 }).out!,
    }).out!;
    const pso = m.dev.CreateGraphicsPipelineState({
      Desc: {
        RootSignature: rs,
        VS: { BytecodeLength: 100, Reflection: { Inputs: [] } },
        PS: { BytecodeLength: 100 },
        PrimitiveTopologyType: D.D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE,
        NumRenderTargets: 1,
        RTVFormats: [D.DXGI_FORMAT_R8G8B8A8_UNORM],
        SampleDesc: { Count: psoCount },
      },
    }).out!;
    const rt = m.tex(D.D3D12_RESOURCE_STATE_RENDER_TARGET, {
      SampleDesc: { Count: count, Quality: 0 },
      Flags: RT,
    }).out!;
    const heap = m.dev.CreateDescriptorHeap({ Type: D.D3D12_DESCRIPTOR_HEAP_TYPE_RTV, NumDescriptors: 1 }).out!;
    const rtv = heap.GetCPUDescriptorHandleForHeapStart();
    m.dev.CreateRenderTargetView({ Resource: rt, DestDescriptor: rtv });
    m.list.SetGraphicsRootSignature({ RootSignature: rs });
    m.list.SetPipelineState({ PipelineState: pso });
    m.list.OMSetRenderTargets({ NumRenderTargetDescriptors: 1, RenderTargetDescriptors: [rtv] });
    m.list.RSSetViewports({
      NumViewports: 1,
      Viewports: [{ TopLeftX: 0, TopLeftY: 0, Width: 64, Height: 64, MinDepth: 0, MaxDepth: 1 }],
    });
    m.list.RSSetScissorRects({ NumRects: 1, Rects: [{ left: 0, top: 0, right: 64, bottom: 64 }] });
    m.list.IASetPrimitiveTopology({ PrimitiveTopology: D.D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST });
    m.list.DrawInstanced({
      VertexCountPerInstance: 3,
      InstanceCount: 1,
      StartVertexLocation: 0,
      StartInstanceLocation: 0,
    });
    return m.ids();
  }
  it('4x target, 4x pipeline: nothing; 4x target, 1x pipeline: RENDER_TARGET_SAMPLE_DESC_MISMATCH_PIPELINE_STATE', () => {
    expect(drawInto(4, 4)).toEqual([]);
    expect(drawInto(4, 1)).toEqual(['RENDER_TARGET_SAMPLE_DESC_MISMATCH_PIPELINE_STATE']);
    expect(drawInto(1, 1)).toEqual([]);
  });
});

describe('[MSAA-3] CopyResource between MSAA and single-sampled textures', () => {
  it('fails (COPYRESOURCE_INVALIDDSTRESOURCE, Close E_INVALIDARG); between two 4x textures it is fine', () => {
    const m = msaaWorld();
    const CD = D.D3D12_RESOURCE_STATE_COPY_DEST;
    const CS = D.D3D12_RESOURCE_STATE_COPY_SOURCE;
    m.list.CopyResource({ DstResource: m.ms(CD).out!, SrcResource: m.ms(CS).out! });
    expect(m.ids()).toEqual([]);
    m.list.CopyResource({ DstResource: m.single(CD, { Flags: RT }).out!, SrcResource: m.ms(CS).out! });
    expect(m.ids()).toEqual(['COPYRESOURCE_INVALIDDSTRESOURCE']);
    expect(m.list.Close()).toBe('E_INVALIDARG');
  });
});
