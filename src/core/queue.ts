// ID3D12CommandQueue and ID3D12Fence: ExecuteCommandLists validation against queue-tracked state
// ([ECL-*], [ST-*]), the per-queue GPU timeline that runs behind the CPU ([TIME-GPU-*]), fences and events
// ([FENCE-*]), tile mappings ([TILE-*]).

import { IUnknown } from './object';
import type { ID3D12Device } from './device';
import type { HRESULT } from './messages';
import type { ID3D12Resource, ID3D12Heap } from './resource';
import type { ID3D12GraphicsCommandList, ID3D12CommandAllocator } from './commandlist';
import { commandUses, unhandled, type Command, type RecordedBarrier, type RecordedCopyLocation, type Submission, type TableRead, type Use } from './commands';
import type { ID3D12PipelineState, ID3D12RootSignature } from './pipeline';
import {
  D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES, D3D12_RESOURCE_BARRIER_FLAG_BEGIN_ONLY, D3D12_RESOURCE_BARRIER_TYPE_ALIASING,
  D3D12_RESOURCE_BARRIER_TYPE_TRANSITION, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET,
  D3D12_RESOURCE_STATE_COMMON, D3D12_TILE_RANGE_FLAG_NULL, D3D12_TILE_RANGE_FLAG_SKIP,
  D3D12_TILE_RANGE_FLAG_REUSE_SINGLE_TILE, UINT64_MAX, D3D12_COMMAND_LIST_TYPE_COPY, D3D12_COMMAND_LIST_TYPE_BUNDLE, D3D12_HEAP_TYPE_READBACK,
  D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT, D3D12_RESOURCE_DIMENSION_TEXTURE2D, D3D12_COMMAND_QUEUE_FLAG_DISABLE_GPU_TIMEOUT,
  D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE,
} from './enums';
import { isReadOnly, promote, queueClass, satisfies } from './states';
import { copyableFootprints, resourceDesc } from './layout';

/** A table read of a submission in flight; with GPU-based validation, the states it saw when its draw ran. */
type InflightRead = TableRead & { seen?: { res: ID3D12Resource; states: Uint32Array } | null };

type WorkItem =
  | { kind: 'lists'; lists: ID3D12GraphicsCommandList[]; cost: number; submitT: number; seq: number; submitCall: number; resources: Set<ID3D12Resource>; allocs: ID3D12CommandAllocator[]; allocGen: number[]; recSeq: number[]; tableReads: InflightRead[]; start: number; gbvCopy: { res: ID3D12Resource; sub: number; state: number }[]; pipelines: (ID3D12PipelineState | ID3D12RootSignature)[]; submission: Submission }
  | { kind: 'signal'; fence: ID3D12Fence; value: bigint; submitT: number; seq: number }
  | { kind: 'wait'; fence: ID3D12Fence; value: bigint; submitT: number; seq: number }
  | { kind: 'present'; chain: number; submitT: number; seq: number; onDone: () => void };

export class ID3D12CommandQueue extends IUnknown {
  readonly iface = 'ID3D12CommandQueue';
  readonly pending: WorkItem[] = [];
  /** GPU time at which the queue finished its last item. */
  busyUntil = 0;
  private seq = 0;
  /** Signals this queue has queued, for cross-queue synchronisation checks ([SYNC-XQ-2]). */
  readonly signals: { fence: ID3D12Fence; value: bigint; seq: number }[] = [];
  /** Per other queue: highest submission seq of theirs this queue has waited for. */
  readonly syncedWith = new Map<number, number>();
  presentsQueued = 0;

  constructor(readonly device: ID3D12Device, readonly type: number, readonly priority: number, readonly flags: number) {
    super(device.sys, device.id, 'ID3D12CommandQueue');
    device.queues.push(this);
    device.sys.queues.push(this);
  }

  GetDesc(): { Type: number; Priority: number; Flags: number; NodeMask: number } {
    return { Type: this.type, Priority: this.priority, Flags: this.flags, NodeMask: 0 };
  }

  /** When the head item will be done (Infinity when idle or blocked on a fence). */
  headTime(): number {
    const it = this.pending[0];
    if (!it) return Infinity;
    const start = Math.max(this.busyUntil, it.submitT);
    switch (it.kind) {
      case 'lists': return start + Math.min(it.cost, this.tdrNs());
      case 'signal': case 'present': return start;
      case 'wait': return it.fence.value >= it.value ? Math.max(start, it.fence.lastSignalT) : Infinity;
    }
  }

  /** Complete the head item at time t (called by the system's GPU engine in global time order). */
  processHead(t: number): void {
    const it = this.pending.shift();
    if (!it) return;
    const sys = this.sys;
    this.busyUntil = t;
    switch (it.kind) {
      case 'signal':
        sys.trace.push({ k: 'fence', i: sys.callIndex, fence: it.fence.id, value: it.value, t, kind: 'signal-gpu', queue: this.id });
        it.fence.set(it.value, t);
        break;
      case 'wait':
        sys.trace.push({ k: 'fence', i: sys.callIndex, fence: it.fence.id, value: it.value, t, kind: 'wait-gpu', queue: this.id });
        break;
      case 'present':
        this.presentsQueued--;
        it.onDone();
        break;
      case 'lists':
        if (it.cost > this.tdrNs()) {
          // [DEV-TDR-1] work running longer than the ~2 s timeout detection: the OS resets the GPU, device hung
          this.pending.unshift(it);
          this.device.msg('DEVICE_REMOVAL_PROCESS_AT_FAULT', { reason: 'DXGI_ERROR_DEVICE_HUNG' });
          this.device.remove('DXGI_ERROR_DEVICE_HUNG');
          break;
        }
        this.completeLists(it, t);
        break;
    }
  }

