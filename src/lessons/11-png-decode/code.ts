// Lesson 11 — PNG decode, the WIC step in the browser: file bytes -> decoder (fast-png: chunks, inflate, filters)
// -> format converter to 32bpp RGBA (palette lookup, 3 -> 4 channels) -> tightly packed rows of R8G8B8A8_UNORM.
// No D3D12 call decodes anything; showOnBackBuffer only puts the three results on the back buffer (lessons 12
// and 13 explain the upload buffer, the footprint and CopyTextureRegion it uses).
import { convertIndexedToRgb, decode, type DecodedPng } from 'fast-png';
import {
  type D3D12System,
  D3D12_HEAP_FLAG_NONE,
  D3D12_HEAP_TYPE_UPLOAD,
  D3D12_RESOURCE_DIMENSION_BUFFER,
  D3D12_RESOURCE_DIMENSION_TEXTURE2D,
  D3D12_RESOURCE_STATE_COPY_DEST,
  D3D12_RESOURCE_STATE_GENERIC_READ,
  D3D12_RESOURCE_STATE_PRESENT,
  D3D12_RESOURCE_STATE_RENDER_TARGET,
  D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT,
  D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX,
  D3D12_TEXTURE_LAYOUT_ROW_MAJOR,
  D3D12_TEXTURE_LAYOUT_UNKNOWN,
  DXGI_FORMAT_R8G8B8A8_UNORM,
  DXGI_FORMAT_UNKNOWN,
} from '../../core';
import { ThrowIfFailed } from '../runner';
import type { LessonEnv } from '../types';
import { type Frame, Transition, createFrame, currentRtv, waitForGpu } from '../common/frame';
import { TEST_IMAGES } from './files';

export interface DecodedImage {
  path: string;
  width: number;
  height: number;
  /** What the file's IHDR/PLTE say: PNG colour type, bit depth, channels per pixel, palette entries. */
  source: { colorType: number; bitDepth: number; channels: number; paletteSize: number; firstBytes: number[] };
  /** The converter's output: R8G8B8A8_UNORM, rows width × 4 bytes apart (tightly packed). */
  format: number;
  rowPitch: number;
  pixels: Uint8Array;
}

/** The lab's "disk": the bytes of public/lessons/11/*.png (CreateDecoderFromFilename reads the file). */
export function ReadFile(path: string): Uint8Array {
  const f = TEST_IMAGES.find((t) => t.path === path);
  if (!f) throw new Error(`${path}: file not found`);
  return Uint8Array.from(atob(f.base64), (ch) => ch.charCodeAt(0));
}

/** PNG colour type from what the decoder reports (0 grey, 2 RGB, 3 palette, 4 grey + alpha, 6 RGBA). */
const colorTypeOf = (png: DecodedPng) => (png.palette ? 3 : [0, 0, 4, 2, 6][png.channels]);

/**
 * IWICFormatConverter::Initialize(frame, GUID_WICPixelFormat32bppRGBA) + CopyPixels(stride = width * 4):
 * whatever the file holds becomes four bytes per pixel, red first.
 */
export function ConvertTo32bppRGBA(png: DecodedPng, bugs: ReadonlySet<string> = new Set()): Uint8Array {
  const n = png.width * png.height;
  let data: ArrayLike<number> = png.data;
  let channels = png.channels;
  // A palette image holds 1 index per pixel: look each one up in PLTE (and tRNS) -> RGB or RGBA
  // (BUG ignore-palette: the indices are copied as if they were grey levels)
  if (png.palette && !bugs.has('ignore-palette')) {
    data = convertIndexedToRgb(png);
    channels = data.length / n;
  }
  // BUG wrong-channels: "a PNG is RGBA": 3-byte RGB pixels read 4 bytes at a time
  if (channels === 3 && bugs.has('wrong-channels')) channels = 4;
  const shift = png.depth === 16 ? 8 : 0; // 16-bit channels keep their high byte
  const at = (i: number) => (i < data.length ? data[i] >> shift : 0);
  const out = new Uint8Array(n * 4);
  for (let p = 0; p < n; p++) {
    const s = p * channels;
    const [r, g, b, a] =
      channels >= 3
        ? [at(s), at(s + 1), at(s + 2), channels === 4 ? at(s + 3) : 255]
        : [at(s), at(s), at(s), channels === 2 ? at(s + 1) : 255];
    out.set([r, g, b, a], p * 4);
  }
  return out;
}

