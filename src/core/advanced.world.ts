// The D3D12 world the advanced-track tests (advanced-*.test.ts) run in: a system with the debug layer, a device on
// the chosen adapter, one direct queue, allocator and list, and buffer/texture/CUSTOM-heap descriptions. Separate so
// the two test files (memory; in-flight work and the trace) share it.
import * as D from './index';

export function world(opts: { debug?: boolean; adapter?: number; keepGpuReads?: boolean } = {}) {
  const sys = new D.D3D12System({ settings: { keepGpuReads: opts.keepGpuReads ?? false } });
  sys.debugLayerEnabled = opts.debug ?? true;
  const factory = sys.CreateDXGIFactory2({}).out;
  const adapter = factory.EnumAdapters1({ Adapter: opts.adapter ?? 0 }).out!;
  const dev = sys.D3D12CreateDevice({ Adapter: adapter, MinimumFeatureLevel: D.D3D_FEATURE_LEVEL_11_0 }).out!;
  const queue = dev.CreateCommandQueue({ Type: D.D3D12_COMMAND_LIST_TYPE_DIRECT }).out!;
  const alloc = dev.CreateCommandAllocator({ type: D.D3D12_COMMAND_LIST_TYPE_DIRECT }).out!;
  const list = dev.CreateCommandList({ type: D.D3D12_COMMAND_LIST_TYPE_DIRECT, CommandAllocator: alloc }).out!;
  const ids = () => sys.messages.map((m) => m.id);
  const bufDesc = (w: number) => ({
    Dimension: D.D3D12_RESOURCE_DIMENSION_BUFFER,
    Width: w,
    Height: 1,
    DepthOrArraySize: 1,
    MipLevels: 1,
    SampleDesc: { Count: 1, Quality: 0 },
    Layout: D.D3D12_TEXTURE_LAYOUT_ROW_MAJOR,
  });
  const texDesc = {
    Dimension: D.D3D12_RESOURCE_DIMENSION_TEXTURE2D,
    Width: 16,
    Height: 8,
    DepthOrArraySize: 1,
    MipLevels: 2,
    Format: D.DXGI_FORMAT_R8G8B8A8_UNORM,
    SampleDesc: { Count: 1, Quality: 0 },
  };
  const custom = {
    Type: D.D3D12_HEAP_TYPE_CUSTOM,
    CPUPageProperty: D.D3D12_CPU_PAGE_PROPERTY_WRITE_BACK,
    MemoryPoolPreference: D.D3D12_MEMORY_POOL_L0,
  };
  const mem = (group = 0) => adapter.QueryVideoMemoryInfo({ MemorySegmentGroup: group }).out!;
  return { sys, dev, queue, alloc, list, ids, bufDesc, texDesc, custom, mem, adapter };
}