  /** Timeout detection and recovery threshold (2 s), unless the queue was created with DISABLE_GPU_TIMEOUT. */
  tdrNs(): number {
    return this.flags & D3D12_COMMAND_QUEUE_FLAG_DISABLE_GPU_TIMEOUT ? Infinity : 2000 * 1e6;
  }

  dropPending(): void {
    for (const it of this.pending) if (it.kind === 'lists') this.release(it);
    this.pending.length = 0;
    this.presentsQueued = 0;
  }

  private release(it: Extract<WorkItem, { kind: 'lists' }>): void {
    for (const l of it.lists) l.inflight--;
    for (const a of it.allocs) a.inflight--;
    for (const r of it.resources) r.gpuRefs--;
    for (const tr of it.tableReads) tr.heap.inflightReads[tr.index]--;
    for (const p of it.pipelines) p.inflight--;
  }

  /**
   * [TIME-GPU-3] When an execution finishes on the GPU: page faults on freed memory remove the device (DRED),
   * overwritten allocator memory is a hazard, GPU-based validation reports what the CPU could not see.
   */
  private completeLists(it: Extract<WorkItem, { kind: 'lists' }>, t: number): void {
    const sys = this.sys;
    const dev = this.device;
    // [TR-READS-1] taken before this completion moves any copy's bytes: what the GPU read when it ran the work
    let reads: Map<number, Uint8Array> | undefined;
    if (sys.settings.keepGpuReads) {
      reads = new Map();
      for (const r of it.resources) if (r.isBuffer && r.cpuVisible && r.heapType !== D3D12_HEAP_TYPE_READBACK && !r.freed) reads.set(r.id, r.storage().slice());
    }
    if (reads) it.submission.reads = reads;
    sys.trace.push({ k: 'gpu', i: sys.callIndex, queue: this.id, lists: it.lists.map((l) => l.id), start: t - it.cost, end: t, submitCall: it.submitCall, submission: it.submission.id });
    it.lists.forEach((l, k) => {
      if (it.allocs[k].generation !== it.allocGen[k]) {
        sys.hazard('command-memory-reused', l.id, { list: l.id, outcome: 'frame dropped or corrupted' });
      }
      l.completedExecutions++;
    });
    // [DEV-PF-1] a resource whose memory was freed while this work was queued: GPU page fault
    for (const r of it.resources) {
      const evicted = !dev.isResident(r);
      if (evicted) sys.hazard('non-resident-access', r.id, { outcome: 'page fault' });
      if (evicted || r.freed || (r.destroyed && r.placement !== 'placed' && !r.swapChain)) {
        this.pending.unshift(it); // still "in flight" for DRED; dropPending releases it
        // [DEV-RM-4] the runtime reports every removal it detects (#232), here on the call that let time pass
        dev.msg('DEVICE_REMOVAL_PROCESS_AT_FAULT', { reason: 'DXGI_ERROR_DEVICE_HUNG' });
        dev.remove('DXGI_ERROR_DEVICE_HUNG', { va: r.gpuVA, resource: r });
        return;
      }
    }
    // [COPY-BYTES-1] the copies this execution made move real bytes (so Map of a READBACK buffer after the fence sees
    // them, and Map before completion still sees the old bytes)
    for (const cmds of it.submission.commands) for (const cmd of cmds) copyBytes(cmd);
    // [GBV-1] GPU-based validation: descriptors read through tables (any range flags) must be initialised and in a
    // state the shader stage may read (messages raised on the GPU timeline, i.e. by the call that let time pass).
    if (dev.gbv) {
      for (const g of it.gbvCopy) dev.msg('GPU_BASED_VALIDATION_INCOMPATIBLE_RESOURCE_STATE', { resource: g.res.id, subresource: g.sub, state: g.state, expected: D3D12_RESOURCE_STATE_COMMON, queue: 'COPY' });
      for (const tr of it.tableReads) {
        if (tr.other) continue;
        const content = tr.heap.slots[tr.index];
        if (!content) {
          dev.msg('GPU_BASED_VALIDATION_DESCRIPTOR_UNINITIALIZED', { heap: tr.heap.id, index: tr.index });
          continue;
        }
        const r = content.resource;
        if (!r || tr.cpuChecked) continue;
        for (const s of content.subs) {
          const st = r.fixedState >= 0 ? r.fixedState : tr.seen && tr.seen.res === r ? tr.seen.states[s] : r.state[s];
          // COMMON promotes to the shader-resource states implicitly (buffers and textures), so it is not an error
          if (st !== D3D12_RESOURCE_STATE_COMMON && (st & tr.state) === 0) {
            dev.msg('GPU_BASED_VALIDATION_INCOMPATIBLE_RESOURCE_STATE', { resource: r.id, subresource: s, state: st, expected: tr.state });
            break;
          }
        }
      }
    }
    this.release(it);
  }

  private begin(api: string, args: unknown) {
    return this.sys.beginCall(`ID3D12CommandQueue::${api}`, this.id, args);
  }

  private enqueue(it: WorkItem): void {
    this.pending.push(it);
    this.sys.scheduleGpu();
  }

