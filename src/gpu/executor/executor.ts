// The WebGPU executor: replays the work the model accepted, as far as the trace cursor, onto real GPU
// textures, and puts the back buffer the last Present named on the canvas (what to replay: plan.ts). RTV clears,
// draws and dispatches are real WebGPU work (so stride, cull mode, viewport, scissor, format effects and what a
// compute shader writes into its UAVs are real: replay-compute.ts), and so are MSAA targets and resolves
// (replay-resolve.ts: any SampleDesc.Count > 1 renders at 4 samples, WebGPU core's one MSAA count); outcomes
// the model decided are undefined on real hardware arrive as `hazard` trace events and are drawn and labelled,
// never hidden.
import {
  D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS,
  ID3D12Resource,
  unhandled,
  type Command,
  type D3D12System,
} from '../../core';
import type { FramePresenter } from './offscreen';
import { frameScope, inFrame, perCommand, type ErrorScope } from './scopes';
import { cacheMark, forgetSince } from './pipelines';
import { textureFormat, viewFormats } from './formats';
import { Blitter, blitWarmed, presentsByCopy } from './blit';
import { readPresentedPixels } from '../readback';
import { readRaces, snapshotTexture, tornTexture } from './race';
import { planReplay, type ExecHazard } from './plan';
import { TiledTextures } from './tiles';
import { replayClear, replayCopyTextureRegion } from './replay-copy';
import { replayDraw } from './replay-draw';
import { replayResolve, webgpuSampleCount } from './replay-resolve';
import { replayBufferCopy, replayDispatch } from './replay-compute';
import { UavRaces, racedResources } from './uav-race';

export type { ExecHazard };

/** Texture formats WebGPU can bind as storage textures without an optional feature (of those textureFormat gives). */
const STORAGE_FORMATS = new Set<GPUTextureFormat>(['rgba8unorm', 'rgba16float']);

export interface ExecResult {
  /** Call index of the Present on the canvas; -1 when nothing was presented yet. */
  presentedAt: number;
  /** WebGPU validation / out-of-memory errors, with the D3D12 command that caused them. */
  gpuErrors: string[];
  hazards: ExecHazard[];
  /**
   * Work not replayed, and why: draws D3D12 would rasterise nothing for (empty scissor, no viewport), submissions
   * the runtime dropped, submissions the modelled GPU had not run by the end of the run.
   */
  notes: string[];
  /** The WebGPU work that ran, one line per D3D12 command replayed (what really happened on the GPU). */
  ran: string[];
  /**
   * With `readBack`: the presented frame's RGBA8 bytes, read back in the same GPU round trip as the frame's error
   * scope (issue 16: the check no longer waits for a second one). Absent when nothing was presented, or when the
   * frame raised an error and was replayed command by command (read the frame again then).
   */
  frame?: Promise<Uint8Array>;
}

/**
 * What is on the executor's textures after a replay: the run, how far it went, and what it reported. A later cursor
 * on the same run continues from here (lesson 21's frame player moves forward one Present at a time: replaying the
 * whole run again for each frame made playing cost more with every frame).
 */
interface Replayed {
  sys: D3D12System;
  cursor: number;
  textures: Map<number, GPUTexture>;
  /** plan.submissions[0..done) are on the textures */
  done: number;
  gpuErrors: string[];
  notes: string[];
  ran: string[];
  /** [SYNC-XQ-2] textures as they were before a racing write, by the call of the read that sees them torn */
  before: Map<number, GPUTexture>;
  /** which tiles of reserved textures copies wrote so far (kept across a continued replay, like the textures) */
  tiles: TiledTextures;
  /** [CS-EXEC-1] GPU copies of the GPU-local buffers dispatches bound (what UAV writes land in), by resource id */
  buffers: Map<number, GPUBuffer>;
  /** how this replay collects WebGPU errors (scopes.ts): per command once the run raised one */
  scope: ErrorScope;
}

export class LessonExecutor {
  private blitter: Blitter;
  private sys: D3D12System | null = null;
  private last: Replayed | null = null;

  constructor(readonly device: GPUDevice) {
    this.blitter = new Blitter(device);
  }

