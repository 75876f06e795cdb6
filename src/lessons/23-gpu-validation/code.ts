// Lesson 23 — What the CPU-side debug layer can check and what only GPU-based validation (GBV) can. The draw reads
// its texture through a descriptor table whose range is DESCRIPTORS_VOLATILE: the application promises only that
// the descriptors are valid when the GPU executes the draw, so the layer cannot check them when the table is set.
// The descriptor the table points at was never written. The CPU-side layer stays silent; GBV, which patches the
// shaders and checks on the GPU timeline, reports it once the GPU has run the draw. The page launches the program
// twice: GBV off, then on (the `gpuBasedValidation` parameter, like a command-line switch).
import {
  type D3D12System,
  type ID3D12Debug,
  D3D_FEATURE_LEVEL_11_0,
  D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST,
  D3D_ROOT_SIGNATURE_VERSION_1_1,
  D3D12_COMMAND_LIST_TYPE_DIRECT,
  D3D12_DESCRIPTOR_HEAP_FLAG_NONE,
  D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE,
  D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
  D3D12_DESCRIPTOR_HEAP_TYPE_RTV,
  D3D12_DESCRIPTOR_RANGE_FLAG_DESCRIPTORS_VOLATILE,
  D3D12_DESCRIPTOR_RANGE_TYPE_SRV,
  D3D12_FENCE_FLAG_NONE,
  D3D12_HEAP_FLAG_NONE,
  D3D12_HEAP_TYPE_DEFAULT,
  D3D12_RESOURCE_DIMENSION_TEXTURE2D,
  D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET,
  D3D12_RESOURCE_STATE_COPY_DEST,
  D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE,
  D3D12_RESOURCE_STATE_RENDER_TARGET,
  D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE,
  D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT,
  D3D12_SHADER_VISIBILITY_PIXEL,
  D3D12_TEXTURE_LAYOUT_UNKNOWN,
  DXGI_FORMAT_R8G8B8A8_UNORM,
  DXGI_GPU_PREFERENCE_HIGH_PERFORMANCE,
  INFINITE,
} from '../../core';
import { ThrowIfFailed } from '../runner';
import type { LessonEnv } from '../types';
import { Transition } from '../common/frame';
import {
  CheckerPixels,
  CreateQuad,
  CreateTexturedPso,
  StaticSampler,
  TexSize,
  UploadTexture,
  srvDesc,
} from '../14-texture-states/code';

