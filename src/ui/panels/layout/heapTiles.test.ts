// The heap timeline's tile bars: mappings of a reserved resource's tiles become spans in the heap they map into,
// from the UpdateTileMappings that mapped them to the one that replaced them, consecutive heap tiles merged.
import { describe, expect, it } from 'vitest';
import * as D from '../../../core';
import { tileSpans } from './heapTiles';

describe('heap timeline: tiles of reserved resources', () => {
  it('one span per run of heap tiles, closed by the NULL mapping that ends it', () => {
    const sys = new D.D3D12System();
    const factory = sys.CreateDXGIFactory2({}).out;
    const adapter = factory.EnumAdapters1({ Adapter: 1 }).out!;
    const dev = sys.D3D12CreateDevice({ Adapter: adapter, MinimumFeatureLevel: D.D3D_FEATURE_LEVEL_11_0 }).out!;
    const queue = dev.CreateCommandQueue({ Type: D.D3D12_COMMAND_LIST_TYPE_DIRECT }).out!;
    const buf = dev.CreateReservedResource({
      Desc: {
        Dimension: D.D3D12_RESOURCE_DIMENSION_BUFFER,
        Width: 4 * 65536,
        Height: 1,
        DepthOrArraySize: 1,
        MipLevels: 1,
        SampleDesc: { Count: 1, Quality: 0 },
        Layout: D.D3D12_TEXTURE_LAYOUT_ROW_MAJOR,
      },
      InitialState: D.D3D12_RESOURCE_STATE_COMMON,
    }).out!;
    const heap = dev.CreateHeap({ SizeInBytes: 4 * 65536, Properties: { Type: D.D3D12_HEAP_TYPE_DEFAULT } }).out!;
    const update = (X: number, n: number, Heap: D.ID3D12Heap | null, start: number) =>
      queue.UpdateTileMappings({
        Resource: buf,
        NumResourceRegions: 1,
        ResourceRegionStartCoordinates: [{ X }],
        ResourceRegionSizes: [{ NumTiles: n }],
        Heap,
        NumRanges: 1,
        RangeFlags: [Heap ? D.D3D12_TILE_RANGE_FLAG_NONE : D.D3D12_TILE_RANGE_FLAG_NULL],
        HeapRangeStartOffsets: [start],
        RangeTileCounts: [n],
      });
    update(0, 2, heap, 1);
    const mapped = sys.callIndex;
    // read once while both tiles are mapped (the scan then continues from where it stopped as the trace grows)
    expect(
      tileSpans(D.indexTrace(sys.trace))
        .get(heap.id)!
        .map((s) => [s.heapTile, s.count, s.to]),
    ).toEqual([[1, 2, null]]);
    update(1, 1, null, 0);
    const unmapped = sys.callIndex;
    const spans = tileSpans(D.indexTrace(sys.trace)).get(heap.id)!;
    expect(spans.map((s) => [s.res, s.heapTile, s.count, s.from, s.to])).toEqual([
      [buf.id, 1, 1, mapped, null],
      [buf.id, 2, 1, mapped, unmapped],
    ]);
  });
});
