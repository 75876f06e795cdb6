// What queries do outside recording: at ExecuteCommandLists, a resolve of queries no execution has ended is the
// layer's RESOLVE_QUERY_INVALID_QUERY_STATE ([Q-STATE-1]); when an execution completes on the modelled GPU, EndQuery
// writes its result into the heap (a timestamp: the GPU clock at that point of the timeline, [Q-TIME-1]) and
// ResolveQueryData writes the heap's UINT64s into the destination buffer's bytes ([Q-VALUE-1]), in command order
// with the copies, so Map of a READBACK buffer after the fence reads them ([COPY-BYTES-1]).

import type { DeviceContext } from './kernel';
import type { CommandOf } from './commands';
import { ticksAt } from './query-heap';
import { D3D12_QUERY_TYPE_BINARY_OCCLUSION } from './enums';

/**
 * [Q-STATE-1] "Cannot Resolve query that has never been performed for Index [4-15] in QueryHeap ..." (EXECUTION ERROR
 * #1319 at ExecuteCommandLists; V-LOG microsoft/DirectX-Graphics-Samples#839, #716): one message per resolve, naming
 * the first run of indices no earlier EndQuery (this ECL's lists before it included) performed. The resolve still
 * runs: those queries resolve to what the heap holds (0 for a heap never written).
 */
export function checkQueriesPerformed(dev: DeviceContext, list: number, cmd: CommandOf<'ResolveQueryData'>): void {
  const p = cmd.heap.performed;
  const end = cmd.start + cmd.count;
  let i = cmd.start;
  while (i < end && p[i]) i++;
  if (i === end) return;
  let j = i;
  while (j + 1 < end && !p[j + 1]) j++;
  dev.msg('RESOLVE_QUERY_INVALID_QUERY_STATE', {
    heap: cmd.heap.id,
    list,
    first: i,
    last: j,
    indices: i === j ? String(i) : `${i}-${j}`,
  });
}

/** [Q-TIME-1] / [Q-VALUE-1] Carry out a query command on the GPU at modelled time `ns` (other commands: nothing). */
export function runQueryCommand(cmd: CommandOf<'EndQuery'> | CommandOf<'ResolveQueryData'>, ns: number): void {
  const heap = cmd.heap;
  if (cmd.op === 'EndQuery') {
    const values = cmd.values ?? [ticksAt(heap.device.facts, ns)];
    heap.data.set(values.slice(0, heap.words), cmd.index * heap.words);
    return;
  }
  const words = Math.min(heap.words, cmd.type === D3D12_QUERY_TYPE_BINARY_OCCLUSION ? 1 : heap.words);
  const out = cmd.dst.storage();
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  let at = cmd.offset;
  for (let q = cmd.start; q < cmd.start + cmd.count; q++)
    for (let w = 0; w < words; w++, at += 8) {
      if (at + 8 > out.byteLength) return;
      let v = heap.data[q * heap.words + w];
      // "Binary occlusion queries write 64-bits per query. The least significant bit is either 0 or 1."
      if (cmd.type === D3D12_QUERY_TYPE_BINARY_OCCLUSION) v = v > 0n ? 1n : 0n;
      view.setBigUint64(at, v, true);
    }
}
