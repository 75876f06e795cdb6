// [TR-SUBMIT-2] The descriptors panel's "in flight" slots, on lesson A6's real trace: when the streamer writes the new
// SRV after frame 6, the slots frame 6 binds are still read by the GPU; deferred release writes elsewhere,
// immediate-free writes into one of them.
import { describe, expect, it } from 'vitest';
import { indexTrace } from '../../../core';
import { lessonA6 } from '../../../lessons/A6-descriptor-free-list';
import type { FreeListRow } from '../../../lessons/A6-descriptor-free-list/code';
import { layoutDescriptors, slotsInFlight } from './descriptors';

const run = (bugs: string[]) => lessonA6.run({ debugLayer: true, bugs: new Set(bugs), width: 64, height: 64 });

function lastWrite(bugs: string[]) {
  const r = run(bugs);
  const ix = indexTrace(r.sys.trace);
  const heap = r.out.heap as number;
  const last = ix.descriptors.filter((d) => d.heap === heap).pop()!;
  const rows = r.out.rows as FreeListRow[];
  return { ix, heap, last, frame6: rows[rows.length - 1].slots };
}

describe('descriptors panel: slots in flight', () => {
  it('deferred release: the slots frame 6 binds are in flight when the streamer writes, and the write lands elsewhere', () => {
    const { ix, heap, last, frame6 } = lastWrite([]);
    const inFlight = [...(slotsInFlight(ix, last.i).get(heap) ?? [])].sort();
    expect(inFlight).toEqual([...frame6].sort());
    expect(inFlight).not.toContain(last.index);
    const view = layoutDescriptors(ix, last.i).find((h) => h.heap === heap)!;
    expect(view.inFlight).toEqual([...frame6].sort((a, b) => a - b));
    expect(view.slots.filter((s) => s.inFlight).map((s) => s.index)).toEqual(view.inFlight);
  });

  it('immediate-free: the streamer writes into a slot frame 6 still reads; at the end nothing is in flight', () => {
    const { ix, heap, last } = lastWrite(['immediate-free']);
    expect([...(slotsInFlight(ix, last.i).get(heap) ?? [])]).toContain(last.index);
    expect(slotsInFlight(ix, ix.maxCall).get(heap)).toBeUndefined();
  });
});
