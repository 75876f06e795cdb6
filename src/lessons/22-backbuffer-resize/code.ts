// Lesson 22 — Which back buffer, and what a resize takes. The swap chain decides which of its buffers is next:
// the program asks GetCurrentBackBufferIndex() after every Present. When the window changes size, the program waits
// for the GPU, releases every reference it holds to the old buffers, calls ResizeBuffers, and then takes the new
// buffers and re-creates their RTVs in the same heap slots. Each frame clears to its own colour, so the colour on
// the canvas says which frame the swap chain is showing.
import {
  type D3D12System,
  D3D12_COMMAND_LIST_TYPE_DIRECT,
  D3D12_FENCE_FLAG_NONE,
  D3D12_RESOURCE_STATE_PRESENT,
  D3D12_RESOURCE_STATE_RENDER_TARGET,
  INFINITE,
} from '../../core';
import { ThrowIfFailed } from '../runner';
import type { LessonEnv } from '../types';
import { BackBufferFormat, Transition } from '../common/frame';
import { createRingDevice } from '../common/frame';

export const FrameCount = 3;
/** Frames drawn before the window is resized, and after. */
export const FramesBefore = 4;
export const FramesAfter = 4;

/** Frame n's clear colour (1-based): one colour per frame, so a stale frame shows the wrong one. */
export const FRAME_COLOURS = [
  [0.9, 0.2, 0.2],
  [0.2, 0.8, 0.2],
  [0.2, 0.3, 0.9],
  [0.9, 0.8, 0.1],
  [0.8, 0.2, 0.8],
  [0.1, 0.8, 0.8],
  [1.0, 0.5, 0.0],
  [0.5, 0.5, 1.0],
];

export interface FrameRow {
  frame: number;
  width: number;
  currentIndex: number;
  drawnIndex: number;
  presentedIndex: number;
  present: number;
}

export function main(sys: D3D12System, env: LessonEnv, out: Record<string, unknown>, newSize: number) {
  const bug = (id: string) => env.bugs.has(id);
  // lessons 2–4 with three back buffers at the window's first size (src/lessons/common/frame.ts)
  const { device, queue, swapChain, rtvAt, renderTargets } = createRingDevice(sys, env, FrameCount);
  const allocator = ThrowIfFailed(device.CreateCommandAllocator({ type: D3D12_COMMAND_LIST_TYPE_DIRECT }));
  const list = ThrowIfFailed(
    device.CreateCommandList({
      nodeMask: 0,
      type: D3D12_COMMAND_LIST_TYPE_DIRECT,
      CommandAllocator: allocator,
      InitialState: null,
    }),
  );
  ThrowIfFailed({ hr: list.Close() });
  const fence = ThrowIfFailed(device.CreateFence({ InitialValue: 0, Flags: D3D12_FENCE_FLAG_NONE }));
  let fenceValue = 0n;
  const fenceEvent = sys.CreateEvent({
    lpEventAttributes: null,
    bManualReset: false,
    bInitialState: false,
    lpName: null,
  });
  const WaitForGpu = () => {
    ThrowIfFailed({ hr: queue.Signal({ Fence: fence, Value: ++fenceValue }) });
    ThrowIfFailed({ hr: fence.SetEventOnCompletion({ Value: fenceValue, hEvent: fenceEvent }) });
    sys.WaitForSingleObject({ hHandle: fenceEvent, dwMilliseconds: INFINITE });
  };

  let width = env.width;
  let frameIndex = swapChain.GetCurrentBackBufferIndex();
  let frameCounter = 0;
  const rows: FrameRow[] = [];
  out.rows = rows; // filled as frames are drawn (a failed call stops the program part way)
  out.swapChain = swapChain.id;

  const Render = () => {
    // BUG stale-backbuffer-index: the program counts frames itself instead of asking the swap chain
    const drawnIndex = bug('stale-backbuffer-index') ? frameCounter % FrameCount : frameIndex;
    const backBuffer = renderTargets[drawnIndex];
    ThrowIfFailed({ hr: allocator.Reset() });
    ThrowIfFailed({ hr: list.Reset({ Allocator: allocator, InitialState: null }) });
    list.ResourceBarrier({
      NumBarriers: 1,
      Barriers: [Transition(backBuffer, D3D12_RESOURCE_STATE_PRESENT, D3D12_RESOURCE_STATE_RENDER_TARGET)],
    });
    list.ClearRenderTargetView({
      RenderTargetView: rtvAt(drawnIndex),
      ColorRGBA: [...FRAME_COLOURS[frameCounter], 1],
      NumRects: 0,
      Rects: null,
    });
    list.ResourceBarrier({
      NumBarriers: 1,
      Barriers: [Transition(backBuffer, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PRESENT)],
    });
    ThrowIfFailed({ hr: list.Close() });
    queue.ExecuteCommandLists({ NumCommandLists: 1, CommandLists: [list] });
    const presentedIndex = swapChain.GetCurrentBackBufferIndex(); // the buffer this Present shows
    ThrowIfFailed({ hr: swapChain.Present({ SyncInterval: 1, Flags: 0 }) });
    rows.push({
      frame: ++frameCounter,
      width,
      currentIndex: frameIndex,
      drawnIndex,
      presentedIndex,
      present: sys.callIndex,
    });
    WaitForGpu();
    // the swap chain says which buffer is next: ask after every Present
    frameIndex = swapChain.GetCurrentBackBufferIndex();
  };

  for (let n = 0; n < FramesBefore; n++) Render();

  // WM_SIZE: the window is now newSize × newSize
  WaitForGpu(); // the GPU must be done with the old buffers
  // BUG resize-without-release: the program still holds its references to the old back buffers
  if (!bug('resize-without-release')) {
    for (let n = 0; n < FrameCount; n++) renderTargets[n].Release();
  }
  ThrowIfFailed({
    hr: swapChain.ResizeBuffers({
      BufferCount: FrameCount,
      Width: newSize,
      Height: newSize,
      NewFormat: BackBufferFormat,
      SwapChainFlags: 0,
    }),
  });
  width = newSize;
  frameIndex = swapChain.GetCurrentBackBufferIndex(); // after ResizeBuffers the ring of buffers starts again
  for (let n = 0; n < FrameCount; n++) {
    renderTargets[n] = ThrowIfFailed(swapChain.GetBuffer({ Buffer: n }));
    device.CreateRenderTargetView({ Resource: renderTargets[n], Desc: null, DestDescriptor: rtvAt(n) }); // same slot
  }

  for (let n = 0; n < FramesAfter; n++) Render();
}
