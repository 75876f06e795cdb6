// Lesson 21 — Frame ring: three frames in flight. Each slot of the ring owns a command allocator, its part of an
// upload buffer (the frame's vertices) and the fence value signalled after its submission. Before a slot is reused
// the CPU waits until the GPU has passed that value; only then may its allocator be Reset and its memory rewritten.
// The GPU's speed is the lab's "GPU slowdown" knob (the model's gpuMsPerList); the CPU's own work per frame is a
// Sleep, so the run can be CPU-bound (no waits) or GPU-bound (the CPU waits at the fence).
import {
  type D3D12System,
  type ID3D12CommandAllocator,
  type ID3D12Resource,
  D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST,
  D3D12_COMMAND_LIST_TYPE_DIRECT,
  D3D12_FENCE_FLAG_NONE,
  D3D12_HEAP_FLAG_NONE,
  D3D12_HEAP_TYPE_UPLOAD,
  D3D12_RESOURCE_DIMENSION_BUFFER,
  D3D12_RESOURCE_STATE_GENERIC_READ,
  D3D12_RESOURCE_STATE_PRESENT,
  D3D12_RESOURCE_STATE_RENDER_TARGET,
  D3D12_TEXTURE_LAYOUT_ROW_MAJOR,
  DXGI_FORMAT_UNKNOWN,
  INFINITE,
} from '../../core';
import { ThrowIfFailed } from '../runner';
import type { LessonEnv } from '../types';
import { Transition } from '../common/frame';
import { createTrianglePipeline, VERTEX_STRIDE } from '../common/triangle';
import { createRingDevice } from '../common/frame';

export const FramesInFlight = 3;
/** Frames the loop renders; the check grades frame GradedFrame (the frames after it keep the ring turning). */
export const FrameTotal = 63;
export const GradedFrame = 60;
/** The CPU's own work in each frame (game update, culling ...), in modelled milliseconds. */
export const CpuWorkMs = 4;
/** Each slot's vertices: 6 vertices (a square) of 28 bytes, padded to 256 bytes. */
export const SlotBytes = 256;
export const SQUARE = 16;
export const CLEAR = [0.1, 0.1, 0.3, 1];

/** Where frame n (1-based) draws the square: its left edge in pixels (it moves 6 px a frame, wrapping at 48). */
export const squareLeft = (n: number) => ((n - 1) * 6) % 48;

/** The square of frame n as 6 vertices (position x, y, z, colour r, g, b, a) in clip space, on a size × size target. */
export function SquareVertices(n: number, size: number): Float32Array {
  const x0 = (squareLeft(n) / size) * 2 - 1;
  const x1 = ((squareLeft(n) + SQUARE) / size) * 2 - 1;
  const y0 = 1 - (24 / size) * 2;
  const y1 = 1 - ((24 + SQUARE) / size) * 2;
  const v = (x: number, y: number) => [x, y, 0, 1, 0.6, 0, 1];
  return new Float32Array([...v(x0, y0), ...v(x1, y0), ...v(x1, y1), ...v(x0, y0), ...v(x1, y1), ...v(x0, y1)]);
}

export interface FrameRow {
  frame: number;
  slot: number;
  backBuffer: number;
  awaited: string;
  completedBefore: string;
  waited: string;
  signalled: string;
  present: number;
}

