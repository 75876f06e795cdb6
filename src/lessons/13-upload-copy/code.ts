// Lesson 13 — Upload buffer, Map/memcpy/Unmap, CopyTextureRegion: lesson 11's decoded checker goes into an upload
// buffer at lesson 12's footprint, the GPU copies it into a DEFAULT texture, and the CPU frees the upload buffer
// only after the fence says the copy ran. Order matters: CPU writes, then ExecuteCommandLists, then the fence.
import { decode } from 'fast-png';
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
import { ConvertTo32bppRGBA, ReadFile } from '../11-png-decode/code';

export const ImagePath = '/lessons/11/checker-rgba.png';
export const DstY = 22;

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

  // Lesson 11: the decoded image, R8G8B8A8_UNORM rows width × 4 bytes apart
  const png = decode(ReadFile(ImagePath));
  const pixels = ConvertTo32bppRGBA(png);
  const width = png.width;
  const height = png.height;

  // 1. The texture: GPU-only memory, created in COPY_DEST (the copy writes it)
  const texDesc = {
    Dimension: D3D12_RESOURCE_DIMENSION_TEXTURE2D,
    Alignment: 0,
    Width: width,
    Height: height,
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

  // 2. The upload buffer: TotalBytes from GetCopyableFootprints (lesson 12)
  const {
    Layouts: [fp],
    NumRows: [numRows],
    RowSizeInBytes: [rowSizeInBytes],
    TotalBytes: totalBytes,
  } = device.GetCopyableFootprints({ ResourceDesc: texDesc, FirstSubresource: 0, NumSubresources: 1, BaseOffset: 0 });
  const upload = ThrowIfFailed(
    device.CreateCommittedResource({
      HeapProperties: { Type: D3D12_HEAP_TYPE_UPLOAD },
      HeapFlags: D3D12_HEAP_FLAG_NONE,
      Desc: buffer(totalBytes),
      InitialResourceState: D3D12_RESOURCE_STATE_GENERIC_READ,
      OptimizedClearValue: null,
    }),
  );

  // 3. CPU writes: Map (returns at once, no GPU synchronisation), row by row at the footprint's pitch, Unmap
  const WriteUpload = () => {
    const mapped = ThrowIfFailed(upload.Map({ Subresource: 0, ReadRange: { Begin: 0, End: 0 } }));
    for (let y = 0; y < numRows; y++)
      mapped.set(pixels.subarray(y * width * 4, y * width * 4 + rowSizeInBytes), fp.Offset + y * fp.Footprint.RowPitch);
    upload.Unmap({ Subresource: 0, WrittenRange: { Begin: 0, End: totalBytes } });
  };
  if (!bug('copy-before-write')) WriteUpload();

  // For the check: a READBACK buffer the texture is copied back into (lesson A1), at the same footprint
  const readback = ThrowIfFailed(
    device.CreateCommittedResource({
      HeapProperties: { Type: D3D12_HEAP_TYPE_READBACK },
      HeapFlags: D3D12_HEAP_FLAG_NONE,
      Desc: buffer(totalBytes),
      InitialResourceState: D3D12_RESOURCE_STATE_COPY_DEST,
      OptimizedClearValue: null,
    }),
  );

  // 4. The GPU copy: buffer (placed footprint) -> texture (subresource index); pSrcBox null = the whole footprint
  ThrowIfFailed({ hr: allocator.Reset() });
  ThrowIfFailed({ hr: list.Reset({ Allocator: allocator, InitialState: null }) });
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
  list.CopyTextureRegion({
    Dst: { Resource: readback, Type: D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT, PlacedFootprint: fp },
    DstX: 0,
    DstY: 0,
    DstZ: 0,
    Src: { Resource: texture, Type: D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX, SubresourceIndex: 0 },
    SrcBox: null,
  });
  // Show it: the texture copied into the cleared back buffer, a band across the middle
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
    DstX: 0,
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
  waitForGpu(frame); // Signal + SetEventOnCompletion + WaitForSingleObject: the copies have run

  // BUG copy-before-write: the pixels are written after the ExecuteCommandLists that copies them. On real hardware
  // this races the GPU (the copy may see old bytes, new bytes or half of each). The lab makes the outcome
  // deterministic by writing only after the fence above: the modelled GPU copies the bytes the upload buffer held
  // when it ran the copy [COPY-BYTES-1], here its initial zeros, so the texture comes out black.
  if (bug('copy-before-write')) WriteUpload();

  // The GPU is done with the upload buffer: only now may it be freed
  upload.Release();

  // Read the texture back
  const rb = ThrowIfFailed(readback.Map({ Subresource: 0, ReadRange: { Begin: 0, End: totalBytes } }));
  const texels = new Uint8Array(width * height * 4);
  for (let y = 0; y < numRows; y++)
    texels.set(
      rb.subarray(fp.Offset + y * fp.Footprint.RowPitch, fp.Offset + y * fp.Footprint.RowPitch + rowSizeInBytes),
      y * width * 4,
    );
  readback.Unmap({ Subresource: 0, WrittenRange: { Begin: 0, End: 0 } });

  out.size = { width, height };
  out.source = pixels;
  out.readBack = texels;
}
