// [Q-TRACE-1] What the panels see of queries: each query command an execution ran, as a `query` trace event at the
// modelled GPU time it ran (the time a timestamp reads, [Q-TIME-1]) with the values it wrote. The panels read query
// heaps' slots and timestamps from these events only (the trace is their one source), never from the heap object.

import type { Kernel } from './kernel';
import type { CommandOf } from './commands';
import { timestampFrequency } from './query-heap';
import { D3D12_QUERY_TYPE_BINARY_OCCLUSION } from './enums';

type QueryCommand = CommandOf<'BeginQuery'> | CommandOf<'EndQuery'> | CommandOf<'ResolveQueryData'>;

/** Record a query command that ran at GPU time `ns` on `queue` (call after it wrote its values). */
export function traceQueryCommand(sys: Kernel, queue: number, list: number, cmd: QueryCommand, ns: number): void {
  if (!sys.trace.enabled) return;
  const heap = cmd.heap;
  const w = heap.words;
  let values: bigint[] | null = null;
  let index = 0;
  let count = 1;
  if (cmd.op === 'EndQuery') {
    index = cmd.index;
    values = Array.from(heap.data.subarray(index * w, index * w + w));
  } else if (cmd.op === 'BeginQuery') index = cmd.index;
  else {
    index = cmd.start;
    count = cmd.count;
    const words = cmd.type === D3D12_QUERY_TYPE_BINARY_OCCLUSION ? 1 : w;
    values = [];
    for (let q = index; q < index + count; q++)
      for (let k = 0; k < words; k++) {
        const v = heap.data[q * w + k];
        values.push(cmd.type === D3D12_QUERY_TYPE_BINARY_OCCLUSION ? (v > 0n ? 1n : 0n) : v);
      }
  }
  sys.trace.push({
    k: 'query',
    i: sys.callIndex,
    op: cmd.op === 'BeginQuery' ? 'begin' : cmd.op === 'EndQuery' ? 'end' : 'resolve',
    queue,
    list,
    heap: heap.id,
    type: cmd.type,
    index,
    count,
    t: ns,
    values,
    hz: timestampFrequency(heap.device.facts),
    dst: cmd.op === 'ResolveQueryData' ? cmd.dst.id : 0,
    offset: cmd.op === 'ResolveQueryData' ? cmd.offset : 0,
  });
}
