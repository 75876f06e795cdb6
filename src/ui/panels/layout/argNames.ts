// Call arguments as D3D12 people read them: a number in an enum-typed field prints as the header's name
// (Format: DXGI_FORMAT_R8G8B8A8_UNORM, StateAfter: PIXEL_SHADER_RESOURCE). The field decides the enum; the
// few fields whose enum depends on the call or the enclosing struct (Type, Flags, ViewDimension) are resolved
// from those.
import {
  D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING,
  D3D12_RESOURCE_STATE_GENERIC_READ,
  ENUMS,
  enumName,
} from '../../../core';

const BY_FIELD: Record<string, string> = {
  Format: 'DXGI_FORMAT',
  BackBufferFormat: 'DXGI_FORMAT',
  RTVFormats: 'DXGI_FORMAT',
  DSVFormat: 'DXGI_FORMAT',
  Dimension: 'D3D12_RESOURCE_DIMENSION',
  Layout: 'D3D12_TEXTURE_LAYOUT',
  HeapFlags: 'D3D12_HEAP_FLAGS',
  InitialResourceState: 'D3D12_RESOURCE_STATES',
  InitialState: 'D3D12_RESOURCE_STATES',
  StateBefore: 'D3D12_RESOURCE_STATES',
  StateAfter: 'D3D12_RESOURCE_STATES',
  Filter: 'D3D12_FILTER',
  AddressU: 'D3D12_TEXTURE_ADDRESS_MODE',
  AddressV: 'D3D12_TEXTURE_ADDRESS_MODE',
  AddressW: 'D3D12_TEXTURE_ADDRESS_MODE',
  ComparisonFunc: 'D3D12_COMPARISON_FUNC',
  BorderColor: 'D3D12_STATIC_BORDER_COLOR',
  ShaderVisibility: 'D3D12_SHADER_VISIBILITY',
  RangeType: 'D3D12_DESCRIPTOR_RANGE_TYPE',
  ParameterType: 'D3D12_ROOT_PARAMETER_TYPE',
  PrimitiveTopologyType: 'D3D12_PRIMITIVE_TOPOLOGY_TYPE',
  PrimitiveTopology: 'D3D_PRIMITIVE_TOPOLOGY',
  FillMode: 'D3D12_FILL_MODE',
  CullMode: 'D3D12_CULL_MODE',
  InputSlotClass: 'D3D12_INPUT_CLASSIFICATION',
  MinimumFeatureLevel: 'D3D_FEATURE_LEVEL',
  GpuPreference: 'DXGI_GPU_PREFERENCE',
  SwapEffect: 'DXGI_SWAP_EFFECT',
  AlphaMode: 'DXGI_ALPHA_MODE',
  Scaling: 'DXGI_SCALING',
  BufferUsage: 'DXGI_USAGE',
  Enablement: 'D3D12_DRED_ENABLEMENT',
  Version: 'D3D_ROOT_SIGNATURE_VERSION',
  Priority: 'D3D12_COMMAND_QUEUE_PRIORITY',
  CPUPageProperty: 'D3D12_CPU_PAGE_PROPERTY',
  MemoryPoolPreference: 'D3D12_MEMORY_POOL',
  Feature: 'D3D12_FEATURE',
};

/** The enum of a field, given the call's method and the enclosing field's name. */
export function fieldEnum(field: string, method: string, parent: string): string | undefined {
  if (BY_FIELD[field]) return BY_FIELD[field];
  if (field === 'Type') {
    if (parent === 'HeapProperties' || parent === 'pHeapProperties') return 'D3D12_HEAP_TYPE';
    if (parent === 'Dst' || parent === 'Src' || parent === 'pDst' || parent === 'pSrc')
      return 'D3D12_TEXTURE_COPY_TYPE';
    if (/Barrier/.test(method)) return 'D3D12_RESOURCE_BARRIER_TYPE';
    if (/DescriptorHeap/.test(method)) return 'D3D12_DESCRIPTOR_HEAP_TYPE';
    if (/Command(Queue|List|Allocator)/.test(method)) return 'D3D12_COMMAND_LIST_TYPE';
  }
  if (field === 'ViewDimension') {
    if (/ShaderResourceView/.test(method)) return 'D3D12_SRV_DIMENSION';
    if (/RenderTargetView/.test(method)) return 'D3D12_RTV_DIMENSION';
    if (/DepthStencilView/.test(method)) return 'D3D12_DSV_DIMENSION';
    if (/UnorderedAccessView/.test(method)) return 'D3D12_UAV_DIMENSION';
  }
  if (field === 'Flags') {
    if (/Barrier/.test(method)) return 'D3D12_RESOURCE_BARRIER_FLAGS';
    if (parent === 'Desc' && /Resource/.test(method)) return 'D3D12_RESOURCE_FLAGS';
    if (/DescriptorHeap/.test(method)) return 'D3D12_DESCRIPTOR_HEAP_FLAGS';
    if (/CreateCommandQueue/.test(method)) return 'D3D12_COMMAND_QUEUE_FLAGS';
    if (/CreateFence/.test(method)) return 'D3D12_FENCE_FLAGS';
    if (/RootSignature/.test(method)) return 'D3D12_ROOT_SIGNATURE_FLAGS';
    if (parent === 'Ranges' || parent === 'pDescriptorRanges') return 'D3D12_DESCRIPTOR_RANGE_FLAGS';
  }
  return undefined;
}

/** A number in an enum-typed field by its name (state names without their prefix, as the panels print them). */
export function argName(field: string, value: number, method: string, parent: string): string | undefined {
  if (field === 'Shader4ComponentMapping' && value === D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING)
    return 'D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING';
  const type = fieldEnum(field, method, parent);
  // the named combination reads better than its bits
  if (type === 'D3D12_RESOURCE_STATES' && value === D3D12_RESOURCE_STATE_GENERIC_READ) return 'GENERIC_READ';
  if (!type || !ENUMS[type] || !Number.isInteger(value)) return undefined;
  const name = enumName(type, value);
  return type === 'D3D12_RESOURCE_STATES' ? name.replace(/D3D12_RESOURCE_STATE_/g, '') : name;
}