  /**
   * [ECL-1] ExecuteCommandLists (void). The runtime drops the whole call when a list is of another type
   * (EXECUTECOMMANDLISTS_COMMANDLISTMISMATCH); it drops the call and removes the device (DXGI_ERROR_INVALID_CALL) for a
   * list still open (EXECUTECOMMANDLISTS_OPENCOMMANDLIST), a list whose Close failed (..._FAILEDCOMMANDLIST), or a list
   * still executing (COMMAND_LIST_SYNC). Otherwise the debug layer validates states against the queue-tracked
   * state ([ST-*]) and the work is queued on this queue's GPU timeline.
   */
  ExecuteCommandLists(args: { NumCommandLists?: number; CommandLists: ID3D12GraphicsCommandList[] }): void {
    const c = this.begin('ExecuteCommandLists', args);
    const dev = this.device;
    const lists = (args.CommandLists ?? []).slice(0, args.NumCommandLists ?? (args.CommandLists ?? []).length);
    const ids = lists.map((l) => (l ? l.id : 0));
    const drop = (reason: string) => { this.sys.trace.push({ k: 'submit', i: this.sys.callIndex, queue: this.id, lists: ids, dropped: true, reason, submission: null }); };
    if (dev.removed) { drop('device-removed'); return this.sys.endCall(c, null); }
    for (const l of lists) {
      if (l && l.type === D3D12_COMMAND_LIST_TYPE_BUNDLE) {
        // bundles cannot be submitted to a queue: "the runtime will drop the call" (ExecuteCommandLists docs)
        dev.msg('EXECUTECOMMANDLISTS_BUNDLENOTSUPPORTED', { list: l.id });
        this.sys.hazard('execute-dropped', l.id, { reason: 'bundle' });
        drop('bundle');
        return this.sys.endCall(c, null);
      }
      if (!l || l.type !== this.type) {
        dev.msg('EXECUTECOMMANDLISTS_COMMANDLISTMISMATCH', { list: l ? l.id : 0, listType: l ? l.type : -1, queueType: this.type });
        drop('list-type-mismatch');
        return this.sys.endCall(c, null);
      }
    }
    for (const l of lists) {
      if (l.recording) {
        // [ECL-2] an open list: the runtime drops the whole call (nothing executes), the device survives
        dev.msg('EXECUTECOMMANDLISTS_OPENCOMMANDLIST', { list: l.id });
        this.sys.hazard('execute-dropped', l.id, { reason: 'open command list' });
        drop('open-list');
        return this.sys.endCall(c, null);
      }
      // [CL-SYNC-1] the same recording still executing counts as a resubmission before completion
      const sameRecordingInFlight = dev.queues.some((q) => q.pending.some((it) => it.kind === 'lists' && it.lists.some((x, k) => x === l && it.recSeq[k] === l.recordingSeq)));
      const fault = l.failed ? 'EXECUTECOMMANDLISTS_FAILEDCOMMANDLIST' : sameRecordingInFlight ? 'COMMAND_LIST_SYNC' : null;
      if (fault) {
        dev.msg(fault, { list: l.id });
        dev.msg('DEVICE_REMOVAL_PROCESS_AT_FAULT', { reason: 'DXGI_ERROR_INVALID_CALL' });
        dev.remove('DXGI_ERROR_INVALID_CALL');
        drop(fault === 'COMMAND_LIST_SYNC' ? 'list-in-flight' : 'failed-close');
        return this.sys.endCall(c, null);
      }
    }
    const resources = new Set<ID3D12Resource>();
    const tableReads: InflightRead[] = [];
    const touched = new Set<ID3D12Resource>();
    const cls = queueClass(this.type);
    const seq = this.seq + 1;
    // [BAR-ECL-2] a mismatching StateBefore is reported (here or at record) but the call is NOT dropped and the device
    // is NOT removed: real logs show the error "at every frame" of a running app (DEBUG_LAYER row 6, V-LOG
    // NVIDIA/cuda-samples#189, d3dcoder/d3d12book#10), whatever the ExecuteCommandLists page says.
    for (const l of lists) this.replay(l, resources, touched, tableReads, cls, seq);
    this.seq = seq;
    const gbvCopy = this.gbvCopy;
    this.gbvCopy = [];
    const pipelines = [...this.pipelines];
    this.pipelines.clear();
    for (const p of pipelines) p.inflight++;
    const submission = this.sys.addSubmission(this.id, ids, lists.map((l) => l.recordedCommands()));
    this.sys.trace.push({ k: 'submit', i: this.sys.callIndex, queue: this.id, lists: ids, dropped: false, reason: null, submission: submission.id });
    // [ST-DECAY-1] decay to COMMON at the end of the ExecuteCommandLists: resources used on a copy queue, buffers,
    // simultaneous-access textures, and subresources promoted to a read-only state.
    for (const r of touched) {
      if (r.fixedState >= 0) continue;
      for (let s = 0; s < r.subCount; s++) {
        const decay = this.type === D3D12_COMMAND_LIST_TYPE_COPY || r.isBuffer || r.simultaneous || r.promoted[s] === 1;
        if (decay && r.state[s] !== D3D12_RESOURCE_STATE_COMMON) {
          this.sys.trace.push({ k: 'state', i: this.sys.callIndex, res: r.id, sub: s, before: r.state[s], after: 0, kind: 'decay', queue: this.id });
          r.state[s] = D3D12_RESOURCE_STATE_COMMON;
        }
        r.promoted[s] = 0;
      }
    }
    const cost = lists.length * this.sys.settings.gpuMsPerList * 1e6;
    for (const l of lists) {
      l.inflight++;
      l.allocator.inflight++;
    }
    for (const r of resources) r.gpuRefs++;
    for (const tr of tableReads) tr.heap.inflightReads[tr.index]++;
    this.enqueue({
      kind: 'lists', lists, cost, submitT: this.sys.now, seq, submitCall: this.sys.callIndex, resources,
      allocs: lists.map((l) => l.allocator), allocGen: lists.map((l) => l.allocatorGeneration), recSeq: lists.map((l) => l.recordingSeq), tableReads, start: 0, gbvCopy, pipelines, submission,
    });
    this.sys.endCall(c, null);
  }

