// Lesson A2 — Upload ring: every texture's bytes travel through ONE upload heap, created once, mapped once and used
// as a ring. Each frame takes space at the ring's tail; the space goes back when the fence value signalled after
// that frame's copies has completed. The CPU waits only when the next allocation would run into space the GPU may
// still be copying from (the ring is full). 100 textures arrive over 10 frames; upload memory stays at the ring's size.
import {
  type D3D12System,
  type ID3D12CommandAllocator,
  type ID3D12Resource,
  D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST,
  D3D12_COMMAND_LIST_TYPE_DIRECT,
  D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE,
  D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
  D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS,
  D3D12_HEAP_FLAG_NONE,
  D3D12_HEAP_TYPE_DEFAULT,
  D3D12_HEAP_TYPE_UPLOAD,
  D3D12_RESOURCE_DIMENSION_BUFFER,
  D3D12_RESOURCE_DIMENSION_TEXTURE2D,
  D3D12_RESOURCE_FLAG_NONE,
  D3D12_RESOURCE_STATE_COPY_DEST,
  D3D12_RESOURCE_STATE_GENERIC_READ,
  D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE,
  D3D12_RESOURCE_STATE_PRESENT,
  D3D12_RESOURCE_STATE_RENDER_TARGET,
  D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT,
  D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX,
  D3D12_TEXTURE_DATA_PLACEMENT_ALIGNMENT,
  D3D12_TEXTURE_LAYOUT_ROW_MAJOR,
  D3D12_TEXTURE_LAYOUT_UNKNOWN,
  DXGI_FORMAT_R8G8B8A8_UNORM,
  DXGI_FORMAT_UNKNOWN,
  INFINITE,
} from '../../core';
import { ThrowIfFailed } from '../runner';
import type { LessonEnv } from '../types';
import { Transition, createFrame, currentRtv, waitForGpu, type Frame } from '../common/frame';
import { CreateQuad, CreateTexturedPipeline, StaticSampler, srvDesc } from '../14-texture-states/code';

export const TextureCount = 100;
export const TexSize = 32; // 32 × 32 RGBA8: rows 128 bytes, RowPitch 256 → 8 KiB of footprint per texture
export const RingSize = 256 * 1024; // the one upload heap: room for 32 textures in flight
/** Textures that arrive in each frame (a level streaming in: a burst in frames 3–4 fills the ring). */
export const Arrivals = [8, 8, 24, 24, 12, 12, 4, 4, 2, 2];
/** The canvas shows all textures so far in a 10 × 10 grid of 6-pixel cells, starting at (2, 2). */
export const Cell = 6;
export const GridOrigin = 2;

/** Texture t's colour: its column (t % 10) in red, its row (t / 10) in green. */
export const colourOf = (t: number) => [20 + 24 * (t % 10), 20 + 24 * Math.floor(t / 10), 160, 255];

/** One row of the lesson's table: what the ring did in a frame. */
export interface RingRow {
  frame: number;
  textures: number;
  first: number; // ring offset of the frame's first footprint
  last: number; // ring offset just past its last footprint
  wrapped: boolean;
  waits: string[]; // the fence values the CPU waited for because the ring was full
  signalled: number;
}

const align = (v: number, a: number) => Math.ceil(v / a) * a;

/**
 * The ring: [head, tail) is in use, oldest first. Each frame's span is retired with the fence value signalled after
 * its copies; Allocate reclaims completed spans, wraps to 0 when the end is too near, and waits for the oldest
 * span's fence only when nothing else frees the room it needs.
 */
export class UploadRing {
  private tail = 0;
  private spans: { begin: number; end: number; fenceValue: number }[] = [];
  private frameBegin = 0;
  wrapped = false;
  waits: string[] = [];
  constructor(
    readonly frame: Frame,
    readonly buffer: ID3D12Resource,
    readonly mapped: Uint8Array,
    readonly size: number,
  ) {}

  private reclaim() {
    const completed = Number(this.frame.fence.GetCompletedValue());
    // a span with value 0 is this frame's own (split by a wrap): it retires with this frame
    while (this.spans.length && this.spans[0].fenceValue > 0 && this.spans[0].fenceValue <= completed)
      this.spans.shift();
  }

