// [TIME-GPU-3] What happens when an execution finishes on the modelled GPU: the bytes its buffers held are kept
// for the replay ([TR-READS-1]), the `gpu` trace event is recorded, an allocator reset while it ran is a hazard,
// memory freed or evicted while it was queued page-faults ([DEV-PF-1]), its copies move real bytes
// ([COPY-BYTES-1]), and GPU-based validation reports what the CPU could not see ([GBV-1], [GBV-2]).

import type { DeviceContext, Kernel } from './kernel';
import type { ID3D12Resource } from './resource';
import type { Execution } from './submission';
import { copyBytes } from './copybytes';
import { runQueryCommand } from './query-results';
import { traceQueryCommand } from './query-trace';
import { D3D12_HEAP_TYPE_READBACK, D3D12_RESOURCE_STATE_COMMON } from './enums';

/** The queue an execution ran on. */
export interface CompletingQueue {
  readonly id: number;
  readonly device: DeviceContext;
  readonly sys: Kernel;
}

/**
 * Complete an execution at GPU time t. Returns the resource whose memory faulted (the queue then removes the
 * device, keeping the execution in flight for DRED), or null when it completed.
 */
export function completeExecution(q: CompletingQueue, it: Execution, t: number): ID3D12Resource | null {
  const sys = q.sys;
  const dev = q.device;
  // [TR-READS-1] taken before this completion moves any copy's bytes: what the GPU read when it ran the work
  if (sys.settings.keepGpuReads) {
    const reads = new Map<number, Uint8Array>();
    for (const r of it.resources)
      if (r.isBuffer && r.cpuVisible && r.heapType !== D3D12_HEAP_TYPE_READBACK && !r.freed)
        reads.set(r.id, r.storage().slice());
    it.submission.reads = reads;
  }
  sys.trace.push({
    k: 'gpu',
    i: sys.callIndex,
    queue: q.id,
    lists: it.lists.map((l) => l.id),
    start: t - it.cost,
    end: t,
    submitCall: it.submitCall,
    submission: it.submission.id,
  });
  it.lists.forEach((l, k) => {
    if (it.allocs[k].generation !== it.allocGen[k]) {
      sys.hazard('command-memory-reused', l.id, { list: l.id, outcome: 'frame dropped or corrupted' });
    }
    l.completedExecutions++;
  });
  // [DEV-PF-1] a resource whose memory was freed (or evicted) while this work was queued: GPU page fault
  for (const r of it.resources) {
    const evicted = !dev.memory.isResident(r);
    if (evicted) sys.hazard('non-resident-access', r.id, { outcome: 'page fault' });
    if (evicted || r.freed || (r.destroyed && r.placement !== 'placed' && !r.swapChain)) return r;
  }
  // [COPY-BYTES-1] the copies this execution made move real bytes (so Map of a READBACK buffer after the fence sees
  // them, and Map before completion still sees the old bytes)
  // [Q-TIME-1] each list runs in its share of the execution's GPU time, its commands evenly spaced in it: the point
  // of the timeline an EndQuery timestamp reads
  const lists = it.submission.commands;
  const per = it.cost / Math.max(1, lists.length);
  for (let k = 0; k < lists.length; k++) {
    const cmds = lists[k];
    for (let j = 0; j < cmds.length; j++) {
      const cmd = cmds[j];
      if (cmd.op === 'EndQuery' || cmd.op === 'ResolveQueryData' || cmd.op === 'BeginQuery') {
        const ns = t - it.cost + per * (k + (j + 1) / cmds.length);
        if (cmd.op !== 'BeginQuery') runQueryCommand(cmd, ns);
        traceQueryCommand(sys, q.id, it.submission.lists[k], cmd, ns); // [Q-TRACE-1]
      } else copyBytes(cmd);
    }
  }
  // [GBV-1] GPU-based validation: descriptors read through tables (any range flags) must be initialised and in a
  // state the shader stage may read (messages raised on the GPU timeline, i.e. by the call that let time pass).
  if (dev.gbv) {
    for (const g of it.gbvCopy)
      dev.msg('GPU_BASED_VALIDATION_INCOMPATIBLE_RESOURCE_STATE', {
        resource: g.res.id,
        subresource: g.sub,
        state: g.state,
        expected: D3D12_RESOURCE_STATE_COMMON,
        queue: 'COPY',
      });
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
          dev.msg('GPU_BASED_VALIDATION_INCOMPATIBLE_RESOURCE_STATE', {
            resource: r.id,
            subresource: s,
            state: st,
            expected: tr.state,
          });
          break;
        }
      }
    }
  }
  return null;
}
