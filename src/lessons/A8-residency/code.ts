// Lesson A8 — Memory budget and residency: the OS gives each process a budget of video memory, and
// IDXGIAdapter3::QueryVideoMemoryInfo says what it is and how much of it the process uses now. A world streamed in
// regions needs more than that budget in all; the texture cache keeps itself inside it by evicting regions the
// camera left (ID3D12Device::Evict, once the fence says the GPU is done with them) and by MakeResident when the
// camera comes back. The camera walks over ten regions, back and out again; each frame draws the three it sees.
import {
  DXGI_MEMORY_SEGMENT_GROUP_LOCAL,
  DXGI_MEMORY_SEGMENT_GROUP_NON_LOCAL,
  type D3D12System,
  type ID3D12CommandAllocator,
  type ID3D12Heap,
  type ID3D12Resource,
  type IDXGIAdapter1,
  D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST,
  D3D12_COMMAND_LIST_TYPE_DIRECT,
  D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE,
  D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
  D3D12_HEAP_FLAG_ALLOW_ONLY_NON_RT_DS_TEXTURES,
  D3D12_HEAP_TYPE_DEFAULT,
  D3D12_RESOURCE_STATE_COPY_DEST,
  D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE,
  D3D12_RESOURCE_STATE_PRESENT,
  D3D12_RESOURCE_STATE_RENDER_TARGET,
  DXGI_GPU_PREFERENCE_HIGH_PERFORMANCE,
  INFINITE,
} from '../../core';
import { ThrowIfFailed } from '../runner';
import type { LessonEnv } from '../types';
import { Transition, createFrame, currentRtv, waitForGpu, type Frame } from '../common/frame';
import { CreateQuad, CreateTexturedPipeline, StaticSampler, srvDesc } from '../14-texture-states/code';
import { UploadPlacedTexture } from './upload';

const MiB = 1024 * 1024;
export const Regions = 10;
/** Each region's textures live in one heap of 768 MiB: ten of them (7.5 GiB) do not fit a 7.2 GiB budget. */
export const RegionHeapBytes = 768 * MiB;
export const Visible = 3;
/** The camera's first visible region, frame by frame: to the end of the world, back, and out again. */
export const PATH = [0, 1, 2, 3, 4, 5, 6, 7, 6, 5, 4, 3, 2, 1, 0, 1, 2, 3, 4, 5, 6, 7];
/** One colour per region, around the colour wheel, so neighbouring columns are told apart at a glance. */
const PALETTE = [
  [230, 80, 80],
  [240, 160, 50],
  [230, 220, 60],
  [120, 200, 70],
  [60, 190, 150],
  [60, 170, 230],
  [80, 100, 220],
  [150, 90, 220],
  [210, 80, 200],
  [200, 200, 200],
];
export const regionColour = (r: number) => [...PALETTE[r % PALETTE.length], 255];

export interface AdapterMemoryRow {
  adapter: string;
  group: 'LOCAL' | 'NON_LOCAL';
  Budget: number;
  CurrentUsage: number;
}
export interface ResidencyRow {
  frame: number;
  visible: number[];
  budget: number | null; // what QueryVideoMemoryInfo said before the frame's loads (null: never asked)
  usage: number | null;
  created: number[];
  madeResident: number[];
  evicted: number[];
}

interface Region {
  heap: ID3D12Heap;
  texture: ID3D12Resource;
  slot: number;
  resident: boolean;
  lastUsedFence: number;
}

