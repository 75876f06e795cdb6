// [CS-UAV-2] on real WebGPU compute: two dispatches of one list that touch a UAV the first wrote, with no UAV barrier
// (or transition) between them, race on a D3D12 GPU. WebGPU orders the dispatches of a queue, so the race cannot
// happen here and the executor shows the model's outcome (as race.ts does for queues): the later dispatch started
// when the earlier one had done half of its work, so it sees the resource with its first half (bytes of a buffer,
// rows from the top of a texture) as the earlier dispatch left it and the rest as it was before that dispatch — a
// torn resource, which it reads and writes. What it writes is kept: its stand-in is copied back over the resource
// (unless the shader only reads it), so the earlier dispatch's unfinished writes to the second half are lost.
// Labelled a simulated hazard; real GPUs may show any mix.
import type { Command, ID3D12Resource } from '../../core';
import { snapshotTexture, tornTexture } from './race';

/** Share of the earlier dispatch's writes that had landed when the racing dispatch started (the model's choice). */
export const UAV_RACE_DONE = 0.5;

type GpuResource = GPUTexture | GPUBuffer;
const isTexture = (r: GpuResource): r is GPUTexture => 'createView' in r;

/** The resources a list's dispatches race on ([CS-UAV-2], recorded on the Dispatch commands by the model). */
export function racedResources(cmds: readonly Command[]): Set<number> {
  const out = new Set<number>();
  for (const c of cmds) if (c.op === 'Dispatch') for (const r of c.uavRaces) out.add(r.id);
  return out;
}

/**
 * One list's dispatches: before a dispatch writes a resource a later dispatch races on, a copy of it as it was
 * (`beforeWrite`); at the racing dispatch, the torn stand-in (`standIn`); after it, `writeBack`.
 */
export class UavRaces {
  private before = new Map<number, GpuResource>();
  private temps: GpuResource[] = [];

  constructor(
    readonly device: GPUDevice,
    readonly raced: ReadonlySet<number>,
  ) {}

  /** Before a dispatch that writes `res`: keep the resource as it is now, if a later dispatch races on it. */
  beforeWrite(res: ID3D12Resource, gpu: GpuResource): void {
    if (!this.raced.has(res.id)) return;
    const old = this.before.get(res.id);
    if (old) this.temps.push(old); // a stand-in built from it may still be queued: freed at release()
    this.before.set(res.id, snapshot(this.device, gpu));
  }

  /**
   * The torn resource the racing dispatch sees instead of `gpu`; null when no earlier write was kept. For a buffer,
   * the share is of the bytes the dispatch binds (`range`: offset and size), not of the whole buffer.
   */
  standIn(res: ID3D12Resource, gpu: GpuResource, range?: { offset: number; size: number }): GpuResource | null {
    const old = this.before.get(res.id);
    if (!old) return null;
    const t = isTexture(gpu)
      ? tornTexture(this.device, old as GPUTexture, gpu, UAV_RACE_DONE)
      : tornBuffer(this.device, old as GPUBuffer, gpu, range ?? { offset: 0, size: gpu.size });
    this.temps.push(t);
    return t;
  }

  /** After the racing dispatch: what it wrote into the stand-in is what the resource holds. */
  writeBack(standIn: GpuResource, gpu: GpuResource): void {
    const enc = this.device.createCommandEncoder({ label: 'uav-race: the racing dispatch’s view written back' });
    if (isTexture(gpu))
      enc.copyTextureToTexture(
        { texture: standIn as GPUTexture },
        { texture: gpu },
        { width: gpu.width, height: gpu.height },
      );
    else enc.copyBufferToBuffer(standIn as GPUBuffer, 0, gpu, 0, gpu.size);
    this.device.queue.submit([enc.finish()]);
  }

  release(): void {
    for (const t of [...this.temps, ...this.before.values()]) t.destroy();
    this.temps = [];
    this.before.clear();
  }
}

function snapshot(device: GPUDevice, r: GpuResource): GpuResource {
  if (isTexture(r)) return snapshotTexture(device, r, `${r.label} before the racing dispatch's predecessor`);
  const b = device.createBuffer({
    label: `${r.label} before the racing dispatch's predecessor`,
    size: r.size,
    usage: r.usage,
  });
  const enc = device.createCommandEncoder({ label: 'uav-race snapshot' });
  enc.copyBufferToBuffer(r, 0, b, 0, r.size);
  device.queue.submit([enc.finish()]);
  return b;
}

/** `before`, with the bytes up to UAV_RACE_DONE of `range` (4-byte aligned) taken from `after`. */
function tornBuffer(
  device: GPUDevice,
  before: GPUBuffer,
  after: GPUBuffer,
  range: { offset: number; size: number },
): GPUBuffer {
  const torn = device.createBuffer({
    label: `${after.label} as the racing dispatch saw it`,
    size: after.size,
    usage: after.usage,
  });
  const cut = Math.min(after.size, range.offset + Math.floor((range.size * UAV_RACE_DONE) / 4) * 4);
  const enc = device.createCommandEncoder({ label: 'uav-race torn buffer' });
  if (cut > 0) enc.copyBufferToBuffer(after, 0, torn, 0, cut);
  if (after.size > cut) enc.copyBufferToBuffer(before, cut, torn, cut, after.size - cut);
  device.queue.submit([enc.finish()]);
  return torn;
}
