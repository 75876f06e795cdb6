// ID3D12GraphicsCommandList: Reset/Close rules ([CL-*]) and recording. Each recording method counts the call,
// runs the record-time checks (record-barriers.ts, record-copies.ts, record-draw.ts: what makes Close fail, what
// the debug layer reports at record) and appends a command to the recorded stream (commands.ts) that
// ExecuteCommandLists validation and the WebGPU executor both consume ("the work the model accepted").

import { IUnknown } from './object';
import type { DeviceContext, MessageArgs } from './kernel';
import type { CallEvent } from './trace';
import type { HRESULT, MessageId } from './messages';
import type { ID3D12Resource } from './resource';
import type { ID3D12CommandAllocator } from './commandallocator';
import type { ID3D12DescriptorHeap } from './descriptors';
import type { ID3D12PipelineState, ID3D12RootSignature } from './pipeline';
import type {
  D3D12_GPU_DESCRIPTOR_HANDLE,
  D3D12_INDEX_BUFFER_VIEW,
  D3D12_RECT,
  D3D12_RESOURCE_BARRIER,
  D3D12_VERTEX_BUFFER_VIEW,
  D3D12_VIEWPORT,
} from './structs';
import type {
  Command,
  DrawIndexedInstancedArgs,
  DrawInstancedArgs,
  DrawState,
  RecordedBarrier,
  SingleBarrierCommand,
  Use,
} from './commands';
import { freshGraphicsState, unsupportedOnListType, type GraphicsState, type RecordingContext } from './recording';
import { recordBarriers } from './record-barriers';
import {
  dispatchCommand,
  freshComputeState,
  setComputeConstants,
  setComputeRootSignature,
  setComputeRootView,
  setComputeTable,
  uavBarrierSeen,
  type ComputeState,
  type DispatchArgs,
  type RootViewKind,
} from './record-compute';
import { copyResourceCommand, copyTextureRegionCommand, type CopyTextureRegionArgs } from './record-copies';
import { descriptorHeapsValid, drawState, setTableCommand } from './record-draw';
import {
  clearDepthStencilCommand,
  clearRenderTargetCommand,
  renderTargets,
  type ClearDepthStencilViewArgs,
  type ClearRenderTargetViewArgs,
  type OMSetRenderTargetsArgs,
} from './record-targets';
import {
  D3D12_COMMAND_LIST_TYPE_BUNDLE,
  D3D12_COMMAND_LIST_TYPE_DIRECT,
  D3D12_RESOURCE_STATE_COMMON,
  D3D12_RESOURCE_STATE_COPY_DEST,
  D3D12_RESOURCE_STATE_COPY_SOURCE,
} from './enums';

