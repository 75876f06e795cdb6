// Lesson A4 — A virtual texture on a reserved resource. The texture is 1024 × 1024 texels (4 MiB of address space) but
// the program owns a heap of only 12 tiles (768 KiB). Each frame the camera moves; the tiles it sees are mapped into
// the heap (ID3D12CommandQueue::UpdateTileMappings), filled by a copy, and marked resident in a page table the pixel
// shader reads first; tiles that left the view are unmapped and their heap tiles go back to the free list.
import {
  type D3D12System,
  type ID3D12Resource,
  D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE,
  D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
  D3D12_FILTER_MIN_MAG_MIP_POINT,
  D3D12_HEAP_FLAG_ALLOW_ONLY_NON_RT_DS_TEXTURES,
  D3D12_HEAP_FLAG_NONE,
  D3D12_HEAP_TYPE_DEFAULT,
  D3D12_HEAP_TYPE_UPLOAD,
  D3D12_RESOURCE_DIMENSION_BUFFER,
  D3D12_RESOURCE_DIMENSION_TEXTURE2D,
  D3D12_RESOURCE_FLAG_NONE,
  D3D12_RESOURCE_STATE_COPY_DEST,
  D3D12_RESOURCE_STATE_GENERIC_READ,
  D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE,
  D3D12_TEXTURE_ADDRESS_MODE_CLAMP,
  D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT,
  D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX,
  D3D12_TEXTURE_LAYOUT_64KB_UNDEFINED_SWIZZLE,
  D3D12_TEXTURE_LAYOUT_ROW_MAJOR,
  D3D12_TEXTURE_LAYOUT_UNKNOWN,
  D3D12_TILE_RANGE_FLAG_NONE,
  D3D12_TILE_RANGE_FLAG_NULL,
  D3D12_TILED_RESOURCE_TILE_SIZE_IN_BYTES,
  DXGI_FORMAT_R8G8B8A8_UNORM,
  DXGI_FORMAT_UNKNOWN,
} from '../../core';
import { ThrowIfFailed } from '../runner';
import type { LessonEnv } from '../types';
import { Transition, createFrame } from '../common/frame';
import { DrawTexturedQuad, StaticSampler, srvDesc } from '../14-texture-states/code';
import { CreateVirtualTexturePipeline } from './pipeline';
import { PAGE_TABLE_TILES } from './shaders';

export const VirtualSize = 1024;
/** Heap tiles the program owns: more than a view ever needs (at most 3 × 3), far fewer than the texture's 64. */
export const HeapTiles = 12;
/** The camera's view: ViewTexels × ViewTexels texels of the virtual texture on the 64 × 64 canvas. */
export const ViewTexels = 192;
export const FrameTotal = 10;
/** Frame n's view: its top-left texel (the camera drifts right and down). */
export const viewOrigin = (n: number): [number, number] => [24 + 56 * n, 40 + 30 * n];

/** The colour of tile (tx, ty): a hue per tile, with 32-texel squares a shade darker, so the movement shows. */
export function tileTexel(tx: number, ty: number, x: number, y: number): [number, number, number, number] {
  const base = [60 + ((tx * 37) % 180), 60 + ((ty * 53 + tx * 11) % 180), 200 - (((tx + ty) * 17) % 140)];
  const dark = ((x >> 5) + (y >> 5)) % 2 === 1;
  return [...base.map((c) => (dark ? c - 40 : c)), 255] as [number, number, number, number];
}

/** The tiles (tx, ty) a view with top-left (x, y) shows, as tile indices ty × tilesPerRow + tx. */
export function tilesInView(x: number, y: number, tile: number, perRow: number): number[] {
  const out: number[] = [];
  for (let ty = Math.floor(y / tile); ty <= Math.floor((y + ViewTexels - 1) / tile); ty++)
    for (let tx = Math.floor(x / tile); tx <= Math.floor((x + ViewTexels - 1) / tile); tx++) out.push(ty * perRow + tx);
  return out;
}

export interface FrameRow {
  frame: number;
  view: [number, number];
  visible: number[];
  mapped: number[];
  unmapped: number[];
  resident: number[];
  heapSlots: Record<number, number>;
  present: number;
}

