// DXGI: the modelled machine's adapters, the factory, and flip-model swap chains ([SC-*]).

import { IUnknown } from './object';
import type { D3D12System } from './system';
import type { HRESULT } from './messages';
import type { ID3D12CommandQueue } from './queue';
import { ID3D12Resource } from './resource';
import { heapProperties, resourceDesc } from './layout';
import type { DXGI_SWAP_CHAIN_DESC1 } from './structs';
import {
  D3D12_HEAP_TYPE_DEFAULT, D3D12_RESOURCE_DIMENSION_TEXTURE2D, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET,
  D3D12_RESOURCE_STATE_PRESENT, D3D12_RESOURCE_STATE_COMMON, D3D_FEATURE_LEVEL_11_1, D3D_FEATURE_LEVEL_12_2,
  D3D_ROOT_SIGNATURE_VERSION_1_0, D3D_ROOT_SIGNATURE_VERSION_1_1, DXGI_ADAPTER_FLAG_NONE, DXGI_ADAPTER_FLAG_SOFTWARE,
  DXGI_FORMAT_B8G8R8A8_UNORM, DXGI_FORMAT_R10G10B10A2_UNORM, DXGI_FORMAT_R16G16B16A16_FLOAT, DXGI_FORMAT_R8G8B8A8_UNORM,
  DXGI_GPU_PREFERENCE_HIGH_PERFORMANCE, DXGI_GPU_PREFERENCE_MINIMUM_POWER, DXGI_PRESENT_ALLOW_TEARING,
  DXGI_PRESENT_TEST, DXGI_SCALING_STRETCH, DXGI_SWAP_CHAIN_FLAG_ALLOW_TEARING, DXGI_SWAP_EFFECT_FLIP_DISCARD,
  DXGI_SWAP_EFFECT_FLIP_SEQUENTIAL, D3D_FEATURE_LEVEL_12_1,
} from './enums';

/** What the model knows about an adapter (DXGI_ADAPTER_DESC1 plus the D3D12 capabilities it reports). */
export interface AdapterFacts {
  Description: string;
  VendorId: number;
  DeviceId: number;
  DedicatedVideoMemory: number;
  DedicatedSystemMemory: number;
  SharedSystemMemory: number;
  Flags: number;
  maxFeatureLevel: number;
  resourceBindingTier: number;
  resourceHeapTier: number;
  tiledResourcesTier: number;
  highestRootSignatureVersion: number;
  highestShaderModel: number;
  uma: boolean;
  cacheCoherentUMA: boolean;
  tileBasedRenderer: boolean;
  /** GetDescriptorHandleIncrementSize per D3D12_DESCRIPTOR_HEAP_TYPE (CBV_SRV_UAV, SAMPLER, RTV, DSV) */
  descriptorIncrements: [number, number, number, number];
  /** OPTIONS13.UnrestrictedBufferTextureCopyPitchSupported (a toggle: lifts the 256/512 copy alignment rules) */
  unrestrictedBufferTextureCopyPitch: boolean;
  gpuUploadHeapSupported: boolean;
  /** OPTIONS3.CastingFullyTypedFormatSupported (relaxed format casting, e.g. UNORM <-> UNORM_SRGB views) */
  relaxedCasting: boolean;
  /** Where the facts come from: the modelled machine, or the live WebGPU adapter. */
  source: 'modelled' | 'webgpu';
}

const GiB = 1024 * 1024 * 1024;

