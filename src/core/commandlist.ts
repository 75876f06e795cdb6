// ID3D12GraphicsCommandList: Reset/Close rules ([CL-*]) and recording. Each recording method counts the call,
// runs the record-time checks (record-barriers.ts, record-copies.ts, record-draw.ts: what makes Close fail, what
// the debug layer reports at record) and appends a command to the recorded stream (commands.ts) that
// ExecuteCommandLists validation and the WebGPU executor both consume ("the work the model accepted"). The method
// bodies other than Reset/Close, the state tracking and draws live in record-*.ts as functions the methods
// delegate to: barriers, copies, targets and clears, state setting, compute, PIX markers.

import { IUnknown } from './object';
import type { DeviceContext, MessageArgs } from './kernel';
import type { CallEvent } from './trace';
import type { HRESULT, MessageId } from './messages';
import type { ID3D12Resource } from './resource';
import type { ID3D12CommandAllocator } from './commandallocator';
import type { ID3D12DescriptorHeap } from './descriptors';
import type { ID3D12PipelineState, ID3D12RootSignature } from './pipeline';
import type {
  D3D12_INDEX_BUFFER_VIEW,
  D3D12_RECT,
  D3D12_RESOURCE_BARRIER,
  D3D12_VERTEX_BUFFER_VIEW,
  D3D12_VIEWPORT,
} from './structs';
import type { Command, DrawIndexedInstancedArgs, DrawInstancedArgs, DrawState, Use } from './commands';
import { freshGraphicsState, refusedOnListType, type GraphicsState, type RecordingContext } from './recording';
import { bundleDraw, recordExecuteBundle, refusedInBundle } from './record-bundle';
import { recordResourceBarrier } from './record-barriers';
import { recordBarrier } from './record-enhanced-barriers';
import type { D3D12_BARRIER_GROUP } from './enhanced-layouts';
import {
  freshComputeState,
  recordComputeView,
  recordDispatch,
  recordSetComputeRoot32BitConstants,
  recordSetComputeRootDescriptorTable,
  recordSetComputeRootSignature,
  type ComputeState,
  type DispatchArgs,
  type SetComputeRoot32BitConstantsArgs,
} from './record-compute';
import {
  recordCopyBufferRegion,
  recordCopyResource,
  recordCopyTextureRegion,
  recordDiscardResource,
  type CopyBufferRegionArgs,
  type CopyTextureRegionArgs,
} from './record-copies';
import { drawState } from './record-draw';
import {
  recordClearDepthStencilView,
  recordClearRenderTargetView,
  type ClearDepthStencilViewArgs,
  type ClearRenderTargetViewArgs,
  type OMSetRenderTargetsArgs,
} from './record-targets';
import {
  recordIASetIndexBuffer,
  recordIASetPrimitiveTopology,
  recordIASetVertexBuffers,
  recordOMSetRenderTargets,
  recordRSSetScissorRects,
  recordRSSetViewports,
  recordSetDescriptorHeaps,
  recordSetGraphicsRoot32BitConstants,
  recordSetGraphicsRootConstantBufferView,
  recordSetGraphicsRootDescriptorTable,
  recordSetGraphicsRootSignature,
  recordSetPipelineState,
  type SetGraphicsRoot32BitConstantsArgs,
  type SetRootDescriptorTableArgs,
} from './record-state';
import { noteFirstUse } from './record-first-use';
import { recordBeginEvent, recordEndEvent, recordSetMarker } from './record-markers';
import * as Q from './record-queries';
import * as R from './record-resolve';
import { D3D12_COMMAND_LIST_TYPE_BUNDLE, D3D12_COMMAND_LIST_TYPE_DIRECT } from './enums';

