// The small D3D12 world the rule tests (rules*.test.ts) run in: a system, a device on the chosen adapter, one
// direct queue, allocator, list and fence, and helpers to make resources, barriers and copies.
import * as D from './index';

export const T = D.D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
export const ALL = D.D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;

export function world(
  opts: { debug?: boolean; gbv?: boolean; adapter?: number; gpuMsPerList?: number; adapters?: D.AdapterFacts[] } = {},
) {
  const sys = new D.D3D12System({
    settings: { gpuMsPerList: opts.gpuMsPerList ?? 1 },
    ...(opts.adapters ? { adapters: opts.adapters } : {}),
  });
  sys.debugLayerEnabled = opts.debug ?? true;
  sys.gpuBasedValidation = opts.gbv ?? false;
  const factory = sys.CreateDXGIFactory2({}).out;
  const adapter = opts.adapter === undefined ? null : factory.EnumAdapters1({ Adapter: opts.adapter }).out!;
  const dev = sys.D3D12CreateDevice({ Adapter: adapter, MinimumFeatureLevel: D.D3D_FEATURE_LEVEL_11_0 }).out!;
  const queue = dev.CreateCommandQueue({ Type: D.D3D12_COMMAND_LIST_TYPE_DIRECT }).out!;
  const alloc = dev.CreateCommandAllocator({ type: D.D3D12_COMMAND_LIST_TYPE_DIRECT }).out!;
  const list = dev.CreateCommandList({ type: D.D3D12_COMMAND_LIST_TYPE_DIRECT, CommandAllocator: alloc }).out!;
  const fence = dev.CreateFence({ InitialValue: 0 }).out!;
  const ids = () => sys.messages.map((m) => m.id);
  const tex = (
    state: number,
    extra: Partial<D.D3D12_RESOURCE_DESC> = {},
    OptimizedClearValue: { Format: number; Color: number[] } | null = null,
  ) =>
    dev.CreateCommittedResource({
      HeapProperties: { Type: D.D3D12_HEAP_TYPE_DEFAULT },
      Desc: {
        Dimension: D.D3D12_RESOURCE_DIMENSION_TEXTURE2D,
        Width: 64,
        Height: 64,
        DepthOrArraySize: 1,
        MipLevels: 1,
        Format: D.DXGI_FORMAT_R8G8B8A8_UNORM,
        SampleDesc: { Count: 1, Quality: 0 },
        ...extra,
      },
      InitialResourceState: state,
      OptimizedClearValue,
    });
  const buffer = (heap: number, state: number, width = 65536) =>
    dev.CreateCommittedResource({
      HeapProperties: { Type: heap },
      Desc: {
        Dimension: D.D3D12_RESOURCE_DIMENSION_BUFFER,
        Width: width,
        Height: 1,
        DepthOrArraySize: 1,
        MipLevels: 1,
        SampleDesc: { Count: 1, Quality: 0 },
        Layout: D.D3D12_TEXTURE_LAYOUT_ROW_MAJOR,
      },
      InitialResourceState: state,
    });
  const upload = () => buffer(D.D3D12_HEAP_TYPE_UPLOAD, D.D3D12_RESOURCE_STATE_GENERIC_READ).out!;
  const barrier = (r: D.ID3D12Resource, before: number, after: number, sub = ALL) =>
    list.ResourceBarrier({
      NumBarriers: 1,
      Barriers: [{ Type: T, Transition: { Resource: r, Subresource: sub, StateBefore: before, StateAfter: after } }],
    });
  const copyInto = (t: D.ID3D12Resource, src: D.ID3D12Resource, rowPitch = 256, offset = 0) =>
    list.CopyTextureRegion({
      Dst: { Resource: t, Type: D.D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX, SubresourceIndex: 0 },
      Src: {
        Resource: src,
        Type: D.D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT,
        PlacedFootprint: {
          Offset: offset,
          Footprint: { Format: D.DXGI_FORMAT_R8G8B8A8_UNORM, Width: 64, Height: 64, Depth: 1, RowPitch: rowPitch },
        },
      },
    });
  const submit = () => {
    list.Close();
    queue.ExecuteCommandLists({ CommandLists: [list] });
  };
  return { sys, dev, queue, alloc, list, fence, ids, tex, buffer, upload, barrier, copyInto, submit };
}
