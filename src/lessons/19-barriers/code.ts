// Lesson 19 — Barriers in depth: one texture with two mips, each mip its own subresource with its own state.
// Submission 1 fills both mips by copies (COMMON promotes to COPY_DEST, no barrier needed), then transitions each
// mip on its own: mip 0 to PIXEL_SHADER_RESOURCE, mip 1 to RENDER_TARGET (cleared) and then to
// PIXEL_SHADER_RESOURCE. A DEFAULT buffer copied in the same submission decays back to COMMON when it completes;
// the write-promoted texture does not. Submission 2 samples the texture in a draw.
import {
  type D3D12System,
  D3D_ROOT_SIGNATURE_VERSION_1_1,
  D3D12_DESCRIPTOR_HEAP_FLAG_NONE,
  D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE,
  D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
  D3D12_DESCRIPTOR_HEAP_TYPE_RTV,
  D3D12_DESCRIPTOR_RANGE_TYPE_SRV,
  D3D12_FILTER_MIN_MAG_MIP_POINT,
  D3D12_HEAP_FLAG_NONE,
  D3D12_HEAP_TYPE_DEFAULT,
  D3D12_HEAP_TYPE_UPLOAD,
  D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE,
  D3D12_RESOURCE_BARRIER_TYPE_TRANSITION,
  D3D12_RESOURCE_DIMENSION_BUFFER,
  D3D12_RESOURCE_DIMENSION_TEXTURE2D,
  D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET,
  D3D12_RESOURCE_STATE_COMMON,
  D3D12_RESOURCE_STATE_COPY_DEST,
  D3D12_RESOURCE_STATE_GENERIC_READ,
  D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE,
  D3D12_RESOURCE_STATE_PRESENT,
  D3D12_RESOURCE_STATE_RENDER_TARGET,
  D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE,
  D3D12_ROOT_SIGNATURE_FLAG_NONE,
  D3D12_RTV_DIMENSION_TEXTURE2D,
  D3D12_SHADER_VISIBILITY_PIXEL,
  D3D12_TEXTURE_ADDRESS_MODE_CLAMP,
  D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT,
  D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX,
  D3D12_TEXTURE_LAYOUT_ROW_MAJOR,
  D3D12_TEXTURE_LAYOUT_UNKNOWN,
  D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST,
  DXGI_FORMAT_R8G8B8A8_UNORM,
  DXGI_FORMAT_UNKNOWN,
  type ID3D12Resource,
} from '../../core';
import { ThrowIfFailed } from '../runner';
import type { LessonEnv } from '../types';
import { D3DCompile } from '../common/compile';
import { BackBufferFormat, Transition, createFrame, currentRtv, waitForGpu } from '../common/frame';

/** A full-screen triangle from SV_VertexID (no vertex buffer, no resources). */
export const VS_HLSL = `float4 VSMain(uint id : SV_VertexID) : SV_POSITION
{
    float2 uv = float2((id << 1) & 2, id & 2);
    return float4(uv * float2(2, -2) + float2(-1, 1), 0, 1);
}`;
/** The pixel shader samples the texture: t0 through the table, s0 a static sampler. */
export const PS_HLSL = `Texture2D tex : register(t0);
SamplerState smp : register(s0);
float4 PSMain(float4 pos : SV_POSITION) : SV_TARGET
{
    return tex.Sample(smp, pos.xy / 64);
}`;
export const SAMPLE_WGSL = `@group(0) @binding(0) var tex: texture_2d<f32>;
@group(0) @binding(1) var smp: sampler;
@vertex fn VSMain(@builtin(vertex_index) id: u32) -> @builtin(position) vec4f {
  let uv = vec2f(f32((id << 1u) & 2u), f32(id & 2u));
  return vec4f(uv * vec2f(2.0, -2.0) + vec2f(-1.0, 1.0), 0.0, 1.0);
}
@fragment fn PSMain(@builtin(position) pos: vec4f) -> @location(0) vec4f {
  return textureSample(tex, smp, pos.xy / 64.0);
}`;

const TexSize = 32;
const MipLevels = 2;

/** D3D12CalcSubresource */
export const CalcSubresource = (
  MipSlice: number,
  ArraySlice: number,
  PlaneSlice: number,
  MipCount: number,
  ArraySize: number,
) => MipSlice + ArraySlice * MipCount + PlaneSlice * MipCount * ArraySize;

