// The D3D12 calls the panels' trace programs share (small.ts, frameLoop.ts): descriptors, a device with its queue,
// fence and event, a textured pipeline, uploads, signal-and-wait. Test data: a failed call throws (ok()).
import {
  D3D12System,
  D3D12_COMMAND_LIST_TYPE_DIRECT,
  D3D12_DESCRIPTOR_RANGE_TYPE_SRV,
  D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE,
  D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES,
  D3D12_RESOURCE_BARRIER_TYPE_TRANSITION,
  D3D12_RESOURCE_DIMENSION_BUFFER,
  D3D12_RESOURCE_DIMENSION_TEXTURE2D,
  D3D12_RESOURCE_FLAG_NONE,
  D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE,
  D3D12_SHADER_VISIBILITY_PIXEL,
  D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT,
  D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX,
  D3D12_TEXTURE_LAYOUT_ROW_MAJOR,
  D3D12_TEXTURE_LAYOUT_UNKNOWN,
  D3D_FEATURE_LEVEL_11_0,
  D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST,
  D3D_ROOT_SIGNATURE_VERSION_1_1,
  DXGI_FORMAT_R8G8B8A8_UNORM,
  DXGI_FORMAT_UNKNOWN,
  INFINITE,
  type D3D12_RESOURCE_BARRIER,
  type D3D12_RESOURCE_DESC,
  type HRESULT,
  type ID3D12CommandQueue,
  type ID3D12DescriptorHeap,
  type ID3D12Device,
  type ID3D12Fence,
  type ID3D12GraphicsCommandList,
  type ID3D12PipelineState,
  type ID3D12Resource,
  type ID3D12RootSignature,
} from '../../../core';

export const KiB = 1024;

/** The program's own HRESULT check: test data that fails to build is a bug in this file, not a lesson. */
export function ok<T>(r: { hr: HRESULT; out?: T }): T {
  if (r.hr !== 'S_OK' || r.out === undefined) throw new Error(`trace program: ${r.hr}`);
  return r.out;
}

export const bufferDesc = (Width: number): Partial<D3D12_RESOURCE_DESC> => ({
  Dimension: D3D12_RESOURCE_DIMENSION_BUFFER,
  Width,
  Height: 1,
  DepthOrArraySize: 1,
  MipLevels: 1,
  Format: DXGI_FORMAT_UNKNOWN,
  SampleDesc: { Count: 1, Quality: 0 },
  Layout: D3D12_TEXTURE_LAYOUT_ROW_MAJOR,
});
export const textureDesc = (
  w: number,
  h: number,
  mips: number,
  Flags = D3D12_RESOURCE_FLAG_NONE,
): Partial<D3D12_RESOURCE_DESC> => ({
  Dimension: D3D12_RESOURCE_DIMENSION_TEXTURE2D,
  Width: w,
  Height: h,
  DepthOrArraySize: 1,
  MipLevels: mips,
  Format: DXGI_FORMAT_R8G8B8A8_UNORM,
  SampleDesc: { Count: 1, Quality: 0 },
  Layout: D3D12_TEXTURE_LAYOUT_UNKNOWN,
  Flags,
});
export const transition = (
  Resource: ID3D12Resource,
  StateBefore: number,
  StateAfter: number,
  Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES,
): D3D12_RESOURCE_BARRIER => ({
  Type: D3D12_RESOURCE_BARRIER_TYPE_TRANSITION,
  Transition: { Resource, Subresource, StateBefore, StateAfter },
});

export function named<T extends { SetName(a: { Name: string }): unknown }>(o: T, Name: string): T {
  o.SetName({ Name });
  return o;
}

/** A device with the debug layer on, its direct queue, one allocator + list (open), a fence and a CPU event. */
export function basics(sys: D3D12System) {
  sys.debugLayerEnabled = true;
  const device = ok(sys.D3D12CreateDevice({ MinimumFeatureLevel: D3D_FEATURE_LEVEL_11_0 }));
  const queue = named(ok(device.CreateCommandQueue({ Type: D3D12_COMMAND_LIST_TYPE_DIRECT })), 'direct queue');
  const allocator = ok(device.CreateCommandAllocator({ type: D3D12_COMMAND_LIST_TYPE_DIRECT }));
  const fence = named(ok(device.CreateFence({ InitialValue: 0 })), 'frame fence');
  const event = sys.CreateEvent({ bManualReset: false, bInitialState: false });
  return { device, queue, allocator, fence, event };
}

