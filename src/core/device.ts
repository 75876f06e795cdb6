// ID3D12Device: creation of every object, descriptor increments and views, residency, feature queries, device
// removal ([DEV-RM-*]). The device is the DeviceContext its objects see (kernel.ts): the adapter facts, the
// debug-layer switch, its memory ledger (device-memory.ts), its address spaces (device-address.ts) and its queues'
// synchronisation (engine.ts). Heap and resource creation rules live in resource-create.ts, feature answers in
// features.ts.

import { IUnknown } from './object';
import type { HRESULT, MessageId } from './messages';
import type { AdapterFacts, DeviceContext, FenceHandle, Kernel, MessageArgs, SwapChainHandle } from './kernel';
import type { CallEvent } from './trace';
import type { D3D12_CPU_DESCRIPTOR_HANDLE, D3D12_RESOURCE_DESC } from './structs';
import {
  D3D12_COMMAND_LIST_TYPE_BUNDLE,
  D3D12_COMMAND_LIST_TYPE_COMPUTE,
  D3D12_COMMAND_LIST_TYPE_COPY,
  D3D12_COMMAND_LIST_TYPE_DIRECT,
  D3D12_COMMAND_QUEUE_FLAG_DISABLE_GPU_TIMEOUT,
  D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE,
  D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
  D3D12_DESCRIPTOR_HEAP_TYPE_DSV,
  D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER,
  D3D12_FENCE_FLAG_NON_MONITORED,
  D3D12_FENCE_FLAG_SHARED,
  D3D12_FENCE_FLAG_SHARED_CROSS_ADAPTER,
  D3D12_RESIDENCY_FLAG_DENY_OVERBUDGET,
  D3D12_RESOURCE_DIMENSION_BUFFER,
  UINT64_MAX,
} from './enums';
import { allocationInfo, align, copyableFootprints, resourceDesc, subresourceCount } from './layout';
import type { ID3D12Heap, ID3D12Resource } from './resource';
import { resourceTiling } from './tiles';
import { createCommittedResource, createHeap, createPlacedResource, createReservedResource } from './resource-create';
import { ID3D12CommandQueue } from './queue';
import { ID3D12Fence } from './fence';
import { ID3D12CommandAllocator } from './commandallocator';
import { ID3D12GraphicsCommandList } from './commandlist';
import { ID3D12DescriptorHeap, writeDescriptor, type ViewKind } from './descriptors';
import { copyDescriptors, copyDescriptorsSimple, type CopyDescriptorsArgs } from './descriptor-copy';
import { createComputePipelineState } from './pipeline-compute';
import {
  createGraphicsPipelineState,
  createRootSignature,
  type ID3DBlob,
  type ID3D12PipelineState,
  type ID3D12RootSignature,
} from './pipeline';
import { ID3D12DeviceRemovedExtendedData, captureDred, type DredCapture } from './debug';
import { checkFeatureSupport } from './features';
import { MemoryLedger } from './device-memory';
import { AddressSpace } from './device-address';
import { QueueSync } from './engine';

const LIST_TYPES = [D3D12_COMMAND_LIST_TYPE_DIRECT, D3D12_COMMAND_LIST_TYPE_COMPUTE, D3D12_COMMAND_LIST_TYPE_COPY];

/** The process-wide debug switches as they were when the device was created ([DBG-ON-1], [DRED-1]). */
export interface DeviceSwitches {
  debugLayer: boolean;
  gpuBasedValidation: boolean;
  dredAutoBreadcrumbs: boolean;
  dredPageFault: boolean;
}

export class ID3D12Device extends IUnknown implements DeviceContext {
  readonly iface = 'ID3D12Device';
  /** [DBG-ON-1] The debug layer applies to devices created after EnableDebugLayer. */
  readonly debugLayer: boolean;
  readonly gbv: boolean;
  readonly dredBreadcrumbs: boolean;
  readonly dredPageFault: boolean;
  removed = false;
  removedReason: HRESULT | null = null;
  dred: DredCapture | null = null;
  readonly memory: MemoryLedger;
  readonly address = new AddressSpace();
  readonly sync = new QueueSync();
  private readonly fences: FenceHandle[] = [];
  /** Swap chains created on this device's queues (for the back-buffer reference check). */
  private readonly swapChains: SwapChainHandle[] = [];