/** Placeholder until a one-barrier command points at itself. */
const NO_BARRIERS: readonly RecordedBarrier[] = [];

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
  private gs: GraphicsState = freshGraphicsState();
  private markerDepth = 0;
  /** Bumped on every Reset (commands of an older recording are gone). */
  recordingSeq = 0;
  completedExecutions = 0;

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
  }

  override implements(iface: string): boolean {
    return /^ID3D12GraphicsCommandList\d*$/.test(iface) || iface === 'ID3D12CommandList' || super.implements(iface);
  }

  protected override inFlightOn(): DeviceContext | null {
    return this.inflight > 0 ? this.device : null;
  }

  /** Start a recording call: counts the call; a closed list ignores it and reports COMMAND_LIST_CLOSED ([CL-REC-1]). */
  private rec(api: string, args: unknown): CallEvent | null {
    const c = this.sys.beginCall(api, this.id, args);
    if (!this.recording) {
      this.device.msg('COMMAND_LIST_CLOSED', { list: this.id });
      this.sys.endCall(c, null);
      return null;
    }
    // [CL-TYPE-1] graphics-only methods on COMPUTE/COPY lists, pipeline/descriptor-heap methods on COPY lists: the
    // debug layer reports "Invalid API called. This method is not valid for ..." and the call is ignored
    if (this.type !== D3D12_COMMAND_LIST_TYPE_DIRECT && this.type !== D3D12_COMMAND_LIST_TYPE_BUNDLE) {
      const m = api.slice(api.indexOf('::') + 2);
      const id = unsupportedOnListType(this.type, m);
      if (id) {
        this.device.msg(id, { list: this.id, listType: this.type, method: m });
        this.sys.hazard('api-not-supported-on-list-type', this.id, {
          method: m,
          listType: this.type,
          outcome: 'ignored',
        });
        this.sys.endCall(c, null);
        return null;
      }
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
      this.markerDepth = 0;
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
    const c = this.rec('ID3D12GraphicsCommandList::ResourceBarrier', args);
    if (!c) return;
    const out = recordBarriers(this, args.Barriers ?? [], args.NumBarriers);
    // [CS-UAV-2] a UAV barrier (or a transition) of a resource ends its UAV hazard window
    if (this.cs.uavWritten.size) for (const b of out) uavBarrierSeen(this.cs, b.res);
    // one barrier (the common case) is recorded as a single object literal that is its own command (`barriers` holds
    // itself): one object kept per call, and a literal V8 can pretenure ([TR-PERF-1])
    if (out.length === 1) {
      const b = out[0];
      const cmd: SingleBarrierCommand = {
        op: 'ResourceBarrier',
        Type: b.Type,
        Flags: b.Flags,
        res: b.res,
        sub: b.sub,
        before: b.before,
        after: b.after,
        checked: b.checked,
        aliasBefore: b.aliasBefore,
        mismatch: b.mismatch,
        uncheckedSubs: b.uncheckedSubs,
        barriers: NO_BARRIERS,
      };
      cmd.barriers = [cmd];
      this.commands.push(cmd);
    } else if (out.length) this.commands.push({ op: 'ResourceBarrier', barriers: out });
    this.sys.endCall(c, null);
  }

  // ------------------------------------------------------------------ copies

  knownState(r: ID3D12Resource, sub: number): number {
    return this.local.get(r)?.[sub] ?? -1;
  }

  use(res: ID3D12Resource, sub: number, state: number, write: boolean, init = false): Use {
    this.noteUse(res, sub, state, write);
    return { res, sub, state, write, init };
  }

  /** Record-time side of a use: zero-refcount check and [ST-REC-1] (after a write the list knows the state). */
  private noteUse(res: ID3D12Resource, sub: number, state: number, write: boolean): void {
    if (res.destroyed) this.device.msg('USE_OF_ZERO_REFCOUNT_OBJECT', { object: res.id });
    if (write && state !== D3D12_RESOURCE_STATE_COMMON && res.fixedState < 0) {
      const ls = this.localStates(res);
      if (sub < 0) ls.fill(state);
      else if (ls[sub] < 0) ls[sub] = state;
    }
  }

  /** [COPY-BUF-1] CopyBufferRegion: both resources buffers, ranges inside them (runtime errors: Close fails). */
  CopyBufferRegion(args: {
    DstBuffer: ID3D12Resource;
    DstOffset: number;
    SrcBuffer: ID3D12Resource;
    SrcOffset: number;
    NumBytes: number;
  }): void {
    const c = this.rec('ID3D12GraphicsCommandList::CopyBufferRegion', args);
    if (!c) return;
    const d = args.DstBuffer;
    const s = args.SrcBuffer;
    if (!d || !d.isBuffer) this.fail('COPYBUFFERREGION_INVALIDDSTRESOURCEDIMENSION', { resource: d ? d.id : 0 });
    else if (!s || !s.isBuffer) this.fail('COPYBUFFERREGION_INVALIDSRCRESOURCEDIMENSION', { resource: s ? s.id : 0 });
    else if (args.DstOffset + args.NumBytes > d.desc.Width)
      this.fail('COPYBUFFERREGION_DSTRANGEOUTOFBOUNDS', {
        resource: d.id,
        offset: args.DstOffset,
        bytes: args.NumBytes,
        width: d.desc.Width,
      });
    else if (args.SrcOffset + args.NumBytes > s.desc.Width)
      this.fail('COPYBUFFERREGION_SRCRANGEOUTOFBOUNDS', {
        resource: s.id,
        offset: args.SrcOffset,
        bytes: args.NumBytes,
        width: s.desc.Width,
      });
    else {
      // hot path: the command computes its uses when ExecuteCommandLists replays it (no per-call Use objects kept)
      this.noteUse(d, 0, D3D12_RESOURCE_STATE_COPY_DEST, true);
      this.noteUse(s, 0, D3D12_RESOURCE_STATE_COPY_SOURCE, false);
      // one object literal per call; ExecuteCommandLists derives its uses (commandUses) ([TR-PERF-1])
      this.commands.push({
        op: 'CopyBufferRegion',
        dst: d,
        DstOffset: args.DstOffset,
        src: s,
        SrcOffset: args.SrcOffset,
        NumBytes: args.NumBytes,
      });
    }
    this.sys.endCall(c, null);
  }

  /** [COPY-TEX-1] CopyTextureRegion: footprint alignment and bounds are checked at record (record-copies.ts); states at ExecuteCommandLists. */
  CopyTextureRegion(args: CopyTextureRegionArgs): void {
    const c = this.rec('ID3D12GraphicsCommandList::CopyTextureRegion', args);
    if (!c) return;
    const cmd = copyTextureRegionCommand(this, args);
    if (cmd) this.commands.push(cmd);
    this.sys.endCall(c, null);
  }

  /** [COPY-RES-1] CopyResource: same dimension, size and format family; every subresource (record-copies.ts). */
  CopyResource(args: { DstResource: ID3D12Resource; SrcResource: ID3D12Resource }): void {
    const c = this.rec('ID3D12GraphicsCommandList::CopyResource', args);
    if (!c) return;
    const cmd = copyResourceCommand(this, args);
    if (cmd) this.commands.push(cmd);
    this.sys.endCall(c, null);
  }

  DiscardResource(args: { Resource: ID3D12Resource; Region?: unknown }): void {
    const c = this.rec('ID3D12GraphicsCommandList::DiscardResource', args);
    if (!c) return;
    if (args.Resource)
      this.commands.push({
        op: 'DiscardResource',
        res: args.Resource,
        uses: [{ res: args.Resource, sub: -1, state: 0, write: true, init: true }],
      });
    this.sys.endCall(c, null);
  }

  // ------------------------------------------------------------------ render targets

  ClearRenderTargetView(args: ClearRenderTargetViewArgs): void {
    const c = this.rec('ID3D12GraphicsCommandList::ClearRenderTargetView', args);
    if (!c) return;
    const cmd = clearRenderTargetCommand(this, args);
    if (cmd) this.commands.push(cmd);
    this.sys.endCall(c, null);
  }

  ClearDepthStencilView(args: ClearDepthStencilViewArgs): void {
    const c = this.rec('ID3D12GraphicsCommandList::ClearDepthStencilView', args);
    if (!c) return;
    const cmd = clearDepthStencilCommand(this, args);
    if (cmd) this.commands.push(cmd);
    this.sys.endCall(c, null);
  }

  OMSetRenderTargets(args: OMSetRenderTargetsArgs): void {
    const c = this.rec('ID3D12GraphicsCommandList::OMSetRenderTargets', args);
    if (!c) return;
    const { rtvs, dsv } = renderTargets(this, args);
    this.gs.rtvs = rtvs;
    this.gs.dsv = dsv;
    this.commands.push({ op: 'OMSetRenderTargets', rtvs, dsv });
    this.sys.endCall(c, null);
  }

  RSSetViewports(args: { NumViewports: number; Viewports: D3D12_VIEWPORT[] }): void {
    const c = this.rec('ID3D12GraphicsCommandList::RSSetViewports', args);
    if (!c) return;
    this.gs.viewports = (args.Viewports ?? []).slice(0, args.NumViewports ?? 0).map((v) => ({ ...v }));
    this.commands.push({ op: 'RSSetViewports', viewports: this.gs.viewports });
    this.sys.endCall(c, null);
  }

  RSSetScissorRects(args: { NumRects: number; Rects: D3D12_RECT[] }): void {
    const c = this.rec('ID3D12GraphicsCommandList::RSSetScissorRects', args);
    if (!c) return;
    this.gs.scissors = (args.Rects ?? []).slice(0, args.NumRects ?? 0).map((r) => ({ ...r }));
    this.commands.push({ op: 'RSSetScissorRects', rects: this.gs.scissors });
    this.sys.endCall(c, null);
  }

  // ------------------------------------------------------------------ pipeline binding

  SetGraphicsRootSignature(args: { RootSignature: ID3D12RootSignature | null }): void {
    const c = this.rec('ID3D12GraphicsCommandList::SetGraphicsRootSignature', args);
    if (!c) return;
    if (this.gs.rootSig !== args.RootSignature) this.gs.tables = new Map();
    this.gs.rootSig = args.RootSignature;
    this.commands.push({ op: 'SetGraphicsRootSignature', rootSignature: args.RootSignature });
    this.sys.endCall(c, null);
  }

  SetPipelineState(args: { PipelineState: ID3D12PipelineState }): void {
    const c = this.rec('ID3D12GraphicsCommandList::SetPipelineState', args);
    if (!c) return;
    this.gs.pso = args.PipelineState;
    this.commands.push({ op: 'SetPipelineState', pso: args.PipelineState });
    this.sys.endCall(c, null);
  }

  /** [DH-SET-1] SetDescriptorHeaps: only shader-visible heaps, at most one per type (SET_DESCRIPTOR_HEAP_INVALID). */
  SetDescriptorHeaps(args: { NumDescriptorHeaps: number; DescriptorHeaps: ID3D12DescriptorHeap[] }): void {
    const c = this.rec('ID3D12GraphicsCommandList::SetDescriptorHeaps', args);
    if (!c) return;
    const heaps = (args.DescriptorHeaps ?? []).slice(0, args.NumDescriptorHeaps ?? 0);
    if (descriptorHeapsValid(this, heaps)) this.gs.heaps = heaps;
    this.commands.push({ op: 'SetDescriptorHeaps', heaps });
    this.sys.endCall(c, null);
  }

  /** [RS-TABLE-1] SetGraphicsRootDescriptorTable: checked against the heaps set and the root signature (record-draw.ts). */
  SetGraphicsRootDescriptorTable(args: {
    RootParameterIndex: number;
    BaseDescriptor: D3D12_GPU_DESCRIPTOR_HANDLE;
  }): void {
    const c = this.rec('ID3D12GraphicsCommandList::SetGraphicsRootDescriptorTable', args);
    if (!c) return;
    const cmd = setTableCommand(this, this.gs, args);
    if (cmd) this.commands.push(cmd);
    this.sys.endCall(c, null);
  }

  SetGraphicsRoot32BitConstants(args: {
    RootParameterIndex: number;
    Num32BitValuesToSet: number;
    SrcData: number[];
    DestOffsetIn32BitValues?: number;
  }): void {
    const c = this.rec('ID3D12GraphicsCommandList::SetGraphicsRoot32BitConstants', args);
    if (!c) return;
    const vals = (args.SrcData ?? []).slice(0, args.Num32BitValuesToSet ?? 0);
    this.gs.constants.set(args.RootParameterIndex, vals);
    this.commands.push({
      op: 'SetGraphicsRoot32BitConstants',
      RootParameterIndex: args.RootParameterIndex,
      values: vals,
      offset: args.DestOffsetIn32BitValues ?? 0,
    });
    this.sys.endCall(c, null);
  }

  SetGraphicsRootConstantBufferView(args: { RootParameterIndex: number; BufferLocation: number }): void {
    const c = this.rec('ID3D12GraphicsCommandList::SetGraphicsRootConstantBufferView', args);
    if (!c) return;
    this.commands.push({
      op: 'SetGraphicsRootConstantBufferView',
      RootParameterIndex: args.RootParameterIndex,
      BufferLocation: args.BufferLocation,
      res: this.resourceAtVA(args.BufferLocation),
    });
    this.sys.endCall(c, null);
  }

  // ------------------------------------------------------------------ compute ([CS-*], record-compute.ts)

  SetComputeRootSignature(args: { RootSignature: ID3D12RootSignature | null }): void {
    const c = this.rec('ID3D12GraphicsCommandList::SetComputeRootSignature', args);
    if (!c) return;
    setComputeRootSignature(this.cs, args.RootSignature ?? null);
    this.sys.endCall(c, null);
  }

  SetComputeRootDescriptorTable(args: {
    RootParameterIndex: number;
    BaseDescriptor: D3D12_GPU_DESCRIPTOR_HANDLE;
  }): void {
    const c = this.rec('ID3D12GraphicsCommandList::SetComputeRootDescriptorTable', args);
    if (!c) return;
    setComputeTable(this, this.cs, this.gs.heaps, args);
    this.sys.endCall(c, null);
  }

  SetComputeRoot32BitConstants(args: {
    RootParameterIndex: number;
    Num32BitValuesToSet: number;
    SrcData: number[];
    DestOffsetIn32BitValues: number;
  }): void {
    const c = this.rec('ID3D12GraphicsCommandList::SetComputeRoot32BitConstants', args);
    if (!c) return;
    setComputeConstants(this, this.cs, args);
    this.sys.endCall(c, null);
  }

  SetComputeRootConstantBufferView(args: { RootParameterIndex: number; BufferLocation: number }): void {
    this.computeView('SetComputeRootConstantBufferView', 'CBV', args);
  }

  SetComputeRootShaderResourceView(args: { RootParameterIndex: number; BufferLocation: number }): void {
    this.computeView('SetComputeRootShaderResourceView', 'SRV', args);
  }

  SetComputeRootUnorderedAccessView(args: { RootParameterIndex: number; BufferLocation: number }): void {
    this.computeView('SetComputeRootUnorderedAccessView', 'UAV', args);
  }

  private computeView(
    method: string,
    kind: RootViewKind,
    args: { RootParameterIndex: number; BufferLocation: number },
  ) {
    const c = this.rec(`ID3D12GraphicsCommandList::${method}`, args);
    if (!c) return;
    setComputeRootView(this, this.cs, kind, args.RootParameterIndex, args.BufferLocation);
    this.sys.endCall(c, null);
  }

  Dispatch(args: DispatchArgs): void {
    const c = this.rec('ID3D12GraphicsCommandList::Dispatch', args);
    if (!c) return;
    this.commands.push(dispatchCommand(this, this.cs, this.gs.pso, args));
    this.sys.endCall(c, null);
  }

  IASetPrimitiveTopology(args: { PrimitiveTopology: number }): void {
    const c = this.rec('ID3D12GraphicsCommandList::IASetPrimitiveTopology', args);
    if (!c) return;
    this.gs.topology = args.PrimitiveTopology;
    this.commands.push({ op: 'IASetPrimitiveTopology', topology: args.PrimitiveTopology });
    this.sys.endCall(c, null);
  }

  private resourceAtVA(va: number): ID3D12Resource | null {
    return this.device.address.resourceAtVA(va);
  }

  IASetVertexBuffers(args: { StartSlot: number; NumViews: number; Views: D3D12_VERTEX_BUFFER_VIEW[] | null }): void {
    const c = this.rec('ID3D12GraphicsCommandList::IASetVertexBuffers', args);
    if (!c) return;
    const views = (args.Views ?? []).slice(0, args.NumViews ?? 0);
    for (let k = 0; k < views.length; k++) {
      const v = views[k];
      this.gs.vbs[(args.StartSlot ?? 0) + k] = {
        BufferLocation: v.BufferLocation,
        SizeInBytes: v.SizeInBytes,
        StrideInBytes: v.StrideInBytes,
        res: this.resourceAtVA(v.BufferLocation),
      };
    }
    this.commands.push({ op: 'IASetVertexBuffers', StartSlot: args.StartSlot ?? 0, views: this.gs.vbs.slice() });
    this.sys.endCall(c, null);
  }

  IASetIndexBuffer(args: { View: D3D12_INDEX_BUFFER_VIEW | null }): void {
    const c = this.rec('ID3D12GraphicsCommandList::IASetIndexBuffer', args);
    if (!c) return;
    this.gs.ib = args.View ? { ...args.View, res: this.resourceAtVA(args.View.BufferLocation) } : null;
    this.commands.push({ op: 'IASetIndexBuffer', view: this.gs.ib });
    this.sys.endCall(c, null);
  }

  /** [DRAW-1] A draw: checked against the bound state and recorded with it (record-draw.ts). */
  private draw(op: 'DrawInstanced' | 'DrawIndexedInstanced', args: object, make: (state: DrawState) => Command): void {
    const c = this.rec(`ID3D12GraphicsCommandList::${op}`, args);
    if (!c) return;
    this.commands.push(make(drawState(this, this.gs, op === 'DrawIndexedInstanced')));
    this.sys.endCall(c, null);
  }

  DrawInstanced(args: DrawInstancedArgs): void {
    this.draw('DrawInstanced', args, (state) => ({ op: 'DrawInstanced', args: { ...args }, ...state }));
  }

  DrawIndexedInstanced(args: DrawIndexedInstancedArgs): void {
    this.draw('DrawIndexedInstanced', args, (state) => ({ op: 'DrawIndexedInstanced', args: { ...args }, ...state }));
  }

  // ------------------------------------------------------------------ markers (PIX events)

  BeginEvent(args: { Metadata?: number; Data: string; Size?: number }): void {
    const c = this.rec('ID3D12GraphicsCommandList::BeginEvent', args);
    if (!c) return;
    this.markerDepth++;
    this.commands.push({ op: 'BeginEvent', name: String(args.Data ?? '') });
    this.sys.trace.push({
      k: 'marker',
      i: this.sys.callIndex,
      list: this.id,
      kind: 'begin',
      name: String(args.Data ?? ''),
    });
    this.sys.endCall(c, null);
  }

  EndEvent(): void {
    const c = this.rec('ID3D12GraphicsCommandList::EndEvent', null);
    if (!c) return;
    if (this.markerDepth === 0) this.device.msg('BEGIN_END_EVENT_MISMATCH', { list: this.id });
    else this.markerDepth--;
    this.commands.push({ op: 'EndEvent' });
    this.sys.trace.push({ k: 'marker', i: this.sys.callIndex, list: this.id, kind: 'end', name: '' });
    this.sys.endCall(c, null);
  }

  SetMarker(args: { Metadata?: number; Data: string; Size?: number }): void {
    const c = this.rec('ID3D12GraphicsCommandList::SetMarker', args);
    if (!c) return;
    this.commands.push({ op: 'SetMarker', name: String(args.Data ?? '') });
    this.sys.trace.push({
      k: 'marker',
      i: this.sys.callIndex,
      list: this.id,
      kind: 'set',
      name: String(args.Data ?? ''),
    });
    this.sys.endCall(c, null);
  }

  /** The recorded commands (for the executor): "the work the model accepted". */
  recordedCommands(): readonly Command[] {
    return this.commands;
  }
}
