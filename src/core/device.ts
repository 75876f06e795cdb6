// ID3D12Device: creation of every object, resource/heap validation ([RES-*], [HEAP-*]), feature queries,
// descriptor increments, device removal ([DEV-RM-*]).

import { IUnknown } from './object';
import type { D3D12System } from './system';
import type { HRESULT, MessageId } from './messages';
import type { AdapterFacts } from './dxgi';
import {
  D3D12_COMMAND_LIST_TYPE_BUNDLE, D3D12_COMMAND_LIST_TYPE_COMPUTE, D3D12_COMMAND_LIST_TYPE_COPY,
  D3D12_COMMAND_LIST_TYPE_DIRECT, D3D12_CPU_PAGE_PROPERTY_UNKNOWN, D3D12_CPU_PAGE_PROPERTY_WRITE_BACK,
  D3D12_CPU_PAGE_PROPERTY_WRITE_COMBINE, D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE, D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
  D3D12_DESCRIPTOR_HEAP_TYPE_DSV, D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER, D3D12_FEATURE_ARCHITECTURE,
  D3D12_FEATURE_ARCHITECTURE1, D3D12_FEATURE_D3D12_OPTIONS, D3D12_FEATURE_D3D12_OPTIONS13, D3D12_FEATURE_MULTISAMPLE_QUALITY_LEVELS, D3D12_FEATURE_D3D12_OPTIONS1, D3D12_FEATURE_D3D12_OPTIONS3,
  D3D12_FEATURE_FEATURE_LEVELS, D3D12_FEATURE_GPU_VIRTUAL_ADDRESS_SUPPORT, D3D12_FEATURE_ROOT_SIGNATURE,
  D3D12_FEATURE_SHADER_MODEL, D3D12_FENCE_FLAG_NON_MONITORED, D3D12_HEAP_FLAG_DENY_BUFFERS,
  D3D12_HEAP_FLAG_DENY_NON_RT_DS_TEXTURES, D3D12_HEAP_FLAG_DENY_RT_DS_TEXTURES, D3D12_HEAP_FLAG_SHARED_CROSS_ADAPTER,
  D3D12_HEAP_TYPE_CUSTOM, D3D12_HEAP_TYPE_DEFAULT, D3D12_HEAP_TYPE_GPU_UPLOAD, D3D12_HEAP_TYPE_READBACK,
  D3D12_HEAP_TYPE_UPLOAD, D3D12_MEMORY_POOL_L1, D3D12_MEMORY_POOL_UNKNOWN, D3D12_RESOURCE_DIMENSION_BUFFER,
  D3D12_RESOURCE_DIMENSION_TEXTURE1D, D3D12_RESOURCE_DIMENSION_TEXTURE2D, D3D12_RESOURCE_DIMENSION_TEXTURE3D,
  D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET, D3D12_RESOURCE_HEAP_TIER_1,
  D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_GENERIC_READ,
  D3D12_RESOURCE_STATE_RESOLVE_DEST, D3D12_RESOURCE_STATE_RESOLVE_SOURCE, D3D12_REQ_TEXTURE2D_U_OR_V_DIMENSION,
  D3D12_TEXTURE_LAYOUT_64KB_STANDARD_SWIZZLE, D3D12_TEXTURE_LAYOUT_64KB_UNDEFINED_SWIZZLE,
  D3D12_TEXTURE_LAYOUT_ROW_MAJOR, D3D12_TEXTURE_LAYOUT_UNKNOWN, D3D12_TILED_RESOURCE_TILE_SIZE_IN_BYTES,
  D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT, D3D12_DEFAULT_MSAA_RESOURCE_PLACEMENT_ALIGNMENT, UINT64_MAX,
  D3D_ROOT_SIGNATURE_VERSION_1_1, D3D12_HEAP_FLAG_CREATE_NOT_RESIDENT, D3D12_RESIDENCY_FLAG_DENY_OVERBUDGET,
} from './enums';
import { formatInfo } from './formats';
import {
  allocationInfo, align, copyableFootprints, heapProperties, mipLevels, resourceDesc, subresourceCount,
} from './layout';
import type { D3D12_CPU_DESCRIPTOR_HANDLE, D3D12_HEAP_PROPERTIES, D3D12_RESOURCE_DESC } from './structs';
import { ID3D12Heap, ID3D12Resource, type Placement } from './resource';
import { ID3D12CommandQueue, ID3D12Fence } from './queue';
import { ID3D12CommandAllocator, ID3D12GraphicsCommandList } from './commandlist';
import { ID3D12DescriptorHeap, writeDescriptor, type ViewKind } from './descriptors';
import { ID3D12PipelineState, ID3D12RootSignature, createGraphicsPipelineState, createRootSignature, type ID3DBlob } from './pipeline';
import { ID3D12DeviceRemovedExtendedData, captureDred, type DredCapture } from './debug';


const LIST_TYPES = [D3D12_COMMAND_LIST_TYPE_DIRECT, D3D12_COMMAND_LIST_TYPE_COMPUTE, D3D12_COMMAND_LIST_TYPE_COPY];

export class ID3D12Device extends IUnknown {
  readonly iface = 'ID3D12Device';
  /** [DBG-ON-1] The debug layer applies to devices created after EnableDebugLayer. */
  readonly debugLayer: boolean;
  readonly gbv: boolean;
  readonly dredBreadcrumbs: boolean;
  readonly dredPageFault: boolean;
  removed = false;
  removedReason: HRESULT | null = null;
  dred: DredCapture | null = null;
  readonly queues: ID3D12CommandQueue[] = [];
  readonly fences: ID3D12Fence[] = [];
  readonly descriptorHeaps: ID3D12DescriptorHeap[] = [];
  /** Freed allocations (DRED page-fault output lists recently freed allocations). */
  readonly freedAllocations: { id: number; name: string | null; va: number; size: number }[] = [];
  private nextVA = 0x1_0000_0000;
  private nextCpuDescriptor = 0x10_0000;
  private nextGpuDescriptor = 0x20_0000_0000;
  /**
   * [MEM-RES-1] Bytes of resident allocations per DXGI memory segment group (what QueryVideoMemoryInfo reports as
   * CurrentUsage): LOCAL = video memory (L1 / DEFAULT on a discrete part; everything on UMA), NON_LOCAL = system
   * memory (L0 / UPLOAD / READBACK on a discrete part). Evicted allocations do not count.
   */
  localUsage = 0;
  nonLocalUsage = 0;
  /** Every live allocation (implicit heaps of committed resources, explicit heaps) by pageable object id. */
  readonly allocations = new Map<number, { bytes: number; local: boolean; residency: number; obj: IUnknown }>();

  constructor(sys: D3D12System, readonly adapterIndex: number, readonly facts: AdapterFacts) {
    super(sys, 0, 'ID3D12Device');
    this.debugLayer = sys.debugLayerEnabled;
    this.gbv = sys.debugLayerEnabled && sys.gpuBasedValidation;
    this.dredBreadcrumbs = sys.dredAutoBreadcrumbs;
    this.dredPageFault = sys.dredPageFault;
  }

  override implements(iface: string): boolean {
    return /^ID3D12Device\d*$/.test(iface) || iface === 'IUnknown' || iface === 'ID3D12Object';
  }

  msg(id: MessageId, args: Record<string, string | number | boolean | null> = {}): void {
    this.sys.emit(this, id, args);
  }