  constructor(
    sys: Kernel,
    readonly adapterIndex: number,
    readonly facts: AdapterFacts,
    switches: DeviceSwitches,
  ) {
    super(sys, 0, 'ID3D12Device');
    this.debugLayer = switches.debugLayer;
    this.gbv = switches.debugLayer && switches.gpuBasedValidation;
    this.dredBreadcrumbs = switches.dredAutoBreadcrumbs;
    this.dredPageFault = switches.dredPageFault;
    this.memory = new MemoryLedger(this);
  }

  override implements(iface: string): boolean {
    return /^ID3D12Device\d*$/.test(iface) || iface === 'IUnknown' || iface === 'ID3D12Object';
  }

  msg(id: MessageId, args: MessageArgs = {}): void {
    this.sys.emit(this.debugLayer, id, args);
  }

  addFence(f: FenceHandle): void {
    this.fences.push(f);
  }

  addSwapChain(sc: SwapChainHandle): void {
    this.swapChains.push(sc);
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
    this.sync.dropAll();
    for (const f of this.fences) f.onDeviceRemoved();
    this.sys.gpu.schedule();
  }

  /** [SC-REF-1] A list that uses a back buffer other than the current one: EXECUTECOMMANDLISTS_WRONGSWAPCHAINBUFFERREFERENCE. */
  checkBackBufferReference(r: ID3D12Resource): void {
    const sc = r.swapChain;
    if (!sc) return;
    const chain = this.swapChains.find((s) => s.id === sc.chain);
    if (chain && chain.currentIndex() !== sc.index) {
      this.msg('EXECUTECOMMANDLISTS_WRONGSWAPCHAINBUFFERREFERENCE', {
        resource: r.id,
        bufferIndex: sc.index,
        currentIndex: chain.currentIndex(),
      });
    }
  }

  private begin(api: string, args: unknown): CallEvent {
    return this.sys.beginCall(`ID3D12Device::${api}`, this.id, args);
  }

  private done<T extends object>(c: CallEvent, hr: HRESULT, out?: T): { hr: HRESULT; out?: T } {
    this.sys.endCall(c, hr);
    return out !== undefined && hr === 'S_OK' ? { hr, out } : { hr };
  }

  // ------------------------------------------------------------------ residency

  /**
   * [MEM-RES-3] ID3D12Device::MakeResident / Evict (device-memory.ts): reference-counted residency; evicted memory
   * leaves QueryVideoMemoryInfo's CurrentUsage; GPU work touching non-resident memory page-faults (device removed).
   */
  MakeResident(args: { NumObjects?: number; Objects: (IUnknown | null)[] | null }): HRESULT {
    const c = this.begin('MakeResident', args);
    const hr = this.memory.residency('MakeResident', args);
    this.sys.endCall(c, hr);
    return hr;
  }

  Evict(args: { NumObjects?: number; Objects: (IUnknown | null)[] | null }): HRESULT {
    const c = this.begin('Evict', args);
    const hr = this.memory.residency('Evict', args);
    this.sys.endCall(c, hr);
    return hr;
  }

  /**
   * [MEM-RES-4] ID3D12Device3::EnqueueMakeResident: like MakeResident, but asynchronous; the fence is signalled with
   * FenceValueToSignal when the objects are resident (in the model: at once, from the CPU timeline).
   */
  EnqueueMakeResident(args: {
    Flags?: number;
    NumObjects?: number;
    Objects: (IUnknown | null)[] | null;
    FenceToSignal: ID3D12Fence;
    FenceValueToSignal: bigint | number;
  }): HRESULT {
    const c = this.begin('EnqueueMakeResident', args);
    let hr: HRESULT = 'S_OK';
    // DENY_OVERBUDGET: fail rather than exceed the budget (90 % of the pool, MEM-BUDGET-2)
    if (
      (args.Flags ?? 0) & D3D12_RESIDENCY_FLAG_DENY_OVERBUDGET &&
      this.memory.overBudget((args.Objects ?? []).slice(0, args.NumObjects ?? (args.Objects ?? []).length))
    )
      hr = 'E_OUTOFMEMORY';
    if (hr === 'S_OK') hr = this.memory.residency('MakeResident', args);
    if (hr === 'S_OK') {
      if (!args.FenceToSignal) hr = 'E_INVALIDARG';
      else args.FenceToSignal.signalFromCpu(BigInt(args.FenceValueToSignal ?? 0) & UINT64_MAX);
    }
    this.sys.endCall(c, hr);
    return hr;
  }

