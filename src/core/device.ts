// ID3D12Device: creation of every object, descriptor increments and views, residency, feature queries, device
// removal ([DEV-RM-*]). The device is the DeviceContext its objects see (kernel.ts): the adapter facts, the
// debug-layer switch, its memory ledger (device-memory.ts), its address spaces (device-address.ts) and its queues'
// synchronisation (engine.ts). Heap and resource creation rules live in resource-create.ts, feature answers in
// features.ts, removal and QueryInterface in device-removal.ts.

import { IUnknown } from './object';
import type { HRESULT, MessageId } from './messages';
import type { AdapterFacts, DeviceContext, FenceHandle, Kernel, MessageArgs, SwapChainHandle } from './kernel';
import type { CallEvent } from './trace';
import type { D3D12_CPU_DESCRIPTOR_HANDLE, D3D12_RESOURCE_DESC } from './structs';
import type { copyableFootprints } from './layout';
import type { ID3D12Heap, ID3D12Resource } from './resource';
import type { resourceTiling } from './tiles';
import { createCommittedResource, createHeap, createPlacedResource, createReservedResource } from './resource-create';
import {
  createCommittedResource3,
  createPlacedResource2,
  createReservedResource2,
  type CreateCommittedResource3Args,
  type CreatePlacedResource2Args,
  type CreateReservedResource2Args,
} from './create-layout';
import type { ID3D12CommandQueue } from './queue';
import type { ID3D12Fence } from './fence';
import type { ID3D12CommandAllocator } from './commandallocator';
import type { ID3D12GraphicsCommandList } from './commandlist';
import type { ID3D12DescriptorHeap } from './descriptors';
import { copyDescriptors, copyDescriptorsSimple, type CopyDescriptorsArgs } from './descriptor-copy';
import { createComputePipelineState } from './pipeline-compute';
import { createQueryHeap, type D3D12_QUERY_HEAP_DESC, type ID3D12QueryHeap } from './query-heap';
import {
  createGraphicsPipelineState,
  createRootSignature,
  type ID3DBlob,
  type ID3D12PipelineState,
  type ID3D12RootSignature,
} from './pipeline';
import type { DredCapture } from './debug';
import { checkBackBufferReference, deviceQueryInterface, removeDevice } from './device-removal';
import { checkFeatureSupport } from './features';
import { MemoryLedger } from './device-memory';
import { AddressSpace } from './device-address';
import { QueueSync } from './engine';
import {
  createCommandAllocator,
  createCommandList,
  createCommandQueue,
  createDescriptorHeap,
  createView,
  createFence,
} from './device-create';
import {
  enqueueMakeResident,
  getCopyableFootprints,
  getResourceAllocationInfo,
  getResourceTiling,
} from './device-queries';

/** The process-wide debug switches as they were when the device was created ([DBG-ON-1], [DRED-1]). */
export interface DeviceSwitches {
  debugLayer: boolean;
  gpuBasedValidation: boolean;
  dredAutoBreadcrumbs: boolean;
  dredPageFault: boolean;
}

