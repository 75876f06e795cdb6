// Lesson A9 — Enhanced barriers: lesson 19's work done twice in one command list. Texture A goes through it with
// legacy ResourceBarrier (states, promotion), texture B with ID3D12GraphicsCommandList7::Barrier (layouts, sync and
// access): both mips filled by copies, mip 0 made readable by shaders, mip 1 cleared as a render target and then made
// readable too. A DEFAULT buffer filled by a copy gets a buffer barrier (buffers have no layout: sync and access only).
// The draw shows A on the left half and B on the right: mip 0 on the top row, mip 1 on the bottom row.
import {
  type D3D12System,
  type D3D12_TEXTURE_BARRIER,
  type ID3D12Resource,
  D3D_ROOT_SIGNATURE_VERSION_1_1,
  D3D12_BARRIER_ACCESS_COPY_DEST,
  D3D12_BARRIER_ACCESS_NO_ACCESS,
  D3D12_BARRIER_ACCESS_RENDER_TARGET,
  D3D12_BARRIER_ACCESS_SHADER_RESOURCE,
  D3D12_BARRIER_LAYOUT_COMMON,
  D3D12_BARRIER_LAYOUT_COPY_DEST,
  D3D12_BARRIER_LAYOUT_RENDER_TARGET,
  D3D12_BARRIER_LAYOUT_SHADER_RESOURCE,
  D3D12_BARRIER_SYNC_COPY,
  D3D12_BARRIER_SYNC_NONE,
  D3D12_BARRIER_SYNC_PIXEL_SHADING,
  D3D12_BARRIER_SYNC_RENDER_TARGET,
  D3D12_BARRIER_TYPE_BUFFER,
  D3D12_BARRIER_TYPE_TEXTURE,
  D3D12_DESCRIPTOR_HEAP_FLAG_NONE,
  D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE,
  D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
  D3D12_DESCRIPTOR_HEAP_TYPE_RTV,
  D3D12_DESCRIPTOR_RANGE_TYPE_SRV,
  D3D12_FEATURE_D3D12_OPTIONS12,
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
} from '../../core';
import { ThrowIfFailed } from '../runner';
import type { LessonEnv } from '../types';
import { D3DCompile } from '../common/compile';
import { BackBufferFormat, Transition, createFrame, currentRtv, waitForGpu } from '../common/frame';
import { VS_HLSL } from '../19-barriers/code';

/** Each half of the canvas tiles its texture every 32 pixels: the top row samples mip 0, the bottom row mip 1. */
export const PS_HLSL = `Texture2D tex : register(t0);
SamplerState smp : register(s0);
float4 PSMain(float4 pos : SV_POSITION) : SV_TARGET
{
    return tex.SampleLevel(smp, frac(pos.xy / 32), pos.y < 32 ? 0 : 1);
}`;
export const SAMPLE_LEVEL_WGSL = `@group(0) @binding(0) var tex: texture_2d<f32>;
@group(0) @binding(1) var smp: sampler;
@vertex fn VSMain(@builtin(vertex_index) id: u32) -> @builtin(position) vec4f {
  let uv = vec2f(f32((id << 1u) & 2u), f32(id & 2u));
  return vec4f(uv * vec2f(2.0, -2.0) + vec2f(-1.0, 1.0), 0.0, 1.0);
}
@fragment fn PSMain(@builtin(position) pos: vec4f) -> @location(0) vec4f {
  return textureSampleLevel(tex, smp, fract(pos.xy / 32.0), select(1.0, 0.0, pos.y < 32.0));
}`;

const TexSize = 32;
const MipLevels = 2;
/** mip 0's colour (the copies) and mip 1's clear colour */
export const MIP0_RGBA = [40, 120, 220, 255];
export const MIP1_CLEAR = [0.9, 0.2, 0.5, 1];

/** A legacy transition of one subresource. */
const TransitionSub = (Resource: ID3D12Resource, Subresource: number, StateBefore: number, StateAfter: number) => ({
  Type: D3D12_RESOURCE_BARRIER_TYPE_TRANSITION,
  Transition: { Resource, Subresource, StateBefore, StateAfter },
});

