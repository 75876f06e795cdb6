// [MSAA-EXEC-1] A small MSAA program on the model: a white triangle with slanted edges drawn on black into a
// multisampled render target, then resolved into a single-sampled texture that was cleared blue. What
// `npm run test:gpu` (test-gpu-msaa.ts) runs on Dawn to check that the executor's MSAA targets and resolves move real
// pixels, and what msaa-programs.test.ts checks on the model alone (the correct program raises nothing). Plain model
// code (no WebGPU).
import * as D from '../../core';

/** Side of the render target and the resolve destination. */
export const SIDE = 64;
export const BLACK = [0, 0, 0, 1];
export const BLUE = [0, 0, 1, 1];
export const GREEN = [0, 1, 0, 1];

/** The custom resolve's shaders: a full-screen triangle whose pixels average the samples of t0 (Texture2DMS). */
const LOAD_WGSL = /* wgsl */ `
@group(0) @binding(0) var ms: texture_multisampled_2d<f32>;
@vertex fn VSMain(@builtin(vertex_index) i: u32) -> @builtin(position) vec4f {
  var q = array(vec2f(-1.0, -1.0), vec2f(-1.0, 3.0), vec2f(3.0, -1.0));
  return vec4f(q[i], 0.0, 1.0);
}
@fragment fn PSMain(@builtin(position) pos: vec4f) -> @location(0) vec4f {
  let n = textureNumSamples(ms);
  var acc = vec4f(0.0);
  for (var s = 0u; s < n; s++) { acc += textureLoad(ms, vec2i(pos.xy), i32(s)); }
  return acc / f32(n);
}`;

/** Clockwise on screen, edges at several slopes: many pixels are partly covered. */
const WGSL = /* wgsl */ `
@vertex fn VSMain(@builtin(vertex_index) id: u32) -> @builtin(position) vec4f {
  var p = array(vec2f(-0.1, 0.83), vec2f(0.77, -0.61), vec2f(-0.86, -0.37));
  return vec4f(p[id], 0.0, 1.0);
}
@fragment fn PSMain() -> @location(0) vec4f { return vec4f(1.0, 1.0, 1.0, 1.0); }`;

export interface MsaaOptions {
  /** SampleDesc.Count of the render target and the PSO (1: the single-sampled reference, drawn straight into it). */
  samples: number;
  /**
   * correct: clear, draw, resolve. no-resolve: the resolve is left out (the destination keeps its clear colour).
   * resolve-before-draw: the resolve comes after the clear and before the draw (the destination gets the black
   * clear, no triangle). copy-resource: CopyResource where the resolve belongs (MSAA-3: refused at record, Close
   * fails, ExecuteCommandLists drops the list, nothing of it runs). shader-load: no ResolveSubresource; a second draw
   * into the destination averages the samples itself (a Texture2DMS SRV, Load per sample: a "custom resolve").
   */
  variant?: 'correct' | 'no-resolve' | 'resolve-before-draw' | 'copy-resource' | 'shader-load';
  /**
   * R8G8B8A8_TYPELESS resources with _UNORM_SRGB views, PSO and resolve Format: the resolve averages in linear light
   * and stores sRGB-encoded values (half coverage of white is 188, not 128).
   */
  srgb?: boolean;
  /** ResolveSubresourceRegion instead of ResolveSubresource: a source rectangle (null: all), a point, a mode. */
  region?: { rect: D.D3D12_RECT | null; dstX: number; dstY: number; mode: number };
  /** The PSO's SampleDesc.Count when it is not `samples` (MSAA-2's mismatch). */
  psoSamples?: number;
  /** Rectangles of the render target cleared green (NumRects > 0) after the draw (CLEAR-VAL-1 warns: not its clear value). */
  clearRects?: D.D3D12_RECT[];
}

export interface MsaaProgram {
  sys: D.D3D12System;
  /** The multisampled render target (or the single-sampled one when samples is 1). */
  target: D.ID3D12Resource;
  /** The resolve destination (null when samples is 1). */
  resolved: D.ID3D12Resource | null;
}

