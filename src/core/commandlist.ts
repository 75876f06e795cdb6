// ID3D12GraphicsCommandList: a thin facade of the API. Each recording method counts the call, runs the record-time
// checks (what makes Close fail, what the debug layer reports at record) and appends a command to the recorded
// stream (commands.ts) that ExecuteCommandLists validation and the WebGPU executor both consume ("the work the model
// accepted"). The method bodies live in record-*.ts as functions the methods delegate to: Reset/Close
// (record-reset.ts), barriers, copies, targets and clears, state setting and draws, compute, queries, resolves,
// bundles, PIX markers. The class keeps the list's own state (local subresource states, bindings, lifecycle).

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
import type { Command, DrawIndexedInstancedArgs, DrawInstancedArgs, Use } from './commands';
import { freshGraphicsState, refusedOnListType, type GraphicsState, type RecordingContext } from './recording';
import { recordExecuteBundle, refusedInBundle } from './record-bundle';
import { recordResourceBarrier } from './record-barriers';
import { recordBarrier } from './record-enhanced-barriers';
import type { D3D12_BARRIER_GROUP } from './enhanced-layouts';
import * as CS from './record-compute';
import * as CP from './record-copies';
import * as T from './record-targets';
import * as S from './record-state';
import { recordClose, recordReset } from './record-reset';
import { noteFirstUse } from './record-first-use';
import { freshSplits, pendingSplitUse, type SplitBarriers } from './record-split';
import { recordBeginEvent, recordEndEvent, recordSetMarker } from './record-markers';
import * as Q from './record-queries';
import * as R from './record-resolve';
import { D3D12_COMMAND_LIST_TYPE_BUNDLE, D3D12_COMMAND_LIST_TYPE_DIRECT } from './enums';

export class ID3D12GraphicsCommandList extends IUnknown implements RecordingContext {
  readonly iface = 'ID3D12GraphicsCommandList';
  recording = true;
  /** [CL-CLOSE-1] An invalid-argument error during recording makes Close return E_INVALIDARG. */
  failed = false;
  /** The list's own view of subresource states while recording ([ST-REC-1]); absent = not yet known (Reset clears it). */
  local = new Map<ID3D12Resource, Int32Array>();
  commands: Command[] = [];
  /** Compute bindings since Reset ([CS-ROOT-1]). */
  cs: CS.ComputeState = CS.freshComputeState();
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
  /** [BAR-SPLIT-*] Split barriers begun and not yet ended on this recording (record-split.ts). */
  splits: SplitBarriers = freshSplits();
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

  /** [CL-CLOSE-1] Close (record-reset.ts). */
  Close(): HRESULT {
    return recordClose(this);
  }

  /** [CL-RESET-1] Reset (record-reset.ts): all recorded state is reset as if the list were new. */
  Reset(args: { Allocator: ID3D12CommandAllocator; InitialState?: ID3D12PipelineState | null }): HRESULT {
    return recordReset(this, args);
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
    if (this.splits.open !== 0 && pendingSplitUse(this, res, sub)) return true; // [BAR-SPLIT-2]
    return noteFirstUse(this, res, sub, state, write);
  }

  /** [COPY-BUF-1] CopyBufferRegion: both resources buffers, ranges inside them (runtime errors: Close fails). */
  CopyBufferRegion(args: CP.CopyBufferRegionArgs): void {
    CP.recordCopyBufferRegion(this, args);
  }

  /** [COPY-TEX-1] CopyTextureRegion: footprint alignment and bounds are checked at record (record-copies.ts); states at ExecuteCommandLists. */
  CopyTextureRegion(args: CP.CopyTextureRegionArgs): void {
    CP.recordCopyTextureRegion(this, args);
  }

  /** [COPY-RES-1] CopyResource: same dimension, size and format family; every subresource (record-copies.ts). */
  CopyResource(args: { DstResource: ID3D12Resource; SrcResource: ID3D12Resource }): void {
    CP.recordCopyResource(this, args);
  }

  DiscardResource(args: { Resource: ID3D12Resource; Region?: unknown }): void {
    CP.recordDiscardResource(this, args);
  }

  // ------------------------------------------------------------------ render targets

  ClearRenderTargetView(args: T.ClearRenderTargetViewArgs): void {
    T.recordClearRenderTargetView(this, args);
  }

  ClearDepthStencilView(args: T.ClearDepthStencilViewArgs): void {
    T.recordClearDepthStencilView(this, args);
  }

