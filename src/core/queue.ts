// ID3D12CommandQueue: ExecuteCommandLists (what the runtime drops, [ECL-*], is queue-execute.ts; the state validation
// itself is in submission.ts), queue Signal / Wait ([FENCE-2], [FENCE-3], queue-fence.ts), Present's queue side,
// UpdateTileMappings (tiles.ts), and the queue's own GPU timeline that runs behind the CPU ([TIME-GPU-*]): a FIFO
// of work items the GPU engine (engine.ts) completes in global time order. Executions that finish go through
// completion.ts.

import { IUnknown } from './object';
import type { HRESULT } from './messages';
import type { DeviceContext } from './kernel';
import type { CallEvent } from './trace';
import type { ID3D12GraphicsCommandList } from './commandlist';
import type { ID3D12Fence } from './fence';
import type { GpuTimeline, SyncedQueue } from './engine';
import type { UpdateTileMappingsArgs } from './structs';
import { SubmissionValidator, type Execution } from './submission';
import { refusedSubmission } from './queue-execute';
import { queueSignal, queueWait } from './queue-fence';
import { completeExecution } from './completion';
import { executionCostNs } from './copy-cost';
import { updateTileMappings } from './tiles';
import { getClockCalibration, getTimestampFrequency } from './query-heap';
import { bundleAllocatorsAtExecute } from './record-bundle';
import { D3D12_COMMAND_QUEUE_FLAG_DISABLE_GPU_TIMEOUT } from './enums';
import { tableSlotsOf } from './trace/tableSlots';

export type WorkItem =
  | ({ kind: 'lists' } & Execution)
  | { kind: 'signal'; fence: ID3D12Fence; value: bigint; submitT: number; seq: number }
  | { kind: 'wait'; fence: ID3D12Fence; value: bigint; submitT: number; seq: number }
  | { kind: 'present'; chain: number; submitT: number; seq: number; onDone: () => void };

/** [DEV-TDR-1] Timeout detection and recovery: work running longer than ~2 s of GPU time resets the GPU. */
const TDR_NS = 2000 * 1e6;

export class ID3D12CommandQueue extends IUnknown implements GpuTimeline, SyncedQueue {
  readonly iface = 'ID3D12CommandQueue';
  private readonly pending: WorkItem[] = [];
  /** GPU time at which the queue finished its last item. */
  busyUntil = 0;
  /** Sequence number of the last accepted submission. */
  seq = 0;
  presentsQueued = 0;

  constructor(
    readonly device: DeviceContext,
    readonly type: number,
    readonly priority: number,
    readonly flags: number,
  ) {
    super(device.sys, device.id, 'ID3D12CommandQueue');
    device.sync.add(this);
    device.sys.gpu.add(this);
  }

  GetDesc(): { Type: number; Priority: number; Flags: number; NodeMask: number } {
    return { Type: this.type, Priority: this.priority, Flags: this.flags, NodeMask: 0 };
  }

  // ------------------------------------------------------------------ the queue's GPU timeline

  /** When the head item will be done (Infinity when idle or blocked on a fence). */
  headTime(): number {
    const it = this.pending[0];
    if (!it) return Infinity;
    const start = Math.max(this.busyUntil, it.submitT);
    switch (it.kind) {
      case 'lists':
        return start + Math.min(it.cost, this.tdrNs());
      case 'signal':
      case 'present':
        return start;
      case 'wait':
        return it.fence.value >= it.value ? Math.max(start, it.fence.lastSignalT) : Infinity;
    }
  }

  /** Complete the head item at time t (called by the GPU engine in global time order). */
  processHead(t: number): void {
    const it = this.pending.shift();
    if (!it) return;
    const sys = this.sys;
    const dev = this.device;
    this.busyUntil = t;
    switch (it.kind) {
      case 'signal':
        sys.trace.push({
          k: 'fence',
          i: sys.callIndex,
          fence: it.fence.id,
          value: it.value,
          t,
          kind: 'signal-gpu',
          queue: this.id,
        });
        it.fence.set(it.value, t);
        break;
      case 'wait':
        sys.trace.push({
          k: 'fence',
          i: sys.callIndex,
          fence: it.fence.id,
          value: it.value,
          t,
          kind: 'wait-gpu',
          queue: this.id,
        });
        break;
      case 'present':
        this.presentsQueued--;
        it.onDone();
        break;
      case 'lists': {
        if (it.cost > this.tdrNs()) {
          // [DEV-TDR-1] work running longer than the ~2 s timeout detection: the OS resets the GPU, device hung
          this.pending.unshift(it);
          dev.msg('DEVICE_REMOVAL_PROCESS_AT_FAULT', { reason: 'DXGI_ERROR_DEVICE_HUNG' });
          dev.remove('DXGI_ERROR_DEVICE_HUNG');
          break;
        }
        const fault = completeExecution(this, it, t);
        if (fault) {
          this.pending.unshift(it); // still "in flight" for DRED; dropPending releases it
          // [DEV-RM-4] the runtime reports every removal it detects (#232), here on the call that let time pass
          dev.msg('DEVICE_REMOVAL_PROCESS_AT_FAULT', { reason: 'DXGI_ERROR_DEVICE_HUNG' });
          dev.remove('DXGI_ERROR_DEVICE_HUNG', { va: fault.gpuVA, resource: fault });
        } else this.release(it);
        break;
      }
    }
  }

