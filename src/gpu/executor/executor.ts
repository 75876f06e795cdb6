// The WebGPU executor: replays the work the model accepted, as far as the trace cursor, onto real GPU
// textures, and puts the back buffer the last Present named on the canvas (what to replay: plan.ts). RTV clears
// and draws are real WebGPU work (so stride, cull mode, viewport, scissor and format effects are real); outcomes
// the model decided are undefined on real hardware arrive as `hazard` trace events and are drawn and labelled,
// never hidden.
import {
  D3D12_INPUT_CLASSIFICATION_PER_INSTANCE_DATA,
  D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT,
  D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX,
  ID3D12Resource,
  unhandled,
  type Command,
  type CommandOf,
  type D3D12System,
  type ID3D12PipelineState,
  type D3D12_RECT,
} from '../../core';
import type { FramePresenter } from './offscreen';
import { withErrorScopes } from '../host';
import { textureFormat, viewFormatOf, viewFormats } from './formats';
import { cachedPipeline, cachedSampler, elementBindings } from './pipelines';
import { Blitter } from './blit';
import { clearRects } from './clear-rects';
import { readRaces, snapshotTexture, tornTexture } from './race';
import { fetchElement } from './fetch';
import { planReplay, type ExecHazard } from './plan';
import { resolveSrvs, wgslBindings, samplerDescriptor } from './sampling';
import { TiledTextures } from './tiles';

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
  /** [SYNC-XQ-2] textures as they were before a racing write, by the call of the read that sees them torn */
  before: Map<number, GPUTexture>;
  /** which tiles of reserved textures copies wrote so far (kept across a continued replay, like the textures) */
  tiles: TiledTextures;
}

