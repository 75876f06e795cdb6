// [TILE-1] ID3D12CommandQueue::UpdateTileMappings: maps 64 KiB tiles of a reserved resource to tiles of a heap (or
// NULL), in the order of the regions and ranges given; it copies no data. GPU accesses to unmapped tiles are
// checked at ExecuteCommandLists ([TILE-2], submission.ts).

import type { DeviceContext } from './kernel';
import type { UpdateTileMappingsArgs } from './structs';
import {
  D3D12_TILE_RANGE_FLAG_NULL,
  D3D12_TILE_RANGE_FLAG_REUSE_SINGLE_TILE,
  D3D12_TILE_RANGE_FLAG_SKIP,
  D3D12_TILED_RESOURCE_TILE_SIZE_IN_BYTES,
} from './enums';

export function updateTileMappings(dev: DeviceContext, args: UpdateTileMappingsArgs): void {
  const r = args.Resource;
  if (!r || r.placement !== 'reserved' || !r.tiles) {
    dev.msg('UPDATETILEMAPPINGS_INVALID_PARAMETER', { resource: r ? r.id : 0 });
    return;
  }
  const tiles = r.tiles;
  const startCoord = args.ResourceRegionStartCoordinates?.[0];
  const tilesPerRow = r.isBuffer ? tiles.heap.length : Math.max(1, Math.ceil(r.desc.Width / 128));
  let cursor = startCoord ? (startCoord.X ?? 0) + (startCoord.Y ?? 0) * tilesPerRow : 0;
  const total = args.ResourceRegionSizes?.[0]?.NumTiles ?? tiles.heap.length;
  const nRanges = args.NumRanges ?? 1;
  const heap = args.Heap ?? null;
  let remaining = total;
  for (let k = 0; k < nRanges && remaining > 0; k++) {
    const flag = args.RangeFlags?.[k] ?? 0;
    const count = Math.min(args.RangeTileCounts?.[k] ?? remaining, remaining);
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
    for (let t = 0; t < count && cursor < tiles.heap.length; t++, cursor++) {
      if (flag & D3D12_TILE_RANGE_FLAG_SKIP) continue;
      if (flag & D3D12_TILE_RANGE_FLAG_NULL || !heap) {
        tiles.heap[cursor] = 0;
        tiles.heapTile[cursor] = 0;
        continue;
      }
      tiles.heap[cursor] = heap.id;
      tiles.heapTile[cursor] = flag & D3D12_TILE_RANGE_FLAG_REUSE_SINGLE_TILE ? heapStart : heapStart + t;
    }
    dev.sys.trace.push({
      k: 'tile',
      i: dev.sys.callIndex,
      res: r.id,
      heap: heap && !(flag & D3D12_TILE_RANGE_FLAG_NULL) ? heap.id : 0,
      firstTile: cursor - count,
      count,
      heapTile: heapStart,
    });
    remaining -= count;
  }
}