/** [ADAPTER-1] Index 0: an integrated GPU (listed first, as the primary adapter of a laptop); index 1: a discrete high-performance GPU; last: WARP. */
export function defaultAdapters(): AdapterFacts[] {
  return [
    {
      Description: 'Modelled Integrated GPU', VendorId: 0x8086, DeviceId: 0x46a6, DedicatedVideoMemory: 128 * 1024 * 1024,
      DedicatedSystemMemory: 0, SharedSystemMemory: 8 * GiB, Flags: DXGI_ADAPTER_FLAG_NONE, maxFeatureLevel: D3D_FEATURE_LEVEL_12_1,
      resourceBindingTier: 2, resourceHeapTier: 2, tiledResourcesTier: 1, highestRootSignatureVersion: D3D_ROOT_SIGNATURE_VERSION_1_1,
      // [ADAPTER-5] UMA without cache coherence: UPLOAD stays WRITE_COMBINE as on most hardware, so the default
      // device does not warn about NULL Map/Unmap ranges on upload buffers (CORRECTIONS §3.7: only WRITE_BACK heaps do).
      // Resource Heap Tier 2, as every current GPU reports; Tier 1 and cache-coherent UMA are opt-in (see below).
      highestShaderModel: 0x62, uma: true, cacheCoherentUMA: false, tileBasedRenderer: false, descriptorIncrements: [32, 32, 32, 32],
      unrestrictedBufferTextureCopyPitch: false, gpuUploadHeapSupported: false, relaxedCasting: true, source: 'modelled',
    },
    {
      Description: 'Modelled Discrete GPU', VendorId: 0x10de, DeviceId: 0x2684, DedicatedVideoMemory: 8 * GiB,
      DedicatedSystemMemory: 0, SharedSystemMemory: 16 * GiB, Flags: DXGI_ADAPTER_FLAG_NONE, maxFeatureLevel: D3D_FEATURE_LEVEL_12_2,
      resourceBindingTier: 3, resourceHeapTier: 2, tiledResourcesTier: 3, highestRootSignatureVersion: D3D_ROOT_SIGNATURE_VERSION_1_1,
      highestShaderModel: 0x67, uma: false, cacheCoherentUMA: false, tileBasedRenderer: false, descriptorIncrements: [32, 32, 32, 8],
      unrestrictedBufferTextureCopyPitch: false, gpuUploadHeapSupported: false, relaxedCasting: true, source: 'modelled',
    },
    {
      Description: 'Microsoft Basic Render Driver', VendorId: 0x1414, DeviceId: 0x8c, DedicatedVideoMemory: 0,
      DedicatedSystemMemory: 0, SharedSystemMemory: 8 * GiB, Flags: DXGI_ADAPTER_FLAG_SOFTWARE, maxFeatureLevel: D3D_FEATURE_LEVEL_12_1,
      resourceBindingTier: 3, resourceHeapTier: 2, tiledResourcesTier: 3, highestRootSignatureVersion: D3D_ROOT_SIGNATURE_VERSION_1_1,
      highestShaderModel: 0x66, uma: true, cacheCoherentUMA: true, tileBasedRenderer: false, descriptorIncrements: [32, 32, 32, 32],
      unrestrictedBufferTextureCopyPitch: false, gpuUploadHeapSupported: false, relaxedCasting: true, source: 'modelled',
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
  return { ...base, Description: `${base.Description} (pre-WDDM 2.1 driver)`, highestRootSignatureVersion: D3D_ROOT_SIGNATURE_VERSION_1_0 };
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
export function webgpuAdapterFacts(info: { description?: string; vendor?: string; maxBufferSize?: number }): AdapterFacts {
  const base = defaultAdapters()[1];
  return { ...base, Description: `WebGPU: ${info.description || info.vendor || 'adapter'}`, VendorId: 0, DeviceId: 0, DedicatedVideoMemory: info.maxBufferSize ?? base.DedicatedVideoMemory, maxFeatureLevel: D3D_FEATURE_LEVEL_12_0_OR(base), source: 'webgpu' };
}

function D3D_FEATURE_LEVEL_12_0_OR(f: AdapterFacts): number {
  return Math.min(f.maxFeatureLevel, 0xc000);
}

export class IDXGIAdapter1 extends IUnknown {
  readonly iface = 'IDXGIAdapter1';
  constructor(sys: D3D12System, readonly index: number) {
    super(sys, 0, 'IDXGIAdapter1');
  }
  override implements(iface: string): boolean {
    return /^IDXGIAdapter\d?$/.test(iface) || super.implements(iface);
  }
  get facts(): AdapterFacts {
    return this.sys.adapters[this.index];
  }
  GetDesc1(): { hr: HRESULT; out: Record<string, unknown> } {
    const c = this.sys.beginCall('IDXGIAdapter1::GetDesc1', this.id, null);
    const f = this.facts;
    this.sys.endCall(c, 'S_OK');
    return { hr: 'S_OK', out: { Description: f.Description, VendorId: f.VendorId, DeviceId: f.DeviceId, SubSysId: 0, Revision: 0, DedicatedVideoMemory: f.DedicatedVideoMemory, DedicatedSystemMemory: f.DedicatedSystemMemory, SharedSystemMemory: f.SharedSystemMemory, Flags: f.Flags } };
  }
  /**
   * [MEM-BUDGET-2] IDXGIAdapter3::QueryVideoMemoryInfo per segment group: LOCAL is video memory on a discrete part
   * (all memory on UMA, whose NON_LOCAL group is empty), NON_LOCAL system memory. Budget = 90 % of the pool (a model
   * choice; the OS decides it on real systems), CurrentUsage = bytes of resident allocations of this adapter's
   * devices (heaps and committed resources; changes as they are created, released, evicted and made resident).
   * A group other than 0/1 is E_INVALIDARG.
   */
  QueryVideoMemoryInfo(args: { NodeIndex?: number; MemorySegmentGroup: number }): { hr: HRESULT; out?: { Budget: number; CurrentUsage: number; AvailableForReservation: number; CurrentReservation: number } } {
    const c = this.sys.beginCall('IDXGIAdapter3::QueryVideoMemoryInfo', this.id, args);
    const f = this.facts;
    const group = args.MemorySegmentGroup ?? 0;
    if ((group !== 0 && group !== 1) || (args.NodeIndex ?? 0) !== 0) {
      this.sys.endCall(c, 'E_INVALIDARG');
      return { hr: 'E_INVALIDARG' };
    }
    const local = group === 0;
    const pool = f.uma ? (local ? f.SharedSystemMemory + f.DedicatedVideoMemory : 0) : local ? f.DedicatedVideoMemory : f.SharedSystemMemory;
    let usage = 0;
    for (const d of this.sys.devices) if (d.adapterIndex === this.index) usage += local ? d.localUsage : d.nonLocalUsage;
    this.sys.endCall(c, 'S_OK');
    return { hr: 'S_OK', out: { Budget: Math.floor(pool * 0.9), CurrentUsage: usage, AvailableForReservation: Math.floor(pool * 0.45), CurrentReservation: 0 } };
  }
}

export class IDXGIFactory4 extends IUnknown {
  readonly iface = 'IDXGIFactory4';
  constructor(sys: D3D12System, readonly flags: number) {
    super(sys, 0, 'IDXGIFactory');
  }
  override implements(iface: string): boolean {
    return /^IDXGIFactory\d?$/.test(iface) || super.implements(iface);
  }

  /** [ADAPTER-2] EnumAdapters1: adapters in the system's order; past the end DXGI_ERROR_NOT_FOUND. */
  EnumAdapters1(args: { Adapter: number }): { hr: HRESULT; out?: IDXGIAdapter1 } {
    const c = this.sys.beginCall('IDXGIFactory1::EnumAdapters1', this.id, args);
    const ok = args.Adapter >= 0 && args.Adapter < this.sys.adapters.length;
    const hr: HRESULT = ok ? 'S_OK' : 'DXGI_ERROR_NOT_FOUND';
    const out = ok ? new IDXGIAdapter1(this.sys, args.Adapter) : undefined;
    this.sys.endCall(c, hr);
    return out ? { hr, out } : { hr };
  }

  /** [ADAPTER-3] IDXGIFactory6::EnumAdapterByGpuPreference: HIGH_PERFORMANCE lists the discrete GPU first. */
  EnumAdapterByGpuPreference(args: { Adapter: number; GpuPreference: number; riid?: string }): { hr: HRESULT; out?: IDXGIAdapter1 } {
    const c = this.sys.beginCall('IDXGIFactory6::EnumAdapterByGpuPreference', this.id, args);
    const order = this.sys.adapters.map((f, k) => ({ f, k }));
    const hw = order.filter((a) => !(a.f.Flags & DXGI_ADAPTER_FLAG_SOFTWARE));
    const sw = order.filter((a) => a.f.Flags & DXGI_ADAPTER_FLAG_SOFTWARE);
    if (args.GpuPreference === DXGI_GPU_PREFERENCE_HIGH_PERFORMANCE) hw.sort((a, b) => Number(a.f.uma) - Number(b.f.uma) || b.f.DedicatedVideoMemory - a.f.DedicatedVideoMemory);
    else if (args.GpuPreference === DXGI_GPU_PREFERENCE_MINIMUM_POWER) hw.sort((a, b) => Number(b.f.uma) - Number(a.f.uma));
    const list = [...hw, ...sw];
    const pick = list[args.Adapter];
    const hr: HRESULT = pick ? 'S_OK' : 'DXGI_ERROR_NOT_FOUND';
    const out = pick ? new IDXGIAdapter1(this.sys, pick.k) : undefined;
    this.sys.endCall(c, hr);
    return out ? { hr, out } : { hr };
  }

  EnumWarpAdapter(_args: { riid?: string } = {}): { hr: HRESULT; out?: IDXGIAdapter1 } {
    const c = this.sys.beginCall('IDXGIFactory4::EnumWarpAdapter', this.id, _args);
    const k = this.sys.adapters.findIndex((f) => f.Flags & DXGI_ADAPTER_FLAG_SOFTWARE);
    const out = k >= 0 ? new IDXGIAdapter1(this.sys, k) : undefined;
    const hr: HRESULT = out ? 'S_OK' : 'DXGI_ERROR_NOT_FOUND';
    this.sys.endCall(c, hr);
    return out ? { hr, out } : { hr };
  }

  private createSwapChain(api: string, args: { Device: ID3D12CommandQueue; Desc: Partial<DXGI_SWAP_CHAIN_DESC1> }): { hr: HRESULT; out?: IDXGISwapChain3 } {
    const c = this.sys.beginCall(api, this.id, args);
    const q = args.Device;
    const d: DXGI_SWAP_CHAIN_DESC1 = {
      Width: 0, Height: 0, Format: 0, Stereo: false, SampleDesc: { Count: 0, Quality: 0 }, BufferUsage: 0, BufferCount: 0,
      Scaling: 0, SwapEffect: 0, AlphaMode: 0, Flags: 0, ...args.Desc,
    };
    let hr: HRESULT = 'S_OK';
    // [SC-CREATE-1] D3D12 needs a command queue and the flip model; 2..16 buffers; a flip-model format; no MSAA.
    if (!q || !q.implements('ID3D12CommandQueue')) hr = 'DXGI_ERROR_INVALID_CALL';
    else if (d.SwapEffect !== DXGI_SWAP_EFFECT_FLIP_DISCARD && d.SwapEffect !== DXGI_SWAP_EFFECT_FLIP_SEQUENTIAL) hr = 'DXGI_ERROR_INVALID_CALL';
    else if (d.BufferCount < 2 || d.BufferCount > 16) hr = 'DXGI_ERROR_INVALID_CALL';
    else if (![DXGI_FORMAT_R8G8B8A8_UNORM, DXGI_FORMAT_B8G8R8A8_UNORM, DXGI_FORMAT_R16G16B16A16_FLOAT, DXGI_FORMAT_R10G10B10A2_UNORM].includes(d.Format)) hr = 'DXGI_ERROR_INVALID_CALL';
    else if ((d.SampleDesc?.Count ?? 0) !== 1) hr = 'DXGI_ERROR_INVALID_CALL';
    else if (api.endsWith('ForComposition') && (d.Scaling !== DXGI_SCALING_STRETCH || d.Width === 0 || d.Height === 0)) hr = 'DXGI_ERROR_INVALID_CALL';
    else if (q.device.removed) hr = 'DXGI_ERROR_DEVICE_REMOVED';
    let out: IDXGISwapChain3 | undefined;
    if (hr === 'S_OK') out = new IDXGISwapChain3(this.sys, q, { ...d, Width: d.Width || 800, Height: d.Height || 600 });
    this.sys.endCall(c, hr);
    return out ? { hr, out } : { hr };
  }

  /** [SC-CREATE-1] Headless swap chain (no window). */
  CreateSwapChainForComposition(args: { Device: ID3D12CommandQueue; Desc: Partial<DXGI_SWAP_CHAIN_DESC1>; RestrictToOutput?: null }): { hr: HRESULT; out?: IDXGISwapChain3 } {
    return this.createSwapChain('IDXGIFactory2::CreateSwapChainForComposition', args);
  }

  CreateSwapChainForHwnd(args: { Device: ID3D12CommandQueue; hWnd?: unknown; Desc: Partial<DXGI_SWAP_CHAIN_DESC1>; FullscreenDesc?: null; RestrictToOutput?: null }): { hr: HRESULT; out?: IDXGISwapChain3 } {
    return this.createSwapChain('IDXGIFactory2::CreateSwapChainForHwnd', args);
  }
}


export class IDXGISwapChain3 extends IUnknown {
  readonly iface = 'IDXGISwapChain3';
  buffers: ID3D12Resource[] = [];
  private index = 0;
  presentCount = 0;

  constructor(sys: D3D12System, readonly queue: ID3D12CommandQueue, public desc: DXGI_SWAP_CHAIN_DESC1) {
    super(sys, 0, 'IDXGISwapChain');
    this.makeBuffers();
    queue.device.swapChains.push({ id: this.id, currentIndex: () => this.index });
  }

  override implements(iface: string): boolean {
    return /^IDXGISwapChain\d?$/.test(iface) || super.implements(iface);
  }

  /** [SC-BUF-1] Back buffers are committed RT textures created in the PRESENT (COMMON) state, owned by the chain. */
  private makeBuffers(): void {
    const dev = this.queue.device;
    this.buffers = [];
    for (let k = 0; k < this.desc.BufferCount; k++) {
      const d = resourceDesc({ Dimension: D3D12_RESOURCE_DIMENSION_TEXTURE2D, Width: this.desc.Width, Height: this.desc.Height, DepthOrArraySize: 1, MipLevels: 1, Format: this.desc.Format, SampleDesc: { Count: 1, Quality: 0 }, Flags: D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET });
      const size = this.desc.Width * this.desc.Height * 4;
      const r = new ID3D12Resource(dev, d, heapProperties({ Type: D3D12_HEAP_TYPE_DEFAULT }), 0, 'swapchain', null, 0, size, dev.allocVA(size), D3D12_RESOURCE_STATE_PRESENT);
      r.refs = 0;
      r.swapChain = { chain: this.id, index: k };
      r.name = `SwapChain#${this.id} buffer ${k}`;
      this.buffers.push(r);
    }
    this.index = 0;
  }

  currentIndex(): number {
    return this.index;
  }

  GetCurrentBackBufferIndex(): number {
    const c = this.sys.beginCall('IDXGISwapChain3::GetCurrentBackBufferIndex', this.id, null);
    this.sys.endCall(c, null);
    return this.index;
  }

  /** GetBuffer adds an application reference to the buffer (released with Release). */
  GetBuffer(args: { Buffer: number; riid?: string }): { hr: HRESULT; out?: ID3D12Resource } {
    const c = this.sys.beginCall('IDXGISwapChain::GetBuffer', this.id, args);
    const b = this.buffers[args.Buffer];
    const hr: HRESULT = b ? 'S_OK' : 'DXGI_ERROR_INVALID_CALL';
    if (b) {
      b.refs++;
      b.destroyed = false;
    }
    this.sys.endCall(c, hr);
    return b ? { hr, out: b } : { hr };
  }

  GetDesc1(): { hr: HRESULT; out: DXGI_SWAP_CHAIN_DESC1 } {
    return { hr: 'S_OK', out: { ...this.desc } };
  }

  /**
   * [SC-PRESENT-1] Present: the current back buffer must be in PRESENT (COMMON) when the queue reaches the present;
   * otherwise INVALID_SUBRESOURCE_STATE (raised at Present through the internal command list). Present normally
   * returns S_OK; ALLOW_TEARING needs the swap-chain flag and SyncInterval 0 (DXGI_ERROR_INVALID_CALL); after
   * removal DXGI_ERROR_DEVICE_REMOVED. [TIME-LAT-1] Present blocks while too many frames are queued.
   */
  Present(args: { SyncInterval: number; Flags?: number }): HRESULT {
    const c = this.sys.beginCall('IDXGISwapChain::Present', this.id, args);
    const dev = this.queue.device;
    const flags = args.Flags ?? 0;
    let hr: HRESULT = 'S_OK';
    if (dev.removed) hr = 'DXGI_ERROR_DEVICE_REMOVED';
    else if ((flags & DXGI_PRESENT_ALLOW_TEARING) && (!(this.desc.Flags & DXGI_SWAP_CHAIN_FLAG_ALLOW_TEARING) || args.SyncInterval !== 0)) hr = 'DXGI_ERROR_INVALID_CALL';
    else if (args.SyncInterval > 4) hr = 'DXGI_ERROR_INVALID_CALL';
    else if (!(flags & DXGI_PRESENT_TEST)) {
      const b = this.buffers[this.index];
      if (b.state[0] !== D3D12_RESOURCE_STATE_PRESENT && b.state[0] !== D3D12_RESOURCE_STATE_COMMON) {
        dev.msg('INVALID_SUBRESOURCE_STATE', { op: 'Present', resource: b.id, subresource: 0, state: b.state[0], expected: D3D12_RESOURCE_STATE_PRESENT });
        this.sys.hazard('invalid-state', b.id, { op: 'Present', state: b.state[0], expected: 0, outcome: 'presented-anyway' });
      }
      const q = this.queue;
      if (q.presentsQueued >= this.sys.settings.maxFrameLatency) {
        const start = this.sys.now;
        this.sys.waitUntil(() => q.presentsQueued < this.sys.settings.maxFrameLatency || dev.removed, Infinity);
        this.sys.trace.push({ k: 'wait', i: this.sys.callIndex, start, end: this.sys.now, timedOut: false, deadlock: false, event: 0 });
      }
      this.presentCount++;
      // which back buffer this Present shows (for the executor; ResizeBuffers and DXGI_PRESENT_TEST make counting unreliable)
      this.sys.trace.push({ k: 'present', i: this.sys.callIndex, swapChain: this.id, buffer: b.id, index: this.index });
      q.queuePresent(this.id, () => undefined);
      this.index = (this.index + 1) % this.desc.BufferCount;
    }
    this.sys.endCall(c, hr);
    return hr;
  }

  /**
   * [SC-RESIZE-1] ResizeBuffers: every application reference to the back buffers must be released first, and the
   * GPU must be done with them; otherwise DXGI_ERROR_INVALID_CALL. New buffers start in PRESENT; the index restarts at 0.
   */
  ResizeBuffers(args: { BufferCount: number; Width: number; Height: number; NewFormat: number; SwapChainFlags?: number }): HRESULT {
    const c = this.sys.beginCall('IDXGISwapChain::ResizeBuffers', this.id, args);
    let hr: HRESULT = 'S_OK';
    if (this.queue.device.removed) hr = 'DXGI_ERROR_DEVICE_REMOVED';
    else if (this.buffers.some((b) => b.refs > 0 || b.gpuRefs > 0)) hr = 'DXGI_ERROR_INVALID_CALL';
    else if (args.BufferCount !== 0 && (args.BufferCount < 2 || args.BufferCount > 16)) hr = 'DXGI_ERROR_INVALID_CALL';
    if (hr === 'S_OK') {
      for (const b of this.buffers) { b.destroyed = true; b.freed = true; }
      this.desc = {
        ...this.desc, BufferCount: args.BufferCount || this.desc.BufferCount, Width: args.Width || this.desc.Width,
        Height: args.Height || this.desc.Height, Format: args.NewFormat || this.desc.Format, Flags: args.SwapChainFlags ?? this.desc.Flags,
      };
      this.makeBuffers();
    }
    this.sys.endCall(c, hr);
    return hr;
  }
}

export { D3D_FEATURE_LEVEL_11_1 };