  /** PSOs and root signatures the current ECL's draws use (OBJ-REL-3). */
  private pipelines = new Set<ID3D12PipelineState | ID3D12RootSignature>();
  /** [GBV-2] resources a COPY-queue ECL started to use outside COMMON (reported when the work completes). */
  private gbvCopy: { res: ID3D12Resource; sub: number; state: number }[] = [];
  /** Validate one list's recorded state changes and uses against the queue-tracked state, applying promotion. */
  private replay(l: ID3D12GraphicsCommandList, resources: Set<ID3D12Resource>, touched: Set<ID3D12Resource>,
    tableReads: InflightRead[], cls: number, seq: number): void {
    const dev = this.device;
    const sys = this.sys;
    // [SYNC-XQ-2] resources another queue still uses (unsynchronised): a write here is OBJECT_ACCESSED_WHILE_STILL_IN_USE
    // (DL 31: "starting writes on queue B ... still in use by queue A"); a read is only traced (read-after-write
    // without a fence "may go undetected", DL 31)
    const racing = new Map<ID3D12Resource, number>();
    const xq = (r: ID3D12Resource, write: boolean) => {
      const other = racing.get(r);
      if (other === undefined) return;
      if (write) {
        racing.delete(r);
        dev.msg('OBJECT_ACCESSED_WHILE_STILL_IN_USE', { resource: r.id, otherQueue: other });
        sys.hazard('cross-queue-race', r.id, { otherQueue: other, write: true });
      } else if (!readRaces.has(r)) {
        readRaces.add(r);
        sys.hazard('cross-queue-race', r.id, { otherQueue: other, write: false });
      }
    };
    const readRaces = new Set<ID3D12Resource>();
    const firstTouch = (r: ID3D12Resource) => {
      if (touched.has(r)) return;
      touched.add(r);
      resources.add(r);
      // [ST-XQ-1] moving between the 3D/compute and copy queue classes requires COMMON
      if (r.fixedState < 0 && r.lastClass !== 0 && r.lastClass !== cls) {
        for (let s = 0; s < r.subCount; s++) {
          if (r.state[s] !== D3D12_RESOURCE_STATE_COMMON) {
            dev.msg('RESOURCE_BARRIER_MISMATCHING_COMMAND_LIST_TYPE', { resource: r.id, subresource: s, state: r.state[s], queueType: this.type });
            sys.hazard('cross-queue-layout', r.id, { subresource: s, state: r.state[s] });
            break;
          }
        }
      }
      r.lastClass = cls;
      // [GBV-2] GPU-based validation: "Resources used in COPY command lists must start out in the COMMON state" (DL 9)
      if (this.device.gbv && this.type === D3D12_COMMAND_LIST_TYPE_COPY && r.fixedState < 0) {
        for (let s = 0; s < r.subCount; s++) if (r.state[s] !== D3D12_RESOURCE_STATE_COMMON) { this.gbvCopy.push({ res: r, sub: s, state: r.state[s] }); break; }
      }
      // [SYNC-XQ-2] another queue still uses it and this queue never waited for that work: decided per access (xq)
      const lu = r.lastUse;
      if (lu && lu.queue !== this.id) {
        const other = dev.queues.find((q) => q.id === lu.queue);
        const stillRunning = other ? other.pending.some((it) => it.kind === 'lists' && it.seq >= lu.seq) : false;
        const synced = (this.syncedWith.get(lu.queue) ?? 0) >= lu.seq;
        if (stillRunning && !synced) racing.set(r, lu.queue);
      }
      r.lastUse = { queue: this.id, seq, write: true };
      if (r.swapChain) dev.checkBackBufferReference(r);
      if (r.heapType === D3D12_HEAP_TYPE_READBACK && r.isMapped()) dev.msg('EXECUTECOMMANDLISTS_GPU_WRITTEN_READBACK_RESOURCE_MAPPED', { resource: r.id });
    };
    const applyBarriers = (barriers: readonly RecordedBarrier[]) => {
      for (const b of barriers) {
        if (b.Type === D3D12_RESOURCE_BARRIER_TYPE_ALIASING) {
          if (b.res) {
            b.res.aliasActivated = ++aliasSeq;
            b.res.aliasNeedsInit = !!(b.res.desc.Flags & (D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET | D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL));
            firstTouch(b.res);
            xq(b.res, true);
          }
          continue;
        }
        if (b.Type !== D3D12_RESOURCE_BARRIER_TYPE_TRANSITION || !b.res) continue;
        const r = b.res;
        firstTouch(r);
        xq(r, true);
        if (b.Flags & D3D12_RESOURCE_BARRIER_FLAG_BEGIN_ONLY) continue;
        const all = b.sub === D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
        for (let s = all ? 0 : b.sub; s <= (all ? r.subCount - 1 : b.sub); s++) {
          const cur = r.state[s];
          // [BAR-ECL-1] StateBefore must equal the tracked state (including a state promoted earlier in this ECL)
          if (!b.checked && cur !== b.before && (!b.uncheckedSubs || b.uncheckedSubs.includes(s))) {
            dev.msg('RESOURCE_BARRIER_BEFORE_AFTER_MISMATCH', { resource: r.id, subresource: s, before: b.before, current: cur });
            sys.hazard('before-after-mismatch', r.id, { subresource: s, before: b.before, current: cur });
          }
          sys.trace.push({ k: 'state', i: sys.callIndex, res: r.id, sub: s, before: cur, after: b.after, kind: 'barrier', queue: this.id });
          r.state[s] = b.after;
          r.promoted[s] = 0;
        }
      }
    };
    const applyUses = (cmd: Command) => {
      const uses = commandUses(cmd);
      if (uses) for (const u of uses) { firstTouch(u.res); xq(u.res, u.write); this.checkUse(cmd, u); }
    };
    for (const cmd of l.recordedCommands()) {
      switch (cmd.op) {
        case 'ResourceBarrier':
          applyBarriers(cmd.barriers);
          break;
        case 'SetPipelineState':
          this.pipelines.add(cmd.pso);
          break;
        case 'SetGraphicsRootSignature':
          if (cmd.rootSignature) this.pipelines.add(cmd.rootSignature);
          break;
        case 'DrawInstanced':
        case 'DrawIndexedInstanced':
          if (cmd.pso) this.pipelines.add(cmd.pso);
          if (cmd.rootSignature) this.pipelines.add(cmd.rootSignature);
          applyUses(cmd);
          for (const x of cmd.tableReads) {
            const cr = x.heap.slots[x.index]?.resource;
            if (cr) resources.add(cr);
            // [GBV-1] GPU-based validation sees the state the resource has when this draw runs (after the barriers
            // and promotions before it in this ECL), not the state at completion
            tableReads.push(cr && !x.other && this.device.gbv ? { ...x, seen: { res: cr, states: cr.state.slice() } } : x);
          }
          break;
        case 'CopyBufferRegion':
        case 'CopyTextureRegion':
        case 'CopyResource':
        case 'DiscardResource':
        case 'ClearRenderTargetView':
        case 'ClearDepthStencilView':
          applyUses(cmd);
          break;
        case 'OMSetRenderTargets':
        case 'RSSetViewports':
        case 'RSSetScissorRects':
        case 'SetDescriptorHeaps':
        case 'SetGraphicsRootDescriptorTable':
        case 'SetGraphicsRoot32BitConstants':
        case 'SetGraphicsRootConstantBufferView':
        case 'IASetPrimitiveTopology':
        case 'IASetVertexBuffers':
        case 'IASetIndexBuffer':
        case 'BeginEvent':
        case 'EndEvent':
        case 'SetMarker':
          break;
        default:
          unhandled(cmd);
      }
    }
  }

