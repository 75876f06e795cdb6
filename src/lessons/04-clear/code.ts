// Lesson 04 — Queue, allocator, command list, swap chain, RTV heap: clear the back buffer to magenta.
import {
  type D3D12System,
  type ID3D12Debug,
  type ID3D12Resource,
  D3D_FEATURE_LEVEL_11_0,
  D3D12_COMMAND_LIST_TYPE_DIRECT,
  D3D12_COMMAND_QUEUE_FLAG_NONE,
  D3D12_DESCRIPTOR_HEAP_FLAG_NONE,
  D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE,
  D3D12_DESCRIPTOR_HEAP_TYPE_RTV,
  D3D12_FENCE_FLAG_NONE,
  D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES,
  D3D12_RESOURCE_BARRIER_TYPE_TRANSITION,
  D3D12_RESOURCE_STATE_PRESENT,
  D3D12_RESOURCE_STATE_RENDER_TARGET,
  DXGI_FORMAT_R8G8B8A8_UNORM,
  DXGI_GPU_PREFERENCE_HIGH_PERFORMANCE,
  DXGI_SWAP_EFFECT_FLIP_DISCARD,
  DXGI_USAGE_RENDER_TARGET_OUTPUT,
  INFINITE,
} from '../../core';
import { ThrowIfFailed } from '../runner';
import type { LessonEnv } from '../types';

const FrameCount = 2;

function Transition(Resource: ID3D12Resource, StateBefore: number, StateAfter: number) {
  return {
    Type: D3D12_RESOURCE_BARRIER_TYPE_TRANSITION,
    Transition: { Resource, Subresource: D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES, StateBefore, StateAfter },
  };
}

export function main(sys: D3D12System, env: LessonEnv, out: Record<string, unknown>) {
  const bug = (id: string) => env.bugs.has(id);
  if (env.debugLayer)
    (ThrowIfFailed(sys.D3D12GetDebugInterface({ riid: 'ID3D12Debug' })) as ID3D12Debug).EnableDebugLayer();

  const factory = ThrowIfFailed(sys.CreateDXGIFactory2({ Flags: 0 }));
  const adapter = ThrowIfFailed(
    factory.EnumAdapterByGpuPreference({ Adapter: 0, GpuPreference: DXGI_GPU_PREFERENCE_HIGH_PERFORMANCE }),
  );
  const device = ThrowIfFailed(
    sys.D3D12CreateDevice({ Adapter: adapter, MinimumFeatureLevel: D3D_FEATURE_LEVEL_11_0 }),
  );

  // The queue the GPU reads command lists from (and the swap chain presents on)
  const queue = ThrowIfFailed(
    device.CreateCommandQueue({ Type: D3D12_COMMAND_LIST_TYPE_DIRECT, Flags: D3D12_COMMAND_QUEUE_FLAG_NONE }),
  );

  // Two back buffers, flip model; the browser canvas is the window
  const swapChain = ThrowIfFailed(
    factory.CreateSwapChainForHwnd({
      Device: queue,
      hWnd: 'canvas',
      Desc: {
        Width: env.width,
        Height: env.height,
        Format: DXGI_FORMAT_R8G8B8A8_UNORM,
        SampleDesc: { Count: 1, Quality: 0 },
        BufferUsage: DXGI_USAGE_RENDER_TARGET_OUTPUT,
        BufferCount: FrameCount,
        SwapEffect: DXGI_SWAP_EFFECT_FLIP_DISCARD,
      },
    }),
  );
  const frameIndex = swapChain.GetCurrentBackBufferIndex();

  // RTV heap: CPU-only descriptors (BUG rtv-heap-shader-visible: SHADER_VISIBLE is for CBV/SRV/UAV and samplers)
  const rtvHeap = ThrowIfFailed(
    device.CreateDescriptorHeap({
      Type: D3D12_DESCRIPTOR_HEAP_TYPE_RTV,
      NumDescriptors: FrameCount,
      Flags: bug('rtv-heap-shader-visible')
        ? D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE
        : D3D12_DESCRIPTOR_HEAP_FLAG_NONE,
    }),
  );
  const rtvDescriptorSize = device.GetDescriptorHandleIncrementSize({
    DescriptorHeapType: D3D12_DESCRIPTOR_HEAP_TYPE_RTV,
  });
  const rtvStart = rtvHeap.GetCPUDescriptorHandleForHeapStart();
  const renderTargets: ID3D12Resource[] = [];
  for (let n = 0; n < FrameCount; n++) {
    renderTargets[n] = ThrowIfFailed(swapChain.GetBuffer({ Buffer: n }));
    device.CreateRenderTargetView({
      Resource: renderTargets[n],
      Desc: null,
      DestDescriptor: { ptr: rtvStart.ptr + n * rtvDescriptorSize },
    });
  }

  const allocator = ThrowIfFailed(device.CreateCommandAllocator({ type: D3D12_COMMAND_LIST_TYPE_DIRECT }));
  const list = ThrowIfFailed(
    device.CreateCommandList({
      nodeMask: 0,
      type: D3D12_COMMAND_LIST_TYPE_DIRECT,
      CommandAllocator: allocator,
      InitialState: null,
    }),
  );

  // Record: PRESENT -> RENDER_TARGET, clear, RENDER_TARGET -> PRESENT
  const backBuffer = renderTargets[frameIndex];
  let rtv = { ptr: rtvStart.ptr + frameIndex * rtvDescriptorSize };
  // BUG cpu-handle-mixup: "OMSetRenderTargets wants the GPU handle" (it takes CPU handles; RTV heaps have no GPU handle)
  if (bug('cpu-handle-mixup')) rtv = rtvHeap.GetGPUDescriptorHandleForHeapStart();
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
  list.ClearRenderTargetView({ RenderTargetView: rtv, ColorRGBA: [1, 0, 1, 1], NumRects: 0, Rects: null });
  // BUG no-present-barrier: the back buffer is presented while still in RENDER_TARGET
  if (!bug('no-present-barrier')) {
    list.ResourceBarrier({
      NumBarriers: 1,
      Barriers: [Transition(backBuffer, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PRESENT)],
    });
  }
  // BUG list-not-closed: ExecuteCommandLists on a list still recording
  if (!bug('list-not-closed')) ThrowIfFailed({ hr: list.Close() });

  queue.ExecuteCommandLists({ NumCommandLists: 1, CommandLists: [list] });
  ThrowIfFailed({ hr: swapChain.Present({ SyncInterval: 1, Flags: 0 }) });

  // Wait for the GPU: signal a fence on the queue, sleep until it is reached
  const fence = ThrowIfFailed(device.CreateFence({ InitialValue: 0, Flags: D3D12_FENCE_FLAG_NONE }));
  const fenceEvent = sys.CreateEvent({
    lpEventAttributes: null,
    bManualReset: false,
    bInitialState: false,
    lpName: null,
  });
  ThrowIfFailed({ hr: queue.Signal({ Fence: fence, Value: 1 }) });
  ThrowIfFailed({ hr: fence.SetEventOnCompletion({ Value: 1, hEvent: fenceEvent }) });
  sys.WaitForSingleObject({ hHandle: fenceEvent, dwMilliseconds: INFINITE });

  out.backBuffer = backBuffer.id;
}
