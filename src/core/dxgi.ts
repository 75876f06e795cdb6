// DXGI: the factory and the adapters it enumerates ([ADAPTER-*], [MEM-BUDGET-2]); swap chains are in swapchain.ts,
// the adapters' facts in adapters.ts.

import { IUnknown } from './object';
import type { HRESULT } from './messages';
import type { AdapterFacts, ProcessContext } from './kernel';
import type { ID3D12CommandQueue } from './queue';
import type { DXGI_SWAP_CHAIN_DESC1 } from './structs';
import { IDXGISwapChain3 } from './swapchain';
import {
  DXGI_ADAPTER_FLAG_SOFTWARE,
  DXGI_FORMAT_B8G8R8A8_UNORM,
  DXGI_FORMAT_R10G10B10A2_UNORM,
  DXGI_FORMAT_R16G16B16A16_FLOAT,
  DXGI_FORMAT_R8G8B8A8_UNORM,
  DXGI_GPU_PREFERENCE_HIGH_PERFORMANCE,
  DXGI_GPU_PREFERENCE_MINIMUM_POWER,
  DXGI_SCALING_STRETCH,
  DXGI_SWAP_EFFECT_FLIP_DISCARD,
  DXGI_SWAP_EFFECT_FLIP_SEQUENTIAL,
} from './enums';

export class IDXGIAdapter1 extends IUnknown {
  readonly iface = 'IDXGIAdapter1';
  constructor(
    private readonly process: ProcessContext,
    readonly index: number,
  ) {
    super(process, 0, 'IDXGIAdapter1');
  }
  override implements(iface: string): boolean {
    return /^IDXGIAdapter\d?$/.test(iface) || super.implements(iface);
  }
  get facts(): AdapterFacts {
    return this.process.adapters[this.index];
  }
  GetDesc1(): { hr: HRESULT; out: Record<string, unknown> } {
    const c = this.sys.beginCall('IDXGIAdapter1::GetDesc1', this.id, null);
    const f = this.facts;
    this.sys.endCall(c, 'S_OK');
    return {
      hr: 'S_OK',
      out: {
        Description: f.Description,
        VendorId: f.VendorId,
        DeviceId: f.DeviceId,
        SubSysId: 0,
        Revision: 0,
        DedicatedVideoMemory: f.DedicatedVideoMemory,
        DedicatedSystemMemory: f.DedicatedSystemMemory,
        SharedSystemMemory: f.SharedSystemMemory,
        Flags: f.Flags,
      },
    };
  }
  /**
   * [MEM-BUDGET-2] IDXGIAdapter3::QueryVideoMemoryInfo per segment group: LOCAL is video memory on a discrete part
   * (all memory on UMA, whose NON_LOCAL group is empty), NON_LOCAL system memory. Budget = 90 % of the pool (a model
   * choice; the OS decides it on real systems), CurrentUsage = bytes of resident allocations of this adapter's
   * devices (heaps and committed resources; changes as they are created, released, evicted and made resident).
   * A group other than 0/1 is E_INVALIDARG.
   */
  QueryVideoMemoryInfo(args: { NodeIndex?: number; MemorySegmentGroup: number }): {
    hr: HRESULT;
    out?: { Budget: number; CurrentUsage: number; AvailableForReservation: number; CurrentReservation: number };
  } {
    const c = this.sys.beginCall('IDXGIAdapter3::QueryVideoMemoryInfo', this.id, args);
    const f = this.facts;
    const group = args.MemorySegmentGroup ?? 0;
    if ((group !== 0 && group !== 1) || (args.NodeIndex ?? 0) !== 0) {
      this.sys.endCall(c, 'E_INVALIDARG');
      return { hr: 'E_INVALIDARG' };
    }
    const local = group === 0;
    const pool = f.uma
      ? local
        ? f.SharedSystemMemory + f.DedicatedVideoMemory
        : 0
      : local
        ? f.DedicatedVideoMemory
        : f.SharedSystemMemory;
    let usage = 0;
    for (const d of this.process.devices)
      if (d.adapterIndex === this.index) usage += local ? d.memory.localUsage : d.memory.nonLocalUsage;
    this.sys.endCall(c, 'S_OK');
    return {
      hr: 'S_OK',
      out: {
        Budget: Math.floor(pool * 0.9),
        CurrentUsage: usage,
        AvailableForReservation: Math.floor(pool * 0.45),
        CurrentReservation: 0,
      },
    };
  }
}

export class IDXGIFactory4 extends IUnknown {
  readonly iface = 'IDXGIFactory4';
  constructor(
    private readonly process: ProcessContext,
    readonly flags: number,
  ) {
    super(process, 0, 'IDXGIFactory');
  }
  override implements(iface: string): boolean {
    return /^IDXGIFactory\d?$/.test(iface) || super.implements(iface);
  }

  /** [ADAPTER-2] EnumAdapters1: adapters in the system's order; past the end DXGI_ERROR_NOT_FOUND. */
  EnumAdapters1(args: { Adapter: number }): { hr: HRESULT; out?: IDXGIAdapter1 } {
    const c = this.sys.beginCall('IDXGIFactory1::EnumAdapters1', this.id, args);
    const ok = args.Adapter >= 0 && args.Adapter < this.process.adapters.length;
    const hr: HRESULT = ok ? 'S_OK' : 'DXGI_ERROR_NOT_FOUND';
    const out = ok ? new IDXGIAdapter1(this.process, args.Adapter) : undefined;
    this.sys.endCall(c, hr);
    return out ? { hr, out } : { hr };
  }

