// What a modelled object may use of the system around it, as narrow interfaces: the `Kernel` (from the system
// root: clocks, calls, the trace, messages, hazards, the GPU engine) and the `DeviceContext` (from the device
// that created it: adapter facts, the debug-layer switch, removal, the memory ledger, the address space, the
// queues' synchronisation). Objects hold these interfaces, not the classes, so an object cannot reach through
// the system or its device into its siblings, and the modules below system.ts / device.ts import them as types only.

import type { Trace, CallEvent } from './trace';
import type { HRESULT, MessageId } from './messages';
import type { IUnknown } from './object';
import type { ID3D12Resource } from './resource';
import type { Command, Submission } from './commands';
import type { GpuEngine, QueueSync } from './engine';
import type { MemoryLedger } from './device-memory';
import type { AddressSpace } from './device-address';

export interface ModelSettings {
  /** [TIME-CPU-1] modelled CPU cost of one API call, in nanoseconds */
  cpuNsPerCall: number;
  /** [TIME-GPU-1] modelled GPU cost of one executed command list, in milliseconds (the "GPU speed" knob) */
  gpuMsPerList: number;
  /**
   * [TIME-COPY-1] bytes a COPY queue (the copy engine) moves per modelled millisecond: its executions cost the bytes
   * their copies move over this, at least gpuMsPerList a list (default 12e6, 12 GB/s: PCIe 3.0 ×16's 15.75 GB/s less
   * protocol overhead)
   */
  copyBytesPerMs: number;
  /** [TIME-LAT-1] Present blocks while more than this many presents are queued (DXGI default 3) */
  maxFrameLatency: number;
  /**
   * [TR-READS-1] Keep, with each submission, the bytes of the CPU-visible buffers that execution used, as they were
   * when the GPU ran it, so a replay draws what the GPU saw even after the CPU rewrote them. Off by default:
   * it copies buffers at every completion (the lessons turn it on; benchmarks and scenarios do not need it).
   */
  keepGpuReads: boolean;
}

export const DEFAULT_SETTINGS: ModelSettings = {
  cpuNsPerCall: 1000,
  gpuMsPerList: 1,
  copyBytesPerMs: 12e6,
  maxFrameLatency: 3,
  keepGpuReads: false,
};

/** A Win32 event object created by CreateEvent. */
export interface Win32Event {
  readonly handle: number;
  signaled: boolean;
  readonly manualReset: boolean;
}

/** Arguments of a debug-layer message or a hazard: plain values only (the text is rendered at the edge). */
export type MessageArgs = Record<string, string | number | boolean | null>;

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
  /** OPTIONS12.EnhancedBarriersSupported ([EB-FEAT-1]); absent = supported (current drivers with the Agility SDK). */
  enhancedBarriersSupported?: boolean;
  /** Where the facts come from: the modelled machine, or the live WebGPU adapter. */
  source: 'modelled' | 'webgpu';
  /** [Q-FREQ-1] GetTimestampFrequency in Hz (absent: the model's default per adapter kind, query-heap.ts). */
  timestampFrequency?: number;
  /** [QH-CREATE-1] OPTIONS3.CopyQueueTimestampQueriesSupported (absent: true, as current drivers report). */
  copyQueueTimestamps?: boolean;
  /** OPTIONS9.MeshShaderPipelineStatsSupported ([QH-STATS1-1]: PIPELINE_STATISTICS1 query heaps); absent = FALSE. */
  meshShaderPipelineStats?: boolean;
}

