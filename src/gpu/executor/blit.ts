// Copies a swap-chain buffer to a texture of the canvas's format, texel for texel (textureLoad, no filtering),
// whatever the two formats are (R8G8B8A8 vs the canvas's BGRA8 on most desktop GPUs). When the two have the same
// format and size it is a plain texture copy instead: no pipeline, so no shader for the GPU to compile and run on
// the way to a lesson's first frame (issue 16: SwiftShader compiles a pipeline's draw code on its first draw; the
// blit's was ~80 ms of lesson 10's navigation to a verified frame, A/B of 12 loads each). The copy keeps the
// buffer's alpha where the blit writes 1: the window ignores it either way, and readers of a presented frame see it
// as the window does (readPresentedPixels, readback.ts).
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

// The blit's shader module and pipelines, per device: a pipeline costs SwiftShader ~100 ms to compile, so it is made
// once for every executor on the device (each lesson page makes one) and can be warmed before the first frame.
interface DeviceBlit {
  module: GPUShaderModule;
  pipelines: Map<GPUTextureFormat, GPURenderPipeline>;
  /** warmBlit's compilations still on their way back, by format */
  warming: Map<GPUTextureFormat, Promise<unknown>>;
}
const perDevice = new WeakMap<GPUDevice, DeviceBlit>();

function deviceBlit(device: GPUDevice): DeviceBlit {
  let b = perDevice.get(device);
  if (!b) {
    b = {
      module: device.createShaderModule({ label: 'present blit', code: WGSL }),
      pipelines: new Map(),
      warming: new Map(),
    };
    perDevice.set(device, b);
  }
  return b;
}

const descriptor = (module: GPUShaderModule, format: GPUTextureFormat): GPURenderPipelineDescriptor => ({
  label: `present blit -> ${format}`,
  layout: 'auto',
  vertex: { module, entryPoint: 'vs' },
  fragment: { module, entryPoint: 'fs', targets: [{ format }] },
});

/**
 * Compiles the blit to `format` (the canvas's) in the background as soon as a device exists, while the page still
 * loads, so the first present does not wait for it (issue 16: navigation to a verified frame).
 */
export function warmBlit(device: GPUDevice, format: GPUTextureFormat): void {
  const b = deviceBlit(device);
  if (b.pipelines.has(format) || b.warming.has(format)) return;
  const warm = device
    .createRenderPipelineAsync(descriptor(b.module, format))
    .then(
      (p) => void (b.pipelines.has(format) || b.pipelines.set(format, p)),
      () => {}, // the first present makes it again and reports what is wrong
    )
    .finally(() => b.warming.delete(format));
  b.warming.set(format, warm);
}

/**
 * Resolves once a warmBlit of `format` has come back (at once when none is under way). The GPU process compiles it
 * early, but the answer waits in the page's queue while the page is busy: a present before it arrived compiled the
 * blit a second time, ~20 ms of the GPU process's main thread on the way to a lesson link's first frame.
 */
export function blitWarmed(device: GPUDevice, format: GPUTextureFormat): Promise<unknown> {
  return perDevice.get(device)?.warming.get(format) ?? Promise.resolve();
}

/** Whether `src` reaches a back buffer of `format` and this size by a plain copy (same format, size, one sample). */
export function presentsByCopy(
  src: GPUTexture | null,
  format: GPUTextureFormat,
  width: number,
  height: number,
): src is GPUTexture {
  return src !== null && src.format === format && src.sampleCount === 1 && src.width === width && src.height === height;
}

export class Blitter {
  constructor(private readonly device: GPUDevice) {}

  private pipeline(format: GPUTextureFormat): GPURenderPipeline {
    const b = deviceBlit(this.device);
    let p = b.pipelines.get(format);
    if (!p) {
      p = this.device.createRenderPipeline(descriptor(b.module, format));
      b.pipelines.set(format, p);
    }
    return p;
  }

  /** `src` to `dst`: copied when presentsByCopy allows, drawn by the blit otherwise (null: black). */
  present(src: GPUTexture | null, dst: GPUTexture): 'copy' | 'blit' {
    if (!presentsByCopy(src, dst.format, dst.width, dst.height)) {
      this.blit(src, dst);
      return 'blit';
    }
    const enc = this.device.createCommandEncoder({ label: 'present copy' });
    enc.copyTextureToTexture({ texture: src }, { texture: dst }, { width: dst.width, height: dst.height });
    this.device.queue.submit([enc.finish()]);
    return 'copy';
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