export function main(sys: D3D12System, env: LessonEnv, out: Record<string, unknown>) {
  const bug = (id: string) => env.bugs.has(id);

  // 1. What every adapter offers: QueryVideoMemoryInfo for each segment group (IDXGIAdapter3)
  const factory = ThrowIfFailed(sys.CreateDXGIFactory2({ Flags: 0 }));
  const memory: AdapterMemoryRow[] = [];
  let adapter: IDXGIAdapter1 | null = null;
  for (let i = 0; ; i++) {
    const r = factory.EnumAdapterByGpuPreference({ Adapter: i, GpuPreference: DXGI_GPU_PREFERENCE_HIGH_PERFORMANCE });
    if (r.hr === 'DXGI_ERROR_NOT_FOUND') break;
    const a = ThrowIfFailed(r);
    if (i === 0) adapter = a; // the device of lessons 2–4 is created on this one
    const name = String(a.GetDesc1().out?.Description ?? `adapter ${i}`);
    for (const group of [DXGI_MEMORY_SEGMENT_GROUP_LOCAL, DXGI_MEMORY_SEGMENT_GROUP_NON_LOCAL]) {
      const info = ThrowIfFailed(a.QueryVideoMemoryInfo({ NodeIndex: 0, MemorySegmentGroup: group }));
      memory.push({ adapter: name, group: group === 0 ? 'LOCAL' : 'NON_LOCAL', ...info });
    }
  }
  out.memory = memory;
  if (!adapter) throw new Error('no adapter');
  const gpu = adapter;

  const frame = createFrame(sys, env); // lessons 2–4: the device on the high-performance adapter
  const { device, list, queue, fence } = frame;
  const pso = CreateTexturedPipeline(sys, device, StaticSampler());
  const quad = CreateQuad(device, 1);
  const srvHeap = ThrowIfFailed(
    device.CreateDescriptorHeap({
      Type: D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
      NumDescriptors: Regions,
      Flags: D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE,
    }),
  );
  const inc = device.GetDescriptorHandleIncrementSize({ DescriptorHeapType: D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV });
  const cpuStart = srvHeap.GetCPUDescriptorHandleForHeapStart().ptr;
  const gpuStart = srvHeap.GetGPUDescriptorHandleForHeapStart().ptr;
  const allocators: ID3D12CommandAllocator[] = [
    frame.allocator,
    ThrowIfFailed(device.CreateCommandAllocator({ type: D3D12_COMMAND_LIST_TYPE_DIRECT })),
  ];
  const allocatorFence = [0, 0];
  const regions = new Map<number, Region>();
  const uploads: { buffer: ID3D12Resource; fenceValue: number }[] = [];
  const rows: ResidencyRow[] = [];

  const waitFor = (value: number) => {
    if (Number(fence.GetCompletedValue()) >= value) return;
    ThrowIfFailed({ hr: fence.SetEventOnCompletion({ Value: value, hEvent: frame.fenceEvent }) });
    sys.WaitForSingleObject({ hHandle: frame.fenceEvent, dwMilliseconds: INFINITE });
  };

  for (let f = 0; f < PATH.length; f++) {
    const visible = Array.from({ length: Visible }, (_, k) => PATH[f] + k);
    const row: ResidencyRow = {
      frame: f + 1,
      visible,
      budget: null,
      usage: null,
      created: [],
      madeResident: [],
      evicted: [],
    };
    const k = frame.frameIndex;
    waitFor(allocatorFence[k]);
    ThrowIfFailed({ hr: allocators[k].Reset() });
    ThrowIfFailed({ hr: list.Reset({ Allocator: allocators[k], InitialState: null }) });

    // 2. Before loading: will the regions this frame needs fit in the budget?
    //    BUG ignore-budget: no QueryVideoMemoryInfo and no Evict; every region stays resident.
    const missing = visible.filter((r) => !regions.get(r)?.resident);
    if (!bug('ignore-budget') && missing.length) {
      const need = missing.length * RegionHeapBytes;
      let info = ThrowIfFailed(
        gpu.QueryVideoMemoryInfo({ NodeIndex: 0, MemorySegmentGroup: DXGI_MEMORY_SEGMENT_GROUP_LOCAL }),
      );
      row.budget = info.Budget;
      row.usage = info.CurrentUsage;
      // 3. Over budget: evict the least recently used region the camera does not see, once the GPU is done with it
      while (info.CurrentUsage + need > info.Budget) {
        const victim = [...regions.entries()]
          .filter(([r, g]) => g.resident && !visible.includes(r))
          .sort((a, b) => a[1].lastUsedFence - b[1].lastUsedFence)[0];
        if (!victim) break; // nothing left to evict: the frame's own regions are more than the budget
        waitFor(victim[1].lastUsedFence); // evicting memory the GPU still reads is OBJECT_EVICTED_WHILE_STILL_IN_USE
        ThrowIfFailed({ hr: device.Evict({ NumObjects: 1, Objects: [victim[1].heap] }) });
        victim[1].resident = false;
        row.evicted.push(victim[0]);
        info = ThrowIfFailed(
          gpu.QueryVideoMemoryInfo({ NodeIndex: 0, MemorySegmentGroup: DXGI_MEMORY_SEGMENT_GROUP_LOCAL }),
        );
      }
    }

    // 4. Load what is missing: a region seen again is made resident (its heap kept its contents); a new region
    //    gets its heap, a texture placed at offset 0 and an upload
    for (const r of missing) {
      const known = regions.get(r);
      if (known) {
        ThrowIfFailed({ hr: device.MakeResident({ NumObjects: 1, Objects: [known.heap] }) });
        known.resident = true;
        row.madeResident.push(r);
        continue;
      }
      const heap = ThrowIfFailed(
        device.CreateHeap({
          SizeInBytes: RegionHeapBytes,
          Properties: { Type: D3D12_HEAP_TYPE_DEFAULT },
          Flags: D3D12_HEAP_FLAG_ALLOW_ONLY_NON_RT_DS_TEXTURES,
        }),
      );
      heap.SetName({ Name: `region ${r}` });
      const { texture, upload } = UploadPlacedTexture(device, list, heap, regionColour(r), `region ${r} texture`);
      list.ResourceBarrier({
        NumBarriers: 1,
        Barriers: [Transition(texture, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE)],
      });
      device.CreateShaderResourceView({
        Resource: texture,
        Desc: srvDesc,
        DestDescriptor: { ptr: cpuStart + r * inc },
      });
      regions.set(r, { heap, texture, slot: r, resident: true, lastUsedFence: 0 });
      uploads.push({ buffer: upload, fenceValue: frame.fenceValue + 1 });
      row.created.push(r);
    }

    // 5. Draw the visible regions side by side; each is used by this frame's fence value
    drawRegions(
      frame,
      pso,
      quad,
      srvHeap,
      visible.map((r) => ({ ptr: gpuStart + r * inc })),
    );
    ThrowIfFailed({ hr: list.Close() });
    queue.ExecuteCommandLists({ NumCommandLists: 1, CommandLists: [list] });
    ThrowIfFailed({ hr: frame.swapChain.Present({ SyncInterval: 1, Flags: 0 }) });
    frame.fenceValue++;
    ThrowIfFailed({ hr: queue.Signal({ Fence: fence, Value: frame.fenceValue }) });
    allocatorFence[k] = frame.fenceValue;
    for (const r of visible) regions.get(r)!.lastUsedFence = frame.fenceValue;
    // upload buffers whose copies have completed can go
    const done = Number(fence.GetCompletedValue());
    for (let u = uploads.length - 1; u >= 0; u--)
      if (uploads[u].fenceValue <= done) uploads.splice(u, 1)[0].buffer.Release();
    rows.push(row);
    frame.frameIndex = frame.swapChain.GetCurrentBackBufferIndex();
  }
  waitForGpu(frame);
  for (const u of uploads) u.buffer.Release();
  const end = ThrowIfFailed(
    gpu.QueryVideoMemoryInfo({ NodeIndex: 0, MemorySegmentGroup: DXGI_MEMORY_SEGMENT_GROUP_LOCAL }),
  );

  out.rows = rows;
  out.budget = end.Budget;
  out.finalUsage = end.CurrentUsage;
  out.lastVisible = rows.length ? rows[rows.length - 1].visible : [];
}

