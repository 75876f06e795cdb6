// Lesson 14 — Texture states: the texture lesson 13 filled through the copy path is read by a pixel shader, and in
// between one transition barrier says "the writing is over": COPY_DEST → PIXEL_SHADER_RESOURCE. The SRV, its heap
// and the descriptor table are borrowed here and explained in lessons 15 and 16.
import {
  type D3D12System,
  type ID3D12Device,
  type ID3D12RootSignature,
  type ID3D12GraphicsCommandList,
  D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST,
  D3D_ROOT_SIGNATURE_VERSION_1_1,
  D3D12_COMPARISON_FUNC_NEVER,
  D3D12_CULL_MODE_NONE,
  D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING,
  D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE,
  D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
  D3D12_DESCRIPTOR_RANGE_FLAG_NONE,
  D3D12_DESCRIPTOR_RANGE_TYPE_SRV,
  D3D12_FILL_MODE_SOLID,
  D3D12_FILTER_MIN_MAG_MIP_POINT,
  D3D12_HEAP_FLAG_NONE,
  D3D12_HEAP_TYPE_DEFAULT,
  D3D12_HEAP_TYPE_UPLOAD,
  D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA,
  D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE,
  D3D12_RESOURCE_DIMENSION_BUFFER,
  D3D12_RESOURCE_DIMENSION_TEXTURE2D,
  D3D12_RESOURCE_FLAG_NONE,
  D3D12_RESOURCE_STATE_COPY_DEST,
  D3D12_RESOURCE_STATE_GENERIC_READ,
  D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE,
  D3D12_RESOURCE_STATE_PRESENT,
  D3D12_RESOURCE_STATE_RENDER_TARGET,
  D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE,
  D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT,
  D3D12_SHADER_VISIBILITY_PIXEL,
  D3D12_SRV_DIMENSION_TEXTURE2D,
  D3D12_STATIC_BORDER_COLOR_OPAQUE_BLACK,
  D3D12_TEXTURE_ADDRESS_MODE_WRAP,
  D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT,
  D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX,
  D3D12_TEXTURE_LAYOUT_ROW_MAJOR,
  D3D12_TEXTURE_LAYOUT_UNKNOWN,
  DXGI_FORMAT_R32G32B32_FLOAT,
  DXGI_FORMAT_R32G32_FLOAT,
  DXGI_FORMAT_R8G8B8A8_UNORM,
  DXGI_FORMAT_UNKNOWN,
} from '../../core';
import { ThrowIfFailed } from '../runner';
import type { LessonEnv } from '../types';
import { D3DCompile } from '../common/compile';
import { BackBufferFormat, Transition, createFrame, currentRtv, waitForGpu, type Frame } from '../common/frame';
import { TEXTURED_PS_HLSL, TEXTURED_VS_HLSL, TEXTURED_WGSL } from './shaders';

export const TexSize = 4;
export const LIGHT = [240, 240, 240, 255];
export const BLUE = [32, 96, 192, 255];

/** A TexSize × TexSize checkerboard, R8G8B8A8_UNORM rows TexSize × 4 bytes apart: texel (x, y) is LIGHT when x + y is even. */
export function CheckerPixels(a = LIGHT, b = BLUE): Uint8Array {
  const p = new Uint8Array(TexSize * TexSize * 4);
  for (let y = 0; y < TexSize; y++)
    for (let x = 0; x < TexSize; x++) p.set((x + y) % 2 === 0 ? a : b, (y * TexSize + x) * 4);
  return p;
}

const buffer = (Width: number) => ({
  Dimension: D3D12_RESOURCE_DIMENSION_BUFFER,
  Width,
  Height: 1,
  DepthOrArraySize: 1,
  MipLevels: 1,
  Format: DXGI_FORMAT_UNKNOWN,
  SampleDesc: { Count: 1, Quality: 0 },
  Layout: D3D12_TEXTURE_LAYOUT_ROW_MAJOR,
});

/**
 * Lesson 13's upload path: a DEFAULT texture created in COPY_DEST, an UPLOAD buffer at its footprint (Map, rows at
 * the footprint's RowPitch, Unmap), and CopyTextureRegion recorded on `list`. The upload buffer must live until the
 * GPU has run the copy.
 */