export function main(sys: D3D12System, env: LessonEnv, out: Record<string, unknown>) {
  const bug = (id: string) => env.bugs.has(id);
  // lessons 2–4 with a three-buffer swap chain (../common/frame.ts): device, queue, swap chain, RTVs
  const { device, queue, swapChain, renderTargets, rtvAt } = createRingDevice(sys, env, FramesInFlight);
  const pipeline = createTrianglePipeline({ sys, device }); // lessons 6–8 (src/lessons/common/triangle.ts)

  // The ring: per slot an allocator, a region of one upload buffer, and the fence value of its last submission
  const allocators: ID3D12CommandAllocator[] = [];
  for (let k = 0; k < FramesInFlight; k++) {
    allocators[k] = ThrowIfFailed(device.CreateCommandAllocator({ type: D3D12_COMMAND_LIST_TYPE_DIRECT }));
    allocators[k].SetName({ Name: `allocator[${k}]` });
  }
  const fenceValues = [0n, 0n, 0n];
  const upload: ID3D12Resource = ThrowIfFailed(
    device.CreateCommittedResource({
      HeapProperties: { Type: D3D12_HEAP_TYPE_UPLOAD },
      HeapFlags: D3D12_HEAP_FLAG_NONE,
      Desc: {
        Dimension: D3D12_RESOURCE_DIMENSION_BUFFER,
        Width: SlotBytes * FramesInFlight,
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
  upload.SetName({ Name: 'per-frame vertices' });
  const mapped = ThrowIfFailed(upload.Map({ Subresource: 0, ReadRange: { Begin: 0, End: 0 } })); // stays mapped
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
  fence.SetName({ Name: 'frame fence' });
  let fenceValue = 0n;
  const fenceEvent = sys.CreateEvent({
    lpEventAttributes: null,
    bManualReset: false,
    bInitialState: false,
    lpName: null,
  });
  const rows: FrameRow[] = [];

  for (let n = 1; n <= FrameTotal; n++) {
    const slot = n % FramesInFlight;
    const row = { frame: n, slot, awaited: String(fenceValues[slot]), completedBefore: '', waited: 'no' };

    // Wait until the GPU is past the last submission that used this slot
    const waitForSlot = () => {
      const completed = fence.GetCompletedValue();
      row.completedBefore = String(completed);
      if (completed < fenceValues[slot]) {
        ThrowIfFailed({ hr: fence.SetEventOnCompletion({ Value: fenceValues[slot], hEvent: fenceEvent }) });
        sys.WaitForSingleObject({ hHandle: fenceEvent, dwMilliseconds: INFINITE });
        row.waited = 'yes';
      }
    };
    // BUG reset-before-wait: the slot's allocator is Reset (and its vertices rewritten) first, the wait comes after
    if (!bug('reset-before-wait')) waitForSlot();
    ThrowIfFailed({ hr: allocators[slot].Reset() });
    ThrowIfFailed({ hr: list.Reset({ Allocator: allocators[slot], InitialState: pipeline.pso }) });
    mapped.set(new Uint8Array(SquareVertices(n, env.width).buffer), slot * SlotBytes);
    if (bug('reset-before-wait')) waitForSlot();

    // Record the frame into the current back buffer
    const backBufferIndex = swapChain.GetCurrentBackBufferIndex();
    const backBuffer = renderTargets[backBufferIndex];
    const rtv = rtvAt(backBufferIndex);
    list.ResourceBarrier({
      NumBarriers: 1,
      Barriers: [Transition(backBuffer, D3D12_RESOURCE_STATE_PRESENT, D3D12_RESOURCE_STATE_RENDER_TARGET)],
    });
    list.OMSetRenderTargets({
      NumRenderTargetDescriptors: 1,
      RenderTargetDescriptors: [rtv],
      RTsSingleHandleToDescriptorRange: false,
      DepthStencilDescriptor: null,
    });
    list.ClearRenderTargetView({ RenderTargetView: rtv, ColorRGBA: CLEAR, NumRects: 0, Rects: null });
    list.SetGraphicsRootSignature({ RootSignature: pipeline.rootSignature });
    list.RSSetViewports({
      NumViewports: 1,
      Viewports: [{ TopLeftX: 0, TopLeftY: 0, Width: env.width, Height: env.height, MinDepth: 0, MaxDepth: 1 }],
    });
    list.RSSetScissorRects({ NumRects: 1, Rects: [{ left: 0, top: 0, right: env.width, bottom: env.height }] });
    list.IASetPrimitiveTopology({ PrimitiveTopology: D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST });
    list.IASetVertexBuffers({
      StartSlot: 0,
      NumViews: 1,
      Views: [
        {
          BufferLocation: upload.GetGPUVirtualAddress() + slot * SlotBytes,
          SizeInBytes: 6 * VERTEX_STRIDE,
          StrideInBytes: VERTEX_STRIDE,
        },
      ],
    });
    list.DrawInstanced({
      VertexCountPerInstance: 6,
      InstanceCount: 1,
      StartVertexLocation: 0,
      StartInstanceLocation: 0,
    });
    list.ResourceBarrier({
      NumBarriers: 1,
      Barriers: [Transition(backBuffer, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PRESENT)],
    });
    ThrowIfFailed({ hr: list.Close() });
    queue.ExecuteCommandLists({ NumCommandLists: 1, CommandLists: [list] });
    ThrowIfFailed({ hr: swapChain.Present({ SyncInterval: 1, Flags: 0 }) });
    const present = sys.callIndex;

    // The value this slot's work completes with: the next use of the slot waits for it
    fenceValues[slot] = ++fenceValue;
    ThrowIfFailed({ hr: queue.Signal({ Fence: fence, Value: fenceValues[slot] }) });
    rows.push({ ...row, backBuffer: backBufferIndex, signalled: String(fenceValues[slot]), present });

    sys.Sleep({ dwMilliseconds: CpuWorkMs }); // the rest of the frame's CPU work
  }

  // Shut down: wait for the last value, so nothing is still in flight when the objects go
  ThrowIfFailed({ hr: fence.SetEventOnCompletion({ Value: fenceValue, hEvent: fenceEvent }) });
  sys.WaitForSingleObject({ hHandle: fenceEvent, dwMilliseconds: INFINITE });

  out.rows = rows;
  out.allocators = allocators.map((a) => a.id);
  out.list = list.id;
}