  /** Timeout detection and recovery threshold (2 s), unless the queue was created with DISABLE_GPU_TIMEOUT. */
  tdrNs(): number {
    return this.flags & D3D12_COMMAND_QUEUE_FLAG_DISABLE_GPU_TIMEOUT ? Infinity : TDR_NS;
  }

  dropPending(): void {
    for (const it of this.pending) if (it.kind === 'lists') this.release(it);
    this.pending.length = 0;
    this.presentsQueued = 0;
  }

  runsSubmission(seq: number): boolean {
    // FIFO: submission `seq` is still pending while any lists item up to it is
    return this.pending.some((it) => it.kind === 'lists' && it.seq <= seq);
  }

  runsRecording(list: ID3D12GraphicsCommandList, recordingSeq: number): boolean {
    return this.pending.some(
      (it) => it.kind === 'lists' && it.lists.some((x, k) => x === list && it.recSeq[k] === recordingSeq),
    );
  }

  pendingLists(): ID3D12GraphicsCommandList[][] {
    return this.pending.flatMap((it) => (it.kind === 'lists' ? [it.lists] : []));
  }

  /** What an execution kept alive while it was in flight is let go. */
  private release(it: Execution): void {
    for (const l of it.lists) l.inflight--;
    for (const a of it.allocs) a.inflight--;
    for (const r of it.resources) r.gpuRefs--;
    for (const tr of it.tableReads) tr.heap.inflightReads[tr.index]--;
    for (const p of it.pipelines) p.inflight--;
  }

  enqueue(it: WorkItem): void {
    this.pending.push(it);
    this.sys.gpu.schedule();
  }

  begin(api: string, args: unknown): CallEvent {
    return this.sys.beginCall(`ID3D12CommandQueue::${api}`, this.id, args);
  }

  // ------------------------------------------------------------------ API

  /**
   * [ECL-1] ExecuteCommandLists (void). The runtime drops the whole call when a list is of another type
   * (EXECUTECOMMANDLISTS_COMMANDLISTMISMATCH); it drops the call and removes the device (DXGI_ERROR_INVALID_CALL) for a
   * list still open (EXECUTECOMMANDLISTS_OPENCOMMANDLIST), a list whose Close failed (..._FAILEDCOMMANDLIST), or a list
   * still executing (COMMAND_LIST_SYNC). Otherwise the debug layer validates states against the queue-tracked
   * state ([ST-*], submission.ts) and the work is queued on this queue's GPU timeline.
   */
  ExecuteCommandLists(args: { NumCommandLists?: number; CommandLists: ID3D12GraphicsCommandList[] }): void {
    const c = this.begin('ExecuteCommandLists', args);
    const sys = this.sys;
    const lists = (args.CommandLists ?? []).slice(0, args.NumCommandLists ?? (args.CommandLists ?? []).length);
    const ids = lists.map((l) => (l ? l.id : 0));
    const drop = (reason: string) => {
      sys.trace.push({
        k: 'submit',
        i: sys.callIndex,
        queue: this.id,
        lists: ids,
        dropped: true,
        reason,
        submission: null,
      });
    };
    if (refusedSubmission(this, lists, drop)) return sys.endCall(c, null);
    const seq = this.seq + 1;
    const v = new SubmissionValidator(this, seq);
    // [BAR-ECL-2] a mismatching StateBefore is reported (here or at record) but the call is NOT dropped and the device
    // is NOT removed: real logs show the error "at every frame" of a running app (DEBUG_LAYER row 6, V-LOG
    // NVIDIA/cuda-samples#189, d3dcoder/d3d12book#10), whatever the ExecuteCommandLists page says.
    for (const l of lists) {
      bundleAllocatorsAtExecute(l); // [BUNDLE-EXEC-1]
      v.validateList(l);
    }
    this.seq = seq;
    const pipelines = [...v.pipelines];
    for (const p of pipelines) p.inflight++;
    const submission = sys.addSubmission(
      this.id,
      ids,
      lists.map((l) => l.recordedCommands()),
    );
    sys.trace.push({
      k: 'submit',
      i: sys.callIndex,
      queue: this.id,
      lists: ids,
      dropped: false,
      reason: null,
      submission: submission.id,
      tableSlots: tableSlotsOf(v.tableReads),
    });
    v.decay();
    const cost = executionCostNs(this.type, lists, sys.settings); // [TIME-GPU-1], [TIME-COPY-1] (copy-cost.ts)
    for (const l of lists) {
      l.inflight++;
      l.allocator.inflight++;
    }
    for (const r of v.resources) r.gpuRefs++;
    for (const tr of v.tableReads) tr.heap.inflightReads[tr.index]++;
    this.enqueue({
      kind: 'lists',
      lists,
      cost,
      submitT: sys.now,
      seq,
      submitCall: sys.callIndex,
      resources: v.resources,
      allocs: lists.map((l) => l.allocator),
      allocGen: lists.map((l) => l.allocatorGeneration),
      recSeq: lists.map((l) => l.recordingSeq),
      tableReads: v.tableReads,
      gbvCopy: v.gbvCopy,
      pipelines,
      submission,
    });
    sys.endCall(c, null);
  }

