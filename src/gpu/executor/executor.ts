// The WebGPU executor: replays the work the model accepted, as far as the trace cursor, onto real GPU
// textures, and puts the back buffer the last Present named on the canvas (what to replay: plan.ts). RTV clears
// and draws are real WebGPU work (so stride, cull mode, viewport, scissor and format effects are real); outcomes
// the model decided are undefined on real hardware arrive as `hazard` trace events and are drawn and labelled,
// never hidden.
import {
  D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT,
  D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX,
  ID3D12Resource,
  unhandled,
  type Command,
  type CommandOf,
  type D3D12System,
} from '../../core';
import type { FramePresenter } from './offscreen';
import { withErrorScopes } from '../host';
import { textureFormat, viewFormatOf, viewFormats } from './formats';
import { Blitter } from './blit';
import { drawInstanced } from './draw';
import { planReplay, type ExecHazard } from './plan';

export type { ExecHazard };

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
}

export class LessonExecutor {
  private blitter: Blitter;
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
   */
  async execute(presenter: FramePresenter, sys: D3D12System, cursor: number): Promise<ExecResult> {
    const plan = planReplay(sys, cursor);
    let st = this.last;
    this.last = null; // a replay that throws (device lost) leaves nothing half-done to continue from
    if (!st || st.sys !== sys || cursor < st.cursor || st.done > plan.submissions.length) {
      if (st) for (const t of st.textures.values()) t.destroy();
      st = { sys, cursor, textures: new Map(), done: 0, gpuErrors: [], notes: [], ran: [] };
    }
    const textures = st.textures;

    const texFor = (res: ID3D12Resource): GPUTexture | null => {
      let t = textures.get(res.id);
      if (t) return t;
      const format = textureFormat(res.desc.Format);
      if (!format) return null;
      t = this.device.createTexture({
        label: `resource #${res.id}${res.name ? ` (${res.name})` : ''}`,
        size: { width: Math.max(1, res.desc.Width), height: Math.max(1, res.desc.Height) },
        format,
        viewFormats: viewFormats(format), // an _SRGB SRV or RTV of a UNORM (or TYPELESS) resource is a view in the twin format
        usage:
          GPUTextureUsage.RENDER_ATTACHMENT |
          GPUTextureUsage.COPY_SRC |
          GPUTextureUsage.COPY_DST |
          GPUTextureUsage.TEXTURE_BINDING,
      });
      textures.set(res.id, t);
      return t;
    };

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
      for (const cmds of s.commands) await this.replay(cmds, texFor, acc, s.call, s.reads, plan.hazards);
    }
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
    const { errors } = await withErrorScopes(this.device, () => {
      // The canvas gets a texture in its own format; the blit also covers buffers never written (black).
      const target = presenter.createBackBuffer('presented frame');
      this.blitter.blit(shown, target);
      presenter.present(target);
    });
    result.gpuErrors.push(...errors.map((m) => `Present: ${m}`));
    result.ran.push(
      shown
        ? `call ${result.presentedAt} Present → blit ${shown.label} (${shown.format}) to the canvas (${presenter.format})`
        : 'nothing presented yet → the canvas is cleared to black',
    );
    this.last = st;
    return result;
  }

  /** Frees the textures kept for the next replay (the run is gone, or the executor is). */
  release(): void {
    if (this.last) for (const t of this.last.textures.values()) t.destroy();
    this.last = null;
  }

  private async replay(
    cmds: readonly Command[],
    texFor: (r: ID3D12Resource) => GPUTexture | null,
    result: ExecResult,
    call: number,
    reads: ReadonlyMap<number, Uint8Array> | null,
    hazards: readonly ExecHazard[],
  ) {
    for (const cmd of cmds) {
      switch (cmd.op) {
        case 'CopyTextureRegion':
          await this.copyTextureRegion(cmd, texFor, result, call, reads);
          break;
        case 'ClearRenderTargetView':
          await this.clear(cmd, texFor, result, call);
          break;
        case 'DrawInstanced':
          await drawInstanced(this.device, cmd, texFor, result, call, reads, hazards);
          break;
        // state the draws carry with them, buffer copies the model carries out [COPY-BYTES-1], and what the
        // executor does not draw yet (indexed draws, depth) or what has no pixels (barriers, markers)
        case 'ResourceBarrier':
        case 'CopyBufferRegion':
        case 'CopyResource':
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
          break;
        default:
          unhandled(cmd);
      }
    }
  }

  private async clear(
    cmd: CommandOf<'ClearRenderTargetView'>,
    texFor: (r: ID3D12Resource) => GPUTexture | null,
    result: ExecResult,
    call: number,
  ) {
    const tex = cmd.rtv.res ? texFor(cmd.rtv.res) : null;
    if (!tex) return;
    const [r, g, b, a] = cmd.ColorRGBA;
    const { errors } = await withErrorScopes(this.device, () => {
      const enc = this.device.createCommandEncoder({ label: `ClearRenderTargetView (call ${call})` });
      enc
        .beginRenderPass({
          colorAttachments: [
            {
              view: tex.createView({ format: viewFormatOf(tex, cmd.rtv.format) }),
              loadOp: 'clear',
              storeOp: 'store',
              clearValue: { r, g, b, a },
            },
          ],
        })
        .end();
      this.device.queue.submit([enc.finish()]);
    });
    result.gpuErrors.push(...errors.map((m) => `ClearRenderTargetView (ExecuteCommandLists, call ${call}): ${m}`));
    result.ran.push(
      `call ${call} ClearRenderTargetView → beginRenderPass({ loadOp: 'clear', clearValue: [${[r, g, b, a].join(', ')}] }) on ${tex.label} (${tex.format} ${tex.width}×${tex.height})`,
    );
  }

  /**
   * CopyTextureRegion, as WebGPU copies: a placed footprint on a buffer becomes copyBufferToTexture with the
   * footprint's Offset, RowPitch as bytesPerRow and Height as rowsPerImage (so the bytes land exactly where D3D12
   * puts them: rows written at another pitch come out skewed, for real); texture to texture is
   * copyTextureToTexture. Copies into a buffer (readback) are carried out by the model [COPY-BYTES-1]: the
   * executor keeps no GPU copy of buffers.
   */
  private async copyTextureRegion(
    cmd: CommandOf<'CopyTextureRegion'>,
    texFor: (r: ID3D12Resource) => GPUTexture | null,
    result: ExecResult,
    call: number,
    reads: ReadonlyMap<number, Uint8Array> | null,
  ) {
    const { dst, src, SrcBox: box } = cmd;
    const origin = { x: cmd.DstX, y: cmd.DstY };
    if (dst.Type !== D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX || dst.Resource.isBuffer) {
      result.ran.push(
        `call ${call} CopyTextureRegion → into buffer #${dst.Resource.id}: bytes moved by the model at GPU completion (read back with Map)`,
      );
      return;
    }
    const tex = texFor(dst.Resource);
    if (!tex) return;
    if (src.Type === D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT && src.PlacedFootprint) {
      const pf = src.PlacedFootprint;
      const bytes = reads?.get(src.Resource.id) ?? src.Resource.storage();
      const x0 = box?.left ?? 0;
      const y0 = box?.top ?? 0;
      const w = box ? box.right - box.left : pf.Footprint.Width;
      const h = box ? box.bottom - box.top : pf.Footprint.Height;
      const { errors } = await withErrorScopes(this.device, () => {
        const buf = this.device.createBuffer({
          label: `buffer #${src.Resource.id} as the GPU read it`,
          size: Math.max(4, Math.ceil(bytes.byteLength / 4) * 4),
          usage: GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST,
        });
        this.device.queue.writeBuffer(buf, 0, bytes.buffer, bytes.byteOffset, bytes.byteLength & ~3);
        const enc = this.device.createCommandEncoder({ label: `CopyTextureRegion (call ${call})` });
        enc.copyBufferToTexture(
          {
            buffer: buf,
            offset: pf.Offset + y0 * pf.Footprint.RowPitch + x0 * 4,
            bytesPerRow: pf.Footprint.RowPitch,
            rowsPerImage: pf.Footprint.Height,
          },
          { texture: tex, origin },
          { width: w, height: h },
        );
        this.device.queue.submit([enc.finish()]);
        buf.destroy();
      });
      result.gpuErrors.push(...errors.map((m) => `CopyTextureRegion (ExecuteCommandLists, call ${call}): ${m}`));
      result.ran.push(
        `call ${call} CopyTextureRegion → copyBufferToTexture({ offset: ${pf.Offset}, bytesPerRow: ${pf.Footprint.RowPitch}, rowsPerImage: ${pf.Footprint.Height} }, ${tex.label} at (${origin.x},${origin.y}), ${w}×${h})${reads?.has(src.Resource.id) ? ', bytes as the GPU read them' : ''}${errors.length ? ' — refused' : ''}`,
      );
      return;
    }
    const from =
      src.Type === D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX && !src.Resource.isBuffer ? texFor(src.Resource) : null;
    if (!from) return;
    const x0 = box?.left ?? 0;
    const y0 = box?.top ?? 0;
    const w = Math.min(box ? box.right - box.left : from.width, tex.width - origin.x);
    const h = Math.min(box ? box.bottom - box.top : from.height, tex.height - origin.y);
    const { errors } = await withErrorScopes(this.device, () => {
      const enc = this.device.createCommandEncoder({ label: `CopyTextureRegion (call ${call})` });
      enc.copyTextureToTexture(
        { texture: from, origin: { x: x0, y: y0 } },
        { texture: tex, origin },
        { width: w, height: h },
      );
      this.device.queue.submit([enc.finish()]);
    });
    result.gpuErrors.push(...errors.map((m) => `CopyTextureRegion (ExecuteCommandLists, call ${call}): ${m}`));
    result.ran.push(
      `call ${call} CopyTextureRegion → copyTextureToTexture(${from.label} → ${tex.label} at (${origin.x},${origin.y}), ${w}×${h})${errors.length ? ' — refused' : ''}`,
    );
  }
}
