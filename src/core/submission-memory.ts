// What an execution's use of placed and reserved memory means at ExecuteCommandLists ([ALIAS-*], [TILE-2]): a placed
// resource used over bytes another placed resource touched later, without an ALIASING barrier, reads the previous
// occupant's data; a reserved resource's access to tiles with no heap memory reads zeros or is dropped. Both are
// hazards (no debug-layer message); submission.ts calls them for each resource use it validates.
import type { ID3D12Resource } from './resource';
import type { Command, Use } from './commands';
import type { SubmittingQueue } from './submission';
import { texelRectTiles } from './tiles';
import { D3D12_TILED_RESOURCE_TILE_SIZE_IN_BYTES } from './enums';

/**
 * [TILE-2] A GPU access to a reserved resource whose tiles are not mapped: reads of NULL-mapped tiles return zeros
 * (Tiled Resources Tier 2+; undefined on Tier 1), writes to them are dropped. No debug message (hazard only).
 * Buffers check the tiles of the byte range the command touches; textures every tile of the resource.
 */
export function tileCheck(queue: SubmittingQueue, cmd: Command, r: ID3D12Resource, u: Use): void {
  const tiles = r.tiles!;
  const T = D3D12_TILED_RESOURCE_TILE_SIZE_IN_BYTES;
  // a texture's tiles under a copy's box (the rest of the texture is not touched); a shader's reads through an SRV
  // are the shader's choice (a virtual texture's page table steers them), so the model does not guess them: the
  // executor shows what reading unmapped tiles returns (zeros on Tier 2+)
  const box = r.isBuffer ? null : copyTiles(cmd, r);
  if (!r.isBuffer && !box && !u.write && (cmd.op === 'DrawInstanced' || cmd.op === 'DrawIndexedInstanced')) return;
  const first = box ? Math.min(...box, tiles.heap.length) : u.range ? Math.floor(u.range[0] / T) : 0;
  const last = box
    ? Math.max(...box, -1)
    : u.range
      ? Math.min(tiles.heap.length - 1, Math.floor((Math.max(u.range[1], u.range[0] + 1) - 1) / T))
      : tiles.heap.length - 1;
  let unmapped = 0;
  if (box) for (const t of box) unmapped += tiles.heap[t] === 0 ? 1 : 0;
  else for (let t = first; t <= last; t++) if (tiles.heap[t] === 0) unmapped++;
  if (unmapped === 0) return;
  const tier = queue.device.facts.tiledResourcesTier;
  queue.sys.hazard(u.write ? 'unmapped-tile-write' : 'unmapped-tile-read', r.id, {
    op: cmd.op,
    firstTile: first,
    lastTile: last,
    unmappedTiles: unmapped,
    // Tier 2+ defines both (reads return zeros, writes are discarded); on Tier 1 either access is undefined
    // (D3D12_TILED_RESOURCES_TIER_1: "GPU reads or writes to NULL mappings are undefined")
    outcome: tier < 2 ? 'undefined' : u.write ? 'dropped' : 'zeros',
  });
}

export function aliasCheck(queue: SubmittingQueue, r: ID3D12Resource, u: Use): void {
  const heap = r.heap;
  if (!heap) return;
  const lo = r.heapOffset;
  const hi = r.heapOffset + r.size;
  for (const p of heap.placed) {
    if (p === r || p.heapOffset >= hi || p.heapOffset + p.size <= lo) continue;
    if (p.aliasTouched > r.aliasActivated && p.aliasTouched > r.aliasTouched) {
      queue.sys.hazard('aliasing-corruption', r.id, {
        other: p.id,
        heap: heap.id,
        outcome: 'previous occupant data',
      });
      r.aliasActivated = p.aliasTouched;
      break;
    }
  }
  if (r.aliasNeedsInit) {
    if (!u.init) queue.sys.hazard('aliased-not-initialized', r.id, { heap: heap.id, outcome: 'garbage' });
    r.aliasNeedsInit = false;
  }
  r.aliasTouched = queue.sys.nextAliasSeq();
}

/** [TILE-2] The tiles of a reserved texture a CopyTextureRegion writes (its destination box) or reads (its SrcBox); null otherwise. */
function copyTiles(cmd: Command, r: ID3D12Resource): number[] | null {
  if (cmd.op !== 'CopyTextureRegion') return null;
  if (cmd.dst.Resource === r) {
    const pf = cmd.src.PlacedFootprint?.Footprint;
    const b = cmd.SrcBox;
    const w = b ? b.right - b.left : (pf?.Width ?? r.desc.Width);
    const h = b ? b.bottom - b.top : (pf?.Height ?? r.desc.Height);
    return texelRectTiles(r, cmd.DstX, cmd.DstY, w, h);
  }
  const b = cmd.SrcBox;
  return b ? texelRectTiles(r, b.left, b.top, b.right - b.left, b.bottom - b.top) : null;
}