export class ID3D12GraphicsCommandList extends IUnknown implements RecordingContext {
  readonly iface = 'ID3D12GraphicsCommandList';
  recording = true;
  /** [CL-CLOSE-1] An invalid-argument error during recording makes Close return E_INVALIDARG. */
  failed = false;
  /** The list's own view of subresource states while recording ([ST-REC-1]); absent = not yet known. */
  private local = new Map<ID3D12Resource, Int32Array>();
  commands: Command[] = [];
  /** Compute bindings since Reset ([CS-ROOT-1]). */
  cs: ComputeState = freshComputeState();
  allocator: ID3D12CommandAllocator;
  allocatorGeneration: number;
  /** Executions of this list still running on the GPU ([CL-SYNC-1]). */
  inflight = 0;
  gs: GraphicsState = freshGraphicsState();
  markerDepth = 0;
  /** The API being recorded (record-time messages name its method, [ST-REC-2]); a plain store on the hot path. */
  recApi = '';
  get recOp(): string {
    return this.recApi.slice(this.recApi.indexOf('::') + 2);
  }
  /** [BUNDLE-EXEC-1] Bundles this recording executed, with their allocator's generation (checked again at ECL). */
  bundlesExecuted: { bundle: ID3D12GraphicsCommandList; generation: number }[] = [];
  /** Bumped on every Reset (commands of an older recording are gone). */
  recordingSeq = 0;
  completedExecutions = 0;
  /** Queries begun and not yet ended on this recording ([Q-BEGIN-1]). */
  openQueries: Q.OpenQueries = new Map();

  constructor(
    readonly device: DeviceContext,
    readonly type: number,
    allocator: ID3D12CommandAllocator,
    initial: ID3D12PipelineState | null,
  ) {
    super(device.sys, device.id, 'ID3D12GraphicsCommandList');
    this.allocator = allocator;
    this.allocatorGeneration = allocator.generation;
    allocator.recordingList = this;
    this.gs.pso = initial;
    // [BUNDLE-INHERIT-1] a bundle's initial pipeline state is its first state command (replayed by ExecuteBundle)
    if (initial && type === D3D12_COMMAND_LIST_TYPE_BUNDLE)
      this.commands.push({ op: 'SetPipelineState', pso: initial });
  }

  override implements(iface: string): boolean {
    return /^ID3D12GraphicsCommandList\d*$/.test(iface) || iface === 'ID3D12CommandList' || super.implements(iface);
  }

  protected override inFlightOn(): DeviceContext | null {
    return this.inflight > 0 ? this.device : null;
  }

  /** Start a recording call: counts the call; a closed list ignores it and reports COMMAND_LIST_CLOSED ([CL-REC-1]). */
  rec(api: string, args: unknown): CallEvent | null {
    const c = this.sys.beginCall(api, this.id, args);
    this.recApi = api;
    if (!this.recording) {
      this.device.msg('COMMAND_LIST_CLOSED', { list: this.id });
      this.sys.endCall(c, null);
      return null;
    }
    if (
      this.type !== D3D12_COMMAND_LIST_TYPE_DIRECT &&
      (refusedOnListType(this, this.recOp) || refusedInBundle(this, this.recOp))
    ) {
      this.sys.endCall(c, null);
      return null;
    }
    return c;
  }

  fail(id: MessageId, args: MessageArgs): void {
    this.device.msg(id, args);
    this.failed = true;
  }

  /** [CL-CLOSE-1] Close: E_INVALIDARG when recording raised an invalid-argument error; closing a closed list is E_FAIL. */
  Close(): HRESULT {
    const c = this.sys.beginCall('ID3D12GraphicsCommandList::Close', this.id, null);
    let hr: HRESULT = 'S_OK';
    if (!this.recording) {
      this.device.msg('COMMAND_LIST_CLOSED', { list: this.id });
      hr = 'E_FAIL';
    } else {
      if (this.markerDepth !== 0)
        this.device.msg('BEGIN_END_EVENT_MISMATCH', { list: this.id, depth: this.markerDepth });
      Q.closeOpenQueries(this);
      this.recording = false;
      if (this.allocator.recordingList === this) this.allocator.recordingList = null;
      if (this.failed) hr = 'E_INVALIDARG';
    }
    this.sys.endCall(c, hr);
    return hr;
  }

