// The D3D12 and DXGI structs the model's API takes and returns, in one place, with the field names of
// d3d12.h / dxgi1_2.h (a pointer field drops its `p` prefix and holds the object). Enum and flag fields are
// numbers (the constants in enums.ts). Only types live here: the functions that fill them in are in layout.ts.

import type { ID3D12Heap, ID3D12Resource } from './resource';

export interface D3D12_CPU_DESCRIPTOR_HANDLE {
  ptr: number;
}
export interface D3D12_GPU_DESCRIPTOR_HANDLE {
  ptr: number;
}

export interface D3D12_RESOURCE_DESC {
  Dimension: number;
  Alignment: number;
  Width: number;
  Height: number;
  DepthOrArraySize: number;
  MipLevels: number;
  Format: number;
  SampleDesc: { Count: number; Quality: number };
  Layout: number;
  Flags: number;
}

export interface D3D12_HEAP_PROPERTIES {
  Type: number;
  CPUPageProperty: number;
  MemoryPoolPreference: number;
  CreationNodeMask: number;
  VisibleNodeMask: number;
}

export interface D3D12_SUBRESOURCE_FOOTPRINT {
  Format: number;
  Width: number;
  Height: number;
  Depth: number;
  RowPitch: number;
}
export interface D3D12_PLACED_SUBRESOURCE_FOOTPRINT {
  Offset: number;
  Footprint: D3D12_SUBRESOURCE_FOOTPRINT;
}

/** One side of CopyTextureRegion: a subresource of a texture, or a placed footprint in a buffer. */
export interface D3D12_TEXTURE_COPY_LOCATION {
  Resource: ID3D12Resource | null;
  /** D3D12_TEXTURE_COPY_TYPE */
  Type: number;
  SubresourceIndex?: number;
  PlacedFootprint?: D3D12_PLACED_SUBRESOURCE_FOOTPRINT;
}

export interface D3D12_RANGE {
  Begin: number;
  End: number;
}
export interface D3D12_BOX {
  left: number;
  top: number;
  front: number;
  right: number;
  bottom: number;
  back: number;
}
export interface D3D12_RECT {
  left: number;
  top: number;
  right: number;
  bottom: number;
}
export interface D3D12_VIEWPORT {
  TopLeftX: number;
  TopLeftY: number;
  Width: number;
  Height: number;
  MinDepth: number;
  MaxDepth: number;
}

export interface D3D12_VERTEX_BUFFER_VIEW {
  BufferLocation: number;
  SizeInBytes: number;
  StrideInBytes: number;
}
export interface D3D12_INDEX_BUFFER_VIEW {
  BufferLocation: number;
  SizeInBytes: number;
  Format: number;
}

export interface D3D12_RESOURCE_TRANSITION_BARRIER {
  Resource: ID3D12Resource | null;
  Subresource: number;
  StateBefore: number;
  StateAfter: number;
}
export interface D3D12_RESOURCE_ALIASING_BARRIER {
  ResourceBefore: ID3D12Resource | null;
  ResourceAfter: ID3D12Resource | null;
}
export interface D3D12_RESOURCE_UAV_BARRIER {
  Resource: ID3D12Resource | null;
}
/** D3D12_RESOURCE_BARRIER: `Type` says which of the union members is read. */
export interface D3D12_RESOURCE_BARRIER {
  Type: number;
  Flags?: number;
  Transition?: D3D12_RESOURCE_TRANSITION_BARRIER;
  Aliasing?: D3D12_RESOURCE_ALIASING_BARRIER;
  UAV?: D3D12_RESOURCE_UAV_BARRIER;
}

export interface D3D12_INPUT_ELEMENT_DESC {
  SemanticName: string;
  SemanticIndex: number;
  Format: number;
  InputSlot: number;
  AlignedByteOffset: number;
  /** D3D12_INPUT_CLASSIFICATION */
  InputSlotClass: number;
  InstanceDataStepRate: number;
}

/** The fields of D3D12_STATIC_SAMPLER_DESC the model and the executor read. */
export interface D3D12_STATIC_SAMPLER_DESC {
  Filter?: number;
  AddressU?: number;
  AddressV?: number;
  AddressW?: number;
  ShaderRegister?: number;
  RegisterSpace?: number;
  ShaderVisibility?: number;
}

export interface D3D12_TILED_RESOURCE_COORDINATE {
  X?: number;
  Y?: number;
  Z?: number;
  Subresource?: number;
}
export interface D3D12_TILE_REGION_SIZE {
  NumTiles?: number;
  /** [TILE-1] TRUE: the region is a Width × Height × Depth box of tiles (NumTiles must equal their product). */
  UseBox?: boolean;
  Width?: number;
  Height?: number;
  Depth?: number;
}
/** ID3D12CommandQueue::UpdateTileMappings's parameters. */
export interface UpdateTileMappingsArgs {
  Resource: ID3D12Resource;
  NumResourceRegions?: number;
  ResourceRegionStartCoordinates?: D3D12_TILED_RESOURCE_COORDINATE[] | null;
  ResourceRegionSizes?: D3D12_TILE_REGION_SIZE[] | null;
  Heap?: ID3D12Heap | null;
  NumRanges?: number;
  RangeFlags?: number[] | null;
  HeapRangeStartOffsets?: number[] | null;
  RangeTileCounts?: number[] | null;
  Flags?: number;
}

export interface DXGI_SWAP_CHAIN_DESC1 {
  Width: number;
  Height: number;
  Format: number;
  Stereo: boolean;
  SampleDesc: { Count: number; Quality: number };
  BufferUsage: number;
  BufferCount: number;
  Scaling: number;
  SwapEffect: number;
  AlphaMode: number;
  Flags: number;
}
