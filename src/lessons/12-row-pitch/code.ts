// Lesson 12 — Row pitch: a 50×50 RGBA8 image has 200 bytes per row, but a buffer→texture copy reads rows
// RowPitch = align(200, 256) = 256 bytes apart. GetCopyableFootprints says where each row goes; the CPU copies
// row by row into the upload buffer at that pitch; CopyTextureRegion moves it into a DEFAULT texture.
import {
  type D3D12System,
  D3D12_HEAP_FLAG_NONE,
  D3D12_HEAP_TYPE_DEFAULT,
  D3D12_HEAP_TYPE_READBACK,
  D3D12_HEAP_TYPE_UPLOAD,
  D3D12_RESOURCE_DIMENSION_BUFFER,
  D3D12_RESOURCE_DIMENSION_TEXTURE2D,
  D3D12_RESOURCE_FLAG_NONE,
  D3D12_RESOURCE_STATE_COPY_DEST,
  D3D12_RESOURCE_STATE_COPY_SOURCE,
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
import { Transition, createFrame, currentRtv, waitForGpu } from '../common/frame';

export const TexWidth = 50;
export const TexHeight = 50;
export const DstX = 7;
export const DstY = 7;
const STRIPES = [
  [230, 40, 40],
  [250, 250, 250],
  [40, 90, 230],
  [250, 250, 250],
  [40, 200, 70],
];

/** The image to upload (stands for a decoded 50×50 PNG, lesson 11): vertical stripes 10 pixels wide, rows width × 4 bytes apart. */
export function StripeImage(width: number, height: number): Uint8Array {
  const pixels = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      pixels.set([...STRIPES[Math.floor(x / 10) % STRIPES.length], 255], (y * width + x) * 4);
  return pixels;
}

const buffer = (Width: number) => ({
  Dimension: D3D12_RESOURCE_DIMENSION_BUFFER,
  Width,
  Height: 1,
  DepthOrArraySize: 1,
  MipLevels: 1,
  Format: DXGI_FORMAT_UNKNOWN,
  SampleDesc: { Count: 1, Quality: 0 },
  Layout: D3D12_TEXTURE_LAYOUT_ROW_MAJOR,
});

export function main(sys: D3D12System, env: LessonEnv, out: Record<string, unknown>) {
  const bug = (id: string) => env.bugs.has(id);
  const frame = createFrame(sys, env); // lessons 2–4 (src/lessons/common/frame.ts)
  const { device, list, allocator, queue, swapChain } = frame;
  const pixels = StripeImage(TexWidth, TexHeight);

  // The texture on a DEFAULT heap: its memory layout is the driver's, the CPU never writes it
  const texDesc = {
    Dimension: D3D12_RESOURCE_DIMENSION_TEXTURE2D,
    Alignment: 0,
    Width: TexWidth,
    Height: TexHeight,
    DepthOrArraySize: 1,
    MipLevels: 1,
    Format: DXGI_FORMAT_R8G8B8A8_UNORM,
    SampleDesc: { Count: 1, Quality: 0 },
    Layout: D3D12_TEXTURE_LAYOUT_UNKNOWN,
    Flags: D3D12_RESOURCE_FLAG_NONE,
  };
  const texture = ThrowIfFailed(
    device.CreateCommittedResource({
      HeapProperties: { Type: D3D12_HEAP_TYPE_DEFAULT },
      HeapFlags: D3D12_HEAP_FLAG_NONE,
      Desc: texDesc,
      InitialResourceState: D3D12_RESOURCE_STATE_COPY_DEST,
      OptimizedClearValue: null,
    }),
  );

  // Let the device compute the buffer layout: one footprint for subresource 0
  const {
    Layouts: [fp],
    NumRows: [numRows],
    RowSizeInBytes: [rowSizeInBytes],
    TotalBytes: totalBytes,
  } = device.GetCopyableFootprints({ ResourceDesc: texDesc, FirstSubresource: 0, NumSubresources: 1, BaseOffset: 0 });

  // The upload buffer, TotalBytes long; rows go RowPitch apart
  const upload = ThrowIfFailed(
    device.CreateCommittedResource({
      HeapProperties: { Type: D3D12_HEAP_TYPE_UPLOAD },
      HeapFlags: D3D12_HEAP_FLAG_NONE,
      Desc: buffer(totalBytes),
      InitialResourceState: D3D12_RESOURCE_STATE_GENERIC_READ,
      OptimizedClearValue: null,
    }),
  );
  const mapped = ThrowIfFailed(upload.Map({ Subresource: 0, ReadRange: { Begin: 0, End: 0 } }));
  // BUG unaligned-pitch: rows written tightly packed (width × 4 = 200 bytes apart) while the footprint says 256
  const dstPitch = bug('unaligned-pitch') ? TexWidth * 4 : fp.Footprint.RowPitch;
  for (let y = 0; y < numRows; y++) {
    mapped.set(pixels.subarray(y * TexWidth * 4, y * TexWidth * 4 + rowSizeInBytes), fp.Offset + y * dstPitch);
  }
  upload.Unmap({ Subresource: 0, WrittenRange: { Begin: 0, End: totalBytes } });

  // For the check: a READBACK buffer the texture is copied back into, at the same footprint
  const readback = ThrowIfFailed(
    device.CreateCommittedResource({
      HeapProperties: { Type: D3D12_HEAP_TYPE_READBACK },
      HeapFlags: D3D12_HEAP_FLAG_NONE,
      Desc: buffer(totalBytes),
      InitialResourceState: D3D12_RESOURCE_STATE_COPY_DEST,
      OptimizedClearValue: null,
    }),
  );

  ThrowIfFailed({ hr: allocator.Reset() });
  ThrowIfFailed({ hr: list.Reset({ Allocator: allocator, InitialState: null }) });
  // upload buffer (placed footprint) -> texture (subresource 0)
  list.CopyTextureRegion({
    Dst: { Resource: texture, Type: D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX, SubresourceIndex: 0 },
    DstX: 0,
    DstY: 0,
    DstZ: 0,
    Src: { Resource: upload, Type: D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT, PlacedFootprint: fp },
    SrcBox: null,
  });
  list.ResourceBarrier({
    NumBarriers: 1,
    Barriers: [Transition(texture, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_COPY_SOURCE)],
  });
  // texture -> readback buffer, same footprint (the check reads it after the fence)
  list.CopyTextureRegion({
    Dst: { Resource: readback, Type: D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT, PlacedFootprint: fp },
    DstX: 0,
    DstY: 0,
    DstZ: 0,
    Src: { Resource: texture, Type: D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX, SubresourceIndex: 0 },
    SrcBox: null,
  });
  // Show it: clear the back buffer, copy the texture into it at (7,7)
  const backBuffer = frame.renderTargets[frame.frameIndex];
  const rtv = currentRtv(frame);
  list.ResourceBarrier({
    NumBarriers: 1,
    Barriers: [Transition(backBuffer, D3D12_RESOURCE_STATE_PRESENT, D3D12_RESOURCE_STATE_RENDER_TARGET)],
  });
  list.ClearRenderTargetView({ RenderTargetView: rtv, ColorRGBA: [0.125, 0.125, 0.125, 1], NumRects: 0, Rects: null });
  list.ResourceBarrier({
    NumBarriers: 1,
    Barriers: [Transition(backBuffer, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_COPY_DEST)],
  });
  list.CopyTextureRegion({
    Dst: { Resource: backBuffer, Type: D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX, SubresourceIndex: 0 },
    DstX,
    DstY,
    DstZ: 0,
    Src: { Resource: texture, Type: D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX, SubresourceIndex: 0 },
    SrcBox: null,
  });
  list.ResourceBarrier({
    NumBarriers: 1,
    Barriers: [Transition(backBuffer, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_PRESENT)],
  });
  ThrowIfFailed({ hr: list.Close() });
  queue.ExecuteCommandLists({ NumCommandLists: 1, CommandLists: [list] });
  ThrowIfFailed({ hr: swapChain.Present({ SyncInterval: 1, Flags: 0 }) });
  waitForGpu(frame); // the fence: the copies are done

  // Read the texture back, row by row at the footprint's pitch
  const rb = ThrowIfFailed(readback.Map({ Subresource: 0, ReadRange: { Begin: 0, End: totalBytes } }));
  const texels = new Uint8Array(TexWidth * TexHeight * 4);
  for (let y = 0; y < numRows; y++)
    texels.set(
      rb.subarray(fp.Offset + y * fp.Footprint.RowPitch, fp.Offset + y * fp.Footprint.RowPitch + rowSizeInBytes),
      y * TexWidth * 4,
    );
  readback.Unmap({ Subresource: 0, WrittenRange: { Begin: 0, End: 0 } });

  out.footprint = {
    Offset: fp.Offset,
    RowPitch: fp.Footprint.RowPitch,
    Width: fp.Footprint.Width,
    Height: fp.Footprint.Height,
    NumRows: numRows,
    RowSizeInBytes: rowSizeInBytes,
    TotalBytes: totalBytes,
  };
  out.writtenPitch = dstPitch;
  out.source = pixels;
  out.readBack = texels;
}
