// Lessons 2–4 again, with as many back buffers as frames in flight (lessons 21 and 22): debug layer, device on the
// high-performance adapter, direct queue, a flip swap chain on the canvas, an RTV heap with one RTV per buffer.
// Its calls run against the model like any other (the panels show them); the code view skips them (shared set-up).
import {
  type D3D12System, type ID3D12Debug, type ID3D12Resource, D3D_FEATURE_LEVEL_11_0, D3D12_COMMAND_LIST_TYPE_DIRECT,
  D3D12_DESCRIPTOR_HEAP_FLAG_NONE, D3D12_DESCRIPTOR_HEAP_TYPE_RTV, DXGI_GPU_PREFERENCE_HIGH_PERFORMANCE,
  DXGI_SWAP_EFFECT_FLIP_DISCARD, DXGI_USAGE_RENDER_TARGET_OUTPUT,
} from '../../core';
import { ThrowIfFailed } from '../runner';
import type { LessonEnv } from '../types';
import { BackBufferFormat } from '../common/frame';
import { shared } from '../common/hidden';

export function createRingDevice(sys: D3D12System, env: LessonEnv, bufferCount: number) {
  return shared(sys, () => {
    if (env.debugLayer) (ThrowIfFailed(sys.D3D12GetDebugInterface({ riid: 'ID3D12Debug' })) as ID3D12Debug).EnableDebugLayer();
    const factory = ThrowIfFailed(sys.CreateDXGIFactory2({ Flags: 0 }));
    const adapter = ThrowIfFailed(factory.EnumAdapterByGpuPreference({ Adapter: 0, GpuPreference: DXGI_GPU_PREFERENCE_HIGH_PERFORMANCE }));
    const device = ThrowIfFailed(sys.D3D12CreateDevice({ Adapter: adapter, MinimumFeatureLevel: D3D_FEATURE_LEVEL_11_0 }));
    const queue = ThrowIfFailed(device.CreateCommandQueue({ Type: D3D12_COMMAND_LIST_TYPE_DIRECT }));
    const swapChain = ThrowIfFailed(factory.CreateSwapChainForHwnd({
      Device: queue, hWnd: 'canvas',
      Desc: { Width: env.width, Height: env.height, Format: BackBufferFormat, SampleDesc: { Count: 1, Quality: 0 },
        BufferUsage: DXGI_USAGE_RENDER_TARGET_OUTPUT, BufferCount: bufferCount, SwapEffect: DXGI_SWAP_EFFECT_FLIP_DISCARD },
    }));
    const rtvHeap = ThrowIfFailed(device.CreateDescriptorHeap({ Type: D3D12_DESCRIPTOR_HEAP_TYPE_RTV, NumDescriptors: bufferCount, Flags: D3D12_DESCRIPTOR_HEAP_FLAG_NONE }));
    const rtvDescriptorSize = device.GetDescriptorHandleIncrementSize({ DescriptorHeapType: D3D12_DESCRIPTOR_HEAP_TYPE_RTV });
    const rtvAt = (k: number) => ({ ptr: rtvHeap.GetCPUDescriptorHandleForHeapStart().ptr + k * rtvDescriptorSize });
    const renderTargets: ID3D12Resource[] = [];
    for (let n = 0; n < bufferCount; n++) {
      renderTargets[n] = ThrowIfFailed(swapChain.GetBuffer({ Buffer: n }));
      device.CreateRenderTargetView({ Resource: renderTargets[n], Desc: null, DestDescriptor: rtvAt(n) });
    }
    return { factory, device, queue, swapChain, rtvHeap, rtvDescriptorSize, rtvAt, renderTargets };
  });
}