  allocVA(size: number, alignment = D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT): number {
    const va = align(this.nextVA, alignment);
    this.nextVA = va + Math.max(size, alignment);
    return va;
  }

  allocDescriptorRange(bytes: number, gpu: boolean): { cpu: number; gpu: number } {
    const cpu = this.nextCpuDescriptor;
    this.nextCpuDescriptor = align(cpu + bytes + 0x1000, 0x1_0000);
    let g = 0;
    if (gpu) {
      g = this.nextGpuDescriptor;
      this.nextGpuDescriptor = align(g + bytes + 0x1000, 0x1_0000);
    }
    return { cpu, gpu: g };
  }

  /**
   * [DEV-RM-1] Device removal: all later creation fails with DXGI_ERROR_DEVICE_REMOVED, queued GPU work is dropped,
   * every fence of the device reads UINT64_MAX so CPU waits complete; DRED (if enabled) captures its output.
   */
  remove(reason: HRESULT, fault?: { va: number; resource: ID3D12Resource | null }): void {
    if (this.removed) return;
    this.removed = true;
    this.removedReason = reason;
    this.sys.trace.push({ k: 'removed', i: this.sys.callIndex, device: this.id, reason, t: this.sys.now });
    this.dred = captureDred(this, fault);
    for (const q of this.queues) q.dropPending();
    for (const f of this.fences) f.onDeviceRemoved();
    this.sys.scheduleGpu();
  }

  /** Buffers by GPU virtual address (vertex/index/constant buffer views name memory, not objects). */
  readonly buffers: ID3D12Resource[] = [];
  /** Swap chains created on this device's queues (for the back-buffer reference check). */
  readonly swapChains: { currentIndex(): number; id: number }[] = [];

  resourceAtVA(va: number): ID3D12Resource | null {
    for (let k = this.buffers.length - 1; k >= 0; k--) {
      const b = this.buffers[k];
      if (va >= b.gpuVA && va < b.gpuVA + b.desc.Width) return b;
    }
    return null;
  }

  /** [SC-REF-1] A list that uses a back buffer other than the current one: EXECUTECOMMANDLISTS_WRONGSWAPCHAINBUFFERREFERENCE. */
  checkBackBufferReference(r: ID3D12Resource): void {
    const sc = r.swapChain;
    if (!sc) return;
    const chain = this.swapChains.find((s) => s.id === sc.chain);
    if (chain && chain.currentIndex() !== sc.index) {
      this.msg('EXECUTECOMMANDLISTS_WRONGSWAPCHAINBUFFERREFERENCE', { resource: r.id, bufferIndex: sc.index, currentIndex: chain.currentIndex() });
    }
  }

  freeResource(r: ID3D12Resource): void {
    if (r.placement === 'committed' || r.placement === 'swapchain') {
      this.releaseMemory(r.id);
      this.freedAllocations.push({ id: r.id, name: r.name, va: r.gpuVA, size: r.size });
      this.sys.trace.push({ k: 'free', i: this.sys.callIndex, res: r.id, heap: -1, offset: 0, size: r.size });
    }
  }

  /** Which segment group an allocation on these heap properties counts against ([MEM-RES-1]). */
  isLocal(p: D3D12_HEAP_PROPERTIES): boolean {
    if (this.facts.uma) return true;
    return p.Type === D3D12_HEAP_TYPE_DEFAULT || p.Type === D3D12_HEAP_TYPE_GPU_UPLOAD || (p.Type === D3D12_HEAP_TYPE_CUSTOM && p.MemoryPoolPreference === D3D12_MEMORY_POOL_L1);
  }

  /** Track a new allocation (resident unless created with CREATE_NOT_RESIDENT). */
  trackMemory(obj: IUnknown, bytes: number, local: boolean, resident: boolean): void {
    this.allocations.set(obj.id, { bytes, local, residency: resident ? 1 : 0, obj });
    if (resident) this.addUsage(local, bytes);
  }

  releaseMemory(id: number): void {
    const a = this.allocations.get(id);
    if (!a) return;
    if (a.residency > 0) this.addUsage(a.local, -a.bytes);
    this.allocations.delete(id);
  }

  private addUsage(local: boolean, bytes: number): void {
    if (local) this.localUsage += bytes;
    else this.nonLocalUsage += bytes;
  }

  /** The pageable that owns a resource's memory (the heap of a placed resource), or null (reserved, swap chain). */
  pageableOf(o: IUnknown): IUnknown | null {
    if (o instanceof ID3D12Resource) return o.placement === 'placed' ? o.heap : o.placement === 'committed' ? o : null;
    return o;
  }

  /** [MEM-RES-2] Is the memory behind this resource resident? */
  isResident(r: ID3D12Resource): boolean {
    const p = this.pageableOf(r);
    if (!p) return true;
    const a = this.allocations.get(p.id);
    return !a || a.residency > 0;
  }

  private residencyCall(api: 'MakeResident' | 'Evict', args: { NumObjects?: number; Objects?: (IUnknown | null)[] | null }): HRESULT {
    const list = args.Objects;
    if (!list || (args.NumObjects ?? list.length) === 0 && !list.length) {
      this.msg(api === 'MakeResident' ? 'MAKERESIDENT_NULLOBJECTARRAY' : 'EVICT_NULLOBJECTARRAY', {});
      return 'E_INVALIDARG';
    }
    if (this.removed) return 'DXGI_ERROR_DEVICE_REMOVED';
    const objs = list.slice(0, args.NumObjects ?? list.length);
    if (api === 'MakeResident') {
      // budget check first: MakeResident is all-or-nothing
      let add = { local: 0, nonLocal: 0 };
      for (const o of objs) {
        const p = o ? this.pageableOf(o) : null;
        const a = p ? this.allocations.get(p.id) : undefined;
        if (a && a.residency === 0) { if (a.local) add.local += a.bytes; else add.nonLocal += a.bytes; }
      }
      const pools = this.pools();
      if (this.localUsage + add.local > pools.local || this.nonLocalUsage + add.nonLocal > pools.nonLocal) return 'E_OUTOFMEMORY';
      add = { local: 0, nonLocal: 0 };
    }
    for (const o of objs) {
      if (!o) continue;
      const p = this.pageableOf(o);
      const a = p ? this.allocations.get(p.id) : undefined;
      if (!p || !a) continue;
      if (api === 'MakeResident') {
        if (a.residency === 0) this.addUsage(a.local, a.bytes);
        a.residency++;
      } else if (a.residency > 0) {
        a.residency--;
        if (a.residency === 0) {
          this.addUsage(a.local, -a.bytes);
          const inUse = p instanceof ID3D12Resource ? p.gpuRefs > 0 : p instanceof ID3D12Heap ? [...p.placed].some((r) => r.gpuRefs > 0) : false;
          if (inUse) {
            this.msg('OBJECT_EVICTED_WHILE_STILL_IN_USE', { object: p.id });
            this.sys.hazard('evicted-while-in-use', p.id, { outcome: 'page fault when the GPU touches it' });
          }
        }
      }
      this.sys.trace.push({ k: 'residency', i: this.sys.callIndex, obj: p.id, resident: a.residency > 0, count: a.residency, bytes: a.bytes, local: a.local });
    }
    return 'S_OK';
  }