/** Create{RenderTarget,DepthStencil,ShaderResource}View's arguments. */
type ViewArgs = { Resource: ID3D12Resource | null; Desc?: unknown; DestDescriptor: D3D12_CPU_DESCRIPTOR_HANDLE };

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
  readonly fences: FenceHandle[] = [];
  /** Swap chains created on this device's queues (for the back-buffer reference check). */
  readonly swapChains: SwapChainHandle[] = [];

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

  /** [DEV-RM-1] Device removal (device-removal.ts). */
  remove(reason: HRESULT, fault?: { va: number; resource: ID3D12Resource | null }): void {
    removeDevice(this, reason, fault);
  }

  /** [SC-REF-1] A list that uses a back buffer other than the current one (device-removal.ts). */
  checkBackBufferReference(r: ID3D12Resource): void {
    checkBackBufferReference(this, r);
  }

  begin(api: string, args: unknown): CallEvent {
    return this.sys.beginCall(`ID3D12Device::${api}`, this.id, args);
  }

  done<T extends object>(c: CallEvent, hr: HRESULT, out?: T): { hr: HRESULT; out?: T } {
    this.sys.endCall(c, hr);
    return out !== undefined && hr === 'S_OK' ? { hr, out } : { hr };
  }

  /** A method whose body lives in another file: the call counted around it; `removable`: a removed device refuses. */
  private made<T extends object>(
    api: string,
    args: unknown,
    make: () => { hr: HRESULT; out?: T },
    removable = false,
  ): { hr: HRESULT; out?: T } {
    const c = this.begin(api, args);
    if (removable && this.removed) return this.done(c, 'DXGI_ERROR_DEVICE_REMOVED');
    const r = make();
    return this.done(c, r.hr, r.out);
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
    return enqueueMakeResident(this, args);
  }

  // ------------------------------------------------------------------ command objects

  /** [Q-CREATE-1] CreateCommandQueue: Type DIRECT/COMPUTE/COPY (video types are not modelled). */
  CreateCommandQueue(args: { Type: number; Priority?: number; Flags?: number; NodeMask?: number }): {
    hr: HRESULT;
    out?: ID3D12CommandQueue;
  } {
    return createCommandQueue(this, args);
  }

  CreateCommandAllocator(args: { type: number }): { hr: HRESULT; out?: ID3D12CommandAllocator } {
    return createCommandAllocator(this, args);
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
    return createCommandList(this, args);
  }

  /** [FENCE-1] CreateFence: a fence is one UINT64 value (it may go down); flags other than NONE/SHARED/NON_MONITORED are invalid. */
  CreateFence(args: { InitialValue: bigint | number; Flags?: number }): { hr: HRESULT; out?: ID3D12Fence } {
    return createFence(this, args);
  }

  // ------------------------------------------------------------------ heaps and resources

  CreateCommittedResource(args: Parameters<typeof createCommittedResource>[1]): { hr: HRESULT; out?: ID3D12Resource } {
    return this.made('CreateCommittedResource', args, () => createCommittedResource(this, args));
  }

  /** [EB-CREATE-1] ID3D12Device10::CreateCommittedResource3: InitialLayout instead of a state (create-layout.ts). */
  CreateCommittedResource3(args: CreateCommittedResource3Args): { hr: HRESULT; out?: ID3D12Resource } {
    return this.made('CreateCommittedResource3', args, () => createCommittedResource3(this, args));
  }

  /** [EB-CREATE-2] ID3D12Device10::CreatePlacedResource2 / CreateReservedResource2: InitialLayout (create-layout.ts). */
  CreatePlacedResource2(args: CreatePlacedResource2Args): { hr: HRESULT; out?: ID3D12Resource } {
    return this.made('CreatePlacedResource2', args, () => createPlacedResource2(this, args));
  }

  CreateReservedResource2(args: CreateReservedResource2Args): { hr: HRESULT; out?: ID3D12Resource } {
    return this.made('CreateReservedResource2', args, () => createReservedResource2(this, args));
  }

  CreateHeap(args: Parameters<typeof createHeap>[1]): { hr: HRESULT; out?: ID3D12Heap } {
    return this.made('CreateHeap', args, () => createHeap(this, args));
  }

  CreatePlacedResource(args: Parameters<typeof createPlacedResource>[1]): { hr: HRESULT; out?: ID3D12Resource } {
    return this.made('CreatePlacedResource', args, () => createPlacedResource(this, args));
  }

  CreateReservedResource(args: Parameters<typeof createReservedResource>[1]): { hr: HRESULT; out?: ID3D12Resource } {
    return this.made('CreateReservedResource', args, () => createReservedResource(this, args));
  }

  /**
   * [TILE-3] GetResourceTiling: how a reserved resource divides into 64 KiB tiles (count, the standard tile shape,
   * tiles per row). A resource that is not reserved reports no tiles.
   */
  GetResourceTiling(args: { TiledResource: ID3D12Resource }): ReturnType<typeof resourceTiling> {
    return getResourceTiling(this, args);
  }

  /** [RES-ALIGN-1] GetResourceAllocationInfo: size and alignment of a set of descs placed back to back. */
  GetResourceAllocationInfo(args: {
    visibleMask?: number;
    numResourceDescs?: number;
    ResourceDescs: Partial<D3D12_RESOURCE_DESC>[];
  }): { SizeInBytes: number; Alignment: number } {
    return getResourceAllocationInfo(this, args);
  }

  /** [COPY-FP-1] GetCopyableFootprints (void). */
  GetCopyableFootprints(args: {
    ResourceDesc: Partial<D3D12_RESOURCE_DESC>;
    FirstSubresource?: number;
    NumSubresources?: number;
    BaseOffset?: number;
  }): ReturnType<typeof copyableFootprints> {
    return getCopyableFootprints(this, args);
  }

  // ------------------------------------------------------------------ descriptors

  /** [DH-CREATE-1] SHADER_VISIBLE applies only to CBV_SRV_UAV and SAMPLER heaps: RTV/DSV + SHADER_VISIBLE is E_INVALIDARG. */
  CreateDescriptorHeap(args: { Type: number; NumDescriptors: number; Flags?: number; NodeMask?: number }): {
    hr: HRESULT;
    out?: ID3D12DescriptorHeap;
  } {
    return createDescriptorHeap(this, args);
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

  CreateRenderTargetView(args: ViewArgs): void {
    createView(this, 'CreateRenderTargetView', 'RTV', args);
  }
  CreateDepthStencilView(args: ViewArgs): void {
    createView(this, 'CreateDepthStencilView', 'DSV', args);
  }
  CreateShaderResourceView(args: ViewArgs): void {
    createView(this, 'CreateShaderResourceView', 'SRV', args);
  }
  CreateUnorderedAccessView(args: {
    Resource: ID3D12Resource | null;
    CounterResource?: ID3D12Resource | null;
    Desc?: unknown;
    DestDescriptor: D3D12_CPU_DESCRIPTOR_HANDLE;
  }): void {
    createView(this, 'CreateUnorderedAccessView', 'UAV', args);
  }
  CreateConstantBufferView(args: { Desc?: unknown; DestDescriptor: D3D12_CPU_DESCRIPTOR_HANDLE }): void {
    createView(this, 'CreateConstantBufferView', 'CBV', { ...args, Resource: null });
  }
  CreateSampler(args: { Desc: unknown; DestDescriptor: D3D12_CPU_DESCRIPTOR_HANDLE }): void {
    createView(this, 'CreateSampler', 'SAMPLER', { ...args, Resource: null });
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
    return this.made('CreateComputePipelineState', args, () => createComputePipelineState(this, args.Desc ?? {}), true);
  }

  /** [QH-CREATE-1] CreateQueryHeap (query-heap.ts): the D3D12_QUERY_HEAP_DESC fields directly. */
  CreateQueryHeap(args: D3D12_QUERY_HEAP_DESC): { hr: HRESULT; out?: ID3D12QueryHeap } {
    return this.made('CreateQueryHeap', args, () => createQueryHeap(this, args), true);
  }

  CreateGraphicsPipelineState(args: { Desc: Record<string, unknown> }): { hr: HRESULT; out?: ID3D12PipelineState } {
    return this.made(
      'CreateGraphicsPipelineState',
      args,
      () => createGraphicsPipelineState(this, args.Desc ?? {}),
      true,
    );
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

  /** QueryInterface for the DRED output interface and the device's own interfaces (device-removal.ts). */
  QueryInterface(args: { riid: string }): { hr: HRESULT; out?: IUnknown } {
    return deviceQueryInterface(this, args);
  }
}
