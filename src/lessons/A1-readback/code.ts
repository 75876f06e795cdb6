// Lesson A1 — Readback: render a frame, CopyTextureRegion the back buffer into a READBACK buffer, Signal a fence,
// wait for it, Map, read the rows, Unmap. First blocking (the CPU waits for every frame before it records the next),
// then pipelined: Slots frames in flight, each with its own allocator and its own readback buffer, so the CPU reads
// frame n − Slots while the GPU renders frame n. The frame is cleared, then a square is cleared with a rectangle
// (ClearRenderTargetView with NumRects = 1): both the GPU and the model know those pixels exactly.
import {
  type D3D12System,
  type ID3D12CommandAllocator,
  type ID3D12Resource,
  D3D12_COMMAND_LIST_TYPE_DIRECT,
  D3D12_FENCE_FLAG_NONE,
  D3D12_HEAP_FLAG_NONE,
  D3D12_HEAP_TYPE_READBACK,
  D3D12_RESOURCE_DIMENSION_BUFFER,
  D3D12_RESOURCE_FLAG_NONE,
  D3D12_RESOURCE_STATE_COPY_DEST,
  D3D12_RESOURCE_STATE_COPY_SOURCE,
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
/** GPU time of each frame's command list (the model's gpuMsPerList), modelled ms. */
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
  const allocators: ID3D12CommandAllocator[] = [];
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
    allocators[s] = ThrowIfFailed(device.CreateCommandAllocator({ type: D3D12_COMMAND_LIST_TYPE_DIRECT }));
  }
  const list = ThrowIfFailed(
    device.CreateCommandList({
      nodeMask: 0,
      type: D3D12_COMMAND_LIST_TYPE_DIRECT,
      CommandAllocator: allocators[0],
      InitialState: null,
    }),
  );
  ThrowIfFailed({ hr: list.Close() });
  const fence = ThrowIfFailed(device.CreateFence({ InitialValue: 0, Flags: D3D12_FENCE_FLAG_NONE }));
  fence.SetName({ Name: 'readback fence' });
  queue.SetName({ Name: 'directQueue' });
  let fenceValue = 0n;
  const slotValues = Array<bigint>(Slots).fill(0n);
  const slotFrames = Array<number>(Slots).fill(0);
  const fenceEvent = sys.CreateEvent({
    lpEventAttributes: null,
    bManualReset: false,
    bInitialState: false,
    lpName: null,
  });
  const readBack: ReadBack[] = [];

  const waitFor = (value: bigint) => {
    if (fence.GetCompletedValue() >= value) return;
    ThrowIfFailed({ hr: fence.SetEventOnCompletion({ Value: value, hEvent: fenceEvent }) });
    sys.WaitForSingleObject({ hHandle: fenceEvent, dwMilliseconds: INFINITE });
  };

  // Render frame n into the current back buffer and copy it into readback[slot]; returns the fence value after it
  const renderAndCopy = (n: number, slot: number): bigint => {
    ThrowIfFailed({ hr: allocators[slot].Reset() });
    ThrowIfFailed({ hr: list.Reset({ Allocator: allocators[slot], InitialState: null }) });
    const index = swapChain.GetCurrentBackBufferIndex();
    const backBuffer = renderTargets[index];
    const rtv = rtvAt(index);
    list.ResourceBarrier({
      NumBarriers: 1,
      Barriers: [Transition(backBuffer, D3D12_RESOURCE_STATE_PRESENT, D3D12_RESOURCE_STATE_RENDER_TARGET)],
    });
    list.ClearRenderTargetView({ RenderTargetView: rtv, ColorRGBA: background(n), NumRects: 0, Rects: null });
    const square = { left: squareLeft(n), top: SQUARE_TOP, right: squareLeft(n) + SQUARE, bottom: SQUARE_TOP + SQUARE };
    list.ClearRenderTargetView({ RenderTargetView: rtv, ColorRGBA: SQUARE_COLOR, NumRects: 1, Rects: [square] });
    list.ResourceBarrier({
      NumBarriers: 1,
      Barriers: [Transition(backBuffer, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_COPY_SOURCE)],
    });
    // texture (subresource 0) → buffer (placed footprint): the rows land RowPitch bytes apart
    list.CopyTextureRegion({
      Dst: { Resource: readbacks[slot], Type: D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT, PlacedFootprint: footprint },
      DstX: 0,
      DstY: 0,
      DstZ: 0,
      Src: { Resource: backBuffer, Type: D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX, SubresourceIndex: 0 },
      SrcBox: null,
    });
    list.ResourceBarrier({
      NumBarriers: 1,
      Barriers: [Transition(backBuffer, D3D12_RESOURCE_STATE_COPY_SOURCE, D3D12_RESOURCE_STATE_PRESENT)],
    });
    ThrowIfFailed({ hr: list.Close() });
    queue.ExecuteCommandLists({ NumCommandLists: 1, CommandLists: [list] });
    ThrowIfFailed({ hr: swapChain.Present({ SyncInterval: 1, Flags: 0 }) });
    ThrowIfFailed({ hr: queue.Signal({ Fence: fence, Value: ++fenceValue }) });
    return fenceValue;
  };

  // Read frame n back from readback[slot]: wait for its fence value, Map, copy the rows out, Unmap, work on it.
  // BUG map-before-fence: Map first, wait afterwards (only so that the allocator is safe to reuse)
  const readFrame = (n: number, slot: number, mode: Mode) => {
    if (!bug('map-before-fence')) waitFor(slotValues[slot]);
    const completedAtMap = String(fence.GetCompletedValue());
    const data = ThrowIfFailed(readbacks[slot].Map({ Subresource: 0, ReadRange: { Begin: 0, End: totalBytes } }));
    const mapCall = sys.callIndex;
    const pixels = new Uint8Array(width * height * 4);
    for (let y = 0; y < height; y++) {
      const row = footprint.Offset + y * footprint.Footprint.RowPitch;
      pixels.set(data.subarray(row, row + width * 4), y * width * 4);
    }
    readbacks[slot].Unmap({ Subresource: 0, WrittenRange: { Begin: 0, End: 0 } }); // the CPU wrote nothing
    if (bug('map-before-fence')) waitFor(slotValues[slot]);
    readBack.push({ frame: n, mode, slot, value: String(slotValues[slot]), completedAtMap, mapCall, pixels });
    sys.Sleep({ dwMilliseconds: CpuWorkMs }); // the CPU's work on the frame
  };

  // 1. Blocking: render, copy, Signal, wait, Map — one frame at a time, one readback buffer
  for (let n = 1; n <= FramesPerMode; n++) {
    slotValues[0] = renderAndCopy(n, 0);
    readFrame(n, 0, 'blocking');
  }

  // 2. Pipelined: frame n goes to slot n % Slots; before reusing a slot, read the frame it holds (n − Slots)
  for (let n = FramesPerMode + 1; n <= 2 * FramesPerMode; n++) {
    const slot = n % Slots;
    if (slotFrames[slot] > FramesPerMode) readFrame(slotFrames[slot], slot, 'pipelined');
    slotValues[slot] = renderAndCopy(n, slot);
    slotFrames[slot] = n;
  }
  // the frames still in flight, oldest first
  for (let n = 2 * FramesPerMode - Slots + 1; n <= 2 * FramesPerMode; n++) readFrame(n, n % Slots, 'pipelined');

  out.readBack = readBack;
  out.size = { width, height };
  out.fence = fence.id;
}
