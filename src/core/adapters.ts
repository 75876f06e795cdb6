// The modelled machine's adapters: what each reports (AdapterFacts, kernel.ts) through DXGI_ADAPTER_DESC1 and
// CheckFeatureSupport ([ADAPTER-*]). Data only: every capability a lesson can see comes from here.

import type { AdapterFacts } from './kernel';
import {
  D3D_FEATURE_LEVEL_12_0,
  D3D_FEATURE_LEVEL_12_1,
  D3D_FEATURE_LEVEL_12_2,
  D3D_ROOT_SIGNATURE_VERSION_1_0,
  D3D_ROOT_SIGNATURE_VERSION_1_1,
  DXGI_ADAPTER_FLAG_NONE,
  DXGI_ADAPTER_FLAG_SOFTWARE,
} from './enums';

const GiB = 1024 * 1024 * 1024;

/** [ADAPTER-1] Index 0: an integrated GPU (listed first, as the primary adapter of a laptop); index 1: a discrete high-performance GPU; last: WARP. */
export function defaultAdapters(): AdapterFacts[] {
  return [
    {
      Description: 'Modelled Integrated GPU',
      VendorId: 0x8086,
      DeviceId: 0x46a6,
      DedicatedVideoMemory: 128 * 1024 * 1024,
      DedicatedSystemMemory: 0,
      SharedSystemMemory: 8 * GiB,
      Flags: DXGI_ADAPTER_FLAG_NONE,
      maxFeatureLevel: D3D_FEATURE_LEVEL_12_1,
      resourceBindingTier: 2,
      resourceHeapTier: 2,
      tiledResourcesTier: 1,
      highestRootSignatureVersion: D3D_ROOT_SIGNATURE_VERSION_1_1,
      // [ADAPTER-5] UMA without cache coherence: UPLOAD stays WRITE_COMBINE as on most hardware, so the default
      // device does not warn about NULL Map/Unmap ranges on upload buffers (CORRECTIONS §3.7: only WRITE_BACK heaps do).
      // Resource Heap Tier 2, as every current GPU reports; Tier 1 and cache-coherent UMA are opt-in (see below).
      highestShaderModel: 0x62,
      uma: true,
      cacheCoherentUMA: false,
      tileBasedRenderer: false,
      descriptorIncrements: [32, 32, 32, 32],
      unrestrictedBufferTextureCopyPitch: false,
      gpuUploadHeapSupported: false,
      relaxedCasting: true,
      source: 'modelled',
    },
    {
      Description: 'Modelled Discrete GPU',
      VendorId: 0x10de,
      DeviceId: 0x2684,
      DedicatedVideoMemory: 8 * GiB,
      DedicatedSystemMemory: 0,
      SharedSystemMemory: 16 * GiB,
      Flags: DXGI_ADAPTER_FLAG_NONE,
      maxFeatureLevel: D3D_FEATURE_LEVEL_12_2,
      resourceBindingTier: 3,
      resourceHeapTier: 2,
      tiledResourcesTier: 3,
      highestRootSignatureVersion: D3D_ROOT_SIGNATURE_VERSION_1_1,
      highestShaderModel: 0x67,
      uma: false,
      cacheCoherentUMA: false,
      tileBasedRenderer: false,
      descriptorIncrements: [32, 32, 32, 8],
      unrestrictedBufferTextureCopyPitch: false,
      gpuUploadHeapSupported: false,
      // [QH-STATS1-1] FL 12_2 includes mesh shaders; this part also counts their pipeline statistics (model choice)
      meshShaderPipelineStats: true,
      relaxedCasting: true,
      source: 'modelled',
    },
    {
      Description: 'Microsoft Basic Render Driver',
      VendorId: 0x1414,
      DeviceId: 0x8c,
      DedicatedVideoMemory: 0,
      DedicatedSystemMemory: 0,
      SharedSystemMemory: 8 * GiB,
      Flags: DXGI_ADAPTER_FLAG_SOFTWARE,
      maxFeatureLevel: D3D_FEATURE_LEVEL_12_1,
      resourceBindingTier: 3,
      resourceHeapTier: 2,
      tiledResourcesTier: 3,
      highestRootSignatureVersion: D3D_ROOT_SIGNATURE_VERSION_1_1,
      highestShaderModel: 0x66,
      uma: true,
      cacheCoherentUMA: true,
      tileBasedRenderer: false,
      descriptorIncrements: [32, 32, 32, 32],
      unrestrictedBufferTextureCopyPitch: false,
      gpuUploadHeapSupported: false,
      relaxedCasting: true,
      source: 'modelled',
    },
  ];
}

/**
 * [ADAPTER-4] An adapter whose driver predates WDDM 2.1 (Windows 10 1607): it reports root signature 1.0 only, so a
 * 1.1 root signature fails with CREATE_ROOT_SIGNATURE_NOT_SUPPORTED_ON_DEVICE. Every modelled hardware adapter
 * reports 1.1 (as every driver since 1607 does); use this to model the old driver:
 * `new D3D12System({ adapters: [legacyDriverAdapter(), ...defaultAdapters().slice(1)] })`.
 */
export function legacyDriverAdapter(base: AdapterFacts = defaultAdapters()[0]): AdapterFacts {
  return {
    ...base,
    Description: `${base.Description} (pre-WDDM 2.1 driver)`,
    highestRootSignatureVersion: D3D_ROOT_SIGNATURE_VERSION_1_0,
    enhancedBarriersSupported: false,
  };
}

/**
 * [ADAPTER-5] Older or smaller hardware, opt-in: Resource Heap Tier 1 (a heap holds one category of resource, so
 * CreateHeap needs an ALLOW_ONLY_* flag) and a cache-coherent UMA (UPLOAD heaps are WRITE_BACK there, so NULL
 * Map/Unmap ranges on upload buffers draw #930/#931).
 */
export function tier1Adapter(base: AdapterFacts = defaultAdapters()[0]): AdapterFacts {
  return { ...base, Description: `${base.Description} (Resource Heap Tier 1)`, resourceHeapTier: 1 };
}
export function cacheCoherentUmaAdapter(base: AdapterFacts = defaultAdapters()[0]): AdapterFacts {
  return { ...base, Description: `${base.Description} (cache-coherent UMA)`, uma: true, cacheCoherentUMA: true };
}

/** Facts for the live WebGPU adapter: the lab runs its pixels there, so it is offered as one more adapter. */
export function webgpuAdapterFacts(info: {
  description?: string;
  vendor?: string;
  maxBufferSize?: number;
}): AdapterFacts {
  const base = defaultAdapters()[1];
  return {
    ...base,
    Description: `WebGPU: ${info.description || info.vendor || 'adapter'}`,
    VendorId: 0,
    DeviceId: 0,
    DedicatedVideoMemory: info.maxBufferSize ?? base.DedicatedVideoMemory,
    maxFeatureLevel: Math.min(base.maxFeatureLevel, D3D_FEATURE_LEVEL_12_0),
    source: 'webgpu',
  };
}
