// Reserved (tiled) textures on WebGPU, which has no sparse textures: the executor keeps an ordinary texture for the
// reserved resource and applies the Tiled Resources Tier 2+ rules to it from the trace's `tile` events ([TILE-1]):
// a copy's texels that land in a tile with no heap memory are dropped (zeroed right after the copy), and a tile that
// is unmapped when a submission starts reads zeros (zeroed then, if anything was written into it). What a tile
// remapped onto a heap tile that held other data would show (that heap tile's old contents) is not modelled: the
// texture keeps what was last copied into that resource tile. No WebGPU calls in the planning half (unit-tested).
import {
  formatInfo,
  standardTileShape,
  tilesPerRow,
  ID3D12Resource,
  type CommandOf,
  type D3D12System,
  type TraceEvent,
} from '../../core';

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

/** Where the executor reports what it did (ExecResult's `ran` and `notes`). */
interface Report {
  ran: string[];
  notes: string[];
}

/**
 * The executor's reserved textures during one execute: per texture, the tiles something was written into since they
 * were last zeroed (only those need zeroing when they turn out unmapped: a texture starts all zeros).
 */
export class TiledTextures {
  private dirty = new Map<number, Set<number>>();

  constructor(
    private readonly device: GPUDevice,
    private readonly sys: D3D12System,
  ) {}

  /** A submission starts: tiles of reserved textures that have no memory now read zeros. */
  beforeSubmission(textures: ReadonlyMap<number, GPUTexture>, call: number, out: Report) {
    for (const [id, tex] of textures) {
      const res = this.sys.object(id);
      if (res instanceof ID3D12Resource && res.tiles) this.zeroUnmapped(tex, res, call, out);
    }
  }

  /** A copy into a reserved texture: its texels that landed in tiles with no heap memory are dropped. */
  afterCopy(cmd: CommandOf<'CopyTextureRegion'>, tex: GPUTexture | null, call: number, out: Report) {
    const res = cmd.dst.Resource;
    if (!tex || !res.tiles || res.isBuffer) return;
    const b = cmd.SrcBox;
    const fp = cmd.src.PlacedFootprint?.Footprint;
    const w = b ? b.right - b.left : (fp?.Width ?? res.desc.Width);
    const h = b ? b.bottom - b.top : (fp?.Height ?? res.desc.Height);
    const d = this.dirty.get(res.id) ?? new Set<number>();
    for (const r of tileRects(res))
      if (r.x < cmd.DstX + w && cmd.DstX < r.x + r.w && r.y < cmd.DstY + h && cmd.DstY < r.y + r.h) d.add(r.tile);
    this.dirty.set(res.id, d);
    this.zeroUnmapped(tex, res, call, out);
  }

  /** Zero every written tile of `res` that has no memory as of `call`. */
  private zeroUnmapped(tex: GPUTexture, res: ID3D12Resource, call: number, out: Report) {
    const d = this.dirty.get(res.id);
    if (!d || d.size === 0) return;
    const mapped = mappedTilesAt(this.sys.trace.events, res, call);
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
    if (!zeroed.length) return;
    out.ran.push(
      `call ${call} ${tex.label}: tiles ${zeroed.join(', ')} have no heap memory → their texels are zeros (Tiled Resources Tier 2+: reads of unmapped tiles return 0, writes are dropped)`,
    );
    // on Tier 1 the same reads are undefined: the zeros are the lab's choice there
    if (res.device.facts.tiledResourcesTier < 2)
      out.notes.push(
        `${tex.label}: unmapped tiles ${zeroed.join(', ')} shown as zeros (simulated hazard: on Tiled Resources Tier 1 reads of unmapped tiles are undefined)`,
      );
  }
}
