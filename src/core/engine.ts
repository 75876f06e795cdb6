// The GPU engine and cross-queue synchronisation. The engine runs every queue's timeline in global time order
// behind the CPU ([TIME-GPU-2]): a call lets the GPU finish what was due by then, and a CPU wait lets modelled
// time pass until its condition holds. QueueSync is a device's view of its queues: which fence values each queue
// signals, which other queues' work each has waited for ([SYNC-XQ-2]), and which submissions are still in flight
// ([CL-SYNC-1]). Queues register themselves here; nothing reaches into another queue's work list directly.

import type { ID3D12Fence } from './fence';
import type { ID3D12GraphicsCommandList } from './commandlist';

/** A queue's GPU timeline as the engine drives it. */
export interface GpuTimeline {
  /** When the head item will be done (Infinity when idle or blocked on a fence). */
  headTime(): number;
  /** Complete the head item at time t. */
  processHead(t: number): void;
}

/** The modelled CPU clock the engine moves while the CPU waits. */
export interface MutableClock {
  now: number;
}

export class GpuEngine {
  private readonly timelines: GpuTimeline[] = [];
  /** Earliest modelled time at which some queue has work to finish; lets each call skip the engine. */
  nextEvent = Infinity;

  constructor(private readonly clock: MutableClock) {}

  add(t: GpuTimeline): void {
    this.timelines.push(t);
  }

  /** Recompute when the next GPU completion is due. */
  schedule(): void {
    let next = Infinity;
    for (const q of this.timelines) {
      const t = q.headTime();
      if (t < next) next = t;
    }
    this.nextEvent = next;
  }

  /** [TIME-GPU-2] Let every queue finish the work due by time t, in global time order (cross-queue waits). */
  runUntil(t: number): void {
    for (let guard = 0; guard < 1_000_000; guard++) {
      let best: GpuTimeline | null = null;
      let bestT = Infinity;
      for (const q of this.timelines) {
        const h = q.headTime();
        if (h < bestT) {
          bestT = h;
          best = q;
        }
      }
      if (!best || bestT > t) break;
      best.processHead(bestT);
    }
    this.schedule();
  }

  /** Let all submitted work the GPU can do finish (the clock jumps to each completion). */
  drain(): void {
    this.schedule();
    while (this.nextEvent !== Infinity) {
      this.clock.now = Math.max(this.clock.now, this.nextEvent);
      this.runUntil(this.clock.now);
    }
  }

  /** Run time forward until `done()` or the deadline; returns false on timeout (or when nothing can progress). */
  waitUntil(done: () => boolean, deadline: number): { ok: boolean; deadlock: boolean } {
    for (let guard = 0; guard < 1_000_000; guard++) {
      if (done()) return { ok: true, deadlock: false };
      this.schedule();
      const next = this.nextEvent;
      if (next !== Infinity && next <= deadline) {
        this.clock.now = Math.max(this.clock.now, next);
        this.runUntil(this.clock.now);
        continue;
      }
      if (deadline === Infinity) return { ok: false, deadlock: true };
      this.clock.now = Math.max(this.clock.now, deadline);
      return { ok: done(), deadlock: false };
    }
    throw new Error('model invariant: GPU engine did not settle');
  }
}

/** A queue as its device's QueueSync sees it. */
export interface SyncedQueue {
  readonly id: number;
  /** Is the submission with sequence `seq` still pending on this queue (not yet completed by the GPU)? */
  runsSubmission(seq: number): boolean;
  /** Is this recording of the list (its recordingSeq) still pending on this queue? */
  runsRecording(list: ID3D12GraphicsCommandList, recordingSeq: number): boolean;
  /** The lists of each pending execution, in queue order (DRED breadcrumbs). */
  pendingLists(): ID3D12GraphicsCommandList[][];
  /** [DEV-RM-1] Drop everything queued (device removal). */
  dropPending(): void;
  readonly name: string | null;
}

/** What a resource's last GPU use was: the queue and its submission sequence ([SYNC-XQ-2]). */
export interface LastUse {
  queue: number;
  seq: number;
  write: boolean;
}

export class QueueSync {
  readonly queues: SyncedQueue[] = [];
  /** Per queue: the fence values it has queued Signals for, with the submission sequence they follow. */
  private readonly signals = new Map<number, { fence: ID3D12Fence; value: bigint; seq: number }[]>();
  /** Per queue, per other queue: the highest submission sequence of theirs this queue has waited for. */
  private readonly syncedWith = new Map<number, Map<number, number>>();

  add(q: SyncedQueue): void {
    this.queues.push(q);
  }

  /** A queue queued Signal(fence, value) after its submission `seq`. */
  noteSignal(queue: number, fence: ID3D12Fence, value: bigint, seq: number): void {
    let list = this.signals.get(queue);
    if (!list) {
      list = [];
      this.signals.set(queue, list);
    }
    list.push({ fence, value, seq });
    if (list.length > 64) list.shift();
  }

  /** [SYNC-XQ-2] A queue queued Wait(fence, value): it is now ordered after every signal of that value or more. */
  noteWait(queue: number, fence: ID3D12Fence, value: bigint): void {
    let mine = this.syncedWith.get(queue);
    if (!mine) {
      mine = new Map();
      this.syncedWith.set(queue, mine);
    }
    for (const q of this.queues) {
      if (q.id === queue) continue;
      for (const s of this.signals.get(q.id) ?? [])
        if (s.fence === fence && s.value >= value) mine.set(q.id, Math.max(mine.get(q.id) ?? 0, s.seq));
    }
  }

  /**
   * [SYNC-XQ-2] The queue whose unsynchronised work still uses a resource `queue` is about to use, or undefined:
   * another queue used it last, that work is still pending, and `queue` never waited for it.
   */
  racingQueue(queue: number, last: LastUse | null): number | undefined {
    if (!last || last.queue === queue) return undefined;
    const other = this.queues.find((q) => q.id === last.queue);
    const stillRunning = other ? other.runsSubmission(last.seq) : false;
    const synced = (this.syncedWith.get(queue)?.get(last.queue) ?? 0) >= last.seq;
    return stillRunning && !synced ? last.queue : undefined;
  }

  /** [CL-SYNC-1] Is this recording of the list still executing on any of the device's queues? */
  recordingInFlight(list: ID3D12GraphicsCommandList, recordingSeq: number): boolean {
    return this.queues.some((q) => q.runsRecording(list, recordingSeq));
  }

  /** [DEV-RM-1] Device removal: every queue drops its queued work. */
  dropAll(): void {
    for (const q of this.queues) q.dropPending();
  }
}
