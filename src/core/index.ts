// Public API of the D3D12 model (see SPEC.md). Everything a lesson, the executor or a panel needs.
export * from './enums';
export * from './formats';
export * from './messages';
export * from './messageFormat';
export * from './trace';
export * from './layout';
export * from './states';
export { D3D12System, DEFAULT_SETTINGS, type ModelSettings, type Win32Event } from './system';
export { IUnknown } from './object';
export { ID3D12Device, type D3D12_CPU_DESCRIPTOR_HANDLE, type D3D12_GPU_DESCRIPTOR_HANDLE } from './device';
export { ID3D12Heap, ID3D12Resource, cpuPageProperty } from './resource';
export { ID3D12CommandQueue, ID3D12Fence } from './queue';
export { ID3D12CommandAllocator, ID3D12GraphicsCommandList, type Command, type Use, type RecordedBarrier } from './commandlist';
export { ID3D12DescriptorHeap, type DescriptorContent } from './descriptors';
export { ID3DBlob, ID3D12RootSignature, ID3D12PipelineState } from './pipeline';
export { IDXGIFactory4, IDXGIAdapter1, IDXGISwapChain3, defaultAdapters, legacyDriverAdapter, tier1Adapter, cacheCoherentUmaAdapter, webgpuAdapterFacts, type AdapterFacts } from './dxgi';
export { ID3D12Debug, ID3D12DeviceRemovedExtendedDataSettings, ID3D12DeviceRemovedExtendedData } from './debug';
