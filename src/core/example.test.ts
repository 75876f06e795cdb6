// The SPEC.md example runs as written: a clear to magenta, executed and presented, with no message.
import { expect, it } from 'vitest';
import {
  D3D12System,
  type ID3D12Debug,
  DXGI_GPU_PREFERENCE_HIGH_PERFORMANCE,
  D3D_FEATURE_LEVEL_11_0,
  D3D12_COMMAND_LIST_TYPE_DIRECT,
  DXGI_FORMAT_R8G8B8A8_UNORM,
  DXGI_SWAP_EFFECT_FLIP_DISCARD,
  DXGI_SCALING_STRETCH,
  D3D12_DESCRIPTOR_HEAP_TYPE_RTV,
  D3D12_RESOURCE_BARRIER_TYPE_TRANSITION,
  D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES,
  D3D12_RESOURCE_STATE_PRESENT,
  D3D12_RESOURCE_STATE_RENDER_TARGET,
} from './index';

it('[SPEC-EXAMPLE] clear to magenta and present: no messages, a ClearRenderTargetView for the executor', () => {
  const sys = new D3D12System();
  (sys.D3D12GetDebugInterface({}).out as ID3D12Debug).EnableDebugLayer();
  const factory = sys.CreateDXGIFactory2({}).out;
  const adapter = factory.EnumAdapterByGpuPreference({
    Adapter: 0,
    GpuPreference: DXGI_GPU_PREFERENCE_HIGH_PERFORMANCE,
  }).out!;
  expect(adapter.facts.Description).toContain('Discrete');
  const dev = sys.D3D12CreateDevice({ Adapter: adapter, MinimumFeatureLevel: D3D_FEATURE_LEVEL_11_0 }).out!;
  const queue = dev.CreateCommandQueue({ Type: D3D12_COMMAND_LIST_TYPE_DIRECT }).out!;
  const alloc = dev.CreateCommandAllocator({ type: D3D12_COMMAND_LIST_TYPE_DIRECT }).out!;
  const list = dev.CreateCommandList({ type: D3D12_COMMAND_LIST_TYPE_DIRECT, CommandAllocator: alloc }).out!;
  const swap = factory.CreateSwapChainForComposition({
    Device: queue,
    Desc: {
      Width: 640,
      Height: 480,
      Format: DXGI_FORMAT_R8G8B8A8_UNORM,
      SampleDesc: { Count: 1, Quality: 0 },
      BufferCount: 2,
      SwapEffect: DXGI_SWAP_EFFECT_FLIP_DISCARD,
      Scaling: DXGI_SCALING_STRETCH,
    },
  }).out!;
  const rtvHeap = dev.CreateDescriptorHeap({ Type: D3D12_DESCRIPTOR_HEAP_TYPE_RTV, NumDescriptors: 2 }).out!;
  const bb = swap.GetBuffer({ Buffer: swap.GetCurrentBackBufferIndex() }).out!;
  const rtv = rtvHeap.GetCPUDescriptorHandleForHeapStart();
  dev.CreateRenderTargetView({ Resource: bb, DestDescriptor: rtv });
  const t = (b: number, a: number) =>
    list.ResourceBarrier({
      Barriers: [
        {
          Type: D3D12_RESOURCE_BARRIER_TYPE_TRANSITION,
          Transition: {
            Resource: bb,
            Subresource: D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES,
            StateBefore: b,
            StateAfter: a,
          },
        },
      ],
    });
  t(D3D12_RESOURCE_STATE_PRESENT, D3D12_RESOURCE_STATE_RENDER_TARGET);
  list.ClearRenderTargetView({ RenderTargetView: rtv, ColorRGBA: [1, 0, 1, 1] });
  t(D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PRESENT);
  expect(list.Close()).toBe('S_OK');
  queue.ExecuteCommandLists({ CommandLists: [list] });
  expect(swap.Present({ SyncInterval: 1 })).toBe('S_OK');
  sys.idle();
  expect(sys.messages).toEqual([]);
  const clear = list.recordedCommands().find((c) => c.op === 'ClearRenderTargetView')!;
  expect(clear.ColorRGBA).toEqual([1, 0, 1, 1]);
  expect(sys.trace.events.some((e) => e.k === 'gpu')).toBe(true);
});