export class LessonExecutor {
  private blitter: Blitter;
  /** Reserved textures of the run being executed: the Tier 2+ rules for unmapped tiles (tiles.ts). */
  private tiled: TiledTextures | null = null;
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
   */
  async execute(presenter: FramePresenter, sys: D3D12System, cursor: number): Promise<ExecResult> {
    this.sys = sys;
    const plan = planReplay(sys, cursor);
    let st = this.last;
    this.last = null; // a replay that throws (device lost) leaves nothing half-done to continue from
    if (!st || st.sys !== sys || cursor < st.cursor || st.done > plan.submissions.length) {
      if (st) for (const t of [...st.textures.values(), ...st.before.values()]) t.destroy();
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
      };
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

    this.tiled = st.tiles;
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
      for (const cmds of s.commands) await this.replay(cmds, tf, acc, s.call, s.reads, plan.hazards);
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
          if (cmd.dst.Resource.tiles) this.tiled?.afterCopy(cmd, texFor(cmd.dst.Resource), call, result);
          break;
        case 'ClearRenderTargetView':
          await this.clear(cmd, texFor, result, call);
          break;
        case 'DrawInstanced':
          await this.draw(cmd, texFor, result, call, reads, hazards);
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
    const rects = (cmd.Rects as D3D12_RECT[] | null) ?? [];
    if (rects.length) {
      // NumRects > 0: only the rectangles are cleared (clear-rects.ts)
      const view = viewFormatOf(tex, cmd.rtv.format) ?? tex.format;
      let done: D3D12_RECT[] = [];
      const { errors } = await withErrorScopes(this.device, () => {
        done = clearRects(this.device, tex, view, cmd.ColorRGBA, rects);
      });
      result.gpuErrors.push(...errors.map((m) => `ClearRenderTargetView (ExecuteCommandLists, call ${call}): ${m}`));
      result.ran.push(
        `call ${call} ClearRenderTargetView with ${rects.length} rect(s) → writeTexture of [${[r, g, b, a].join(', ')}] into ${done.map((q) => `(${q.left},${q.top})–(${q.right},${q.bottom})`).join(', ') || 'nothing'} of ${tex.label}`,
      );
      return;
    }
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

  private async draw(
    cmd: CommandOf<'DrawInstanced'>,
    texFor: (r: ID3D12Resource) => GPUTexture | null,
    result: ExecResult,
    call: number,
    reads: ReadonlyMap<number, Uint8Array> | null,
    hazards: readonly ExecHazard[],
  ) {
    const { pso, rtvs, viewports, scissors, vbs, args } = cmd;
    const target = rtvs[0]?.res ? texFor(rtvs[0].res) : null;
    if (!pso || !target) return;
    // D3D12 starts a recording with no viewport and an empty scissor: then nothing is rasterised.
    const vp = viewports[0];
    const sc = scissors[0];
    if (!vp || vp.Width <= 0 || vp.Height <= 0) {
      result.notes.push(`DrawInstanced (call ${call}): no viewport set, nothing rasterised`);
      return;
    }
    const x0 = Math.max(0, Math.min(target.width, sc ? sc.left : 0));
    const y0 = Math.max(0, Math.min(target.height, sc ? sc.top : 0));
    const x1 = Math.max(x0, Math.min(target.width, sc ? sc.right : 0));
    const y1 = Math.max(y0, Math.min(target.height, sc ? sc.bottom : 0));
    if (x1 <= x0 || y1 <= y0) {
      result.notes.push(`DrawInstanced (call ${call}): empty scissor rectangle, nothing drawn`);
      return;
    }
    // the RTV's format (an _SRGB RTV of a UNORM back buffer encodes linear -> sRGB on write)
    const targetFormat = viewFormatOf(target, rtvs[0].format) ?? target.format;
    const bindings = elementBindings(pso);
    // elements arrive tightly packed (see fetchElement), so the WebGPU stride is the element's size
    const strides = bindings.map((b) => b.bytes);
    const temps: GPUTexture[] = [];
    const resources: string[] = [];
    // new pipelines and samplers join the device's caches only if the draw's error scope comes back empty
    const keep: (() => void)[] = [];
    const { errors } = await withErrorScopes(this.device, () => {
      const cached = cachedPipeline(this.device, pso, strides, cmd.topology, targetFormat);
      const pipeline = cached.pipeline;
      keep.push(cached.keep);
      const enc = this.device.createCommandEncoder({ label: `DrawInstanced (call ${call})` });
      const pass = enc.beginRenderPass({
        colorAttachments: [{ view: target.createView({ format: targetFormat }), loadOp: 'load', storeOp: 'store' }],
      });
      pass.setPipeline(pipeline);
      pass.setViewport(
        vp.TopLeftX,
        vp.TopLeftY,
        vp.Width,
        vp.Height,
        clamp01(vp.MinDepth),
        clamp01(Math.max(vp.MinDepth, vp.MaxDepth)),
      );
      pass.setScissorRect(x0, y0, x1 - x0, y1 - y0);
      const temp: GPUBuffer[] = [];
      bindings.forEach((b, k) => {
        const vb = vbs[b.inputSlot];
        if (!vb?.res) return;
        const perInstance = pso.inputLayout[k].InputSlotClass === D3D12_INPUT_CLASSIFICATION_PER_INSTANCE_DATA;
        const count = perInstance
          ? args.StartInstanceLocation + args.InstanceCount
          : args.StartVertexLocation + args.VertexCountPerInstance;
        // the vertex bytes as the GPU read them when it ran this submission (TR-READS-1), not as the run ended
        const data = fetchElement(
          reads?.get(vb.res.id) ?? vb.res.storage(),
          vb.BufferLocation - vb.res.gpuVA,
          vb.SizeInBytes,
          vb.StrideInBytes,
          b.offset,
          b.bytes,
          count,
        );
        const buf = this.device.createBuffer({
          size: data.byteLength,
          usage: GPUBufferUsage.VERTEX | GPUBufferUsage.COPY_DST,
          label: `input element ${k} (fetched with stride ${vb.StrideInBytes})`,
        });
        this.device.queue.writeBuffer(buf, 0, data);
        temp.push(buf);
        pass.setVertexBuffer(k, buf);
      });
      const bound = this.bindTextures(pass, pipeline, pso, cmd, texFor, call, hazards, temps, keep);
      resources.push(...bound);
      pass.draw(args.VertexCountPerInstance, args.InstanceCount, args.StartVertexLocation, args.StartInstanceLocation);
      pass.end();
      this.device.queue.submit([enc.finish()]);
      for (const b of temp) b.destroy();
      for (const t of temps) t.destroy();
    });
    if (errors.length === 0) for (const k of keep) k();
    result.gpuErrors.push(...errors.map((m) => `DrawInstanced (ExecuteCommandLists, call ${call}): ${m}`));
    result.ran.push(
      `call ${call} DrawInstanced → render pipeline "PSO #${pso.id}" (targets ${textureFormat(pso.rtvFormats[0] ?? 0) ?? '?'}), setViewport(${vp.TopLeftX}, ${vp.TopLeftY}, ${vp.Width}, ${vp.Height}, ${vp.MinDepth}, ${vp.MaxDepth}), setScissorRect(${x0}, ${y0}, ${x1 - x0}, ${y1 - y0}), ${bindings.length} vertex buffer(s) fetched with stride ${strides.length ? (vbs[bindings[0].inputSlot]?.StrideInBytes ?? 0) : 0}, ${resources.length ? `, ${resources.join(', ')}` : ''}, draw(${args.VertexCountPerInstance}, ${args.InstanceCount}) on ${target.label}${errors.length ? ' — refused' : ''}`,
    );
    for (const h of resolveSrvs(cmd.rootSignature, cmd.tables, hazards, call)) {
      if (h.hazard)
        result.notes.push(
          `DrawInstanced (call ${call}): t${h.register} → heap #${h.heap} ${h.hazard} (simulated hazard: the model's outcome; real GPUs vary)`,
        );
    }
  }

  /**
   * [ALIAS-1] The model's `aliasing-corruption` hazard on a sampled resource (used over bytes another placed resource
   * used, no ALIASING barrier between): the texture as sampled is a copy with every other 8 × 8 tile holding the
   * previous occupant's bytes, which is what memory that still holds the old resource looks like. The outcome is the
   * model's choice; real GPUs vary (stale data, compression garbage, or nothing visible).
   */
  private staleBytes(
    res: ID3D12Resource,
    tex: GPUTexture,
    texFor: (r: ID3D12Resource) => GPUTexture | null,
    call: number,
    hazards: readonly ExecHazard[],
    temps: GPUTexture[],
  ): { texture: GPUTexture; note: string } | null {
    const h = hazards.find((x) => x.kind === 'aliasing-corruption' && x.res === res.id && x.callIndex <= call);
    const before = h ? this.sys?.object(Number(h.detail.other)) : null;
    const old = before instanceof ID3D12Resource ? texFor(before) : null;
    if (!old || old.format !== tex.format) return null;
    const t = this.device.createTexture({
      label: `${tex.label} over stale bytes of ${old.label}`,
      size: { width: tex.width, height: tex.height },
      format: tex.format,
      viewFormats: viewFormats(tex.format),
      usage: GPUTextureUsage.COPY_DST | GPUTextureUsage.TEXTURE_BINDING,
    });
    temps.push(t);
    const enc = this.device.createCommandEncoder({ label: 'aliasing-corruption (simulated)' });
    enc.copyTextureToTexture({ texture: tex }, { texture: t }, { width: tex.width, height: tex.height });
    const w = Math.min(tex.width, old.width);
    const hgt = Math.min(tex.height, old.height);
    for (let y = 0; y < hgt; y += 8)
      for (let x = (y / 8) % 2 === 0 ? 0 : 8; x < w; x += 16)
        enc.copyTextureToTexture(
          { texture: old, origin: { x, y } },
          { texture: t, origin: { x, y } },
          { width: Math.min(8, w - x), height: Math.min(8, hgt - y) },
        );
    this.device.queue.submit([enc.finish()]);
    return { texture: t, note: `${tex.label} with every other 8×8 tile holding ${old.label}'s stale bytes` };
  }

  /**
   * Textured draws: each SRV the draw's descriptor tables reach is bound as the texture its descriptor names (t<k> →
   * the WGSL's k-th texture binding); each static sampler of the root signature becomes a WebGPU sampler (s<k> → the
   * k-th sampler binding). An SRV the model says reads nothing useful (empty slot, invalid state → black) is a 1×1
   * zero texture.
   */
  private bindTextures(
    pass: GPURenderPassEncoder,
    pipeline: GPURenderPipeline,
    pso: ID3D12PipelineState,
    cmd: CommandOf<'DrawInstanced'>,
    texFor: (r: ID3D12Resource) => GPUTexture | null,
    call: number,
    hazards: readonly ExecHazard[],
    temps: GPUTexture[],
    keep: (() => void)[],
  ): string[] {
    const desc = pso.desc as { VS?: { wgsl?: string }; PS?: { wgsl?: string } };
    const vsW = desc.VS?.wgsl ?? '';
    const psW = desc.PS?.wgsl ?? '';
    const wb = wgslBindings(psW === vsW ? psW : `${vsW}\n${psW}`);
    if (wb.textures.length + wb.samplers.length === 0) return [];
    const rs = cmd.rootSignature;
    const entries: GPUBindGroupEntry[] = [];
    const ran: string[] = [];
    const zeros = (label: string) => {
      const t = this.device.createTexture({
        label,
        size: { width: 1, height: 1 },
        format: 'rgba8unorm',
        usage: GPUTextureUsage.TEXTURE_BINDING,
      });
      temps.push(t);
      return t;
    };
    for (const b of resolveSrvs(rs, cmd.tables, hazards, call)) {
      const binding = wb.textures[b.register];
      if (binding === undefined || entries.some((e) => e.binding === binding)) continue;
      let tex = b.resource ? texFor(b.resource) : null;
      // [ALIAS-1] used over another placed resource's bytes without an ALIASING barrier: tiles of stale bytes
      const stale = tex && b.resource ? this.staleBytes(b.resource, tex, texFor, call, hazards, temps) : null;
      if (stale) {
        tex = stale.texture;
        ran.push(`t${b.register} = heap #${b.heap} slot ${b.slot} → ${stale.note} (simulated hazard)`);
        entries.push({ binding, resource: tex.createView({ format: viewFormatOf(tex, b.format) }) });
        continue;
      }
      // the SRV's Format: an _SRGB view decodes sRGB -> linear when sampled, a UNORM view of the same bytes does not
      const format = tex ? viewFormatOf(tex, b.format) : undefined;
      if (!tex) {
        tex = zeros(`zeros for t${b.register}`);
        ran.push(`t${b.register} = heap #${b.heap} slot ${b.slot}: zeros (simulated hazard)`);
      } else
        ran.push(
          `t${b.register} = heap #${b.heap} slot ${b.slot} → ${tex.label}${format ? ` viewed as ${format}` : ''}`,
        );
      entries.push({ binding, resource: tex.createView({ format }) });
    }
    for (const s of rs?.desc.staticSamplers ?? []) {
      const binding = wb.samplers[s.ShaderRegister];
      if (binding === undefined || entries.some((e) => e.binding === binding)) continue;
      const d = samplerDescriptor(s.desc);
      const cached = cachedSampler(this.device, d);
      keep.push(cached.keep);
      entries.push({ binding, resource: cached.sampler });
      ran.push(
        `s${s.ShaderRegister} = createSampler({ filter: ${d.magFilter}, address: ${d.addressModeU}/${d.addressModeV} })`,
      );
    }
    // bindings the shader declares that no table or static sampler provides: zeros / a default sampler
    for (const binding of wb.textures)
      if (!entries.some((e) => e.binding === binding))
        entries.push({ binding, resource: zeros(`unbound @binding(${binding})`).createView() });
    for (const binding of wb.samplers)
      if (!entries.some((e) => e.binding === binding)) entries.push({ binding, resource: this.device.createSampler() });
    pass.setBindGroup(
      0,
      this.device.createBindGroup({
        label: `DrawInstanced (call ${call}) tables`,
        layout: pipeline.getBindGroupLayout(0),
        entries,
      }),
    );
    return ran;
  }
}

const clamp01 = (v: number) => Math.max(0, Math.min(1, v));
