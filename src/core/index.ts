// Public API of the D3D12 model (see SPEC.md). Everything a lesson, the executor or a panel needs: the layers
// above (gpu, lessons, state, ui) import the model only through this file (lint enforces it).
export * from './enums';
export * from './formats';
export * from './messages';
export * from './messageFormat';
export * from './trace';
export * from './layout';
export * from './states';
export * from './structs';
export * from './commands';
export { DEFAULT_SETTINGS, type ModelSettings, type Win32Event, type AdapterFacts } from './kernel';
export { D3D12System } from './system';
export { IUnknown } from './object';
export { ID3D12Device } from './device';
export { ID3D12Heap, ID3D12Resource, cpuPageProperty } from './resource';
export { clearTexel } from './clearbytes';
export { standardTileShape, texelRectTiles, tilesPerRow } from './tiles';
export { ID3D12CommandQueue } from './queue';
export { ID3D12Fence } from './fence';
export { ID3D12CommandAllocator } from './commandallocator';
export { ID3D12GraphicsCommandList } from './commandlist';
export { ID3D12DescriptorHeap, type DescriptorContent } from './descriptors';
export { ID3DBlob, ID3D12RootSignature, ID3D12PipelineState } from './pipeline';
export { IDXGIFactory4, IDXGIAdapter1 } from './dxgi';
export { IDXGISwapChain3 } from './swapchain';
export {
  defaultAdapters,
  legacyDriverAdapter,
  tier1Adapter,
  cacheCoherentUmaAdapter,
  webgpuAdapterFacts,
} from './adapters';
export { ID3D12Debug, ID3D12DeviceRemovedExtendedDataSettings, ID3D12DeviceRemovedExtendedData } from './debug';
// queries and resolves (issue 9 §3)
export { ID3D12QueryHeap, timestampFrequency, QPC_FREQUENCY } from './query-heap';
export { multisampleQualityLevels } from './msaa';
// The render graph (src/core/rg): lifetimes, transient placement and barriers (lesson A5)
export {
  compileGraph,
  type RGDesc,
  type RGError,
  type RGBarrier,
  type RGPassDesc,
  type RGResourceDesc,
  type CompiledGraph,
} from './rg/graph';
// Enhanced barriers (ID3D12GraphicsCommandList7::Barrier, SPEC.md §5.2): structs, layout tables, short names
export {
  type D3D12_BARRIER_GROUP,
  type D3D12_GLOBAL_BARRIER,
  type D3D12_TEXTURE_BARRIER,
  type D3D12_BUFFER_BARRIER,
  type D3D12_BARRIER_SUBRESOURCE_RANGE,
  type EnhancedInfo,
  layoutShort,
  syncShort,
  accessShort,
  layoutState,
  syncAccessProblem,
} from './enhanced-layouts';
