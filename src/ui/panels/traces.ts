// Traces for the panels' tests and the /bench/panels route, produced by running D3D12 programs on the model (one
// producer of trace events: the model). `smallTrace` is a lesson-sized story: upload a texture, forget one
// barrier (INVALID_SUBRESOURCE_STATE), fix it, alias two placed resources with an aliasing barrier, wait on a
// fence (once with a timeout). `frameLoopTrace(n)` repeats frames of upload (copy queue) -> draw (direct queue)
// work with aliasing transients and a frame-latency ring until the trace holds n events.

import {
  D3D12System,
  D3D12_COMMAND_LIST_TYPE_COPY,
  D3D12_COMMAND_LIST_TYPE_DIRECT,
  D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE,
  D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
  D3D12_DESCRIPTOR_HEAP_TYPE_RTV,
  D3D12_DESCRIPTOR_RANGE_TYPE_SRV,
  D3D12_HEAP_TYPE_DEFAULT,
  D3D12_HEAP_TYPE_UPLOAD,
  D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE,
  D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES,
  D3D12_RESOURCE_BARRIER_TYPE_ALIASING,
  D3D12_RESOURCE_BARRIER_TYPE_TRANSITION,
  D3D12_RESOURCE_DIMENSION_BUFFER,
  D3D12_RESOURCE_DIMENSION_TEXTURE2D,
  D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET,
  D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS,
  D3D12_RESOURCE_FLAG_NONE,
  D3D12_RESOURCE_STATE_COMMON,
  D3D12_RESOURCE_STATE_COPY_DEST,
  D3D12_RESOURCE_STATE_GENERIC_READ,
  D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE,
  D3D12_RESOURCE_STATE_RENDER_TARGET,
  D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE,
  D3D12_SHADER_VISIBILITY_PIXEL,
  D3D12_SRV_DIMENSION_TEXTURE2D,
  D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT,
  D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX,
  D3D12_TEXTURE_LAYOUT_ROW_MAJOR,
  D3D12_TEXTURE_LAYOUT_UNKNOWN,
  D3D_FEATURE_LEVEL_11_0,
  D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST,
  D3D_ROOT_SIGNATURE_VERSION_1_1,
  DXGI_FORMAT_R8G8B8A8_UNORM,
  DXGI_FORMAT_UNKNOWN,
  INFINITE,
  type D3D12_RESOURCE_BARRIER,
  type D3D12_RESOURCE_DESC,
  type HRESULT,
  type ID3D12CommandQueue,
  type ID3D12DescriptorHeap,
  type ID3D12Device,
  type ID3D12Fence,
  type ID3D12GraphicsCommandList,
  type ID3D12PipelineState,
  type ID3D12Resource,
  type ID3D12RootSignature,
  type Trace,
} from '../../core';

const KiB = 1024;

/** The program's own HRESULT check: test data that fails to build is a bug in this file, not a lesson. */
function ok<T>(r: { hr: HRESULT; out?: T }): T {
  if (r.hr !== 'S_OK' || r.out === undefined) throw new Error(`trace program: ${r.hr}`);
  return r.out;
}

const bufferDesc = (Width: number): Partial<D3D12_RESOURCE_DESC> => ({
  Dimension: D3D12_RESOURCE_DIMENSION_BUFFER,
  Width,
  Height: 1,
  DepthOrArraySize: 1,
  MipLevels: 1,
  Format: DXGI_FORMAT_UNKNOWN,
  SampleDesc: { Count: 1, Quality: 0 },
  Layout: D3D12_TEXTURE_LAYOUT_ROW_MAJOR,
});
const textureDesc = (
  w: number,
  h: number,
  mips: number,
  Flags = D3D12_RESOURCE_FLAG_NONE,
): Partial<D3D12_RESOURCE_DESC> => ({
  Dimension: D3D12_RESOURCE_DIMENSION_TEXTURE2D,
  Width: w,
  Height: h,
  DepthOrArraySize: 1,
  MipLevels: mips,
  Format: DXGI_FORMAT_R8G8B8A8_UNORM,
  SampleDesc: { Count: 1, Quality: 0 },
  Layout: D3D12_TEXTURE_LAYOUT_UNKNOWN,
  Flags,
});
const transition = (
  Resource: ID3D12Resource,
  StateBefore: number,
  StateAfter: number,
  Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES,
): D3D12_RESOURCE_BARRIER => ({
  Type: D3D12_RESOURCE_BARRIER_TYPE_TRANSITION,
  Transition: { Resource, Subresource, StateBefore, StateAfter },
});

function named<T extends { SetName(a: { Name: string }): unknown }>(o: T, Name: string): T {
  o.SetName({ Name });
  return o;
}

/** A device with the debug layer on, its direct queue, one allocator + list (open), a fence and a CPU event. */
function basics(sys: D3D12System) {
  sys.debugLayerEnabled = true;
  const device = ok(sys.D3D12CreateDevice({ MinimumFeatureLevel: D3D_FEATURE_LEVEL_11_0 }));
  const queue = named(ok(device.CreateCommandQueue({ Type: D3D12_COMMAND_LIST_TYPE_DIRECT })), 'direct queue');
  const allocator = ok(device.CreateCommandAllocator({ type: D3D12_COMMAND_LIST_TYPE_DIRECT }));
  const fence = named(ok(device.CreateFence({ InitialValue: 0 })), 'frame fence');
  const event = sys.CreateEvent({ bManualReset: false, bInitialState: false });
  return { device, queue, allocator, fence, event };
}

