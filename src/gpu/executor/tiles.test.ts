// The planning half of the executor's tiled-texture rules: which tiles have memory as of a call (from the trace's
// tile events) and each tile's texel rectangle.
import { describe, expect, it } from 'vitest';
import * as D from '../../core';
import { mappedTilesAt, tileRects } from './tiles';

describe('executor tiles', () => {
  it('mappedTilesAt follows UpdateTileMappings call by call; tileRects gives 128 × 128 texels per RGBA8 tile', () => {
    const sys = new D.D3D12System();
    const factory = sys.CreateDXGIFactory2({}).out;
    const adapter = factory.EnumAdapters1({ Adapter: 1 }).out!;
    const dev = sys.D3D12CreateDevice({ Adapter: adapter, MinimumFeatureLevel: D.D3D_FEATURE_LEVEL_11_0 }).out!;
    const queue = dev.CreateCommandQueue({ Type: D.D3D12_COMMAND_LIST_TYPE_DIRECT }).out!;
    const tex = dev.CreateReservedResource({
      Desc: {
        Dimension: D.D3D12_RESOURCE_DIMENSION_TEXTURE2D,
        Width: 256,
        Height: 200,
        DepthOrArraySize: 1,
        MipLevels: 1,
        Format: D.DXGI_FORMAT_R8G8B8A8_UNORM,
        SampleDesc: { Count: 1, Quality: 0 },
        Layout: D.D3D12_TEXTURE_LAYOUT_64KB_UNDEFINED_SWIZZLE,
      },
      InitialState: D.D3D12_RESOURCE_STATE_COMMON,
    }).out!;
    const heap = dev.CreateHeap({ SizeInBytes: 2 * 65536, Properties: { Type: D.D3D12_HEAP_TYPE_DEFAULT } }).out!;
    const map = (X: number, Heap: D.ID3D12Heap | null, flag: number) =>
      queue.UpdateTileMappings({
        Resource: tex,
        NumResourceRegions: 1,
        ResourceRegionStartCoordinates: [{ X, Y: 0 }],
        ResourceRegionSizes: [{ NumTiles: 1 }],
        Heap,
        NumRanges: 1,
        RangeFlags: [flag],
        HeapRangeStartOffsets: [0],
        RangeTileCounts: [1],
      });
    map(1, heap, D.D3D12_TILE_RANGE_FLAG_NONE);
    const mappedAt = sys.callIndex;
    map(1, null, D.D3D12_TILE_RANGE_FLAG_NULL);
    expect([...mappedTilesAt(sys.trace.events, tex, mappedAt)]).toEqual([0, 1, 0, 0]);
    expect([...mappedTilesAt(sys.trace.events, tex, sys.callIndex)]).toEqual([0, 0, 0, 0]);
    expect(tileRects(tex).map((r) => [r.x, r.y, r.w, r.h])).toEqual([
      [0, 0, 128, 128],
      [128, 0, 128, 128],
      [0, 128, 128, 72],
      [128, 128, 128, 72],
    ]);
  });
});
