// The heap timeline's layout as data, over the lesson-sized trace of layoutsFixture.ts: bands, aliased bytes
// and aliasing barriers, mapped intervals, free space and alignment padding, rewinding, the time axis.

import { describe, expect, it } from 'vitest';
import { D3D12_HEAP_TYPE_DEFAULT, D3D12_HEAP_TYPE_UPLOAD } from '../../../core';
import { layoutHeapTimeline } from './heapTimeline';
import { alignmentGaps } from './heapPacking';
import { data, END, ids, ix, KiB } from './layoutsFixture';

describe('heap timeline', () => {
  const h = layoutHeapTimeline(ix, END, { width: 900, mode: 'call', domain: null, selection: null, withRows: true });
  it('draws one band per explicit heap and per committed heap type', () => {
    expect(h.bands.map((b) => b.key)).toEqual([
      `heap:${ids.heap}`,
      `committed:${D3D12_HEAP_TYPE_DEFAULT}`,
      `committed:${D3D12_HEAP_TYPE_UPLOAD}`,
    ]);
  });
  it('shows the aliased bytes of two placed resources and the aliasing barrier', () => {
    const alias = data(h.chart.marks, 'alias');
    expect(alias).toHaveLength(1);
    expect(alias[0].data!.alias).toBe(`${ids.aliasA},${ids.aliasB}`);
    const barrier = data(h.chart.marks, 'barrier');
    expect(barrier[0].data).toMatchObject({ barrier: 'aliasing', resource: ids.aliasB });
    expect(h.rows.find((r) => r.res === ids.aliasB)!.aliasedWith).toEqual([ids.aliasA]);
  });
  it('shades mapped intervals and marks free space at the cursor', () => {
    expect(data(h.chart.marks, 'mapped').map((m) => m.data!.mapped)).toEqual([ids.upload]);
    // A (64 KiB) is released at the last call; B (128 KiB) remains: 64 KiB free at the end of the 192 KiB heap
    expect(data(h.chart.marks, 'free').map((m) => m.data!.free)).toEqual([64 * KiB]);
  });
  it('rewinds: before the heap exists it is not drawn', () => {
    const early = layoutHeapTimeline(ix, ix.heaps.get(ids.heap)!.created - 1, {
      width: 900,
      mode: 'call',
      domain: null,
      selection: null,
    });
    expect(early.bands.map((b) => b.key)).toEqual([
      `committed:${D3D12_HEAP_TYPE_DEFAULT}`,
      `committed:${D3D12_HEAP_TYPE_UPLOAD}`,
    ]);
  });
  it('switches x to modelled time', () => {
    const t = layoutHeapTimeline(ix, END, { width: 900, mode: 'time', domain: null, selection: null });
    expect(t.axis.extent[1]).toBe(ix.maxTime);
  });
});

describe('gaps', () => {
  it('tells alignment padding from free space', () => {
    expect(
      alignmentGaps(
        [
          { offset: 0, size: 1000 },
          { offset: 65536, size: 65536 },
        ],
        262144,
      ),
    ).toEqual([
      { lo: 1000, hi: 65536, kind: 'padding' },
      { lo: 131072, hi: 262144, kind: 'free' },
    ]);
  });
});
