// [COPY-BYTES-2] When an execution completes on the GPU, its ClearRenderTargetView calls write the clear colour into
// the render target's CPU-side storage (whole subresource 0, or only the given rectangles), in the RTV's format, so
// a later CopyTextureRegion of that target into a READBACK buffer reads the cleared pixels after the fence (lesson
// A1). Draws are not rasterised by the model: only clears reach the storage (the executor draws for real).

import type { CommandOf } from './commands';
import { copyableFootprints } from './layout';
import {
  DXGI_FORMAT_B8G8R8A8_UNORM,
  DXGI_FORMAT_B8G8R8A8_UNORM_SRGB,
  DXGI_FORMAT_R8G8B8A8_UNORM,
  DXGI_FORMAT_R8G8B8A8_UNORM_SRGB,
} from './enums';

/** Linear [0, 1] → the sRGB transfer function (what an _SRGB RTV stores). */
function toSrgb(c: number): number {
  return c <= 0.0031308 ? c * 12.92 : 1.055 * Math.pow(c, 1 / 2.4) - 0.055;
}

/** The four bytes an 8-bit UNORM RTV of this format stores for the colour; null for formats not modelled. */
export function clearTexel(format: number, rgba: readonly number[]): Uint8Array | null {
  const srgb = format === DXGI_FORMAT_R8G8B8A8_UNORM_SRGB || format === DXGI_FORMAT_B8G8R8A8_UNORM_SRGB;
  const bgra = format === DXGI_FORMAT_B8G8R8A8_UNORM || format === DXGI_FORMAT_B8G8R8A8_UNORM_SRGB;
  if (!srgb && !bgra && format !== DXGI_FORMAT_R8G8B8A8_UNORM) return null;
  const q = (c: number, k: number) => {
    const v = Math.min(1, Math.max(0, Number.isFinite(c) ? c : 0));
    return Math.round((srgb && k < 3 ? toSrgb(v) : v) * 255);
  };
  const [r, g, b, a] = [0, 1, 2, 3].map((k) => q(rgba[k] ?? 0, k));
  return Uint8Array.from(bgra ? [b, g, r, a] : [r, g, b, a]);
}

/** [COPY-BYTES-2] Carry out a completed ClearRenderTargetView on the target's CPU-side bytes. */
export function clearBytes(cmd: CommandOf<'ClearRenderTargetView'>): void {
  const r = cmd.rtv.res;
  if (!r || r.isBuffer || cmd.rtv.sub !== 0) return;
  const texel = clearTexel(cmd.rtv.format || r.desc.Format, cmd.ColorRGBA);
  if (!texel) return;
  const fp = copyableFootprints(r.desc, 0, 1, 0);
  const L = fp.Layouts[0];
  if (!L) return;
  const W = L.Footprint.Width;
  const H = fp.NumRows[0];
  const st = r.storage();
  const rects = cmd.Rects ?? [];
  const areas = rects.length ? rects : [{ left: 0, top: 0, right: W, bottom: H }];
  for (const a of areas) {
    const x0 = Math.max(0, a.left);
    const x1 = Math.min(W, a.right);
    const y0 = Math.max(0, a.top);
    const y1 = Math.min(H, a.bottom);
    if (x1 <= x0 || y1 <= y0) continue;
    // the first row's texels (those inside the storage), then every other row copied from it: a few native copies
    // instead of a typed-array set per texel (65,536 for a 256x256 target, ~20 ms of cold code on a lesson's first run)
    const first = L.Offset + y0 * L.Footprint.RowPitch + x0 * 4;
    const rowBytes = Math.min((x1 - x0) * 4, Math.floor((st.length - first) / 4) * 4);
    if (rowBytes <= 0) continue;
    st.set(texel, first);
    for (let done = 4; done < rowBytes; done *= 2)
      st.copyWithin(first + done, first, first + Math.min(done, rowBytes - done));
    for (let y = y0 + 1; y < y1; y++) {
      const o = L.Offset + y * L.Footprint.RowPitch + x0 * 4;
      const n = Math.min(rowBytes, Math.floor((st.length - o) / 4) * 4);
      if (n <= 0) break; // later rows start later still
      st.copyWithin(o, first, first + n);
    }
  }
}