  /**
   * Replays the ExecuteCommandLists the runtime accepted at or before the cursor (each with the commands it was
   * submitted with), then puts the back buffer the last Present at or before the cursor names on the canvas.
   * Incremental: for the same run at a later cursor, only the submissions after the previous cursor's replay; the
   * result is the same as a replay from the start (the submissions at or before a cursor are a prefix of those at a
   * later one, and what a draw reads — hazards at or before its own submission, the heaps — does not depend on the
   * cursor).
   * WebGPU errors (scopes.ts): the new work goes to the GPU under one scope, with no wait per command; when that scope
   * reports an error, the run is replayed from its start with a scope per command, which names the command that
   * raised it (the frame's textures already hold the refused work, so this replay cannot continue from them), and the
   * run's later frames keep a scope per command.
   */
  async execute(
    presenter: FramePresenter,
    sys: D3D12System,
    cursor: number,
    opts: { readBack?: boolean } = {},
  ): Promise<ExecResult> {
    if (this.last?.sys === sys && this.last.scope === perCommand)
      return this.replayAt(presenter, sys, cursor, perCommand);
    const mark = cacheMark(this.device);
    const frame = await frameScope(this.device, async () => {
      const res = await this.replayAt(presenter, sys, cursor, inFrame);
      // queued behind the frame, so its map resolves with the scope's pop: one round trip for both
      if (opts.readBack && presenter.presented) {
        const t = presenter.presented;
        res.frame = readPresentedPixels(this.device, t, 0, 0, t.width, t.height);
        res.frame.catch(() => {}); // a frame replayed per command never reads this one
      }
      return res;
    });
    if (frame.errors.length === 0) return frame.value;
    this.release();
    forgetSince(this.device, mark); // pipelines the frame kept without knowing they were refused
    return this.replayAt(presenter, sys, cursor, perCommand);
  }