/** Root signature 1.1: one SRV table for the pixel shader (t0, static data), and a PSO whose pixel shader reads t0. */
export function texturedPipeline(
  sys: D3D12System,
  device: ID3D12Device,
  rtvFormats: number[],
): { rootSignature: ID3D12RootSignature; pso: ID3D12PipelineState } {
  const blob = ok(
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
                  { RangeType: D3D12_DESCRIPTOR_RANGE_TYPE_SRV, NumDescriptors: 1, BaseShaderRegister: 0 },
                ],
              },
            },
          ],
        },
      },
    }),
  );
  const rootSignature = ok(device.CreateRootSignature({ BlobWithRootSignature: blob }));
  const pso = ok(
    device.CreateGraphicsPipelineState({
      Desc: {
        RootSignature: rootSignature,
        VS: { BytecodeLength: 64, Reflection: { Inputs: [{ SemanticName: 'SV_VertexID' }], Resources: [] } },
        PS: { BytecodeLength: 64, Reflection: { Inputs: [], Resources: [{ Type: 'SRV', Register: 0 }] } },
        PrimitiveTopologyType: D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE,
        NumRenderTargets: rtvFormats.length,
        RTVFormats: rtvFormats,
        SampleDesc: { Count: 1, Quality: 0 },
      },
    }),
  );
  return { rootSignature, pso };
}

/** Bind the pipeline, the SRV heap and its table (a GPU handle the caller took), viewport and scissor; then one draw. */
export function drawWithTable(
  list: ID3D12GraphicsCommandList,
  p: ReturnType<typeof texturedPipeline>,
  heap: ID3D12DescriptorHeap,
  table: number,
  size: number,
): void {
  list.SetPipelineState({ PipelineState: p.pso });
  list.SetGraphicsRootSignature({ RootSignature: p.rootSignature });
  list.SetDescriptorHeaps({ NumDescriptorHeaps: 1, DescriptorHeaps: [heap] });
  list.SetGraphicsRootDescriptorTable({ RootParameterIndex: 0, BaseDescriptor: { ptr: table } });
  list.RSSetViewports({
    NumViewports: 1,
    Viewports: [{ TopLeftX: 0, TopLeftY: 0, Width: size, Height: size, MinDepth: 0, MaxDepth: 1 }],
  });
  list.RSSetScissorRects({ NumRects: 1, Rects: [{ left: 0, top: 0, right: size, bottom: size }] });
  list.IASetPrimitiveTopology({ PrimitiveTopology: D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST });
  list.DrawInstanced({ VertexCountPerInstance: 3, InstanceCount: 1, StartVertexLocation: 0, StartInstanceLocation: 0 });
}

/** A texture's mip footprints in an upload buffer (asked before recording, as the samples do). */
export function footprints(device: ID3D12Device, texture: ID3D12Resource, mips: number) {
  return device.GetCopyableFootprints({
    ResourceDesc: texture.GetDesc(),
    FirstSubresource: 0,
    NumSubresources: mips,
    BaseOffset: 0,
  });
}

/** Copy the mips `fp` lays out from an upload buffer into a texture. */
export function uploadMips(
  list: ID3D12GraphicsCommandList,
  texture: ID3D12Resource,
  upload: ID3D12Resource,
  fp: ReturnType<typeof footprints>,
): void {
  for (let m = 0; m < fp.Layouts.length; m++) {
    list.CopyTextureRegion({
      Dst: { Resource: texture, Type: D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX, SubresourceIndex: m },
      DstX: 0,
      DstY: 0,
      DstZ: 0,
      Src: { Resource: upload, Type: D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT, PlacedFootprint: fp.Layouts[m] },
      SrcBox: null,
    });
  }
}

/** Signal `value` on the queue, then block the CPU until the fence reaches `until` (or `timeoutMs` passes). */
export function signalAndWait(
  sys: D3D12System,
  queue: ID3D12CommandQueue,
  fence: ID3D12Fence,
  event: number,
  value: number,
  until = value,
  timeoutMs = INFINITE,
): HRESULT {
  ok({ hr: queue.Signal({ Fence: fence, Value: value }), out: true });
  fence.SetEventOnCompletion({ Value: until, hEvent: event });
  return sys.WaitForSingleObject({ hHandle: event, dwMilliseconds: timeoutMs });
}
