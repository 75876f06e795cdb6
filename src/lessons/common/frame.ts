// What lessons 2–4 built, reused from lesson 5 on: debug layer, device on the high-performance adapter, direct
// queue, a two-buffer flip swap chain on the canvas, its RTVs, one allocator and list, a fence. The calls it makes
// run against the model like any other (the panels show them); the code view skips them ("shared set-up").
import {
  type D3D12System,
  type ID3D12CommandAllocator,
  type ID3D12CommandQueue,
  type ID3D12DescriptorHeap,
  type ID3D12Debug,
  type ID3D12Device,
  type ID3D12Fence,
  type ID3D12GraphicsCommandList,
  type ID3D12Resource,
  type IDXGISwapChain3,
  D3D_FEATURE_LEVEL_11_0,
  D3D12_COMMAND_LIST_TYPE_DIRECT,
  D3D12_DESCRIPTOR_HEAP_FLAG_NONE,
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
import { shared } from './hidden';

export const FrameCount = 2;
export const BackBufferFormat = DXGI_FORMAT_R8G8B8A8_UNORM;

export interface Frame {
  sys: D3D12System;
  device: ID3D12Device;
  queue: ID3D12CommandQueue;
  swapChain: IDXGISwapChain3;
  rtvHeap: ID3D12DescriptorHeap;
  rtvDescriptorSize: number;
  renderTargets: ID3D12Resource[];
  allocator: ID3D12CommandAllocator;
  list: ID3D12GraphicsCommandList;
  fence: ID3D12Fence;
  fenceEvent: number;
  fenceValue: number;
  frameIndex: number;
  width: number;
  height: number;
}

export function Transition(Resource: ID3D12Resource, StateBefore: number, StateAfter: number) {
  return {
    Type: D3D12_RESOURCE_BARRIER_TYPE_TRANSITION,
    Transition: { Resource, Subresource: D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES, StateBefore, StateAfter },
  };
}

/**
 * Lessons 2–4 with `bufferCount` back buffers (createFrame's two; lessons 21 and 22 one per frame in flight): debug
 * layer, device on the high-performance adapter, direct queue, a flip swap chain on the canvas, one RTV per buffer.
 */
export function createRingDevice(sys: D3D12System, env: LessonEnv, bufferCount: number) {
  return shared(sys, 'createRingDevice', () => {
    if (env.debugLayer)
      (ThrowIfFailed(sys.D3D12GetDebugInterface({ riid: 'ID3D12Debug' })) as ID3D12Debug).EnableDebugLayer();
    const factory = ThrowIfFailed(sys.CreateDXGIFactory2({ Flags: 0 }));
    const adapter = ThrowIfFailed(
      factory.EnumAdapterByGpuPreference({ Adapter: 0, GpuPreference: DXGI_GPU_PREFERENCE_HIGH_PERFORMANCE }),
    );
    const device = ThrowIfFailed(
      sys.D3D12CreateDevice({ Adapter: adapter, MinimumFeatureLevel: D3D_FEATURE_LEVEL_11_0 }),
    );
    const queue = ThrowIfFailed(device.CreateCommandQueue({ Type: D3D12_COMMAND_LIST_TYPE_DIRECT }));
    const swapChain = ThrowIfFailed(
      factory.CreateSwapChainForHwnd({
        Device: queue,
        hWnd: 'canvas',
        Desc: {
          Width: env.width,
          Height: env.height,
          Format: BackBufferFormat,
          SampleDesc: { Count: 1, Quality: 0 },
          BufferUsage: DXGI_USAGE_RENDER_TARGET_OUTPUT,
          BufferCount: bufferCount,
          SwapEffect: DXGI_SWAP_EFFECT_FLIP_DISCARD,
        },
      }),
    );
    const rtvHeap = ThrowIfFailed(
      device.CreateDescriptorHeap({
        Type: D3D12_DESCRIPTOR_HEAP_TYPE_RTV,
        NumDescriptors: bufferCount,
        Flags: D3D12_DESCRIPTOR_HEAP_FLAG_NONE,
      }),
    );
    const rtvDescriptorSize = device.GetDescriptorHandleIncrementSize({
      DescriptorHeapType: D3D12_DESCRIPTOR_HEAP_TYPE_RTV,
    });
    // Asked once: every model call costs modelled CPU time, so calling it per buffer would move the timelines.
    const start = rtvHeap.GetCPUDescriptorHandleForHeapStart();
    const rtvAt = (k: number) => ({ ptr: start.ptr + k * rtvDescriptorSize });
    const renderTargets: ID3D12Resource[] = [];
    for (let n = 0; n < bufferCount; n++) {
      renderTargets[n] = ThrowIfFailed(swapChain.GetBuffer({ Buffer: n }));
      device.CreateRenderTargetView({ Resource: renderTargets[n], Desc: null, DestDescriptor: rtvAt(n) });
    }
    return { factory, device, queue, swapChain, rtvHeap, rtvDescriptorSize, rtvAt, renderTargets };
  });
}

/** Lessons 2–4 in one call, plus the allocator, list and fence every frame uses. */
export function createFrame(sys: D3D12System, env: LessonEnv): Frame {
  return shared(sys, 'createFrame', () => {
    const { device, queue, swapChain, rtvHeap, rtvDescriptorSize, renderTargets } = createRingDevice(
      sys,
      env,
      FrameCount,
    );
    const allocator = ThrowIfFailed(device.CreateCommandAllocator({ type: D3D12_COMMAND_LIST_TYPE_DIRECT }));
    const list = ThrowIfFailed(
      device.CreateCommandList({
        nodeMask: 0,
        type: D3D12_COMMAND_LIST_TYPE_DIRECT,
        CommandAllocator: allocator,
        InitialState: null,
      }),
    );
    ThrowIfFailed({ hr: list.Close() }); // recorded later, after Reset, like every frame
    const fence = ThrowIfFailed(device.CreateFence({ InitialValue: 0, Flags: D3D12_FENCE_FLAG_NONE }));
    const fenceEvent = sys.CreateEvent({
      lpEventAttributes: null,
      bManualReset: false,
      bInitialState: false,
      lpName: null,
    });
    return {
      sys,
      device,
      queue,
      swapChain,
      rtvHeap,
      rtvDescriptorSize,
      renderTargets,
      allocator,
      list,
      fence,
      fenceEvent,
      fenceValue: 0,
      frameIndex: swapChain.GetCurrentBackBufferIndex(),
      width: env.width,
      height: env.height,
    };
  });
}

/** The current back buffer's RTV: heap start + index × increment (a CPU handle). */
export function currentRtv(f: Frame) {
  return shared(f.sys, 'currentRtv', () => ({
    ptr: f.rtvHeap.GetCPUDescriptorHandleForHeapStart().ptr + f.frameIndex * f.rtvDescriptorSize,
  }));
}

/** Lesson 4's frame: PRESENT → RENDER_TARGET, clear, `record`, RENDER_TARGET → PRESENT, execute, present, wait. */
export function clearAndPresent(f: Frame, color: number[]) {
  shared(f.sys, 'clearAndPresent', () => {
    ThrowIfFailed({ hr: f.allocator.Reset() });
    ThrowIfFailed({ hr: f.list.Reset({ Allocator: f.allocator, InitialState: null }) });
    const bb = f.renderTargets[f.frameIndex];
    const rtv = currentRtv(f);
    f.list.ResourceBarrier({
      NumBarriers: 1,
      Barriers: [Transition(bb, D3D12_RESOURCE_STATE_PRESENT, D3D12_RESOURCE_STATE_RENDER_TARGET)],
    });
    f.list.OMSetRenderTargets({
      NumRenderTargetDescriptors: 1,
      RenderTargetDescriptors: [rtv],
      RTsSingleHandleToDescriptorRange: false,
      DepthStencilDescriptor: null,
    });
    f.list.ClearRenderTargetView({ RenderTargetView: rtv, ColorRGBA: color, NumRects: 0, Rects: null });
    f.list.ResourceBarrier({
      NumBarriers: 1,
      Barriers: [Transition(bb, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PRESENT)],
    });
    ThrowIfFailed({ hr: f.list.Close() });
    f.queue.ExecuteCommandLists({ NumCommandLists: 1, CommandLists: [f.list] });
    ThrowIfFailed({ hr: f.swapChain.Present({ SyncInterval: 1, Flags: 0 }) });
  });
  waitForGpu(f);
}

/** Signal the fence on the queue and wait on the CPU until the GPU reaches it. */
export function waitForGpu(f: Frame) {
  shared(f.sys, 'waitForGpu', () => {
    f.fenceValue++;
    ThrowIfFailed({ hr: f.queue.Signal({ Fence: f.fence, Value: f.fenceValue }) });
    ThrowIfFailed({ hr: f.fence.SetEventOnCompletion({ Value: f.fenceValue, hEvent: f.fenceEvent }) });
    f.sys.WaitForSingleObject({ hHandle: f.fenceEvent, dwMilliseconds: INFINITE });
    f.frameIndex = f.swapChain.GetCurrentBackBufferIndex();
  });
}