/** An enhanced texture barrier on one mip (NumMipLevels 1), or on every subresource (mip -1). */
const TextureBarrier = (
  Resource: ID3D12Resource,
  mip: number,
  [SyncBefore, SyncAfter]: number[],
  [AccessBefore, AccessAfter]: number[],
  [LayoutBefore, LayoutAfter]: number[],
): D3D12_TEXTURE_BARRIER => ({
  SyncBefore,
  SyncAfter,
  AccessBefore,
  AccessAfter,
  LayoutBefore,
  LayoutAfter,
  Resource,
  Subresources:
    mip < 0
      ? { IndexOrFirstMipLevel: 0xffffffff, NumMipLevels: 0 }
      : {
          IndexOrFirstMipLevel: mip,
          NumMipLevels: 1,
          FirstArraySlice: 0,
          NumArraySlices: 1,
          FirstPlane: 0,
          NumPlanes: 1,
        },
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

  // 0. Enhanced barriers are optional: ask the driver (D3D12_FEATURE_DATA_D3D12_OPTIONS12)
  const options12 = ThrowIfFailed(device.CheckFeatureSupport({ Feature: D3D12_FEATURE_D3D12_OPTIONS12 }));
  out.enhancedBarriersSupported = options12.EnhancedBarriersSupported;

  // 1. Two identical textures with two mips, created in COMMON (= LAYOUT_COMMON); a DEFAULT buffer
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
  const makeTexture = (Name: string) => {
    const t = ThrowIfFailed(
      device.CreateCommittedResource({
        HeapProperties: { Type: D3D12_HEAP_TYPE_DEFAULT },
        HeapFlags: D3D12_HEAP_FLAG_NONE,
        Desc: texDesc,
        InitialResourceState: D3D12_RESOURCE_STATE_COMMON,
        OptimizedClearValue: { Format: DXGI_FORMAT_R8G8B8A8_UNORM, Color: MIP1_CLEAR },
      }),
    );
    t.SetName({ Name });
    return t;
  };
  const legacyTex = makeTexture('legacyTexture');
  const enhancedTex = makeTexture('enhancedTexture');
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

  // 2. The upload buffer: both mips at their footprints (lesson 12), each one colour; mip 1 is cleared over later
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
  for (let m = 0; m < MipLevels; m++)
    for (let y = 0; y < numRows[m]; y++)
      for (let x = 0; x < rowSizes[m] / 4; x++)
        mapped.set(
          m === 0 ? MIP0_RGBA : [230, 160, 30, 255],
          layouts[m].Offset + y * layouts[m].Footprint.RowPitch + x * 4,
        );
  upload.Unmap({ Subresource: 0, WrittenRange: { Begin: 0, End: totalBytes } });

  // One RTV per texture, on mip 1 only
  const rtvHeap = ThrowIfFailed(
    device.CreateDescriptorHeap({
      Type: D3D12_DESCRIPTOR_HEAP_TYPE_RTV,
      NumDescriptors: 2,
      Flags: D3D12_DESCRIPTOR_HEAP_FLAG_NONE,
    }),
  );
  const rtvStep = device.GetDescriptorHandleIncrementSize({ DescriptorHeapType: D3D12_DESCRIPTOR_HEAP_TYPE_RTV });
  const rtvStart = rtvHeap.GetCPUDescriptorHandleForHeapStart();
  const mip1Rtv = [rtvStart, { ptr: rtvStart.ptr + rtvStep }];
  [legacyTex, enhancedTex].forEach((Resource, k) =>
    device.CreateRenderTargetView({
      Resource,
      Desc: {
        Format: DXGI_FORMAT_R8G8B8A8_UNORM,
        ViewDimension: D3D12_RTV_DIMENSION_TEXTURE2D,
        Texture2D: { MipSlice: 1 },
      },
      DestDescriptor: mip1Rtv[k],
    }),
  );
  const copyMips = (Resource: ID3D12Resource) => {
    for (let m = 0; m < MipLevels; m++)
      list.CopyTextureRegion({
        Dst: { Resource, Type: D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX, SubresourceIndex: m },
        DstX: 0,
        DstY: 0,
        DstZ: 0,
        Src: { Resource: upload, Type: D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT, PlacedFootprint: layouts[m] },
        SrcBox: null,
      });
  };

  ThrowIfFailed({ hr: allocator.Reset() });
  ThrowIfFailed({ hr: list.Reset({ Allocator: allocator, InitialState: null }) });

  // 3a. Legacy (lesson 19): COMMON promotes to COPY_DEST for the copies, then one state per mip
  copyMips(legacyTex);
  list.ResourceBarrier({
    NumBarriers: 2,
    Barriers: [
      TransitionSub(legacyTex, 0, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE),
      TransitionSub(legacyTex, 1, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_RENDER_TARGET),
    ],
  });
  list.ClearRenderTargetView({ RenderTargetView: mip1Rtv[0], ColorRGBA: MIP1_CLEAR, NumRects: 0, Rects: null });
  list.ResourceBarrier({
    NumBarriers: 1,
    Barriers: [
      TransitionSub(legacyTex, 1, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE),
    ],
  });

  // 3b. Enhanced: no promotion — say each layout, and which work waits for which (sync) and what it touches (access).
  // Before the copies: nothing to wait for (SYNC_NONE, NO_ACCESS), the copy stage then writes (COPY, COPY_DEST).
  list.Barrier({
    NumBarrierGroups: 1,
    BarrierGroups: [
      {
        Type: D3D12_BARRIER_TYPE_TEXTURE,
        NumBarriers: 1,
        TextureBarriers: [
          TextureBarrier(
            enhancedTex,
            -1,
            [D3D12_BARRIER_SYNC_NONE, D3D12_BARRIER_SYNC_COPY],
            [D3D12_BARRIER_ACCESS_NO_ACCESS, D3D12_BARRIER_ACCESS_COPY_DEST],
            [D3D12_BARRIER_LAYOUT_COMMON, D3D12_BARRIER_LAYOUT_COPY_DEST],
          ),
        ],
      },
    ],
  });
  copyMips(enhancedTex);
  list.CopyBufferRegion({ DstBuffer: buffer, DstOffset: 0, SrcBuffer: upload, SrcOffset: 0, NumBytes: 256 });
  // After the copies: mip 0 for the pixel shader, mip 1 for the render target; the buffer's copy write made visible
  // to pixel shaders (a buffer barrier: no layout). BUG sync-none-with-access: mip 0's SyncBefore says "no work to
  // wait for" while its AccessBefore still names the copy's writes. BUG layout-before-mismatch: mip 1's LayoutBefore
  // says COMMON (the layout it was created in); the first barrier moved it to COPY_DEST.
  list.Barrier({
    NumBarrierGroups: 2,
    BarrierGroups: [
      {
        Type: D3D12_BARRIER_TYPE_TEXTURE,
        NumBarriers: 2,
        TextureBarriers: [
          TextureBarrier(
            enhancedTex,
            0,
            [
              bug('sync-none-with-access') ? D3D12_BARRIER_SYNC_NONE : D3D12_BARRIER_SYNC_COPY,
              D3D12_BARRIER_SYNC_PIXEL_SHADING,
            ],
            [D3D12_BARRIER_ACCESS_COPY_DEST, D3D12_BARRIER_ACCESS_SHADER_RESOURCE],
            [D3D12_BARRIER_LAYOUT_COPY_DEST, D3D12_BARRIER_LAYOUT_SHADER_RESOURCE],
          ),
          TextureBarrier(
            enhancedTex,
            1,
            [D3D12_BARRIER_SYNC_COPY, D3D12_BARRIER_SYNC_RENDER_TARGET],
            [D3D12_BARRIER_ACCESS_COPY_DEST, D3D12_BARRIER_ACCESS_RENDER_TARGET],
            [
              bug('layout-before-mismatch') ? D3D12_BARRIER_LAYOUT_COMMON : D3D12_BARRIER_LAYOUT_COPY_DEST,
              D3D12_BARRIER_LAYOUT_RENDER_TARGET,
            ],
          ),
        ],
      },
      {
        Type: D3D12_BARRIER_TYPE_BUFFER,
        NumBarriers: 1,
        BufferBarriers: [
          {
            SyncBefore: D3D12_BARRIER_SYNC_COPY,
            SyncAfter: D3D12_BARRIER_SYNC_PIXEL_SHADING,
            AccessBefore: D3D12_BARRIER_ACCESS_COPY_DEST,
            AccessAfter: D3D12_BARRIER_ACCESS_SHADER_RESOURCE,
            Resource: buffer,
            Offset: 0,
            Size: 0xffffffffffffffffn, // UINT64_MAX: the whole buffer
          },
        ],
      },
    ],
  });
  list.ClearRenderTargetView({ RenderTargetView: mip1Rtv[1], ColorRGBA: MIP1_CLEAR, NumRects: 0, Rects: null });
  // BUG wrong-layout: this barrier is left out, so mip 1 is sampled while still in the RENDER_TARGET layout
  if (!bug('wrong-layout'))
    list.Barrier({
      NumBarrierGroups: 1,
      BarrierGroups: [
        {
          Type: D3D12_BARRIER_TYPE_TEXTURE,
          NumBarriers: 1,
          TextureBarriers: [
            TextureBarrier(
              enhancedTex,
              1,
              [D3D12_BARRIER_SYNC_RENDER_TARGET, D3D12_BARRIER_SYNC_PIXEL_SHADING],
              [D3D12_BARRIER_ACCESS_RENDER_TARGET, D3D12_BARRIER_ACCESS_SHADER_RESOURCE],
              [D3D12_BARRIER_LAYOUT_RENDER_TARGET, D3D12_BARRIER_LAYOUT_SHADER_RESOURCE],
            ),
          ],
        },
      ],
    });
  ThrowIfFailed({ hr: list.Close() });
  queue.ExecuteCommandLists({ NumCommandLists: 1, CommandLists: [list] });
  waitForGpu(frame);

  // 4. The draw: root signature 1.1 with one SRV table (t0) and a static point sampler (lesson 19)
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
  const VS = ThrowIfFailed(
    D3DCompile({ SrcData: VS_HLSL, Entrypoint: 'VSMain', Target: 'vs_5_0', Wgsl: SAMPLE_LEVEL_WGSL }),
  );
  const PS = ThrowIfFailed(
    D3DCompile({ SrcData: PS_HLSL, Entrypoint: 'PSMain', Target: 'ps_5_0', Wgsl: SAMPLE_LEVEL_WGSL }),
  );
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
  // SRV 0: the legacy texture, SRV 1: the enhanced one (both mips each)
  const srvHeap = ThrowIfFailed(
    device.CreateDescriptorHeap({
      Type: D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
      NumDescriptors: 2,
      Flags: D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE,
    }),
  );
  const srvStep = device.GetDescriptorHandleIncrementSize({
    DescriptorHeapType: D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
  });
  const srvCpu = srvHeap.GetCPUDescriptorHandleForHeapStart();
  const srvGpu = srvHeap.GetGPUDescriptorHandleForHeapStart();
  [legacyTex, enhancedTex].forEach((Resource, k) =>
    device.CreateShaderResourceView({ Resource, Desc: null, DestDescriptor: { ptr: srvCpu.ptr + k * srvStep } }),
  );

  ThrowIfFailed({ hr: allocator.Reset() });
  ThrowIfFailed({ hr: list.Reset({ Allocator: allocator, InitialState: pso }) });
  const backBuffer = frame.renderTargets[frame.frameIndex];
  list.ResourceBarrier({
    NumBarriers: 1,
    Barriers: [Transition(backBuffer, D3D12_RESOURCE_STATE_PRESENT, D3D12_RESOURCE_STATE_RENDER_TARGET)],
  });
  list.OMSetRenderTargets({
    NumRenderTargetDescriptors: 1,
    RenderTargetDescriptors: [currentRtv(frame)],
    RTsSingleHandleToDescriptorRange: false,
    DepthStencilDescriptor: null,
  });
  list.SetGraphicsRootSignature({ RootSignature: rootSignature });
  list.SetDescriptorHeaps({ NumDescriptorHeaps: 1, DescriptorHeaps: [srvHeap] });
  list.IASetPrimitiveTopology({ PrimitiveTopology: D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST });
  const half = frame.width / 2;
  for (let k = 0; k < 2; k++) {
    // left half: the legacy texture; right half: the enhanced one
    list.SetGraphicsRootDescriptorTable({ RootParameterIndex: 0, BaseDescriptor: { ptr: srvGpu.ptr + k * srvStep } });
    list.RSSetViewports({
      NumViewports: 1,
      Viewports: [{ TopLeftX: k * half, TopLeftY: 0, Width: half, Height: frame.height, MinDepth: 0, MaxDepth: 1 }],
    });
    list.RSSetScissorRects({
      NumRects: 1,
      Rects: [{ left: k * half, top: 0, right: (k + 1) * half, bottom: frame.height }],
    });
    list.DrawInstanced({
      VertexCountPerInstance: 3,
      InstanceCount: 1,
      StartVertexLocation: 0,
      StartInstanceLocation: 0,
    });
  }
  list.ResourceBarrier({
    NumBarriers: 1,
    Barriers: [Transition(backBuffer, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PRESENT)],
  });
  ThrowIfFailed({ hr: list.Close() });
  queue.ExecuteCommandLists({ NumCommandLists: 1, CommandLists: [list] });
  ThrowIfFailed({ hr: swapChain.Present({ SyncInterval: 1, Flags: 0 }) });
  waitForGpu(frame);
  upload.Release();

  out.legacy = legacyTex.id;
  out.enhanced = enhancedTex.id;
  out.buffer = buffer.id;
}
