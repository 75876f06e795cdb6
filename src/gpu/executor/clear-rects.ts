// ClearRenderTargetView with rectangles (NumRects > 0): D3D12 clears only inside them. A WebGPU render pass clears
// the whole attachment, so each rectangle is written with queue.writeTexture instead, as the bytes the RTV's format
// stores for the colour (the model's own encoding, clearTexel: UNORM, _SRGB encoded, RGBA or BGRA order).
import {
  clearTexel,
  DXGI_FORMAT_B8G8R8A8_UNORM,
  DXGI_FORMAT_B8G8R8A8_UNORM_SRGB,
  DXGI_FORMAT_R8G8B8A8_UNORM,
  DXGI_FORMAT_R8G8B8A8_UNORM_SRGB,
  type D3D12_RECT,
} from '../../core';

/** Rectangles clipped to the texture; empty ones dropped. */
export function clipRects(rects: readonly D3D12_RECT[], width: number, height: number): D3D12_RECT[] {
  return rects
    .map((r) => ({
      left: Math.max(0, r.left),
      top: Math.max(0, r.top),
      right: Math.min(width, r.right),
      bottom: Math.min(height, r.bottom),
    }))
    .filter((r) => r.right > r.left && r.bottom > r.top);
}

/** Write the colour into each rectangle of `tex`, viewed as `view` (its own format or its -srgb twin). */
export function clearRects(
  device: GPUDevice,
  tex: GPUTexture,
  view: GPUTextureFormat,
  rgba: readonly number[],
  rects: readonly D3D12_RECT[],
): D3D12_RECT[] {
  const bgra = tex.format.startsWith('bgra');
  const srgb = view.endsWith('-srgb');
  const dxgi = bgra
    ? srgb
      ? DXGI_FORMAT_B8G8R8A8_UNORM_SRGB
      : DXGI_FORMAT_B8G8R8A8_UNORM
    : srgb
      ? DXGI_FORMAT_R8G8B8A8_UNORM_SRGB
      : DXGI_FORMAT_R8G8B8A8_UNORM;
  const texel = clearTexel(dxgi, rgba);
  const done = clipRects(rects, tex.width, tex.height);
  if (!texel) return [];
  for (const r of done) {
    const w = r.right - r.left;
    const h = r.bottom - r.top;
    const data = new Uint8Array(w * h * 4);
    for (let k = 0; k < w * h; k++) data.set(texel, k * 4);
    device.queue.writeTexture(
      { texture: tex, origin: { x: r.left, y: r.top } },
      data,
      { bytesPerRow: w * 4 },
      {
        width: w,
        height: h,
      },
    );
  }
  return done;
}