  /** Is [begin, begin + bytes) clear of every span the GPU may still read? */
  private fits(begin: number, bytes: number) {
    if (begin + bytes > this.size) return false;
    const pending = this.spans.concat(
      this.tail !== this.frameBegin ? [{ begin: this.frameBegin, end: this.tail, fenceValue: 0 }] : [],
    );
    return pending.every((s) => (s.begin <= s.end ? begin + bytes <= s.begin || begin >= s.end : false));
  }

  Allocate(bytes: number, alignment: number): number {
    this.reclaim();
    for (;;) {
      const at = align(this.tail, alignment);
      if (this.fits(at, bytes)) return (this.tail = at + bytes) - bytes;
      if (at + bytes > this.size && this.fits(0, bytes)) {
        this.wrapped = true;
        if (this.tail !== this.frameBegin) this.spans.push({ begin: this.frameBegin, end: this.tail, fenceValue: 0 });
        this.frameBegin = 0;
        this.tail = bytes;
        return 0;
      }
      // The ring is full: wait for the oldest frame that holds space, then take its space back.
      const oldest = this.spans.find((s) => s.fenceValue > 0);
      if (!oldest) throw new Error(`UploadRing: ${bytes} bytes do not fit in ${this.size}`);
      this.waits.push(String(oldest.fenceValue));
      ThrowIfFailed({
        hr: this.frame.fence.SetEventOnCompletion({ Value: oldest.fenceValue, hEvent: this.frame.fenceEvent }),
      });
      this.frame.sys.WaitForSingleObject({ hHandle: this.frame.fenceEvent, dwMilliseconds: INFINITE });
      this.reclaim();
    }
  }

  /** The frame's copies are submitted and `fenceValue` is signalled after them: its spans retire with that value. */
  FinishFrame(fenceValue: number) {
    for (const s of this.spans) if (s.fenceValue === 0) s.fenceValue = fenceValue;
    if (this.tail !== this.frameBegin) this.spans.push({ begin: this.frameBegin, end: this.tail, fenceValue });
    this.frameBegin = this.tail;
    this.wrapped = false;
    this.waits = [];
  }
}

const bufferDesc = (Width: number) => ({
  Dimension: D3D12_RESOURCE_DIMENSION_BUFFER,
  Width,
  Height: 1,
  DepthOrArraySize: 1,
  MipLevels: 1,
  Format: DXGI_FORMAT_UNKNOWN,
  SampleDesc: { Count: 1, Quality: 0 },
  Layout: D3D12_TEXTURE_LAYOUT_ROW_MAJOR,
});

