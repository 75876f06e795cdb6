// What the executor replays at a step cursor, read from the trace and the model's submissions ([TR-SUBMIT-1] in
// src/core/SPEC.md): every ExecuteCommandLists the runtime accepted (`submit`, dropped: false) at or before the
// cursor, with each list's commands as they were when submitted (`submission(id)`: a list reset and re-recorded
// later does not change what an older submission ran), and the back buffer the last `present` at or before the
// cursor names. A submission replays only once its `gpu` event is in the trace (the modelled GPU ran it); then the
// model also answers with the bytes of the CPU-visible buffers it read, as the GPU read them [TR-READS-1] (the
// lesson runner turns `keepGpuReads` on), so a CPU write that lands after the GPU ran the work (lesson 13's
// copy-before-write, an upload ring rewritten every frame) is not seen by the replay either.
// No WebGPU here, so it is unit-tested in Node.
import type { Command, Submission, TraceEvent } from '../../core';

export interface ExecHazard {
  kind: string;
  callIndex: number;
  res: number;
  detail: Record<string, unknown>;
}

export interface PlannedSubmission {
  /** Call index of the ExecuteCommandLists. */
  call: number;
  queue: number;
  lists: number[];
  /**
   * Each list's commands as submitted; null when the modelled GPU had not run the submission by the end of the
   * trace (it has no `gpu` event).
   */
  commands: readonly (readonly Command[])[] | null;
  /** Buffers its copies read, as they were when the modelled GPU ran it; null: not captured. */
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

/** The model as the planner reads it: its trace, and what each submission ran. */
export interface ReplaySource {
  readonly trace: { readonly events: readonly TraceEvent[] };
  submission(id: number): Submission | undefined;
}

export function planReplay(model: ReplaySource, cursor: number): ReplayPlan {
  const events = model.trace.events;
  // A submission runs when its `gpu` event is recorded, which may come after the cursor (the cursor says what was
  // submitted by then; what ran is known from the whole trace).
  const ran = new Set<number>();
  for (const e of events) if (e.k === 'gpu') ran.add(e.submission);
  // [CL-ALLOC-3] the completion hazard follows its submission's `gpu` event at the same call and names one of its lists
  const reused = new Set<number>();
  let lastGpu: Extract<TraceEvent, { k: 'gpu' }> | null = null;
  for (const e of events) {
    if (e.k === 'gpu') lastGpu = e;
    else if (
      e.k === 'hazard' &&
      e.kind === 'command-memory-reused' &&
      e.detail.list !== undefined &&
      lastGpu &&
      lastGpu.i === e.i &&
      lastGpu.lists.includes(e.res)
    )
      reused.add(lastGpu.submission);
  }
  const plan: ReplayPlan = { submissions: [], dropped: [], present: null, hazards: [] };
  for (const e of events) {
    if (e.i > cursor) break;
    if (e.k === 'hazard') plan.hazards.push({ kind: e.kind, callIndex: e.i, res: e.res, detail: { ...e.detail } });
    else if (e.k === 'submit') {
      if (e.dropped || e.submission === null)
        plan.dropped.push({ call: e.i, lists: e.lists, reason: e.reason ?? 'dropped' });
      else {
        const s = ran.has(e.submission) ? model.submission(e.submission) : undefined;
        plan.submissions.push({
          call: e.i,
          queue: e.queue,
          lists: e.lists,
          commands: s?.commands ?? null,
          reads: s?.reads ?? null,
          ...(reused.has(e.submission) ? { commandMemoryReused: true } : {}),
        });
      }
    } else if (e.k === 'present') {
      plan.present = { call: e.i, swapChain: e.swapChain, buffer: e.buffer, index: e.index };
    }
  }
  return plan;
}