  private async replayAt(
    presenter: FramePresenter,
    sys: D3D12System,
    cursor: number,
    scope: ErrorScope,
  ): Promise<ExecResult> {
    this.sys = sys;
    const plan = planReplay(sys, cursor);
    let st = this.last;
    this.last = null; // a replay that throws (device lost) leaves nothing half-done to continue from
    if (!st || st.sys !== sys || cursor < st.cursor || st.done > plan.submissions.length) {
      if (st) destroyReplayed(st);
      st = {
        sys,
        cursor,
        textures: new Map(),
        done: 0,
        gpuErrors: [],
        notes: [],
        ran: [],
        before: new Map(),
        tiles: new TiledTextures(this.device, sys),
        buffers: new Map(),
        scope,
      };
    }
    const textures = st.textures;

    const texFor = (res: ID3D12Resource): GPUTexture | null => {
      let t = textures.get(res.id);
      if (t) return t;
      const format = textureFormat(res.desc.Format);
      if (!format) return null;
      // [CS-EXEC-1] a UAV texture is a storage texture for dispatches (formats WebGPU can store without a feature)
      const storage = res.desc.Flags & D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS && STORAGE_FORMATS.has(format);
      t = this.device.createTexture({
        label: `resource #${res.id}${res.name ? ` (${res.name})` : ''}`,
        size: { width: Math.max(1, res.desc.Width), height: Math.max(1, res.desc.Height) },
        // the mip chain (lessons 19, A9 fill and clear mip 1 and sample it): copies and clears name their mip
        mipLevelCount: mipCount(res),
        sampleCount: webgpuSampleCount(res), // [MSAA-EXEC-1] SampleDesc.Count 2/4/8 → 4 (replay-resolve.ts)
        format,
        viewFormats: viewFormats(format), // an _SRGB SRV or RTV of a UNORM (or TYPELESS) resource is a view in the twin format
        usage:
          GPUTextureUsage.RENDER_ATTACHMENT |
          GPUTextureUsage.COPY_SRC |
          GPUTextureUsage.COPY_DST |
          GPUTextureUsage.TEXTURE_BINDING |
          (storage ? GPUTextureUsage.STORAGE_BINDING : 0),
      });
      textures.set(res.id, t);
      return t;
    };

    const buffers = st.buffers;
    // [CS-EXEC-1] a GPU-local buffer a dispatch binds: its bytes as the model has them, then what dispatches write
    const bufFor = (res: ID3D12Resource): GPUBuffer | null => {
      let b = buffers.get(res.id);
      if (b || !res.isBuffer || res.fixedState !== -1) return b ?? null;
      const bytes = res.storage();
      b = this.device.createBuffer({
        label: `resource #${res.id}${res.name ? ` (${res.name})` : ''}`,
        size: Math.max(256, Math.ceil(res.desc.Width / 4) * 4),
        usage: GPUBufferUsage.STORAGE | GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST,
      });
      this.device.queue.writeBuffer(b, 0, bytes.buffer, bytes.byteOffset, Math.min(b.size, bytes.byteLength) & ~3);
      buffers.set(res.id, b);
      return b;
    };
    // buffers the executor already keeps on the GPU (dispatches bound them); others are the model's bytes
    const held = (res: ID3D12Resource): GPUBuffer | null => buffers.get(res.id) ?? null;

    const races = readRaces(sys.trace.events, plan.submissions);
    const before = st.before;
    const temps: GPUTexture[] = [];
    // what the submissions replayed so far reported, continued
    const acc: ExecResult = {
      presentedAt: -1,
      gpuErrors: st.gpuErrors,
      hazards: plan.hazards,
      notes: st.notes,
      ran: st.ran,
    };
    for (const s of plan.submissions.slice(st.done)) {
      if (!s.commands) {
        acc.notes.push(
          `ExecuteCommandLists (call ${s.call}): accepted, but the modelled GPU had not run it by the end of the run; not replayed`,
        );
        continue;
      }
      if (s.commandMemoryReused) {
        acc.notes.push(
          `ExecuteCommandLists (call ${s.call}): its allocator was Reset while the GPU still had it queued; the GPU read overwritten command memory and the frame is dropped (simulated hazard: real GPUs may draw garbage, fault or hang)`,
        );
        continue;
      }
      st.tiles.beforeSubmission(textures, s.call, acc); // [TILE-2] unmapped tiles read zeros
      // [SYNC-XQ-2] read races (race.ts): keep the texture as it was before the racing write; the reader sees it torn
      for (const r of races.filter((x) => x.writerCall === s.call)) {
        const res = sys.object(r.res);
        const tex = res instanceof ID3D12Resource ? texFor(res) : null;
        if (tex) before.set(r.readerCall, snapshotTexture(this.device, tex, `${tex.label} before call ${s.call}`));
      }
      let tf = texFor;
      for (const r of races.filter((x) => x.readerCall === s.call)) {
        const res = sys.object(r.res);
        const old = before.get(s.call);
        const cur = res instanceof ID3D12Resource ? texFor(res) : null;
        if (!old || !cur) continue;
        const torn = tornTexture(this.device, old, cur, r.done);
        temps.push(torn);
        const prev = tf;
        tf = (x) => (x.id === r.res ? torn : prev(x));
        acc.notes.push(
          `ExecuteCommandLists (call ${s.call}): reads ${cur.label} while the other queue's copy (call ${r.writerCall}) was ${Math.round(r.done * 100)}% done and no queue Wait ordered them: the top ${Math.floor(r.done * cur.height)} of ${cur.height} rows are new, the rest old (simulated hazard: real GPUs may show any mix)`,
        );
      }
      for (const cmds of s.commands)
        await this.replay(cmds, tf, { bufFor, held, scope }, st.tiles, acc, s.call, s.reads, plan.hazards);
    }
    for (const t of temps) t.destroy();
    st.done = plan.submissions.length;
    st.cursor = cursor;

    const result: ExecResult = {
      presentedAt: -1,
      gpuErrors: [...st.gpuErrors],
      hazards: plan.hazards,
      notes: [
        ...plan.dropped.map(
          (d) => `ExecuteCommandLists (call ${d.call}): dropped by the runtime (${d.reason}), nothing of it runs`,
        ),
        ...st.notes,
      ],
      ran: [...st.ran],
    };
    let presented: ID3D12Resource | null = null;
    if (plan.present) {
      const o = sys.object(plan.present.buffer);
      presented = o instanceof ID3D12Resource ? o : null;
      if (presented) result.presentedAt = plan.present.call;
    }

    const shown = presented ? texFor(presented) : null;
    // the blit's pipeline only when it will be drawn (a buffer of the canvas's format and size is copied)
    if (!presentsByCopy(shown, presenter.format, presenter.width, presenter.height))
      await blitWarmed(this.device, presenter.format);
    let how: 'copy' | 'blit' = 'blit';
    const { errors } = await scope(this.device, () => {
      // The canvas gets a texture in its own format; the blit also covers buffers never written (black).
      const target = presenter.createBackBuffer('presented frame');
      how = this.blitter.present(shown, target);
      presenter.present(target);
    });
    result.gpuErrors.push(...errors.map((m) => `Present: ${m}`));
    result.ran.push(
      shown
        ? `call ${result.presentedAt} Present → ${how} ${shown.label} (${shown.format}) to the canvas (${presenter.format})`
        : 'nothing presented yet → the canvas is cleared to black',
    );
    this.last = st;
    return result;
  }

