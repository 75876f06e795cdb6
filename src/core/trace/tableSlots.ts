// [TR-SUBMIT-2] What an accepted `submit` event says about descriptor tables: the (heap, slot) pairs its lists'
// tables read, each once, in first-read order (the descriptors panel marks them "in flight" until the `gpu` event).

export function tableSlotsOf(
  reads: readonly { heap: { id: number }; index: number }[],
): { heap: number; index: number }[] {
  const seen = new Set<string>();
  const out: { heap: number; index: number }[] = [];
  for (const r of reads) {
    const key = `${r.heap.id}:${r.index}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ heap: r.heap.id, index: r.index });
  }
  return out;
}