  /** [ST-USE-1] A use needs its state (or an implicit promotion); otherwise INVALID_SUBRESOURCE_STATE and a hazard. */
  private checkUse(cmd: Command, u: Use): void {
    const r = u.res;
    const sys = this.sys;
    // [ALIAS-1] aliasing: another resource in overlapping heap memory was used after this one became active, and no
    // ALIASING barrier intervened: corruption (the real layer says nothing). [ALIAS-2] RT/DS activated by an
    // aliasing barrier must first be initialised by a clear, discard or full copy.
    if (r.placement === 'placed' && r.heap) this.aliasCheck(r, u);
    if (r.tiles) this.tileCheck(cmd, r, u);
    // [INIT-NZ-1] an RT/DS resource on CREATE_NOT_ZEROED memory must first be cleared, discarded or fully copied
    if (r.notZeroedNeedsInit) {
      if (!u.init) {
        this.device.msg('RENDER_TARGET_OR_DEPTH_STENCIL_RESOURCE_NOT_INITIALIZED', { resource: r.id, op: cmd.op });
        this.sys.hazard('not-zeroed-not-initialized', r.id, { op: cmd.op, outcome: 'garbage' });
      }
      r.notZeroedNeedsInit = false;
    }
    if (u.state === 0) return; // DiscardResource: no state requirement modelled
    if (r.fixedState >= 0) {
      if ((r.fixedState & u.state) !== u.state) this.invalidState(cmd, u, r.fixedState, u.sub < 0 ? 0 : u.sub);
      return;
    }
    const all = u.sub < 0;
    for (let s = all ? 0 : u.sub; s <= (all ? r.subCount - 1 : u.sub); s++) {
      const cur = r.state[s];
      if (satisfies(cur, u.state)) continue;
      const next = promote(cur, r.promoted[s], u.state, r.isBuffer || r.simultaneous);
      if (next >= 0) {
        sys.trace.push({ k: 'state', i: sys.callIndex, res: r.id, sub: s, before: cur, after: next, kind: 'promotion', queue: this.id });
        r.state[s] = next;
        r.promoted[s] = isReadOnly(u.state) ? 1 : 2;
        continue;
      }
      this.invalidState(cmd, u, cur, s);
    }
  }

  private invalidState(cmd: Command, u: Use, cur: number, s: number): void {
    this.device.msg('INVALID_SUBRESOURCE_STATE', { op: cmd.op, resource: u.res.id, subresource: s, state: cur, expected: u.state });
    // the model's decision of what the hardware shows (the executor labels it "simulated hazard")
    const outcome = u.write ? 'written-anyway' : (u.state & (D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE | D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE)) ? 'black' : 'stale-data';
    this.sys.hazard('invalid-state', u.res.id, { op: cmd.op, subresource: s, state: cur, expected: u.state, outcome });
  }