export function UploadTexture(
  device: ID3D12Device,
  list: ID3D12GraphicsCommandList,
  pixels: Uint8Array,
  width: number,
  height: number,
  name: string,
  Format: number = DXGI_FORMAT_R8G8B8A8_UNORM,
) {
  const texDesc = {
    Dimension: D3D12_RESOURCE_DIMENSION_TEXTURE2D,
    Alignment: 0,
    Width: width,
    Height: height,
    DepthOrArraySize: 1,
    MipLevels: 1,
    Format,
    SampleDesc: { Count: 1, Quality: 0 },
    Layout: D3D12_TEXTURE_LAYOUT_UNKNOWN,
    Flags: D3D12_RESOURCE_FLAG_NONE,
  };
  const texture = ThrowIfFailed(
    device.CreateCommittedResource({
      HeapProperties: { Type: D3D12_HEAP_TYPE_DEFAULT },
      HeapFlags: D3D12_HEAP_FLAG_NONE,
      Desc: texDesc,
      InitialResourceState: D3D12_RESOURCE_STATE_COPY_DEST,
      OptimizedClearValue: null,
    }),
  );
  texture.SetName({ Name: name });
  const {
    Layouts: [fp],
    NumRows: [numRows],
    RowSizeInBytes: [rowSize],
    TotalBytes: totalBytes,
  } = device.GetCopyableFootprints({ ResourceDesc: texDesc, FirstSubresource: 0, NumSubresources: 1, BaseOffset: 0 });
  const upload = ThrowIfFailed(
    device.CreateCommittedResource({
      HeapProperties: { Type: D3D12_HEAP_TYPE_UPLOAD },
      HeapFlags: D3D12_HEAP_FLAG_NONE,
      Desc: buffer(totalBytes),
      InitialResourceState: D3D12_RESOURCE_STATE_GENERIC_READ,
      OptimizedClearValue: null,
    }),
  );
  const mapped = ThrowIfFailed(upload.Map({ Subresource: 0, ReadRange: { Begin: 0, End: 0 } }));
  for (let y = 0; y < numRows; y++)
    mapped.set(pixels.subarray(y * width * 4, y * width * 4 + rowSize), fp.Offset + y * fp.Footprint.RowPitch);
  upload.Unmap({ Subresource: 0, WrittenRange: { Begin: 0, End: totalBytes } });
  list.CopyTextureRegion({
    Dst: { Resource: texture, Type: D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX, SubresourceIndex: 0 },
    DstX: 0,
    DstY: 0,
    DstZ: 0,
    Src: { Resource: upload, Type: D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT, PlacedFootprint: fp },
    SrcBox: null,
  });
  return { texture, upload };
}

/** The SRV description of an R8G8B8A8_UNORM 2D texture with one mip. */
export const srvDesc = {
  Format: DXGI_FORMAT_R8G8B8A8_UNORM,
  ViewDimension: D3D12_SRV_DIMENSION_TEXTURE2D,
  Shader4ComponentMapping: D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING,
  Texture2D: { MostDetailedMip: 0, MipLevels: 1, PlaneSlice: 0, ResourceMinLODClamp: 0 },
};

/** A static sampler at s0 for the pixel shader (lesson 16 explains every field). */
export function StaticSampler(Filter = D3D12_FILTER_MIN_MAG_MIP_POINT, Address = D3D12_TEXTURE_ADDRESS_MODE_WRAP) {
  return {
    Filter,
    AddressU: Address,
    AddressV: Address,
    AddressW: Address,
    MipLODBias: 0,
    MaxAnisotropy: 0,
    ComparisonFunc: D3D12_COMPARISON_FUNC_NEVER,
    BorderColor: D3D12_STATIC_BORDER_COLOR_OPAQUE_BLACK,
    MinLOD: 0,
    MaxLOD: 3.402823466e38,
    ShaderRegister: 0,
    RegisterSpace: 0,
    ShaderVisibility: D3D12_SHADER_VISIBILITY_PIXEL,
  };
}

/**
 * Root signature 1.1: one descriptor table with one SRV range (t0; flags NONE = the 1.1 default,
 * DATA_STATIC_WHILE_SET_AT_EXECUTE), and the static sampler. Then the PSO with the textured shaders.
 */
