// A learner's PNG to R8G8B8A8 rows (what WIC's decoder + format converter to GUID_WICPixelFormat32bppRGBA give):
// validate the structure first (png-validate.ts), inflate the image data with fflate in small steps and stop the
// moment it passes the exact size the header implies (a decompression bomb never gets its memory), undo the row
// filters, walk the Adam7 passes, and expand every colour type and bit depth to 4 bytes per pixel.
// Why not fast-png here (lesson 11's own files use it): 8.0.0 sizes Adam7 rows of 1/2/4-bit images per pixel,
// not per bit, and inflates without a size limit; the learner's file is hostile input.
import { Unzlib } from 'fflate';
import type { PngError } from './png-errors';
import { passes, rowBytes, validatePng, type PngHeader, type PngStructure } from './png-validate';

export interface DecodedPngInfo {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  /** Samples per pixel in the file (1 for a palette index). */
  channels: number;
  interlace: number;
  /** PLTE entries (0: none). */
  paletteSize: number;
  /** Had a tRNS chunk. */
  transparency: boolean;
}

export type PngDecodeResult = { ok: true; info: DecodedPngInfo; rgba: Uint8Array } | { ok: false; error: PngError };

/**
 * Input fed to the inflater per step: deflate expands at most ~1032:1, so a step of (bytes still expected) / 1032
 * can never yield much more than the image still needs: a bomb is stopped within about twice its header's size.
 */
const step = (left: number) => Math.max(256, Math.min(65536, Math.floor(left / 1032)));

/** The IDAT stream inflated, refusing anything but exactly `want` bytes; memory grows only with what arrives. */
export function inflateBounded(
  idat: Uint8Array[],
  want: number,
  h: PngHeader,
): { ok: true; data: Uint8Array } | { ok: false; error: PngError } {
  const parts: Uint8Array[] = [];
  let got = 0;
  let over = false;
  const z = new Unzlib((chunk) => {
    if (over) return;
    got += chunk.length;
    if (got > want) over = true;
    else parts.push(chunk);
  });
  const size = { width: h.width, height: h.height, want };
  try {
    for (const d of idat) {
      for (let i = 0, n = step(want); i < d.length && !over; i += n, n = step(want - got))
        z.push(d.subarray(i, Math.min(d.length, i + n)), false);
      if (over) break;
    }
    if (!over) z.push(new Uint8Array(0), true);
  } catch {
    if (!over)
      return got < want && got > 0
        ? { ok: false, error: { code: 'inflate-too-little', params: { ...size, got } } }
        : { ok: false, error: { code: 'inflate-failed' } };
  }
  if (over) return { ok: false, error: { code: 'inflate-too-much', params: size } };
  if (got < want) return { ok: false, error: { code: 'inflate-too-little', params: { ...size, got } } };
  const data = new Uint8Array(want);
  let at = 0;
  for (const p of parts) {
    data.set(p, at);
    at += p.length;
  }
  return { ok: true, data };
}

const paeth = (a: number, b: number, c: number) => {
  const p = a + b - c,
    pa = Math.abs(p - a),
    pb = Math.abs(p - b),
    pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
};

/** Undo one row's filter in place (PNG §9.2); `prev` is the row above's unfiltered bytes (null on a pass's first row). */
function unfilterRow(type: number, row: Uint8Array, prev: Uint8Array | null, bpp: number) {
  const n = row.length;
  switch (type) {
    case 0:
      return;
    case 1:
      for (let i = bpp; i < n; i++) row[i] = (row[i] + row[i - bpp]) & 255;
      return;
    case 2:
      if (prev) for (let i = 0; i < n; i++) row[i] = (row[i] + prev[i]) & 255;
      return;
    case 3:
      for (let i = 0; i < n; i++)
        row[i] = (row[i] + (((i >= bpp ? row[i - bpp] : 0) + (prev ? prev[i] : 0)) >> 1)) & 255;
      return;
    case 4:
      for (let i = 0; i < n; i++)
        row[i] =
          (row[i] + paeth(i >= bpp ? row[i - bpp] : 0, prev ? prev[i] : 0, i >= bpp && prev ? prev[i - bpp] : 0)) & 255;
      return;
  }
}