const bufferDesc = (Width: number) => ({
  Dimension: D3D12_RESOURCE_DIMENSION_BUFFER,
  Alignment: 0,
  Width,
  Height: 1,
  DepthOrArraySize: 1,
  MipLevels: 1,
  Format: DXGI_FORMAT_UNKNOWN,
  SampleDesc: { Count: 1, Quality: 0 },
  Layout: D3D12_TEXTURE_LAYOUT_ROW_MAJOR,
  Flags: D3D12_RESOURCE_FLAG_NONE,
});

export function main(sys: D3D12System, env: LessonEnv, out: Record<string, unknown>) {
  const bug = (id: string) => env.bugs.has(id);
  const frame = createFrame(sys, env); // lessons 2–4 (src/lessons/common/frame.ts)
  const { device, list, allocator, queue } = frame;
  const pso = CreateVirtualTexturePipeline(
    sys,
    device,
    StaticSampler(D3D12_FILTER_MIN_MAG_MIP_POINT, D3D12_TEXTURE_ADDRESS_MODE_CLAMP),
  );

  // 1. The virtual texture: a reserved resource in the 64KB swizzle layout. No memory yet, only address space.
  const virtualTexture = ThrowIfFailed(
    device.CreateReservedResource({
      Desc: {
        Dimension: D3D12_RESOURCE_DIMENSION_TEXTURE2D,
        Alignment: 0,
        Width: VirtualSize,
        Height: VirtualSize,
        DepthOrArraySize: 1,
        MipLevels: 1,
        Format: DXGI_FORMAT_R8G8B8A8_UNORM,
        SampleDesc: { Count: 1, Quality: 0 },
        Layout: D3D12_TEXTURE_LAYOUT_64KB_UNDEFINED_SWIZZLE,
        Flags: D3D12_RESOURCE_FLAG_NONE,
      },
      InitialState: D3D12_RESOURCE_STATE_COPY_DEST,
      OptimizedClearValue: null,
    }),
  );
  virtualTexture.SetName({ Name: 'virtual texture (reserved)' });
  const tiling = device.GetResourceTiling({ TiledResource: virtualTexture });
  const tile = tiling.StandardTileShapeForNonPackedMips.WidthInTexels; // 128 texels of RGBA8 = 64 KiB
  const perRow = tiling.SubresourceTilingsForNonPackedMips[0].WidthInTiles; // 8

  // 2. The physical pool: a heap of HeapTiles tiles, handed out through a free list
  const tileHeap = ThrowIfFailed(
    device.CreateHeap({
      SizeInBytes: HeapTiles * D3D12_TILED_RESOURCE_TILE_SIZE_IN_BYTES,
      Properties: { Type: D3D12_HEAP_TYPE_DEFAULT },
      Flags: D3D12_HEAP_FLAG_ALLOW_ONLY_NON_RT_DS_TEXTURES,
    }),
  );
  tileHeap.SetName({ Name: `tile pool (${HeapTiles} tiles)` });
  const freeSlots = Array.from({ length: HeapTiles }, (_, k) => HeapTiles - 1 - k); // pop() hands out slot 0 first
  const slotOf = new Map<number, number>(); // resource tile → heap tile
  const resident = new Set<number>(); // what the page table says

  // 3. The page table: PAGE_TABLE_TILES² texels, one per tile (red = resident), a committed texture
  const pageDesc = {
    Dimension: D3D12_RESOURCE_DIMENSION_TEXTURE2D,
    Alignment: 0,
    Width: PAGE_TABLE_TILES,
    Height: PAGE_TABLE_TILES,
    DepthOrArraySize: 1,
    MipLevels: 1,
    Format: DXGI_FORMAT_R8G8B8A8_UNORM,
    SampleDesc: { Count: 1, Quality: 0 },
    Layout: D3D12_TEXTURE_LAYOUT_UNKNOWN,
    Flags: D3D12_RESOURCE_FLAG_NONE,
  };
  const pageTable = ThrowIfFailed(
    device.CreateCommittedResource({
      HeapProperties: { Type: D3D12_HEAP_TYPE_DEFAULT },
      HeapFlags: D3D12_HEAP_FLAG_NONE,
      Desc: pageDesc,
      InitialResourceState: D3D12_RESOURCE_STATE_COPY_DEST,
      OptimizedClearValue: null,
    }),
  );
  pageTable.SetName({ Name: 'page table' });

  // 4. Staging memory: 9 tile slots (a view shows at most 3 × 3 tiles), the page table, each frame's quad
  const TileBytes = tile * tile * 4; // rows of 512 bytes: already a multiple of 256
  const PageOffset = 9 * TileBytes;
  const QuadOffset = PageOffset + 256 * PAGE_TABLE_TILES;
  const upload = ThrowIfFailed(
    device.CreateCommittedResource({
      HeapProperties: { Type: D3D12_HEAP_TYPE_UPLOAD },
      HeapFlags: D3D12_HEAP_FLAG_NONE,
      Desc: bufferDesc(QuadOffset + FrameTotal * 256),
      InitialResourceState: D3D12_RESOURCE_STATE_GENERIC_READ,
      OptimizedClearValue: null,
    }),
  );
  upload.SetName({ Name: 'staging (tiles, page table, quads)' });
  const staging = ThrowIfFailed(upload.Map({ Subresource: 0, ReadRange: { Begin: 0, End: 0 } }));

  // 5. The SRVs: t0 the virtual texture, t1 the page table, side by side in a shader-visible heap
  const srvHeap = ThrowIfFailed(
    device.CreateDescriptorHeap({
      Type: D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
      NumDescriptors: 2,
      Flags: D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE,
    }),
  );
  const srvSize = device.GetDescriptorHandleIncrementSize({
    DescriptorHeapType: D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
  });
  const cpu0 = srvHeap.GetCPUDescriptorHandleForHeapStart();
  device.CreateShaderResourceView({ Resource: virtualTexture, Desc: srvDesc, DestDescriptor: cpu0 });
  device.CreateShaderResourceView({ Resource: pageTable, Desc: srvDesc, DestDescriptor: { ptr: cpu0.ptr + srvSize } });

  const rows: FrameRow[] = [];
  for (let n = 0; n < FrameTotal; n++) {
    const [vx, vy] = viewOrigin(n);
    const visible = tilesInView(vx, vy, tile, perRow);
    const leaving = [...resident].filter((t) => !visible.includes(t));
    const entering = visible.filter((t) => !resident.has(t));
    const region = (t: number) => ({ X: t % perRow, Y: Math.floor(t / perRow), Z: 0, Subresource: 0 });
    const oneTile = { NumTiles: 1, UseBox: false, Width: 1, Height: 1, Depth: 1 };

    // Tiles out of view: NULL-mapped (their memory goes back to the free list), and no longer resident
    if (leaving.length) {
      queue.UpdateTileMappings({
        Resource: virtualTexture,
        NumResourceRegions: leaving.length,
        ResourceRegionStartCoordinates: leaving.map(region),
        ResourceRegionSizes: leaving.map(() => oneTile),
        Heap: null,
        NumRanges: 1,
        RangeFlags: [D3D12_TILE_RANGE_FLAG_NULL],
        HeapRangeStartOffsets: [0],
        RangeTileCounts: [leaving.length],
        Flags: 0,
      });
      for (const t of leaving) {
        freeSlots.push(slotOf.get(t)!);
        slotOf.delete(t);
        resident.delete(t);
      }
    }
    // Tiles coming into view: one heap tile each from the free list, mapped in one call (a region and a range per tile)
    for (const t of entering) slotOf.set(t, freeSlots.pop()!);
    // BUG unmapped-tile-read: once the camera moves, the new tiles get a heap slot and a page-table entry, but the
    // UpdateTileMappings call that would give them that memory is never made
    if (entering.length && !(bug('unmapped-tile-read') && n > 0)) {
      queue.UpdateTileMappings({
        Resource: virtualTexture,
        NumResourceRegions: entering.length,
        ResourceRegionStartCoordinates: entering.map(region),
        ResourceRegionSizes: entering.map(() => oneTile),
        Heap: tileHeap,
        NumRanges: entering.length,
        RangeFlags: entering.map(() => D3D12_TILE_RANGE_FLAG_NONE),
        HeapRangeStartOffsets: entering.map((t) => slotOf.get(t)!),
        RangeTileCounts: entering.map(() => 1),
        Flags: 0,
      });
    }
    for (const t of entering) resident.add(t);

    // Stage the new tiles' texels and the page table (the GPU finished the previous frame: the staging is free)
    entering.forEach((t, k) => {
      const tx = t % perRow;
      const ty = Math.floor(t / perRow);
      for (let y = 0; y < tile; y++)
        for (let x = 0; x < tile; x++) staging.set(tileTexel(tx, ty, x, y), k * TileBytes + y * tile * 4 + x * 4);
    });
    for (let t = 0; t < PAGE_TABLE_TILES * PAGE_TABLE_TILES; t++)
      staging.set(
        resident.has(t) ? [255, 0, 0, 255] : [0, 0, 0, 0],
        PageOffset + Math.floor(t / perRow) * 256 + (t % perRow) * 4,
      );
    // This frame's quad: the view's texels, as UVs of the virtual texture
    const [u0, v0, u1, v1] = [
      vx / VirtualSize,
      vy / VirtualSize,
      (vx + ViewTexels) / VirtualSize,
      (vy + ViewTexels) / VirtualSize,
    ];
    const quad = new Float32Array([
      -1,
      1,
      0,
      u0,
      v0,
      1,
      1,
      0,
      u1,
      v0,
      1,
      -1,
      0,
      u1,
      v1,
      -1,
      1,
      0,
      u0,
      v0,
      1,
      -1,
      0,
      u1,
      v1,
      -1,
      -1,
      0,
      u0,
      v1,
    ]);
    staging.set(new Uint8Array(quad.buffer), QuadOffset + n * 256);

    ThrowIfFailed({ hr: allocator.Reset() });
    ThrowIfFailed({ hr: list.Reset({ Allocator: allocator, InitialState: null }) });
    if (n > 0)
      list.ResourceBarrier({
        NumBarriers: 2,
        Barriers: [
          Transition(virtualTexture, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, D3D12_RESOURCE_STATE_COPY_DEST),
          Transition(pageTable, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, D3D12_RESOURCE_STATE_COPY_DEST),
        ],
      });
    entering.forEach((t, k) => CopyTile(list, virtualTexture, upload, k * TileBytes, tile, t, perRow));
    list.CopyTextureRegion({
      Dst: { Resource: pageTable, Type: D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX, SubresourceIndex: 0 },
      DstX: 0,
      DstY: 0,
      DstZ: 0,
      Src: {
        Resource: upload,
        Type: D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT,
        PlacedFootprint: {
          Offset: PageOffset,
          Footprint: {
            Format: DXGI_FORMAT_R8G8B8A8_UNORM,
            Width: PAGE_TABLE_TILES,
            Height: PAGE_TABLE_TILES,
            Depth: 1,
            RowPitch: 256,
          },
        },
      },
      SrcBox: null,
    });
    list.ResourceBarrier({
      NumBarriers: 2,
      Barriers: [
        Transition(virtualTexture, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE),
        Transition(pageTable, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE),
      ],
    });
    const view = {
      BufferLocation: upload.GetGPUVirtualAddress() + QuadOffset + n * 256,
      SizeInBytes: 120,
      StrideInBytes: 20,
    };
    // lesson 14's frame: clear, draw the quad with the table at the heap's start, present, wait for the GPU
    DrawTexturedQuad(frame, pso, { vertexBuffer: upload, view }, srvHeap, srvHeap.GetGPUDescriptorHandleForHeapStart());
    const present = sys.trace.events.findLast((e) => e.k === 'present')?.i ?? sys.callIndex;
    rows.push({
      frame: n + 1,
      view: [vx, vy],
      visible,
      mapped: entering,
      unmapped: leaving,
      resident: [...resident].sort((a, b) => a - b),
      heapSlots: Object.fromEntries(slotOf),
      present,
    });
  }
  out.rows = rows;
  out.perRow = perRow;
  out.tile = tile;
  out.virtualTexture = virtualTexture.id;
  out.pageTable = pageTable.id;
}

/** CopyTextureRegion of one staged tile (tile × tile texels at `offset` of the upload buffer) into its place. */
function CopyTile(
  list: Parameters<typeof DrawTexturedQuad>[0]['list'],
  dst: ID3D12Resource,
  upload: ID3D12Resource,
  offset: number,
  tile: number,
  t: number,
  perRow: number,
) {
  list.CopyTextureRegion({
    Dst: { Resource: dst, Type: D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX, SubresourceIndex: 0 },
    DstX: (t % perRow) * tile,
    DstY: Math.floor(t / perRow) * tile,
    DstZ: 0,
    Src: {
      Resource: upload,
      Type: D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT,
      PlacedFootprint: {
        Offset: offset,
        Footprint: { Format: DXGI_FORMAT_R8G8B8A8_UNORM, Width: tile, Height: tile, Depth: 1, RowPitch: tile * 4 },
      },
    },
    SrcBox: null,
  });
}