export function msaaProgram(o: MsaaOptions): MsaaProgram {
  const variant = o.variant ?? 'correct';
  const sys = new D.D3D12System({ settings: { keepGpuReads: true } });
  sys.debugLayerEnabled = true;
  const dev = sys.D3D12CreateDevice({ Adapter: null, MinimumFeatureLevel: D.D3D_FEATURE_LEVEL_11_0 }).out!;
  const type = D.D3D12_COMMAND_LIST_TYPE_DIRECT;
  const queue = dev.CreateCommandQueue({ Type: type }).out!;
  const alloc = dev.CreateCommandAllocator({ type }).out!;
  const list = dev.CreateCommandList({ type, CommandAllocator: alloc }).out!;
  const format = o.srgb ? D.DXGI_FORMAT_R8G8B8A8_UNORM_SRGB : D.DXGI_FORMAT_R8G8B8A8_UNORM;
  const resourceFormat = o.srgb ? D.DXGI_FORMAT_R8G8B8A8_TYPELESS : format;
  const texture = (samples: number, clear: number[], state: number, name: string) => {
    const r = dev.CreateCommittedResource({
      HeapProperties: { Type: D.D3D12_HEAP_TYPE_DEFAULT },
      HeapFlags: D.D3D12_HEAP_FLAG_NONE,
      Desc: {
        Dimension: D.D3D12_RESOURCE_DIMENSION_TEXTURE2D,
        Alignment: 0,
        Width: SIDE,
        Height: SIDE,
        DepthOrArraySize: 1,
        MipLevels: 1,
        Format: resourceFormat,
        SampleDesc: { Count: samples, Quality: 0 },
        Layout: D.D3D12_TEXTURE_LAYOUT_UNKNOWN,
        Flags: D.D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET,
      },
      InitialResourceState: state,
      OptimizedClearValue: { Format: format, Color: clear },
    }).out!;
    r.SetName({ Name: name });
    return r;
  };
  const ms = o.samples > 1;
  const target = texture(o.samples, BLACK, D.D3D12_RESOURCE_STATE_RENDER_TARGET, ms ? `MSAA ${o.samples}x` : 'target');
  const resolved = ms ? texture(1, BLUE, D.D3D12_RESOURCE_STATE_RENDER_TARGET, 'resolved') : null;

  const heap = dev.CreateDescriptorHeap({
    Type: D.D3D12_DESCRIPTOR_HEAP_TYPE_RTV,
    NumDescriptors: 2,
    Flags: D.D3D12_DESCRIPTOR_HEAP_FLAG_NONE,
  }).out!;
  const inc = dev.GetDescriptorHandleIncrementSize({ DescriptorHeapType: D.D3D12_DESCRIPTOR_HEAP_TYPE_RTV });
  const start = heap.GetCPUDescriptorHandleForHeapStart();
  const rtv = { ptr: start.ptr };
  const rtvResolved = { ptr: start.ptr + inc };
  // a TYPELESS resource needs a typed view format (VIEW-FMT-2)
  const rtvDesc = (samples: number) =>
    o.srgb
      ? {
          Format: format,
          ViewDimension: samples > 1 ? D.D3D12_RTV_DIMENSION_TEXTURE2DMS : D.D3D12_RTV_DIMENSION_TEXTURE2D,
        }
      : null;
  dev.CreateRenderTargetView({ Resource: target, Desc: rtvDesc(o.samples), DestDescriptor: rtv });
  if (resolved) dev.CreateRenderTargetView({ Resource: resolved, Desc: rtvDesc(1), DestDescriptor: rtvResolved });

  const rootSignature = dev.CreateRootSignature({
    nodeMask: 0,
    BlobWithRootSignature: sys.D3D12SerializeVersionedRootSignature({
      RootSignature: { Version: D.D3D_ROOT_SIGNATURE_VERSION_1_0, Desc_1_0: { NumParameters: 0, Parameters: [] } },
    }).out!,
  }).out!;
  const shader = (entry: string) => ({
    BytecodeLength: WGSL.length,
    Reflection: { Inputs: [], Resources: [] },
    wgsl: WGSL,
    entry,
  });
  const pso = dev.CreateGraphicsPipelineState({
    Desc: {
      RootSignature: rootSignature,
      VS: shader('VSMain'),
      PS: shader('PSMain'),
      RasterizerState: {
        FillMode: D.D3D12_FILL_MODE_SOLID,
        CullMode: D.D3D12_CULL_MODE_NONE,
        FrontCounterClockwise: false,
        DepthClipEnable: true,
        MultisampleEnable: ms,
      },
      BlendState: { RenderTarget: [{ BlendEnable: false, RenderTargetWriteMask: 0xf }] },
      DepthStencilState: { DepthEnable: false, StencilEnable: false },
      SampleMask: 0xffffffff,
      PrimitiveTopologyType: D.D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE,
      NumRenderTargets: 1,
      RTVFormats: [format],
      SampleDesc: { Count: o.psoSamples ?? o.samples, Quality: 0 },
    },
  }).out!;

  const custom = variant === 'shader-load' && resolved ? customResolve(sys, dev, target, format) : null;

  const transition = (Resource: D.ID3D12Resource, StateBefore: number, StateAfter: number) =>
    list.ResourceBarrier({
      NumBarriers: 1,
      Barriers: [
        {
          Type: D.D3D12_RESOURCE_BARRIER_TYPE_TRANSITION,
          Transition: { Resource, Subresource: D.D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES, StateBefore, StateAfter },
        },
      ],
    });
  const RT = D.D3D12_RESOURCE_STATE_RENDER_TARGET;
  const resolve = () => {
    if (!resolved) return;
    transition(target, RT, D.D3D12_RESOURCE_STATE_RESOLVE_SOURCE);
    const args = { DstResource: resolved, DstSubresource: 0, SrcResource: target, SrcSubresource: 0, Format: format };
    if (o.region)
      list.ResolveSubresourceRegion({
        ...args,
        DstX: o.region.dstX,
        DstY: o.region.dstY,
        SrcRect: o.region.rect,
        ResolveMode: o.region.mode,
      });
    else list.ResolveSubresource(args);
    transition(target, D.D3D12_RESOURCE_STATE_RESOLVE_SOURCE, RT);
  };

  list.SetGraphicsRootSignature({ RootSignature: rootSignature });
  list.SetPipelineState({ PipelineState: pso });
  list.RSSetViewports({
    NumViewports: 1,
    Viewports: [{ TopLeftX: 0, TopLeftY: 0, Width: SIDE, Height: SIDE, MinDepth: 0, MaxDepth: 1 }],
  });
  list.RSSetScissorRects({ NumRects: 1, Rects: [{ left: 0, top: 0, right: SIDE, bottom: SIDE }] });
  if (resolved) {
    list.ClearRenderTargetView({ RenderTargetView: rtvResolved, ColorRGBA: BLUE, NumRects: 0, Rects: null });
    transition(resolved, RT, D.D3D12_RESOURCE_STATE_RESOLVE_DEST);
  }
  list.OMSetRenderTargets({
    NumRenderTargetDescriptors: 1,
    RenderTargetDescriptors: [rtv],
    RTsSingleHandleToDescriptorRange: false,
    DepthStencilDescriptor: null,
  });
  list.ClearRenderTargetView({ RenderTargetView: rtv, ColorRGBA: BLACK, NumRects: 0, Rects: null });
  if (variant === 'resolve-before-draw') resolve();
  list.IASetPrimitiveTopology({ PrimitiveTopology: D.D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST });
  list.DrawInstanced({ VertexCountPerInstance: 3, InstanceCount: 1, StartVertexLocation: 0, StartInstanceLocation: 0 });
  if (o.clearRects)
    list.ClearRenderTargetView({
      RenderTargetView: rtv,
      ColorRGBA: GREEN,
      NumRects: o.clearRects.length,
      Rects: o.clearRects,
    });
  if (variant === 'correct') resolve();
  if (custom && resolved) {
    transition(target, RT, D.D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE);
    transition(resolved, D.D3D12_RESOURCE_STATE_RESOLVE_DEST, RT);
    list.OMSetRenderTargets({
      NumRenderTargetDescriptors: 1,
      RenderTargetDescriptors: [rtvResolved],
      RTsSingleHandleToDescriptorRange: false,
      DepthStencilDescriptor: null,
    });
    list.SetGraphicsRootSignature({ RootSignature: custom.rootSignature });
    list.SetPipelineState({ PipelineState: custom.pso });
    list.SetDescriptorHeaps({ NumDescriptorHeaps: 1, DescriptorHeaps: [custom.heap] });
    list.SetGraphicsRootDescriptorTable({
      RootParameterIndex: 0,
      BaseDescriptor: custom.heap.GetGPUDescriptorHandleForHeapStart(),
    });
    list.DrawInstanced({
      VertexCountPerInstance: 3,
      InstanceCount: 1,
      StartVertexLocation: 0,
      StartInstanceLocation: 0,
    });
  }
  if (variant === 'copy-resource' && resolved) {
    transition(target, RT, D.D3D12_RESOURCE_STATE_COPY_SOURCE);
    transition(resolved, D.D3D12_RESOURCE_STATE_RESOLVE_DEST, D.D3D12_RESOURCE_STATE_COPY_DEST);
    list.CopyResource({ DstResource: resolved, SrcResource: target });
  }
  list.Close();
  queue.ExecuteCommandLists({ NumCommandLists: 1, CommandLists: [list] });
  sys.idle();
  return { sys, target, resolved };
}

