// Reserved (tiled) textures on WebGPU, which has no sparse textures: the executor keeps an ordinary texture for the
// reserved resource and applies the Tiled Resources Tier 2+ rules to it from the trace's `tile` events ([TILE-1]):
// a copy's texels that land in a tile with no heap memory are dropped (zeroed right after the copy), and a tile that
// is unmapped when a submission starts reads zeros (zeroed then, if anything was written into it). What a tile
// remapped onto a heap tile that held other data would show (that heap tile's old contents) is not modelled: the
// texture keeps what was last copied into that resource tile. No WebGPU calls in the planning half (unit-tested).
import { formatInfo, standardTileShape, tilesPerRow, type ID3D12Resource, type TraceEvent } from '../../core';

export interface TileRect {
  tile: number;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Which tiles of a reserved resource have heap memory after the trace's events up to and including call `call`. */
export function mappedTilesAt(events: readonly TraceEvent[], res: ID3D12Resource, call: number): Uint8Array {
  const n = res.tiles ? res.tiles.heap.length : 0;
  const mapped = new Uint8Array(n);
  for (const e of events) {
    if (e.i > call) break;
    if (e.k !== 'tile' || e.res !== res.id) continue;
    for (let t = e.firstTile; t < e.firstTile + e.count && t < n; t++) mapped[t] = e.heap ? 1 : 0;
  }
  return mapped;
}

/** The texel rectangle of each tile of a reserved 2D texture's first subresource. */
export function tileRects(res: ID3D12Resource): TileRect[] {
  if (!res.tiles || res.isBuffer) return [];
  const s = standardTileShape(res.desc);
  const per = tilesPerRow(res);
  const out: TileRect[] = [];
  for (let t = 0; t < res.tiles.heap.length; t++) {
    const x = (t % per) * s.WidthInTexels;
    const y = Math.floor(t / per) * s.HeightInTexels;
    if (x >= res.desc.Width || y >= res.desc.Height) continue;
    out.push({
      tile: t,
      x,
      y,
      w: Math.min(s.WidthInTexels, res.desc.Width - x),
      h: Math.min(s.HeightInTexels, res.desc.Height - y),
    });
  }
  return out;
}

/**
 * Per reserved texture, the tiles something was written into since they were last zeroed: only those need zeroing
 * when they turn out unmapped (a texture starts all zeros).
 */
export class TiledTextures {
  private dirty = new Map<number, Set<number>>();

  constructor(private readonly device: GPUDevice) {}

  /** A copy wrote texels into these tiles of `res`. */
  written(res: ID3D12Resource, rect: { x: number; y: number; w: number; h: number }) {
    const d = this.dirty.get(res.id) ?? new Set<number>();
    for (const r of tileRects(res))
      if (r.x < rect.x + rect.w && rect.x < r.x + r.w && r.y < rect.y + rect.h && rect.y < r.y + r.h) d.add(r.tile);
    this.dirty.set(res.id, d);
  }

  /** Zero every written tile of `res` that has no memory as of `call`; returns the tiles zeroed. */
  zeroUnmapped(tex: GPUTexture, res: ID3D12Resource, events: readonly TraceEvent[], call: number): number[] {
    const d = this.dirty.get(res.id);
    if (!d || d.size === 0) return [];
    const mapped = mappedTilesAt(events, res, call);
    const bytes = formatInfo(res.desc.Format)?.bytes ?? 4;
    const zeroed: number[] = [];
    for (const r of tileRects(res)) {
      if (!d.has(r.tile) || mapped[r.tile]) continue;
      const bytesPerRow = r.w * bytes;
      this.device.queue.writeTexture(
        { texture: tex, origin: { x: r.x, y: r.y } },
        new Uint8Array(bytesPerRow * r.h),
        { bytesPerRow },
        { width: r.w, height: r.h },
      );
      d.delete(r.tile);
      zeroed.push(r.tile);
    }
    return zeroed;
  }
}