  /** [FENCE-2] Queue Signal: the fence takes the value when the GPU reaches this point of the queue (queue-fence.ts). */
  Signal(args: { Fence: ID3D12Fence; Value: bigint | number }): HRESULT {
    return queueSignal(this, args);
  }

  /** [FENCE-3] Queue Wait: later work on this queue starts only once the fence reaches the value (queue-fence.ts). */
  Wait(args: { Fence: ID3D12Fence; Value: bigint | number }): HRESULT {
    return queueWait(this, args);
  }

  // ------------------------------------------------------------------ markers (PIX events on the queue)

  /** Open queue-marker regions (BeginEvent without its EndEvent yet). */
  private markerDepth = 0;

  /**
   * [Q-MARKER-1] ID3D12CommandQueue::BeginEvent / SetMarker / EndEvent (what PIXBeginEvent(queue, ...) calls): a
   * named region or point on the queue's timeline, around the submissions made inside it. Trace `marker` events
   * whose `list` is the queue's id; an EndEvent with no open region warns (BEGIN_END_EVENT_MISMATCH).
   */
  BeginEvent(args: { Metadata?: number; Data: string; Size?: number }): void {
    const c = this.begin('BeginEvent', args);
    this.markerDepth++;
    this.sys.trace.push({
      k: 'marker',
      i: this.sys.callIndex,
      list: this.id,
      kind: 'begin',
      name: String(args?.Data ?? ''),
    });
    this.sys.endCall(c, null);
  }

  EndEvent(): void {
    const c = this.begin('EndEvent', null);
    if (this.markerDepth === 0) this.device.msg('BEGIN_END_EVENT_MISMATCH', { queue: this.id });
    else this.markerDepth--;
    this.sys.trace.push({ k: 'marker', i: this.sys.callIndex, list: this.id, kind: 'end', name: '' });
    this.sys.endCall(c, null);
  }

  SetMarker(args: { Metadata?: number; Data: string; Size?: number }): void {
    const c = this.begin('SetMarker', args);
    this.sys.trace.push({
      k: 'marker',
      i: this.sys.callIndex,
      list: this.id,
      kind: 'set',
      name: String(args?.Data ?? ''),
    });
    this.sys.endCall(c, null);
  }

  /** [Q-FREQ-1] / [Q-FREQ-2] The queue's GPU clock (query-heap.ts). */
  GetTimestampFrequency(): { hr: HRESULT; out?: bigint } {
    return this.clockCall('GetTimestampFrequency', getTimestampFrequency);
  }

  GetClockCalibration(): { hr: HRESULT; out?: { GpuTimestamp: bigint; CpuTimestamp: bigint } } {
    return this.clockCall('GetClockCalibration', getClockCalibration);
  }

  private clockCall<T extends { hr: HRESULT }>(api: string, f: (q: this) => T): T {
    const c = this.begin(api, null);
    const r = f(this);
    this.sys.endCall(c, r.hr);
    return r;
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
  UpdateTileMappings(args: UpdateTileMappingsArgs): void {
    const c = this.begin('UpdateTileMappings', args);
    updateTileMappings(this.device, args);
    this.sys.endCall(c, null);
  }
}
