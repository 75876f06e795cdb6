// [TILE-1] ID3D12CommandQueue::UpdateTileMappings: maps 64 KiB tiles of a reserved resource to tiles of a heap (or
// NULL), in the order of the regions and ranges given; it copies no data. GPU accesses to unmapped tiles are
// checked at ExecuteCommandLists ([TILE-2], submission.ts). [TILE-3] GetResourceTiling: the standard tile shape.

import type { DeviceContext } from './kernel';
import type { ID3D12Resource } from './resource';
import type { D3D12_RESOURCE_DESC, UpdateTileMappingsArgs } from './structs';
import { formatInfo } from './formats';
import {
  D3D12_TILE_RANGE_FLAG_NULL,
  D3D12_TILE_RANGE_FLAG_REUSE_SINGLE_TILE,
  D3D12_TILE_RANGE_FLAG_SKIP,
  D3D12_TILED_RESOURCE_TILE_SIZE_IN_BYTES,
} from './enums';

/** [TILE-3] The standard 64 KiB tile of a 2D texture, in texels (in blocks for BC formats): 8 bpp 256 × 256 … 128 bpp 64 × 64. */
export function standardTileShape(d: D3D12_RESOURCE_DESC): {
  WidthInTexels: number;
  HeightInTexels: number;
  DepthInTexels: number;
} {
  const fi = formatInfo(d.Format);
  const bytes = fi ? fi.bytes : 4;
  const block = fi ? fi.block : 1;
  const shapes: Record<number, [number, number]> = {
    1: [256, 256],
    2: [256, 128],
    4: [128, 128],
    8: [128, 64],
    16: [64, 64],
  };
  const [w, h] = shapes[bytes] ?? [128, 128];
  return { WidthInTexels: w * block, HeightInTexels: h * block, DepthInTexels: 1 };
}

/** Tiles per row of a reserved resource's first subresource (a buffer is one row of tiles). */
export function tilesPerRow(r: ID3D12Resource): number {
  if (r.isBuffer || !r.tiles) return r.tiles ? r.tiles.heap.length : 1;
  return Math.max(1, Math.ceil(r.desc.Width / standardTileShape(r.desc).WidthInTexels));
}

/** [TILE-2] The tiles of subresource 0 under a texel rectangle of a reserved texture (indices into `tiles`). */
export function texelRectTiles(r: ID3D12Resource, x: number, y: number, w: number, h: number): number[] {
  if (!r.tiles || w <= 0 || h <= 0) return [];
  const s = standardTileShape(r.desc);
  const per = tilesPerRow(r);
  const out: number[] = [];
  for (let ty = Math.floor(y / s.HeightInTexels); ty <= Math.floor((y + h - 1) / s.HeightInTexels); ty++)
    for (let tx = Math.floor(x / s.WidthInTexels); tx <= Math.floor((x + w - 1) / s.WidthInTexels); tx++) {
      const t = ty * per + tx;
      if (tx < per && t < r.tiles.heap.length) out.push(t);
    }
  return out;
}

/** [TILE-3] ID3D12Device::GetResourceTiling for a reserved resource (one subresource, no packed mips modelled). */
export function resourceTiling(r: ID3D12Resource) {
  const n = r.tiles ? r.tiles.heap.length : 0;
  const shape = r.isBuffer
    ? { WidthInTexels: D3D12_TILED_RESOURCE_TILE_SIZE_IN_BYTES, HeightInTexels: 1, DepthInTexels: 1 }
    : standardTileShape(r.desc);
  const per = r.isBuffer ? n : tilesPerRow(r);
  return {
    NumTilesForEntireResource: n,
    PackedMipDesc: {
      NumStandardMips: r.mips,
      NumPackedMips: 0,
      NumTilesForPackedMips: 0,
      StartTileIndexInOverallResource: n,
    },
    StandardTileShapeForNonPackedMips: shape,
    SubresourceTilingsForNonPackedMips: [
      {
        WidthInTiles: per,
        HeightInTiles: Math.max(1, Math.ceil(n / per)),
        DepthInTiles: 1,
        StartTileIndexInOverallResource: 0,
      },
    ],
  };
}

