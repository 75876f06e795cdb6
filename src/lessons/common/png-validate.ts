// Check a PNG file's structure before anything is decoded or allocated for its pixels (PNG spec, 2nd ed., §5, §11):
// signature, every chunk's length and CRC, the header's fields and the lab's size limits, the critical chunks'
// order and count, the palette's and transparency's lengths. The result says exactly how many bytes the image
// data must inflate to, so the decoder (png-decode.ts) can stop a decompression bomb at that size.
// Plain TypeScript, no DOM: it runs in the decoder worker, in vitest and in Node.
import { PNG_LIMITS, type PngError } from './png-errors';

export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export interface PngHeader {
  width: number;
  height: number;
  bitDepth: number;
  /** 0 grey, 2 RGB, 3 palette, 4 grey + alpha, 6 RGBA. */
  colorType: number;
  interlace: number;
}

export interface PngStructure {
  header: PngHeader;
  /** Samples per pixel in the file (1 for palette indices). */
  channels: number;
  /** PLTE's bytes (RGB triples), empty when there is none. */
  palette: Uint8Array;
  /** tRNS's bytes, empty when there is none. */
  trns: Uint8Array;
  /** The IDAT chunks' data, in order (views into the file). */
  idat: Uint8Array[];
  /** The exact size the concatenated IDAT data inflates to: filter bytes + packed rows, over the interlace passes. */
  inflatedSize: number;
}

export type PngResult<T> = { ok: true; value: T } | { ok: false; error: PngError };
const fail = (code: PngError['code'], params?: PngError['params']): { ok: false; error: PngError } => ({
  ok: false,
  error: { code, params },
});

/** Allowed bit depths per colour type (PNG §11.2.2, table 11.1). */
export const BIT_DEPTHS: Record<number, number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};
export const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** Adam7's seven passes: first column/row and step (PNG §8.2). */
export const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/** The sub-images the scanlines are stored as: the whole image, or Adam7's non-empty passes. */
export function passes(h: PngHeader): { x0: number; y0: number; dx: number; dy: number; w: number; h: number }[] {
  if (h.interlace === 0) return [{ x0: 0, y0: 0, dx: 1, dy: 1, w: h.width, h: h.height }];
  return ADAM7.map(([x0, y0, dx, dy]) => ({
    x0,
    y0,
    dx,
    dy,
    w: Math.ceil((h.width - x0) / dx),
    h: Math.ceil((h.height - y0) / dy),
  })).filter((p) => p.w > 0 && p.h > 0);
}

/** Bytes of one packed row of `w` pixels (without its filter byte). */
export const rowBytes = (w: number, bitDepth: number, channels: number) => Math.ceil((w * bitDepth * channels) / 8);

export function inflatedSize(h: PngHeader): number {
  const ch = CHANNELS[h.colorType];
  return passes(h).reduce((n, p) => n + p.h * (1 + rowBytes(p.w, h.bitDepth, ch)), 0);
}