  /** Memory pools of the adapter per segment group (UMA: one local pool). */
  pools(): { local: number; nonLocal: number } {
    const f = this.facts;
    return f.uma ? { local: f.SharedSystemMemory + f.DedicatedVideoMemory, nonLocal: 0 } : { local: f.DedicatedVideoMemory, nonLocal: f.SharedSystemMemory };
  }

  /**
   * [MEM-RES-3] ID3D12Device::MakeResident / Evict: residency is reference counted (an object is created resident
   * with a count of 1, or 0 with D3D12_HEAP_FLAG_CREATE_NOT_RESIDENT); Evict takes effect when the count reaches 0.
   * Evicted memory leaves QueryVideoMemoryInfo's CurrentUsage; evicting what the GPU still uses is
   * OBJECT_EVICTED_WHILE_STILL_IN_USE; GPU work touching non-resident memory page-faults (device removed).
   * MakeResident fails with E_OUTOFMEMORY when the pool cannot hold the objects. A placed resource stands for its heap.
   */
  MakeResident(args: { NumObjects?: number; Objects: (IUnknown | null)[] | null }): HRESULT {
    const c = this.begin('MakeResident', args);
    const hr = this.residencyCall('MakeResident', args);
    this.sys.endCall(c, hr);
    return hr;
  }

  Evict(args: { NumObjects?: number; Objects: (IUnknown | null)[] | null }): HRESULT {
    const c = this.begin('Evict', args);
    const hr = this.residencyCall('Evict', args);
    this.sys.endCall(c, hr);
    return hr;
  }

  /**
   * [MEM-RES-4] ID3D12Device3::EnqueueMakeResident: like MakeResident, but asynchronous; the fence is signalled with
   * FenceValueToSignal when the objects are resident (in the model: at once, from the CPU timeline).
   */
  EnqueueMakeResident(args: { Flags?: number; NumObjects?: number; Objects: (IUnknown | null)[] | null; FenceToSignal: ID3D12Fence; FenceValueToSignal: bigint | number }): HRESULT {
    const c = this.begin('EnqueueMakeResident', args);
    let hr: HRESULT = 'S_OK';
    if ((args.Flags ?? 0) & D3D12_RESIDENCY_FLAG_DENY_OVERBUDGET) {
      // DENY_OVERBUDGET: fail rather than exceed the budget (90 % of the pool, MEM-BUDGET-2)
      let add = { local: 0, nonLocal: 0 };
      for (const o of (args.Objects ?? []).slice(0, args.NumObjects ?? (args.Objects ?? []).length)) {
        const p = o ? this.pageableOf(o) : null;
        const a = p ? this.allocations.get(p.id) : undefined;
        if (a && a.residency === 0) add = a.local ? { ...add, local: add.local + a.bytes } : { ...add, nonLocal: add.nonLocal + a.bytes };
      }
      const pools = this.pools();
      if (this.localUsage + add.local > pools.local * 0.9 || this.nonLocalUsage + add.nonLocal > pools.nonLocal * 0.9) hr = 'E_OUTOFMEMORY';
    }
    if (hr === 'S_OK') hr = this.residencyCall('MakeResident', args);
    if (hr === 'S_OK') {
      if (!args.FenceToSignal) hr = 'E_INVALIDARG';
      else {
        const v = BigInt(args.FenceValueToSignal ?? 0) & UINT64_MAX;
        this.sys.trace.push({ k: 'fence', i: this.sys.callIndex, fence: args.FenceToSignal.id, value: v, t: this.sys.now, kind: 'signal-cpu', queue: -1 });
        args.FenceToSignal.set(v, this.sys.now);
        this.sys.scheduleGpu();
      }
    }
    this.sys.endCall(c, hr);
    return hr;
  }

  private begin(api: string, args: unknown) {
    return this.sys.beginCall(`ID3D12Device::${api}`, this.id, args);
  }

  private done<T extends object>(c: ReturnType<D3D12System['beginCall']>, hr: HRESULT, out?: T): { hr: HRESULT; out?: T } {
    this.sys.endCall(c, hr);
    return out !== undefined && hr === 'S_OK' ? { hr, out } : { hr };
  }

  // ------------------------------------------------------------------ command objects

  /** [Q-CREATE-1] CreateCommandQueue: Type DIRECT/COMPUTE/COPY (video types are not modelled). */
  CreateCommandQueue(args: { Type: number; Priority?: number; Flags?: number; NodeMask?: number }): { hr: HRESULT; out?: ID3D12CommandQueue } {
    const c = this.begin('CreateCommandQueue', args);
    if (this.removed) return this.done(c, 'DXGI_ERROR_DEVICE_REMOVED');
    if (!LIST_TYPES.includes(args.Type)) {
      this.msg('CREATE_QUEUE_INVALID_TYPE', { type: args.Type });
      return this.done(c, 'E_INVALIDARG');
    }
    if ((args.Flags ?? 0) & ~1) {
      this.msg('CREATE_QUEUE_INVALID_FLAGS', { flags: args.Flags ?? 0 });
      return this.done(c, 'E_INVALIDARG');
    }
    const q = new ID3D12CommandQueue(this, args.Type, args.Priority ?? 0, args.Flags ?? 0);
    return this.done(c, 'S_OK', q);
  }

  CreateCommandAllocator(args: { type: number }): { hr: HRESULT; out?: ID3D12CommandAllocator } {
    const c = this.begin('CreateCommandAllocator', args);
    if (this.removed) return this.done(c, 'DXGI_ERROR_DEVICE_REMOVED');
    if (!LIST_TYPES.includes(args.type) && args.type !== D3D12_COMMAND_LIST_TYPE_BUNDLE) return this.done(c, 'E_INVALIDARG');
    return this.done(c, 'S_OK', new ID3D12CommandAllocator(this, args.type));
  }

  /**
   * [CL-CREATE-1] CreateCommandList: the list starts open (recording) on the allocator; the allocator must be of the
   * same type and not in use by another recording list (COMMAND_ALLOCATOR_CONTENTION, E_INVALIDARG).
   */
  CreateCommandList(args: { nodeMask?: number; type: number; CommandAllocator: ID3D12CommandAllocator; InitialState?: ID3D12PipelineState | null }): { hr: HRESULT; out?: ID3D12GraphicsCommandList } {
    const c = this.begin('CreateCommandList', args);
    if (this.removed) return this.done(c, 'DXGI_ERROR_DEVICE_REMOVED');
    const a = args.CommandAllocator;
    if (!a || (!LIST_TYPES.includes(args.type) && args.type !== D3D12_COMMAND_LIST_TYPE_BUNDLE)) return this.done(c, 'E_INVALIDARG');
    if (a.type !== args.type) {
      this.msg('WRONG_COMMAND_ALLOCATOR_TYPE', { allocator: a.id, allocatorType: a.type, listType: args.type });
      return this.done(c, 'E_INVALIDARG');
    }
    if (a.recordingList) {
      this.msg('COMMAND_ALLOCATOR_CONTENTION', { allocator: a.id, list: a.recordingList.id });
      return this.done(c, 'E_INVALIDARG');
    }
    const l = new ID3D12GraphicsCommandList(this, args.type, a, args.InitialState ?? null);
    return this.done(c, 'S_OK', l);
  }

