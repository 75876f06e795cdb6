// Lesson 02 — The debug layer and DRED, switched on before the device.
// The debug layer is a process-wide switch read when a device is created: enable it first.
import {
  type D3D12System,
  type ID3D12Debug,
  type ID3D12DeviceRemovedExtendedDataSettings,
  D3D_FEATURE_LEVEL_11_0,
  D3D12_DESCRIPTOR_HEAP_FLAG_NONE,
  D3D12_DESCRIPTOR_HEAP_TYPE_RTV,
  D3D12_DRED_ENABLEMENT_FORCED_ON,
  DXGI_GPU_PREFERENCE_HIGH_PERFORMANCE,
} from '../../core';
import { ThrowIfFailed } from '../runner';
import type { LessonEnv } from '../types';

export function main(sys: D3D12System, env: LessonEnv, out: Record<string, unknown>) {
  const bug = (id: string) => env.bugs.has(id);
  const DEBUG = env.debugLayer; // #if defined(_DEBUG): the page's "debug layer" switch

  function enableDebugLayerAndDred() {
    const debug = ThrowIfFailed(sys.D3D12GetDebugInterface({ riid: 'ID3D12Debug' })) as ID3D12Debug;
    debug.EnableDebugLayer();
    // DRED: breadcrumbs and page-fault reporting, so a removed device can say what the GPU was doing
    const dred = ThrowIfFailed(
      sys.D3D12GetDebugInterface({ riid: 'ID3D12DeviceRemovedExtendedDataSettings' }),
    ) as ID3D12DeviceRemovedExtendedDataSettings;
    dred.SetAutoBreadcrumbsEnablement({ Enablement: D3D12_DRED_ENABLEMENT_FORCED_ON });
    dred.SetPageFaultEnablement({ Enablement: D3D12_DRED_ENABLEMENT_FORCED_ON });
  }

  if (DEBUG && !bug('debug-after-device')) enableDebugLayerAndDred();

  const factory = ThrowIfFailed(sys.CreateDXGIFactory2({ Flags: 0 }));
  const adapter = ThrowIfFailed(
    factory.EnumAdapterByGpuPreference({ Adapter: 0, GpuPreference: DXGI_GPU_PREFERENCE_HIGH_PERFORMANCE }),
  );
  const device = ThrowIfFailed(
    sys.D3D12CreateDevice({ Adapter: adapter, MinimumFeatureLevel: D3D_FEATURE_LEVEL_11_0 }),
  );

  // BUG debug-after-device: too late; the runtime removes the device that exists
  if (DEBUG && bug('debug-after-device')) enableDebugLayerAndDred();

  // A deliberate test error: RTV heaps are never shader visible, so they have no GPU handle.
  const rtvHeap = ThrowIfFailed(
    device.CreateDescriptorHeap({
      Type: D3D12_DESCRIPTOR_HEAP_TYPE_RTV,
      NumDescriptors: 1,
      Flags: D3D12_DESCRIPTOR_HEAP_FLAG_NONE,
    }),
  );
  const gpuHandle = rtvHeap.GetGPUDescriptorHandleForHeapStart(); // NULL + DESCRIPTOR_HEAP_NOT_SHADER_VISIBLE

  out.gpuHandle = gpuHandle.ptr;
  out.removedReason = device.GetDeviceRemovedReason();
}
