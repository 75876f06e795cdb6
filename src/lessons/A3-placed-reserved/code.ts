// Lesson A3 — Committed, placed and reserved resources. The same memory question three ways: who owns the heap?
// A committed resource gets an implicit heap of its own; a placed resource sits at an offset the program chooses in
// a heap the program created (the offset must be a multiple of the alignment GetResourceAllocationInfo reports);
// a reserved resource is address space only, and memory arrives tile by tile through UpdateTileMappings.
// The lab's machine has two GPUs: an older integrated one on Resource Heap Tier 1 (a heap holds one category of
// resource) and a discrete one on Tier 2 (one heap holds buffers and textures together).
import {
  DXGI_MEMORY_SEGMENT_GROUP_LOCAL,
  type D3D12System,
  type ID3D12Debug,
  type ID3D12Device,
  type ID3D12Heap,
  type IDXGIAdapter1,
  D3D_FEATURE_LEVEL_11_0,
  D3D12_COMMAND_LIST_TYPE_DIRECT,
  D3D12_DEFAULT_MSAA_RESOURCE_PLACEMENT_ALIGNMENT,
  D3D12_FEATURE_D3D12_OPTIONS,
  D3D12_HEAP_FLAG_ALLOW_ALL_BUFFERS_AND_TEXTURES,
  D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS,
  D3D12_HEAP_FLAG_ALLOW_ONLY_NON_RT_DS_TEXTURES,
  D3D12_HEAP_FLAG_ALLOW_ONLY_RT_DS_TEXTURES,
  D3D12_HEAP_FLAG_NONE,
  D3D12_HEAP_TYPE_DEFAULT,
  D3D12_RESOURCE_DIMENSION_BUFFER,
  D3D12_RESOURCE_DIMENSION_TEXTURE2D,
  D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET,
  D3D12_RESOURCE_FLAG_NONE,
  D3D12_RESOURCE_HEAP_TIER_1,
  D3D12_RESOURCE_STATE_COMMON,
  D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE,
  D3D12_RESOURCE_STATE_RENDER_TARGET,
  D3D12_TEXTURE_LAYOUT_64KB_UNDEFINED_SWIZZLE,
  D3D12_TEXTURE_LAYOUT_ROW_MAJOR,
  D3D12_TEXTURE_LAYOUT_UNKNOWN,
  D3D12_TILE_RANGE_FLAG_NONE,
  DXGI_FORMAT_R8G8B8A8_UNORM,
  DXGI_FORMAT_UNKNOWN,
  DXGI_GPU_PREFERENCE_HIGH_PERFORMANCE,
  DXGI_GPU_PREFERENCE_MINIMUM_POWER,
} from '../../core';
import { ThrowIfFailed } from '../runner';
import type { LessonEnv } from '../types';

const AlignUp = (v: number, a: number) => Math.ceil(v / a) * a;

/** The resources of one scene: a vertex buffer of 100 000 bytes, a 256 × 256 texture, a 4× MSAA render target. */
export const SceneDescs = [
  {
    name: 'vertices',
    desc: {
      Dimension: D3D12_RESOURCE_DIMENSION_BUFFER,
      Alignment: 0,
      Width: 100_000,
      Height: 1,
      DepthOrArraySize: 1,
      MipLevels: 1,
      Format: DXGI_FORMAT_UNKNOWN,
      SampleDesc: { Count: 1, Quality: 0 },
      Layout: D3D12_TEXTURE_LAYOUT_ROW_MAJOR,
      Flags: D3D12_RESOURCE_FLAG_NONE,
    },
    state: D3D12_RESOURCE_STATE_COMMON,
  },
  {
    name: 'albedo',
    desc: {
      Dimension: D3D12_RESOURCE_DIMENSION_TEXTURE2D,
      Alignment: 0,
      Width: 256,
      Height: 256,
      DepthOrArraySize: 1,
      MipLevels: 1,
      Format: DXGI_FORMAT_R8G8B8A8_UNORM,
      SampleDesc: { Count: 1, Quality: 0 },
      Layout: D3D12_TEXTURE_LAYOUT_UNKNOWN,
      Flags: D3D12_RESOURCE_FLAG_NONE,
    },
    state: D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE,
  },
  {
    name: 'msaa target',
    desc: {
      Dimension: D3D12_RESOURCE_DIMENSION_TEXTURE2D,
      Alignment: 0,
      Width: 256,
      Height: 256,
      DepthOrArraySize: 1,
      MipLevels: 1,
      Format: DXGI_FORMAT_R8G8B8A8_UNORM,
      SampleDesc: { Count: 4, Quality: 0 },
      Layout: D3D12_TEXTURE_LAYOUT_UNKNOWN,
      Flags: D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET,
    },
    state: D3D12_RESOURCE_STATE_RENDER_TARGET,
  },
];