/** Clear, draw one quad per visible region (columns left to right, the table picks the region's SRV), transition. */
function drawRegions(
  frame: Frame,
  pso: ReturnType<typeof CreateTexturedPipeline>,
  quad: ReturnType<typeof CreateQuad>,
  heap: Parameters<Frame['list']['SetDescriptorHeaps']>[0]['DescriptorHeaps'][0],
  tables: { ptr: number }[],
) {
  const { list } = frame;
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
  list.ClearRenderTargetView({ RenderTargetView: rtv, ColorRGBA: [0, 0, 0, 1], NumRects: 0, Rects: null });
  list.SetPipelineState({ PipelineState: pso.pipelineState });
  list.SetGraphicsRootSignature({ RootSignature: pso.rootSignature });
  list.SetDescriptorHeaps({ NumDescriptorHeaps: 1, DescriptorHeaps: [heap] });
  list.RSSetScissorRects({ NumRects: 1, Rects: [{ left: 0, top: 0, right: frame.width, bottom: frame.height }] });
  list.IASetPrimitiveTopology({ PrimitiveTopology: D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST });
  list.IASetVertexBuffers({ StartSlot: 0, NumViews: 1, Views: [quad.view] });
  tables.forEach((table, c) => {
    const [x, w] = columnOf(c, frame.width);
    list.RSSetViewports({
      NumViewports: 1,
      Viewports: [{ TopLeftX: x, TopLeftY: 0, Width: w, Height: frame.height, MinDepth: 0, MaxDepth: 1 }],
    });
    list.SetGraphicsRootDescriptorTable({ RootParameterIndex: 0, BaseDescriptor: table });
    list.DrawInstanced({
      VertexCountPerInstance: 6,
      InstanceCount: 1,
      StartVertexLocation: 0,
      StartInstanceLocation: 0,
    });
  });
  list.ResourceBarrier({
    NumBarriers: 1,
    Barriers: [Transition(backBuffer, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PRESENT)],
  });
}

/** Column c of the canvas: its left edge and width (three columns). */
export const columnOf = (c: number, width: number): [number, number] => {
  const x = Math.floor((c * width) / Visible);
  return [x, Math.floor(((c + 1) * width) / Visible) - x];
};
