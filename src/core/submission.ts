// ExecuteCommandLists validation ([ECL-*], [ST-*], [BAR-ECL-*], [SYNC-XQ-2], [ALIAS-*], [TILE-2], [GBV-2]): each list's
// recorded barriers and resource uses are replayed against the queue-tracked state, in submission order, applying
// implicit promotion and reporting what the debug layer reports; at the end, the decay to COMMON ([ST-DECAY-1]).
// The per-use state checks and the decay are in submission-states.ts.
// One SubmissionValidator per accepted ExecuteCommandLists; it also collects what the execution keeps alive while
// it is in flight (resources, descriptor slots, pipelines).

import { applyEnhancedBarrier, legacyBarrierInterop, type EnhancedApplyEnv } from './record-enhanced-barriers';
import type { Kernel, DeviceContext } from './kernel';
import type { ID3D12Resource } from './resource';
import type { ID3D12GraphicsCommandList } from './commandlist';
import type { ID3D12CommandAllocator } from './commandallocator';
import type { ID3D12PipelineState, ID3D12RootSignature } from './pipeline';
import type { ID3D12QueryHeap } from './query-heap';
import { checkUse, decayToCommon } from './submission-states';
import { dataStaticInFlight } from './record-first-use';
import { checkQueriesPerformed } from './query-results';
import {
  commandUses,
  unhandled,
  type Command,
  type RecordedBarrier,
  type Submission,
  type TableRead,
} from './commands';
import {
  D3D12_COMMAND_LIST_TYPE_COPY,
  D3D12_HEAP_TYPE_READBACK,
  D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES,
  D3D12_RESOURCE_BARRIER_FLAG_BEGIN_ONLY,
  D3D12_RESOURCE_BARRIER_TYPE_ALIASING,
  D3D12_RESOURCE_BARRIER_TYPE_TRANSITION,
  D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL,
  D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET,
  D3D12_RESOURCE_STATE_COMMON,
} from './enums';
import { PROMOTED_NONE, QUEUE_CLASS_NONE, beforeMatches, queueClass } from './states';

/** A table read of an execution in flight; with GPU-based validation, the states it saw when its draw ran. */
export type InflightRead = TableRead & { seen?: { res: ID3D12Resource; states: Uint32Array } | null };

/** An accepted ExecuteCommandLists on a queue's timeline: what it runs, what it costs and what it keeps alive. */
export interface Execution {
  lists: ID3D12GraphicsCommandList[];
  /** modelled GPU time it takes, ns */
  cost: number;
  submitT: number;
  /** the queue's submission sequence number */
  seq: number;
  submitCall: number;
  resources: Set<ID3D12Resource>;
  allocs: ID3D12CommandAllocator[];
  /** each allocator's generation when submitted (a Reset while in flight is a hazard at completion) */
  allocGen: number[];
  /** each list's recordingSeq when submitted ([CL-SYNC-1]) */
  recSeq: number[];
  tableReads: InflightRead[];
  /** [GBV-2] resources a COPY-queue execution started to use outside COMMON (reported when it completes) */
  gbvCopy: { res: ID3D12Resource; sub: number; state: number }[];
  pipelines: (ID3D12PipelineState | ID3D12RootSignature | ID3D12QueryHeap)[];
  submission: Submission;
}

/** The queue a submission is validated for. */
export interface SubmittingQueue {
  readonly id: number;
  readonly type: number;
  readonly device: DeviceContext;
  readonly sys: Kernel;
}

export class SubmissionValidator {
  readonly resources = new Set<ID3D12Resource>();
  readonly tableReads: InflightRead[] = [];
  /** PSOs and root signatures the draws use, query heaps the queries use (OBJ-REL-3). */
  readonly pipelines = new Set<ID3D12PipelineState | ID3D12RootSignature | ID3D12QueryHeap>();
  readonly gbvCopy: { res: ID3D12Resource; sub: number; state: number }[] = [];
  private readonly touched = new Set<ID3D12Resource>();
  private readonly cls: number;

  /** `seq`: the queue's sequence number this submission will have. */
  constructor(
    private readonly queue: SubmittingQueue,
    readonly seq: number,
  ) {
    this.cls = queueClass(queue.type);
  }

