// The panels' shared ground, over the lesson-sized trace of layoutsFixture.ts: how values are printed (offsets,
// times, state names) and what the trace index collects (resources, heaps, placements, lifetimes), and that it
// grows with the trace instead of being rebuilt.

import { describe, expect, it } from 'vitest';
import {
  D3D12_HEAP_TYPE_DEFAULT,
  D3D12_HEAP_TYPE_UPLOAD,
  D3D12_RESOURCE_STATE_GENERIC_READ,
  indexTrace,
} from '../../../core';
import { fmtOffset, fmtMs, stateName } from './format';
import { buffer, device, END, ids, ix, KiB } from './layoutsFixture';

describe('format', () => {
  it('prints offsets in hex and KiB, times in ms, states by their D3D12 names', () => {
    expect(fmtOffset(0x10000)).toBe('0x10000 (64 KiB)');
    expect(fmtOffset(1536)).toBe('0x600 (1.50 KiB)');
    expect(fmtMs(1_500_000)).toBe('1.50 ms');
    expect(stateName(0x400)).toBe('D3D12_RESOURCE_STATE_COPY_DEST');
    expect(stateName(0xac3)).toBe('D3D12_RESOURCE_STATE_GENERIC_READ');
    expect(stateName(0x4 | 0x800)).toBe('D3D12_RESOURCE_STATE_RENDER_TARGET|D3D12_RESOURCE_STATE_COPY_SOURCE');
  });
});

describe('trace index', () => {
  it('collects resources, heaps, placements and lifetimes', () => {
    expect(ix.resources.get(ids.texture)).toMatchObject({
      heap: -1,
      heapType: D3D12_HEAP_TYPE_DEFAULT,
      size: 64 * KiB,
      placement: 'committed',
      subCount: 2,
      freed: null,
    });
    expect(ix.heaps.get(ids.heap)).toMatchObject({ size: 192 * KiB });
    expect(ix.resources.get(ids.aliasA)).toMatchObject({
      heap: ids.heap,
      offset: 0,
      size: 64 * KiB,
      placement: 'placed',
    });
    expect(ix.resources.get(ids.aliasB)).toMatchObject({
      heap: ids.heap,
      offset: 0,
      size: 128 * KiB,
      placement: 'placed',
    });
    expect(ix.resources.get(ids.aliasA)!.freed).toBe(END);
    // Map then Unmap: one mapped interval, from the Map call to the Unmap call
    const map = ix.calls.find((c) => c?.api === 'ID3D12Resource::Map')!.i;
    expect(ix.resources.get(ids.upload)!.mapped).toEqual([{ sub: 0, from: map, to: map + 1 }]);
    expect(ix.aliasing).toEqual([expect.objectContaining({ before: ids.aliasA, after: ids.aliasB })]);
  });
  it('is extended, not rebuilt, when the trace grows', () => {
    const { sys, dev } = device();
    const upload = () =>
      dev.CreateCommittedResource({
        HeapProperties: { Type: D3D12_HEAP_TYPE_UPLOAD },
        Desc: buffer(4096),
        InitialResourceState: D3D12_RESOURCE_STATE_GENERIC_READ,
      });
    upload();
    const first = indexTrace(sys.trace);
    expect(first.resources.size).toBe(1);
    upload();
    const again = indexTrace(sys.trace);
    expect(again).toBe(first);
    expect(again.resources.size).toBe(2);
  });
});