let crcTable: Uint32Array | null = null;
/** CRC-32 of a chunk's type and data (PNG §5.5). */
export function crc32(bytes: Uint8Array, start: number, end: number): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (let i = start; i < end; i++) c = crcTable[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

const u32 = (b: Uint8Array, i: number) => ((b[i] << 24) | (b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3]) >>> 0;
const typeName = (b: Uint8Array, i: number) =>
  String.fromCharCode(b[i], b[i + 1], b[i + 2], b[i + 3]).replace(/[^\x20-\x7e]/g, '?');

/** The header's fields against the PNG rules and the lab's limits (before anything is sized from them). */
export function checkHeader(h: PngHeader): PngError | null {
  const { width, height, bitDepth, colorType } = h;
  if (width === 0 || height === 0) return { code: 'zero-size', params: { width, height } };
  if (width > PNG_LIMITS.maxSide || height > PNG_LIMITS.maxSide)
    return { code: 'too-large', params: { width, height, max: PNG_LIMITS.maxSide } };
  if (width * height > PNG_LIMITS.maxPixels)
    return { code: 'too-many-pixels', params: { width, height, pixels: width * height, max: PNG_LIMITS.maxPixels } };
  if (!(colorType in BIT_DEPTHS)) return { code: 'bad-color-type', params: { colorType } };
  if (!BIT_DEPTHS[colorType].includes(bitDepth))
    return { code: 'bad-bit-depth', params: { bitDepth, colorType, allowed: BIT_DEPTHS[colorType].join(', ') } };
  return null;
}

/** Walk the chunks; refuse the file at the first fault, naming it. */
export function validatePng(bytes: Uint8Array): PngResult<PngStructure> {
  if (!(bytes instanceof Uint8Array)) return fail('not-bytes');
  if (bytes.length > PNG_LIMITS.maxFileBytes)
    return fail('file-too-large', { size: bytes.length, max: PNG_LIMITS.maxFileBytes });
  if (bytes.length < 8 || PNG_SIGNATURE.some((v, i) => bytes[i] !== v)) return fail('not-png');
  let header: PngHeader | null = null;
  let palette: Uint8Array = new Uint8Array(0);
  let trns: Uint8Array | null = null;
  const idat: Uint8Array[] = [];
  let idatEnded = false;
  let pos = 8;
  for (;;) {
    if (pos === bytes.length) return fail('iend-missing');
    if (pos + 8 > bytes.length) return fail('truncated', { chunk: 'chunk header', at: pos });
    const length = u32(bytes, pos);
    const type = typeName(bytes, pos + 4);
    if (length > 0x7fffffff) return fail('bad-chunk-length', { at: pos, length });
    if (pos + 12 + length > bytes.length) return fail('truncated', { chunk: type, at: bytes.length });
    const data = bytes.subarray(pos + 8, pos + 8 + length);
    if (crc32(bytes, pos + 4, pos + 8 + length) !== u32(bytes, pos + 8 + length))
      return fail('bad-crc', { chunk: type });
    pos += 12 + length;
    if (!header) {
      if (type !== 'IHDR') return fail('ihdr-not-first', { chunk: type });
      if (length !== 13) return fail('ihdr-bad-length', { length });
      header = {
        width: u32(data, 0),
        height: u32(data, 4),
        bitDepth: data[8],
        colorType: data[9],
        interlace: data[12],
      };
      const bad = checkHeader(header);
      if (bad) return { ok: false, error: bad };
      if (data[10] !== 0) return fail('bad-compression-method', { value: data[10] });
      if (data[11] !== 0) return fail('bad-filter-method', { value: data[11] });
      if (header.interlace > 1) return fail('bad-interlace-method', { value: header.interlace });
      continue;
    }
    const ct = header.colorType;
    if (type !== 'IDAT' && idat.length > 0) idatEnded = true;
    switch (type) {
      case 'IHDR':
        return fail('duplicate-chunk', { chunk: type });
      case 'PLTE': {
        if (palette.length) return fail('duplicate-chunk', { chunk: type });
        if (idat.length) return fail('chunk-out-of-order', { chunk: type });
        if (ct === 0 || ct === 4) return fail('plte-not-allowed', { colorType: ct });
        const max = ct === 3 ? Math.min(256, 1 << header.bitDepth) : 256;
        if (length === 0 || length % 3 !== 0 || length / 3 > max) return fail('plte-bad-length', { length, max });
        palette = data;
        break;
      }
      case 'tRNS': {
        if (trns) return fail('duplicate-chunk', { chunk: type });
        if (idat.length) return fail('chunk-out-of-order', { chunk: type });
        if (ct === 4 || ct === 6) return fail('trns-not-allowed', { colorType: ct });
        if (ct === 3 && !palette.length) return fail('plte-missing');
        const want = ct === 0 ? '2' : ct === 2 ? '6' : `1 to ${palette.length / 3}`;
        if (ct === 0 ? length !== 2 : ct === 2 ? length !== 6 : length < 1 || length > palette.length / 3)
          return fail('trns-bad-length', { length, want });
        trns = data;
        break;
      }
      case 'IDAT':
        if (idatEnded) return fail('idat-not-consecutive');
        if (ct === 3 && !palette.length) return fail('plte-missing');
        idat.push(data);
        break;
      case 'IEND':
        // bytes after IEND are ignored, as browsers do
        if (!idat.length) return fail('idat-missing');
        return {
          ok: true,
          value: {
            header,
            channels: CHANNELS[ct],
            palette,
            trns: trns ?? new Uint8Array(0),
            idat,
            inflatedSize: inflatedSize(header),
          },
        };
      default:
        // bit 5 of the first letter clear = critical: a decoder that does not know it must not show the image (§5.4)
        if ((bytes[pos - 12 - length + 4] & 0x20) === 0) return fail('unknown-critical-chunk', { chunk: type });
    }
  }
}
