// DrawInstanced, replayed as a WebGPU render pass (executor.ts replays the rest): the PSO becomes a cached render
// pipeline, the vertex buffers are fetched as the GPU read them, and the descriptor tables' SRVs and the root
// signature's static samplers become a bind group.
import {
  D3D12_INPUT_CLASSIFICATION_PER_INSTANCE_DATA,
  type CommandOf,
  type ID3D12PipelineState,
  type ID3D12Resource,
} from '../../core';
import { withErrorScopes } from '../host';
import { textureFormat, viewFormatOf } from './formats';
import { cachedPipeline, cachedSampler, elementBindings } from './pipelines';
import { fetchElement } from './fetch';
import type { ExecHazard } from './plan';
import { resolveSrvs, wgslBindings, samplerDescriptor } from './sampling';
import type { ExecResult } from './executor';

export async function drawInstanced(
  device: GPUDevice,
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
  const { errors } = await withErrorScopes(device, () => {
    const cached = cachedPipeline(device, pso, strides, cmd.topology, targetFormat);
    const pipeline = cached.pipeline;
    keep.push(cached.keep);
    const enc = device.createCommandEncoder({ label: `DrawInstanced (call ${call})` });
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
      const buf = device.createBuffer({
        size: data.byteLength,
        usage: GPUBufferUsage.VERTEX | GPUBufferUsage.COPY_DST,
        label: `input element ${k} (fetched with stride ${vb.StrideInBytes})`,
      });
      device.queue.writeBuffer(buf, 0, data);
      temp.push(buf);
      pass.setVertexBuffer(k, buf);
    });
    const bound = bindTextures(device, pass, pipeline, pso, cmd, texFor, call, hazards, temps, keep);
    resources.push(...bound);
    pass.draw(args.VertexCountPerInstance, args.InstanceCount, args.StartVertexLocation, args.StartInstanceLocation);
    pass.end();
    device.queue.submit([enc.finish()]);
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
 * Textured draws: each SRV the draw's descriptor tables reach is bound as the texture its descriptor names (t<k> →
 * the WGSL's k-th texture binding); each static sampler of the root signature becomes a WebGPU sampler (s<k> → the
 * k-th sampler binding). An SRV the model says reads nothing useful (empty slot, invalid state → black) is a 1×1
 * zero texture.
 */
function bindTextures(
  device: GPUDevice,
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
    const t = device.createTexture({
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
      ran.push(`t${b.register} = heap #${b.heap} slot ${b.slot} → ${tex.label}${format ? ` viewed as ${format}` : ''}`);
    entries.push({ binding, resource: tex.createView({ format }) });
  }
  for (const s of rs?.desc.staticSamplers ?? []) {
    const binding = wb.samplers[s.ShaderRegister];
    if (binding === undefined || entries.some((e) => e.binding === binding)) continue;
    const d = samplerDescriptor(s.desc);
    const cached = cachedSampler(device, d);
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
    if (!entries.some((e) => e.binding === binding)) entries.push({ binding, resource: device.createSampler() });
  pass.setBindGroup(
    0,
    device.createBindGroup({
      label: `DrawInstanced (call ${call}) tables`,
      layout: pipeline.getBindGroupLayout(0),
      entries,
    }),
  );
  return ran;
}

const clamp01 = (v: number) => Math.max(0, Math.min(1, v));
