// Lesson A1 — Readback: render a frame on the DIRECT queue, copy the back buffer into a READBACK buffer on the COPY
// queue (the copy engine, moving the bytes over PCIe), Signal the copy fence, wait for it on the CPU, Map, read the
// rows, Unmap. Three stages — CPU, DIRECT queue, COPY queue — joined by fences: the copy queue Waits on the GPU for the
// render fence, the CPU waits for the copy fence. First blocking (each frame goes through the three stages before the
// next is recorded), then pipelined: Slots frames in flight, each with its own allocators and readback buffer, so the
// CPU reads frame n − Slots while the copy engine copies frame n − 1 and the DIRECT queue renders frame n. The frame
// is cleared, then a square is cleared with a rectangle (ClearRenderTargetView with NumRects = 1): both the GPU and
// the model know those pixels exactly.
// Copy-queue state rules: the back buffer leaves the DIRECT list in PRESENT (= COMMON), the copy queue promotes it to
// COPY_SOURCE and it decays to COMMON when that ExecuteCommandLists completes, so no barrier is recorded on the copy
// list and the texture is in COMMON whenever it moves between the queue classes.
import {
  type D3D12System,
  type ID3D12CommandAllocator,
  type ID3D12Resource,
  D3D12_COMMAND_LIST_TYPE_COPY,
  D3D12_COMMAND_LIST_TYPE_DIRECT,
  D3D12_FENCE_FLAG_NONE,
  D3D12_HEAP_FLAG_NONE,
  D3D12_HEAP_TYPE_READBACK,
  D3D12_RESOURCE_DIMENSION_BUFFER,
  D3D12_RESOURCE_FLAG_NONE,
  D3D12_RESOURCE_STATE_COPY_DEST,
  D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE,
  D3D12_RESOURCE_STATE_PRESENT,
  D3D12_RESOURCE_STATE_RENDER_TARGET,
  D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT,
  D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX,
  D3D12_TEXTURE_LAYOUT_ROW_MAJOR,
  DXGI_FORMAT_UNKNOWN,
  INFINITE,
} from '../../core';
import { ThrowIfFailed } from '../runner';
import type { LessonEnv } from '../types';
import { Transition, createRingDevice } from '../common/frame';

/** Pipelined: frames in flight, each with its own allocator and readback buffer. */
export const Slots = 3;
/** Frames rendered and read back in each mode. */
export const FramesPerMode = 8;
/** The CPU's work on each read-back frame (encode it, send it, analyse it ...), modelled ms. */
export const CpuWorkMs = 4;
/** GPU time of each command list (the model's gpuMsPerList; a copy list: its bytes over PCIe, at least this). */
export const GpuMsPerFrame = 4;
export const SQUARE = 16;
export const SQUARE_TOP = 24;

/** Frame n's clear colour (n from 1): the red channel steps by 0.2, so neighbouring frames differ. */
export const background = (n: number) => [(n % 5) * 0.2, 0.4, 0.6, 1];
export const SQUARE_COLOR = [1, 0.6, 0, 1];
/** Where frame n's square starts (it moves 6 px a frame, wrapping at 48). */
export const squareLeft = (n: number) => ((n - 1) * 6) % 48;

export type Mode = 'blocking' | 'pipelined';
export interface ReadBack {
  frame: number;
  mode: Mode;
  slot: number;
  /** Fence value signalled after the frame's copy. */
  value: string;
  /** fence->GetCompletedValue() when Map was called. */
  completedAtMap: string;
  /** Call index of the Map. */
  mapCall: number;
  /** The rows read, tightly packed (width × 4 bytes a row). */
  pixels: Uint8Array;
}