export function main(sys: D3D12System, env: LessonEnv, out: Record<string, unknown>) {
  const images: DecodedImage[] = [];
  for (const { path } of TEST_IMAGES) {
    // decoder->GetFrame(0): the file's own layout, as its header declares it
    const frame = decode(ReadFile(path));
    // converter: to the one layout the texture will use
    const pixels = ConvertTo32bppRGBA(frame, env.bugs);
    images.push({
      path,
      width: frame.width,
      height: frame.height,
      source: {
        colorType: colorTypeOf(frame),
        bitDepth: frame.depth,
        channels: frame.channels,
        paletteSize: frame.palette?.length ?? 0,
        firstBytes: Array.from(frame.data.subarray(0, 8)),
      },
      format: DXGI_FORMAT_R8G8B8A8_UNORM,
      rowPitch: frame.width * 4,
      pixels,
    });
  }
  out.images = images;

  // The learner's own file, picked on the page: validated, decoded and converted to R8G8B8A8 off the main thread
  // (src/lessons/common/png-decode.ts, in a worker); it goes first, so it fills the back buffer from the top left
  const mine = env.image
    ? [{ width: env.image.info.width, height: env.image.info.height, pixels: env.image.rgba }]
    : [];

  // Show them: one above the other on the back buffer (upload buffer + CopyTextureRegion, lessons 12–13)
  const f = createFrame(sys, env);
  const shown = showOnBackBuffer(f, [...mine, ...images]);
  out.placement = shown.tops.slice(mine.length);
  if (env.image) out.learner = { top: shown.tops[0], ...shown.uploads[0] };
}

/** Where one image went in the upload buffer: its footprint, and the first rows' bytes as written (the byte view). */
export interface UploadView {
  Offset: number;
  RowPitch: number;
  RowSizeInBytes: number;
  NumRows: number;
  TotalBytes: number;
  /** The upload buffer's bytes from Offset, the first rows (payload and padding), as the CPU wrote them. */
  head: Uint8Array;
}
const HEAD_ROWS = 4;

export const CLEAR = [0.125, 0.125, 0.125, 1];
export const GAP = 2;

/**
 * Put the decoded images on the back buffer, one band below the other on a dark clear: rows into an upload buffer
 * at the footprints GetCopyableFootprints gives (RowPitch = width × 4 rounded up to 256: the lesson's 64-pixel
 * files have no padding, a learner's file usually has some, lesson 12), then one CopyTextureRegion per image
 * straight into the back buffer, clipped to it (lesson 13). Returns each image's top row (undefined: no room
 * left) and where its rows went in the upload buffer.
 */
