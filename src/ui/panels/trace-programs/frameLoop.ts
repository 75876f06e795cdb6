// The dense trace program (frameLoopTrace): see ../traces.ts.
import {
  D3D12System,
  D3D12_COMMAND_LIST_TYPE_COPY,
  D3D12_COMMAND_LIST_TYPE_DIRECT,
  D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE,
  D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
  D3D12_DESCRIPTOR_HEAP_TYPE_RTV,
  D3D12_HEAP_TYPE_DEFAULT,
  D3D12_HEAP_TYPE_UPLOAD,
  D3D12_RESOURCE_BARRIER_TYPE_ALIASING,
  D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET,
  D3D12_RESOURCE_STATE_COMMON,
  D3D12_RESOURCE_STATE_GENERIC_READ,
  D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE,
  D3D12_RESOURCE_STATE_RENDER_TARGET,
  DXGI_FORMAT_R8G8B8A8_UNORM,
  INFINITE,
  type ID3D12Resource,
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
  KiB,
} from './program';

/** A deterministic trace of at least `events` events: frames of uploads, copies, draws, transients, fences. */
export function frameLoopTrace(events: number): Trace {
  const sys = new D3D12System();
  const { device, queue: direct, fence, event } = basics(sys);
  const FRAMES = 3;
  const copyQ = named(ok(device.CreateCommandQueue({ Type: D3D12_COMMAND_LIST_TYPE_COPY })), 'copy queue');
  const copyFence = named(ok(device.CreateFence({ InitialValue: 0 })), 'copy fence');
  const allocs = Array.from({ length: FRAMES }, () =>
    ok(device.CreateCommandAllocator({ type: D3D12_COMMAND_LIST_TYPE_DIRECT })),
  );
  const copyAllocs = Array.from({ length: FRAMES }, () =>
    ok(device.CreateCommandAllocator({ type: D3D12_COMMAND_LIST_TYPE_COPY })),
  );
  const list = named(
    ok(device.CreateCommandList({ type: D3D12_COMMAND_LIST_TYPE_DIRECT, CommandAllocator: allocs[0] })),
    'frame list',
  );
  const copyList = named(
    ok(device.CreateCommandList({ type: D3D12_COMMAND_LIST_TYPE_COPY, CommandAllocator: copyAllocs[0] })),
    'copy list',
  );
  list.Close();
  copyList.Close();
  const srvHeap = named(
    ok(
      device.CreateDescriptorHeap({
        Type: D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
        NumDescriptors: 64,
        Flags: D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE,
      }),
    ),
    'srv heap',
  );
  const rtvHeap = named(
    ok(device.CreateDescriptorHeap({ Type: D3D12_DESCRIPTOR_HEAP_TYPE_RTV, NumDescriptors: FRAMES })),
    'rtv heap',
  );
  const rtvStart = rtvHeap.GetCPUDescriptorHandleForHeapStart().ptr;
  const srvStart = srvHeap.GetCPUDescriptorHandleForHeapStart().ptr;
  const backBuffers = Array.from({ length: FRAMES }, (_, k) => {
    const r = named(
      ok(
        device.CreateCommittedResource({
          HeapProperties: { Type: D3D12_HEAP_TYPE_DEFAULT },
          Desc: textureDesc(512, 512, 1, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET),
          InitialResourceState: D3D12_RESOURCE_STATE_COMMON,
        }),
      ),
      `back buffer ${k}`,
    );
    device.CreateRenderTargetView({ Resource: r, DestDescriptor: { ptr: rtvStart + k * rtvHeap.increment } });
    return r;
  });
  const uploads = Array.from({ length: FRAMES }, (_, k) =>
    named(
      ok(
        device.CreateCommittedResource({
          HeapProperties: { Type: D3D12_HEAP_TYPE_UPLOAD },
          Desc: bufferDesc(512 * KiB),
          InitialResourceState: D3D12_RESOURCE_STATE_GENERIC_READ,
        }),
      ),
      `upload ring ${k}`,
    ),
  );
  const heap = named(
    ok(device.CreateHeap({ SizeInBytes: 4096 * KiB, Properties: { Type: D3D12_HEAP_TYPE_DEFAULT } })),
    'transient heap',
  );
  const pipeline = texturedPipeline(sys, device, [DXGI_FORMAT_R8G8B8A8_UNORM]);
  const srvGpuStart = srvHeap.GetGPUDescriptorHandleForHeapStart().ptr;
  const MIPS = 4;
  const textures: ID3D12Resource[] = [];
  const transients: ID3D12Resource[][] = Array.from({ length: FRAMES }, () => []);
  for (let frame = 0; sys.trace.length < events; frame++) {
    const slot = frame % FRAMES;
    // frame latency: before reusing this slot's allocators and transients, wait for the frame that used them
    if (frame >= FRAMES) {
      fence.SetEventOnCompletion({ Value: frame - FRAMES + 1, hEvent: event });
      // now and then a zero-timeout poll first (it times out: the GPU is behind); the event stays armed
      const polled =
        frame % 97 === 13 ? sys.WaitForSingleObject({ hHandle: event, dwMilliseconds: 0 }) : 'WAIT_TIMEOUT';
      if (polled === 'WAIT_TIMEOUT') sys.WaitForSingleObject({ hHandle: event, dwMilliseconds: INFINITE });
      for (const r of transients[slot].splice(0)) r.Release();
    }
    // a new texture every 8 frames, released 24 frames later (lifetimes on the heap timeline)
    if (frame % 8 === 0) {
      const tex = named(
        ok(
          device.CreateCommittedResource({
            HeapProperties: { Type: D3D12_HEAP_TYPE_DEFAULT },
            Desc: textureDesc(128 << (frame % 3), 128, MIPS),
            InitialResourceState: D3D12_RESOURCE_STATE_COMMON,
          }),
        ),
        `texture ${frame / 8}`,
      );
      device.CreateShaderResourceView({
        Resource: tex,
        Desc: null,
        DestDescriptor: { ptr: srvStart + ((frame / 8) % 64) * srvHeap.increment },
      });
      textures.push(tex);
      if (textures.length > 3) textures.shift()!.Release();
    }
    const tex = textures[textures.length - 1];
    const texMips = footprints(device, tex, MIPS);
    const up = uploads[slot];
    ok(up.Map({ Subresource: 0, ReadRange: { Begin: 0, End: 0 } }));
    up.Unmap({ Subresource: 0, WrittenRange: null });
    // the copy queue uploads the mips (COMMON -> COPY_DEST promotion, decay at the end of the submission)
    copyAllocs[slot].Reset();
    copyList.Reset({ Allocator: copyAllocs[slot] });
    uploadMips(copyList, tex, up, texMips);
    copyList.Close();
    // the texture and upload ring are still in use by the previous frame's draw: the copy queue waits for it
    copyQ.Wait({ Fence: fence, Value: frame });
    copyQ.ExecuteCommandLists({ CommandLists: [copyList] });
    copyQ.Signal({ Fence: copyFence, Value: frame + 1 });
    direct.Wait({ Fence: copyFence, Value: frame + 1 });
    // transients: a render target and a buffer alias the heap's first 2 MiB each frame
    const a = named(
      ok(
        device.CreatePlacedResource({
          Heap: heap,
          HeapOffset: 0,
          Desc: textureDesc(1024, 512, 1, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET),
          InitialState: D3D12_RESOURCE_STATE_RENDER_TARGET,
        }),
      ),
      `transient A ${frame}`,
    );
    const c = named(
      ok(
        device.CreatePlacedResource({
          Heap: heap,
          HeapOffset: 1024 * KiB,
          Desc: bufferDesc(2048 * KiB),
          InitialState: D3D12_RESOURCE_STATE_COMMON,
        }),
      ),
      `transient B ${frame}`,
    );
    transients[slot].push(a, c);
    allocs[slot].Reset();
    list.Reset({ Allocator: allocs[slot] });
    list.BeginEvent({ Data: `frame ${frame}` });
    const bb = backBuffers[slot];
    // a forgotten barrier now and then: the back buffer is drawn to in COMMON (INVALID_SUBRESOURCE_STATE at ECL)
    if (frame % 211 !== 100)
      list.ResourceBarrier({
        Barriers: [transition(bb, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_RENDER_TARGET)],
      });
    for (let m = 0; m < MIPS; m++)
      list.ResourceBarrier({
        Barriers: [transition(tex, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, m)],
      });
    list.BeginEvent({ Data: 'g-buffer' });
    list.OMSetRenderTargets({
      NumRenderTargetDescriptors: 1,
      RenderTargetDescriptors: [{ ptr: rtvStart + slot * rtvHeap.increment }],
    });
    drawWithTable(list, pipeline, srvHeap, srvGpuStart + (Math.floor(frame / 8) % 64) * srvHeap.increment, 512);
    list.EndEvent();
    list.ResourceBarrier({
      Barriers: [{ Type: D3D12_RESOURCE_BARRIER_TYPE_ALIASING, Aliasing: { ResourceBefore: a, ResourceAfter: c } }],
    });
    list.CopyBufferRegion({ DstBuffer: c, DstOffset: 0, SrcBuffer: up, SrcOffset: 0, NumBytes: 256 * KiB });
    for (let m = 0; m < MIPS; m++)
      list.ResourceBarrier({
        Barriers: [transition(tex, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, D3D12_RESOURCE_STATE_COMMON, m)],
      });
    if (frame % 50 === 7) list.ResourceBarrier({ NumBarriers: 0, Barriers: [] }); // a warning now and then
    list.ResourceBarrier({
      Barriers: [transition(bb, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_COMMON)],
    });
    list.EndEvent();
    list.Close();
    direct.ExecuteCommandLists({ CommandLists: [list] });
    direct.Signal({ Fence: fence, Value: frame + 1 });
  }
  return sys.trace;
}