  /**
   * [CL-RESET-1] Reset: a list still open is COMMAND_LIST_OPEN (E_FAIL); an allocator of another type is
   * WRONG_COMMAND_ALLOCATOR_TYPE (E_INVALIDARG); an allocator another list records into is COMMAND_ALLOCATOR_CONTENTION
   * (E_INVALIDARG). Any free allocator of the same type is fine, and the list may be reset right after
   * ExecuteCommandLists. All recorded state is reset as if the list were new.
   */
  Reset(args: { Allocator: ID3D12CommandAllocator; InitialState?: ID3D12PipelineState | null }): HRESULT {
    const c = this.sys.beginCall('ID3D12GraphicsCommandList::Reset', this.id, args);
    const a = args.Allocator;
    let hr: HRESULT = 'S_OK';
    if (this.recording) {
      this.device.msg('COMMAND_LIST_OPEN', { list: this.id });
      hr = 'E_FAIL';
    } else if (!a || a.type !== this.type) {
      this.device.msg('WRONG_COMMAND_ALLOCATOR_TYPE', { list: this.id, allocator: a ? a.id : 0 });
      hr = 'E_INVALIDARG';
    } else if (a.recordingList && a.recordingList !== this) {
      this.device.msg('COMMAND_ALLOCATOR_CONTENTION', { allocator: a.id, list: a.recordingList.id });
      hr = 'E_INVALIDARG';
    } else {
      this.recording = true;
      this.failed = false;
      this.commands = [];
      this.local = new Map();
      this.gs = freshGraphicsState();
      this.cs = freshComputeState();
      this.gs.pso = args.InitialState ?? null;
      if (this.gs.pso && this.type === D3D12_COMMAND_LIST_TYPE_BUNDLE)
        this.commands.push({ op: 'SetPipelineState', pso: this.gs.pso });
      this.bundlesExecuted = [];
      this.markerDepth = 0;
      this.openQueries = new Map();
      this.allocator = a;
      this.allocatorGeneration = a.generation;
      this.recordingSeq++;
      a.recordingList = this;
    }
    this.sys.endCall(c, hr);
    return hr;
  }

  // ------------------------------------------------------------------ barriers

  localStates(r: ID3D12Resource): Int32Array {
    let s = this.local.get(r);
    if (!s) {
      s = new Int32Array(r.subCount).fill(-1);
      this.local.set(r, s);
    }
    return s;
  }

  /** [BAR-REC-1] ResourceBarrier: checked and normalised at record (record-barriers.ts), applied at ExecuteCommandLists. */
  ResourceBarrier(args: { NumBarriers?: number; Barriers: readonly D3D12_RESOURCE_BARRIER[] }): void {
    recordResourceBarrier(this, args);
  }

  /** [EB-REC-1] ID3D12GraphicsCommandList7::Barrier: enhanced barriers (record-enhanced-barriers.ts). */
  Barrier(args: { NumBarrierGroups?: number; BarrierGroups: readonly D3D12_BARRIER_GROUP[] }): void {
    recordBarrier(this, args);
  }

  // ------------------------------------------------------------------ copies

  knownState(r: ID3D12Resource, sub: number): number {
    return this.local.get(r)?.[sub] ?? -1;
  }

  use(res: ID3D12Resource, sub: number, state: number, write: boolean, init = false): Use {
    const u: Use = { res, sub, state, write, init };
    if (this.noteUse(res, sub, state, write)) u.checked = true;
    return u;
  }

  localIfAny(r: ID3D12Resource): Int32Array | undefined {
    return this.local.get(r);
  }

  /** Record-time side of a use: zero-refcount check and [ST-REC-2] (true: checked here, not at ECL). */
  noteUse(res: ID3D12Resource, sub: number, state: number, write: boolean): boolean {
    if (res.destroyed) this.device.msg('USE_OF_ZERO_REFCOUNT_OBJECT', { object: res.id });
    return noteFirstUse(this, res, sub, state, write);
  }

