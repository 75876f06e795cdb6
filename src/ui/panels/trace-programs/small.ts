// The lesson-sized trace program (smallTrace): see ../traces.ts.
import {
  D3D12System,
  D3D12_COMMAND_LIST_TYPE_DIRECT,
  D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE,
  D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
  D3D12_HEAP_TYPE_DEFAULT,
  D3D12_HEAP_TYPE_UPLOAD,
  D3D12_RESOURCE_BARRIER_TYPE_ALIASING,
  D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET,
  D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS,
  D3D12_RESOURCE_STATE_COMMON,
  D3D12_RESOURCE_STATE_COPY_DEST,
  D3D12_RESOURCE_STATE_GENERIC_READ,
  D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE,
  D3D12_RESOURCE_STATE_RENDER_TARGET,
  D3D12_SRV_DIMENSION_TEXTURE2D,
  DXGI_FORMAT_R8G8B8A8_UNORM,
  INFINITE,
  type Trace,
} from '../../../core';
import {
  ok,
  bufferDesc,
  textureDesc,
  transition,
  named,
  basics,
  texturedPipeline,
  drawWithTable,
  footprints,
  uploadMips,
  signalAndWait,
  KiB,
} from './program';

export interface SmallTraceIds {
  device: number;
  queue: number;
  list: number;
  fence: number;
  upload: number;
  texture: number;
  vertices: number;
  heap: number;
  aliasA: number;
  aliasB: number;
  srvHeap: number;
}

/**
 * A lesson-sized story on the model: upload a 2-mip texture and a vertex buffer (in a marker group), draw with the
 * texture before its barrier (INVALID_SUBRESOURCE_STATE at ExecuteCommandLists), a CPU wait that times out, the fix
 * (mip 0 now, mip 1 with the next submission: "mixed" in between), two placed resources aliasing one heap with an
 * aliasing barrier (the texture that takes the memory over is promoted by its first copy), an empty
 * ResourceBarrier (a warning), and the last Release.
 */
