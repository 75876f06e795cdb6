// Lesson A7 — Copy queue and cross-queue fences: a stream of images goes up on a COPY queue while the DIRECT queue
// renders. Frame k: the copy queue copies image k from an upload buffer into texture[k % 2] and signals copyFence = k;
// the direct queue waits for copyFence ≥ k on the GPU (ID3D12CommandQueue::Wait: the CPU does not block), then draws
// a full-screen quad sampling texture[k % 2] and signals directFence = k. The CPU keeps two frames in flight, so the
// upload of image k + 1 runs on the copy engine while frame k is still being drawn.
// Copy-queue state rules: the textures are created in COMMON; on the copy queue COMMON is promoted to COPY_DEST and
// decays back to COMMON when the ExecuteCommandLists completes; on the direct queue the draw promotes COMMON to
// PIXEL_SHADER_RESOURCE, which decays to COMMON again (a read-only promotion). So no barrier is needed, and the
// texture is in COMMON every time it moves between the queue classes, as it must be.
import {
  type D3D12System,
  type ID3D12CommandAllocator,
  type ID3D12Resource,
  D3D12_COMMAND_LIST_TYPE_COPY,
  D3D12_COMMAND_LIST_TYPE_DIRECT,
  D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE,
  D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
  D3D12_FENCE_FLAG_NONE,
  D3D12_HEAP_FLAG_NONE,
  D3D12_HEAP_TYPE_DEFAULT,
  D3D12_HEAP_TYPE_UPLOAD,
  D3D12_RESOURCE_DIMENSION_BUFFER,
  D3D12_RESOURCE_DIMENSION_TEXTURE2D,
  D3D12_RESOURCE_FLAG_NONE,
  D3D12_RESOURCE_STATE_COMMON,
  D3D12_RESOURCE_STATE_GENERIC_READ,
  D3D12_RESOURCE_STATE_PRESENT,
  D3D12_RESOURCE_STATE_RENDER_TARGET,
  D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT,
  D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX,
  D3D12_TEXTURE_LAYOUT_ROW_MAJOR,
  D3D12_TEXTURE_LAYOUT_UNKNOWN,
  D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST,
  DXGI_FORMAT_R8G8B8A8_UNORM,
  DXGI_FORMAT_UNKNOWN,
  INFINITE,
} from '../../core';
import { ThrowIfFailed } from '../runner';
import type { LessonEnv } from '../types';
import { Transition, createRingDevice } from '../common/frame';
import { CreateQuad, CreateTexturedPipeline, StaticSampler, srvDesc } from '../14-texture-states/code';

/** Images streamed (one a frame). */
export const Frames = 6;
export const FramesInFlight = 2;
/** Each image: TexSize × TexSize R8G8B8A8, one colour per image (the stream's frame k). */
export const TexSize = 64;

/** The stream's images: one colour each (k from 1), none near the magenta the frame is cleared to. */
export const IMAGE_COLORS: [number, number, number, number][] = [
  [230, 80, 40, 255],
  [240, 200, 40, 255],
  [60, 180, 80, 255],
  [40, 170, 190, 255],
  [60, 90, 220, 255],
  [250, 150, 30, 255],
];
export const imageColor = (k: number) => IMAGE_COLORS[(k - 1) % IMAGE_COLORS.length];