  /** [ADAPTER-3] IDXGIFactory6::EnumAdapterByGpuPreference: HIGH_PERFORMANCE lists the discrete GPU first. */
  EnumAdapterByGpuPreference(args: { Adapter: number; GpuPreference: number; riid?: string }): {
    hr: HRESULT;
    out?: IDXGIAdapter1;
  } {
    const c = this.sys.beginCall('IDXGIFactory6::EnumAdapterByGpuPreference', this.id, args);
    const order = this.process.adapters.map((f, k) => ({ f, k }));
    const hw = order.filter((a) => !(a.f.Flags & DXGI_ADAPTER_FLAG_SOFTWARE));
    const sw = order.filter((a) => a.f.Flags & DXGI_ADAPTER_FLAG_SOFTWARE);
    if (args.GpuPreference === DXGI_GPU_PREFERENCE_HIGH_PERFORMANCE)
      hw.sort((a, b) => Number(a.f.uma) - Number(b.f.uma) || b.f.DedicatedVideoMemory - a.f.DedicatedVideoMemory);
    else if (args.GpuPreference === DXGI_GPU_PREFERENCE_MINIMUM_POWER)
      hw.sort((a, b) => Number(b.f.uma) - Number(a.f.uma));
    const list = [...hw, ...sw];
    const pick = list[args.Adapter];
    const hr: HRESULT = pick ? 'S_OK' : 'DXGI_ERROR_NOT_FOUND';
    const out = pick ? new IDXGIAdapter1(this.process, pick.k) : undefined;
    this.sys.endCall(c, hr);
    return out ? { hr, out } : { hr };
  }

  EnumWarpAdapter(_args: { riid?: string } = {}): { hr: HRESULT; out?: IDXGIAdapter1 } {
    const c = this.sys.beginCall('IDXGIFactory4::EnumWarpAdapter', this.id, _args);
    const k = this.process.adapters.findIndex((f) => f.Flags & DXGI_ADAPTER_FLAG_SOFTWARE);
    const out = k >= 0 ? new IDXGIAdapter1(this.process, k) : undefined;
    const hr: HRESULT = out ? 'S_OK' : 'DXGI_ERROR_NOT_FOUND';
    this.sys.endCall(c, hr);
    return out ? { hr, out } : { hr };
  }

  private createSwapChain(
    api: string,
    args: { Device: ID3D12CommandQueue; Desc: Partial<DXGI_SWAP_CHAIN_DESC1> },
  ): { hr: HRESULT; out?: IDXGISwapChain3 } {
    const c = this.sys.beginCall(api, this.id, args);
    const q = args.Device;
    const d: DXGI_SWAP_CHAIN_DESC1 = {
      Width: 0,
      Height: 0,
      Format: 0,
      Stereo: false,
      SampleDesc: { Count: 0, Quality: 0 },
      BufferUsage: 0,
      BufferCount: 0,
      Scaling: 0,
      SwapEffect: 0,
      AlphaMode: 0,
      Flags: 0,
      ...args.Desc,
    };
    let hr: HRESULT = 'S_OK';
    // [SC-CREATE-1] D3D12 needs a command queue and the flip model; 2..16 buffers; a flip-model format; no MSAA.
    if (!q || !q.implements('ID3D12CommandQueue')) hr = 'DXGI_ERROR_INVALID_CALL';
    else if (d.SwapEffect !== DXGI_SWAP_EFFECT_FLIP_DISCARD && d.SwapEffect !== DXGI_SWAP_EFFECT_FLIP_SEQUENTIAL)
      hr = 'DXGI_ERROR_INVALID_CALL';
    else if (d.BufferCount < 2 || d.BufferCount > 16) hr = 'DXGI_ERROR_INVALID_CALL';
    else if (
      ![
        DXGI_FORMAT_R8G8B8A8_UNORM,
        DXGI_FORMAT_B8G8R8A8_UNORM,
        DXGI_FORMAT_R16G16B16A16_FLOAT,
        DXGI_FORMAT_R10G10B10A2_UNORM,
      ].includes(d.Format)
    )
      hr = 'DXGI_ERROR_INVALID_CALL';
    else if ((d.SampleDesc?.Count ?? 0) !== 1) hr = 'DXGI_ERROR_INVALID_CALL';
    else if (api.endsWith('ForComposition') && (d.Scaling !== DXGI_SCALING_STRETCH || d.Width === 0 || d.Height === 0))
      hr = 'DXGI_ERROR_INVALID_CALL';
    else if (q.device.removed) hr = 'DXGI_ERROR_DEVICE_REMOVED';
    let out: IDXGISwapChain3 | undefined;
    if (hr === 'S_OK') out = new IDXGISwapChain3(this.sys, q, { ...d, Width: d.Width || 800, Height: d.Height || 600 });
    this.sys.endCall(c, hr);
    return out ? { hr, out } : { hr };
  }

  /** [SC-CREATE-1] Headless swap chain (no window). */
  CreateSwapChainForComposition(args: {
    Device: ID3D12CommandQueue;
    Desc: Partial<DXGI_SWAP_CHAIN_DESC1>;
    RestrictToOutput?: null;
  }): { hr: HRESULT; out?: IDXGISwapChain3 } {
    return this.createSwapChain('IDXGIFactory2::CreateSwapChainForComposition', args);
  }

  CreateSwapChainForHwnd(args: {
    Device: ID3D12CommandQueue;
    hWnd?: unknown;
    Desc: Partial<DXGI_SWAP_CHAIN_DESC1>;
    FullscreenDesc?: null;
    RestrictToOutput?: null;
  }): { hr: HRESULT; out?: IDXGISwapChain3 } {
    return this.createSwapChain('IDXGIFactory2::CreateSwapChainForHwnd', args);
  }
}
