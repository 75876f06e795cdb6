// The bytes of CPU-visible buffers as the modelled GPU read them: taken when the model completes an execution
// (its `gpu` trace event), the same moment the model moves the copies' bytes [COPY-BYTES-1]. The executor
// replays a copy from an upload buffer with these bytes, not with the buffer's bytes at the end of the run, so a
// CPU write that lands after the GPU ran the copy (lesson 13's copy-before-write) is not seen by the replay either.
// Until src/core records them itself (src/lessons/NEEDS_FROM_CORE.md §2), a lesson opts in with
// `captureGpuReads(sys)` before it runs; without it the executor falls back to the end-of-run bytes.
import type { D3D12System } from '../../core/system';
import type { Command } from '../../core/commandlist';
import type { ID3D12Resource } from '../../core/resource';
import type { TraceEvent } from '../../core/trace';

type GpuEvent = Extract<TraceEvent, { k: 'gpu' }>;
const reads = new WeakMap<object, ReadonlyMap<number, Uint8Array>>();

/** Buffers a command reads through the CPU-visible bytes the model keeps (copy sources on a buffer). */
export function bufferSources(cmd: Command): ID3D12Resource[] {
  if (cmd.op === 'CopyTextureRegion') {
    const src = cmd.src as { Resource?: ID3D12Resource; Type?: number };
    return src.Resource && src.Type === 1 ? [src.Resource] : [];
  }
  if (cmd.op === 'CopyBufferRegion' || cmd.op === 'CopyResource') {
    const s = cmd.src as ID3D12Resource | undefined;
    return s?.isBuffer ? [s] : [];
  }
  return [];
}

/** Snapshot, at each execution's completion, the buffers its copies read. Idempotent per system. */
export function captureGpuReads(sys: D3D12System): D3D12System {
  const trace = sys.trace as { push(e: TraceEvent): void; __gpuReads?: true };
  if (trace.__gpuReads) return sys;
  trace.__gpuReads = true;
  const push = trace.push.bind(trace);
  trace.push = (e: TraceEvent) => {
    if (e.k === 'gpu' && e.commands) {
      const m = new Map<number, Uint8Array>();
      for (const cmds of e.commands) for (const cmd of cmds) for (const r of bufferSources(cmd)) if (!m.has(r.id)) m.set(r.id, r.storage().slice());
      if (m.size) reads.set(e, m);
    }
    push(e);
  };
  return sys;
}

/** The buffers an execution read, as they were when it completed (null: not captured). */
export function gpuReadsOf(e: GpuEvent): ReadonlyMap<number, Uint8Array> | null {
  return reads.get(e) ?? null;
}