export function smallTrace(): { trace: Trace; ids: SmallTraceIds; sys: D3D12System } {
  const sys = new D3D12System();
  const { device, queue, allocator, fence, event } = basics(sys);
  const list = named(
    ok(device.CreateCommandList({ type: D3D12_COMMAND_LIST_TYPE_DIRECT, CommandAllocator: allocator })),
    'main list',
  );
  const upload = named(
    ok(
      device.CreateCommittedResource({
        HeapProperties: { Type: D3D12_HEAP_TYPE_UPLOAD },
        Desc: bufferDesc(128 * KiB),
        InitialResourceState: D3D12_RESOURCE_STATE_GENERIC_READ,
      }),
    ),
    'upload',
  );
  const texture = named(
    ok(
      device.CreateCommittedResource({
        HeapProperties: { Type: D3D12_HEAP_TYPE_DEFAULT },
        Desc: textureDesc(64, 64, 2),
        InitialResourceState: D3D12_RESOURCE_STATE_COPY_DEST,
      }),
    ),
    'texture',
  );
  const vertices = named(
    ok(
      device.CreateCommittedResource({
        HeapProperties: { Type: D3D12_HEAP_TYPE_DEFAULT },
        Desc: bufferDesc(4 * KiB),
        InitialResourceState: D3D12_RESOURCE_STATE_COMMON,
      }),
    ),
    'vertex buffer',
  );
  const srvHeap = named(
    ok(
      device.CreateDescriptorHeap({
        Type: D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
        NumDescriptors: 4,
        Flags: D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE,
      }),
    ),
    'srv heap',
  );
  const srvStart = srvHeap.GetCPUDescriptorHandleForHeapStart().ptr;
  device.CreateShaderResourceView({
    Resource: texture,
    Desc: {
      Format: DXGI_FORMAT_R8G8B8A8_UNORM,
      ViewDimension: D3D12_SRV_DIMENSION_TEXTURE2D,
      Texture2D: { MostDetailedMip: 0, MipLevels: 1 },
    },
    DestDescriptor: { ptr: srvStart },
  });
  const pipeline = texturedPipeline(sys, device, []);
  const table = srvHeap.GetGPUDescriptorHandleForHeapStart().ptr;
  const texMips = footprints(device, texture, 2);
  ok(upload.Map({ Subresource: 0, ReadRange: { Begin: 0, End: 0 } }));
  upload.Unmap({ Subresource: 0, WrittenRange: null });
  list.BeginEvent({ Data: 'upload texture' });
  uploadMips(list, texture, upload, texMips);
  list.EndEvent();
  // the vertex buffer is promoted from COMMON by the copy and decays back when the submission ends (a buffer)
  list.CopyBufferRegion({ DstBuffer: vertices, DstOffset: 0, SrcBuffer: upload, SrcOffset: 0, NumBytes: 4 * KiB });
  list.Close();
  queue.ExecuteCommandLists({ CommandLists: [list] });
  signalAndWait(sys, queue, fence, event, 1);
  // the forgotten barrier: the texture is sampled while still in COPY_DEST
  allocator.Reset();
  list.Reset({ Allocator: allocator });
  drawWithTable(list, pipeline, srvHeap, table, 64);
  list.Close();
  queue.ExecuteCommandLists({ CommandLists: [list] });
  signalAndWait(sys, queue, fence, event, 2, 2, 0); // a timeout: the GPU needs longer than 0 ms
  sys.WaitForSingleObject({ hHandle: event, dwMilliseconds: INFINITE }); // the event is still armed
  // the fix, for the mip the draw samples
  allocator.Reset();
  list.Reset({ Allocator: allocator });
  list.ResourceBarrier({
    Barriers: [transition(texture, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, 0)],
  });
  drawWithTable(list, pipeline, srvHeap, table, 64);
  list.Close();
  queue.ExecuteCommandLists({ CommandLists: [list] });
  ok({ hr: queue.Signal({ Fence: fence, Value: 3 }), out: true });
  // transients aliasing one 192 KiB heap: a 64 KiB render target, then a 128 KiB texture over the same bytes
  const heap = named(
    ok(device.CreateHeap({ SizeInBytes: 192 * KiB, Properties: { Type: D3D12_HEAP_TYPE_DEFAULT } })),
    'transient heap',
  );
  const aliasA = named(
    ok(
      device.CreatePlacedResource({
        Heap: heap,
        HeapOffset: 0,
        Desc: textureDesc(128, 128, 1, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET),
        InitialState: D3D12_RESOURCE_STATE_RENDER_TARGET,
      }),
    ),
    'gbuffer A',
  );
  const aliasB = named(
    ok(
      device.CreatePlacedResource({
        Heap: heap,
        HeapOffset: 0,
        Desc: textureDesc(128, 256, 1, D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS),
        InitialState: D3D12_RESOURCE_STATE_COMMON,
      }),
    ),
    'blur temp B',
  );
  device.CreateUnorderedAccessView({
    Resource: aliasB,
    Desc: null,
    DestDescriptor: { ptr: srvStart + srvHeap.increment },
  });
  // the draw above may still run: record into a second allocator (resetting the first would be COMMAND_ALLOCATOR_SYNC)
  const allocator2 = ok(device.CreateCommandAllocator({ type: D3D12_COMMAND_LIST_TYPE_DIRECT }));
  const bMips = footprints(device, aliasB, 1);
  list.Reset({ Allocator: allocator2 });
  list.ResourceBarrier({
    Barriers: [transition(texture, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, 1)],
  });
  list.ResourceBarrier({
    Barriers: [
      { Type: D3D12_RESOURCE_BARRIER_TYPE_ALIASING, Aliasing: { ResourceBefore: aliasA, ResourceAfter: aliasB } },
    ],
  });
  // COMMON promotes to COPY_DEST on first use; a write-promoted texture keeps that state on a direct queue
  uploadMips(list, aliasB, upload, bMips);
  list.Close();
  queue.ExecuteCommandLists({ CommandLists: [list] });
  signalAndWait(sys, queue, fence, event, 4);
  allocator.Reset();
  list.Reset({ Allocator: allocator });
  list.ResourceBarrier({ NumBarriers: 0, Barriers: [] });
  aliasA.Release();
  return {
    trace: sys.trace,
    sys,
    ids: {
      device: device.id,
      queue: queue.id,
      list: list.id,
      fence: fence.id,
      upload: upload.id,
      texture: texture.id,
      vertices: vertices.id,
      heap: heap.id,
      aliasA: aliasA.id,
      aliasB: aliasB.id,
      srvHeap: srvHeap.id,
    },
  };
}