  /** [COPY-BUF-1] CopyBufferRegion: both resources buffers, ranges inside them (runtime errors: Close fails). */
  CopyBufferRegion(args: CopyBufferRegionArgs): void {
    recordCopyBufferRegion(this, args);
  }

  /** [COPY-TEX-1] CopyTextureRegion: footprint alignment and bounds are checked at record (record-copies.ts); states at ExecuteCommandLists. */
  CopyTextureRegion(args: CopyTextureRegionArgs): void {
    recordCopyTextureRegion(this, args);
  }

  /** [COPY-RES-1] CopyResource: same dimension, size and format family; every subresource (record-copies.ts). */
  CopyResource(args: { DstResource: ID3D12Resource; SrcResource: ID3D12Resource }): void {
    recordCopyResource(this, args);
  }

  DiscardResource(args: { Resource: ID3D12Resource; Region?: unknown }): void {
    recordDiscardResource(this, args);
  }

  // ------------------------------------------------------------------ render targets

  ClearRenderTargetView(args: ClearRenderTargetViewArgs): void {
    recordClearRenderTargetView(this, args);
  }

  ClearDepthStencilView(args: ClearDepthStencilViewArgs): void {
    recordClearDepthStencilView(this, args);
  }

  OMSetRenderTargets(args: OMSetRenderTargetsArgs): void {
    recordOMSetRenderTargets(this, args);
  }

  RSSetViewports(args: { NumViewports: number; Viewports: D3D12_VIEWPORT[] }): void {
    recordRSSetViewports(this, args);
  }

  RSSetScissorRects(args: { NumRects: number; Rects: D3D12_RECT[] }): void {
    recordRSSetScissorRects(this, args);
  }

  // ------------------------------------------------------------------ pipeline binding

  SetGraphicsRootSignature(args: { RootSignature: ID3D12RootSignature | null }): void {
    recordSetGraphicsRootSignature(this, args);
  }

  SetPipelineState(args: { PipelineState: ID3D12PipelineState }): void {
    recordSetPipelineState(this, args);
  }

  /** [DH-SET-1] SetDescriptorHeaps: only shader-visible heaps, at most one per type (SET_DESCRIPTOR_HEAP_INVALID). */
  SetDescriptorHeaps(args: { NumDescriptorHeaps: number; DescriptorHeaps: ID3D12DescriptorHeap[] }): void {
    recordSetDescriptorHeaps(this, args);
  }

  /** [RS-TABLE-1] SetGraphicsRootDescriptorTable: checked against the heaps set and the root signature (record-draw.ts). */
  SetGraphicsRootDescriptorTable(args: SetRootDescriptorTableArgs): void {
    recordSetGraphicsRootDescriptorTable(this, args);
  }

  SetGraphicsRoot32BitConstants(args: SetGraphicsRoot32BitConstantsArgs): void {
    recordSetGraphicsRoot32BitConstants(this, args);
  }

  SetGraphicsRootConstantBufferView(args: { RootParameterIndex: number; BufferLocation: number }): void {
    recordSetGraphicsRootConstantBufferView(this, args);
  }

  // ------------------------------------------------------------------ compute ([CS-*], record-compute.ts)

  SetComputeRootSignature(args: { RootSignature: ID3D12RootSignature | null }): void {
    recordSetComputeRootSignature(this, args);
  }

  SetComputeRootDescriptorTable(args: SetRootDescriptorTableArgs): void {
    recordSetComputeRootDescriptorTable(this, args);
  }

  SetComputeRoot32BitConstants(args: SetComputeRoot32BitConstantsArgs): void {
    recordSetComputeRoot32BitConstants(this, args);
  }

