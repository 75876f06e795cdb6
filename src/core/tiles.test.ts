// Rule-named tests for the tile additions (SPEC.md TILE-1, TILE-2, TILE-3): UpdateTileMappings with several regions
// and boxes, GetResourceTiling's standard tile shape, and copies into a reserved texture checked by the tiles under
// their box (a draw's SRV reads are left to the executor).
import { describe, expect, it } from 'vitest';
import * as D from './index';

/** Adapter 1, the discrete GPU, has Tiled Resources Tier 3; adapter 0, the integrated one, Tier 1. */
function world(adapterIndex = 1) {
  const sys = new D.D3D12System();
  sys.debugLayerEnabled = true;
  const factory = sys.CreateDXGIFactory2({}).out;
  const adapter = factory.EnumAdapters1({ Adapter: adapterIndex }).out!;
  const dev = sys.D3D12CreateDevice({ Adapter: adapter, MinimumFeatureLevel: D.D3D_FEATURE_LEVEL_11_0 }).out!;
  const queue = dev.CreateCommandQueue({ Type: D.D3D12_COMMAND_LIST_TYPE_DIRECT }).out!;
  const alloc = dev.CreateCommandAllocator({ type: D.D3D12_COMMAND_LIST_TYPE_DIRECT }).out!;
  const list = dev.CreateCommandList({ type: D.D3D12_COMMAND_LIST_TYPE_DIRECT, CommandAllocator: alloc }).out!;
  const tex = dev.CreateReservedResource({
    Desc: {
      Dimension: D.D3D12_RESOURCE_DIMENSION_TEXTURE2D,
      Width: 512,
      Height: 512,
      DepthOrArraySize: 1,
      MipLevels: 1,
      Format: D.DXGI_FORMAT_R8G8B8A8_UNORM,
      SampleDesc: { Count: 1, Quality: 0 },
      Layout: D.D3D12_TEXTURE_LAYOUT_64KB_UNDEFINED_SWIZZLE,
    },
    InitialState: D.D3D12_RESOURCE_STATE_COPY_DEST,
  }).out!;
  const heap = dev.CreateHeap({ SizeInBytes: 4 * 65536, Properties: { Type: D.D3D12_HEAP_TYPE_DEFAULT } }).out!;
  return { sys, dev, queue, list, tex, heap };
}

describe('tiles: regions, boxes, tiling, copy boxes', () => {
  it('[TILE-3] GetResourceTiling: 512 × 512 RGBA8 is 4 × 4 tiles of 128 × 128 texels', () => {
    const w = world();
    const t = w.dev.GetResourceTiling({ TiledResource: w.tex });
    expect(t.NumTilesForEntireResource).toBe(16);
    expect(t.StandardTileShapeForNonPackedMips).toEqual({ WidthInTexels: 128, HeightInTexels: 128, DepthInTexels: 1 });
    expect(t.SubresourceTilingsForNonPackedMips[0]).toMatchObject({ WidthInTiles: 4, HeightInTiles: 4 });
    expect(D.standardTileShape({ ...w.tex.desc, Format: D.DXGI_FORMAT_R8_UNORM }).WidthInTexels).toBe(256);
  });

  it('[TILE-1] several 1-tile regions and a box map, in order, to the heap tiles of the ranges', () => {
    const w = world();
    w.queue.UpdateTileMappings({
      Resource: w.tex,
      NumResourceRegions: 2,
      ResourceRegionStartCoordinates: [
        { X: 3, Y: 0 },
        { X: 1, Y: 2 },
      ],
      ResourceRegionSizes: [{ NumTiles: 1 }, { NumTiles: 2, UseBox: true, Width: 1, Height: 2, Depth: 1 }],
      Heap: w.heap,
      NumRanges: 2,
      RangeFlags: [D.D3D12_TILE_RANGE_FLAG_NONE, D.D3D12_TILE_RANGE_FLAG_NONE],
      HeapRangeStartOffsets: [2, 0],
      RangeTileCounts: [1, 2],
    });
    const mapped = [...w.tex.tiles!.heap].flatMap((h, t) => (h ? [[t, w.tex.tiles!.heapTile[t]]] : []));
    // tile (3,0) = 3 → heap tile 2; the box (1,2)-(1,3) = tiles 9 and 13 → heap tiles 0 and 1
    expect(mapped).toEqual([
      [3, 2],
      [9, 0],
      [13, 1],
    ]);
    const ev = w.sys.trace.events.filter((e) => e.k === 'tile');
    expect(ev.map((e) => e.k === 'tile' && [e.firstTile, e.count, e.heapTile])).toEqual([
      [3, 1, 2],
      [9, 1, 0],
      [13, 1, 1],
    ]);
  });

  it.each([
    [1, 'dropped'],
    [0, 'undefined'],
  ])(
    '[TILE-2] a copy into a reserved texture is checked by the tiles under its box (adapter %i: unmapped box %s)',
    (adapterIndex, outcome) => {
      const w = world(adapterIndex);
      w.queue.UpdateTileMappings({
        Resource: w.tex,
        NumResourceRegions: 1,
        ResourceRegionStartCoordinates: [{ X: 0, Y: 0 }],
        ResourceRegionSizes: [{ NumTiles: 1 }],
        Heap: w.heap,
        NumRanges: 1,
        HeapRangeStartOffsets: [0],
        RangeTileCounts: [1],
      });
      const upload = w.dev.CreateCommittedResource({
        HeapProperties: { Type: D.D3D12_HEAP_TYPE_UPLOAD },
        Desc: {
          Dimension: D.D3D12_RESOURCE_DIMENSION_BUFFER,
          Width: 65536,
          Height: 1,
          DepthOrArraySize: 1,
          MipLevels: 1,
          SampleDesc: { Count: 1, Quality: 0 },
          Layout: D.D3D12_TEXTURE_LAYOUT_ROW_MAJOR,
        },
        InitialResourceState: D.D3D12_RESOURCE_STATE_GENERIC_READ,
      }).out!;
      const copy = (x: number, y: number) =>
        w.list.CopyTextureRegion({
          Dst: { Resource: w.tex, Type: D.D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX, SubresourceIndex: 0 },
          DstX: x,
          DstY: y,
          DstZ: 0,
          Src: {
            Resource: upload,
            Type: D.D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT,
            PlacedFootprint: {
              Offset: 0,
              Footprint: { Format: D.DXGI_FORMAT_R8G8B8A8_UNORM, Width: 128, Height: 128, Depth: 1, RowPitch: 512 },
            },
          },
          SrcBox: null,
        });
      copy(0, 0); // tile 0: mapped
      copy(128, 0); // tile 1: not mapped
      w.list.Close();
      w.queue.ExecuteCommandLists({ CommandLists: [w.list] });
      const hz = w.sys.trace.events.filter((e) => e.k === 'hazard' && e.kind.startsWith('unmapped-tile'));
      expect(hz.map((e) => e.k === 'hazard' && [e.kind, e.detail.firstTile, e.detail.outcome])).toEqual([
        ['unmapped-tile-write', 1, outcome],
      ]);
      expect(w.sys.messages).toEqual([]);
    },
  );
});