  /** [FENCE-1] CreateFence: a fence is one UINT64 value (it may go down); flags other than NONE/SHARED/NON_MONITORED are invalid. */
  CreateFence(args: { InitialValue: bigint | number; Flags?: number }): { hr: HRESULT; out?: ID3D12Fence } {
    const c = this.begin('CreateFence', args);
    if (this.removed) return this.done(c, 'DXGI_ERROR_DEVICE_REMOVED');
    const flags = args.Flags ?? 0;
    if (flags & ~(1 | 2 | D3D12_FENCE_FLAG_NON_MONITORED)) {
      this.msg('CREATE_FENCE_INVALID_FLAGS', { flags });
      return this.done(c, 'E_INVALIDARG');
    }
    const f = new ID3D12Fence(this, BigInt(args.InitialValue ?? 0) & UINT64_MAX, flags);
    return this.done(c, 'S_OK', f);
  }

  // ------------------------------------------------------------------ heaps and resources

  /** [HEAP-PROP-1] Heap properties: abstract types take UNKNOWN page/pool; CUSTOM needs both; L1 is never CPU-visible on discrete parts. */
  private heapPropsError(p: D3D12_HEAP_PROPERTIES): boolean {
    if (p.Type < D3D12_HEAP_TYPE_DEFAULT || p.Type > D3D12_HEAP_TYPE_GPU_UPLOAD) return true;
    if (p.Type === D3D12_HEAP_TYPE_GPU_UPLOAD && !this.facts.gpuUploadHeapSupported) return true;
    if (p.Type !== D3D12_HEAP_TYPE_CUSTOM) return p.CPUPageProperty !== D3D12_CPU_PAGE_PROPERTY_UNKNOWN || p.MemoryPoolPreference !== D3D12_MEMORY_POOL_UNKNOWN;
    if (p.CPUPageProperty === D3D12_CPU_PAGE_PROPERTY_UNKNOWN || p.MemoryPoolPreference === D3D12_MEMORY_POOL_UNKNOWN) return true;
    if (p.CPUPageProperty > D3D12_CPU_PAGE_PROPERTY_WRITE_BACK || p.MemoryPoolPreference > D3D12_MEMORY_POOL_L1) return true;
    if (p.MemoryPoolPreference === D3D12_MEMORY_POOL_L1) {
      if (this.facts.uma) return true;
      if (p.CPUPageProperty === D3D12_CPU_PAGE_PROPERTY_WRITE_BACK) return true;
      if (p.CPUPageProperty === D3D12_CPU_PAGE_PROPERTY_WRITE_COMBINE && !this.facts.gpuUploadHeapSupported) return true;
    }
    return false;
  }

  /** [RES-DESC-1] Structural validation of D3D12_RESOURCE_DESC (returns the message raised, or null). */
  private descError(d: D3D12_RESOURCE_DESC, placement: Placement, heapFlags: number): MessageId | null {
    if (d.Dimension < D3D12_RESOURCE_DIMENSION_BUFFER || d.Dimension > D3D12_RESOURCE_DIMENSION_TEXTURE3D) return 'CREATERESOURCE_INVALIDDESC';
    if (d.Dimension === D3D12_RESOURCE_DIMENSION_BUFFER) {
      if (d.Width <= 0 || d.Height !== 1 || d.DepthOrArraySize !== 1 || d.MipLevels !== 1) return 'CREATERESOURCE_INVALIDDIMENSIONS';
      if (d.Format !== 0) return 'CREATERESOURCE_INVALIDFORMAT';
      if (d.SampleDesc.Count !== 1) return 'CREATERESOURCE_INVALIDDESC';
      if (d.Layout !== D3D12_TEXTURE_LAYOUT_ROW_MAJOR) return 'CREATERESOURCE_INVALIDLAYOUT';
      if (d.Flags & (D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET | D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL)) return 'CREATERESOURCE_INVALIDMISCFLAGS';
      if (!allocationInfo(d).ok) return 'CREATERESOURCE_INVALIDALIGNMENT';
      return null;
    }
    const fi = formatInfo(d.Format);
    if (!fi) return 'CREATERESOURCE_INVALIDFORMAT';
    if (d.Width <= 0 || d.Height <= 0 || d.DepthOrArraySize <= 0) return 'CREATERESOURCE_INVALIDDIMENSIONS';
    if (d.Dimension === D3D12_RESOURCE_DIMENSION_TEXTURE1D && d.Height !== 1) return 'CREATERESOURCE_INVALIDDIMENSIONS';
    if (d.Width > D3D12_REQ_TEXTURE2D_U_OR_V_DIMENSION || d.Height > D3D12_REQ_TEXTURE2D_U_OR_V_DIMENSION) return 'CREATERESOURCE_INVALIDDIMENSIONS';
    // D3D12_REQ_TEXTURE2D_ARRAY_AXIS_DIMENSION / TEXTURE1D_ARRAY_AXIS_DIMENSION = 2048; 3D: every axis <= 2048
    if (d.DepthOrArraySize > 2048) return 'CREATERESOURCE_INVALIDDIMENSIONS';
    if (d.Dimension === D3D12_RESOURCE_DIMENSION_TEXTURE3D && (d.Width > 2048 || d.Height > 2048)) return 'CREATERESOURCE_INVALIDDIMENSIONS';
    const maxMips = mipLevels({ ...d, MipLevels: 0 });
    if (d.MipLevels > maxMips) return 'CREATERESOURCE_INVALIDMIPLEVELS';
    if (d.SampleDesc.Count < 1 || (d.SampleDesc.Count > 1 && (d.Dimension !== D3D12_RESOURCE_DIMENSION_TEXTURE2D || mipLevels(d) !== 1))) return 'CREATERESOURCE_INVALIDDESC';
    if (fi.depth && (d.Flags & D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET)) return 'CREATERESOURCE_INVALIDMISCFLAGS';
    if ((d.Flags & D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL) && !fi.depth && fi.cls !== 'TYPELESS') return 'CREATERESOURCE_INVALIDMISCFLAGS';
    // [RES-LAYOUT-1] 64KB swizzle layouts belong to reserved resources; ROW_MAJOR textures need a cross-adapter heap.
    const swz = d.Layout === D3D12_TEXTURE_LAYOUT_64KB_UNDEFINED_SWIZZLE || d.Layout === D3D12_TEXTURE_LAYOUT_64KB_STANDARD_SWIZZLE;
    if (placement === 'reserved' && !swz) return 'CREATERESOURCE_INVALIDLAYOUT';
    if (placement !== 'reserved' && swz) return 'CREATERESOURCE_INVALIDLAYOUT';
    if (d.Layout === D3D12_TEXTURE_LAYOUT_ROW_MAJOR && (!(heapFlags & D3D12_HEAP_FLAG_SHARED_CROSS_ADAPTER) || mipLevels(d) !== 1 || d.DepthOrArraySize !== 1)) return 'CREATERESOURCE_INVALIDLAYOUT';
    if (d.Layout > D3D12_TEXTURE_LAYOUT_64KB_STANDARD_SWIZZLE) return 'CREATERESOURCE_INVALIDLAYOUT';
    if (placement !== 'reserved' && d.Layout === D3D12_TEXTURE_LAYOUT_UNKNOWN && !allocationInfo(d).ok) return 'CREATERESOURCE_INVALIDALIGNMENT';
    return null;
  }

