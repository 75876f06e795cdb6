// Lesson A6 — Descriptor free list with deferred release: one shader-visible CBV_SRV_UAV heap whose slots are
// handed out by a free list. A draw reads its descriptors when the GPU executes it, not when it is recorded, so a
// slot given back while a frame that binds it is still in flight is parked with that frame's fence value and goes
// back on the free list only once GetCompletedValue() has reached it. Four quads, six frames, two frames in flight;
// a streamer swaps one quad's texture after frames 2, 4 and 6.
import {
  type D3D12System,
  type ID3D12CommandAllocator,
  type ID3D12Resource,
  D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST,
  D3D12_COMMAND_LIST_TYPE_DIRECT,
  D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE,
  D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
  D3D12_RESOURCE_STATE_COPY_DEST,
  D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE,
  D3D12_RESOURCE_STATE_PRESENT,
  D3D12_RESOURCE_STATE_RENDER_TARGET,
  INFINITE,
} from '../../core';
import { ThrowIfFailed } from '../runner';
import type { LessonEnv } from '../types';
import { Transition, createFrame, currentRtv, waitForGpu } from '../common/frame';
import { CreateQuad, CreateTexturedPipeline, StaticSampler, UploadTexture, srvDesc } from '../14-texture-states/code';

export const HeapSlots = 8;
export const FrameTotal = 6;
/** The textures' colours: 0–3 are on the quads at the start, 4–6 are streamed in. */
export const COLOURS = [
  [220, 60, 60, 255], // red
  [60, 200, 80, 255], // green
  [60, 90, 220, 255], // blue
  [230, 210, 50, 255], // yellow
  [60, 210, 220, 255], // cyan
  [210, 70, 210, 255], // magenta
  [240, 140, 30, 255], // orange
];
/** After frame `after`, the streamer shows texture `texture` on quad `quad` from the next frame on. */
export const SWAPS = [
  { after: 2, quad: 0, texture: 4 },
  { after: 4, quad: 1, texture: 5 },
  { after: 6, quad: 2, texture: 6 },
];
/** Quad q covers the canvas's quarter q: 0 top left, 1 top right, 2 bottom left, 3 bottom right. */
export const quadOrigin = (q: number, size: number): [number, number] => [(q % 2) * (size / 2), (q >> 1) * (size / 2)];

export interface FreeListRow {
  frame: number;
  completed: number;
  slots: number[]; // the slot each quad's table points at in this frame
  textures: number[]; // the texture whose SRV was in that slot when the frame was recorded
  signalled: number;
  streamed: string;
  free: number[];
  retired: string[];
}

/**
 * Free slots as a stack (the last freed is the next handed out, as a linked free list does), and a retire queue of
 * (slot, fence value) pairs waiting for the GPU.
 */
export class DescriptorFreeList {
  free: number[] = [];
  retired: { slot: number; fenceValue: number }[] = [];
  constructor(
    count: number,
    private readonly immediate: boolean,
  ) {
    for (let s = count - 1; s >= 0; s--) this.free.push(s); // slot 0 on top
  }

  Allocate(): number {
    const slot = this.free.pop();
    if (slot === undefined) throw new Error('descriptor heap full: every slot is in use or waiting for a fence');
    return slot;
  }

  /** `fenceValue`: the value signalled after the last frame that can reference the slot. */
  Free(slot: number, fenceValue: number) {
    // BUG immediate-free: the slot goes straight back on the stack, so the next Allocate rewrites it at once.
    if (this.immediate) this.free.push(slot);
    else this.retired.push({ slot, fenceValue });
  }

  /** At the start of a frame: every retired slot whose fence value has completed is free again. */
  Reclaim(completed: number) {
    while (this.retired.length && this.retired[0].fenceValue <= completed) this.free.push(this.retired.shift()!.slot);
  }
}