export function main(sys: D3D12System, env: LessonEnv, out: Record<string, unknown>) {
  const bug = (id: string) => env.bugs.has(id);
  // lessons 2–4 (../common/frame.ts): device, direct queue, swap chain with one back buffer per frame in flight
  const { device, queue: directQueue, swapChain, renderTargets, rtvAt } = createRingDevice(sys, env, FramesInFlight);
  const pso = CreateTexturedPipeline(sys, device, StaticSampler()); // lesson 16: table t0, point sampling
  const quad = CreateQuad(device, 1); // lesson 14: two triangles over the viewport, UV 0..1

  // The copy queue: its own allocators and list of type COPY, and its own fence
  const copyQueue = ThrowIfFailed(device.CreateCommandQueue({ Type: D3D12_COMMAND_LIST_TYPE_COPY }));
  copyQueue.SetName({ Name: 'copyQueue' });
  directQueue.SetName({ Name: 'directQueue' });
  const copyAllocators: ID3D12CommandAllocator[] = [];
  const directAllocators: ID3D12CommandAllocator[] = [];
  for (let s = 0; s < FramesInFlight; s++) {
    copyAllocators[s] = ThrowIfFailed(device.CreateCommandAllocator({ type: D3D12_COMMAND_LIST_TYPE_COPY }));
    directAllocators[s] = ThrowIfFailed(device.CreateCommandAllocator({ type: D3D12_COMMAND_LIST_TYPE_DIRECT }));
  }
  const copyList = ThrowIfFailed(
    device.CreateCommandList({
      nodeMask: 0,
      type: D3D12_COMMAND_LIST_TYPE_COPY,
      CommandAllocator: copyAllocators[0],
      InitialState: null,
    }),
  );
  ThrowIfFailed({ hr: copyList.Close() });
  const directList = ThrowIfFailed(
    device.CreateCommandList({
      nodeMask: 0,
      type: D3D12_COMMAND_LIST_TYPE_DIRECT,
      CommandAllocator: directAllocators[0],
      InitialState: null,
    }),
  );
  ThrowIfFailed({ hr: directList.Close() });
  const copyFence = ThrowIfFailed(device.CreateFence({ InitialValue: 0, Flags: D3D12_FENCE_FLAG_NONE }));
  const directFence = ThrowIfFailed(device.CreateFence({ InitialValue: 0, Flags: D3D12_FENCE_FLAG_NONE }));
  copyFence.SetName({ Name: 'copyFence' });
  copyList.SetName({ Name: 'copyList' });
  directList.SetName({ Name: 'directList' });
  directFence.SetName({ Name: 'directFence' });
  const fenceEvent = sys.CreateEvent({
    lpEventAttributes: null,
    bManualReset: false,
    bInitialState: false,
    lpName: null,
  });

  // Two textures, created in COMMON: a resource used on a copy queue must start out in COMMON
  const texDesc = {
    Dimension: D3D12_RESOURCE_DIMENSION_TEXTURE2D,
    Alignment: 0,
    Width: TexSize,
    Height: TexSize,
    DepthOrArraySize: 1,
    MipLevels: 1,
    Format: DXGI_FORMAT_R8G8B8A8_UNORM,
    SampleDesc: { Count: 1, Quality: 0 },
    Layout: D3D12_TEXTURE_LAYOUT_UNKNOWN,
    Flags: D3D12_RESOURCE_FLAG_NONE,
  };
  const textures: ID3D12Resource[] = [];
  const srvHeap = ThrowIfFailed(
    device.CreateDescriptorHeap({
      Type: D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
      NumDescriptors: FramesInFlight,
      Flags: D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE,
    }),
  );
  const inc = device.GetDescriptorHandleIncrementSize({ DescriptorHeapType: D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV });
  const srvCpu = srvHeap.GetCPUDescriptorHandleForHeapStart();
  const srvGpu = srvHeap.GetGPUDescriptorHandleForHeapStart();
  for (let s = 0; s < FramesInFlight; s++) {
    textures[s] = ThrowIfFailed(
      device.CreateCommittedResource({
        HeapProperties: { Type: D3D12_HEAP_TYPE_DEFAULT },
        HeapFlags: D3D12_HEAP_FLAG_NONE,
        Desc: texDesc,
        InitialResourceState: D3D12_RESOURCE_STATE_COMMON,
        OptimizedClearValue: null,
      }),
    );
    textures[s].SetName({ Name: `streamed[${s}]` });
    device.CreateShaderResourceView({
      Resource: textures[s],
      Desc: srvDesc,
      DestDescriptor: { ptr: srvCpu.ptr + s * inc },
    });
  }

  // The images, written once into one upload buffer, one footprint after another (lesson 13)
  const {
    Layouts: [fp],
    TotalBytes: imageBytes,
  } = device.GetCopyableFootprints({ ResourceDesc: texDesc, FirstSubresource: 0, NumSubresources: 1, BaseOffset: 0 });
  const upload = ThrowIfFailed(
    device.CreateCommittedResource({
      HeapProperties: { Type: D3D12_HEAP_TYPE_UPLOAD },
      HeapFlags: D3D12_HEAP_FLAG_NONE,
      Desc: {
        Dimension: D3D12_RESOURCE_DIMENSION_BUFFER,
        Width: imageBytes * Frames,
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
  upload.SetName({ Name: 'images' });
  const mapped = ThrowIfFailed(upload.Map({ Subresource: 0, ReadRange: { Begin: 0, End: 0 } }));
  for (let k = 1; k <= Frames; k++)
    for (let y = 0; y < TexSize; y++)
      for (let x = 0; x < TexSize; x++)
        mapped.set(imageColor(k), (k - 1) * imageBytes + fp.Offset + y * fp.Footprint.RowPitch + x * 4);
  upload.Unmap({ Subresource: 0, WrittenRange: { Begin: 0, End: imageBytes * Frames } });

  const waitFor = (fence: typeof copyFence, value: bigint) => {
    if (fence.GetCompletedValue() >= value) return;
    ThrowIfFailed({ hr: fence.SetEventOnCompletion({ Value: value, hEvent: fenceEvent }) });
    sys.WaitForSingleObject({ hHandle: fenceEvent, dwMilliseconds: INFINITE });
  };

  for (let k = 1; k <= Frames; k++) {
    const slot = k % FramesInFlight;
    // Two frames in flight: frame k − 2 used this slot's allocators and texture; it must be done with them
    waitFor(directFence, BigInt(Math.max(0, k - FramesInFlight)));

    // 1. Copy queue: image k → texture[slot] (COMMON, promoted to COPY_DEST; it decays to COMMON afterwards)
    ThrowIfFailed({ hr: copyAllocators[slot].Reset() });
    ThrowIfFailed({ hr: copyList.Reset({ Allocator: copyAllocators[slot], InitialState: null }) });
    copyList.CopyTextureRegion({
      Dst: { Resource: textures[slot], Type: D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX, SubresourceIndex: 0 },
      DstX: 0,
      DstY: 0,
      DstZ: 0,
      Src: {
        Resource: upload,
        Type: D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT,
        PlacedFootprint: { Offset: (k - 1) * imageBytes + fp.Offset, Footprint: fp.Footprint },
      },
      SrcBox: null,
    });
    ThrowIfFailed({ hr: copyList.Close() });
    copyQueue.ExecuteCommandLists({ NumCommandLists: 1, CommandLists: [copyList] });
    ThrowIfFailed({ hr: copyQueue.Signal({ Fence: copyFence, Value: k }) });

    // 2. Direct queue: wait on the GPU for the upload, then draw with it.
    // BUG no-cross-queue-wait: no Wait, so the draw may sample the texture while the copy engine still writes it
    if (!bug('no-cross-queue-wait')) ThrowIfFailed({ hr: directQueue.Wait({ Fence: copyFence, Value: k }) });
    ThrowIfFailed({ hr: directAllocators[slot].Reset() });
    ThrowIfFailed({ hr: directList.Reset({ Allocator: directAllocators[slot], InitialState: null }) });
    const index = swapChain.GetCurrentBackBufferIndex();
    const backBuffer = renderTargets[index];
    const rtv = rtvAt(index);
    directList.ResourceBarrier({
      NumBarriers: 1,
      Barriers: [Transition(backBuffer, D3D12_RESOURCE_STATE_PRESENT, D3D12_RESOURCE_STATE_RENDER_TARGET)],
    });
    directList.OMSetRenderTargets({
      NumRenderTargetDescriptors: 1,
      RenderTargetDescriptors: [rtv],
      RTsSingleHandleToDescriptorRange: false,
      DepthStencilDescriptor: null,
    });
    directList.ClearRenderTargetView({ RenderTargetView: rtv, ColorRGBA: [1, 0, 1, 1], NumRects: 0, Rects: null });
    directList.SetPipelineState({ PipelineState: pso.pipelineState });
    directList.SetGraphicsRootSignature({ RootSignature: pso.rootSignature });
    directList.SetDescriptorHeaps({ NumDescriptorHeaps: 1, DescriptorHeaps: [srvHeap] });
    directList.SetGraphicsRootDescriptorTable({
      RootParameterIndex: 0,
      BaseDescriptor: { ptr: srvGpu.ptr + slot * inc },
    });
    directList.RSSetViewports({
      NumViewports: 1,
      Viewports: [{ TopLeftX: 0, TopLeftY: 0, Width: env.width, Height: env.height, MinDepth: 0, MaxDepth: 1 }],
    });
    directList.RSSetScissorRects({ NumRects: 1, Rects: [{ left: 0, top: 0, right: env.width, bottom: env.height }] });
    directList.IASetPrimitiveTopology({ PrimitiveTopology: D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST });
    directList.IASetVertexBuffers({ StartSlot: 0, NumViews: 1, Views: [quad.view] });
    directList.DrawInstanced({
      VertexCountPerInstance: 6,
      InstanceCount: 1,
      StartVertexLocation: 0,
      StartInstanceLocation: 0,
    });
    directList.ResourceBarrier({
      NumBarriers: 1,
      Barriers: [Transition(backBuffer, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PRESENT)],
    });
    ThrowIfFailed({ hr: directList.Close() });
    directQueue.ExecuteCommandLists({ NumCommandLists: 1, CommandLists: [directList] });
    ThrowIfFailed({ hr: swapChain.Present({ SyncInterval: 1, Flags: 0 }) });
    ThrowIfFailed({ hr: directQueue.Signal({ Fence: directFence, Value: k }) });
  }
  // Shut down: both queues idle before anything is released
  waitFor(directFence, BigInt(Frames));
  waitFor(copyFence, BigInt(Frames));

  out.queues = { copy: copyQueue.id, direct: directQueue.id };
  out.textures = textures.map((t) => t.id);
}