export function CreateTexturedPipeline(
  sys: D3D12System,
  device: ID3D12Device,
  sampler: ReturnType<typeof StaticSampler>,
  rtvFormat: number = BackBufferFormat,
) {
  const ranges = [
    {
      RangeType: D3D12_DESCRIPTOR_RANGE_TYPE_SRV,
      NumDescriptors: 1,
      BaseShaderRegister: 0,
      RegisterSpace: 0,
      Flags: D3D12_DESCRIPTOR_RANGE_FLAG_NONE,
      OffsetInDescriptorsFromTableStart: 0,
    },
  ];
  const signature = ThrowIfFailed(
    sys.D3D12SerializeVersionedRootSignature({
      RootSignature: {
        Version: D3D_ROOT_SIGNATURE_VERSION_1_1,
        Desc_1_1: {
          NumParameters: 1,
          Parameters: [
            {
              ParameterType: D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE,
              DescriptorTable: { NumDescriptorRanges: 1, DescriptorRanges: ranges },
              ShaderVisibility: D3D12_SHADER_VISIBILITY_PIXEL,
            },
          ],
          NumStaticSamplers: 1,
          StaticSamplers: [sampler],
          Flags: D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT,
        },
      },
    }),
  );
  const rootSignature = ThrowIfFailed(device.CreateRootSignature({ nodeMask: 0, BlobWithRootSignature: signature }));
  return { rootSignature, pipelineState: CreateTexturedPso(device, rootSignature, rtvFormat) };
}

/** The PSO for the textured shaders (lessons 6–10): POSITION + TEXCOORD, no culling, the back buffer's format. */
export function CreateTexturedPso(
  device: ID3D12Device,
  rootSignature: ID3D12RootSignature,
  rtvFormat: number = BackBufferFormat,
) {
  const vertexShader = ThrowIfFailed(
    D3DCompile({ SrcData: TEXTURED_VS_HLSL, Entrypoint: 'VSMain', Target: 'vs_5_0', Wgsl: TEXTURED_WGSL }),
  );
  const pixelShader = ThrowIfFailed(
    D3DCompile({ SrcData: TEXTURED_PS_HLSL, Entrypoint: 'PSMain', Target: 'ps_5_0', Wgsl: TEXTURED_WGSL }),
  );
  const inputElementDescs = [
    {
      SemanticName: 'POSITION',
      SemanticIndex: 0,
      Format: DXGI_FORMAT_R32G32B32_FLOAT,
      InputSlot: 0,
      AlignedByteOffset: 0,
      InputSlotClass: D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA,
      InstanceDataStepRate: 0,
    },
    {
      SemanticName: 'TEXCOORD',
      SemanticIndex: 0,
      Format: DXGI_FORMAT_R32G32_FLOAT,
      InputSlot: 0,
      AlignedByteOffset: 12,
      InputSlotClass: D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA,
      InstanceDataStepRate: 0,
    },
  ];
  return ThrowIfFailed(
    device.CreateGraphicsPipelineState({
      Desc: {
        RootSignature: rootSignature,
        VS: vertexShader,
        PS: pixelShader,
        InputLayout: { NumElements: inputElementDescs.length, InputElementDescs: inputElementDescs },
        RasterizerState: {
          FillMode: D3D12_FILL_MODE_SOLID,
          CullMode: D3D12_CULL_MODE_NONE,
          FrontCounterClockwise: false,
          DepthClipEnable: true,
        },
        BlendState: { RenderTarget: [{ BlendEnable: false, RenderTargetWriteMask: 0xf }] },
        DepthStencilState: { DepthEnable: false, StencilEnable: false },
        SampleMask: 0xffffffff,
        PrimitiveTopologyType: D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE,
        NumRenderTargets: 1,
        RTVFormats: [rtvFormat],
        SampleDesc: { Count: 1, Quality: 0 },
      },
    }),
  );
}

/** A quad covering the viewport, two clockwise triangles; UV (0,0) top left to (uvMax, uvMax) bottom right. */
export function CreateQuad(device: ID3D12Device, uvMax: number) {
  const v = (x: number, y: number, u: number, w: number) => [x, y, 0, u, w];
  const vertices = new Float32Array([
    ...v(-1, 1, 0, 0),
    ...v(1, 1, uvMax, 0),
    ...v(1, -1, uvMax, uvMax),
    ...v(-1, 1, 0, 0),
    ...v(1, -1, uvMax, uvMax),
    ...v(-1, -1, 0, uvMax),
  ]);
  const vertexBuffer = ThrowIfFailed(
    device.CreateCommittedResource({
      HeapProperties: { Type: D3D12_HEAP_TYPE_UPLOAD },
      HeapFlags: D3D12_HEAP_FLAG_NONE,
      Desc: buffer(vertices.byteLength),
      InitialResourceState: D3D12_RESOURCE_STATE_GENERIC_READ,
      OptimizedClearValue: null,
    }),
  );
  const data = ThrowIfFailed(vertexBuffer.Map({ Subresource: 0, ReadRange: { Begin: 0, End: 0 } }));
  data.set(new Uint8Array(vertices.buffer));
  vertexBuffer.Unmap({ Subresource: 0, WrittenRange: null });
  return {
    vertexBuffer,
    view: { BufferLocation: vertexBuffer.GetGPUVirtualAddress(), SizeInBytes: vertices.byteLength, StrideInBytes: 20 },
  };
}