export interface Placement {
  device: string;
  tier: number;
  heap: number;
  resource: string;
  offset: number;
  size: number;
  alignment: number;
  hr: string;
}

/** On Tier 1 a heap takes one category: buffers, RT/DS textures, or other textures (two of the three DENY flags). */
function categoryFlags(i: number) {
  const d = SceneDescs[i].desc;
  if (d.Dimension === D3D12_RESOURCE_DIMENSION_BUFFER) return D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS;
  return d.Flags & D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET
    ? D3D12_HEAP_FLAG_ALLOW_ONLY_RT_DS_TEXTURES
    : D3D12_HEAP_FLAG_ALLOW_ONLY_NON_RT_DS_TEXTURES;
}

/**
 * Place the scene's resources on `device`: on Tier 2 in one heap, back to back, each at the next multiple of its
 * alignment; on Tier 1 one heap per category. Adds to `placed` what went where (before ThrowIfFailed can stop).
 */
function PlaceScene(
  device: ID3D12Device,
  label: string,
  tier: number,
  bug: (id: string) => boolean,
  placed: Placement[],
): void {
  const infos = SceneDescs.map((s) => device.GetResourceAllocationInfo({ ResourceDescs: [s.desc] }));
  // one group of resources per heap: everything together on Tier 2, one category per heap on Tier 1
  const groups: number[][] =
    tier === D3D12_RESOURCE_HEAP_TIER_1 ? SceneDescs.map((_, i) => [i]) : [SceneDescs.map((_, i) => i)];
  for (const group of groups) {
    const offsets: number[] = [];
    let offset = 0;
    group.forEach((i, k) => {
      const prev = group[k - 1];
      if (k > 0)
        offset = bug('unaligned-placement')
          ? // BUG unaligned-placement: the previous offset plus the previous resource's raw size (the buffer's Width)
            offset + rawSize(prev, infos)
          : AlignUp(offset + infos[prev].SizeInBytes, infos[i].Alignment);
      offsets.push(offset);
    });
    const end = offset + infos[group[group.length - 1]].SizeInBytes;
    const heapAlignment = Math.max(...group.map((i) => infos[i].Alignment));
    const heap: ID3D12Heap = ThrowIfFailed(
      device.CreateHeap({
        SizeInBytes: AlignUp(end, heapAlignment),
        Properties: { Type: D3D12_HEAP_TYPE_DEFAULT },
        // a heap that will hold an MSAA resource is created with 4 MiB alignment
        Alignment: heapAlignment >= D3D12_DEFAULT_MSAA_RESOURCE_PLACEMENT_ALIGNMENT ? heapAlignment : 0,
        Flags:
          tier === D3D12_RESOURCE_HEAP_TIER_1
            ? categoryFlags(group[0])
            : D3D12_HEAP_FLAG_ALLOW_ALL_BUFFERS_AND_TEXTURES,
      }),
    );
    heap.SetName({ Name: `${label} heap${group.length === 1 ? ` (${SceneDescs[group[0]].name})` : ''}` });
    group.forEach((i, k) => {
      const r = device.CreatePlacedResource({
        Heap: heap,
        HeapOffset: offsets[k],
        Desc: SceneDescs[i].desc,
        InitialState: SceneDescs[i].state,
        OptimizedClearValue: null,
      });
      placed.push({
        device: label,
        tier,
        heap: heap.id,
        resource: SceneDescs[i].name,
        offset: offsets[k],
        size: infos[i].SizeInBytes,
        alignment: infos[i].Alignment,
        hr: r.hr,
      });
      ThrowIfFailed(r).SetName({ Name: `${SceneDescs[i].name} (placed, ${label})` });
    });
  }
}