export function showOnBackBuffer(
  f: Frame,
  images: { width: number; height: number; pixels: Uint8Array }[],
): { tops: (number | undefined)[]; uploads: UploadView[] } {
  const tops: (number | undefined)[] = [];
  const { device, list, allocator, queue, swapChain } = f;
  const fps = images.map((img) =>
    device.GetCopyableFootprints({
      ResourceDesc: {
        Dimension: D3D12_RESOURCE_DIMENSION_TEXTURE2D,
        Width: img.width,
        Height: img.height,
        DepthOrArraySize: 1,
        MipLevels: 1,
        Format: DXGI_FORMAT_R8G8B8A8_UNORM,
        SampleDesc: { Count: 1, Quality: 0 },
        Layout: D3D12_TEXTURE_LAYOUT_UNKNOWN,
      },
      FirstSubresource: 0,
      NumSubresources: 1,
      BaseOffset: 0,
    }),
  );
  const offsets: number[] = [];
  let total = 0;
  for (const fp of fps) {
    total = Math.ceil(total / 512) * 512;
    offsets.push(total);
    total += fp.TotalBytes;
  }
  const upload = ThrowIfFailed(
    device.CreateCommittedResource({
      HeapProperties: { Type: D3D12_HEAP_TYPE_UPLOAD },
      HeapFlags: D3D12_HEAP_FLAG_NONE,
      Desc: {
        Dimension: D3D12_RESOURCE_DIMENSION_BUFFER,
        Width: total,
        Height: 1,
        DepthOrArraySize: 1,
        MipLevels: 1,
        Format: DXGI_FORMAT_UNKNOWN,
        SampleDesc: { Count: 1, Quality: 0 },
        Layout: D3D12_TEXTURE_LAYOUT_ROW_MAJOR,
      },
      InitialResourceState: D3D12_RESOURCE_STATE_GENERIC_READ,
      OptimizedClearValue: null,
    }),
  );
  const mapped = ThrowIfFailed(upload.Map({ Subresource: 0, ReadRange: { Begin: 0, End: 0 } }));
  images.forEach((img, k) => {
    const fp = fps[k];
    for (let y = 0; y < fp.NumRows[0]; y++) {
      const row = img.pixels.subarray(y * img.width * 4, (y + 1) * img.width * 4);
      mapped.set(row, offsets[k] + y * fp.Layouts[0].Footprint.RowPitch);
    }
  });
  const uploads = fps.map((fp, k): UploadView => ({
    Offset: offsets[k],
    RowPitch: fp.Layouts[0].Footprint.RowPitch,
    RowSizeInBytes: fp.RowSizeInBytes[0],
    NumRows: fp.NumRows[0],
    TotalBytes: fp.TotalBytes,
    head: mapped.slice(offsets[k], offsets[k] + Math.min(fp.TotalBytes, HEAD_ROWS * fp.Layouts[0].Footprint.RowPitch)),
  }));
  upload.Unmap({ Subresource: 0, WrittenRange: null });

  ThrowIfFailed({ hr: allocator.Reset() });
  ThrowIfFailed({ hr: list.Reset({ Allocator: allocator, InitialState: null }) });
  const bb = f.renderTargets[f.frameIndex];
  const rtv = currentRtv(f);
  list.ResourceBarrier({
    NumBarriers: 1,
    Barriers: [Transition(bb, D3D12_RESOURCE_STATE_PRESENT, D3D12_RESOURCE_STATE_RENDER_TARGET)],
  });
  list.ClearRenderTargetView({ RenderTargetView: rtv, ColorRGBA: CLEAR, NumRects: 0, Rects: null });
  list.ResourceBarrier({
    NumBarriers: 1,
    Barriers: [Transition(bb, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_COPY_DEST)],
  });
  let top = 0;
  images.forEach((img, k) => {
    const h = Math.min(img.height, f.height - top);
    const w = Math.min(img.width, f.width);
    if (h <= 0) return;
    tops[k] = top;
    list.CopyTextureRegion({
      Dst: { Resource: bb, Type: D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX, SubresourceIndex: 0 },
      DstX: 0,
      DstY: top,
      DstZ: 0,
      Src: {
        Resource: upload,
        Type: D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT,
        PlacedFootprint: { ...fps[k].Layouts[0], Offset: offsets[k] },
      },
      SrcBox: { left: 0, top: 0, front: 0, right: w, bottom: h, back: 1 },
    });
    top += img.height + GAP;
  });
  list.ResourceBarrier({
    NumBarriers: 1,
    Barriers: [Transition(bb, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_PRESENT)],
  });
  ThrowIfFailed({ hr: list.Close() });
  queue.ExecuteCommandLists({ NumCommandLists: 1, CommandLists: [list] });
  ThrowIfFailed({ hr: swapChain.Present({ SyncInterval: 1, Flags: 0 }) });
  waitForGpu(f);
  return { tops, uploads };
}