  /**
   * [ST-HEAP-1] Heap-type state rules at creation: UPLOAD needs GENERIC_READ (read-only subsets, COMMON and
   * RESOLVE_SOURCE accepted), READBACK needs COPY_DEST (COMMON and RESOLVE_DEST accepted): otherwise
   * RESOURCE_BARRIER_INVALID_HEAP + E_INVALIDARG. [ST-INIT-2] DEFAULT buffers ignore InitialState and start in
   * COMMON (CREATERESOURCE_STATE_IGNORED warning).
   */
  private initialState(d: D3D12_RESOURCE_DESC, heapType: number, state: number): { ok: boolean; state: number } {
    if (heapType === D3D12_HEAP_TYPE_UPLOAD) {
      if ((state & ~(D3D12_RESOURCE_STATE_GENERIC_READ | D3D12_RESOURCE_STATE_RESOLVE_SOURCE)) !== 0) {
        this.msg('RESOURCE_BARRIER_INVALID_HEAP', { heapType, state });
        return { ok: false, state };
      }
      return { ok: true, state };
    }
    if (heapType === D3D12_HEAP_TYPE_READBACK) {
      if ((state & ~(D3D12_RESOURCE_STATE_COPY_DEST | D3D12_RESOURCE_STATE_RESOLVE_DEST)) !== 0) {
        this.msg('RESOURCE_BARRIER_INVALID_HEAP', { heapType, state });
        return { ok: false, state };
      }
      return { ok: true, state };
    }
    if (d.Dimension === D3D12_RESOURCE_DIMENSION_BUFFER && state !== D3D12_RESOURCE_STATE_COMMON) {
      this.msg('CREATERESOURCE_STATE_IGNORED', { state });
      return { ok: true, state: D3D12_RESOURCE_STATE_COMMON };
    }
    return { ok: true, state };
  }

  /** [HEAP-TIER-1] On Resource Heap Tier 1 a heap holds one category: buffers, RT/DS textures, or other textures. */
  private categoryAllowed(d: D3D12_RESOURCE_DESC, heapFlags: number): boolean {
    if (d.Dimension === D3D12_RESOURCE_DIMENSION_BUFFER) return !(heapFlags & D3D12_HEAP_FLAG_DENY_BUFFERS);
    const rtds = (d.Flags & (D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET | D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL)) !== 0;
    return rtds ? !(heapFlags & D3D12_HEAP_FLAG_DENY_RT_DS_TEXTURES) : !(heapFlags & D3D12_HEAP_FLAG_DENY_NON_RT_DS_TEXTURES);
  }

  /** Shared validation of a resource on a heap type; returns the message to raise or null. */
  private resourceOnHeapError(d: D3D12_RESOURCE_DESC, heapType: number): MessageId | null {
    // [RES-HEAP-1] textures cannot live on UPLOAD or READBACK heaps (a heap-type rule, not a heap-flag one)
    if (d.Dimension !== D3D12_RESOURCE_DIMENSION_BUFFER && (heapType === D3D12_HEAP_TYPE_UPLOAD || heapType === D3D12_HEAP_TYPE_READBACK)) {
      return 'CREATERESOURCEANDHEAP_INVALIDHEAPPROPERTIES';
    }
    if ((d.Flags & (D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET | D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL | 0x4)) && (heapType === D3D12_HEAP_TYPE_UPLOAD || heapType === D3D12_HEAP_TYPE_READBACK)) {
      return 'CREATERESOURCEANDHEAP_INVALIDHEAPPROPERTIES';
    }
    return null;
  }

  private clearValue(v: unknown): unknown {
    return v ?? null;
  }

  /** [RES-COMMITTED-1] CreateCommittedResource: an implicit heap sized and aligned for the resource. */
  CreateCommittedResource(args: { HeapProperties: Partial<D3D12_HEAP_PROPERTIES>; HeapFlags?: number; Desc: Partial<D3D12_RESOURCE_DESC>; InitialResourceState: number; OptimizedClearValue?: unknown }): { hr: HRESULT; out?: ID3D12Resource } {
    const c = this.begin('CreateCommittedResource', args);
    if (this.removed) return this.done(c, 'DXGI_ERROR_DEVICE_REMOVED');
    const hp = heapProperties(args.HeapProperties);
    const d = resourceDesc(args.Desc);
    const flags = args.HeapFlags ?? 0;
    if (this.heapPropsError(hp)) {
      this.msg('CREATERESOURCEANDHEAP_INVALIDHEAPPROPERTIES', { heapType: hp.Type });
      return this.done(c, 'E_INVALIDARG');
    }
    const de = this.descError(d, 'committed', flags) ?? this.resourceOnHeapError(d, hp.Type);
    if (de) {
      this.msg(de, { dimension: d.Dimension, heapType: hp.Type, format: d.Format, layout: d.Layout });
      return this.done(c, 'E_INVALIDARG');
    }
    if (d.Dimension === D3D12_RESOURCE_DIMENSION_BUFFER && args.OptimizedClearValue) {
      this.msg('CREATERESOURCE_INVALIDDESC', { reason: 'clear value on a buffer' });
      return this.done(c, 'E_INVALIDARG');
    }
    const st = this.initialState(d, hp.Type, args.InitialResourceState >>> 0);
    if (!st.ok) return this.done(c, 'E_INVALIDARG');
    const info = allocationInfo(d);
    const local = this.isLocal(hp);
    if (!this.reserveMemory(info.SizeInBytes, local)) return this.done(c, 'E_OUTOFMEMORY');
    const r = new ID3D12Resource(this, d, hp, flags, 'committed', null, 0, info.SizeInBytes, this.allocVA(info.SizeInBytes, info.Alignment), st.state);
    this.trackMemory(r, info.SizeInBytes, local, !(flags & D3D12_HEAP_FLAG_CREATE_NOT_RESIDENT));
    r.optimizedClearValue = this.clearValue(args.OptimizedClearValue);
    if (st.state !== D3D12_RESOURCE_STATE_COMMON && !r.isBuffer) r.lastClass = 1;
    return this.done(c, 'S_OK', r);
  }

  /** [MEM-BUDGET-1] Allocations beyond the adapter's memory (all live allocations, resident or not) fail with E_OUTOFMEMORY. */
  private reserveMemory(size: number, local: boolean): boolean {
    let total = 0;
    for (const a of this.allocations.values()) if (a.local === local) total += a.bytes;
    const pools = this.pools();
    return total + size <= (local ? pools.local : pools.nonLocal);
  }