  OMSetRenderTargets(args: T.OMSetRenderTargetsArgs): void {
    S.recordOMSetRenderTargets(this, args);
  }

  RSSetViewports(args: { NumViewports: number; Viewports: D3D12_VIEWPORT[] }): void {
    S.recordRSSetViewports(this, args);
  }

  RSSetScissorRects(args: { NumRects: number; Rects: D3D12_RECT[] }): void {
    S.recordRSSetScissorRects(this, args);
  }

  // ------------------------------------------------------------------ pipeline binding

  SetGraphicsRootSignature(args: { RootSignature: ID3D12RootSignature | null }): void {
    S.recordSetGraphicsRootSignature(this, args);
  }

  SetPipelineState(args: { PipelineState: ID3D12PipelineState }): void {
    S.recordSetPipelineState(this, args);
  }

  /** [DH-SET-1] SetDescriptorHeaps: only shader-visible heaps, at most one per type (SET_DESCRIPTOR_HEAP_INVALID). */
  SetDescriptorHeaps(args: { NumDescriptorHeaps: number; DescriptorHeaps: ID3D12DescriptorHeap[] }): void {
    S.recordSetDescriptorHeaps(this, args);
  }

  /** [RS-TABLE-1] SetGraphicsRootDescriptorTable: checked against the heaps set and the root signature (record-draw.ts). */
  SetGraphicsRootDescriptorTable(args: S.SetRootDescriptorTableArgs): void {
    S.recordSetGraphicsRootDescriptorTable(this, args);
  }

  SetGraphicsRoot32BitConstants(args: S.SetGraphicsRoot32BitConstantsArgs): void {
    S.recordSetGraphicsRoot32BitConstants(this, args);
  }

  SetGraphicsRootConstantBufferView(args: { RootParameterIndex: number; BufferLocation: number }): void {
    S.recordSetGraphicsRootConstantBufferView(this, args);
  }

  // ------------------------------------------------------------------ compute ([CS-*], record-compute.ts)

  SetComputeRootSignature(args: { RootSignature: ID3D12RootSignature | null }): void {
    CS.recordSetComputeRootSignature(this, args);
  }

  SetComputeRootDescriptorTable(args: S.SetRootDescriptorTableArgs): void {
    CS.recordSetComputeRootDescriptorTable(this, args);
  }

  SetComputeRoot32BitConstants(args: CS.SetComputeRoot32BitConstantsArgs): void {
    CS.recordSetComputeRoot32BitConstants(this, args);
  }

  SetComputeRootConstantBufferView(args: { RootParameterIndex: number; BufferLocation: number }): void {
    CS.recordComputeView(this, 'SetComputeRootConstantBufferView', 'CBV', args);
  }

  SetComputeRootShaderResourceView(args: { RootParameterIndex: number; BufferLocation: number }): void {
    CS.recordComputeView(this, 'SetComputeRootShaderResourceView', 'SRV', args);
  }

  SetComputeRootUnorderedAccessView(args: { RootParameterIndex: number; BufferLocation: number }): void {
    CS.recordComputeView(this, 'SetComputeRootUnorderedAccessView', 'UAV', args);
  }

  Dispatch(args: CS.DispatchArgs): void {
    CS.recordDispatch(this, args);
  }

  IASetPrimitiveTopology(args: { PrimitiveTopology: number }): void {
    S.recordIASetPrimitiveTopology(this, args);
  }

  IASetVertexBuffers(args: { StartSlot: number; NumViews: number; Views: D3D12_VERTEX_BUFFER_VIEW[] | null }): void {
    S.recordIASetVertexBuffers(this, args);
  }

  IASetIndexBuffer(args: { View: D3D12_INDEX_BUFFER_VIEW | null }): void {
    S.recordIASetIndexBuffer(this, args);
  }

  resourceAtVA(va: number): ID3D12Resource | null {
    return this.device.address.resourceAtVA(va);
  }

  /** [DRAW-1] A draw: checked against the bound state and recorded with it (record-state.ts, record-draw.ts). */
  DrawInstanced(args: DrawInstancedArgs): void {
    S.recordDraw(this, 'DrawInstanced', args, (state) => ({ op: 'DrawInstanced', args: { ...args }, ...state }));
  }

  DrawIndexedInstanced(args: DrawIndexedInstancedArgs): void {
    S.recordDraw(this, 'DrawIndexedInstanced', args, (state) => ({
      op: 'DrawIndexedInstanced',
      args: { ...args },
      ...state,
    }));
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