/** A transition of one subresource (Transition() in frame.ts does ALL_SUBRESOURCES). */
const TransitionSub = (Resource: ID3D12Resource, Subresource: number, StateBefore: number, StateAfter: number) => ({
  Type: D3D12_RESOURCE_BARRIER_TYPE_TRANSITION,
  Transition: { Resource, Subresource, StateBefore, StateAfter },
});

const bufferDesc = (Width: number) => ({
  Dimension: D3D12_RESOURCE_DIMENSION_BUFFER,
  Width,
  Height: 1,
  DepthOrArraySize: 1,
  MipLevels: 1,
  Format: DXGI_FORMAT_UNKNOWN,
  SampleDesc: { Count: 1, Quality: 0 },
  Layout: D3D12_TEXTURE_LAYOUT_ROW_MAJOR,
});

export function main(sys: D3D12System, env: LessonEnv, out: Record<string, unknown>) {
  const bug = (id: string) => env.bugs.has(id);
  const frame = createFrame(sys, env); // lessons 2–4 (src/lessons/common/frame.ts)
  const { device, list, allocator, queue, swapChain } = frame;

  // 1. A texture with two mips, created in COMMON (it may render to mip 1); a DEFAULT buffer, also COMMON
  const texDesc = {
    Dimension: D3D12_RESOURCE_DIMENSION_TEXTURE2D,
    Alignment: 0,
    Width: TexSize,
    Height: TexSize,
    DepthOrArraySize: 1,
    MipLevels,
    Format: DXGI_FORMAT_R8G8B8A8_UNORM,
    SampleDesc: { Count: 1, Quality: 0 },
    Layout: D3D12_TEXTURE_LAYOUT_UNKNOWN,
    Flags: D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET,
  };
  const texture = ThrowIfFailed(
    device.CreateCommittedResource({
      HeapProperties: { Type: D3D12_HEAP_TYPE_DEFAULT },
      HeapFlags: D3D12_HEAP_FLAG_NONE,
      Desc: texDesc,
      InitialResourceState: D3D12_RESOURCE_STATE_COMMON,
      OptimizedClearValue: { Format: DXGI_FORMAT_R8G8B8A8_UNORM, Color: [0.9, 0.2, 0.5, 1] },
    }),
  );
  texture.SetName({ Name: 'texture' });
  const buffer = ThrowIfFailed(
    device.CreateCommittedResource({
      HeapProperties: { Type: D3D12_HEAP_TYPE_DEFAULT },
      HeapFlags: D3D12_HEAP_FLAG_NONE,
      Desc: bufferDesc(256),
      InitialResourceState: D3D12_RESOURCE_STATE_COMMON,
      OptimizedClearValue: null,
    }),
  );
  buffer.SetName({ Name: 'buffer' });

  // 2. The upload buffer: both mips at their footprints (lesson 12), each filled with one colour
  const {
    Layouts: layouts,
    NumRows: numRows,
    RowSizeInBytes: rowSizes,
    TotalBytes: totalBytes,
  } = device.GetCopyableFootprints({
    ResourceDesc: texDesc,
    FirstSubresource: 0,
    NumSubresources: MipLevels,
    BaseOffset: 0,
  });
  const upload = ThrowIfFailed(
    device.CreateCommittedResource({
      HeapProperties: { Type: D3D12_HEAP_TYPE_UPLOAD },
      HeapFlags: D3D12_HEAP_FLAG_NONE,
      Desc: bufferDesc(totalBytes),
      InitialResourceState: D3D12_RESOURCE_STATE_GENERIC_READ,
      OptimizedClearValue: null,
    }),
  );
  const mapped = ThrowIfFailed(upload.Map({ Subresource: 0, ReadRange: { Begin: 0, End: 0 } }));
  const colours = [
    [40, 120, 220, 255],
    [230, 160, 30, 255],
  ];
  for (let m = 0; m < MipLevels; m++) {
    for (let y = 0; y < numRows[m]; y++) {
      for (let x = 0; x < rowSizes[m] / 4; x++)
        mapped.set(colours[m], layouts[m].Offset + y * layouts[m].Footprint.RowPitch + x * 4);
    }
  }
  upload.Unmap({ Subresource: 0, WrittenRange: { Begin: 0, End: totalBytes } });

  // An RTV on mip 1 only (Texture2D.MipSlice = 1)
  const rtvHeap = ThrowIfFailed(
    device.CreateDescriptorHeap({
      Type: D3D12_DESCRIPTOR_HEAP_TYPE_RTV,
      NumDescriptors: 1,
      Flags: D3D12_DESCRIPTOR_HEAP_FLAG_NONE,
    }),
  );
  const mip1Rtv = rtvHeap.GetCPUDescriptorHandleForHeapStart();
  device.CreateRenderTargetView({
    Resource: texture,
    Desc: {
      Format: DXGI_FORMAT_R8G8B8A8_UNORM,
      ViewDimension: D3D12_RTV_DIMENSION_TEXTURE2D,
      Texture2D: { MipSlice: 1 },
    },
    DestDescriptor: mip1Rtv,
  });

  // Submission 1: no barrier before the copies — COMMON textures promote to COPY_DEST, buffers to anything
  ThrowIfFailed({ hr: allocator.Reset() });
  ThrowIfFailed({ hr: list.Reset({ Allocator: allocator, InitialState: null }) });
  for (let m = 0; m < MipLevels; m++) {
    list.CopyTextureRegion({
      Dst: {
        Resource: texture,
        Type: D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX,
        SubresourceIndex: CalcSubresource(m, 0, 0, MipLevels, 1),
      },
      DstX: 0,
      DstY: 0,
      DstZ: 0,
      Src: { Resource: upload, Type: D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT, PlacedFootprint: layouts[m] },
      SrcBox: null,
    });
  }
  list.CopyBufferRegion({ DstBuffer: buffer, DstOffset: 0, SrcBuffer: upload, SrcOffset: 0, NumBytes: 256 });

  // Each mip on its own, batched in one call. BUG rely-on-promotion: mip 0 has no barrier ("it decays to COMMON
  // after the submission, and COMMON promotes to PIXEL_SHADER_RESOURCE") — a write-promoted texture does not decay.
  // BUG before-state-wrong: mip 1's StateBefore says PIXEL_SHADER_RESOURCE; it is in COPY_DEST (promoted by its copy).
  const mip0 = CalcSubresource(0, 0, 0, MipLevels, 1);
  const mip1 = CalcSubresource(1, 0, 0, MipLevels, 1);
  const barriers = [
    ...(bug('rely-on-promotion')
      ? []
      : [TransitionSub(texture, mip0, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE)]),
    TransitionSub(
      texture,
      mip1,
      bug('before-state-wrong') ? D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE : D3D12_RESOURCE_STATE_COPY_DEST,
      D3D12_RESOURCE_STATE_RENDER_TARGET,
    ),
  ];
  list.ResourceBarrier({ NumBarriers: barriers.length, Barriers: barriers });
  list.ClearRenderTargetView({ RenderTargetView: mip1Rtv, ColorRGBA: [0.9, 0.2, 0.5, 1], NumRects: 0, Rects: null });
  list.ResourceBarrier({
    NumBarriers: 1,
    Barriers: [
      TransitionSub(texture, mip1, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE),
    ],
  });
  ThrowIfFailed({ hr: list.Close() });
  queue.ExecuteCommandLists({ NumCommandLists: 1, CommandLists: [list] });
  waitForGpu(frame); // the buffer decays to COMMON here; mip 0 / mip 1 keep their states

  // Root signature 1.1, pixel stage only: one table with t0 (DATA_STATIC_WHILE_SET_AT_EXECUTE by default, so the layer checks its
  // state at ExecuteCommandLists), a static point sampler s0
  const blob = ThrowIfFailed(
    sys.D3D12SerializeVersionedRootSignature({
      RootSignature: {
        Version: D3D_ROOT_SIGNATURE_VERSION_1_1,
        Desc_1_1: {
          NumParameters: 1,
          Parameters: [
            {
              ParameterType: D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE,
              ShaderVisibility: D3D12_SHADER_VISIBILITY_PIXEL,
              DescriptorTable: {
                NumDescriptorRanges: 1,
                DescriptorRanges: [
                  {
                    RangeType: D3D12_DESCRIPTOR_RANGE_TYPE_SRV,
                    NumDescriptors: 1,
                    BaseShaderRegister: 0,
                    RegisterSpace: 0,
                    OffsetInDescriptorsFromTableStart: 0,
                  },
                ],
              },
            },
          ],
          NumStaticSamplers: 1,
          StaticSamplers: [
            {
              Filter: D3D12_FILTER_MIN_MAG_MIP_POINT,
              AddressU: D3D12_TEXTURE_ADDRESS_MODE_CLAMP,
              AddressV: D3D12_TEXTURE_ADDRESS_MODE_CLAMP,
              AddressW: D3D12_TEXTURE_ADDRESS_MODE_CLAMP,
              MaxLOD: 1000,
              ShaderRegister: 0,
              RegisterSpace: 0,
              ShaderVisibility: D3D12_SHADER_VISIBILITY_PIXEL,
            },
          ],
          Flags: D3D12_ROOT_SIGNATURE_FLAG_NONE,
        },
      },
    }),
  );
  const rootSignature = ThrowIfFailed(device.CreateRootSignature({ nodeMask: 0, BlobWithRootSignature: blob }));
  const VS = ThrowIfFailed(D3DCompile({ SrcData: VS_HLSL, Entrypoint: 'VSMain', Target: 'vs_5_0', Wgsl: SAMPLE_WGSL }));
  const PS = ThrowIfFailed(D3DCompile({ SrcData: PS_HLSL, Entrypoint: 'PSMain', Target: 'ps_5_0', Wgsl: SAMPLE_WGSL }));
  const pso = ThrowIfFailed(
    device.CreateGraphicsPipelineState({
      Desc: {
        RootSignature: rootSignature,
        VS,
        PS,
        InputLayout: { NumElements: 0, InputElementDescs: [] },
        BlendState: { RenderTarget: [{ BlendEnable: false, RenderTargetWriteMask: 0xf }] },
        DepthStencilState: { DepthEnable: false, StencilEnable: false },
        SampleMask: 0xffffffff,
        PrimitiveTopologyType: D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE,
        NumRenderTargets: 1,
        RTVFormats: [BackBufferFormat],
        SampleDesc: { Count: 1, Quality: 0 },
      },
    }),
  );
  const srvHeap = ThrowIfFailed(
    device.CreateDescriptorHeap({
      Type: D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
      NumDescriptors: 1,
      Flags: D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE,
    }),
  );
  device.CreateShaderResourceView({
    Resource: texture,
    Desc: null,
    DestDescriptor: srvHeap.GetCPUDescriptorHandleForHeapStart(),
  });

  // Submission 2: sample the texture (both mips must be in PIXEL_SHADER_RESOURCE)
  ThrowIfFailed({ hr: allocator.Reset() });
  ThrowIfFailed({ hr: list.Reset({ Allocator: allocator, InitialState: pso }) });
  const backBuffer = frame.renderTargets[frame.frameIndex];
  const rtv = currentRtv(frame);
  list.ResourceBarrier({
    NumBarriers: 1,
    Barriers: [Transition(backBuffer, D3D12_RESOURCE_STATE_PRESENT, D3D12_RESOURCE_STATE_RENDER_TARGET)],
  });
  list.OMSetRenderTargets({
    NumRenderTargetDescriptors: 1,
    RenderTargetDescriptors: [rtv],
    RTsSingleHandleToDescriptorRange: false,
    DepthStencilDescriptor: null,
  });
  list.SetGraphicsRootSignature({ RootSignature: rootSignature });
  list.SetDescriptorHeaps({ NumDescriptorHeaps: 1, DescriptorHeaps: [srvHeap] });
  list.SetGraphicsRootDescriptorTable({
    RootParameterIndex: 0,
    BaseDescriptor: srvHeap.GetGPUDescriptorHandleForHeapStart(),
  });
  list.RSSetViewports({
    NumViewports: 1,
    Viewports: [{ TopLeftX: 0, TopLeftY: 0, Width: frame.width, Height: frame.height, MinDepth: 0, MaxDepth: 1 }],
  });
  list.RSSetScissorRects({ NumRects: 1, Rects: [{ left: 0, top: 0, right: frame.width, bottom: frame.height }] });
  list.IASetPrimitiveTopology({ PrimitiveTopology: D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST });
  list.DrawInstanced({ VertexCountPerInstance: 3, InstanceCount: 1, StartVertexLocation: 0, StartInstanceLocation: 0 });
  list.ResourceBarrier({
    NumBarriers: 1,
    Barriers: [Transition(backBuffer, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PRESENT)],
  });
  ThrowIfFailed({ hr: list.Close() });
  queue.ExecuteCommandLists({ NumCommandLists: 1, CommandLists: [list] });
  ThrowIfFailed({ hr: swapChain.Present({ SyncInterval: 1, Flags: 0 }) });
  waitForGpu(frame);
  upload.Release();

  out.texture = texture.id;
  out.buffer = buffer.id;
}
