// A presenter with no canvas, for running lessons outside a browser (the Node harness on Dawn, src/cli/test-gpu.ts).
// Unlike OffscreenPresenter it takes the back-buffer format: the harness passes the adapter's preferred canvas
// format (bgra8unorm on most desktop GPUs), so the executor's format and swizzle handling is exercised exactly as a
// learner's browser would exercise it.
import type { FramePresenter } from './executor';

export class HeadlessPresenter implements FramePresenter {
  presented: GPUTexture | null = null;

  constructor(
    readonly device: GPUDevice,
    readonly format: GPUTextureFormat,
    readonly width: number,
    readonly height: number,
  ) {}

  /** A texture shaped like one swap-chain back buffer of a canvas of this size and format (CanvasPresenter's usage). */
  createBackBuffer(label: string): GPUTexture {
    return this.device.createTexture({
      label,
      size: { width: this.width, height: this.height },
      format: this.format,
      usage:
        GPUTextureUsage.RENDER_ATTACHMENT |
        GPUTextureUsage.COPY_SRC |
        GPUTextureUsage.COPY_DST |
        GPUTextureUsage.TEXTURE_BINDING,
    });
  }

  /** What a canvas would show now; the previous frame's texture is freed. */
  present(texture: GPUTexture): void {
    if (this.presented !== texture) this.presented?.destroy();
    this.presented = texture;
  }
}
