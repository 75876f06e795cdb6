// [SYNC-XQ-2] Cross-queue use without a queue Wait: a write to a resource another queue's pending submission uses
// is OBJECT_ACCESSED_WHILE_STILL_IN_USE; a read of what another queue still writes is a hazard only; a submission
// that has completed is no longer "in use", even while later work of that queue is pending.
import { describe, expect, it } from 'vitest';
import * as D from './index';
import { world } from './rules.world';

function twoQueues() {
  const w = world({ debug: true, gpuMsPerList: 1 });
  const copyQ = w.dev.CreateCommandQueue({ Type: D.D3D12_COMMAND_LIST_TYPE_COPY }).out!;
  const copyAlloc = w.dev.CreateCommandAllocator({ type: D.D3D12_COMMAND_LIST_TYPE_COPY }).out!;
  const copyList = w.dev.CreateCommandList({ type: D.D3D12_COMMAND_LIST_TYPE_COPY, CommandAllocator: copyAlloc }).out!;
  const tex = w.tex(D.D3D12_RESOURCE_STATE_COMMON).out!;
  const src = w.upload();
  const uploadOnCopyQueue = () => {
    copyList.CopyTextureRegion({
      Dst: { Resource: tex, Type: D.D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX, SubresourceIndex: 0 },
      Src: {
        Resource: src,
        Type: D.D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT,
        PlacedFootprint: {
          Offset: 0,
          Footprint: { Format: D.DXGI_FORMAT_R8G8B8A8_UNORM, Width: 64, Height: 64, Depth: 1, RowPitch: 256 },
        },
      },
    });
    copyList.Close();
    copyQ.ExecuteCommandLists({ CommandLists: [copyList] });
  };
  // a direct-queue list that reads the texture (COMMON promotes to COPY_SOURCE) into a buffer
  const readOnDirect = (alloc = w.alloc) => {
    w.list.Reset({ Allocator: alloc, InitialState: null });
    const dst = w.buffer(D.D3D12_HEAP_TYPE_READBACK, D.D3D12_RESOURCE_STATE_COPY_DEST, 256 * 64).out!;
    w.list.CopyTextureRegion({
      Dst: {
        Resource: dst,
        Type: D.D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT,
        PlacedFootprint: {
          Offset: 0,
          Footprint: { Format: D.DXGI_FORMAT_R8G8B8A8_UNORM, Width: 64, Height: 64, Depth: 1, RowPitch: 256 },
        },
      },
      Src: { Resource: tex, Type: D.D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX, SubresourceIndex: 0 },
    });
    w.submit();
  };
  const races = () => w.sys.trace.events.filter((e) => e.k === 'hazard' && e.kind === 'cross-queue-race');
  return { w, copyQ, uploadOnCopyQueue, readOnDirect, races };
}

describe('[SYNC-XQ-2] cross-queue access without a queue Wait', () => {
  it('[SYNC-XQ-2] a direct-queue read of a texture the copy queue still writes: hazard, no message; with Wait: neither', () => {
    const a = twoQueues();
    a.uploadOnCopyQueue();
    a.w.list.Close();
    a.readOnDirect();
    expect(a.w.ids()).toEqual([]);
    expect(a.races().map((e) => e.k === 'hazard' && e.detail.write)).toEqual([false]);

    const b = twoQueues();
    b.uploadOnCopyQueue();
    b.copyQ.Signal({ Fence: b.w.fence, Value: 1 });
    b.w.queue.Wait({ Fence: b.w.fence, Value: 1 });
    b.w.list.Close();
    b.readOnDirect();
    expect(b.w.ids()).toEqual([]);
    expect(b.races()).toEqual([]);
  });

  it('[SYNC-XQ-2] a copy-queue write while the direct submission that read the texture is pending: OBJECT_ACCESSED_WHILE_STILL_IN_USE', () => {
    const a = twoQueues();
    a.w.list.Close();
    a.readOnDirect();
    a.uploadOnCopyQueue();
    expect(a.w.ids()).toEqual(['OBJECT_ACCESSED_WHILE_STILL_IN_USE']);
  });

  it('[SYNC-XQ-2] once that submission completed, a later pending submission on its queue does not make the write a race', () => {
    const a = twoQueues();
    a.w.list.Close();
    a.readOnDirect(); // submission 1 reads the texture
    a.w.queue.Signal({ Fence: a.w.fence, Value: 1 });
    const ev = a.w.sys.CreateEvent({});
    a.w.fence.SetEventOnCompletion({ Value: 1, hEvent: ev });
    a.w.sys.WaitForSingleObject({ hHandle: ev, dwMilliseconds: D.INFINITE });
    // submission 2 on the direct queue, not touching the texture, still running
    const alloc2 = a.w.dev.CreateCommandAllocator({ type: D.D3D12_COMMAND_LIST_TYPE_DIRECT }).out!;
    a.w.list.Reset({ Allocator: alloc2, InitialState: null });
    a.w.submit();
    a.uploadOnCopyQueue();
    expect(a.w.ids()).toEqual([]);
    expect(a.races()).toEqual([]);
  });
});
