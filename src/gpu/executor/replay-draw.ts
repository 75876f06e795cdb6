// The executor's draws (executor.ts replays each accepted submission through these): real WebGPU render passes with
// the PSO's pipeline, the vertex data as the GPU read it, the viewport and scissor, and the textures the descriptor
// tables reach; the aliasing hazard the model raised is drawn as stale bytes (simulated, labelled).
import {
  D3D12_INPUT_CLASSIFICATION_PER_INSTANCE_DATA,
  ID3D12Resource,
  type CommandOf,
  type D3D12System,
  type ID3D12PipelineState,
} from '../../core';
import { withErrorScopes } from '../host';
import type { ErrorScope } from './scopes';
import { textureFormat, viewFormatOf, viewFormats } from './formats';
import { cachedPipeline, cachedSampler, elementBindings } from './pipelines';
import { fetchElement } from './fetch';
import type { ExecHazard } from './plan';
import { resolveSrvs, wgslBindings, samplerDescriptor } from './sampling';
import type { ExecResult } from './executor';
import { noteSampleCount, sampleMismatch } from './replay-resolve';

/** What a draw needs of the executor: the device, and the run (the aliasing hazard names the previous occupant). */
export interface DrawContext {
  device: GPUDevice;
  sys: D3D12System | null;
  /** how WebGPU errors are collected (scopes.ts): a scope of its own when absent */
  scope?: ErrorScope;
}

export async function replayDraw(
  ctx: DrawContext,
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
  // [MSAA-EXEC-1] a multisampled target: the pipeline renders at its sample count, if the PSO's count is the target's
  const mismatch = sampleMismatch(pso.desc as Record<string, unknown>, rtvs[0].res!, call);
  if (mismatch) {
    result.notes.push(mismatch);
    return;
  }
  noteSampleCount(rtvs[0].res!, target, result);
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
  const { errors } = await (ctx.scope ?? withErrorScopes)(ctx.device, () => {
    const cached = cachedPipeline(ctx.device, pso, strides, cmd.topology, targetFormat, target.sampleCount);
    const pipeline = cached.pipeline;
    keep.push(cached.keep);
    const enc = ctx.device.createCommandEncoder({ label: `DrawInstanced (call ${call})` });
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
      const buf = ctx.device.createBuffer({
        size: data.byteLength,
        usage: GPUBufferUsage.VERTEX | GPUBufferUsage.COPY_DST,
        label: `input element ${k} (fetched with stride ${vb.StrideInBytes})`,
      });
      ctx.device.queue.writeBuffer(buf, 0, data);
      temp.push(buf);
      pass.setVertexBuffer(k, buf);
    });
    const bound = bindTextures(ctx, pass, pipeline, pso, cmd, texFor, call, hazards, temps, keep);
    resources.push(...bound);
    pass.draw(args.VertexCountPerInstance, args.InstanceCount, args.StartVertexLocation, args.StartInstanceLocation);
    pass.end();
    ctx.device.queue.submit([enc.finish()]);
    for (const b of temp) b.destroy();
    for (const t of temps) t.destroy();
  });
  if (errors.length === 0) for (const k of keep) k();
  result.gpuErrors.push(...errors.map((m) => `DrawInstanced (ExecuteCommandLists, call ${call}): ${m}`));
  result.ran.push(
    `call ${call} DrawInstanced → render pipeline "PSO #${pso.id}" (targets ${textureFormat(pso.rtvFormats[0] ?? 0) ?? '?'}), setViewport(${vp.TopLeftX}, ${vp.TopLeftY}, ${vp.Width}, ${vp.Height}, ${vp.MinDepth}, ${vp.MaxDepth}), setScissorRect(${x0}, ${y0}, ${x1 - x0}, ${y1 - y0}), ${bindings.length} vertex buffer(s) fetched with stride ${strides.length ? (vbs[bindings[0].inputSlot]?.StrideInBytes ?? 0) : 0}, ${resources.length ? `, ${resources.join(', ')}` : ''}, draw(${args.VertexCountPerInstance}, ${args.InstanceCount}) on ${target.label}${target.sampleCount > 1 ? ` (${target.sampleCount} samples)` : ''}${errors.length ? ' — refused' : ''}`,
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
function staleBytes(
  ctx: DrawContext,
  res: ID3D12Resource,
  tex: GPUTexture,
  texFor: (r: ID3D12Resource) => GPUTexture | null,
  call: number,
  hazards: readonly ExecHazard[],
  temps: GPUTexture[],
): { texture: GPUTexture; note: string } | null {
  const h = hazards.find((x) => x.kind === 'aliasing-corruption' && x.res === res.id && x.callIndex <= call);
  const before = h ? ctx.sys?.object(Number(h.detail.other)) : null;
  const old = before instanceof ID3D12Resource ? texFor(before) : null;
  if (!old || old.format !== tex.format) return null;
  const t = ctx.device.createTexture({
    label: `${tex.label} over stale bytes of ${old.label}`,
    size: { width: tex.width, height: tex.height },
    format: tex.format,
    viewFormats: viewFormats(tex.format),
    usage: GPUTextureUsage.COPY_DST | GPUTextureUsage.TEXTURE_BINDING,
  });
  temps.push(t);
  const enc = ctx.device.createCommandEncoder({ label: 'aliasing-corruption (simulated)' });
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
  ctx.device.queue.submit([enc.finish()]);
  return { texture: t, note: `${tex.label} with every other 8×8 tile holding ${old.label}'s stale bytes` };
}

/**
 * Textured draws: each SRV the draw's descriptor tables reach is bound as the texture its descriptor names (t<k> →
 * the WGSL's k-th texture binding); each static sampler of the root signature becomes a WebGPU sampler (s<k> → the
 * k-th sampler binding). An SRV the model says reads nothing useful (empty slot, invalid state → black) is a 1×1
 * zero texture.
 */
function bindTextures(
  ctx: DrawContext,
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
    const t = ctx.device.createTexture({
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
    const stale = tex && b.resource ? staleBytes(ctx, b.resource, tex, texFor, call, hazards, temps) : null;
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
      ran.push(`t${b.register} = heap #${b.heap} slot ${b.slot} → ${tex.label}${format ? ` viewed as ${format}` : ''}`);
    entries.push({ binding, resource: tex.createView({ format }) });
  }
  for (const s of rs?.desc.staticSamplers ?? []) {
    const binding = wb.samplers[s.ShaderRegister];
    if (binding === undefined || entries.some((e) => e.binding === binding)) continue;
    const d = samplerDescriptor(s.desc);
    const cached = cachedSampler(ctx.device, d);
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
    if (!entries.some((e) => e.binding === binding)) entries.push({ binding, resource: ctx.device.createSampler() });
  pass.setBindGroup(
    0,
    ctx.device.createBindGroup({
      label: `DrawInstanced (call ${call}) tables`,
      layout: pipeline.getBindGroupLayout(0),
      entries,
    }),
  );
  return ran;
}

const clamp01 = (v: number) => Math.max(0, Math.min(1, v));