  // ------------------------------------------------------------------ command objects

  /** [Q-CREATE-1] CreateCommandQueue: Type DIRECT/COMPUTE/COPY (video types are not modelled). */
  CreateCommandQueue(args: { Type: number; Priority?: number; Flags?: number; NodeMask?: number }): {
    hr: HRESULT;
    out?: ID3D12CommandQueue;
  } {
    const c = this.begin('CreateCommandQueue', args);
    if (this.removed) return this.done(c, 'DXGI_ERROR_DEVICE_REMOVED');
    if (!LIST_TYPES.includes(args.Type)) {
      this.msg('CREATE_QUEUE_INVALID_TYPE', { type: args.Type });
      return this.done(c, 'E_INVALIDARG');
    }
    if ((args.Flags ?? 0) & ~D3D12_COMMAND_QUEUE_FLAG_DISABLE_GPU_TIMEOUT) {
      this.msg('CREATE_QUEUE_INVALID_FLAGS', { flags: args.Flags ?? 0 });
      return this.done(c, 'E_INVALIDARG');
    }
    const q = new ID3D12CommandQueue(this, args.Type, args.Priority ?? 0, args.Flags ?? 0);
    return this.done(c, 'S_OK', q);
  }

  CreateCommandAllocator(args: { type: number }): { hr: HRESULT; out?: ID3D12CommandAllocator } {
    const c = this.begin('CreateCommandAllocator', args);
    if (this.removed) return this.done(c, 'DXGI_ERROR_DEVICE_REMOVED');
    if (!LIST_TYPES.includes(args.type) && args.type !== D3D12_COMMAND_LIST_TYPE_BUNDLE)
      return this.done(c, 'E_INVALIDARG');
    return this.done(c, 'S_OK', new ID3D12CommandAllocator(this, args.type));
  }

  /**
   * [CL-CREATE-1] CreateCommandList: the list starts open (recording) on the allocator; the allocator must be of the
   * same type and not in use by another recording list (COMMAND_ALLOCATOR_CONTENTION, E_INVALIDARG).
   */
  CreateCommandList(args: {
    nodeMask?: number;
    type: number;
    CommandAllocator: ID3D12CommandAllocator;
    InitialState?: ID3D12PipelineState | null;
  }): { hr: HRESULT; out?: ID3D12GraphicsCommandList } {
    const c = this.begin('CreateCommandList', args);
    if (this.removed) return this.done(c, 'DXGI_ERROR_DEVICE_REMOVED');
    const a = args.CommandAllocator;
    if (!a || (!LIST_TYPES.includes(args.type) && args.type !== D3D12_COMMAND_LIST_TYPE_BUNDLE))
      return this.done(c, 'E_INVALIDARG');
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
    if (flags & ~(D3D12_FENCE_FLAG_SHARED | D3D12_FENCE_FLAG_SHARED_CROSS_ADAPTER | D3D12_FENCE_FLAG_NON_MONITORED)) {
      this.msg('CREATE_FENCE_INVALID_FLAGS', { flags });
      return this.done(c, 'E_INVALIDARG');
    }
    const f = new ID3D12Fence(this, BigInt(args.InitialValue ?? 0) & UINT64_MAX, flags);
    return this.done(c, 'S_OK', f);
  }

  // ------------------------------------------------------------------ heaps and resources

  CreateCommittedResource(args: Parameters<typeof createCommittedResource>[1]): { hr: HRESULT; out?: ID3D12Resource } {
    const c = this.begin('CreateCommittedResource', args);
    const r = createCommittedResource(this, args);
    return this.done(c, r.hr, r.out);
  }

  CreateHeap(args: Parameters<typeof createHeap>[1]): { hr: HRESULT; out?: ID3D12Heap } {
    const c = this.begin('CreateHeap', args);
    const r = createHeap(this, args);
    return this.done(c, r.hr, r.out);
  }

  CreatePlacedResource(args: Parameters<typeof createPlacedResource>[1]): { hr: HRESULT; out?: ID3D12Resource } {
    const c = this.begin('CreatePlacedResource', args);
    const r = createPlacedResource(this, args);
    return this.done(c, r.hr, r.out);
  }

