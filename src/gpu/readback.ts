// Reading pixels back from the GPU: the same dance as a D3D12 readback heap. The copy's row pitch
// must be a multiple of 256 bytes (WebGPU's bytesPerRow rule is D3D12's D3D12_TEXTURE_DATA_PITCH_ALIGNMENT).

export const ROW_PITCH_ALIGNMENT = 256;

export function alignUp(value: number, alignment: number): number {
  return Math.ceil(value / alignment) * alignment;
}

/**
 * A presented frame's pixels as the window shows them: opaque. An HWND swap chain's alpha is ignored when presented
 * (flip model: DXGI_ALPHA_MODE_UNSPECIFIED or IGNORE), and a presented frame reaches its texture either by the blit,
 * which writes A = 1, or by a copy, which keeps what was drawn (blit.ts): every reader of what was presented reads
 * A = 255, whichever way it came.
 */
export async function readPresentedPixels(
  device: GPUDevice,
  texture: GPUTexture,
  x: number,
  y: number,
  width: number,
  height: number,
): Promise<Uint8Array> {
  const px = await readTexturePixels(device, texture, x, y, width, height);
  for (let i = 3; i < px.length; i += 4) px[i] = 255;
  return px;
}

/** RGBA8 bytes of a rectangle of `texture` (rgba8unorm or bgra8unorm, swizzled to RGBA). */
export async function readTexturePixels(
  device: GPUDevice,
  texture: GPUTexture,
  x: number,
  y: number,
  width: number,
  height: number,
): Promise<Uint8Array> {
  const bytesPerRow = alignUp(width * 4, ROW_PITCH_ALIGNMENT);
  const buffer = device.createBuffer({
    size: bytesPerRow * height,
    usage: GPUBufferUsage.COPY_DST | GPUBufferUsage.MAP_READ,
  });
  const encoder = device.createCommandEncoder({ label: 'readPixels' });
  encoder.copyTextureToBuffer(
    { texture, origin: { x, y } },
    { buffer, bytesPerRow, rowsPerImage: height },
    { width, height },
  );
  device.queue.submit([encoder.finish()]);
  await buffer.mapAsync(GPUMapMode.READ);
  const mapped = new Uint8Array(buffer.getMappedRange());
  const out = new Uint8Array(width * height * 4);
  const bgra = texture.format.startsWith('bgra');
  for (let row = 0; row < height; row++) {
    for (let col = 0; col < width; col++) {
      const s = row * bytesPerRow + col * 4;
      const d = (row * width + col) * 4;
      out[d] = mapped[s + (bgra ? 2 : 0)];
      out[d + 1] = mapped[s + 1];
      out[d + 2] = mapped[s + (bgra ? 0 : 2)];
      out[d + 3] = mapped[s + 3];
    }
  }
  buffer.unmap();
  buffer.destroy();
  return out;
}

/**
 * How many RGBA pixels of two equally sized frames differ by more than a rounding step (sum of |ΔR|+|ΔG|+|ΔB| > 6):
 * the "this bug is visible" measure the browser suite (e2e/helpers.ts) and the Node GPU harness share.
 */
export function differingPixels(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let n = 0;
  for (let i = 0; i < a.length; i += 4)
    if (Math.abs(a[i] - b[i]) + Math.abs(a[i + 1] - b[i + 1]) + Math.abs(a[i + 2] - b[i + 2]) > 6) n++;
  return n;
}

/** The bytes of a GPU buffer (it needs COPY_SRC usage), e.g. what a compute pass wrote into a UAV. */
export async function readBufferBytes(device: GPUDevice, source: GPUBuffer): Promise<Uint8Array> {
  const size = Math.ceil(source.size / 4) * 4;
  const buffer = device.createBuffer({ size, usage: GPUBufferUsage.COPY_DST | GPUBufferUsage.MAP_READ });
  const encoder = device.createCommandEncoder({ label: 'readBuffer' });
  encoder.copyBufferToBuffer(source, 0, buffer, 0, size);
  device.queue.submit([encoder.finish()]);
  await buffer.mapAsync(GPUMapMode.READ);
  const out = new Uint8Array(buffer.getMappedRange()).slice();
  buffer.unmap();
  buffer.destroy();
  return out;
}