  /** [HEAP-CREATE-1] CreateHeap: size > 0, alignment 0 / 64 KiB / 4 MiB, Tier 1 needs one resource category. */
  CreateHeap(args: { SizeInBytes: number; Properties: Partial<D3D12_HEAP_PROPERTIES>; Alignment?: number; Flags?: number }): { hr: HRESULT; out?: ID3D12Heap } {
    const c = this.begin('CreateHeap', args);
    if (this.removed) return this.done(c, 'DXGI_ERROR_DEVICE_REMOVED');
    const hp = heapProperties(args.Properties);
    const flags = args.Flags ?? 0;
    const alignment = args.Alignment ?? 0;
    if (!(args.SizeInBytes > 0)) {
      this.msg('CREATEHEAP_INVALIDSIZE', { size: args.SizeInBytes ?? 0 });
      return this.done(c, 'E_INVALIDARG');
    }
    if (this.heapPropsError(hp)) {
      this.msg('CREATEHEAP_INVALIDPROPERTIES', { heapType: hp.Type });
      return this.done(c, 'E_INVALIDARG');
    }
    if (alignment !== 0 && alignment !== D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT && alignment !== D3D12_DEFAULT_MSAA_RESOURCE_PLACEMENT_ALIGNMENT) {
      this.msg('CREATEHEAP_INVALIDPROPERTIES', { alignment });
      return this.done(c, 'E_INVALIDARG');
    }
    if (this.facts.resourceHeapTier === D3D12_RESOURCE_HEAP_TIER_1) {
      const denies = [D3D12_HEAP_FLAG_DENY_BUFFERS, D3D12_HEAP_FLAG_DENY_RT_DS_TEXTURES, D3D12_HEAP_FLAG_DENY_NON_RT_DS_TEXTURES].filter((f) => flags & f).length;
      if (denies < 2) {
        this.msg('CREATEHEAP_INVALIDMISCFLAGS', { flags, tier: 1 });
        return this.done(c, 'E_INVALIDARG');
      }
    }
    const local = this.isLocal(hp);
    const size = align(args.SizeInBytes, D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT);
    if (!this.reserveMemory(size, local)) return this.done(c, 'E_OUTOFMEMORY');
    const h = new ID3D12Heap(this, args.SizeInBytes, hp, alignment || D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT, flags, this.allocVA(size, alignment || D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT));
    this.trackMemory(h, size, local, !(flags & D3D12_HEAP_FLAG_CREATE_NOT_RESIDENT));
    this.sys.trace.push({ k: 'alloc', i: this.sys.callIndex, res: h.id, heap: h.id, heapType: hp.Type, offset: 0, size: args.SizeInBytes, placement: 'heap' });
    return this.done(c, 'S_OK', h);
  }

  /**
   * [RES-PLACED-1] CreatePlacedResource: HeapOffset must be a multiple of the resource's alignment
   * (CREATERESOURCE_INVALIDALIGNMENT, E_INVALIDARG) and the resource must fit inside the heap; on Tier 1 the
   * resource category must be allowed by the heap flags (CREATERESOURCEANDHEAP_INVALIDHEAPMISCFLAGS).
   * Overlapping placed resources alias the same memory ([ALIAS-1]).
   */
  CreatePlacedResource(args: { Heap: ID3D12Heap; HeapOffset: number; Desc: Partial<D3D12_RESOURCE_DESC>; InitialState: number; OptimizedClearValue?: unknown }): { hr: HRESULT; out?: ID3D12Resource } {
    const c = this.begin('CreatePlacedResource', args);
    if (this.removed) return this.done(c, 'DXGI_ERROR_DEVICE_REMOVED');
    const heap = args.Heap;
    const d = resourceDesc(args.Desc);
    if (!heap) return this.done(c, 'E_INVALIDARG');
    const de = this.descError(d, 'placed', heap.Flags) ?? this.resourceOnHeapError(d, heap.Properties.Type);
    if (de) {
      this.msg(de, { dimension: d.Dimension, heapType: heap.Properties.Type, format: d.Format });
      return this.done(c, 'E_INVALIDARG');
    }
    if (!this.categoryAllowed(d, heap.Flags)) {
      this.msg('CREATERESOURCEANDHEAP_INVALIDHEAPMISCFLAGS', { heapFlags: heap.Flags, dimension: d.Dimension });
      return this.done(c, 'E_INVALIDARG');
    }
    const info = allocationInfo(d);
    const offset = args.HeapOffset;
    if (offset % info.Alignment !== 0) {
      this.msg('CREATERESOURCE_INVALIDALIGNMENT', { heapOffset: offset, alignment: info.Alignment });
      return this.done(c, 'E_INVALIDARG');
    }
    if (offset + info.SizeInBytes > align(heap.SizeInBytes, D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT)) {
      this.msg('CREATERESOURCE_INVALIDDESC', { heapOffset: offset, size: info.SizeInBytes, heapSize: heap.SizeInBytes });
      return this.done(c, 'E_INVALIDARG');
    }
    const st = this.initialState(d, heap.Properties.Type, args.InitialState >>> 0);
    if (!st.ok) return this.done(c, 'E_INVALIDARG');
    const r = new ID3D12Resource(this, d, heap.Properties, heap.Flags, 'placed', heap, offset, info.SizeInBytes, heap.gpuVA + offset, st.state);
    r.optimizedClearValue = this.clearValue(args.OptimizedClearValue);
    if (st.state !== D3D12_RESOURCE_STATE_COMMON && !r.isBuffer) r.lastClass = 1;
    // [ALIAS-2] a placed RT/DS texture holds whatever the heap memory held: its first use must be a clear, a discard
    // or a full copy (CreatePlacedResource "Notes on the required resource initialization")
    r.aliasNeedsInit = (d.Flags & (D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET | D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL)) !== 0;
    heap.placed.add(r);
    return this.done(c, 'S_OK', r);
  }

  /** [RES-RESERVED-1] CreateReservedResource: needs TiledResourcesTier >= 1; textures use a 64KB swizzle layout; no memory until tiles are mapped. */
  CreateReservedResource(args: { Desc: Partial<D3D12_RESOURCE_DESC>; InitialState: number; OptimizedClearValue?: unknown }): { hr: HRESULT; out?: ID3D12Resource } {
    const c = this.begin('CreateReservedResource', args);
    if (this.removed) return this.done(c, 'DXGI_ERROR_DEVICE_REMOVED');
    const d = resourceDesc(args.Desc);
    if (this.facts.tiledResourcesTier < 1) return this.done(c, 'E_INVALIDARG');
    const de = this.descError(d, 'reserved', 0);
    if (de) {
      this.msg(de, { dimension: d.Dimension, layout: d.Layout });
      return this.done(c, 'E_INVALIDARG');
    }
    const size = align(d.Dimension === D3D12_RESOURCE_DIMENSION_BUFFER ? d.Width : copyableFootprints(d, 0, subresourceCount(d), 0).TotalBytes, D3D12_TILED_RESOURCE_TILE_SIZE_IN_BYTES);
    const st = this.initialState(d, D3D12_HEAP_TYPE_DEFAULT, args.InitialState >>> 0);
    const r = new ID3D12Resource(this, d, heapProperties({ Type: D3D12_HEAP_TYPE_DEFAULT }), 0, 'reserved', null, 0, size, this.allocVA(size), st.state);
    if (st.state !== D3D12_RESOURCE_STATE_COMMON && !r.isBuffer) r.lastClass = 1;
    return this.done(c, 'S_OK', r);
  }

  /** [RES-ALIGN-1] GetResourceAllocationInfo: size and alignment of a set of descs placed back to back. */
  GetResourceAllocationInfo(args: { visibleMask?: number; numResourceDescs?: number; ResourceDescs: Partial<D3D12_RESOURCE_DESC>[] }): { SizeInBytes: number; Alignment: number } {
    const c = this.begin('GetResourceAllocationInfo', args);
    let size = 0;
    let alignment = 0;
    for (const raw of args.ResourceDescs ?? []) {
      const info = allocationInfo(resourceDesc(raw));
      if (!info.ok) {
        this.sys.endCall(c, null);
        return { SizeInBytes: Number.MAX_SAFE_INTEGER, Alignment: 0 };
      }
      size = align(size, info.Alignment) + info.SizeInBytes;
      alignment = Math.max(alignment, info.Alignment);
    }
    this.sys.endCall(c, null);
    return { SizeInBytes: size, Alignment: alignment };
  }

