// ID3D12CommandAllocator and ID3D12GraphicsCommandList: Reset/Close rules ([CL-*]), recording with
// record-time validation (barriers, copies, descriptor handles, draws), and the recorded command stream the
// ExecuteCommandLists validation and the WebGPU executor both consume ("the work the model accepted").

import { IUnknown } from './object';
import type { DeviceContext, MessageArgs } from './kernel';
import type { CallEvent } from './trace';
import type { MessageId } from './messages';
import type { ID3D12CommandAllocator } from './commandallocator';
import type {
  D3D12_BOX, D3D12_CPU_DESCRIPTOR_HANDLE, D3D12_GPU_DESCRIPTOR_HANDLE, D3D12_INDEX_BUFFER_VIEW, D3D12_RECT, D3D12_RESOURCE_BARRIER,
  D3D12_TEXTURE_COPY_LOCATION, D3D12_VERTEX_BUFFER_VIEW, D3D12_VIEWPORT,
} from './structs';
import type {
  Command, DrawIndexedInstancedArgs, DrawInstancedArgs, IndexBufferBinding, RecordedBarrier, RecordedCopyLocation, RTVBinding,
  SingleBarrierCommand, TableBinding, TableRead, Use, VertexBufferBinding, DrawState,
} from './commands';
import type { HRESULT } from './messages';
import type { ID3D12Resource } from './resource';
import type { ID3D12DescriptorHeap, DescriptorContent } from './descriptors';
import type { ID3D12PipelineState, ID3D12RootSignature } from './pipeline';
import {
  D3D12_COMMAND_LIST_TYPE_COPY, D3D12_COMMAND_LIST_TYPE_DIRECT, D3D12_COMMAND_LIST_TYPE_BUNDLE, D3D12_HEAP_TYPE_UPLOAD, D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES, D3D12_RESOURCE_BARRIER_FLAG_BEGIN_ONLY,
  D3D12_RESOURCE_BARRIER_FLAG_END_ONLY, D3D12_RESOURCE_BARRIER_TYPE_ALIASING, D3D12_RESOURCE_BARRIER_TYPE_TRANSITION,
  D3D12_RESOURCE_BARRIER_TYPE_UAV, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_COPY_SOURCE,
  D3D12_RESOURCE_STATE_INDEX_BUFFER, D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE,
  D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_DEPTH_WRITE,
  D3D12_RESOURCE_STATE_VERTEX_AND_CONSTANT_BUFFER, D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT,
  D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX, D3D12_TEXTURE_DATA_PITCH_ALIGNMENT, D3D12_TEXTURE_DATA_PLACEMENT_ALIGNMENT,
  D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE, D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER,
  D3D12_DESCRIPTOR_HEAP_TYPE_RTV, D3D12_DESCRIPTOR_HEAP_TYPE_DSV, D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE,
  D3D12_SHADER_VISIBILITY_ALL, D3D12_SHADER_VISIBILITY_PIXEL, D3D12_DESCRIPTOR_RANGE_TYPE_SRV,
} from './enums';
import { formatInfo } from './formats';
import { invalidCombination, stateAllowedOnList } from './states';
import { subresourceSize } from './layout';

/** [CL-TYPE-1] Methods only DIRECT lists (and bundles) may call; methods COPY lists may not call. */
const GRAPHICS_ONLY = new Set(['ClearRenderTargetView', 'ClearDepthStencilView', 'OMSetRenderTargets', 'RSSetViewports', 'RSSetScissorRects',
  'IASetPrimitiveTopology', 'IASetVertexBuffers', 'IASetIndexBuffer', 'DrawInstanced', 'DrawIndexedInstanced', 'SetGraphicsRootSignature',
  'SetGraphicsRootDescriptorTable', 'SetGraphicsRoot32BitConstants', 'SetGraphicsRootConstantBufferView']);
const COMPUTE_OR_GRAPHICS = new Set(['SetPipelineState', 'SetDescriptorHeaps']);

interface GraphicsState {
  pso: ID3D12PipelineState | null;
  rootSig: ID3D12RootSignature | null;
  heaps: ID3D12DescriptorHeap[];
  tables: Map<number, TableBinding>;
  rtvs: RTVBinding[];
  dsv: RTVBinding | null;
  viewports: D3D12_VIEWPORT[];
  scissors: D3D12_RECT[];
  topology: number;
  vbs: VertexBufferBinding[];
  ib: IndexBufferBinding | null;
  constants: Map<number, number[]>;
}

/** Placeholder until a one-barrier command points at itself. */
const NO_BARRIERS: readonly RecordedBarrier[] = [];

function freshGraphicsState(): GraphicsState {
  return { pso: null, rootSig: null, heaps: [], tables: new Map(), rtvs: [], dsv: null, viewports: [], scissors: [], topology: 0, vbs: [], ib: null, constants: new Map() };
}

export class ID3D12GraphicsCommandList extends IUnknown {
  readonly iface = 'ID3D12GraphicsCommandList';
  recording = true;
  /** [CL-CLOSE-1] An invalid-argument error during recording makes Close return E_INVALIDARG. */
  failed = false;
  /** The list's own view of subresource states while recording ([ST-REC-1]); absent = not yet known. */
  private local = new Map<ID3D12Resource, Int32Array>();
  commands: Command[] = [];
  allocator: ID3D12CommandAllocator;
  allocatorGeneration: number;
  /** Executions of this list still running on the GPU ([CL-SYNC-1]). */
  inflight = 0;
  private gs: GraphicsState = freshGraphicsState();
  private markerDepth = 0;
  /** Bumped on every Reset (commands of an older recording are gone). */
  recordingSeq = 0;
  completedExecutions = 0;

