// The bytes of CPU-visible buffers as the modelled GPU read them. The model keeps them on each `gpu` event when
// its `keepGpuReads` setting is on [TR-READS-1] (the lesson runner turns it on), taken before that completion
// moves any copy's bytes. The executor replays copies and vertex fetches with these bytes, not with the buffers
// as they are at the end of the run, so a CPU write that lands after the GPU ran the work (lesson 13's
// copy-before-write, an upload ring rewritten every frame) is not seen by the replay either.
import type { TraceEvent } from '../../core/trace';

type GpuEvent = Extract<TraceEvent, { k: 'gpu' }>;

/** The buffers an execution read, as they were when it ran (null: the model was not asked to keep them). */
export function gpuReadsOf(e: GpuEvent): ReadonlyMap<number, Uint8Array> | null {
  return e.reads ?? null;
}