/** Clear the back buffer, draw the quad with the table at `table` (a GPU handle), present. The list is open. */
export function DrawTexturedQuad(
  frame: Frame,
  pso: ReturnType<typeof CreateTexturedPipeline>,
  quad: ReturnType<typeof CreateQuad>,
  heap: Parameters<ID3D12GraphicsCommandList['SetDescriptorHeaps']>[0]['DescriptorHeaps'][0],
  table: { ptr: number },
) {
  const { list } = frame;
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
  list.ClearRenderTargetView({ RenderTargetView: rtv, ColorRGBA: [1.0, 0.0, 1.0, 1.0], NumRects: 0, Rects: null });
  list.SetPipelineState({ PipelineState: pso.pipelineState });
  list.SetGraphicsRootSignature({ RootSignature: pso.rootSignature });
  list.SetDescriptorHeaps({ NumDescriptorHeaps: 1, DescriptorHeaps: [heap] });
  list.SetGraphicsRootDescriptorTable({ RootParameterIndex: 0, BaseDescriptor: table });
  list.RSSetViewports({
    NumViewports: 1,
    Viewports: [{ TopLeftX: 0, TopLeftY: 0, Width: frame.width, Height: frame.height, MinDepth: 0, MaxDepth: 1 }],
  });
  list.RSSetScissorRects({ NumRects: 1, Rects: [{ left: 0, top: 0, right: frame.width, bottom: frame.height }] });
  list.IASetPrimitiveTopology({ PrimitiveTopology: D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST });
  list.IASetVertexBuffers({ StartSlot: 0, NumViews: 1, Views: [quad.view] });
  list.DrawInstanced({ VertexCountPerInstance: 6, InstanceCount: 1, StartVertexLocation: 0, StartInstanceLocation: 0 });
  list.ResourceBarrier({
    NumBarriers: 1,
    Barriers: [Transition(backBuffer, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PRESENT)],
  });
  ThrowIfFailed({ hr: list.Close() });
  frame.queue.ExecuteCommandLists({ NumCommandLists: 1, CommandLists: [list] });
  ThrowIfFailed({ hr: frame.swapChain.Present({ SyncInterval: 1, Flags: 0 }) });
  waitForGpu(frame);
}

export function main(sys: D3D12System, env: LessonEnv, out: Record<string, unknown>) {
  const bug = (id: string) => env.bugs.has(id);
  const frame = createFrame(sys, env); // lessons 2–4 (src/lessons/common/frame.ts)
  const { device, list, allocator } = frame;
  const pso = CreateTexturedPipeline(sys, device, StaticSampler()); // point filter, wrap (lesson 16)
  const quad = CreateQuad(device, 1);

  ThrowIfFailed({ hr: allocator.Reset() });
  ThrowIfFailed({ hr: list.Reset({ Allocator: allocator, InitialState: null }) });

  // 1. Lesson 13: the checkerboard into a DEFAULT texture through an upload buffer. The texture is in COPY_DEST.
  const pixels = CheckerPixels();
  const { texture, upload } = UploadTexture(device, list, pixels, TexSize, TexSize, 'checker');

  // 2. The SRV the pixel shader reads it through (lesson 15): slot 0 of a shader-visible CBV_SRV_UAV heap
  const srvHeap = ThrowIfFailed(
    device.CreateDescriptorHeap({
      Type: D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
      NumDescriptors: 1,
      Flags: D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE,
    }),
  );
  device.CreateShaderResourceView({
    Resource: texture,
    Desc: srvDesc,
    DestDescriptor: srvHeap.GetCPUDescriptorHandleForHeapStart(),
  });

  // 3. The subject: the copy wrote the texture, the pixel shader is about to read it. Tell the driver.
  //    BUG missing-barrier: no transition; the texture is still in COPY_DEST when the draw samples it.
  if (!bug('missing-barrier')) {
    list.ResourceBarrier({
      NumBarriers: 1,
      Barriers: [Transition(texture, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE)],
    });
  }

  // 4. Draw the quad sampling it (root signature 1.1, static range: the debug layer checks the state right here,
  //    at SetGraphicsRootDescriptorTable), execute, present, wait; then the upload buffer may go.
  DrawTexturedQuad(frame, pso, quad, srvHeap, srvHeap.GetGPUDescriptorHandleForHeapStart());
  upload.Release();

  out.source = pixels;
  out.uvMax = 1;
  out.texture = texture.id;
}
