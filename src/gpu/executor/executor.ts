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
} from '../../core';
import type { FramePresenter } from './offscreen';
import { withErrorScopes } from '../host';
import { textureFormat, viewFormatOf, viewFormats } from './formats';
import { createPipeline, elementBindings, pipelineKey } from './pipelines';
import { Blitter } from './blit';
import { fetchElement } from './fetch';
import { planReplay, type ExecHazard } from './plan';
import { resolveSrvs, wgslBindings, samplerDescriptor } from './sampling';

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

export class LessonExecutor {
  private pipelines = new Map<string, GPURenderPipeline>();
  private blitter: Blitter;

  constructor(readonly device: GPUDevice) {
    this.blitter = new Blitter(device);
  }

  /**
   * Replays the ExecuteCommandLists the runtime accepted at or before the cursor (each with the commands it was
   * submitted with), then puts the back buffer the last Present at or before the cursor names on the canvas.
   */
  async execute(presenter: FramePresenter, sys: D3D12System, cursor: number): Promise<ExecResult> {
    const plan = planReplay(sys, cursor);
    const result: ExecResult = { presentedAt: -1, gpuErrors: [], hazards: plan.hazards, notes: [], ran: [] };
    const textures = new Map<number, GPUTexture>();

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

    for (const d of plan.dropped)
      result.notes.push(
        `ExecuteCommandLists (call ${d.call}): dropped by the runtime (${d.reason}), nothing of it runs`,
      );
    for (const s of plan.submissions) {
      if (!s.commands) {
        result.notes.push(
          `ExecuteCommandLists (call ${s.call}): accepted, but the modelled GPU had not run it by the end of the run; not replayed`,
        );
        continue;
      }
      if (s.commandMemoryReused) {
        result.notes.push(
          `ExecuteCommandLists (call ${s.call}): its allocator was Reset while the GPU still had it queued; the GPU read overwritten command memory and the frame is dropped (simulated hazard: real GPUs may draw garbage, fault or hang)`,
        );
        continue;
      }
      for (const cmds of s.commands) await this.replay(cmds, texFor, result, s.call, s.reads, plan.hazards);
    }
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
    for (const t of textures.values()) t.destroy();
    return result;
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
        case 'Dispatch': // compute runs in the model only (no compute pass in the executor yet)
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
    const { errors } = await withErrorScopes(this.device, () => {
      const key = pipelineKey(pso, strides, cmd.topology, targetFormat);
      let pipeline = this.pipelines.get(key);
      if (!pipeline) {
        pipeline = createPipeline(this.device, pso, strides, cmd.topology);
        this.pipelines.set(key, pipeline);
      }
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
      const bound = this.bindTextures(pass, pipeline, pso, cmd, texFor, call, hazards, temps);
      resources.push(...bound);
      pass.draw(args.VertexCountPerInstance, args.InstanceCount, args.StartVertexLocation, args.StartInstanceLocation);
      pass.end();
      this.device.queue.submit([enc.finish()]);
      for (const b of temp) b.destroy();
      for (const t of temps) t.destroy();
    });
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
      entries.push({ binding, resource: this.device.createSampler(d) });
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