  /**
   * [TILE-2] A GPU access to a reserved resource whose tiles are not mapped: reads of NULL-mapped tiles return zeros
   * (Tiled Resources Tier 2+; undefined on Tier 1), writes to them are dropped. No debug message (hazard only).
   * Buffers check the tiles of the byte range the command touches; textures every tile of the resource.
   */
  private tileCheck(cmd: Command, r: ID3D12Resource, u: Use): void {
    const tiles = r.tiles!;
    const T = 65536;
    const first = u.range ? Math.floor(u.range[0] / T) : 0;
    const last = u.range ? Math.min(tiles.heap.length - 1, Math.floor((Math.max(u.range[1], u.range[0] + 1) - 1) / T)) : tiles.heap.length - 1;
    let unmapped = 0;
    for (let t = first; t <= last; t++) if (tiles.heap[t] === 0) unmapped++;
    if (unmapped === 0) return;
    const tier = this.device.facts.tiledResourcesTier;
    this.sys.hazard(u.write ? 'unmapped-tile-write' : 'unmapped-tile-read', r.id, {
      op: cmd.op, firstTile: first, lastTile: last, unmappedTiles: unmapped,
      outcome: u.write ? 'dropped' : tier >= 2 ? 'zeros' : 'undefined',
    });
  }

  private aliasCheck(r: ID3D12Resource, u: Use): void {
    const heap = r.heap as ID3D12Heap;
    const lo = r.heapOffset;
    const hi = r.heapOffset + r.size;
    for (const p of heap.placed) {
      if (p === r || p.heapOffset >= hi || p.heapOffset + p.size <= lo) continue;
      if (p.aliasTouched > r.aliasActivated && p.aliasTouched > r.aliasTouched) {
        this.sys.hazard('aliasing-corruption', r.id, { other: p.id, heap: heap.id, outcome: 'previous occupant data' });
        r.aliasActivated = p.aliasTouched;
        break;
      }
    }
    if (r.aliasNeedsInit) {
      if (!u.init) this.sys.hazard('aliased-not-initialized', r.id, { heap: heap.id, outcome: 'garbage' });
      r.aliasNeedsInit = false;
    }
    r.aliasTouched = ++aliasSeq;
  }

  /** [FENCE-2] Queue Signal: the fence takes the value when the GPU reaches this point of the queue. */
  Signal(args: { Fence: ID3D12Fence; Value: bigint | number }): HRESULT {
    const c = this.begin('Signal', args);
    if (!args.Fence) { this.sys.endCall(c, 'E_INVALIDARG'); return 'E_INVALIDARG'; }
    if (this.device.removed) { this.sys.endCall(c, 'DXGI_ERROR_DEVICE_REMOVED'); return 'DXGI_ERROR_DEVICE_REMOVED'; }
    const value = BigInt(args.Value ?? 0) & UINT64_MAX;
    const seq = this.seq;
    this.signals.push({ fence: args.Fence, value, seq });
    if (this.signals.length > 64) this.signals.shift();
    this.enqueue({ kind: 'signal', fence: args.Fence, value, submitT: this.sys.now, seq });
    this.sys.endCall(c, 'S_OK');
    return 'S_OK';
  }

  /** [FENCE-3] Queue Wait: later work on this queue starts only once the fence reaches the value. */
  Wait(args: { Fence: ID3D12Fence; Value: bigint | number }): HRESULT {
    const c = this.begin('Wait', args);
    if (!args.Fence) { this.sys.endCall(c, 'E_INVALIDARG'); return 'E_INVALIDARG'; }
    if (this.device.removed) { this.sys.endCall(c, 'DXGI_ERROR_DEVICE_REMOVED'); return 'DXGI_ERROR_DEVICE_REMOVED'; }
    const value = BigInt(args.Value ?? 0) & UINT64_MAX;
    for (const q of this.device.queues) {
      if (q === this) continue;
      for (const s of q.signals) if (s.fence === args.Fence && s.value >= value) this.syncedWith.set(q.id, Math.max(this.syncedWith.get(q.id) ?? 0, s.seq));
    }
    this.enqueue({ kind: 'wait', fence: args.Fence, value, submitT: this.sys.now, seq: this.seq });
    this.sys.endCall(c, 'S_OK');
    return 'S_OK';
  }

  /** Internal: queue a Present (called by the swap chain). */
  queuePresent(chain: number, onDone: () => void): void {
    this.presentsQueued++;
    this.enqueue({ kind: 'present', chain, submitT: this.sys.now, seq: this.seq, onDone });
  }