  /** [COPY-FP-1] GetCopyableFootprints (void). */
  GetCopyableFootprints(args: { ResourceDesc: Partial<D3D12_RESOURCE_DESC>; FirstSubresource?: number; NumSubresources?: number; BaseOffset?: number }): ReturnType<typeof copyableFootprints> {
    const c = this.begin('GetCopyableFootprints', args);
    const d = resourceDesc(args.ResourceDesc);
    const first = args.FirstSubresource ?? 0;
    const num = args.NumSubresources ?? 1;
    const count = d.Dimension === D3D12_RESOURCE_DIMENSION_BUFFER ? 1 : subresourceCount(d);
    let out: ReturnType<typeof copyableFootprints>;
    if (first + num > count || num < 1) {
      this.msg('GETCOPYABLEFOOTPRINTS_INVALIDSUBRESOURCERANGE', { first, num, count });
      out = { Layouts: [], NumRows: [], RowSizeInBytes: [], TotalBytes: Number.MAX_SAFE_INTEGER };
    } else out = copyableFootprints(d, first, num, args.BaseOffset ?? 0);
    this.sys.endCall(c, null);
    return out;
  }

  // ------------------------------------------------------------------ descriptors

  /** [DH-CREATE-1] SHADER_VISIBLE applies only to CBV_SRV_UAV and SAMPLER heaps: RTV/DSV + SHADER_VISIBLE is E_INVALIDARG. */
  CreateDescriptorHeap(args: { Type: number; NumDescriptors: number; Flags?: number; NodeMask?: number }): { hr: HRESULT; out?: ID3D12DescriptorHeap } {
    const c = this.begin('CreateDescriptorHeap', args);
    if (this.removed) return this.done(c, 'DXGI_ERROR_DEVICE_REMOVED');
    const flags = args.Flags ?? 0;
    const visible = (flags & D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE) !== 0;
    const t = args.Type;
    const maxVisible = t === D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER ? 2048 : this.facts.resourceBindingTier <= 2 ? 1_000_000 : 1_000_000;
    if (t < D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV || t > D3D12_DESCRIPTOR_HEAP_TYPE_DSV || !(args.NumDescriptors > 0) ||
      (visible && t !== D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV && t !== D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER) ||
      (visible && args.NumDescriptors > maxVisible) || (flags & ~1)) {
      this.msg('CREATE_DESCRIPTOR_HEAP_INVALID_DESC', { type: t, numDescriptors: args.NumDescriptors ?? 0, flags });
      return this.done(c, 'E_INVALIDARG');
    }
    // a heap the process cannot back (the model keeps slots in memory: beyond 2^24 descriptors it is out of memory)
    if (args.NumDescriptors > 1 << 24) return this.done(c, 'E_OUTOFMEMORY');
    const h = new ID3D12DescriptorHeap(this, t, args.NumDescriptors, flags);
    this.descriptorHeaps.push(h);
    return this.done(c, 'S_OK', h);
  }

  /** [DH-INC-1] Increment sizes are adapter facts: never hard-code them. */
  GetDescriptorHandleIncrementSize(args: { DescriptorHeapType: number }): number {
    const c = this.begin('GetDescriptorHandleIncrementSize', args);
    this.sys.endCall(c, null);
    return this.incrementSize(args.DescriptorHeapType);
  }

  incrementSize(type: number): number {
    return this.facts.descriptorIncrements[type] ?? 0;
  }

  private view(api: string, kind: ViewKind, args: { Resource?: ID3D12Resource | null; Desc?: unknown; DestDescriptor: D3D12_CPU_DESCRIPTOR_HANDLE; CounterResource?: ID3D12Resource | null }): void {
    const c = this.begin(api, args);
    if (!this.removed) writeDescriptor(this, kind, args.Resource ?? null, args.Desc ?? null, args.DestDescriptor);
    this.sys.endCall(c, null);
  }

  CreateRenderTargetView(args: { Resource: ID3D12Resource | null; Desc?: unknown; DestDescriptor: D3D12_CPU_DESCRIPTOR_HANDLE }): void {
    this.view('CreateRenderTargetView', 'RTV', args);
  }
  CreateDepthStencilView(args: { Resource: ID3D12Resource | null; Desc?: unknown; DestDescriptor: D3D12_CPU_DESCRIPTOR_HANDLE }): void {
    this.view('CreateDepthStencilView', 'DSV', args);
  }
  CreateShaderResourceView(args: { Resource: ID3D12Resource | null; Desc?: unknown; DestDescriptor: D3D12_CPU_DESCRIPTOR_HANDLE }): void {
    this.view('CreateShaderResourceView', 'SRV', args);
  }
  CreateUnorderedAccessView(args: { Resource: ID3D12Resource | null; CounterResource?: ID3D12Resource | null; Desc?: unknown; DestDescriptor: D3D12_CPU_DESCRIPTOR_HANDLE }): void {
    this.view('CreateUnorderedAccessView', 'UAV', args);
  }
  CreateConstantBufferView(args: { Desc?: unknown; DestDescriptor: D3D12_CPU_DESCRIPTOR_HANDLE }): void {
    this.view('CreateConstantBufferView', 'CBV', { ...args, Resource: null });
  }
  CreateSampler(args: { Desc: unknown; DestDescriptor: D3D12_CPU_DESCRIPTOR_HANDLE }): void {
    this.view('CreateSampler', 'SAMPLER', { ...args, Resource: null });
  }

  /** [DH-COPY-1] CopyDescriptorsSimple copies descriptor contents between CPU handles of the same heap type. */
  CopyDescriptorsSimple(args: { NumDescriptors: number; DestDescriptorRangeStart: D3D12_CPU_DESCRIPTOR_HANDLE; SrcDescriptorRangeStart: D3D12_CPU_DESCRIPTOR_HANDLE; DescriptorHeapsType: number }): void {
    const c = this.begin('CopyDescriptorsSimple', args);
    const inc = this.incrementSize(args.DescriptorHeapsType);
    for (let k = 0; k < args.NumDescriptors; k++) {
      const src = ID3D12DescriptorHeap.resolveCpu(this, args.SrcDescriptorRangeStart.ptr + k * inc);
      const dst = ID3D12DescriptorHeap.resolveCpu(this, args.DestDescriptorRangeStart.ptr + k * inc);
      if (!src || !dst || src.heap.type !== args.DescriptorHeapsType || dst.heap.type !== args.DescriptorHeapsType) {
        this.msg('INVALID_DESCRIPTOR_HANDLE', { ptr: (src ? args.DestDescriptorRangeStart.ptr : args.SrcDescriptorRangeStart.ptr) + k * inc });
        break;
      }
      if (dst.heap.inflightReads[dst.index] > 0) {
        // [DH-FREE-1] the slot is rewritten while GPU work that reads it is in flight (A6 "immediate-free")
        this.sys.hazard('descriptor-overwritten-in-flight', src.heap.slots[src.index]?.res ?? 0, { heap: dst.heap.id, index: dst.index, via: 'CopyDescriptorsSimple', outcome: 'GPU reads the new descriptor' });
      }
      dst.heap.slots[dst.index] = src.heap.slots[src.index];
      this.sys.trace.push({ k: 'descriptor', i: this.sys.callIndex, heap: dst.heap.id, index: dst.index, view: src.heap.slots[src.index]?.kind ?? 'NULL', res: src.heap.slots[src.index]?.res ?? 0 });
    }
    this.sys.endCall(c, null);
  }