/** Unfiltered scanlines → R8G8B8A8, every colour type; palette indices beyond PLTE are refused. */
function toRgba(s: PngStructure, data: Uint8Array): PngDecodeResult {
  const { header: h, channels, palette, trns } = s;
  const { bitDepth: depth, colorType: ct } = h;
  const out = new Uint8Array(h.width * h.height * 4);
  const bpp = Math.max(1, (depth * channels) >> 3);
  const max = (1 << depth) - 1;
  const to8 =
    depth === 16 ? (v: number) => v >> 8 : depth === 8 ? (v: number) => v : (v: number) => Math.round((v * 255) / max);
  const nColours = palette.length / 3;
  // the colour key of a grey/RGB tRNS, compared at the file's own precision (PNG §11.3.2.1)
  const key =
    trns.length && (ct === 0 || ct === 2)
      ? Array.from({ length: trns.length / 2 }, (_, i) => (trns[2 * i] << 8) | trns[2 * i + 1])
      : null;
  let off = 0;
  let rowNo = 0;
  for (const p of passes(h)) {
    const rb = rowBytes(p.w, depth, channels);
    let prev: Uint8Array | null = null;
    for (let y = 0; y < p.h; y++, rowNo++) {
      const filter = data[off];
      if (filter > 4) return { ok: false, error: { code: 'bad-row-filter', params: { row: rowNo, filter } } };
      const row = data.subarray(off + 1, off + 1 + rb);
      unfilterRow(filter, row, prev, bpp);
      prev = row;
      off += 1 + rb;
      const oy = p.y0 + y * p.dy;
      const sample = (x: number, c: number): number => {
        if (depth === 8) return row[x * channels + c];
        if (depth === 16) {
          const i = (x * channels + c) * 2;
          return (row[i] << 8) | row[i + 1];
        }
        const bit = (x * channels + c) * depth;
        return (row[bit >> 3] >> (8 - depth - (bit & 7))) & max;
      };
      for (let x = 0; x < p.w; x++) {
        const o = (oy * h.width + p.x0 + x * p.dx) * 4;
        if (ct === 3) {
          const i = sample(x, 0);
          if (i >= nColours)
            return {
              ok: false,
              error: {
                code: 'palette-index-out-of-range',
                params: { x: p.x0 + x * p.dx, y: oy, index: i, size: nColours },
              },
            };
          out[o] = palette[3 * i];
          out[o + 1] = palette[3 * i + 1];
          out[o + 2] = palette[3 * i + 2];
          out[o + 3] = i < trns.length ? trns[i] : 255;
        } else if (ct === 0 || ct === 4) {
          const g = sample(x, 0);
          out[o] = out[o + 1] = out[o + 2] = to8(g);
          out[o + 3] = ct === 4 ? to8(sample(x, 1)) : key && g === key[0] ? 0 : 255;
        } else {
          const r = sample(x, 0),
            g = sample(x, 1),
            b = sample(x, 2);
          out[o] = to8(r);
          out[o + 1] = to8(g);
          out[o + 2] = to8(b);
          out[o + 3] = ct === 6 ? to8(sample(x, 3)) : key && r === key[0] && g === key[1] && b === key[2] ? 0 : 255;
        }
      }
    }
  }
  const info: DecodedPngInfo = {
    width: h.width,
    height: h.height,
    bitDepth: depth,
    colorType: ct,
    channels,
    interlace: h.interlace,
    paletteSize: nColours,
    transparency: trns.length > 0,
  };
  return { ok: true, info, rgba: out };
}

/** The whole path; never throws (anything unexpected is reported as the decoder failing). */
export function decodePngToRgba(bytes: Uint8Array): PngDecodeResult {
  try {
    const v = validatePng(bytes);
    if (!v.ok) return v;
    const inf = inflateBounded(v.value.idat, v.value.inflatedSize, v.value.header);
    if (!inf.ok) return inf;
    return toRgba(v.value, inf.data);
  } catch (e) {
    return { ok: false, error: { code: 'worker-failed', params: { why: e instanceof Error ? e.message : String(e) } } };
  }
}