  /**
   * [TILE-1] UpdateTileMappings (a queue operation, ordered with the queue's other work): maps tiles of a reserved
   * resource to tiles of a heap (or NULL); it copies no data.
   */
  UpdateTileMappings(args: { Resource: ID3D12Resource; NumResourceRegions?: number; ResourceRegionStartCoordinates?: { X?: number; Y?: number; Z?: number; Subresource?: number }[] | null; ResourceRegionSizes?: { NumTiles?: number }[] | null; Heap?: ID3D12Heap | null; NumRanges?: number; RangeFlags?: number[] | null; HeapRangeStartOffsets?: number[] | null; RangeTileCounts?: number[] | null; Flags?: number }): void {
    const c = this.begin('UpdateTileMappings', args);
    const r = args.Resource;
    if (!r || r.placement !== 'reserved' || !r.tiles) {
      this.device.msg('UPDATETILEMAPPINGS_INVALID_PARAMETER', { resource: r ? r.id : 0 });
      return this.sys.endCall(c, null);
    }
    const tiles = r.tiles;
    const startCoord = args.ResourceRegionStartCoordinates?.[0];
    const tilesPerRow = r.isBuffer ? tiles.heap.length : Math.max(1, Math.ceil(r.desc.Width / 128));
    let cursor = startCoord ? (startCoord.X ?? 0) + (startCoord.Y ?? 0) * tilesPerRow : 0;
    const total = args.ResourceRegionSizes?.[0]?.NumTiles ?? tiles.heap.length;
    const nRanges = args.NumRanges ?? 1;
    const heap = args.Heap ?? null;
    let remaining = total;
    for (let k = 0; k < nRanges && remaining > 0; k++) {
      const flag = args.RangeFlags?.[k] ?? 0;
      const count = Math.min(args.RangeTileCounts?.[k] ?? remaining, remaining);
      const heapStart = args.HeapRangeStartOffsets?.[k] ?? 0;
      if (!(flag & D3D12_TILE_RANGE_FLAG_NULL) && !(flag & D3D12_TILE_RANGE_FLAG_SKIP) && heap && (heapStart + (flag & D3D12_TILE_RANGE_FLAG_REUSE_SINGLE_TILE ? 1 : count)) * 65536 > heap.SizeInBytes) {
        this.device.msg('UPDATETILEMAPPINGS_INVALID_PARAMETER', { heap: heap.id, offset: heapStart, count });
        break;
      }
      for (let t = 0; t < count && cursor < tiles.heap.length; t++, cursor++) {
        if (flag & D3D12_TILE_RANGE_FLAG_SKIP) continue;
        if ((flag & D3D12_TILE_RANGE_FLAG_NULL) || !heap) { tiles.heap[cursor] = 0; tiles.heapTile[cursor] = 0; continue; }
        tiles.heap[cursor] = heap.id;
        tiles.heapTile[cursor] = flag & D3D12_TILE_RANGE_FLAG_REUSE_SINGLE_TILE ? heapStart : heapStart + t;
      }
      this.sys.trace.push({ k: 'tile', i: this.sys.callIndex, res: r.id, heap: heap && !(flag & D3D12_TILE_RANGE_FLAG_NULL) ? heap.id : 0, firstTile: cursor - count, count, heapTile: heapStart });
      remaining -= count;
    }
    this.sys.endCall(c, null);
  }
}

let aliasSeq = 0;

/** Byte layout of a subresource inside a resource's CPU storage (the GetCopyableFootprints layout of the whole resource). */
function subLayout(r: ID3D12Resource, sub: number): { offset: number; rowPitch: number; rows: number; depth: number; rowBytes: number } {
  const fp = copyableFootprints(r.desc, 0, Math.min(sub + 1, r.subCount), 0);
  const L = fp.Layouts[sub];
  return L ? { offset: L.Offset, rowPitch: L.Footprint.RowPitch, rows: fp.NumRows[sub], depth: L.Footprint.Depth, rowBytes: fp.RowSizeInBytes[sub] } : { offset: 0, rowPitch: 0, rows: 0, depth: 0, rowBytes: 0 };
}

/** Rows of one side of a whole-subresource copy: [offset, rowPitch, rowCount, rowBytes] in the resource's storage. */
function copySide(l: RecordedCopyLocation): { offset: number; rowPitch: number; rows: number; rowBytes: number } {
  if (l.Type === D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT && l.PlacedFootprint) {
    const pf = l.PlacedFootprint;
    const fp = copyableFootprints(resourceDesc({ Dimension: D3D12_RESOURCE_DIMENSION_TEXTURE2D, Width: pf.Footprint.Width, Height: pf.Footprint.Height, DepthOrArraySize: 1, MipLevels: 1, Format: pf.Footprint.Format, SampleDesc: { Count: 1, Quality: 0 } }), 0, 1, 0);
    return { offset: pf.Offset, rowPitch: pf.Footprint.RowPitch, rows: fp.NumRows[0] * Math.max(1, pf.Footprint.Depth), rowBytes: fp.RowSizeInBytes[0] };
  }
  const L = subLayout(l.Resource, l.SubresourceIndex ?? 0);
  return { offset: L.offset, rowPitch: L.rowPitch, rows: L.rows * Math.max(1, L.depth), rowBytes: L.rowBytes };
}