/** The resource tiles the regions name, in order: each region from its start coordinate, a box or NumTiles in row order. */
function regionTiles(r: ID3D12Resource, args: UpdateTileMappingsArgs): number[] {
  const n = r.tiles!.heap.length;
  const per = tilesPerRow(r);
  const regions = Math.max(1, args.NumResourceRegions ?? 1);
  const out: number[] = [];
  for (let k = 0; k < regions; k++) {
    const c = args.ResourceRegionStartCoordinates?.[k];
    const size = args.ResourceRegionSizes?.[k];
    const x0 = c?.X ?? 0;
    const y0 = c?.Y ?? 0;
    if (size?.UseBox) {
      for (let y = y0; y < y0 + (size.Height ?? 1); y++)
        for (let x = x0; x < x0 + (size.Width ?? 1); x++) if (x < per && y * per + x < n) out.push(y * per + x);
    } else {
      // no sizes given: one region covering the rest of the resource (the model's reading of a NULL array)
      const count = size?.NumTiles ?? (k === 0 ? n : 1);
      for (let t = x0 + y0 * per; t < x0 + y0 * per + count && t < n; t++) out.push(t);
    }
  }
  return out;
}

export function updateTileMappings(dev: DeviceContext, args: UpdateTileMappingsArgs): void {
  const r = args.Resource;
  if (!r || r.placement !== 'reserved' || !r.tiles) {
    dev.msg('UPDATETILEMAPPINGS_INVALID_PARAMETER', { resource: r ? r.id : 0 });
    return;
  }
  const tiles = r.tiles;
  const order = regionTiles(r, args);
  const nRanges = args.NumRanges ?? 1;
  const heap = args.Heap ?? null;
  let next = 0;
  for (let k = 0; k < nRanges && next < order.length; k++) {
    const flag = args.RangeFlags?.[k] ?? 0;
    const count = Math.min(args.RangeTileCounts?.[k] ?? order.length - next, order.length - next);
    const heapStart = args.HeapRangeStartOffsets?.[k] ?? 0;
    if (
      !(flag & D3D12_TILE_RANGE_FLAG_NULL) &&
      !(flag & D3D12_TILE_RANGE_FLAG_SKIP) &&
      heap &&
      (heapStart + (flag & D3D12_TILE_RANGE_FLAG_REUSE_SINGLE_TILE ? 1 : count)) *
        D3D12_TILED_RESOURCE_TILE_SIZE_IN_BYTES >
        heap.SizeInBytes
    ) {
      dev.msg('UPDATETILEMAPPINGS_INVALID_PARAMETER', { heap: heap.id, offset: heapStart, count });
      break;
    }
    const mapped = !(flag & D3D12_TILE_RANGE_FLAG_NULL) && !!heap;
    // one trace event per run of consecutive resource tiles (regions need not be contiguous)
    let run: { first: number; count: number; heapTile: number } | null = null;
    const flush = () => {
      if (run)
        dev.sys.trace.push({
          k: 'tile',
          i: dev.sys.callIndex,
          res: r.id,
          heap: mapped ? heap!.id : 0,
          firstTile: run.first,
          count: run.count,
          heapTile: run.heapTile,
        });
      run = null;
    };
    for (let t = 0; t < count; t++, next++) {
      if (flag & D3D12_TILE_RANGE_FLAG_SKIP) continue;
      const tile = order[next];
      const heapTile = mapped ? (flag & D3D12_TILE_RANGE_FLAG_REUSE_SINGLE_TILE ? heapStart : heapStart + t) : 0;
      tiles.heap[tile] = mapped ? heap!.id : 0;
      tiles.heapTile[tile] = heapTile;
      const cur = run as { first: number; count: number; heapTile: number } | null;
      if (cur && cur.first + cur.count === tile && cur.heapTile + cur.count === heapTile) cur.count++;
      else {
        flush();
        run = { first: tile, count: 1, heapTile };
      }
    }
    flush();
  }
}