  constructor(readonly device: DeviceContext, readonly type: number, allocator: ID3D12CommandAllocator, initial: ID3D12PipelineState | null) {
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
      const id = GRAPHICS_ONLY.has(m) ? 'NO_GRAPHICS_API_SUPPORT' : this.type === D3D12_COMMAND_LIST_TYPE_COPY && COMPUTE_OR_GRAPHICS.has(m) ? 'NO_COMPUTE_API_SUPPORT' : null;
      if (id) {
        this.device.msg(id, { list: this.id, listType: this.type, method: m });
        this.sys.hazard('api-not-supported-on-list-type', this.id, { method: m, listType: this.type, outcome: 'ignored' });
        this.sys.endCall(c, null);
        return null;
      }
    }
    return c;
  }

  private fail(id: MessageId, args: MessageArgs): void {
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
      if (this.markerDepth !== 0) this.device.msg('BEGIN_END_EVENT_MISMATCH', { list: this.id, depth: this.markerDepth });
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
  Reset(args: { CommandAllocator: ID3D12CommandAllocator; InitialState?: ID3D12PipelineState | null }): HRESULT {
    const c = this.sys.beginCall('ID3D12GraphicsCommandList::Reset', this.id, args);
    const a = args.CommandAllocator;
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

  private localStates(r: ID3D12Resource): Int32Array {
    let s = this.local.get(r);
    if (!s) {
      s = new Int32Array(r.subCount).fill(-1);
      this.local.set(r, s);
    }
    return s;
  }

  /**
   * [BAR-REC-1] ResourceBarrier record-time checks: a null resource or bad subresource is a runtime error (Close
   * fails); Before == After is RESOURCE_BARRIER_MATCHING_STATES (barrier dropped); any barrier on an UPLOAD or
   * READBACK resource is RESOURCE_BARRIER_INVALID_HEAP; graphics-only states on a COPY/COMPUTE list are
   * RESOURCE_BARRIER_INVALID_COMMAND_LIST_TYPE; a write state combined with other bits is
   * RESOURCE_BARRIER_INVALID_COMBINATION; when the list already knows the subresource's state, a wrong
   * StateBefore is RESOURCE_BARRIER_BEFORE_AFTER_MISMATCH here, otherwise at ExecuteCommandLists ([BAR-ECL-1]).
   */
  ResourceBarrier(args: { NumBarriers?: number; Barriers: readonly D3D12_RESOURCE_BARRIER[] }): void {
    const c = this.rec('ID3D12GraphicsCommandList::ResourceBarrier', args);
    if (!c) return;
    const list = args.Barriers ?? [];
    const n = args.NumBarriers ?? list.length;
    if (n === 0) this.device.msg('RESOURCE_BARRIER_ZERO_BARRIERS', { list: this.id });
    const out: RecordedBarrier[] = [];
    for (let k = 0; k < n && k < list.length; k++) {
      const b = list[k];
      const flags = b.Flags ?? 0;
      if (b.Type === D3D12_RESOURCE_BARRIER_TYPE_TRANSITION) {
        const t = b.Transition;
        const r = t ? t.Resource : null;
        if (!t || !r) { this.fail('RESOURCE_BARRIER_NULL_POINTER', { list: this.id, index: k }); continue; }
        const sub = t.Subresource >>> 0;
        if (sub !== D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES && sub >= r.subCount) {
          this.fail('RESOURCE_BARRIER_INVALID_SUBRESOURCE', { resource: r.id, subresource: sub, count: r.subCount });
          continue;
        }
        const before = t.StateBefore >>> 0;
        const after = t.StateAfter >>> 0;
        if (r.destroyed) this.device.msg('USE_OF_ZERO_REFCOUNT_OBJECT', { object: r.id });
        if (r.fixedState >= 0) {
          this.device.msg('RESOURCE_BARRIER_INVALID_HEAP', { resource: r.id, heapType: r.heapType, before, after });
          continue;
        }
        if (before === after) {
          this.device.msg('RESOURCE_BARRIER_MATCHING_STATES', { resource: r.id, subresource: sub, state: before });
          continue;
        }
        if (!stateAllowedOnList(this.type, before) || !stateAllowedOnList(this.type, after)) {
          this.device.msg('RESOURCE_BARRIER_INVALID_COMMAND_LIST_TYPE', { resource: r.id, listType: this.type, before, after });
          continue;
        }
        if (invalidCombination(before) || invalidCombination(after)) {
          this.device.msg('RESOURCE_BARRIER_INVALID_COMBINATION', { resource: r.id, before, after });
        }
        let checked = false;
        let mismatch = false;
        let unchecked: number[] | undefined;
        if ((flags & D3D12_RESOURCE_BARRIER_FLAG_END_ONLY) === 0) {
          const ls = this.localStates(r);
          checked = true;
          const first = sub === D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES ? 0 : sub;
          const last = sub === D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES ? r.subCount - 1 : sub;
          for (let s = first; s <= last; s++) {
            const known = ls[s];
            if (known < 0) { checked = false; (unchecked ??= []).push(s); }
            else if (known !== before) {
              this.device.msg('RESOURCE_BARRIER_BEFORE_AFTER_MISMATCH', { resource: r.id, subresource: s, before, current: known });
              mismatch = true;
            }
            if ((flags & D3D12_RESOURCE_BARRIER_FLAG_BEGIN_ONLY) === 0) ls[s] = after;
          }
        } else {
          const ls = this.localStates(r);
          const first = sub === D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES ? 0 : sub;
          const last = sub === D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES ? r.subCount - 1 : sub;
          for (let s = first; s <= last; s++) ls[s] = after;
          checked = true;
        }
        const rb: RecordedBarrier = { Type: b.Type, Flags: flags, res: r, sub, before, after, checked, aliasBefore: null };
        if (mismatch) rb.mismatch = true;
        // an ALL_SUBRESOURCES barrier the list knew only in part: ExecuteCommandLists checks the other subresources
        if (unchecked && unchecked.length < r.subCount) rb.uncheckedSubs = unchecked;
        out.push(rb);
      } else if (b.Type === D3D12_RESOURCE_BARRIER_TYPE_ALIASING) {
        out.push({ Type: b.Type, Flags: flags, res: b.Aliasing?.ResourceAfter ?? null, sub: 0, before: 0, after: 0, checked: true, aliasBefore: b.Aliasing?.ResourceBefore ?? null });
      } else if (b.Type === D3D12_RESOURCE_BARRIER_TYPE_UAV) {
        out.push({ Type: b.Type, Flags: flags, res: b.UAV?.Resource ?? null, sub: 0, before: 0, after: 0, checked: true, aliasBefore: null });
      } else {
        this.fail('RESOURCE_BARRIER_INVALID_TYPE', { type: b.Type });
      }
    }
    // one barrier (the common case) is recorded as a single object literal that is its own command (`barriers` holds
    // itself): one object kept per call, and a literal V8 can pretenure ([TR-PERF-1])
    if (out.length === 1) {
      const b = out[0];
      const cmd: SingleBarrierCommand = { op: 'ResourceBarrier', Type: b.Type, Flags: b.Flags, res: b.res, sub: b.sub, before: b.before, after: b.after, checked: b.checked, aliasBefore: b.aliasBefore, mismatch: b.mismatch, uncheckedSubs: b.uncheckedSubs, barriers: NO_BARRIERS };
      cmd.barriers = [cmd];
      this.commands.push(cmd);
    }
    else if (out.length) this.commands.push({ op: 'ResourceBarrier', barriers: out });
    this.sys.endCall(c, null);
  }

  // ------------------------------------------------------------------ copies

  private use(res: ID3D12Resource, sub: number, state: number, write: boolean, init = false): Use {
    this.noteUse(res, sub, state, write);
    return { res, sub, state, write, init };
  }

  /** Record-time side of a use: zero-refcount check and [ST-REC-1] (after a write the list knows the state). */
  private noteUse(res: ID3D12Resource, sub: number, state: number, write: boolean): void {
    if (res.destroyed) this.device.msg('USE_OF_ZERO_REFCOUNT_OBJECT', { object: res.id });
    if (write && state !== 0 && res.fixedState < 0) {
      const ls = this.localStates(res);
      if (sub < 0) ls.fill(state);
      else if (ls[sub] < 0) ls[sub] = state;
    }
  }

  /** [COPY-BUF-1] CopyBufferRegion: both resources buffers, ranges inside them (runtime errors: Close fails). */
  CopyBufferRegion(args: { DstBuffer: ID3D12Resource; DstOffset: number; SrcBuffer: ID3D12Resource; SrcOffset: number; NumBytes: number }): void {
    const c = this.rec('ID3D12GraphicsCommandList::CopyBufferRegion', args);
    if (!c) return;
    const d = args.DstBuffer;
    const s = args.SrcBuffer;
    if (!d || !d.isBuffer) this.fail('COPYBUFFERREGION_INVALIDDSTRESOURCEDIMENSION', { resource: d ? d.id : 0 });
    else if (!s || !s.isBuffer) this.fail('COPYBUFFERREGION_INVALIDSRCRESOURCEDIMENSION', { resource: s ? s.id : 0 });
    else if (args.DstOffset + args.NumBytes > d.desc.Width) this.fail('COPYBUFFERREGION_DSTRANGEOUTOFBOUNDS', { resource: d.id, offset: args.DstOffset, bytes: args.NumBytes, width: d.desc.Width });
    else if (args.SrcOffset + args.NumBytes > s.desc.Width) this.fail('COPYBUFFERREGION_SRCRANGEOUTOFBOUNDS', { resource: s.id, offset: args.SrcOffset, bytes: args.NumBytes, width: s.desc.Width });
    else {
      // hot path: the command computes its uses when ExecuteCommandLists replays it (no per-call Use objects kept)
      this.noteUse(d, 0, D3D12_RESOURCE_STATE_COPY_DEST, true);
      this.noteUse(s, 0, D3D12_RESOURCE_STATE_COPY_SOURCE, false);
      // one object literal per call; ExecuteCommandLists derives its uses (commandUses) ([TR-PERF-1])
      this.commands.push({ op: 'CopyBufferRegion', dst: d, DstOffset: args.DstOffset, src: s, SrcOffset: args.SrcOffset, NumBytes: args.NumBytes });
    }
    this.sys.endCall(c, null);
  }

  /** Validate one side of CopyTextureRegion; returns false after raising the runtime error. */
  private copyLocation(loc: D3D12_TEXTURE_COPY_LOCATION, side: 'SRC' | 'DST'): boolean {
    const r = loc?.Resource;
    if (!r) { this.fail(side === 'SRC' ? 'COPYTEXTUREREGION_INVALIDSRCRESOURCE' : 'COPYTEXTUREREGION_INVALIDDSTRESOURCE', { side }); return false; }
    // "The destination resource cannot be on a D3D12_HEAP_TYPE_UPLOAD heap." (V-LOG TheSpydog/SDL_gpu_examples#85)
    if (side === 'DST' && r.heapType === D3D12_HEAP_TYPE_UPLOAD) { this.fail('COPYTEXTUREREGION_INVALIDDSTRESOURCE', { resource: r.id, heapType: r.heapType }); return false; }
    if (loc.Type === D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT) {
      const pf = loc.PlacedFootprint;
      if (!r.isBuffer || !pf) { this.fail(side === 'SRC' ? 'COPYTEXTUREREGION_INVALIDSRCRESOURCE' : 'COPYTEXTUREREGION_INVALIDDSTRESOURCE', { resource: r.id }); return false; }
      const unrestricted = this.device.facts.unrestrictedBufferTextureCopyPitch;
      const fp = pf.Footprint;
      const fi = formatInfo(fp.Format);
      const rowBytes = fi ? Math.ceil(fp.Width / fi.block) * fi.bytes : fp.Width * 4;
      const rows = fi ? Math.ceil(fp.Height / fi.block) : fp.Height;
      // [COPY-ALIGN-1] Offset multiple of 512, [COPY-ALIGN-2] RowPitch multiple of 256 (unless OPTIONS13 says unrestricted)
      if (!unrestricted && pf.Offset % D3D12_TEXTURE_DATA_PLACEMENT_ALIGNMENT !== 0) {
        this.fail(side === 'SRC' ? 'COPYTEXTUREREGION_INVALIDSRCOFFSET' : 'COPYTEXTUREREGION_INVALIDDSTOFFSET', { resource: r.id, offset: pf.Offset });
        return false;
      }
      if ((!unrestricted && fp.RowPitch % D3D12_TEXTURE_DATA_PITCH_ALIGNMENT !== 0) || fp.RowPitch < rowBytes) {
        this.fail(side === 'SRC' ? 'COPYTEXTUREREGION_INVALIDSRCROWPITCH' : 'COPYTEXTUREREGION_INVALIDDSTROWPITCH', { resource: r.id, rowPitch: fp.RowPitch, rowBytes });
        return false;
      }
      // [COPY-ALIGN-3] the footprint must end inside the buffer
      const end = pf.Offset + fp.RowPitch * (rows * Math.max(1, fp.Depth) - 1) + rowBytes;
      if (end > r.desc.Width) {
        this.fail(side === 'SRC' ? 'COPYTEXTUREREGION_INVALIDSRCPLACEMENT' : 'COPYTEXTUREREGION_INVALIDDSTPLACEMENT', { resource: r.id, end, width: r.desc.Width });
        return false;
      }
      return true;
    }
    if (loc.Type === D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX) {
      if (r.isBuffer) { this.fail(side === 'SRC' ? 'COPYTEXTUREREGION_INVALIDSRCRESOURCE' : 'COPYTEXTUREREGION_INVALIDDSTRESOURCE', { resource: r.id }); return false; }
      if ((loc.SubresourceIndex ?? 0) >= r.subCount) {
        this.fail(side === 'SRC' ? 'COPYTEXTUREREGION_INVALIDSRCSUBRESOURCE' : 'COPYTEXTUREREGION_INVALIDDSTSUBRESOURCE', { resource: r.id, subresource: loc.SubresourceIndex ?? 0 });
        return false;
      }
      return true;
    }
    this.fail(side === 'SRC' ? 'COPYTEXTUREREGION_INVALIDSRCRESOURCE' : 'COPYTEXTUREREGION_INVALIDDSTRESOURCE', { type: loc.Type });
    return false;
  }

  /** [COPY-TEX-1] CopyTextureRegion: footprint alignment and bounds are checked at record; states at ExecuteCommandLists. */
  CopyTextureRegion(args: { Dst: D3D12_TEXTURE_COPY_LOCATION; DstX?: number; DstY?: number; DstZ?: number; Src: D3D12_TEXTURE_COPY_LOCATION; SrcBox?: D3D12_BOX | null }): void {
    const c = this.rec('ID3D12GraphicsCommandList::CopyTextureRegion', args);
    if (!c) return;
    if (this.copyLocation(args.Src, 'SRC') && this.copyLocation(args.Dst, 'DST')) {
      const d = args.Dst.Resource as ID3D12Resource;
      const s = args.Src.Resource as ID3D12Resource;
      let ok = true;
      if (d.isBuffer && s.isBuffer) { this.fail('COPYTEXTUREREGION_INVALIDDSTRESOURCE', { resource: d.id }); ok = false; }
      // source extent in texels
      const srcW = args.Src.Type === D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT ? args.Src.PlacedFootprint!.Footprint.Width : subresourceSize(s.desc, args.Src.SubresourceIndex ?? 0).w;
      const srcH = args.Src.Type === D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT ? args.Src.PlacedFootprint!.Footprint.Height : subresourceSize(s.desc, args.Src.SubresourceIndex ?? 0).h;
      const box = args.SrcBox;
      const w = box ? box.right - box.left : srcW;
      const h = box ? box.bottom - box.top : srcH;
      if (ok && !d.isBuffer) {
        const ds = subresourceSize(d.desc, args.Dst.SubresourceIndex ?? 0);
        if ((args.DstX ?? 0) + w > ds.w || (args.DstY ?? 0) + h > ds.h) {
          this.fail('COPYTEXTUREREGION_DSTREGIONOUTOFBOUNDS', { resource: d.id, x: args.DstX ?? 0, y: args.DstY ?? 0, width: w, height: h });
          ok = false;
        }
        if (ok && s.isBuffer) {
          const ff = formatInfo(args.Src.PlacedFootprint!.Footprint.Format);
          const tf = formatInfo(d.desc.Format);
          if (!ff || !tf || ff.family !== tf.family || ff.bytes !== tf.bytes) { this.fail('COPYTEXTUREREGION_FORMATMISMATCH', { resource: d.id }); ok = false; }
        }
      }
      if (ok) {
        const dSub = args.Dst.Type === D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX ? args.Dst.SubresourceIndex ?? 0 : 0;
        const sSub = args.Src.Type === D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX ? args.Src.SubresourceIndex ?? 0 : 0;
        const full = !d.isBuffer && (args.DstX ?? 0) === 0 && (args.DstY ?? 0) === 0 && w >= subresourceSize(d.desc, dSub).w && h >= subresourceSize(d.desc, dSub).h;
        this.commands.push({
          op: 'CopyTextureRegion', dst: recordedLocation(args.Dst, d), src: recordedLocation(args.Src, s), DstX: args.DstX ?? 0, DstY: args.DstY ?? 0, DstZ: args.DstZ ?? 0, SrcBox: box ?? null,
          uses: [this.use(d, dSub, D3D12_RESOURCE_STATE_COPY_DEST, true, full), this.use(s, sSub, D3D12_RESOURCE_STATE_COPY_SOURCE, false)],
        });
      }
    }
    this.sys.endCall(c, null);
  }

  /** [COPY-RES-1] CopyResource: same dimension, size and format family; every subresource. */
  CopyResource(args: { DstResource: ID3D12Resource; SrcResource: ID3D12Resource }): void {
    const c = this.rec('ID3D12GraphicsCommandList::CopyResource', args);
    if (!c) return;
    const d = args.DstResource;
    const s = args.SrcResource;
    const sameShape = d && s && d.desc.Dimension === s.desc.Dimension && d.desc.Width === s.desc.Width && d.desc.Height === s.desc.Height &&
      d.desc.DepthOrArraySize === s.desc.DepthOrArraySize && d.subCount === s.subCount &&
      (d.isBuffer || formatInfo(d.desc.Format)?.family === formatInfo(s.desc.Format)?.family);
    if (!d || !sameShape) this.fail('COPYRESOURCE_INVALIDDSTRESOURCE', { dst: d ? d.id : 0, src: s ? s.id : 0 });
    else if (d === s) this.fail('COPY_ON_SAME_SUBRESOURCE', { resource: d.id });
    else this.commands.push({ op: 'CopyResource', dst: d, src: s, uses: [this.use(d, -1, D3D12_RESOURCE_STATE_COPY_DEST, true, true), this.use(s, -1, D3D12_RESOURCE_STATE_COPY_SOURCE, false)] });
    this.sys.endCall(c, null);
  }

  DiscardResource(args: { Resource: ID3D12Resource; Region?: unknown }): void {
    const c = this.rec('ID3D12GraphicsCommandList::DiscardResource', args);
    if (!c) return;
    if (args.Resource) this.commands.push({ op: 'DiscardResource', res: args.Resource, uses: [{ res: args.Resource, sub: -1, state: 0, write: true, init: true }] });
    this.sys.endCall(c, null);
  }

  // ------------------------------------------------------------------ render targets

  /** [DH-CPU-1] A CPU handle is consumed at record time: it must point into a heap of the right type. */
  private rtvAt(ptr: number, heapType: number): RTVBinding | null {
    const loc = this.device.address.resolveCpu(ptr);
    if (!loc || loc.heap.type !== heapType) {
      this.device.msg('INVALID_DESCRIPTOR_HANDLE', { ptr, expectedHeapType: heapType });
      this.sys.hazard('invalid-descriptor-handle', 0, { ptr });
      return null;
    }
    const content: DescriptorContent | null = loc.heap.slots[loc.index];
    if (!content || !content.resource) return { res: null, sub: 0, format: 0, heap: loc.heap.id, index: loc.index };
    return { res: content.resource, sub: content.subs[0] ?? 0, format: content.format, heap: loc.heap.id, index: loc.index };
  }

  ClearRenderTargetView(args: { RenderTargetView: D3D12_CPU_DESCRIPTOR_HANDLE; ColorRGBA: number[]; NumRects?: number; Rects?: unknown[] | null }): void {
    const c = this.rec('ID3D12GraphicsCommandList::ClearRenderTargetView', args);
    if (!c) return;
    const b = this.rtvAt(args.RenderTargetView?.ptr ?? 0, D3D12_DESCRIPTOR_HEAP_TYPE_RTV);
    if (b && b.res) {
      const ocv = b.res.optimizedClearValue as { Color?: number[] } | null;
      if (ocv && Array.isArray(ocv.Color) && args.ColorRGBA && ocv.Color.some((v, k) => v !== args.ColorRGBA[k])) {
        this.device.msg('CLEARRENDERTARGETVIEW_MISMATCHINGCLEARVALUE', { resource: b.res.id });
      }
      this.commands.push({ op: 'ClearRenderTargetView', rtv: b, ColorRGBA: (args.ColorRGBA ?? [0, 0, 0, 0]).slice(0, 4), Rects: args.Rects ?? null, uses: [this.use(b.res, b.sub, D3D12_RESOURCE_STATE_RENDER_TARGET, true, !args.Rects || args.Rects.length === 0)] });
    }
    this.sys.endCall(c, null);
  }

  ClearDepthStencilView(args: { DepthStencilView: D3D12_CPU_DESCRIPTOR_HANDLE; ClearFlags: number; Depth: number; Stencil: number; NumRects?: number; Rects?: unknown[] | null }): void {
    const c = this.rec('ID3D12GraphicsCommandList::ClearDepthStencilView', args);
    if (!c) return;
    const b = this.rtvAt(args.DepthStencilView?.ptr ?? 0, D3D12_DESCRIPTOR_HEAP_TYPE_DSV);
    if (b && b.res) this.commands.push({ op: 'ClearDepthStencilView', dsv: b, ClearFlags: args.ClearFlags, Depth: args.Depth, Stencil: args.Stencil, uses: [this.use(b.res, -1, D3D12_RESOURCE_STATE_DEPTH_WRITE, true, true)] });
    this.sys.endCall(c, null);
  }

  OMSetRenderTargets(args: { NumRenderTargetDescriptors: number; RenderTargetDescriptors?: D3D12_CPU_DESCRIPTOR_HANDLE[] | null; RTsSingleHandleToDescriptorRange?: boolean; DepthStencilDescriptor?: D3D12_CPU_DESCRIPTOR_HANDLE | null }): void {
    const c = this.rec('ID3D12GraphicsCommandList::OMSetRenderTargets', args);
    if (!c) return;
    const n = args.NumRenderTargetDescriptors ?? 0;
    const handles = args.RenderTargetDescriptors ?? [];
    const rtvs: RTVBinding[] = [];
    if (n > 8) this.fail('SET_RENDER_TARGETS_INVALID', { count: n });
    for (let k = 0; k < n && k < 8; k++) {
      const ptr = args.RTsSingleHandleToDescriptorRange ? (handles[0]?.ptr ?? 0) + k * this.device.incrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_RTV) : handles[k]?.ptr ?? 0;
      const b = this.rtvAt(ptr, D3D12_DESCRIPTOR_HEAP_TYPE_RTV);
      if (b) rtvs.push(b);
    }
    this.gs.rtvs = rtvs;
    this.gs.dsv = args.DepthStencilDescriptor ? this.rtvAt(args.DepthStencilDescriptor.ptr, D3D12_DESCRIPTOR_HEAP_TYPE_DSV) : null;
    this.commands.push({ op: 'OMSetRenderTargets', rtvs, dsv: this.gs.dsv });
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
    const types = new Set<number>();
    let ok = true;
    for (const h of heaps) {
      if (!h || !(h.flags & D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE) || (h.type !== D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV && h.type !== D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER) || types.has(h.type)) {
        this.device.msg('SET_DESCRIPTOR_HEAP_INVALID', { heap: h ? h.id : 0 });
        this.sys.hazard('descriptor-heap-not-visible', h ? h.id : 0, {});
        ok = false;
      } else types.add(h.type);
    }
    if (ok) this.gs.heaps = heaps;
    this.commands.push({ op: 'SetDescriptorHeaps', heaps });
    this.sys.endCall(c, null);
  }

  /**
   * [RS-TABLE-1] SetGraphicsRootDescriptorTable: the handle must lie in a heap set with SetDescriptorHeaps
   * (SET_DESCRIPTOR_TABLE_INVALID); [RS-TABLE-2] descriptors of static ranges (root signature 1.1 without
   * DESCRIPTORS_VOLATILE) must be initialised when the table is set (INVALID_DESCRIPTOR_HANDLE).
   */
  SetGraphicsRootDescriptorTable(args: { RootParameterIndex: number; BaseDescriptor: D3D12_GPU_DESCRIPTOR_HANDLE }): void {
    const c = this.rec('ID3D12GraphicsCommandList::SetGraphicsRootDescriptorTable', args);
    if (!c) return;
    const rs = this.gs.rootSig;
    const p = rs?.params[args.RootParameterIndex];
    const loc = this.device.address.resolveGpu(args.BaseDescriptor?.ptr ?? 0);
    if (!rs || !p || p.ParameterType !== D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE || !loc || !this.gs.heaps.includes(loc.heap)) {
      this.device.msg('SET_DESCRIPTOR_TABLE_INVALID', { rootParameterIndex: args.RootParameterIndex, ptr: args.BaseDescriptor?.ptr ?? 0 });
    } else {
      // [ST-SRV-2] static-data SRVs whose state this list already knows are validated here, at bind
      const need = tableState(p.ShaderVisibility);
      let allKnown = true;
      for (const range of p.ranges) {
        if (range.RangeType !== D3D12_DESCRIPTOR_RANGE_TYPE_SRV || !range.dataStaticAtExecute) continue;
        for (let k = 0; k < range.NumDescriptors && k < 256; k++) {
          const content = loc.heap.slots[loc.index + range.offset + k];
          const r = content?.resource;
          if (!r) continue;
          for (const s of content.subs) {
            const known = r.fixedState >= 0 ? r.fixedState : this.local.get(r)?.[s] ?? -1;
            if (known < 0) { allKnown = false; continue; }
            if ((known & need) !== need) {
              this.device.msg('INVALID_SUBRESOURCE_STATE', { op: 'SetGraphicsRootDescriptorTable', resource: r.id, subresource: s, state: known, expected: need });
              this.sys.hazard('invalid-state', r.id, { op: 'SetGraphicsRootDescriptorTable', subresource: s, state: known, expected: need, outcome: 'black' });
            }
          }
        }
      }
      this.gs.tables.set(args.RootParameterIndex, { heap: loc.heap, index: loc.index, recordChecked: allKnown });
      for (const range of p.ranges) {
        if (range.descriptorsVolatile) continue;
        for (let k = 0; k < range.NumDescriptors && k < 4096; k++) {
          const idx = loc.index + range.offset + k;
          if (idx >= loc.heap.numDescriptors || !loc.heap.slots[idx]) {
            this.device.msg('INVALID_DESCRIPTOR_HANDLE', { heap: loc.heap.id, index: idx, rootParameterIndex: args.RootParameterIndex, reason: 'uninitialized-static' });
            break;
          }
        }
      }
      this.commands.push({ op: 'SetGraphicsRootDescriptorTable', RootParameterIndex: args.RootParameterIndex, heap: loc.heap, index: loc.index });
    }
    this.sys.endCall(c, null);
  }

  SetGraphicsRoot32BitConstants(args: { RootParameterIndex: number; Num32BitValuesToSet: number; SrcData: number[]; DestOffsetIn32BitValues?: number }): void {
    const c = this.rec('ID3D12GraphicsCommandList::SetGraphicsRoot32BitConstants', args);
    if (!c) return;
    const vals = (args.SrcData ?? []).slice(0, args.Num32BitValuesToSet ?? 0);
    this.gs.constants.set(args.RootParameterIndex, vals);
    this.commands.push({ op: 'SetGraphicsRoot32BitConstants', RootParameterIndex: args.RootParameterIndex, values: vals, offset: args.DestOffsetIn32BitValues ?? 0 });
    this.sys.endCall(c, null);
  }

  SetGraphicsRootConstantBufferView(args: { RootParameterIndex: number; BufferLocation: number }): void {
    const c = this.rec('ID3D12GraphicsCommandList::SetGraphicsRootConstantBufferView', args);
    if (!c) return;
    this.commands.push({ op: 'SetGraphicsRootConstantBufferView', RootParameterIndex: args.RootParameterIndex, BufferLocation: args.BufferLocation, res: this.resourceAtVA(args.BufferLocation) });
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
      this.gs.vbs[(args.StartSlot ?? 0) + k] = { BufferLocation: v.BufferLocation, SizeInBytes: v.SizeInBytes, StrideInBytes: v.StrideInBytes, res: this.resourceAtVA(v.BufferLocation) };
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

  /**
   * [DRAW-1] Draw-time checks: root signature set (COMMAND_LIST_DRAW_ROOT_SIGNATURE_NOT_SET) and matching the PSO's
   * (..._MISMATCH); vertex buffers bound for every input slot (..._VERTEX_BUFFER_NOT_SET, warning) with a
   * large enough stride (..._STRIDE_TOO_SMALL, warning); descriptor tables set for the parameters the shaders
   * use (COMMAND_LIST_DESCRIPTOR_TABLE_NOT_SET); a non-empty scissor (DRAW_EMPTY_SCISSOR_RECTANGLE, warning:
   * scissors are empty after Reset); render-target formats matching the PSO (RENDER_TARGET_FORMAT_MISMATCH_PIPELINE_STATE).
   */
  private draw(op: 'DrawInstanced' | 'DrawIndexedInstanced', args: object, make: (state: DrawState) => Command): void {
    const c = this.rec(`ID3D12GraphicsCommandList::${op}`, args);
    if (!c) return;
    const gs = this.gs;
    const pso = gs.pso;
    const uses: Use[] = [];
    if (!gs.rootSig) this.device.msg('COMMAND_LIST_DRAW_ROOT_SIGNATURE_NOT_SET', { list: this.id });
    else if (pso && pso.rootSignature !== gs.rootSig) this.device.msg('COMMAND_LIST_DRAW_ROOT_SIGNATURE_MISMATCH', { list: this.id, pso: pso.id });
    if (pso) {
      const slots = pso.inputSlots();
      for (const [slot, need] of slots) {
        const vb = gs.vbs[slot];
        if (!vb) this.device.msg('COMMAND_LIST_DRAW_VERTEX_BUFFER_NOT_SET', { slot });
        else if (vb.StrideInBytes < need) {
          this.device.msg('COMMAND_LIST_DRAW_VERTEX_BUFFER_STRIDE_TOO_SMALL', { slot, stride: vb.StrideInBytes, needed: need });
        }
      }
      if (gs.rootSig) {
        for (const pi of pso.usedTableParams()) {
          if (!gs.tables.has(pi)) this.device.msg('COMMAND_LIST_DESCRIPTOR_TABLE_NOT_SET', { rootParameterIndex: pi });
        }
      }
      gs.rtvs.forEach((b, k) => {
        const want = pso.rtvFormats[k] ?? 0;
        if (b.res && want !== b.format) this.device.msg('RENDER_TARGET_FORMAT_MISMATCH_PIPELINE_STATE', { slot: k, rtvFormat: b.format, psoFormat: want });
      });
    }
    const sc = gs.scissors[0];
    if (!sc || sc.right <= sc.left || sc.bottom <= sc.top) this.device.msg('DRAW_EMPTY_SCISSOR_RECTANGLE', { list: this.id });
    for (const b of gs.rtvs) if (b.res) uses.push(this.use(b.res, b.sub, D3D12_RESOURCE_STATE_RENDER_TARGET, true));
    if (gs.dsv?.res) uses.push(this.use(gs.dsv.res, -1, D3D12_RESOURCE_STATE_DEPTH_WRITE, true));
    for (const vb of gs.vbs) if (vb?.res) uses.push(this.use(vb.res, 0, D3D12_RESOURCE_STATE_VERTEX_AND_CONSTANT_BUFFER, false));
    if (op === 'DrawIndexedInstanced' && gs.ib?.res) uses.push(this.use(gs.ib.res, 0, D3D12_RESOURCE_STATE_INDEX_BUFFER, false));
    // [ST-SRV-1] SRVs reached through descriptor tables: validated on the CPU only for DATA_STATIC_WHILE_SET_AT_EXECUTE /
    // DATA_STATIC ranges (root signature 1.1 default); volatile ranges (and every 1.0 range) only by GPU-based validation.
    const tableReads: TableRead[] = [];
    if (gs.rootSig) {
      for (const [pi, t] of gs.tables) {
        const p = gs.rootSig.params[pi];
        if (!p) continue;
        const state = tableState(p.ShaderVisibility);
        for (const range of p.ranges) {
          if (range.RangeType !== D3D12_DESCRIPTOR_RANGE_TYPE_SRV) {
            // CBV / UAV / sampler slots: read by the GPU too ([DH-FREE-1] in-flight rewrites), not state-checked here
            for (let k = 0; k < range.NumDescriptors && k < 256; k++) tableReads.push({ heap: t.heap, index: t.index + range.offset + k, state: 0, cpuChecked: true, other: true });
            continue;
          }
          for (let k = 0; k < range.NumDescriptors && k < 256; k++) {
            const idx = t.index + range.offset + k;
            const content = t.heap.slots[idx];
            tableReads.push({ heap: t.heap, index: idx, state, cpuChecked: range.dataStaticAtExecute });
            if (content?.resource && range.dataStaticAtExecute && !t.recordChecked) {
              for (const s of content.subs) uses.push(this.use(content.resource, s, state, false));
            }
          }
        }
      }
    }
    this.commands.push(make({
      pso, rootSignature: gs.rootSig, rtvs: gs.rtvs.slice(), dsv: gs.dsv, viewports: gs.viewports.slice(),
      scissors: gs.scissors.slice(), topology: gs.topology, vbs: gs.vbs.slice(), ib: gs.ib, tables: new Map(gs.tables),
      constants: new Map(gs.constants), tableReads, uses,
    }));
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
    this.sys.trace.push({ k: 'marker', i: this.sys.callIndex, list: this.id, kind: 'begin', name: String(args.Data ?? '') });
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
    this.sys.trace.push({ k: 'marker', i: this.sys.callIndex, list: this.id, kind: 'set', name: String(args.Data ?? '') });
    this.sys.endCall(c, null);
  }

  /** The recorded commands (for the executor): "the work the model accepted". */
  recordedCommands(): readonly Command[] {
    return this.commands;
  }
}

/** A validated copy location as the command keeps it (a copy: the caller may reuse its struct). */
function recordedLocation(loc: D3D12_TEXTURE_COPY_LOCATION, res: ID3D12Resource): RecordedCopyLocation {
  const pf = loc.PlacedFootprint;
  return {
    Resource: res, Type: loc.Type, SubresourceIndex: loc.SubresourceIndex,
    PlacedFootprint: pf ? { Offset: pf.Offset, Footprint: { ...pf.Footprint } } : undefined,
  };
}

/** [ST-SRV-1] The state an SRV table needs: PIXEL for the pixel stage, NON_PIXEL for others, both for ALL. */
function tableState(visibility: number): number {
  return visibility === D3D12_SHADER_VISIBILITY_PIXEL ? D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE
    : visibility === D3D12_SHADER_VISIBILITY_ALL ? D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE | D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE
      : D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE;
}