  /** Validate one list's recorded state changes and uses against the queue-tracked state, applying promotion. */
  validateList(l: ID3D12GraphicsCommandList): void {
    const q = this.queue;
    const dev = q.device;
    const sys = q.sys;
    const cls = this.cls;
    // [SYNC-XQ-2] resources another queue still uses (unsynchronised): a write here is OBJECT_ACCESSED_WHILE_STILL_IN_USE
    // (DL 31: "starting writes on queue B ... still in use by queue A"); a read is only traced (read-after-write
    // without a fence "may go undetected", DL 31)
    const racing = new Map<ID3D12Resource, number>();
    const readRaces = new Set<ID3D12Resource>();
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
    const firstTouch = (r: ID3D12Resource) => {
      if (this.touched.has(r)) return;
      this.touched.add(r);
      this.resources.add(r);
      // [ST-XQ-1] moving between the 3D/compute and copy queue classes requires COMMON
      if (r.fixedState < 0 && r.lastClass !== QUEUE_CLASS_NONE && r.lastClass !== cls) {
        for (let s = 0; s < r.subCount; s++) {
          if (r.state[s] !== D3D12_RESOURCE_STATE_COMMON) {
            dev.msg('RESOURCE_BARRIER_MISMATCHING_COMMAND_LIST_TYPE', {
              resource: r.id,
              subresource: s,
              state: r.state[s],
              queueType: q.type,
            });
            sys.hazard('cross-queue-layout', r.id, { subresource: s, state: r.state[s] });
            break;
          }
        }
      }
      r.lastClass = cls;
      // [GBV-2] GPU-based validation: "Resources used in COPY command lists must start out in the COMMON state" (DL 9)
      if (dev.gbv && q.type === D3D12_COMMAND_LIST_TYPE_COPY && r.fixedState < 0) {
        for (let s = 0; s < r.subCount; s++)
          if (r.state[s] !== D3D12_RESOURCE_STATE_COMMON) {
            this.gbvCopy.push({ res: r, sub: s, state: r.state[s] });
            break;
          }
      }
      // [SYNC-XQ-2] another queue still uses it and this queue never waited for that work: decided per access (xq)
      const other = dev.sync.racingQueue(q.id, r.lastUse);
      if (other !== undefined) racing.set(r, other);
      r.lastUse = { queue: q.id, seq: this.seq, write: true };
      if (r.swapChain) dev.checkBackBufferReference(r);
      if (r.heapType === D3D12_HEAP_TYPE_READBACK && r.isMapped())
        dev.msg('EXECUTECOMMANDLISTS_GPU_WRITTEN_READBACK_RESOURCE_MAPPED', { resource: r.id });
    };
    const enhEnv: EnhancedApplyEnv = { dev, sys, queue: q.id, firstTouch, xq };
    /** [ST-ECL-STATIC-1] DATA_STATIC bindings of executing lists: computed at the first transition (undefined: not yet). */
    let staticInFlight: ReturnType<typeof dataStaticInFlight> | undefined;
    const applyBarriers = (barriers: readonly RecordedBarrier[]) => {
      for (const b of barriers) {
        // [EB-ECL-1] ID3D12GraphicsCommandList7::Barrier: checked and applied by its layouts
        if (b.enh) {
          applyEnhancedBarrier(enhEnv, b, b.enh);
          continue;
        }
        if (b.Type === D3D12_RESOURCE_BARRIER_TYPE_ALIASING) {
          if (b.res) {
            b.res.aliasActivated = sys.nextAliasSeq();
            b.res.aliasNeedsInit = !!(
              b.res.desc.Flags &
              (D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET | D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL)
            );
            firstTouch(b.res);
            xq(b.res, true);
          }
          continue;
        }
        if (b.Type !== D3D12_RESOURCE_BARRIER_TYPE_TRANSITION || !b.res) continue;
        const r = b.res;
        firstTouch(r);
        xq(r, true);
        // [BAR-SPLIT-1] a BEGIN_ONLY half: its StateBefore is checked here; the END_ONLY half applies the transition
        const beginOnly = (b.Flags & D3D12_RESOURCE_BARRIER_FLAG_BEGIN_ONLY) !== 0;
        const all = b.sub === D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
        for (let s = all ? 0 : b.sub; s <= (all ? r.subCount - 1 : b.sub); s++) {
          const cur = r.state[s];
          // [BAR-ECL-1] StateBefore must equal the tracked state (including a state promoted earlier in this ECL)
          if (
            !b.checked &&
            !beforeMatches(cur, b.before, r.promoted[s], r.isBuffer || r.simultaneous) &&
            (!b.uncheckedSubs || b.uncheckedSubs.includes(s))
          ) {
            dev.msg('RESOURCE_BARRIER_BEFORE_AFTER_MISMATCH', {
              resource: r.id,
              subresource: s,
              before: b.before,
              current: cur,
            });
            sys.hazard('before-after-mismatch', r.id, { subresource: s, before: b.before, current: cur });
          }
          if (beginOnly) continue;
          // [ST-ECL-STATIC-1] a transition of a subresource a list still executing bound as DATA_STATIC (#768)
          if (staticInFlight !== null) {
            if (staticInFlight === undefined) staticInFlight = dataStaticInFlight(dev.sync.queues);
            const bound = staticInFlight?.get(r);
            if (bound && bound.subs.has(s))
              dev.msg('DATA_STATIC_DESCRIPTOR_INVALID_DATA_CHANGE', {
                list: bound.list,
                resource: r.id,
                subresource: s,
                after: b.after,
                queue: bound.queue,
              });
          }
          sys.trace.push({
            k: 'state',
            i: sys.callIndex,
            res: r.id,
            sub: s,
            before: cur,
            after: b.after,
            kind: 'barrier',
            queue: q.id,
          });
          if (r.layouts) legacyBarrierInterop(dev, r, s, r.layouts); // [EB-INTEROP-2]
          r.state[s] = b.after;
          r.promoted[s] = PROMOTED_NONE;
        }
      }
    };
    const applyUses = (cmd: Command) => {
      const uses = commandUses(cmd);
      if (uses)
        for (const u of uses) {
          firstTouch(u.res);
          xq(u.res, u.write);
          checkUse(q, cmd, u);
        }
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
        case 'Dispatch':
          if (cmd.pso) this.pipelines.add(cmd.pso);
          if (cmd.rootSignature) this.pipelines.add(cmd.rootSignature);
          applyUses(cmd);
          break;
        case 'DrawInstanced':
        case 'DrawIndexedInstanced':
          if (cmd.pso) this.pipelines.add(cmd.pso);
          if (cmd.rootSignature) this.pipelines.add(cmd.rootSignature);
          applyUses(cmd);
          for (const x of cmd.tableReads) {
            const cr = x.heap.slots[x.index]?.resource;
            if (cr) this.resources.add(cr);
            // [GBV-1] GPU-based validation sees the state the resource has when this draw runs (after the barriers
            // and promotions before it in this ECL), not the state at completion
            this.tableReads.push(cr && !x.other && dev.gbv ? { ...x, seen: { res: cr, states: cr.state.slice() } } : x);
          }
          break;
        case 'CopyBufferRegion':
        case 'CopyTextureRegion':
        case 'CopyResource':
        case 'DiscardResource':
        case 'ClearRenderTargetView':
        case 'ClearDepthStencilView':
        case 'ResolveSubresource':
        case 'ResolveSubresourceRegion':
          applyUses(cmd);
          break;
        case 'EndQuery':
          cmd.heap.performed[cmd.index] = 1; // [Q-STATE-1] queue-tracked, in submission order
          this.pipelines.add(cmd.heap);
          break;
        case 'ResolveQueryData':
          checkQueriesPerformed(dev, l.id, cmd);
          this.pipelines.add(cmd.heap);
          applyUses(cmd);
          break;
        case 'BeginQuery':
          this.pipelines.add(cmd.heap);
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

  /** [ST-DECAY-1] Decay to COMMON at the end of the ExecuteCommandLists (submission-states.ts). */
  decay(): void {
    decayToCommon(this.queue, this.touched);
  }
}
