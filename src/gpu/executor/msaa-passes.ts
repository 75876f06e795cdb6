// [MSAA-EXEC-1] The two small render passes the executor's MSAA work needs beyond what WebGPU does by itself (a render
// pass's resolveTarget averages a whole multisampled attachment into a same-format, same-size texture, nothing else):
// - a shader resolve: each destination pixel in a rectangle combines the samples of one source pixel (AVERAGE, MIN or
//   MAX: ResolveSubresourceRegion's SrcRect, DstX/DstY and ResolveMode), read with textureLoad per sample;
// - a fill: ClearRenderTargetView with rectangles on a multisampled target (queue.writeTexture, which clear-rects.ts
//   uses for single-sampled ones, cannot write a multisampled texture): every sample of each rectangle gets the colour.
// Both draw one full-screen triangle clipped by a scissor rectangle. Pipelines are per device and format, like the
// present blit's (blit.ts).

const RESOLVE_WGSL = /* wgsl */ `
struct Params { offset: vec2i, mode: u32 }
@group(0) @binding(0) var src: texture_multisampled_2d<f32>;
@group(0) @binding(1) var<uniform> p: Params;
@vertex fn vs(@builtin(vertex_index) i: u32) -> @builtin(position) vec4f {
  let q = array(vec2f(-1.0, -1.0), vec2f(3.0, -1.0), vec2f(-1.0, 3.0));
  return vec4f(q[i], 0.0, 1.0);
}
// the source pixel is the destination pixel + offset (SrcRect's corner - (DstX, DstY)); mode 0 AVERAGE, 1 MIN, 2 MAX
@fragment fn fs(@builtin(position) pos: vec4f) -> @location(0) vec4f {
  let xy = vec2i(pos.xy) + p.offset;
  let n = i32(textureNumSamples(src));
  var acc = textureLoad(src, xy, 0);
  for (var s = 1; s < n; s++) {
    let v = textureLoad(src, xy, s);
    if (p.mode == 1u) { acc = min(acc, v); } else if (p.mode == 2u) { acc = max(acc, v); } else { acc += v; }
  }
  if (p.mode == 0u) { acc = acc / f32(n); }
  return acc;
}`;

const FILL_WGSL = /* wgsl */ `
@group(0) @binding(0) var<uniform> colour: vec4f;
@vertex fn vs(@builtin(vertex_index) i: u32) -> @builtin(position) vec4f {
  let q = array(vec2f(-1.0, -1.0), vec2f(3.0, -1.0), vec2f(-1.0, 3.0));
  return vec4f(q[i], 0.0, 1.0);
}
@fragment fn fs() -> @location(0) vec4f { return colour; }`;

const pipelines = new WeakMap<GPUDevice, Map<string, GPURenderPipeline>>();

function pipeline(device: GPUDevice, kind: 'resolve' | 'fill', format: GPUTextureFormat, samples: number) {
  let m = pipelines.get(device);
  if (!m) pipelines.set(device, (m = new Map()));
  const key = `${kind} ${format} ${samples}`;
  let p = m.get(key);
  if (!p) {
    const module = device.createShaderModule({
      label: `MSAA ${kind}`,
      code: kind === 'resolve' ? RESOLVE_WGSL : FILL_WGSL,
    });
    p = device.createRenderPipeline({
      label: `MSAA ${kind} -> ${format}${samples > 1 ? ` (${samples} samples)` : ''}`,
      layout: 'auto',
      vertex: { module, entryPoint: 'vs' },
      fragment: { module, entryPoint: 'fs', targets: [{ format }] },
      multisample: { count: samples },
    });
    m.set(key, p);
  }
  return p;
}

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Shader resolve modes (the WGSL's `mode`), by D3D12_RESOLVE_MODE: MIN 1, MAX 2, AVERAGE 3. */
export const SHADER_MODE: Record<number, number> = { 1: 1, 2: 2, 3: 0 };

/**
 * Resolves `src` (multisampled, viewed as `format`) into `dst` (single-sampled mip `mip`, viewed as `format`): the
 * destination rectangle `to` gets the samples of the source pixels at `to` + `offset`, combined by `mode` (SHADER_MODE).
 */
export function shaderResolve(
  device: GPUDevice,
  src: GPUTexture,
  dst: GPUTexture,
  format: GPUTextureFormat,
  mip: number,
  to: Rect,
  offset: [number, number],
  mode: number,
  label: string,
): void {
  const p = pipeline(device, 'resolve', format, 1);
  const params = device.createBuffer({
    label: `${label} parameters`,
    size: 16,
    usage: GPUBufferUsage.UNIFORM,
    mappedAtCreation: true,
  });
  // created mapped: no queue write to order against the pass
  const mapped = params.getMappedRange();
  new Int32Array(mapped, 0, 2).set(offset);
  new Uint32Array(mapped, 8, 1)[0] = mode;
  params.unmap();
  const enc = device.createCommandEncoder({ label });
  const pass = enc.beginRenderPass({
    colorAttachments: [
      {
        view: dst.createView({ format, baseMipLevel: mip, mipLevelCount: 1 }),
        loadOp: 'load',
        storeOp: 'store',
      },
    ],
  });
  pass.setPipeline(p);
  pass.setBindGroup(
    0,
    device.createBindGroup({
      label,
      layout: p.getBindGroupLayout(0),
      entries: [
        { binding: 0, resource: src.createView({ format }) },
        { binding: 1, resource: { buffer: params } },
      ],
    }),
  );
  pass.setScissorRect(to.x, to.y, to.w, to.h);
  pass.draw(3);
  pass.end();
  device.queue.submit([enc.finish()]);
  params.destroy();
}

/** Every sample of each rectangle of the multisampled `tex` (viewed as `format`) set to `rgba`. */
export function fillRects(
  device: GPUDevice,
  tex: GPUTexture,
  format: GPUTextureFormat,
  rgba: readonly number[],
  rects: readonly Rect[],
  label: string,
): void {
  if (!rects.length) return;
  const p = pipeline(device, 'fill', format, tex.sampleCount);
  const colour = device.createBuffer({
    label: `${label} colour`,
    size: 16,
    usage: GPUBufferUsage.UNIFORM,
    mappedAtCreation: true,
  });
  new Float32Array(colour.getMappedRange()).set(rgba.slice(0, 4));
  colour.unmap();
  const enc = device.createCommandEncoder({ label });
  const pass = enc.beginRenderPass({
    colorAttachments: [{ view: tex.createView({ format }), loadOp: 'load', storeOp: 'store' }],
  });
  pass.setPipeline(p);
  pass.setBindGroup(
    0,
    device.createBindGroup({
      label,
      layout: p.getBindGroupLayout(0),
      entries: [{ binding: 0, resource: { buffer: colour } }],
    }),
  );
  for (const r of rects) {
    pass.setScissorRect(r.x, r.y, r.w, r.h);
    pass.draw(3);
  }
  pass.end();
  device.queue.submit([enc.finish()]);
  colour.destroy();
}