  /**
   * The executor's GPU copy of a resource after the last replay (a texture, or a buffer a dispatch bound), for tests
   * and tools that read back what the GPU really computed; undefined when it has none.
   */
  replayedResource(id: number): GPUTexture | GPUBuffer | undefined {
    return this.last?.textures.get(id) ?? this.last?.buffers.get(id);
  }

  /** Frees the textures kept for the next replay (the run is gone, or the executor is). */
  release(): void {
    if (this.last) destroyReplayed(this.last);
    this.last = null;
  }

  private async replay(
    cmds: readonly Command[],
    texFor: (r: ID3D12Resource) => GPUTexture | null,
    {
      bufFor,
      held,
      scope,
    }: {
      bufFor: (r: ID3D12Resource) => GPUBuffer | null;
      held: (r: ID3D12Resource) => GPUBuffer | null;
      scope: ErrorScope;
    },
    tiles: TiledTextures,
    result: ExecResult,
    call: number,
    reads: ReadonlyMap<number, Uint8Array> | null,
    hazards: readonly ExecHazard[],
  ) {
    // [CS-UAV-2] per list: the model traces UAV races between dispatches of one list
    const raced = racedResources(cmds);
    const races = new UavRaces(this.device, raced);
    for (const cmd of cmds) {
      switch (cmd.op) {
        case 'CopyTextureRegion':
          await replayCopyTextureRegion(this.device, cmd, texFor, result, call, reads, held, scope);
          if (cmd.dst.Resource.tiles) tiles.afterCopy(cmd, texFor(cmd.dst.Resource), call, result);
          break;
        case 'ClearRenderTargetView':
          await replayClear(this.device, cmd, texFor, result, call, scope);
          break;
        case 'Dispatch':
          await replayDispatch({ device: this.device, texFor, bufFor, reads, races, scope }, cmd, result, call);
          break;
        case 'DrawInstanced':
          await replayDraw({ device: this.device, sys: this.sys, scope }, cmd, texFor, result, call, reads, hazards);
          break;
        // state the draws carry with them, and what the executor does not draw yet (indexed draws, depth) or what has no pixels (barriers, markers)
        case 'CopyBufferRegion':
        case 'CopyResource':
          replayBufferCopy({ device: this.device, reads }, held, cmd, result, call);
          break;
        case 'ResourceBarrier':
        case 'DiscardResource':
        case 'ClearDepthStencilView':
        case 'OMSetRenderTargets':
        case 'RSSetViewports':
        case 'RSSetScissorRects':
        case 'SetGraphicsRootSignature':
        case 'SetPipelineState':
        case 'SetDescriptorHeaps':
        case 'SetGraphicsRootDescriptorTable':
        case 'SetGraphicsRoot32BitConstants':
        case 'SetGraphicsRootConstantBufferView':
        case 'IASetPrimitiveTopology':
        case 'IASetVertexBuffers':
        case 'IASetIndexBuffer':
        case 'DrawIndexedInstanced':
        case 'BeginEvent':
        case 'EndEvent':
        case 'SetMarker':
        case 'BeginQuery': // queries: the model writes query results
        case 'EndQuery':
        case 'ResolveQueryData':
          break;
        case 'ResolveSubresource': // [MSAA-EXEC-1] real resolves (replay-resolve.ts)
        case 'ResolveSubresourceRegion':
          await replayResolve(this.device, cmd, texFor, result, call, scope);
          break;
        default:
          unhandled(cmd);
      }
    }
    races.release();
  }
}

/** The GPU textures a replay keeps: the resources' own and the snapshots taken before racing writes. */
function destroyReplayed(st: Replayed): void {
  for (const t of [...st.textures.values(), ...st.before.values(), ...st.buffers.values()]) t.destroy();
}

/** A texture's mip levels on WebGPU: the D3D12 chain, bounded by what its size allows (a subresource's mip is sub % mips). */
export function mipCount(res: ID3D12Resource): number {
  const full = Math.floor(Math.log2(Math.max(1, res.desc.Width, res.desc.Height))) + 1;
  return Math.max(1, Math.min(res.mips, full));
}
