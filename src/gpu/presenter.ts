// The canvas side of a swap chain. Frames are drawn into our own "back buffer" textures (they can be
// copied from, like D3D12 swap-chain buffers) and then copied to the canvas, so a test or the check
// can read back exactly what was presented, at any time, without racing the compositor.

export class CanvasPresenter {
  private context: GPUCanvasContext | null = null;
  private lastPresented: GPUTexture | null = null;
  readonly format: GPUTextureFormat;

  constructor(
    readonly device: GPUDevice,
    readonly canvas: HTMLCanvasElement,
    gpu: GPU,
  ) {
    this.format = gpu.getPreferredCanvasFormat();
    const ctx = canvas.getContext('webgpu');
    if (ctx) {
      ctx.configure({
        device,
        format: this.format,
        alphaMode: 'opaque',
        usage: GPUTextureUsage.RENDER_ATTACHMENT | GPUTextureUsage.COPY_DST,
      });
      this.context = ctx;
    }
  }

  /** A texture shaped like one swap-chain back buffer of this canvas. */
  createBackBuffer(label: string): GPUTexture {
    return this.device.createTexture({
      label,
      size: { width: this.canvas.width, height: this.canvas.height },
      format: this.format,
      usage:
        GPUTextureUsage.RENDER_ATTACHMENT |
        GPUTextureUsage.COPY_SRC |
        GPUTextureUsage.COPY_DST |
        GPUTextureUsage.TEXTURE_BINDING,
    });
  }

  /** Copies a back buffer to the canvas; it stays what readPixels sees until the next present. */
  present(backBuffer: GPUTexture) {
    this.lastPresented = backBuffer;
    if (!this.context) return;
    const encoder = this.device.createCommandEncoder({ label: 'present' });
    encoder.copyTextureToTexture(
      { texture: backBuffer },
      { texture: this.context.getCurrentTexture() },
      {
        width: Math.min(backBuffer.width, this.canvas.width),
        height: Math.min(backBuffer.height, this.canvas.height),
      },
    );
    this.device.queue.submit([encoder.finish()]);
  }

  get presented(): GPUTexture | null {
    return this.lastPresented;
  }

  clearTo(color: GPUColorDict, label = 'clear'): GPUTexture {
    const target = this.createBackBuffer(label);
    const encoder = this.device.createCommandEncoder({ label });
    encoder
      .beginRenderPass({
        colorAttachments: [{ view: target.createView(), loadOp: 'clear', storeOp: 'store', clearValue: color }],
      })
      .end();
    this.device.queue.submit([encoder.finish()]);
    return target;
  }
}