/** What every object needs from the system root. */
export interface Kernel {
  readonly settings: Readonly<ModelSettings>;
  readonly trace: Trace;
  /** Modelled CPU time in nanoseconds ([TIME-CPU-1]). */
  readonly now: number;
  /** Index of the current (or last) API call. */
  readonly callIndex: number;
  /** The Win32 events CreateEvent made (fences set them when their value is reached). */
  readonly events: ReadonlyMap<number, Win32Event>;
  /** The GPU engine: the queues' timelines in global time order, and CPU waits. */
  readonly gpu: GpuEngine;
  /** Give a new object its id (allocation order, never reused) and make it findable. */
  register(obj: IUnknown): number;
  /** Count a call (it costs CPU time and lets the GPU progress) and trace it. */
  beginCall(api: string, self: number, args: unknown): CallEvent;
  endCall(c: CallEvent, hr: HRESULT | null): void;
  /**
   * Raise a debug-layer message; `debugLayer` is the switch of the device that raises it ([DBG-ON-1]), null for
   * a process-wide message (the current switch).
   */
  emit(debugLayer: boolean | null, id: MessageId, args?: MessageArgs): void;
  /** Record an undefined-behaviour outcome the model decided (the executor shows it as "simulated hazard"). */
  hazard(kind: string, res: number, detail?: MessageArgs): void;
  /** [ALIAS-1] The next step of the aliasing clock (which placed resource touched shared memory last). */
  nextAliasSeq(): number;
  /** Register an accepted ExecuteCommandLists ([TR-SUBMIT-1]). */
  addSubmission(queue: number, lists: readonly number[], commands: readonly (readonly Command[])[]): Submission;
}

/** A device as the process-level interfaces see it. */
export interface ProcessDevice {
  readonly adapterIndex: number;
  readonly removed: boolean;
  readonly debugLayer: boolean;
  readonly memory: { readonly localUsage: number; readonly nonLocalUsage: number };
  remove(reason: HRESULT): void;
}

/**
 * What the process-level interfaces (DXGI factory and adapters, ID3D12Debug, the DRED settings) need: the kernel,
 * the machine's adapters, the process-wide debug switches (they take effect for devices created afterwards), and
 * the devices created so far.
 */
export interface ProcessContext extends Kernel {
  readonly adapters: readonly AdapterFacts[];
  readonly devices: readonly ProcessDevice[];
  debugLayerEnabled: boolean;
  gpuBasedValidation: boolean;
  dredAutoBreadcrumbs: boolean;
  dredPageFault: boolean;
}

/** A fence as its device sees it: it wakes its waiters when the device is removed ([DEV-RM-1]). */
export interface FenceHandle {
  onDeviceRemoved(): void;
}

/** A swap chain as its device sees it (for the back-buffer reference check, [SC-REF-1]). */
export interface SwapChainHandle {
  readonly id: number;
  currentIndex(): number;
}

/** What an object needs from the device that created it. */
export interface DeviceContext {
  readonly id: number;
  readonly sys: Kernel;
  readonly facts: AdapterFacts;
  /** [DBG-ON-1] the debug layer was on when the device was created */
  readonly debugLayer: boolean;
  /** GPU-based validation was on when the device was created */
  readonly gbv: boolean;
  readonly removed: boolean;
  /** The memory ledger: allocations, residency, budgets ([MEM-*]). */
  readonly memory: MemoryLedger;
  /** GPU virtual addresses, descriptor handles, buffers by address, descriptor heaps by handle. */
  readonly address: AddressSpace;
  /** The device's queues and what they know about each other ([SYNC-XQ-*], [CL-SYNC-1]). */
  readonly sync: QueueSync;
  /** Raise a debug-layer message (reported only when the device has the layer). */
  msg(id: MessageId, args?: MessageArgs): void;
  /** [DEV-RM-1] Remove the device (idempotent). */
  remove(reason: HRESULT, fault?: { va: number; resource: ID3D12Resource | null }): void;
  /** [DH-INC-1] GetDescriptorHandleIncrementSize, without counting a call. */
  incrementSize(type: number): number;
  addFence(f: FenceHandle): void;
  addSwapChain(sc: SwapChainHandle): void;
  /** [SC-REF-1] A list that uses a back buffer other than the current one. */
  checkBackBufferReference(r: ID3D12Resource): void;
}