export function main(sys: D3D12System, env: LessonEnv, out: Record<string, unknown>) {
  const bug = (id: string) => env.bugs.has(id);
  const frame = createFrame(sys, env); // lessons 2–4 (src/lessons/common/frame.ts)
  const { device, list, queue, fence } = frame;
  const pso = CreateTexturedPipeline(sys, device, StaticSampler()); // lessons 14–16: one SRV table at t0
  const quad = CreateQuad(device, 1);

  // 1. The textures (lesson 13's upload path), all resident from the start: what streams is the descriptors.
  ThrowIfFailed({ hr: frame.allocator.Reset() });
  ThrowIfFailed({ hr: list.Reset({ Allocator: frame.allocator, InitialState: null }) });
  const textures: ID3D12Resource[] = [];
  const uploads: ID3D12Resource[] = [];
  COLOURS.forEach((c, t) => {
    const pixels = new Uint8Array(4 * 4 * 4).map((_, i) => c[i % 4]);
    const { texture, upload } = UploadTexture(device, list, pixels, 4, 4, `texture ${t}`);
    textures.push(texture);
    uploads.push(upload);
  });
  list.ResourceBarrier({
    NumBarriers: textures.length,
    Barriers: textures.map((r) =>
      Transition(r, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE),
    ),
  });
  ThrowIfFailed({ hr: list.Close() });
  queue.ExecuteCommandLists({ NumCommandLists: 1, CommandLists: [list] });
  waitForGpu(frame);
  for (const u of uploads) u.Release();

  // 2. The shader-visible heap and its free list. Each quad gets a slot and an SRV of its first texture.
  const heap = ThrowIfFailed(
    device.CreateDescriptorHeap({
      Type: D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
      NumDescriptors: HeapSlots,
      Flags: D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE,
    }),
  );
  const inc = device.GetDescriptorHandleIncrementSize({ DescriptorHeapType: D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV });
  const cpuStart = heap.GetCPUDescriptorHandleForHeapStart().ptr;
  const gpuStart = heap.GetGPUDescriptorHandleForHeapStart().ptr;
  const slots = new DescriptorFreeList(HeapSlots, bug('immediate-free'));
  const writeSrv = (slot: number, texture: ID3D12Resource) =>
    device.CreateShaderResourceView({
      Resource: texture,
      Desc: srvDesc,
      DestDescriptor: { ptr: cpuStart + slot * inc },
    });
  const quadSlot: number[] = [];
  const quadTexture: number[] = [];
  for (let q = 0; q < 4; q++) {
    quadSlot[q] = slots.Allocate();
    quadTexture[q] = q;
    writeSrv(quadSlot[q], textures[q]);
  }

  const allocators: ID3D12CommandAllocator[] = [
    frame.allocator,
    ThrowIfFailed(device.CreateCommandAllocator({ type: D3D12_COMMAND_LIST_TYPE_DIRECT })),
  ];
  const allocatorFence = [0, 0];
  const rows: FreeListRow[] = [];
  const half = frame.width / 2;

  for (let f = 1; f <= FrameTotal; f++) {
    // 3. Start of frame: wait until this back buffer's allocator is free, then reclaim retired slots
    const k = frame.frameIndex;
    if (Number(fence.GetCompletedValue()) < allocatorFence[k]) {
      ThrowIfFailed({ hr: fence.SetEventOnCompletion({ Value: allocatorFence[k], hEvent: frame.fenceEvent }) });
      sys.WaitForSingleObject({ hHandle: frame.fenceEvent, dwMilliseconds: INFINITE });
    }
    const completed = Number(fence.GetCompletedValue());
    slots.Reclaim(completed);
    ThrowIfFailed({ hr: allocators[k].Reset() });
    ThrowIfFailed({ hr: list.Reset({ Allocator: allocators[k], InitialState: null }) });

    // 4. Draw the four quads, each through its slot's table; the GPU reads those descriptors when it runs the list
    const backBuffer = frame.renderTargets[k];
    const rtv = currentRtv(frame);
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
    list.ClearRenderTargetView({ RenderTargetView: rtv, ColorRGBA: [0, 0, 0, 1], NumRects: 0, Rects: null });
    list.SetPipelineState({ PipelineState: pso.pipelineState });
    list.SetGraphicsRootSignature({ RootSignature: pso.rootSignature });
    list.SetDescriptorHeaps({ NumDescriptorHeaps: 1, DescriptorHeaps: [heap] });
    list.RSSetScissorRects({ NumRects: 1, Rects: [{ left: 0, top: 0, right: frame.width, bottom: frame.height }] });
    list.IASetPrimitiveTopology({ PrimitiveTopology: D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST });
    list.IASetVertexBuffers({ StartSlot: 0, NumViews: 1, Views: [quad.view] });
    for (let q = 0; q < 4; q++) {
      const [x, y] = quadOrigin(q, frame.width);
      list.RSSetViewports({
        NumViewports: 1,
        Viewports: [{ TopLeftX: x, TopLeftY: y, Width: half, Height: half, MinDepth: 0, MaxDepth: 1 }],
      });
      list.SetGraphicsRootDescriptorTable({
        RootParameterIndex: 0,
        BaseDescriptor: { ptr: gpuStart + quadSlot[q] * inc },
      });
      list.DrawInstanced({
        VertexCountPerInstance: 6,
        InstanceCount: 1,
        StartVertexLocation: 0,
        StartInstanceLocation: 0,
      });
    }
    list.ResourceBarrier({
      NumBarriers: 1,
      Barriers: [Transition(backBuffer, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PRESENT)],
    });
    ThrowIfFailed({ hr: list.Close() });
    queue.ExecuteCommandLists({ NumCommandLists: 1, CommandLists: [list] });
    ThrowIfFailed({ hr: frame.swapChain.Present({ SyncInterval: 1, Flags: 0 }) });
    frame.fenceValue++;
    ThrowIfFailed({ hr: queue.Signal({ Fence: fence, Value: frame.fenceValue }) });
    allocatorFence[k] = frame.fenceValue;
    const row: FreeListRow = {
      frame: f,
      completed,
      slots: [...quadSlot],
      textures: [...quadTexture],
      signalled: frame.fenceValue,
      streamed: '',
      free: [],
      retired: [],
    };

    // 5. The streamer, for the next frame: the quad's old slot is freed with this frame's fence value (this frame,
    //    still in flight, is the last that binds it); the new texture's SRV goes into a freshly allocated slot.
    const swap = SWAPS.find((s) => s.after === f);
    if (swap) {
      const old = quadSlot[swap.quad];
      slots.Free(old, frame.fenceValue);
      quadSlot[swap.quad] = slots.Allocate();
      quadTexture[swap.quad] = swap.texture;
      writeSrv(quadSlot[swap.quad], textures[swap.texture]);
      row.streamed = `quad ${swap.quad}: slot ${old} freed, texture ${swap.texture} → slot ${quadSlot[swap.quad]} (call ${sys.callIndex})`;
    }
    row.free = [...slots.free].reverse();
    row.retired = slots.retired.map((r) => `${r.slot} @ ${r.fenceValue}`);
    rows.push(row);
    frame.frameIndex = frame.swapChain.GetCurrentBackBufferIndex();
  }
  // 6. Shutdown: wait for the GPU before anything is released
  waitForGpu(frame);

  out.rows = rows;
  out.heap = heap.id;
  out.textures = textures.map((t) => t.id);
  out.lastFrameTextures = rows.length ? rows[rows.length - 1].textures : [];
}
