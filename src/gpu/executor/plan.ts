// What the executor replays at a step cursor, read from the trace alone ([TR-SUBMIT-1] in src/core/SPEC.md):
// every ExecuteCommandLists the runtime accepted (`submit`, dropped: false) at or before the cursor, with each list's
// commands as they were when submitted (carried by the submission's `gpu` event: a list reset and re-recorded later
// does not change what an older submission ran), and the back buffer the last `present` at or before the cursor names.
// No WebGPU here, so it is unit-tested in Node.
import type { Command } from '../../core/commandlist';
import type { TraceEvent } from '../../core/trace';
import { gpuReadsOf } from './gpu-reads';

export interface ExecHazard { kind: string; callIndex: number; res: number; detail: Record<string, unknown> }

export interface PlannedSubmission {
  /** Call index of the ExecuteCommandLists. */
  call: number;
  queue: number;
  lists: number[];
  /**
   * Each list's commands as submitted; null when the modelled GPU had not run the submission by the end of the
   * trace (it has no `gpu` event, which is what carries the commands).
   */
  commands: readonly (readonly Command[])[] | null;
  /** Buffers its copies read, as they were when the modelled GPU ran it (gpu-reads.ts); null: not captured. */
  reads: ReadonlyMap<number, Uint8Array> | null;
  /**
   * [CL-ALLOC-3] The model found, when the GPU ran it, that a list's allocator had been Reset since it was recorded
   * (hazard `command-memory-reused` at completion): the GPU read overwritten command memory, so the executor drops
   * the submission's work (the frame is lost; the back buffer keeps what it held). Absent: not corrupted.
   */
  commandMemoryReused?: boolean;
}

export interface ReplayPlan {
  /** Accepted submissions at or before the cursor, in submission order. */
  submissions: PlannedSubmission[];
  /** ExecuteCommandLists calls the runtime dropped at or before the cursor (nothing of them runs). */
  dropped: { call: number; lists: number[]; reason: string }[];
  /** The last Present at or before the cursor and the back buffer it shows; null before the first one. */
  present: { call: number; swapChain: number; buffer: number; index: number } | null;
  /** Hazard events at or before the cursor. */
  hazards: ExecHazard[];
}

export function planReplay(events: readonly TraceEvent[], cursor: number): ReplayPlan {
  // A submission's commands arrive with its `gpu` event, which may come after the cursor (the cursor says what was
  // submitted by then; what was submitted is known from the whole trace).
  const ran = new Map<number, readonly (readonly Command[])[]>();
  const reads = new Map<number, ReadonlyMap<number, Uint8Array> | null>();
  // the completion hazard follows its submission's `gpu` event at the same call and names one of its lists
  const reused = new Set<number>();
  let lastGpu: Extract<TraceEvent, { k: 'gpu' }> | null = null;
  for (const e of events) {
    if (e.k === 'gpu' && e.commands) {
      ran.set(e.submitCall, e.commands);
      reads.set(e.submitCall, gpuReadsOf(e));
    }
    if (e.k === 'gpu') lastGpu = e;
    else if (e.k === 'hazard' && e.kind === 'command-memory-reused' && e.detail.list !== undefined && lastGpu && lastGpu.i === e.i && lastGpu.lists.includes(e.res)) reused.add(lastGpu.submitCall);
  }
  const plan: ReplayPlan = { submissions: [], dropped: [], present: null, hazards: [] };
  for (const e of events) {
    if (e.i > cursor) break;
    if (e.k === 'hazard') plan.hazards.push({ kind: e.kind, callIndex: e.i, res: e.res, detail: { ...e.detail } });
    else if (e.k === 'submit') {
      if (e.dropped) plan.dropped.push({ call: e.i, lists: e.lists, reason: e.reason ?? 'dropped' });
      else plan.submissions.push({ call: e.i, queue: e.queue, lists: e.lists, commands: ran.get(e.i) ?? null, reads: reads.get(e.i) ?? null, ...(reused.has(e.i) ? { commandMemoryReused: true } : {}) });
    } else if (e.k === 'present') {
      plan.present = { call: e.i, swapChain: e.swapChain, buffer: e.buffer, index: e.index };
    }
  }
  return plan;
}