/** [COPY-BYTES-1] Carry out a recorded copy on the resources' CPU-side bytes (buffers, and textures through their footprint layout). */
function copyBytes(cmd: Command): void {
  switch (cmd.op) {
    case 'CopyBufferRegion': {
      const sb = cmd.src.storage();
      const db = cmd.dst.storage();
      const so = cmd.SrcOffset;
      const dof = cmd.DstOffset;
      const len = Math.max(0, Math.min(cmd.NumBytes, sb.length - so, db.length - dof));
      if (len > 0) db.set(sb.subarray(so, so + len), dof);
      break;
    }
    case 'CopyResource': {
      const sb = cmd.src.storage();
      const db = cmd.dst.storage();
      db.set(sb.subarray(0, Math.min(sb.length, db.length)));
      break;
    }
    case 'CopyTextureRegion': {
      if (cmd.SrcBox || cmd.DstX || cmd.DstY || cmd.DstZ) break; // sub-rectangles: not carried out on the CPU side
      const a = copySide(cmd.src);
      const b = copySide(cmd.dst);
      const sb = cmd.src.Resource.storage();
      const db = cmd.dst.Resource.storage();
      const rows = Math.min(a.rows, b.rows);
      const rowBytes = Math.min(a.rowBytes, b.rowBytes);
      for (let y = 0; y < rows; y++) {
        const so = a.offset + y * a.rowPitch;
        const dof = b.offset + y * b.rowPitch;
        const len = Math.max(0, Math.min(rowBytes, sb.length - so, db.length - dof));
        if (len > 0) db.set(sb.subarray(so, so + len), dof);
      }
      break;
    }
    case 'ResourceBarrier':
    case 'DiscardResource':
    case 'ClearRenderTargetView':
    case 'ClearDepthStencilView':
    case 'OMSetRenderTargets':
    case 'RSSetViewports':
    case 'RSSetScissorRects':
    case 'SetGraphicsRootSignature':
    case 'SetPipelineState':
    case 'SetDescriptorHeaps':
    case 'SetGraphicsRootDescriptorTable':
    case 'SetGraphicsRoot32BitConstants':
    case 'SetGraphicsRootConstantBufferView':
    case 'IASetPrimitiveTopology':
    case 'IASetVertexBuffers':
    case 'IASetIndexBuffer':
    case 'DrawInstanced':
    case 'DrawIndexedInstanced':
    case 'BeginEvent':
    case 'EndEvent':
    case 'SetMarker':
      break;
    default:
      unhandled(cmd);
  }
}

export class ID3D12Fence extends IUnknown {
  readonly iface = 'ID3D12Fence';
  /** The fence's value (a single UINT64 that may also go down, [FENCE-1]). */
  value: bigint;
  lastSignalT = 0;
  private waiters: { value: bigint; event: number | null }[] = [];

  constructor(readonly device: ID3D12Device, initial: bigint, readonly flags: number) {
    super(device.sys, device.id, 'ID3D12Fence');
    this.value = initial;
    device.fences.push(this);
  }

  override implements(iface: string): boolean {
    return iface === 'ID3D12Fence' || iface === 'ID3D12Fence1' || super.implements(iface);
  }

  /** Internal: the fence takes a value (GPU or CPU signal) and wakes events whose target is reached. */
  set(v: bigint, t: number): void {
    this.value = v;
    this.lastSignalT = t;
    this.sys.trace.push({ k: 'fence', i: this.sys.callIndex, fence: this.id, value: v, t, kind: 'completed', queue: -1 });
    this.wake();
  }

  private completed(): bigint {
    return this.device.removed ? UINT64_MAX : this.value;
  }

  private wake(): void {
    const cur = this.completed();
    const keep: typeof this.waiters = [];
    for (const w of this.waiters) {
      if (cur >= w.value) {
        if (w.event !== null) {
          const ev = this.sys.events.get(w.event);
          if (ev) ev.signaled = true;
        }
      } else keep.push(w);
    }
    this.waiters = keep;
  }

  /** [DEV-RM-1] After device removal the fence reads UINT64_MAX, so every waiter wakes. */
  onDeviceRemoved(): void {
    this.wake();
  }

  /** [FENCE-4] GetCompletedValue: the current value (UINT64_MAX after device removal). */
  GetCompletedValue(): bigint {
    const c = this.sys.beginCall('ID3D12Fence::GetCompletedValue', this.id, null);
    const v = this.completed();
    this.sys.endCall(c, null);
    return v;
  }

  /** [FENCE-5] CPU Signal sets the value now. */
  Signal(args: { Value: bigint | number }): HRESULT {
    const c = this.sys.beginCall('ID3D12Fence::Signal', this.id, args);
    if (this.device.removed) { this.sys.endCall(c, 'DXGI_ERROR_DEVICE_REMOVED'); return 'DXGI_ERROR_DEVICE_REMOVED'; }
    const v = BigInt(args.Value ?? 0) & UINT64_MAX;
    this.sys.trace.push({ k: 'fence', i: this.sys.callIndex, fence: this.id, value: v, t: this.sys.now, kind: 'signal-cpu', queue: -1 });
    this.set(v, this.sys.now);
    this.sys.scheduleGpu();
    this.sys.endCall(c, 'S_OK');
    return 'S_OK';
  }

  /**
   * [FENCE-6] SetEventOnCompletion: the event is set once the fence reaches Value (immediately if it already has).
   * A NULL event blocks the CPU until then. Value 0 warns FENCE_ZERO_WAIT.
   */
  SetEventOnCompletion(args: { Value: bigint | number; hEvent: number | null }): HRESULT {
    const c = this.sys.beginCall('ID3D12Fence::SetEventOnCompletion', this.id, args);
    const v = BigInt(args.Value ?? 0) & UINT64_MAX;
    if (v === 0n) this.device.msg('FENCE_ZERO_WAIT', { fence: this.id });
    if (args.hEvent === null || args.hEvent === undefined) {
      const start = this.sys.now;
      const r = this.sys.waitUntil(() => this.completed() >= v, Infinity);
      this.sys.trace.push({ k: 'wait', i: this.sys.callIndex, start, end: this.sys.now, timedOut: !r.ok, deadlock: r.deadlock, event: 0 });
      this.sys.endCall(c, 'S_OK');
      return 'S_OK';
    }
    if (!this.sys.events.has(args.hEvent)) { this.sys.endCall(c, 'E_INVALIDARG'); return 'E_INVALIDARG'; }
    this.waiters.push({ value: v, event: args.hEvent });
    this.wake();
    this.sys.endCall(c, 'S_OK');
    return 'S_OK';
  }
}