export const texDesc = {
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

/** Write texture t's texels at the footprint's offset, row by row at its RowPitch. */
function writeTexels(dst: Uint8Array, t: number, offset: number, rowPitch: number) {
  const row = new Uint8Array(TexSize * 4);
  for (let x = 0; x < TexSize; x++) row.set(colourOf(t), x * 4);
  for (let y = 0; y < TexSize; y++) dst.set(row, offset + y * rowPitch);
}

export function main(sys: D3D12System, env: LessonEnv, out: Record<string, unknown>) {
  const bug = (id: string) => env.bugs.has(id);
  const frame = createFrame(sys, env); // lessons 2–4 (src/lessons/common/frame.ts)
  const { device, list, queue } = frame;
  const pso = CreateTexturedPipeline(sys, device, StaticSampler()); // lessons 14–16: one SRV table at t0
  const quad = CreateQuad(device, 1);
  const srvHeap = ThrowIfFailed(
    device.CreateDescriptorHeap({
      Type: D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
      NumDescriptors: TextureCount,
      Flags: D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE,
    }),
  );
  const srvSize = device.GetDescriptorHandleIncrementSize({
    DescriptorHeapType: D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
  });
  const cpuStart = srvHeap.GetCPUDescriptorHandleForHeapStart().ptr;
  const gpuStart = srvHeap.GetGPUDescriptorHandleForHeapStart().ptr;
  // One allocator per back buffer: frame n's allocator is reset only once the GPU has finished frame n − 2.
  const allocators: ID3D12CommandAllocator[] = [
    frame.allocator,
    ThrowIfFailed(device.CreateCommandAllocator({ type: D3D12_COMMAND_LIST_TYPE_DIRECT })),
  ];
  const allocatorFence = [0, 0];

  // 1. The ring: one UPLOAD heap, one placed buffer spanning it, mapped once and never unmapped (an UPLOAD
  //    resource may stay mapped; the CPU's writes only have to be done before the ExecuteCommandLists that reads them).
  //    BUG one-upload-buffer-per-texture: no ring; every texture gets a committed UPLOAD buffer of its own.
  let ring: UploadRing | null = null;
  if (!bug('one-upload-buffer-per-texture')) {
    const uploadHeap = ThrowIfFailed(
      device.CreateHeap({
        SizeInBytes: RingSize,
        Properties: { Type: D3D12_HEAP_TYPE_UPLOAD },
        Flags: D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS,
      }),
    );
    const ringBuffer = ThrowIfFailed(
      device.CreatePlacedResource({
        Heap: uploadHeap,
        HeapOffset: 0,
        Desc: bufferDesc(RingSize),
        InitialState: D3D12_RESOURCE_STATE_GENERIC_READ,
        OptimizedClearValue: null,
      }),
    );
    ringBuffer.SetName({ Name: 'upload ring' });
    const mapped = ThrowIfFailed(ringBuffer.Map({ Subresource: 0, ReadRange: { Begin: 0, End: 0 } }));
    ring = new UploadRing(frame, ringBuffer, mapped, RingSize);
  }
  const perTexture: ID3D12Resource[] = [];
  const textures: ID3D12Resource[] = [];
  const rows: RingRow[] = [];

  for (let f = 0; f < Arrivals.length; f++) {
    const k = frame.frameIndex;
    if (Number(frame.fence.GetCompletedValue()) < allocatorFence[k]) {
      ThrowIfFailed({ hr: frame.fence.SetEventOnCompletion({ Value: allocatorFence[k], hEvent: frame.fenceEvent }) });
      sys.WaitForSingleObject({ hHandle: frame.fenceEvent, dwMilliseconds: INFINITE });
    }
    ThrowIfFailed({ hr: allocators[k].Reset() });
    ThrowIfFailed({ hr: list.Reset({ Allocator: allocators[k], InitialState: null }) });

    // 2. This frame's textures: a DEFAULT texture each, its bytes at a footprint in upload memory, one copy each
    const row: RingRow = {
      frame: f + 1,
      textures: Arrivals[f],
      first: -1,
      last: 0,
      wrapped: false,
      waits: [],
      signalled: 0,
    };
    const arrived: ID3D12Resource[] = [];
    for (let n = 0; n < Arrivals[f]; n++) {
      const t = textures.length;
      const texture = ThrowIfFailed(
        device.CreateCommittedResource({
          HeapProperties: { Type: D3D12_HEAP_TYPE_DEFAULT },
          HeapFlags: D3D12_HEAP_FLAG_NONE,
          Desc: texDesc,
          InitialResourceState: D3D12_RESOURCE_STATE_COPY_DEST,
          OptimizedClearValue: null,
        }),
      );
      const { TotalBytes } = device.GetCopyableFootprints({
        ResourceDesc: texDesc,
        FirstSubresource: 0,
        NumSubresources: 1,
        BaseOffset: 0,
      });
      let src: ID3D12Resource;
      let offset = 0;
      if (ring) {
        // the footprint's offset must be a multiple of 512 (D3D12_TEXTURE_DATA_PLACEMENT_ALIGNMENT)
        offset = ring.Allocate(TotalBytes, D3D12_TEXTURE_DATA_PLACEMENT_ALIGNMENT);
        src = ring.buffer;
      } else {
        src = ThrowIfFailed(
          device.CreateCommittedResource({
            HeapProperties: { Type: D3D12_HEAP_TYPE_UPLOAD },
            HeapFlags: D3D12_HEAP_FLAG_NONE,
            Desc: bufferDesc(TotalBytes),
            InitialResourceState: D3D12_RESOURCE_STATE_GENERIC_READ,
            OptimizedClearValue: null,
          }),
        );
        perTexture.push(src);
      }
      const { Layouts } = device.GetCopyableFootprints({
        ResourceDesc: texDesc,
        FirstSubresource: 0,
        NumSubresources: 1,
        BaseOffset: offset,
      });
      const fp = Layouts[0];
      const dst = ring ? ring.mapped : ThrowIfFailed(src.Map({ Subresource: 0, ReadRange: { Begin: 0, End: 0 } }));
      writeTexels(dst, t, fp.Offset, fp.Footprint.RowPitch);
      list.CopyTextureRegion({
        Dst: { Resource: texture, Type: D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX, SubresourceIndex: 0 },
        DstX: 0,
        DstY: 0,
        DstZ: 0,
        Src: { Resource: src, Type: D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT, PlacedFootprint: fp },
        SrcBox: null,
      });
      device.CreateShaderResourceView({
        Resource: texture,
        Desc: srvDesc,
        DestDescriptor: { ptr: cpuStart + t * srvSize },
      });
      if (ring && row.first < 0) row.first = offset;
      if (ring) row.last = offset + TotalBytes;
      textures.push(texture);
      arrived.push(texture);
    }
    if (ring) Object.assign(row, { wrapped: ring.wrapped, waits: ring.waits });
    list.ResourceBarrier({
      NumBarriers: arrived.length,
      Barriers: arrived.map((r) =>
        Transition(r, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE),
      ),
    });

    // 3. Draw every texture so far, one 6 × 6 cell each (the viewport picks the cell, the table picks the texture)
    drawGrid(frame, list, pso, quad, srvHeap, gpuStart, srvSize, textures.length);

    // 4. Submit, present, and signal: this value retires the frame's allocator and its ring span together
    ThrowIfFailed({ hr: list.Close() });
    queue.ExecuteCommandLists({ NumCommandLists: 1, CommandLists: [list] });
    ThrowIfFailed({ hr: frame.swapChain.Present({ SyncInterval: 1, Flags: 0 }) });
    frame.fenceValue++;
    ThrowIfFailed({ hr: queue.Signal({ Fence: frame.fence, Value: frame.fenceValue }) });
    allocatorFence[k] = frame.fenceValue;
    ring?.FinishFrame(frame.fenceValue);
    row.signalled = frame.fenceValue;
    rows.push(row);
    frame.frameIndex = frame.swapChain.GetCurrentBackBufferIndex();
  }
  waitForGpu(frame);
  for (const b of perTexture) b.Release(); // the bug's buffers, kept until every copy has run

  out.rows = rows;
  out.textures = textures.map((r) => r.id);
  out.vertexBuffer = quad.vertexBuffer.id;
}

function drawGrid(
  frame: Frame,
  list: Frame['list'],
  pso: ReturnType<typeof CreateTexturedPipeline>,
  quad: ReturnType<typeof CreateQuad>,
  heap: Parameters<Frame['list']['SetDescriptorHeaps']>[0]['DescriptorHeaps'][0],
  gpuStart: number,
  srvSize: number,
  count: number,
) {
  const backBuffer = frame.renderTargets[frame.frameIndex];
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
  list.ClearRenderTargetView({ RenderTargetView: rtv, ColorRGBA: [0.05, 0.05, 0.1, 1.0], NumRects: 0, Rects: null });
  list.SetPipelineState({ PipelineState: pso.pipelineState });
  list.SetGraphicsRootSignature({ RootSignature: pso.rootSignature });
  list.SetDescriptorHeaps({ NumDescriptorHeaps: 1, DescriptorHeaps: [heap] });
  list.RSSetScissorRects({ NumRects: 1, Rects: [{ left: 0, top: 0, right: frame.width, bottom: frame.height }] });
  list.IASetPrimitiveTopology({ PrimitiveTopology: D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST });
  list.IASetVertexBuffers({ StartSlot: 0, NumViews: 1, Views: [quad.view] });
  for (let t = 0; t < count; t++) {
    const [x, y] = cellOf(t);
    list.RSSetViewports({
      NumViewports: 1,
      Viewports: [{ TopLeftX: x, TopLeftY: y, Width: Cell, Height: Cell, MinDepth: 0, MaxDepth: 1 }],
    });
    list.SetGraphicsRootDescriptorTable({ RootParameterIndex: 0, BaseDescriptor: { ptr: gpuStart + t * srvSize } });
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
}

/** Top-left pixel of texture t's cell. */
export const cellOf = (t: number): [number, number] => [
  GridOrigin + Cell * (t % 10),
  GridOrigin + Cell * Math.floor(t / 10),
];