/** What the buggy walk adds: a buffer's Width in bytes as written in its desc, a texture's allocation size. */
function rawSize(i: number, infos: { SizeInBytes: number }[]): number {
  const d = SceneDescs[i].desc;
  return d.Dimension === D3D12_RESOURCE_DIMENSION_BUFFER ? d.Width : infos[i].SizeInBytes;
}

export function main(sys: D3D12System, env: LessonEnv, out: Record<string, unknown>) {
  const bug = (id: string) => env.bugs.has(id);
  if (env.debugLayer)
    (ThrowIfFailed(sys.D3D12GetDebugInterface({ riid: 'ID3D12Debug' })) as ID3D12Debug).EnableDebugLayer();
  const factory = ThrowIfFailed(sys.CreateDXGIFactory2({ Flags: 0 }));

  // 1. Both GPUs: what each one's resource heap tier and tiled-resources tier are
  const gpus: { label: string; adapter: IDXGIAdapter1; device: ID3D12Device; heapTier: number; tiledTier: number }[] =
    [];
  for (const [label, GpuPreference] of [
    ['integrated', DXGI_GPU_PREFERENCE_MINIMUM_POWER],
    ['discrete', DXGI_GPU_PREFERENCE_HIGH_PERFORMANCE],
  ] as const) {
    const adapter = ThrowIfFailed(factory.EnumAdapterByGpuPreference({ Adapter: 0, GpuPreference })) as IDXGIAdapter1;
    const device = ThrowIfFailed(
      sys.D3D12CreateDevice({ Adapter: adapter, MinimumFeatureLevel: D3D_FEATURE_LEVEL_11_0 }),
    );
    const options = ThrowIfFailed(device.CheckFeatureSupport({ Feature: D3D12_FEATURE_D3D12_OPTIONS }));
    gpus.push({
      label,
      adapter,
      device,
      heapTier: Number(options.ResourceHeapTier),
      tiledTier: Number(options.TiledResourcesTier),
    });
  }
  out.gpus = gpus.map((g) => ({
    label: g.label,
    name: g.adapter.GetDesc1().out.Description,
    heapTier: g.heapTier,
    tiledTier: g.tiledTier,
  }));

  // 2. Size and alignment come from the device, never from arithmetic on Width × Height
  const discrete = gpus[1];
  out.allocationInfo = SceneDescs.map((s) => ({
    name: s.name,
    ...discrete.device.GetResourceAllocationInfo({ ResourceDescs: [s.desc] }),
  }));

  // 3. Placed resources: the same scene on each GPU, laid out for its heap tier
  const placements: Placement[] = [];
  out.placements = placements;
  for (const g of gpus) PlaceScene(g.device, g.label, g.heapTier, bug, placements);

  // 4. Side by side on the discrete GPU: the albedo texture committed, placed, and reserved. Each one's cost is read
  //    from the adapter's video-memory usage before and after (QueryVideoMemoryInfo, LOCAL segment group).
  const { device, adapter } = discrete;
  const usage = () =>
    ThrowIfFailed(adapter.QueryVideoMemoryInfo({ NodeIndex: 0, MemorySegmentGroup: DXGI_MEMORY_SEGMENT_GROUP_LOCAL }))
      .CurrentUsage;
  const albedo = SceneDescs[1];
  const costs: { kind: string; bytes: number; where: string }[] = [];
  out.costs = costs;

  let before = usage();
  const committed = ThrowIfFailed(
    device.CreateCommittedResource({
      HeapProperties: { Type: D3D12_HEAP_TYPE_DEFAULT },
      HeapFlags: D3D12_HEAP_FLAG_NONE,
      Desc: albedo.desc,
      InitialResourceState: albedo.state,
      OptimizedClearValue: null,
    }),
  );
  committed.SetName({ Name: 'albedo (committed)' });
  costs.push({ kind: 'committed', bytes: usage() - before, where: 'its own implicit heap' });

  // placed: the heap was paid for when it was created; one more resource in free space of it costs nothing new
  const texInfo = device.GetResourceAllocationInfo({ ResourceDescs: [albedo.desc] });
  before = usage();
  const sharedHeap = ThrowIfFailed(
    device.CreateHeap({
      SizeInBytes: texInfo.SizeInBytes * 2,
      Properties: { Type: D3D12_HEAP_TYPE_DEFAULT },
      Flags: D3D12_HEAP_FLAG_ALLOW_ONLY_NON_RT_DS_TEXTURES,
    }),
  );
  sharedHeap.SetName({ Name: 'texture pool (2 slots)' });
  const heapCost = usage() - before;
  before = usage();
  const placed = ThrowIfFailed(
    device.CreatePlacedResource({
      Heap: sharedHeap,
      HeapOffset: texInfo.SizeInBytes, // the pool's second slot: a multiple of 64 KiB
      Desc: albedo.desc,
      InitialState: albedo.state,
      OptimizedClearValue: null,
    }),
  );
  placed.SetName({ Name: 'albedo (placed)' });
  costs.push({
    kind: 'placed',
    bytes: usage() - before,
    where: `texture pool at ${texInfo.SizeInBytes} (the pool's ${heapCost} bytes were paid at CreateHeap)`,
  });

  // reserved: a virtual address range in a 64KB swizzle layout; memory only where tiles are mapped
  before = usage();
  const reserved = ThrowIfFailed(
    device.CreateReservedResource({
      Desc: { ...albedo.desc, Layout: D3D12_TEXTURE_LAYOUT_64KB_UNDEFINED_SWIZZLE },
      InitialState: albedo.state,
      OptimizedClearValue: null,
    }),
  );
  reserved.SetName({ Name: 'albedo (reserved)' });
  const reservedOnly = usage() - before;
  const tilePool = ThrowIfFailed(
    device.CreateHeap({
      SizeInBytes: 2 * 65536,
      Properties: { Type: D3D12_HEAP_TYPE_DEFAULT },
      Flags: D3D12_HEAP_FLAG_ALLOW_ONLY_NON_RT_DS_TEXTURES,
    }),
  );
  tilePool.SetName({ Name: 'tile pool (2 tiles)' });
  // the top row of the texture (tiles (0,0) and (1,0), 128 × 128 texels each) gets memory; the bottom row stays NULL
  const queue = ThrowIfFailed(device.CreateCommandQueue({ Type: D3D12_COMMAND_LIST_TYPE_DIRECT }));
  queue.UpdateTileMappings({
    Resource: reserved,
    NumResourceRegions: 1,
    ResourceRegionStartCoordinates: [{ X: 0, Y: 0, Z: 0, Subresource: 0 }],
    ResourceRegionSizes: [{ NumTiles: 2, UseBox: false, Width: 0, Height: 0, Depth: 0 }],
    Heap: tilePool,
    NumRanges: 1,
    RangeFlags: [D3D12_TILE_RANGE_FLAG_NONE],
    HeapRangeStartOffsets: [0],
    RangeTileCounts: [2],
    Flags: 0,
  });
  costs.push({
    kind: 'reserved',
    bytes: usage() - before,
    where: `CreateReservedResource: ${reservedOnly} bytes; 2 of 4 tiles mapped into the tile pool`,
  });
  out.reserved = reserved.id;
  out.tilePool = tilePool.id;
}