  SetComputeRootConstantBufferView(args: { RootParameterIndex: number; BufferLocation: number }): void {
    recordComputeView(this, 'SetComputeRootConstantBufferView', 'CBV', args);
  }

  SetComputeRootShaderResourceView(args: { RootParameterIndex: number; BufferLocation: number }): void {
    recordComputeView(this, 'SetComputeRootShaderResourceView', 'SRV', args);
  }

  SetComputeRootUnorderedAccessView(args: { RootParameterIndex: number; BufferLocation: number }): void {
    recordComputeView(this, 'SetComputeRootUnorderedAccessView', 'UAV', args);
  }

  Dispatch(args: DispatchArgs): void {
    recordDispatch(this, args);
  }

  IASetPrimitiveTopology(args: { PrimitiveTopology: number }): void {
    recordIASetPrimitiveTopology(this, args);
  }

  IASetVertexBuffers(args: { StartSlot: number; NumViews: number; Views: D3D12_VERTEX_BUFFER_VIEW[] | null }): void {
    recordIASetVertexBuffers(this, args);
  }

  IASetIndexBuffer(args: { View: D3D12_INDEX_BUFFER_VIEW | null }): void {
    recordIASetIndexBuffer(this, args);
  }

  resourceAtVA(va: number): ID3D12Resource | null {
    return this.device.address.resourceAtVA(va);
  }

  /** [DRAW-1] A draw: checked against the bound state and recorded with it (record-draw.ts). */
  private draw(op: 'DrawInstanced' | 'DrawIndexedInstanced', args: object, make: (state: DrawState) => Command): void {
    const c = this.rec(`ID3D12GraphicsCommandList::${op}`, args);
    if (!c) return;
    const bundle = this.type === D3D12_COMMAND_LIST_TYPE_BUNDLE; // [BUNDLE-DRAW-1] checked at ExecuteBundle
    this.commands.push(make(bundle ? bundleDraw(this, op) : drawState(this, this.gs, op === 'DrawIndexedInstanced')));
    this.sys.endCall(c, null);
  }

  DrawInstanced(args: DrawInstancedArgs): void {
    this.draw('DrawInstanced', args, (state) => ({ op: 'DrawInstanced', args: { ...args }, ...state }));
  }

  DrawIndexedInstanced(args: DrawIndexedInstancedArgs): void {
    this.draw('DrawIndexedInstanced', args, (state) => ({ op: 'DrawIndexedInstanced', args: { ...args }, ...state }));
  }

  /** [BUNDLE-EXEC-1] ExecuteBundle: a closed bundle replayed into this DIRECT list (record-bundle.ts). */
  ExecuteBundle(args: { CommandList: ID3D12GraphicsCommandList }): void {
    recordExecuteBundle(this, args);
  }

  // ------------------------------------------------------------------ markers (PIX events)

  BeginEvent(args: { Metadata?: number; Data: string; Size?: number }): void {
    recordBeginEvent(this, args);
  }

  EndEvent(): void {
    recordEndEvent(this);
  }

  SetMarker(args: { Metadata?: number; Data: string; Size?: number }): void {
    recordSetMarker(this, args);
  }

  // ------------------------------------------------------------------ queries and resolves (record-queries/-resolve.ts)

  BeginQuery(args: Q.QueryArgs): void {
    Q.recordBeginQuery(this, args);
  }

  EndQuery(args: Q.QueryArgs): void {
    Q.recordEndQuery(this, args);
  }

  ResolveQueryData(args: Q.ResolveQueryDataArgs): void {
    Q.recordResolveQueryData(this, args);
  }

  ResolveSubresource(args: R.ResolveSubresourceArgs): void {
    R.recordResolveSubresource(this, args);
  }

  ResolveSubresourceRegion(args: R.ResolveSubresourceRegionArgs): void {
    R.recordResolveSubresourceRegion(this, args);
  }

  /** The recorded commands (for the executor): "the work the model accepted". */
  recordedCommands(): readonly Command[] {
    return this.commands;
  }
}