/** Root signature 1.1: one SRV table for the pixel shader (t0, static data), and a PSO whose pixel shader reads t0. */
function texturedPipeline(
  sys: D3D12System,
  device: ID3D12Device,
  rtvFormats: number[],
): { rootSignature: ID3D12RootSignature; pso: ID3D12PipelineState } {
  const blob = ok(
    sys.D3D12SerializeVersionedRootSignature({
      RootSignature: {
        Version: D3D_ROOT_SIGNATURE_VERSION_1_1,
        Desc_1_1: {
          NumParameters: 1,
          Parameters: [
            {
              ParameterType: D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE,
              ShaderVisibility: D3D12_SHADER_VISIBILITY_PIXEL,
              DescriptorTable: {
                NumDescriptorRanges: 1,
                DescriptorRanges: [
                  { RangeType: D3D12_DESCRIPTOR_RANGE_TYPE_SRV, NumDescriptors: 1, BaseShaderRegister: 0 },
                ],
              },
            },
          ],
        },
      },
    }),
  );
  const rootSignature = ok(device.CreateRootSignature({ BlobWithRootSignature: blob }));
  const pso = ok(
    device.CreateGraphicsPipelineState({
      Desc: {
        RootSignature: rootSignature,
        VS: { BytecodeLength: 64, Reflection: { Inputs: [{ SemanticName: 'SV_VertexID' }], Resources: [] } },
        PS: { BytecodeLength: 64, Reflection: { Inputs: [], Resources: [{ Type: 'SRV', Register: 0 }] } },
        PrimitiveTopologyType: D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE,
        NumRenderTargets: rtvFormats.length,
        RTVFormats: rtvFormats,
        SampleDesc: { Count: 1, Quality: 0 },
      },
    }),
  );
  return { rootSignature, pso };
}

/** Bind the pipeline, the SRV heap and its table (a GPU handle the caller took), viewport and scissor; then one draw. */
function drawWithTable(
  list: ID3D12GraphicsCommandList,
  p: ReturnType<typeof texturedPipeline>,
  heap: ID3D12DescriptorHeap,
  table: number,
  size: number,
): void {
  list.SetPipelineState({ PipelineState: p.pso });
  list.SetGraphicsRootSignature({ RootSignature: p.rootSignature });
  list.SetDescriptorHeaps({ NumDescriptorHeaps: 1, DescriptorHeaps: [heap] });
  list.SetGraphicsRootDescriptorTable({ RootParameterIndex: 0, BaseDescriptor: { ptr: table } });
  list.RSSetViewports({
    NumViewports: 1,
    Viewports: [{ TopLeftX: 0, TopLeftY: 0, Width: size, Height: size, MinDepth: 0, MaxDepth: 1 }],
  });
  list.RSSetScissorRects({ NumRects: 1, Rects: [{ left: 0, top: 0, right: size, bottom: size }] });
  list.IASetPrimitiveTopology({ PrimitiveTopology: D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST });
  list.DrawInstanced({ VertexCountPerInstance: 3, InstanceCount: 1, StartVertexLocation: 0, StartInstanceLocation: 0 });
}

/** A texture's mip footprints in an upload buffer (asked before recording, as the samples do). */
function footprints(device: ID3D12Device, texture: ID3D12Resource, mips: number) {
  return device.GetCopyableFootprints({
    ResourceDesc: texture.GetDesc(),
    FirstSubresource: 0,
    NumSubresources: mips,
    BaseOffset: 0,
  });
}

/** Copy the mips `fp` lays out from an upload buffer into a texture. */
function uploadMips(
  list: ID3D12GraphicsCommandList,
  texture: ID3D12Resource,
  upload: ID3D12Resource,
  fp: ReturnType<typeof footprints>,
): void {
  for (let m = 0; m < fp.Layouts.length; m++) {
    list.CopyTextureRegion({
      Dst: { Resource: texture, Type: D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX, SubresourceIndex: m },
      DstX: 0,
      DstY: 0,
      DstZ: 0,
      Src: { Resource: upload, Type: D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT, PlacedFootprint: fp.Layouts[m] },
      SrcBox: null,
    });
  }
}

/** Signal `value` on the queue, then block the CPU until the fence reaches `until` (or `timeoutMs` passes). */
function signalAndWait(
  sys: D3D12System,
  queue: ID3D12CommandQueue,
  fence: ID3D12Fence,
  event: number,
  value: number,
  until = value,
  timeoutMs = INFINITE,
): HRESULT {
  ok({ hr: queue.Signal({ Fence: fence, Value: value }), out: true });
  fence.SetEventOnCompletion({ Value: until, hEvent: event });
  return sys.WaitForSingleObject({ hHandle: event, dwMilliseconds: timeoutMs });
}

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