/** shader-load: a root signature with one SRV table (t0), the custom-resolve PSO, and the MSAA target's Texture2DMS SRV. */
function customResolve(sys: D.D3D12System, dev: D.ID3D12Device, target: D.ID3D12Resource, format: number) {
  const rootSignature = dev.CreateRootSignature({
    nodeMask: 0,
    BlobWithRootSignature: sys.D3D12SerializeVersionedRootSignature({
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
                    BaseShaderRegister: 0,
                    RegisterSpace: 0,
                    Flags: D.D3D12_DESCRIPTOR_RANGE_FLAG_DATA_STATIC_WHILE_SET_AT_EXECUTE,
                    OffsetInDescriptorsFromTableStart: D.D3D12_DESCRIPTOR_RANGE_OFFSET_APPEND,
                  },
                ],
              },
              ShaderVisibility: D.D3D12_SHADER_VISIBILITY_PIXEL,
            },
          ],
        },
      },
    }).out!,
  }).out!;
  const shader = (entry: string, Resources: { Type: string; Register: number }[]) => ({
    BytecodeLength: LOAD_WGSL.length,
    Reflection: { Inputs: [], Resources },
    wgsl: LOAD_WGSL,
    entry,
  });
  const pso = dev.CreateGraphicsPipelineState({
    Desc: {
      RootSignature: rootSignature,
      VS: shader('VSMain', []),
      PS: shader('PSMain', [{ Type: 'SRV', Register: 0 }]),
      RasterizerState: { FillMode: D.D3D12_FILL_MODE_SOLID, CullMode: D.D3D12_CULL_MODE_NONE, DepthClipEnable: true },
      BlendState: { RenderTarget: [{ BlendEnable: false, RenderTargetWriteMask: 0xf }] },
      DepthStencilState: { DepthEnable: false, StencilEnable: false },
      SampleMask: 0xffffffff,
      PrimitiveTopologyType: D.D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE,
      NumRenderTargets: 1,
      RTVFormats: [format],
      SampleDesc: { Count: 1, Quality: 0 },
    },
  }).out!;
  const heap = dev.CreateDescriptorHeap({
    Type: D.D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
    NumDescriptors: 1,
    Flags: D.D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE,
  }).out!;
  dev.CreateShaderResourceView({
    Resource: target,
    Desc: {
      Format: format,
      ViewDimension: D.D3D12_SRV_DIMENSION_TEXTURE2DMS,
      Shader4ComponentMapping: D.D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING,
    },
    DestDescriptor: heap.GetCPUDescriptorHandleForHeapStart(),
  });
  return { rootSignature, pso, heap };
}
