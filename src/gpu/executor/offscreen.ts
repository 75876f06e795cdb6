// A presenter with no canvas: frames stay in a texture (the "compare with the correct run" view reads them back).
export interface FramePresenter {
  readonly format: GPUTextureFormat;
  createBackBuffer(label: string): GPUTexture;
  present(texture: GPUTexture): void;
  /** The texture last presented (what a check reads back). */
  readonly presented: GPUTexture | null;
}

export class OffscreenPresenter implements FramePresenter {
  readonly format: GPUTextureFormat = 'rgba8unorm';
  presented: GPUTexture | null = null;

  constructor(
    readonly device: GPUDevice,
    readonly width: number,
    readonly height: number,
  ) {}

  createBackBuffer(label: string): GPUTexture {
    return this.device.createTexture({
      label,
      size: { width: this.width, height: this.height },
      format: this.format,
      usage: GPUTextureUsage.RENDER_ATTACHMENT | GPUTextureUsage.COPY_SRC | GPUTextureUsage.TEXTURE_BINDING,
    });
  }

  present(texture: GPUTexture): void {
    this.presented?.destroy();
    this.presented = texture;
  }
}