  CreateReservedResource(args: Parameters<typeof createReservedResource>[1]): { hr: HRESULT; out?: ID3D12Resource } {
    const c = this.begin('CreateReservedResource', args);
    const r = createReservedResource(this, args);
    return this.done(c, r.hr, r.out);
  }

  /**
   * [TILE-3] GetResourceTiling: how a reserved resource divides into 64 KiB tiles (count, the standard tile shape,
   * tiles per row). A resource that is not reserved reports no tiles.
   */
  GetResourceTiling(args: { TiledResource: ID3D12Resource }): ReturnType<typeof resourceTiling> {
    const c = this.begin('GetResourceTiling', args);
    const t = resourceTiling(args.TiledResource);
    this.sys.endCall(c, null);
    return t;
  }

  /** [RES-ALIGN-1] GetResourceAllocationInfo: size and alignment of a set of descs placed back to back. */
  GetResourceAllocationInfo(args: {
    visibleMask?: number;
    numResourceDescs?: number;
    ResourceDescs: Partial<D3D12_RESOURCE_DESC>[];
  }): { SizeInBytes: number; Alignment: number } {
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
  GetCopyableFootprints(args: {
    ResourceDesc: Partial<D3D12_RESOURCE_DESC>;
    FirstSubresource?: number;
    NumSubresources?: number;
    BaseOffset?: number;
  }): ReturnType<typeof copyableFootprints> {
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
  CreateDescriptorHeap(args: { Type: number; NumDescriptors: number; Flags?: number; NodeMask?: number }): {
    hr: HRESULT;
    out?: ID3D12DescriptorHeap;
  } {
    const c = this.begin('CreateDescriptorHeap', args);
    if (this.removed) return this.done(c, 'DXGI_ERROR_DEVICE_REMOVED');
    const flags = args.Flags ?? 0;
    const visible = (flags & D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE) !== 0;
    const t = args.Type;
    const maxVisible =
      t === D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER ? 2048 : this.facts.resourceBindingTier <= 2 ? 1_000_000 : 1_000_000;
    if (
      t < D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV ||
      t > D3D12_DESCRIPTOR_HEAP_TYPE_DSV ||
      !(args.NumDescriptors > 0) ||
      (visible && t !== D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV && t !== D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER) ||
      (visible && args.NumDescriptors > maxVisible) ||
      flags & ~D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE
    ) {
      this.msg('CREATE_DESCRIPTOR_HEAP_INVALID_DESC', { type: t, numDescriptors: args.NumDescriptors ?? 0, flags });
      return this.done(c, 'E_INVALIDARG');
    }
    // a heap the process cannot back (the model keeps slots in memory: beyond 2^24 descriptors it is out of memory)
    if (args.NumDescriptors > 1 << 24) return this.done(c, 'E_OUTOFMEMORY');
    const h = new ID3D12DescriptorHeap(this, t, args.NumDescriptors, flags);
    this.address.addDescriptorHeap(h);
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

  private view(
    api: string,
    kind: ViewKind,
    args: {
      Resource?: ID3D12Resource | null;
      Desc?: unknown;
      DestDescriptor: D3D12_CPU_DESCRIPTOR_HANDLE;
      CounterResource?: ID3D12Resource | null;
    },
  ): void {
    const c = this.begin(api, args);
    if (!this.removed) writeDescriptor(this, kind, args.Resource ?? null, args.Desc ?? null, args.DestDescriptor);
    this.sys.endCall(c, null);
  }

  CreateRenderTargetView(args: {
    Resource: ID3D12Resource | null;
    Desc?: unknown;
    DestDescriptor: D3D12_CPU_DESCRIPTOR_HANDLE;
  }): void {
    this.view('CreateRenderTargetView', 'RTV', args);
  }
  CreateDepthStencilView(args: {
    Resource: ID3D12Resource | null;
    Desc?: unknown;
    DestDescriptor: D3D12_CPU_DESCRIPTOR_HANDLE;
  }): void {
    this.view('CreateDepthStencilView', 'DSV', args);
  }
  CreateShaderResourceView(args: {
    Resource: ID3D12Resource | null;
    Desc?: unknown;
    DestDescriptor: D3D12_CPU_DESCRIPTOR_HANDLE;
  }): void {
    this.view('CreateShaderResourceView', 'SRV', args);
  }
  CreateUnorderedAccessView(args: {
    Resource: ID3D12Resource | null;
    CounterResource?: ID3D12Resource | null;
    Desc?: unknown;
    DestDescriptor: D3D12_CPU_DESCRIPTOR_HANDLE;
  }): void {
    this.view('CreateUnorderedAccessView', 'UAV', args);
  }
  CreateConstantBufferView(args: { Desc?: unknown; DestDescriptor: D3D12_CPU_DESCRIPTOR_HANDLE }): void {
    this.view('CreateConstantBufferView', 'CBV', { ...args, Resource: null });
  }
  CreateSampler(args: { Desc: unknown; DestDescriptor: D3D12_CPU_DESCRIPTOR_HANDLE }): void {
    this.view('CreateSampler', 'SAMPLER', { ...args, Resource: null });
  }

  /** [DH-COPY-1] CopyDescriptorsSimple copies descriptor contents between CPU handles of the same heap type. */
  CopyDescriptorsSimple(args: {
    NumDescriptors: number;
    DestDescriptorRangeStart: D3D12_CPU_DESCRIPTOR_HANDLE;
    SrcDescriptorRangeStart: D3D12_CPU_DESCRIPTOR_HANDLE;
    DescriptorHeapsType: number;
  }): void {
    const c = this.begin('CopyDescriptorsSimple', args);
    copyDescriptorsSimple(this, args);
    this.sys.endCall(c, null);
  }

  /** [DH-COPY-2] CopyDescriptors: ranges of any sizes on each side, same total (descriptor-copy.ts). */
  CopyDescriptors(args: CopyDescriptorsArgs): void {
    const c = this.begin('CopyDescriptors', args);
    copyDescriptors(this, args);
    this.sys.endCall(c, null);
  }

  // ------------------------------------------------------------------ pipeline

  CreateRootSignature(args: { nodeMask?: number; BlobWithRootSignature: ID3DBlob; blobLengthInBytes?: number }): {
    hr: HRESULT;
    out?: ID3D12RootSignature;
  } {
    const c = this.begin('CreateRootSignature', args);
    if (this.removed) return this.done(c, 'DXGI_ERROR_DEVICE_REMOVED');
    const r = createRootSignature(this, args.BlobWithRootSignature);
    return this.done(c, r.hr, r.out);
  }

  /** [CS-PSO-1] CreateComputePipelineState (pipeline-compute.ts). */
  CreateComputePipelineState(args: { Desc: Record<string, unknown> }): { hr: HRESULT; out?: ID3D12PipelineState } {
    const c = this.begin('CreateComputePipelineState', args);
    if (this.removed) return this.done(c, 'DXGI_ERROR_DEVICE_REMOVED');
    const r = createComputePipelineState(this, args.Desc ?? {});
    return this.done(c, r.hr, r.out);
  }

  CreateGraphicsPipelineState(args: { Desc: Record<string, unknown> }): { hr: HRESULT; out?: ID3D12PipelineState } {
    const c = this.begin('CreateGraphicsPipelineState', args);
    if (this.removed) return this.done(c, 'DXGI_ERROR_DEVICE_REMOVED');
    const r = createGraphicsPipelineState(this, args.Desc ?? {});
    return this.done(c, r.hr, r.out);
  }

  // ------------------------------------------------------------------ queries

  /** [FEAT-1] CheckFeatureSupport answers from the adapter's facts (features.ts). */
  CheckFeatureSupport(args: {
    Feature: number;
    FeatureSupportData?: Record<string, unknown>;
    FeatureSupportDataSize?: number;
  }): { hr: HRESULT; out?: Record<string, unknown> } {
    const c = this.begin('CheckFeatureSupport', args);
    const r = checkFeatureSupport(this.facts, args);
    return this.done(c, r.hr, r.out);
  }

  /** [DEV-RM-2] GetDeviceRemovedReason: S_OK while alive, else the removal reason. */
  GetDeviceRemovedReason(): HRESULT {
    const c = this.begin('GetDeviceRemovedReason', null);
    const hr: HRESULT = this.removed ? (this.removedReason ?? 'DXGI_ERROR_DEVICE_REMOVED') : 'S_OK';
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
