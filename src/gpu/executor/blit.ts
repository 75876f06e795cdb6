// Copies a swap-chain buffer to a texture of the canvas's format, texel for texel (textureLoad, no filtering),
// whatever the two formats are (R8G8B8A8 vs the canvas's BGRA8 on most desktop GPUs).
const WGSL = /* wgsl */ `
@group(0) @binding(0) var src: texture_2d<f32>;
@vertex fn vs(@builtin(vertex_index) i: u32) -> @builtin(position) vec4f {
  let p = array(vec2f(-1.0, -1.0), vec2f(3.0, -1.0), vec2f(-1.0, 3.0));
  return vec4f(p[i], 0.0, 1.0);
}
@fragment fn fs(@builtin(position) pos: vec4f) -> @location(0) vec4f {
  let size = vec2i(textureDimensions(src));
  let xy = clamp(vec2i(pos.xy), vec2i(0), size - vec2i(1));
  return vec4f(textureLoad(src, xy, 0).rgb, 1.0);
}`;

export class Blitter {
  private pipelines = new Map<GPUTextureFormat, GPURenderPipeline>();
  private module: GPUShaderModule;

  constructor(private readonly device: GPUDevice) {
    this.module = device.createShaderModule({ label: 'present blit', code: WGSL });
  }

  private pipeline(format: GPUTextureFormat): GPURenderPipeline {
    let p = this.pipelines.get(format);
    if (!p) {
      p = this.device.createRenderPipeline({
        label: `present blit -> ${format}`,
        layout: 'auto',
        vertex: { module: this.module, entryPoint: 'vs' },
        fragment: { module: this.module, entryPoint: 'fs', targets: [{ format }] },
      });
      this.pipelines.set(format, p);
    }
    return p;
  }

  /** src null: nothing presented yet, the window shows black. */
  blit(src: GPUTexture | null, dst: GPUTexture) {
    const enc = this.device.createCommandEncoder({ label: 'present blit' });
    const pass = enc.beginRenderPass({
      colorAttachments: [
        { view: dst.createView(), loadOp: 'clear', storeOp: 'store', clearValue: { r: 0, g: 0, b: 0, a: 1 } },
      ],
    });
    if (src) {
      const pipeline = this.pipeline(dst.format);
      pass.setPipeline(pipeline);
      pass.setBindGroup(
        0,
        this.device.createBindGroup({
          layout: pipeline.getBindGroupLayout(0),
          entries: [{ binding: 0, resource: src.createView() }],
        }),
      );
      pass.draw(3);
    }
    pass.end();
    this.device.queue.submit([enc.finish()]);
  }
}