export function main(sys: D3D12System, env: LessonEnv, out: Record<string, unknown>, gpuBasedValidation = true) {
  // 1. Before the device: the debug layer and, on top of it, GPU-based validation (ID3D12Debug1)
  if (env.debugLayer) {
    const debug = ThrowIfFailed(sys.D3D12GetDebugInterface({ riid: 'ID3D12Debug1' })) as ID3D12Debug;
    debug.EnableDebugLayer();
    debug.SetEnableGPUBasedValidation({ Enable: gpuBasedValidation });
  }
  const factory = ThrowIfFailed(sys.CreateDXGIFactory2({ Flags: 0 }));
  const adapter = ThrowIfFailed(
    factory.EnumAdapterByGpuPreference({ Adapter: 0, GpuPreference: DXGI_GPU_PREFERENCE_HIGH_PERFORMANCE }),
  );
  const device = ThrowIfFailed(
    sys.D3D12CreateDevice({ Adapter: adapter, MinimumFeatureLevel: D3D_FEATURE_LEVEL_11_0 }),
  );
  const queue = ThrowIfFailed(device.CreateCommandQueue({ Type: D3D12_COMMAND_LIST_TYPE_DIRECT }));
  const allocator = ThrowIfFailed(device.CreateCommandAllocator({ type: D3D12_COMMAND_LIST_TYPE_DIRECT }));
  const list = ThrowIfFailed(
    device.CreateCommandList({
      nodeMask: 0,
      type: D3D12_COMMAND_LIST_TYPE_DIRECT,
      CommandAllocator: allocator,
      InitialState: null,
    }),
  );

  // 2. The root signature: one table of one SRV (t0), DESCRIPTORS_VOLATILE: "valid when the GPU reads it", so the
  //    CPU-side layer does not look at the descriptor when the table is set (a static range would be checked there)
  const ranges = [
    {
      RangeType: D3D12_DESCRIPTOR_RANGE_TYPE_SRV,
      NumDescriptors: 1,
      BaseShaderRegister: 0,
      RegisterSpace: 0,
      Flags: D3D12_DESCRIPTOR_RANGE_FLAG_DESCRIPTORS_VOLATILE,
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
          StaticSamplers: [StaticSampler()],
          Flags: D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT,
        },
      },
    }),
  );
  const rootSignature = ThrowIfFailed(device.CreateRootSignature({ nodeMask: 0, BlobWithRootSignature: signature }));
  const pipelineState = CreateTexturedPso(device, rootSignature);
  const quad = CreateQuad(device, 1);

  // 3. A render target, the texture (uploaded as in lesson 13), and a two-slot heap with the SRV in slot 0 only
  const target = ThrowIfFailed(
    device.CreateCommittedResource({
      HeapProperties: { Type: D3D12_HEAP_TYPE_DEFAULT },
      HeapFlags: D3D12_HEAP_FLAG_NONE,
      Desc: {
        Dimension: D3D12_RESOURCE_DIMENSION_TEXTURE2D,
        Alignment: 0,
        Width: env.width,
        Height: env.height,
        DepthOrArraySize: 1,
        MipLevels: 1,
        Format: DXGI_FORMAT_R8G8B8A8_UNORM,
        SampleDesc: { Count: 1, Quality: 0 },
        Layout: D3D12_TEXTURE_LAYOUT_UNKNOWN,
        Flags: D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET,
      },
      InitialResourceState: D3D12_RESOURCE_STATE_RENDER_TARGET,
      OptimizedClearValue: { Format: DXGI_FORMAT_R8G8B8A8_UNORM, Color: [1.0, 0.0, 1.0, 1.0] },
    }),
  );
  const rtvHeap = ThrowIfFailed(
    device.CreateDescriptorHeap({
      Type: D3D12_DESCRIPTOR_HEAP_TYPE_RTV,
      NumDescriptors: 1,
      Flags: D3D12_DESCRIPTOR_HEAP_FLAG_NONE,
    }),
  );
  const rtv = rtvHeap.GetCPUDescriptorHandleForHeapStart();
  device.CreateRenderTargetView({ Resource: target, Desc: null, DestDescriptor: rtv });
  const { texture, upload } = UploadTexture(device, list, CheckerPixels(), TexSize, TexSize, 'checker');
  list.ResourceBarrier({
    NumBarriers: 1,
    Barriers: [Transition(texture, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE)],
  });
  const srvHeap = ThrowIfFailed(
    device.CreateDescriptorHeap({
      Type: D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
      NumDescriptors: 2,
      Flags: D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE,
    }),
  );
  const increment = device.GetDescriptorHandleIncrementSize({
    DescriptorHeapType: D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
  });
  device.CreateShaderResourceView({
    Resource: texture,
    Desc: srvDesc,
    DestDescriptor: srvHeap.GetCPUDescriptorHandleForHeapStart(),
  });

  // 4. The mistake: the table starts at slot 1, which nothing ever wrote (say, a streaming system that had not
  //    filled it yet). Nothing on the CPU side can tell: the range is volatile.
  const table = { ptr: srvHeap.GetGPUDescriptorHandleForHeapStart().ptr + 1 * increment };
  list.OMSetRenderTargets({
    NumRenderTargetDescriptors: 1,
    RenderTargetDescriptors: [rtv],
    RTsSingleHandleToDescriptorRange: false,
    DepthStencilDescriptor: null,
  });
  list.ClearRenderTargetView({ RenderTargetView: rtv, ColorRGBA: [1.0, 0.0, 1.0, 1.0], NumRects: 0, Rects: null });
  list.SetPipelineState({ PipelineState: pipelineState });
  list.SetGraphicsRootSignature({ RootSignature: rootSignature });
  list.SetDescriptorHeaps({ NumDescriptorHeaps: 1, DescriptorHeaps: [srvHeap] });
  list.SetGraphicsRootDescriptorTable({ RootParameterIndex: 0, BaseDescriptor: table });
  list.RSSetViewports({
    NumViewports: 1,
    Viewports: [{ TopLeftX: 0, TopLeftY: 0, Width: env.width, Height: env.height, MinDepth: 0, MaxDepth: 1 }],
  });
  list.RSSetScissorRects({ NumRects: 1, Rects: [{ left: 0, top: 0, right: env.width, bottom: env.height }] });
  list.IASetPrimitiveTopology({ PrimitiveTopology: D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST });
  list.IASetVertexBuffers({ StartSlot: 0, NumViews: 1, Views: [quad.view] });
  list.DrawInstanced({ VertexCountPerInstance: 6, InstanceCount: 1, StartVertexLocation: 0, StartInstanceLocation: 0 });
  ThrowIfFailed({ hr: list.Close() });

  // 5. Execute and wait: GBV's findings arrive on the GPU timeline, once the GPU has run the draw
  queue.ExecuteCommandLists({ NumCommandLists: 1, CommandLists: [list] });
  out.executeCall = sys.callIndex;
  const fence = ThrowIfFailed(device.CreateFence({ InitialValue: 0, Flags: D3D12_FENCE_FLAG_NONE }));
  const fenceEvent = sys.CreateEvent({
    lpEventAttributes: null,
    bManualReset: false,
    bInitialState: false,
    lpName: null,
  });
  queue.Signal({ Fence: fence, Value: 1 });
  fence.SetEventOnCompletion({ Value: 1, hEvent: fenceEvent });
  sys.WaitForSingleObject({ hHandle: fenceEvent, dwMilliseconds: INFINITE });
  upload.Release();
  out.tableSlot = 1;
}
