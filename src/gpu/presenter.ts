// The canvas side of a swap chain. Frames are drawn into our own "back buffer" textures (they can be
// copied from, like D3D12 swap-chain buffers) and then copied to the canvas, so a test or the check
// can read back exactly what was presented, at any time, without racing the compositor.

export class CanvasPresenter {
  private context: GPUCanvasContext | null = null;
  private lastPresented: GPUTexture | null = null;
  readonly format: GPUTextureFormat;
  /** The window: the canvas, or, before there is one, the size it will have. */
  private canvas: HTMLCanvasElement | { width: number; height: number };

  /**
   * `canvas` may be only the size of the canvas to come (issue 16: the lesson a link opens is drawn and checked
   * while the page still renders): frames stay in their back buffers until `attachCanvas` gives it the element.
   */
  constructor(
    readonly device: GPUDevice,
    canvas: HTMLCanvasElement | { width: number; height: number },
    gpu: GPU,
  ) {
    this.format = gpu.getPreferredCanvasFormat();
    this.canvas = canvas;
    if ('getContext' in canvas) this.configure(canvas);
  }

  private configure(canvas: HTMLCanvasElement) {
    const ctx = canvas.getContext('webgpu');
    if (ctx) {
      ctx.configure({
        device: this.device,
        format: this.format,
        alphaMode: 'opaque',
        usage: GPUTextureUsage.RENDER_ATTACHMENT | GPUTextureUsage.COPY_DST,
      });
      this.context = ctx;
    }
  }

  get width(): number {
    return this.canvas.width;
  }

  get height(): number {
    return this.canvas.height;
  }

  get hasCanvas(): boolean {
    return 'getContext' in this.canvas;
  }

  /**
   * A presenter made before its canvas takes the page's canvas of the size it drew at: what was presented shows on
   * it at once. False (nothing changes) when it has a canvas already or the sizes differ.
   */
  attachCanvas(canvas: HTMLCanvasElement): boolean {
    if (this.hasCanvas) return false;
    if (canvas.width !== this.canvas.width || canvas.height !== this.canvas.height) return false;
    this.canvas = canvas;
    this.configure(canvas);
    if (this.lastPresented) this.present(this.lastPresented);
    return true;
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
