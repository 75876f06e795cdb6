// A presenter with no canvas: frames stay in a texture (the "compare with the correct run" view reads them back).
export interface FramePresenter {
  readonly format: GPUTextureFormat;
  /** The window's size: createBackBuffer's textures are this size. */
  readonly width: number;
  readonly height: number;
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
      // COPY_DST: a swap-chain buffer of the same format and size is presented by a copy (blit.ts)
      usage:
        GPUTextureUsage.RENDER_ATTACHMENT |
        GPUTextureUsage.COPY_SRC |
        GPUTextureUsage.COPY_DST |
        GPUTextureUsage.TEXTURE_BINDING,
    });
  }

  present(texture: GPUTexture): void {
    this.presented?.destroy();
    this.presented = texture;
  }
}