  // ------------------------------------------------------------------ pipeline

  CreateRootSignature(args: { nodeMask?: number; BlobWithRootSignature: ID3DBlob; blobLengthInBytes?: number }): { hr: HRESULT; out?: ID3D12RootSignature } {
    const c = this.begin('CreateRootSignature', args);
    if (this.removed) return this.done(c, 'DXGI_ERROR_DEVICE_REMOVED');
    const r = createRootSignature(this, args.BlobWithRootSignature);
    return this.done(c, r.hr, r.out);
  }

  CreateGraphicsPipelineState(args: { Desc: Record<string, unknown> }): { hr: HRESULT; out?: ID3D12PipelineState } {
    const c = this.begin('CreateGraphicsPipelineState', args);
    if (this.removed) return this.done(c, 'DXGI_ERROR_DEVICE_REMOVED');
    const r = createGraphicsPipelineState(this, args.Desc ?? {});
    return this.done(c, r.hr, r.out);
  }

  // ------------------------------------------------------------------ queries

  /** [FEAT-1] CheckFeatureSupport answers from the adapter's facts. */
  CheckFeatureSupport(args: { Feature: number; FeatureSupportData?: Record<string, unknown>; FeatureSupportDataSize?: number }): { hr: HRESULT; out?: Record<string, unknown> } {
    const c = this.begin('CheckFeatureSupport', args);
    const f = this.facts;
    const input = args.FeatureSupportData ?? {};
    let out: Record<string, unknown> | undefined;
    let hr: HRESULT = 'S_OK';
    switch (args.Feature) {
      case D3D12_FEATURE_D3D12_OPTIONS:
        out = {
          DoublePrecisionFloatShaderOps: true, OutputMergerLogicOp: true, MinPrecisionSupport: 0,
          TiledResourcesTier: f.tiledResourcesTier, ResourceBindingTier: f.resourceBindingTier,
          PSSpecifiedStencilRefSupported: false, TypedUAVLoadAdditionalFormats: true, ROVsSupported: true,
          ConservativeRasterizationTier: f.maxFeatureLevel >= 0xc100 ? 1 : 0, MaxGPUVirtualAddressBitsPerResource: 40,
          StandardSwizzle64KBSupported: false, CrossNodeSharingTier: 0, CrossAdapterRowMajorTextureSupported: !f.uma,
          VPAndRTArrayIndexFromAnyShaderFeedingRasterizerSupportedWithoutGSEmulation: true, ResourceHeapTier: f.resourceHeapTier,
        };
        break;
      case D3D12_FEATURE_ARCHITECTURE:
      case D3D12_FEATURE_ARCHITECTURE1:
        out = { NodeIndex: Number(input.NodeIndex ?? 0), TileBasedRenderer: f.tileBasedRenderer, UMA: f.uma, CacheCoherentUMA: f.cacheCoherentUMA, ...(args.Feature === D3D12_FEATURE_ARCHITECTURE1 ? { IsolatedMMU: true } : {}) };
        break;
      case D3D12_FEATURE_FEATURE_LEVELS: {
        const req = (input.FeatureLevelsRequested as number[] | undefined) ?? [];
        if (!Array.isArray(req) || req.length === 0) { hr = 'E_INVALIDARG'; break; }
        const ok = req.filter((l) => l <= f.maxFeatureLevel);
        if (ok.length === 0) { hr = 'DXGI_ERROR_UNSUPPORTED'; break; }
        out = { NumFeatureLevels: req.length, MaxSupportedFeatureLevel: Math.max(...ok) };
        break;
      }
      case D3D12_FEATURE_ROOT_SIGNATURE: {
        const want = Number(input.HighestVersion ?? D3D_ROOT_SIGNATURE_VERSION_1_1);
        out = { HighestVersion: Math.min(want, f.highestRootSignatureVersion) };
        break;
      }
      case D3D12_FEATURE_SHADER_MODEL: {
        const want = Number(input.HighestShaderModel ?? 0x60);
        out = { HighestShaderModel: Math.min(want, f.highestShaderModel) };
        break;
      }
      case D3D12_FEATURE_GPU_VIRTUAL_ADDRESS_SUPPORT:
        out = { MaxGPUVirtualAddressBitsPerResource: 40, MaxGPUVirtualAddressBitsPerProcess: 40 };
        break;
      case D3D12_FEATURE_MULTISAMPLE_QUALITY_LEVELS: {
        // D3D12_FEATURE_DATA_MULTISAMPLE_QUALITY_LEVELS: S_OK; NumQualityLevels 0 means "this count is not supported"
        const fmt = Number(input.Format ?? 0);
        const count = Number(input.SampleCount ?? 0);
        const fi = formatInfo(fmt);
        const renderable = !!fi && fi.block === 1;
        const levels = count === 1 ? (fmt === 0 ? 0 : 1) : renderable && (count === 2 || count === 4 || count === 8 || (count === 16 && !f.uma)) ? 1 : 0;
        out = { Format: fmt, SampleCount: count, Flags: Number(input.Flags ?? 0), NumQualityLevels: levels };
        break;
      }
      case D3D12_FEATURE_D3D12_OPTIONS1:
        out = { WaveOps: true, WaveLaneCountMin: 32, WaveLaneCountMax: f.uma ? 32 : 64, TotalLaneCount: f.uma ? 768 : 8192, ExpandedComputeResourceStates: true, Int64ShaderOps: true };
        break;
      case D3D12_FEATURE_D3D12_OPTIONS3:
        out = { CopyQueueTimestampQueriesSupported: true, CastingFullyTypedFormatSupported: true, WriteBufferImmediateSupportFlags: 0x7, ViewInstancingTier: 1, BarycentricsSupported: false };
        break;
      case D3D12_FEATURE_D3D12_OPTIONS13:
        out = {
          UnrestrictedBufferTextureCopyPitchSupported: f.unrestrictedBufferTextureCopyPitch,
          UnrestrictedVertexElementAlignmentSupported: f.unrestrictedBufferTextureCopyPitch,
          InvertedViewportHeightFlipsYSupported: true, InvertedViewportDepthFlipsZSupported: true,
          TextureCopyBetweenDimensionsSupported: true, AlphaBlendFactorSupported: true,
        };
        break;
      default:
        hr = 'E_INVALIDARG';
    }
    return this.done(c, hr, out);
  }

  /** [DEV-RM-2] GetDeviceRemovedReason: S_OK while alive, else the removal reason. */
  GetDeviceRemovedReason(): HRESULT {
    const c = this.begin('GetDeviceRemovedReason', null);
    const hr: HRESULT = this.removed ? this.removedReason ?? 'DXGI_ERROR_DEVICE_REMOVED' : 'S_OK';
    this.sys.endCall(c, hr);
    return hr;
  }

  /** QueryInterface for the DRED output interface (and the device's own interfaces). */
  QueryInterface(args: { riid: string }): { hr: HRESULT; out?: IUnknown } {
    const c = this.begin('QueryInterface', args);
    if (/^ID3D12DeviceRemovedExtendedData\d?$/.test(args.riid)) {
      const d = new ID3D12DeviceRemovedExtendedData(this);
      return this.done(c, 'S_OK', d);
    }
    if (this.implements(args.riid)) {
      this.refs++;
      return this.done(c, 'S_OK', this as IUnknown);
    }
    return this.done(c, 'E_NOINTERFACE');
  }
}