export function main(sys: D3D12System, env: LessonEnv, out: Record<string, unknown>) {
  const bug = (id: string) => env.bugs.has(id);
  // lessons 2–4 with one back buffer per frame in flight (../common/frame.ts): device, queue, swap chain, RTVs
  const { device, queue, swapChain, renderTargets, rtvAt } = createRingDevice(sys, env, Slots);
  const { width, height } = env;

  // Where the rows land in a buffer: RowPitch rounded up to 256 bytes (lesson 12)
  const {
    Layouts: [footprint],
    TotalBytes: totalBytes,
  } = device.GetCopyableFootprints({
    ResourceDesc: renderTargets[0].GetDesc(),
    FirstSubresource: 0,
    NumSubresources: 1,
    BaseOffset: 0,
  });

  // One READBACK buffer per slot: CPU-readable, created in COPY_DEST and never transitioned.
  // BUG readback-as-srv: created in PIXEL_SHADER_RESOURCE so that a shader could read it
  const readbacks: ID3D12Resource[] = [];
  for (let s = 0; s < Slots; s++) {
    readbacks[s] = ThrowIfFailed(
      device.CreateCommittedResource({
        HeapProperties: { Type: D3D12_HEAP_TYPE_READBACK },
        HeapFlags: D3D12_HEAP_FLAG_NONE,
        Desc: {
          Dimension: D3D12_RESOURCE_DIMENSION_BUFFER,
          Width: totalBytes,
          Height: 1,
          DepthOrArraySize: 1,
          MipLevels: 1,
          Format: DXGI_FORMAT_UNKNOWN,
          SampleDesc: { Count: 1, Quality: 0 },
          Layout: D3D12_TEXTURE_LAYOUT_ROW_MAJOR,
          Flags: D3D12_RESOURCE_FLAG_NONE,
        },
        InitialResourceState: bug('readback-as-srv')
          ? D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE
          : D3D12_RESOURCE_STATE_COPY_DEST,
        OptimizedClearValue: null,
      }),
    );
    readbacks[s].SetName({ Name: `readback[${s}]` });
  }

  // The copy engine: its own queue, and per slot a DIRECT allocator (render) and a COPY allocator (readback copy)
  const copyQueue = ThrowIfFailed(device.CreateCommandQueue({ Type: D3D12_COMMAND_LIST_TYPE_COPY }));
  queue.SetName({ Name: 'directQueue' });
  copyQueue.SetName({ Name: 'copyQueue' });
  const allocator = (type: number) => ThrowIfFailed(device.CreateCommandAllocator({ type }));
  const renderAllocators = Array.from({ length: Slots }, () => allocator(D3D12_COMMAND_LIST_TYPE_DIRECT));
  const copyAllocators = Array.from({ length: Slots }, () => allocator(D3D12_COMMAND_LIST_TYPE_COPY));
  const commandList = (type: number, first: ID3D12CommandAllocator) => {
    const l = ThrowIfFailed(
      device.CreateCommandList({ nodeMask: 0, type, CommandAllocator: first, InitialState: null }),
    );
    ThrowIfFailed({ hr: l.Close() });
    return l;
  };
  const renderList = commandList(D3D12_COMMAND_LIST_TYPE_DIRECT, renderAllocators[0]);
  const copyList = commandList(D3D12_COMMAND_LIST_TYPE_COPY, copyAllocators[0]);
  // renderFence = n: frame n is rendered (DIRECT); copyFence = n: frame n is in its readback buffer (COPY)
  const renderFence = ThrowIfFailed(device.CreateFence({ InitialValue: 0, Flags: D3D12_FENCE_FLAG_NONE }));
  const copyFence = ThrowIfFailed(device.CreateFence({ InitialValue: 0, Flags: D3D12_FENCE_FLAG_NONE }));
  renderFence.SetName({ Name: 'render fence' });
  copyFence.SetName({ Name: 'copy fence' });
  const slotFrames = Array<number>(Slots).fill(0);
  const fenceEvent = sys.CreateEvent({
    lpEventAttributes: null,
    bManualReset: false,
    bInitialState: false,
    lpName: null,
  });
  const readBack: ReadBack[] = [];

  const waitForCopy = (value: number) => {
    if (copyFence.GetCompletedValue() >= BigInt(value)) return;
    ThrowIfFailed({ hr: copyFence.SetEventOnCompletion({ Value: value, hEvent: fenceEvent }) });
    sys.WaitForSingleObject({ hHandle: fenceEvent, dwMilliseconds: INFINITE });
  };

  // Stage 1 (DIRECT): render frame n into the current back buffer, Signal renderFence = n.
  // Stage 2 (COPY): Wait on the GPU for renderFence ≥ n, copy the back buffer into readback[slot], Signal copyFence = n.
  // Then Present frame n.
  const renderAndCopy = (n: number, slot: number) => {
    ThrowIfFailed({ hr: renderAllocators[slot].Reset() });
    ThrowIfFailed({ hr: renderList.Reset({ Allocator: renderAllocators[slot], InitialState: null }) });
    const index = swapChain.GetCurrentBackBufferIndex();
    const backBuffer = renderTargets[index];
    const rtv = rtvAt(index);
    renderList.ResourceBarrier({
      NumBarriers: 1,
      Barriers: [Transition(backBuffer, D3D12_RESOURCE_STATE_PRESENT, D3D12_RESOURCE_STATE_RENDER_TARGET)],
    });
    renderList.ClearRenderTargetView({ RenderTargetView: rtv, ColorRGBA: background(n), NumRects: 0, Rects: null });
    const square = { left: squareLeft(n), top: SQUARE_TOP, right: squareLeft(n) + SQUARE, bottom: SQUARE_TOP + SQUARE };
    renderList.ClearRenderTargetView({ RenderTargetView: rtv, ColorRGBA: SQUARE_COLOR, NumRects: 1, Rects: [square] });
    // PRESENT is COMMON: the state a texture must be in to move to the copy queue
    renderList.ResourceBarrier({
      NumBarriers: 1,
      Barriers: [Transition(backBuffer, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PRESENT)],
    });
    ThrowIfFailed({ hr: renderList.Close() });
    queue.ExecuteCommandLists({ NumCommandLists: 1, CommandLists: [renderList] });
    ThrowIfFailed({ hr: queue.Signal({ Fence: renderFence, Value: n }) });

    // the copy engine starts only once the frame is rendered: a GPU-side wait, the CPU goes on
    ThrowIfFailed({ hr: copyQueue.Wait({ Fence: renderFence, Value: n }) });
    ThrowIfFailed({ hr: copyAllocators[slot].Reset() });
    ThrowIfFailed({ hr: copyList.Reset({ Allocator: copyAllocators[slot], InitialState: null }) });
    // texture (subresource 0, COMMON promoted to COPY_SOURCE) → buffer (placed footprint): rows RowPitch bytes apart
    copyList.CopyTextureRegion({
      Dst: { Resource: readbacks[slot], Type: D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT, PlacedFootprint: footprint },
      DstX: 0,
      DstY: 0,
      DstZ: 0,
      Src: { Resource: backBuffer, Type: D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX, SubresourceIndex: 0 },
      SrcBox: null,
    });
    ThrowIfFailed({ hr: copyList.Close() });
    copyQueue.ExecuteCommandLists({ NumCommandLists: 1, CommandLists: [copyList] });
    ThrowIfFailed({ hr: copyQueue.Signal({ Fence: copyFence, Value: n }) });
    // Present last: a list that uses a back buffer must be submitted while it is still the current one
    ThrowIfFailed({ hr: swapChain.Present({ SyncInterval: 1, Flags: 0 }) });
    slotFrames[slot] = n;
  };

  // Stage 3 (CPU): read frame n back from readback[slot]: wait for copyFence ≥ n, Map, copy the rows out, Unmap, work.
  // BUG map-before-fence: Map first, wait afterwards (only so that the allocators and the buffer are safe to reuse)
  const readFrame = (n: number, slot: number, mode: Mode) => {
    if (!bug('map-before-fence')) waitForCopy(n);
    const completedAtMap = String(copyFence.GetCompletedValue());
    const data = ThrowIfFailed(readbacks[slot].Map({ Subresource: 0, ReadRange: { Begin: 0, End: totalBytes } }));
    const mapCall = sys.callIndex;
    const pixels = new Uint8Array(width * height * 4);
    for (let y = 0; y < height; y++) {
      const row = footprint.Offset + y * footprint.Footprint.RowPitch;
      pixels.set(data.subarray(row, row + width * 4), y * width * 4);
    }
    readbacks[slot].Unmap({ Subresource: 0, WrittenRange: { Begin: 0, End: 0 } }); // the CPU wrote nothing
    if (bug('map-before-fence')) waitForCopy(n);
    readBack.push({ frame: n, mode, slot, value: String(n), completedAtMap, mapCall, pixels });
    sys.Sleep({ dwMilliseconds: CpuWorkMs }); // the CPU's work on the frame
  };

  // 1. Blocking: render, copy, wait, Map — one frame at a time through all three stages, one readback buffer
  for (let n = 1; n <= FramesPerMode; n++) {
    renderAndCopy(n, 0);
    readFrame(n, 0, 'blocking');
  }

  // 2. Pipelined: frame n goes to slot n % Slots; before reusing a slot (its allocators, its readback buffer and the
  // back buffer frame n − Slots was rendered into), read the frame it holds
  for (let n = FramesPerMode + 1; n <= 2 * FramesPerMode; n++) {
    const slot = n % Slots;
    if (slotFrames[slot] > FramesPerMode) readFrame(slotFrames[slot], slot, 'pipelined');
    renderAndCopy(n, slot);
  }
  // the frames still in flight, oldest first
  for (let n = 2 * FramesPerMode - Slots + 1; n <= 2 * FramesPerMode; n++) readFrame(n, n % Slots, 'pipelined');

  out.readBack = readBack;
  out.size = { width, height };
  out.fence = copyFence.id;
  out.queues = { direct: queue.id, copy: copyQueue.id };
}
