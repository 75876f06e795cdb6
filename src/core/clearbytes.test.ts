// [COPY-BYTES-2] A completed ClearRenderTargetView reaches the render target's bytes: a copy into a READBACK buffer
// after the fence reads the colour (the whole target, or only the rectangles); before completion, the old bytes.
import { describe, expect, it } from 'vitest';
import * as D from './index';
import { world } from './rules.world';

function clearThenReadBack(rects: D.D3D12_RECT[] | null, format = D.DXGI_FORMAT_R8G8B8A8_UNORM) {
  const w = world({ debug: true });
  // created with the clear colour as its optimized clear value ([CLEAR-VAL-1]: no mismatch warning)
  const t = w.tex(
    D.D3D12_RESOURCE_STATE_RENDER_TARGET,
    { Flags: D.D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET, Format: format },
    { Format: format, Color: [1, 0.5, 0, 1] },
  ).out!;
  const rb = w.buffer(D.D3D12_HEAP_TYPE_READBACK, D.D3D12_RESOURCE_STATE_COPY_DEST, 256 * 64).out!;
  const heap = w.dev.CreateDescriptorHeap({ Type: D.D3D12_DESCRIPTOR_HEAP_TYPE_RTV, NumDescriptors: 1 }).out!;
  w.dev.CreateRenderTargetView({ Resource: t, DestDescriptor: heap.GetCPUDescriptorHandleForHeapStart() });
  w.list.ClearRenderTargetView({
    RenderTargetView: heap.GetCPUDescriptorHandleForHeapStart(),
    ColorRGBA: [1, 0.5, 0, 1],
    NumRects: rects?.length ?? 0,
    Rects: rects,
  });
  w.barrier(t, D.D3D12_RESOURCE_STATE_RENDER_TARGET, D.D3D12_RESOURCE_STATE_COPY_SOURCE);
  w.list.CopyTextureRegion({
    Dst: {
      Resource: rb,
      Type: D.D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT,
      PlacedFootprint: { Offset: 0, Footprint: { Format: format, Width: 64, Height: 64, Depth: 1, RowPitch: 256 } },
    },
    Src: { Resource: t, Type: D.D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX, SubresourceIndex: 0 },
  });
  w.submit();
  const before = rb.Map({ Subresource: 0, ReadRange: { Begin: 0, End: 256 * 64 } }).out!.slice();
  rb.Unmap({ Subresource: 0, WrittenRange: { Begin: 0, End: 0 } });
  w.queue.Signal({ Fence: w.fence, Value: 1 });
  const ev = w.sys.CreateEvent({});
  w.fence.SetEventOnCompletion({ Value: 1, hEvent: ev });
  w.sys.WaitForSingleObject({ hHandle: ev, dwMilliseconds: D.INFINITE });
  const after = rb.Map({ Subresource: 0, ReadRange: { Begin: 0, End: 256 * 64 } }).out!.slice();
  rb.Unmap({ Subresource: 0, WrittenRange: { Begin: 0, End: 0 } });
  const px = (b: Uint8Array, x: number, y: number) => Array.from(b.subarray(y * 256 + x * 4, y * 256 + x * 4 + 4));
  return { w, before, after, px };
}

describe('[COPY-BYTES-2] clears reach the render target bytes', () => {
  it('[COPY-BYTES-2] a whole-target clear reads back as the colour after the fence, zeros before it', () => {
    const { w, before, after, px } = clearThenReadBack(null);
    expect(w.ids()).toEqual([]);
    expect(before.every((b) => b === 0)).toBe(true);
    expect(px(after, 0, 0)).toEqual([255, 128, 0, 255]);
    expect(px(after, 63, 63)).toEqual([255, 128, 0, 255]);
  });
  it('[COPY-BYTES-2] a clear with rectangles writes only inside them; BGRA targets store B, G, R, A', () => {
    const { after, px } = clearThenReadBack([{ left: 8, top: 4, right: 16, bottom: 12 }], D.DXGI_FORMAT_B8G8R8A8_UNORM);
    expect(px(after, 8, 4)).toEqual([0, 128, 255, 255]);
    expect(px(after, 15, 11)).toEqual([0, 128, 255, 255]);
    expect(px(after, 16, 11)).toEqual([0, 0, 0, 0]);
    expect(px(after, 8, 12)).toEqual([0, 0, 0, 0]);
  });
});
