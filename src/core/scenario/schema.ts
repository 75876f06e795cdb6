// The scenario file's typing: every supported call with the D3D12 names of its parameters and their types,
// so a file is converted (enum names -> values, object names -> objects, handles -> pointers) and any
// mistake in it is reported with the call index and the field path ([SCN-*] in SPEC.md).

export type FieldType =
  | { t: 'u32' }
  | { t: 'num' }
  | { t: 'u64' }
  | { t: 'bool' }
  | { t: 'str' }
  | { t: 'any' }
  | { t: 'enum'; type: string }
  | { t: 'flags'; type: string }
  | { t: 'obj'; iface: string }
  | { t: 'cpuh' }
  | { t: 'gpuh' }
  | { t: 'event' }
  | { t: 'name' }
  | { t: 'struct'; fields: Record<string, FieldType> }
  | { t: 'array'; of: FieldType };

const U: FieldType = { t: 'u32' };
const N: FieldType = { t: 'num' };
const U64: FieldType = { t: 'u64' };
const B: FieldType = { t: 'bool' };
const STR: FieldType = { t: 'str' };
const ANY: FieldType = { t: 'any' };
const E = (type: string): FieldType => ({ t: 'enum', type });
const F = (type: string): FieldType => ({ t: 'flags', type });
const O = (iface: string): FieldType => ({ t: 'obj', iface });
const S = (fields: Record<string, FieldType>): FieldType => ({ t: 'struct', fields });
const A = (of: FieldType): FieldType => ({ t: 'array', of });
const CPUH: FieldType = { t: 'cpuh' };
const GPUH: FieldType = { t: 'gpuh' };
const EVENT: FieldType = { t: 'event' };
const FMT = E('DXGI_FORMAT');

const SAMPLE = S({ Count: U, Quality: U });
const HEAP_PROPERTIES = S({
  Type: E('D3D12_HEAP_TYPE'),
  CPUPageProperty: E('D3D12_CPU_PAGE_PROPERTY'),
  MemoryPoolPreference: E('D3D12_MEMORY_POOL'),
  CreationNodeMask: U,
  VisibleNodeMask: U,
});
const RESOURCE_DESC = S({
  Dimension: E('D3D12_RESOURCE_DIMENSION'),
  Alignment: N,
  Width: N,
  Height: U,
  DepthOrArraySize: U,
  MipLevels: U,
  Format: FMT,
  SampleDesc: SAMPLE,
  Layout: E('D3D12_TEXTURE_LAYOUT'),
  Flags: F('D3D12_RESOURCE_FLAGS'),
});
const CLEAR_VALUE = S({ Format: FMT, Color: A(N), DepthStencil: S({ Depth: N, Stencil: U }) });
const RANGE = S({ Begin: N, End: N });
const BARRIER = S({
  Type: E('D3D12_RESOURCE_BARRIER_TYPE'),
  Flags: F('D3D12_RESOURCE_BARRIER_FLAGS'),
  Transition: S({
    Resource: O('ID3D12Resource'),
    Subresource: U,
    StateBefore: F('D3D12_RESOURCE_STATES'),
    StateAfter: F('D3D12_RESOURCE_STATES'),
  }),
  Aliasing: S({ ResourceBefore: O('ID3D12Resource'), ResourceAfter: O('ID3D12Resource') }),
  UAV: S({ Resource: O('ID3D12Resource') }),
});
// enhanced barriers (ID3D12GraphicsCommandList7::Barrier, [EB-*]): D3D12_BARRIER_GROUP with its union flattened
const SYNC_ACCESS = {
  SyncBefore: F('D3D12_BARRIER_SYNC'),
  SyncAfter: F('D3D12_BARRIER_SYNC'),
  AccessBefore: F('D3D12_BARRIER_ACCESS'),
  AccessAfter: F('D3D12_BARRIER_ACCESS'),
};
const BARRIER_GROUP = S({
  Type: E('D3D12_BARRIER_TYPE'),
  NumBarriers: U,
  GlobalBarriers: A(S(SYNC_ACCESS)),
  TextureBarriers: A(
    S({
      ...SYNC_ACCESS,
      LayoutBefore: E('D3D12_BARRIER_LAYOUT'),
      LayoutAfter: E('D3D12_BARRIER_LAYOUT'),
      Resource: O('ID3D12Resource'),
      Subresources: S({
        IndexOrFirstMipLevel: U,
        NumMipLevels: U,
        FirstArraySlice: U,
        NumArraySlices: U,
        FirstPlane: U,
        NumPlanes: U,
      }),
      Flags: F('D3D12_TEXTURE_BARRIER_FLAGS'),
    }),
  ),
  BufferBarriers: A(S({ ...SYNC_ACCESS, Resource: O('ID3D12Resource'), Offset: U64, Size: U64 })),
});
const FOOTPRINT = S({ Format: FMT, Width: U, Height: U, Depth: U, RowPitch: U });
const COPY_LOCATION = S({
  Resource: O('ID3D12Resource'),
  Type: E('D3D12_TEXTURE_COPY_TYPE'),
  SubresourceIndex: U,
  PlacedFootprint: S({ Offset: N, Footprint: FOOTPRINT }),
});
const BOX = S({ left: U, top: U, front: U, right: U, bottom: U, back: U });
const RECT = S({ left: N, top: N, right: N, bottom: N });
const VIEWPORT = S({ TopLeftX: N, TopLeftY: N, Width: N, Height: N, MinDepth: N, MaxDepth: N });
// View descs: one struct per header type (D3D12_TEX2D_RTV, D3D12_TEX2D_SRV, ...), so a field the header does not
// give that view (MostDetailedMip on an RTV) is an error, not silently accepted.
const TEX2D_RTV = S({ MipSlice: U, PlaneSlice: U });
const TEX2D_ARRAY_RTV = S({ MipSlice: U, FirstArraySlice: U, ArraySize: U, PlaneSlice: U });
const TEX2DMS_ARRAY = S({ FirstArraySlice: U, ArraySize: U });
const BUFFER_RTV = S({ FirstElement: N, NumElements: U });
const RTV_DESC = S({
  Format: FMT,
  ViewDimension: E('D3D12_RTV_DIMENSION'),
  Buffer: BUFFER_RTV,
  Texture2D: TEX2D_RTV,
  Texture2DArray: TEX2D_ARRAY_RTV,
  Texture2DMS: S({}),
  Texture2DMSArray: TEX2DMS_ARRAY,
});
const TEX2D_DSV = S({ MipSlice: U });
const TEX2D_ARRAY_DSV = S({ MipSlice: U, FirstArraySlice: U, ArraySize: U });
const DSV_DESC = S({
  Format: FMT,
  ViewDimension: E('D3D12_DSV_DIMENSION'),
  Flags: F('D3D12_DSV_FLAGS'),
  Texture2D: TEX2D_DSV,
  Texture2DArray: TEX2D_ARRAY_DSV,
  Texture2DMS: S({}),
  Texture2DMSArray: TEX2DMS_ARRAY,
});
const BUFFER_SRV = S({ FirstElement: N, NumElements: U, StructureByteStride: U, Flags: F('D3D12_BUFFER_SRV_FLAGS') });
const TEX2D_SRV = S({ MostDetailedMip: U, MipLevels: U, PlaneSlice: U, ResourceMinLODClamp: N });
const TEX2D_ARRAY_SRV = S({
  MostDetailedMip: U,
  MipLevels: U,
  FirstArraySlice: U,
  ArraySize: U,
  PlaneSlice: U,
  ResourceMinLODClamp: N,
});
const TEXCUBE_SRV = S({ MostDetailedMip: U, MipLevels: U, ResourceMinLODClamp: N });
const SRV_DESC = S({
  Format: FMT,
  ViewDimension: E('D3D12_SRV_DIMENSION'),
  Shader4ComponentMapping: U,
  Buffer: BUFFER_SRV,
  Texture2D: TEX2D_SRV,
  Texture2DArray: TEX2D_ARRAY_SRV,
  Texture2DMS: S({}),
  Texture2DMSArray: TEX2DMS_ARRAY,
  TextureCube: TEXCUBE_SRV,
});
const BUFFER_UAV = S({
  FirstElement: N,
  NumElements: U,
  StructureByteStride: U,
  CounterOffsetInBytes: N,
  Flags: F('D3D12_BUFFER_UAV_FLAGS'),
});
const TEX2D_UAV = S({ MipSlice: U, PlaneSlice: U });
const TEX2D_ARRAY_UAV = S({ MipSlice: U, FirstArraySlice: U, ArraySize: U, PlaneSlice: U });
const UAV_DESC = S({
  Format: FMT,
  ViewDimension: E('D3D12_UAV_DIMENSION'),
  Buffer: BUFFER_UAV,
  Texture2D: TEX2D_UAV,
  Texture2DArray: TEX2D_ARRAY_UAV,
});
const CBV_DESC = S({ BufferLocation: N, SizeInBytes: U });
const SAMPLER_DESC = S({
  Filter: E('D3D12_FILTER'),
  AddressU: E('D3D12_TEXTURE_ADDRESS_MODE'),
  AddressV: E('D3D12_TEXTURE_ADDRESS_MODE'),
  AddressW: E('D3D12_TEXTURE_ADDRESS_MODE'),
  MipLODBias: N,
  MaxAnisotropy: U,
  ComparisonFunc: E('D3D12_COMPARISON_FUNC'),
  BorderColor: A(N),
  MinLOD: N,
  MaxLOD: N,
});
const STATIC_SAMPLER = S({
  Filter: E('D3D12_FILTER'),
  AddressU: E('D3D12_TEXTURE_ADDRESS_MODE'),
  AddressV: E('D3D12_TEXTURE_ADDRESS_MODE'),
  AddressW: E('D3D12_TEXTURE_ADDRESS_MODE'),
  MipLODBias: N,
  MaxAnisotropy: U,
  ComparisonFunc: E('D3D12_COMPARISON_FUNC'),
  BorderColor: E('D3D12_STATIC_BORDER_COLOR'),
  MinLOD: N,
  MaxLOD: N,
  ShaderRegister: U,
  RegisterSpace: U,
  ShaderVisibility: E('D3D12_SHADER_VISIBILITY'),
});
// Root signature 1.0 and 1.1 structs differ (D3D12_DESCRIPTOR_RANGE vs D3D12_DESCRIPTOR_RANGE1, D3D12_ROOT_DESCRIPTOR
// vs D3D12_ROOT_DESCRIPTOR1: only the 1.1 ones have Flags).
const rootSignatureDesc = (v11: boolean): FieldType => {
  const range = S({
    RangeType: E('D3D12_DESCRIPTOR_RANGE_TYPE'),
    NumDescriptors: U,
    BaseShaderRegister: U,
    RegisterSpace: U,
    ...(v11 ? { Flags: F('D3D12_DESCRIPTOR_RANGE_FLAGS') } : {}),
    OffsetInDescriptorsFromTableStart: U,
  });
  const parameter = S({
    ParameterType: E('D3D12_ROOT_PARAMETER_TYPE'),
    DescriptorTable: S({ NumDescriptorRanges: U, DescriptorRanges: A(range) }),
    Constants: S({ ShaderRegister: U, RegisterSpace: U, Num32BitValues: U }),
    Descriptor: S({
      ShaderRegister: U,
      RegisterSpace: U,
      ...(v11 ? { Flags: F('D3D12_ROOT_DESCRIPTOR_FLAGS') } : {}),
    }),
    ShaderVisibility: E('D3D12_SHADER_VISIBILITY'),
  });
  return S({
    NumParameters: U,
    Parameters: A(parameter),
    NumStaticSamplers: U,
    StaticSamplers: A(STATIC_SAMPLER),
    Flags: F('D3D12_ROOT_SIGNATURE_FLAGS'),
  });
};
const ROOT_SIGNATURE_DESC = rootSignatureDesc(false);
const ROOT_SIGNATURE_DESC1 = rootSignatureDesc(true);
const SHADER = S({
  ShaderBytecode: ANY,
  BytecodeLength: U,
  Reflection: S({
    Inputs: A(S({ SemanticName: STR, SemanticIndex: U })),
    Resources: A(S({ Type: STR, Register: U, Space: U })),
  }),
});
const INPUT_ELEMENT = S({
  SemanticName: STR,
  SemanticIndex: U,
  Format: FMT,
  InputSlot: U,
  AlignedByteOffset: U,
  InputSlotClass: E('D3D12_INPUT_CLASSIFICATION'),
  InstanceDataStepRate: U,
});
const RASTERIZER = S({
  FillMode: E('D3D12_FILL_MODE'),
  CullMode: E('D3D12_CULL_MODE'),
  FrontCounterClockwise: B,
  DepthBias: N,
  DepthBiasClamp: N,
  SlopeScaledDepthBias: N,
  DepthClipEnable: B,
  MultisampleEnable: B,
  AntialiasedLineEnable: B,
  ForcedSampleCount: U,
  ConservativeRaster: U,
});
const PSO_DESC = S({
  RootSignature: O('ID3D12RootSignature'),
  VS: SHADER,
  PS: SHADER,
  DS: SHADER,
  HS: SHADER,
  GS: SHADER,
  StreamOutput: ANY,
  BlendState: ANY,
  SampleMask: U,
  RasterizerState: RASTERIZER,
  DepthStencilState: ANY,
  InputLayout: S({ NumElements: U, InputElementDescs: A(INPUT_ELEMENT) }),
  IBStripCutValue: U,
  PrimitiveTopologyType: E('D3D12_PRIMITIVE_TOPOLOGY_TYPE'),
  NumRenderTargets: U,
  RTVFormats: A(FMT),
  DSVFormat: FMT,
  SampleDesc: SAMPLE,
  NodeMask: U,
  CachedPSO: ANY,
  Flags: U,
});
const SWAP_CHAIN_DESC1 = S({
  Width: U,
  Height: U,
  Format: FMT,
  Stereo: B,
  SampleDesc: SAMPLE,
  BufferUsage: F('DXGI_USAGE'),
  BufferCount: U,
  Scaling: E('DXGI_SCALING'),
  SwapEffect: E('DXGI_SWAP_EFFECT'),
  AlphaMode: E('DXGI_ALPHA_MODE'),
  Flags: F('DXGI_SWAP_CHAIN_FLAG'),
});
const VBV = S({ BufferLocation: N, SizeInBytes: U, StrideInBytes: U });
const IBV = S({ BufferLocation: N, SizeInBytes: U, Format: FMT });
const FEATURE_DATA = S({
  FeatureLevelsRequested: A(E('D3D_FEATURE_LEVEL')),
  NumFeatureLevels: U,
  HighestVersion: E('D3D_ROOT_SIGNATURE_VERSION'),
  HighestShaderModel: U,
  NodeIndex: U,
  Format: FMT,
  SampleCount: U,
  Flags: U,
  NumQualityLevels: U,
  MaxSupportedFeatureLevel: E('D3D_FEATURE_LEVEL'),
  // output fields a zero-initialised struct in the file may carry (ignored on input)
  DoublePrecisionFloatShaderOps: ANY,
  OutputMergerLogicOp: ANY,
  MinPrecisionSupport: ANY,
  TiledResourcesTier: ANY,
  ResourceBindingTier: ANY,
  PSSpecifiedStencilRefSupported: ANY,
  TypedUAVLoadAdditionalFormats: ANY,
  ROVsSupported: ANY,
  ConservativeRasterizationTier: ANY,
  MaxGPUVirtualAddressBitsPerResource: ANY,
  StandardSwizzle64KBSupported: ANY,
  CrossNodeSharingTier: ANY,
  CrossAdapterRowMajorTextureSupported: ANY,
  VPAndRTArrayIndexFromAnyShaderFeedingRasterizerSupportedWithoutGSEmulation: ANY,
  ResourceHeapTier: ANY,
  TileBasedRenderer: ANY,
  UMA: ANY,
  CacheCoherentUMA: ANY,
  IsolatedMMU: ANY,
  MaxGPUVirtualAddressBitsPerProcess: ANY,
  UnrestrictedBufferTextureCopyPitchSupported: ANY,
  UnrestrictedVertexElementAlignmentSupported: ANY,
  InvertedViewportHeightFlipsYSupported: ANY,
  InvertedViewportDepthFlipsZSupported: ANY,
  TextureCopyBetweenDimensionsSupported: ANY,
  AlphaBlendFactorSupported: ANY,
  // OPTIONS12 ([EB-FEAT-1])
  MSPrimitivesPipelineStatisticIncludesCulledPrimitives: ANY,
  EnhancedBarriersSupported: ANY,
  RelaxedFormatCastingSupported: ANY,
  WaveOps: ANY,
  WaveLaneCountMin: ANY,
  WaveLaneCountMax: ANY,
  TotalLaneCount: ANY,
  ExpandedComputeResourceStates: ANY,
  Int64ShaderOps: ANY,
  CopyQueueTimestampQueriesSupported: ANY,
  CastingFullyTypedFormatSupported: ANY,
  WriteBufferImmediateSupportFlags: ANY,
  ViewInstancingTier: ANY,
  BarycentricsSupported: ANY,
  Support1: ANY,
  Support2: ANY,
});

/** How a call's result is printed: hr only, void, a bound object, a value, a handle, a footprint. */
export type ResultKind = 'hr' | 'void' | 'hrOut' | 'value' | 'handle' | 'footprint' | 'event';

export interface MethodSchema {
  /** interface the `this` object must implement; '' for free functions */
  iface: string;
  /** the model method name */
  method: string;
  args: Record<string, FieldType>;
  ret: ResultKind;
}

const M = (iface: string, method: string, args: Record<string, FieldType>, ret: ResultKind): MethodSchema => ({
  iface,
  method,
  args,
  ret,
});

export const METHODS: Record<string, MethodSchema> = {
  // free functions
  D3D12GetDebugInterface: M('', 'D3D12GetDebugInterface', { riid: STR }, 'hrOut'),
  CreateDXGIFactory2: M('', 'CreateDXGIFactory2', { Flags: F('DXGI_CREATE_FACTORY'), riid: STR }, 'hrOut'),
  D3D12CreateDevice: M(
    '',
    'D3D12CreateDevice',
    { Adapter: O('IDXGIAdapter1'), MinimumFeatureLevel: E('D3D_FEATURE_LEVEL'), riid: STR },
    'hrOut',
  ),
  CreateEvent: M(
    '',
    'CreateEvent',
    { lpEventAttributes: ANY, bManualReset: B, bInitialState: B, lpName: STR },
    'event',
  ),
  WaitForSingleObject: M('', 'WaitForSingleObject', { hHandle: EVENT, dwMilliseconds: U }, 'hr'),
  CloseHandle: M('', 'CloseHandle', { hObject: EVENT }, 'void'),
  SetEvent: M('', 'SetEvent', { hEvent: EVENT }, 'void'),
  ResetEvent: M('', 'ResetEvent', { hEvent: EVENT }, 'void'),
  D3D12SerializeRootSignature: M(
    '',
    'D3D12SerializeRootSignature',
    { RootSignature: ROOT_SIGNATURE_DESC, Version: E('D3D_ROOT_SIGNATURE_VERSION'), Blob: ANY, ErrorBlob: ANY },
    'hrOut',
  ),
  D3D12SerializeVersionedRootSignature: M(
    '',
    'D3D12SerializeVersionedRootSignature',
    {
      RootSignature: S({
        Version: E('D3D_ROOT_SIGNATURE_VERSION'),
        Desc_1_0: ROOT_SIGNATURE_DESC,
        Desc_1_1: ROOT_SIGNATURE_DESC1,
      }),
      Blob: ANY,
      ErrorBlob: ANY,
    },
    'hrOut',
  ),
  // debug
  'ID3D12Debug::EnableDebugLayer': M('ID3D12Debug', 'EnableDebugLayer', {}, 'void'),
  'ID3D12Debug1::SetEnableGPUBasedValidation': M('ID3D12Debug', 'SetEnableGPUBasedValidation', { Enable: B }, 'void'),
  'ID3D12Debug3::SetEnableGPUBasedValidation': M('ID3D12Debug', 'SetEnableGPUBasedValidation', { Enable: B }, 'void'),
  'ID3D12DeviceRemovedExtendedDataSettings::SetAutoBreadcrumbsEnablement': M(
    'ID3D12DeviceRemovedExtendedDataSettings',
    'SetAutoBreadcrumbsEnablement',
    { Enablement: E('D3D12_DRED_ENABLEMENT') },
    'void',
  ),
  'ID3D12DeviceRemovedExtendedDataSettings::SetPageFaultEnablement': M(
    'ID3D12DeviceRemovedExtendedDataSettings',
    'SetPageFaultEnablement',
    { Enablement: E('D3D12_DRED_ENABLEMENT') },
    'void',
  ),
  'ID3D12DeviceRemovedExtendedDataSettings::SetWatsonDumpEnablement': M(
    'ID3D12DeviceRemovedExtendedDataSettings',
    'SetWatsonDumpEnablement',
    { Enablement: E('D3D12_DRED_ENABLEMENT') },
    'void',
  ),
  'ID3D12DeviceRemovedExtendedData::GetAutoBreadcrumbsOutput': M(
    'ID3D12DeviceRemovedExtendedData',
    'GetAutoBreadcrumbsOutput',
    { Output: ANY },
    'hrOut',
  ),
  'ID3D12DeviceRemovedExtendedData::GetPageFaultAllocationOutput': M(
    'ID3D12DeviceRemovedExtendedData',
    'GetPageFaultAllocationOutput',
    { Output: ANY },
    'hrOut',
  ),
  // DXGI
  'IDXGIFactory1::EnumAdapters1': M('IDXGIFactory4', 'EnumAdapters1', { Adapter: U }, 'hrOut'),
  'IDXGIFactory6::EnumAdapterByGpuPreference': M(
    'IDXGIFactory4',
    'EnumAdapterByGpuPreference',
    { Adapter: U, GpuPreference: E('DXGI_GPU_PREFERENCE'), riid: STR },
    'hrOut',
  ),
  'IDXGIFactory4::EnumWarpAdapter': M('IDXGIFactory4', 'EnumWarpAdapter', { riid: STR }, 'hrOut'),
  'IDXGIFactory2::CreateSwapChainForComposition': M(
    'IDXGIFactory4',
    'CreateSwapChainForComposition',
    { Device: O('ID3D12CommandQueue'), Desc: SWAP_CHAIN_DESC1, RestrictToOutput: ANY },
    'hrOut',
  ),
  'IDXGIFactory2::CreateSwapChainForHwnd': M(
    'IDXGIFactory4',
    'CreateSwapChainForHwnd',
    { Device: O('ID3D12CommandQueue'), hWnd: ANY, Desc: SWAP_CHAIN_DESC1, FullscreenDesc: ANY, RestrictToOutput: ANY },
    'hrOut',
  ),
  'IDXGIAdapter1::GetDesc1': M('IDXGIAdapter1', 'GetDesc1', { Desc: ANY }, 'hrOut'),
  'IDXGIAdapter3::QueryVideoMemoryInfo': M(
    'IDXGIAdapter1',
    'QueryVideoMemoryInfo',
    { NodeIndex: U, MemorySegmentGroup: U, VideoMemoryInfo: ANY },
    'hrOut',
  ),
  'IDXGISwapChain3::GetCurrentBackBufferIndex': M('IDXGISwapChain3', 'GetCurrentBackBufferIndex', {}, 'value'),
  'IDXGISwapChain::GetBuffer': M('IDXGISwapChain3', 'GetBuffer', { Buffer: U, riid: STR }, 'hrOut'),
  'IDXGISwapChain::Present': M('IDXGISwapChain3', 'Present', { SyncInterval: U, Flags: F('DXGI_PRESENT') }, 'hr'),
  'IDXGISwapChain::ResizeBuffers': M(
    'IDXGISwapChain3',
    'ResizeBuffers',
    { BufferCount: U, Width: U, Height: U, NewFormat: FMT, SwapChainFlags: F('DXGI_SWAP_CHAIN_FLAG') },
    'hr',
  ),
  // IUnknown / ID3D12Object
  'IUnknown::Release': M('IUnknown', 'Release', {}, 'void'),
  'IUnknown::AddRef': M('IUnknown', 'AddRef', {}, 'void'),
  'ID3D12Object::SetName': M('IUnknown', 'SetName', { Name: STR }, 'hr'),
  // device
  'ID3D12Device::CreateCommandQueue': M(
    'ID3D12Device',
    'CreateCommandQueue',
    {
      Type: E('D3D12_COMMAND_LIST_TYPE'),
      Priority: E('D3D12_COMMAND_QUEUE_PRIORITY'),
      Flags: F('D3D12_COMMAND_QUEUE_FLAGS'),
      NodeMask: U,
      riid: STR,
    },
    'hrOut',
  ),
  'ID3D12Device::CreateCommandAllocator': M(
    'ID3D12Device',
    'CreateCommandAllocator',
    { type: E('D3D12_COMMAND_LIST_TYPE'), riid: STR },
    'hrOut',
  ),
  'ID3D12Device::CreateCommandList': M(
    'ID3D12Device',
    'CreateCommandList',
    {
      nodeMask: U,
      type: E('D3D12_COMMAND_LIST_TYPE'),
      CommandAllocator: O('ID3D12CommandAllocator'),
      InitialState: O('ID3D12PipelineState'),
      riid: STR,
    },
    'hrOut',
  ),
  'ID3D12Device::CreateFence': M(
    'ID3D12Device',
    'CreateFence',
    { InitialValue: U64, Flags: F('D3D12_FENCE_FLAGS'), riid: STR },
    'hrOut',
  ),
  'ID3D12Device10::CreateCommittedResource3': M(
    'ID3D12Device',
    'CreateCommittedResource3',
    {
      HeapProperties: HEAP_PROPERTIES,
      HeapFlags: F('D3D12_HEAP_FLAGS'),
      Desc: S({
        ...(RESOURCE_DESC as { t: 'struct'; fields: Record<string, FieldType> }).fields,
        SamplerFeedbackMipRegion: S({ Width: U, Height: U, Depth: U }),
      }),
      InitialLayout: E('D3D12_BARRIER_LAYOUT'),
      OptimizedClearValue: CLEAR_VALUE,
      ProtectedSession: ANY,
      NumCastableFormats: U,
      CastableFormats: A(FMT),
      riidResource: STR,
    },
    'hrOut',
  ),
  // [EB-CREATE-2] placed and reserved resources with an InitialLayout (modelrules)
  'ID3D12Device10::CreatePlacedResource2': M(
    'ID3D12Device',
    'CreatePlacedResource2',
    {
      Heap: O('ID3D12Heap'),
      HeapOffset: N,
      Desc: S({
        ...(RESOURCE_DESC as { t: 'struct'; fields: Record<string, FieldType> }).fields,
        SamplerFeedbackMipRegion: S({ Width: U, Height: U, Depth: U }),
      }),
      InitialLayout: E('D3D12_BARRIER_LAYOUT'),
      OptimizedClearValue: CLEAR_VALUE,
      NumCastableFormats: U,
      CastableFormats: A(FMT),
      riid: STR,
    },
    'hrOut',
  ),
  'ID3D12Device10::CreateReservedResource2': M(
    'ID3D12Device',
    'CreateReservedResource2',
    {
      Desc: RESOURCE_DESC,
      InitialLayout: E('D3D12_BARRIER_LAYOUT'),
      OptimizedClearValue: CLEAR_VALUE,
      ProtectedSession: ANY,
      NumCastableFormats: U,
      CastableFormats: A(FMT),
      riid: STR,
    },
    'hrOut',
  ),
  'ID3D12Device::CreateCommittedResource': M(
    'ID3D12Device',
    'CreateCommittedResource',
    {
      HeapProperties: HEAP_PROPERTIES,
      HeapFlags: F('D3D12_HEAP_FLAGS'),
      Desc: RESOURCE_DESC,
      InitialResourceState: F('D3D12_RESOURCE_STATES'),
      OptimizedClearValue: CLEAR_VALUE,
      riidResource: STR,
    },
    'hrOut',
  ),
  'ID3D12Device::CreateHeap': M(
    'ID3D12Device',
    'CreateHeap',
    { SizeInBytes: N, Properties: HEAP_PROPERTIES, Alignment: N, Flags: F('D3D12_HEAP_FLAGS'), riid: STR },
    'hrOut',
  ),
  'ID3D12Device::CreatePlacedResource': M(
    'ID3D12Device',
    'CreatePlacedResource',
    {
      Heap: O('ID3D12Heap'),
      HeapOffset: N,
      Desc: RESOURCE_DESC,
      InitialState: F('D3D12_RESOURCE_STATES'),
      OptimizedClearValue: CLEAR_VALUE,
      riid: STR,
    },
    'hrOut',
  ),
  'ID3D12Device::CreateReservedResource': M(
    'ID3D12Device',
    'CreateReservedResource',
    { Desc: RESOURCE_DESC, InitialState: F('D3D12_RESOURCE_STATES'), OptimizedClearValue: CLEAR_VALUE, riid: STR },
    'hrOut',
  ),
  'ID3D12Device::GetResourceAllocationInfo': M(
    'ID3D12Device',
    'GetResourceAllocationInfo',
    { visibleMask: U, numResourceDescs: U, ResourceDescs: A(RESOURCE_DESC) },
    'value',
  ),
  'ID3D12Device::GetCopyableFootprints': M(
    'ID3D12Device',
    'GetCopyableFootprints',
    {
      ResourceDesc: RESOURCE_DESC,
      FirstSubresource: U,
      NumSubresources: U,
      BaseOffset: N,
      Layouts: ANY,
      NumRows: ANY,
      RowSizeInBytes: ANY,
      TotalBytes: ANY,
    },
    'footprint',
  ),
  'ID3D12Device::CreateDescriptorHeap': M(
    'ID3D12Device',
    'CreateDescriptorHeap',
    {
      Type: E('D3D12_DESCRIPTOR_HEAP_TYPE'),
      NumDescriptors: U,
      Flags: F('D3D12_DESCRIPTOR_HEAP_FLAGS'),
      NodeMask: U,
      riid: STR,
    },
    'hrOut',
  ),
  'ID3D12Device::GetDescriptorHandleIncrementSize': M(
    'ID3D12Device',
    'GetDescriptorHandleIncrementSize',
    { DescriptorHeapType: E('D3D12_DESCRIPTOR_HEAP_TYPE') },
    'value',
  ),
  'ID3D12Device::CreateRenderTargetView': M(
    'ID3D12Device',
    'CreateRenderTargetView',
    { Resource: O('ID3D12Resource'), Desc: RTV_DESC, DestDescriptor: CPUH },
    'void',
  ),
  'ID3D12Device::CreateDepthStencilView': M(
    'ID3D12Device',
    'CreateDepthStencilView',
    { Resource: O('ID3D12Resource'), Desc: DSV_DESC, DestDescriptor: CPUH },
    'void',
  ),
  'ID3D12Device::CreateShaderResourceView': M(
    'ID3D12Device',
    'CreateShaderResourceView',
    { Resource: O('ID3D12Resource'), Desc: SRV_DESC, DestDescriptor: CPUH },
    'void',
  ),
  'ID3D12Device::CreateUnorderedAccessView': M(
    'ID3D12Device',
    'CreateUnorderedAccessView',
    { Resource: O('ID3D12Resource'), CounterResource: O('ID3D12Resource'), Desc: UAV_DESC, DestDescriptor: CPUH },
    'void',
  ),
  'ID3D12Device::CreateConstantBufferView': M(
    'ID3D12Device',
    'CreateConstantBufferView',
    { Desc: CBV_DESC, DestDescriptor: CPUH },
    'void',
  ),
  'ID3D12Device::CreateSampler': M(
    'ID3D12Device',
    'CreateSampler',
    { Desc: SAMPLER_DESC, DestDescriptor: CPUH },
    'void',
  ),
  'ID3D12Device::CopyDescriptorsSimple': M(
    'ID3D12Device',
    'CopyDescriptorsSimple',
    {
      NumDescriptors: U,
      DestDescriptorRangeStart: CPUH,
      SrcDescriptorRangeStart: CPUH,
      DescriptorHeapsType: E('D3D12_DESCRIPTOR_HEAP_TYPE'),
    },
    'void',
  ),
  'ID3D12Device::CopyDescriptors': M(
    'ID3D12Device',
    'CopyDescriptors',
    {
      NumDestDescriptorRanges: U,
      DestDescriptorRangeStarts: A(CPUH),
      DestDescriptorRangeSizes: A(U),
      NumSrcDescriptorRanges: U,
      SrcDescriptorRangeStarts: A(CPUH),
      SrcDescriptorRangeSizes: A(U),
      DescriptorHeapsType: E('D3D12_DESCRIPTOR_HEAP_TYPE'),
    },
    'void',
  ),
  'ID3D12Device::CreateRootSignature': M(
    'ID3D12Device',
    'CreateRootSignature',
    { nodeMask: U, BlobWithRootSignature: O('ID3DBlob'), blobLengthInBytes: U, riid: STR },
    'hrOut',
  ),
  'ID3D12Device::CreateGraphicsPipelineState': M(
    'ID3D12Device',
    'CreateGraphicsPipelineState',
    { Desc: PSO_DESC, riid: STR },
    'hrOut',
  ),
  'ID3D12Device::CreateComputePipelineState': M(
    'ID3D12Device',
    'CreateComputePipelineState',
    {
      Desc: S({ RootSignature: O('ID3D12RootSignature'), CS: SHADER, NodeMask: U, CachedPSO: ANY, Flags: U }),
      riid: STR,
    },
    'hrOut',
  ),
  'ID3D12Device::CheckFeatureSupport': M(
    'ID3D12Device',
    'CheckFeatureSupport',
    { Feature: E('D3D12_FEATURE'), FeatureSupportData: FEATURE_DATA, FeatureSupportDataSize: U },
    'hrOut',
  ),
  'ID3D12Device::GetDeviceRemovedReason': M('ID3D12Device', 'GetDeviceRemovedReason', {}, 'hr'),
  'ID3D12Device::QueryInterface': M('ID3D12Device', 'QueryInterface', { riid: STR }, 'hrOut'),
  // resources and heaps
  'ID3D12Resource::Map': M('ID3D12Resource', 'Map', { Subresource: U, ReadRange: RANGE, Data: ANY }, 'hr'),
  'ID3D12Resource::Unmap': M('ID3D12Resource', 'Unmap', { Subresource: U, WrittenRange: RANGE }, 'void'),
  'ID3D12Resource::GetGPUVirtualAddress': M('ID3D12Resource', 'GetGPUVirtualAddress', {}, 'value'),
  'ID3D12Resource::WriteToSubresource': M(
    'ID3D12Resource',
    'WriteToSubresource',
    { DstSubresource: U, DstBox: BOX, SrcData: A(U), SrcRowPitch: U, SrcDepthPitch: U },
    'hr',
  ),
  'ID3D12Resource::ReadFromSubresource': M(
    'ID3D12Resource',
    'ReadFromSubresource',
    { DstData: ANY, DstRowPitch: U, DstDepthPitch: U, SrcSubresource: U, SrcBox: BOX },
    'hrOut',
  ),
  'ID3D12Device::MakeResident': M('ID3D12Device', 'MakeResident', { NumObjects: U, Objects: A(O('IUnknown')) }, 'hr'),
  'ID3D12Device::Evict': M('ID3D12Device', 'Evict', { NumObjects: U, Objects: A(O('IUnknown')) }, 'hr'),
  'ID3D12Device3::EnqueueMakeResident': M(
    'ID3D12Device',
    'EnqueueMakeResident',
    {
      Flags: F('D3D12_RESIDENCY_FLAGS'),
      NumObjects: U,
      Objects: A(O('IUnknown')),
      FenceToSignal: O('ID3D12Fence'),
      FenceValueToSignal: U64,
    },
    'hr',
  ),
  'ID3D12DescriptorHeap::GetCPUDescriptorHandleForHeapStart': M(
    'ID3D12DescriptorHeap',
    'GetCPUDescriptorHandleForHeapStart',
    {},
    'handle',
  ),
  'ID3D12DescriptorHeap::GetGPUDescriptorHandleForHeapStart': M(
    'ID3D12DescriptorHeap',
    'GetGPUDescriptorHandleForHeapStart',
    {},
    'handle',
  ),
  // allocators and lists
  'ID3D12CommandAllocator::Reset': M('ID3D12CommandAllocator', 'Reset', {}, 'hr'),
  'ID3D12GraphicsCommandList::Close': M('ID3D12GraphicsCommandList', 'Close', {}, 'hr'),
  'ID3D12GraphicsCommandList::Reset': M(
    'ID3D12GraphicsCommandList',
    'Reset',
    { Allocator: O('ID3D12CommandAllocator'), InitialState: O('ID3D12PipelineState') },
    'hr',
  ),
  'ID3D12GraphicsCommandList::ResourceBarrier': M(
    'ID3D12GraphicsCommandList',
    'ResourceBarrier',
    { NumBarriers: U, Barriers: A(BARRIER) },
    'void',
  ),
  'ID3D12GraphicsCommandList7::Barrier': M(
    'ID3D12GraphicsCommandList',
    'Barrier',
    { NumBarrierGroups: U, BarrierGroups: A(BARRIER_GROUP) },
    'void',
  ),
  'ID3D12GraphicsCommandList::CopyBufferRegion': M(
    'ID3D12GraphicsCommandList',
    'CopyBufferRegion',
    { DstBuffer: O('ID3D12Resource'), DstOffset: N, SrcBuffer: O('ID3D12Resource'), SrcOffset: N, NumBytes: N },
    'void',
  ),
  'ID3D12GraphicsCommandList::CopyTextureRegion': M(
    'ID3D12GraphicsCommandList',
    'CopyTextureRegion',
    { Dst: COPY_LOCATION, DstX: U, DstY: U, DstZ: U, Src: COPY_LOCATION, SrcBox: BOX },
    'void',
  ),
  'ID3D12GraphicsCommandList::CopyResource': M(
    'ID3D12GraphicsCommandList',
    'CopyResource',
    { DstResource: O('ID3D12Resource'), SrcResource: O('ID3D12Resource') },
    'void',
  ),
  'ID3D12GraphicsCommandList::DiscardResource': M(
    'ID3D12GraphicsCommandList',
    'DiscardResource',
    { Resource: O('ID3D12Resource'), Region: ANY },
    'void',
  ),
  'ID3D12GraphicsCommandList::ClearRenderTargetView': M(
    'ID3D12GraphicsCommandList',
    'ClearRenderTargetView',
    { RenderTargetView: CPUH, ColorRGBA: A(N), NumRects: U, Rects: A(RECT) },
    'void',
  ),
  'ID3D12GraphicsCommandList::ClearDepthStencilView': M(
    'ID3D12GraphicsCommandList',
    'ClearDepthStencilView',
    { DepthStencilView: CPUH, ClearFlags: F('D3D12_CLEAR_FLAGS'), Depth: N, Stencil: U, NumRects: U, Rects: A(RECT) },
    'void',
  ),
  'ID3D12GraphicsCommandList::OMSetRenderTargets': M(
    'ID3D12GraphicsCommandList',
    'OMSetRenderTargets',
    {
      NumRenderTargetDescriptors: U,
      RenderTargetDescriptors: A(CPUH),
      RTsSingleHandleToDescriptorRange: B,
      DepthStencilDescriptor: CPUH,
    },
    'void',
  ),
  'ID3D12GraphicsCommandList::RSSetViewports': M(
    'ID3D12GraphicsCommandList',
    'RSSetViewports',
    { NumViewports: U, Viewports: A(VIEWPORT) },
    'void',
  ),
  'ID3D12GraphicsCommandList::RSSetScissorRects': M(
    'ID3D12GraphicsCommandList',
    'RSSetScissorRects',
    { NumRects: U, Rects: A(RECT) },
    'void',
  ),
  'ID3D12GraphicsCommandList::SetGraphicsRootSignature': M(
    'ID3D12GraphicsCommandList',
    'SetGraphicsRootSignature',
    { RootSignature: O('ID3D12RootSignature') },
    'void',
  ),
  'ID3D12GraphicsCommandList::SetPipelineState': M(
    'ID3D12GraphicsCommandList',
    'SetPipelineState',
    { PipelineState: O('ID3D12PipelineState') },
    'void',
  ),
  'ID3D12GraphicsCommandList::SetDescriptorHeaps': M(
    'ID3D12GraphicsCommandList',
    'SetDescriptorHeaps',
    { NumDescriptorHeaps: U, DescriptorHeaps: A(O('ID3D12DescriptorHeap')) },
    'void',
  ),
  'ID3D12GraphicsCommandList::SetGraphicsRootDescriptorTable': M(
    'ID3D12GraphicsCommandList',
    'SetGraphicsRootDescriptorTable',
    { RootParameterIndex: U, BaseDescriptor: GPUH },
    'void',
  ),
  'ID3D12GraphicsCommandList::SetGraphicsRoot32BitConstants': M(
    'ID3D12GraphicsCommandList',
    'SetGraphicsRoot32BitConstants',
    { RootParameterIndex: U, Num32BitValuesToSet: U, SrcData: A(N), DestOffsetIn32BitValues: U },
    'void',
  ),
  'ID3D12GraphicsCommandList::SetGraphicsRootConstantBufferView': M(
    'ID3D12GraphicsCommandList',
    'SetGraphicsRootConstantBufferView',
    { RootParameterIndex: U, BufferLocation: N },
    'void',
  ),
  'ID3D12GraphicsCommandList::SetComputeRootSignature': M(
    'ID3D12GraphicsCommandList',
    'SetComputeRootSignature',
    { RootSignature: O('ID3D12RootSignature') },
    'void',
  ),
  'ID3D12GraphicsCommandList::SetComputeRootDescriptorTable': M(
    'ID3D12GraphicsCommandList',
    'SetComputeRootDescriptorTable',
    { RootParameterIndex: U, BaseDescriptor: GPUH },
    'void',
  ),
  'ID3D12GraphicsCommandList::SetComputeRoot32BitConstants': M(
    'ID3D12GraphicsCommandList',
    'SetComputeRoot32BitConstants',
    { RootParameterIndex: U, Num32BitValuesToSet: U, SrcData: A(N), DestOffsetIn32BitValues: U },
    'void',
  ),
  'ID3D12GraphicsCommandList::SetComputeRootConstantBufferView': M(
    'ID3D12GraphicsCommandList',
    'SetComputeRootConstantBufferView',
    { RootParameterIndex: U, BufferLocation: N },
    'void',
  ),
  'ID3D12GraphicsCommandList::SetComputeRootShaderResourceView': M(
    'ID3D12GraphicsCommandList',
    'SetComputeRootShaderResourceView',
    { RootParameterIndex: U, BufferLocation: N },
    'void',
  ),
  'ID3D12GraphicsCommandList::SetComputeRootUnorderedAccessView': M(
    'ID3D12GraphicsCommandList',
    'SetComputeRootUnorderedAccessView',
    { RootParameterIndex: U, BufferLocation: N },
    'void',
  ),
  'ID3D12GraphicsCommandList::Dispatch': M(
    'ID3D12GraphicsCommandList',
    'Dispatch',
    { ThreadGroupCountX: U, ThreadGroupCountY: U, ThreadGroupCountZ: U },
    'void',
  ),
  'ID3D12GraphicsCommandList::IASetPrimitiveTopology': M(
    'ID3D12GraphicsCommandList',
    'IASetPrimitiveTopology',
    { PrimitiveTopology: E('D3D_PRIMITIVE_TOPOLOGY') },
    'void',
  ),
  'ID3D12GraphicsCommandList::IASetVertexBuffers': M(
    'ID3D12GraphicsCommandList',
    'IASetVertexBuffers',
    { StartSlot: U, NumViews: U, Views: A(VBV) },
    'void',
  ),
  'ID3D12GraphicsCommandList::IASetIndexBuffer': M(
    'ID3D12GraphicsCommandList',
    'IASetIndexBuffer',
    { View: IBV },
    'void',
  ),
  'ID3D12GraphicsCommandList::DrawInstanced': M(
    'ID3D12GraphicsCommandList',
    'DrawInstanced',
    { VertexCountPerInstance: U, InstanceCount: U, StartVertexLocation: U, StartInstanceLocation: U },
    'void',
  ),
  'ID3D12GraphicsCommandList::DrawIndexedInstanced': M(
    'ID3D12GraphicsCommandList',
    'DrawIndexedInstanced',
    {
      IndexCountPerInstance: U,
      InstanceCount: U,
      StartIndexLocation: U,
      BaseVertexLocation: N,
      StartInstanceLocation: U,
    },
    'void',
  ),
  'ID3D12GraphicsCommandList::BeginEvent': M(
    'ID3D12GraphicsCommandList',
    'BeginEvent',
    { Metadata: U, Data: STR, Size: U },
    'void',
  ),
  'ID3D12GraphicsCommandList::EndEvent': M('ID3D12GraphicsCommandList', 'EndEvent', {}, 'void'),
  'ID3D12GraphicsCommandList::SetMarker': M(
    'ID3D12GraphicsCommandList',
    'SetMarker',
    { Metadata: U, Data: STR, Size: U },
    'void',
  ),
  // queues and fences
  'ID3D12CommandQueue::ExecuteCommandLists': M(
    'ID3D12CommandQueue',
    'ExecuteCommandLists',
    { NumCommandLists: U, CommandLists: A(O('ID3D12GraphicsCommandList')) },
    'void',
  ),
  'ID3D12CommandQueue::Signal': M('ID3D12CommandQueue', 'Signal', { Fence: O('ID3D12Fence'), Value: U64 }, 'hr'),
  'ID3D12CommandQueue::Wait': M('ID3D12CommandQueue', 'Wait', { Fence: O('ID3D12Fence'), Value: U64 }, 'hr'),
  'ID3D12CommandQueue::UpdateTileMappings': M(
    'ID3D12CommandQueue',
    'UpdateTileMappings',
    {
      Resource: O('ID3D12Resource'),
      NumResourceRegions: U,
      ResourceRegionStartCoordinates: A(S({ X: U, Y: U, Z: U, Subresource: U })),
      ResourceRegionSizes: A(S({ NumTiles: U, UseBox: B, Width: U, Height: U, Depth: U })),
      Heap: O('ID3D12Heap'),
      NumRanges: U,
      RangeFlags: A(F('D3D12_TILE_RANGE_FLAGS')),
      HeapRangeStartOffsets: A(U),
      RangeTileCounts: A(U),
      Flags: F('D3D12_TILE_MAPPING_FLAGS'),
    },
    'void',
  ),
  'ID3D12Fence::GetCompletedValue': M('ID3D12Fence', 'GetCompletedValue', {}, 'value'),
  'ID3D12Fence::Signal': M('ID3D12Fence', 'Signal', { Value: U64 }, 'hr'),
  'ID3D12Fence::SetEventOnCompletion': M('ID3D12Fence', 'SetEventOnCompletion', { Value: U64, hEvent: EVENT }, 'hr'),
  // queries and MSAA resolves (issue 9 §3; SPEC §7.2, §7.3)
  'ID3D12Device::CreateQueryHeap': M(
    'ID3D12Device',
    'CreateQueryHeap',
    { Type: E('D3D12_QUERY_HEAP_TYPE'), Count: U, NodeMask: U, riid: STR },
    'hrOut',
  ),
  'ID3D12GraphicsCommandList::BeginQuery': M(
    'ID3D12GraphicsCommandList',
    'BeginQuery',
    { QueryHeap: O('ID3D12QueryHeap'), Type: E('D3D12_QUERY_TYPE'), Index: U },
    'void',
  ),
  'ID3D12GraphicsCommandList::EndQuery': M(
    'ID3D12GraphicsCommandList',
    'EndQuery',
    { QueryHeap: O('ID3D12QueryHeap'), Type: E('D3D12_QUERY_TYPE'), Index: U },
    'void',
  ),
  'ID3D12GraphicsCommandList::ResolveQueryData': M(
    'ID3D12GraphicsCommandList',
    'ResolveQueryData',
    {
      QueryHeap: O('ID3D12QueryHeap'),
      Type: E('D3D12_QUERY_TYPE'),
      StartIndex: U,
      NumQueries: U,
      DestinationBuffer: O('ID3D12Resource'),
      AlignedDestinationBufferOffset: N,
    },
    'void',
  ),
  'ID3D12GraphicsCommandList::ResolveSubresource': M(
    'ID3D12GraphicsCommandList',
    'ResolveSubresource',
    {
      DstResource: O('ID3D12Resource'),
      DstSubresource: U,
      SrcResource: O('ID3D12Resource'),
      SrcSubresource: U,
      Format: FMT,
    },
    'void',
  ),
  'ID3D12GraphicsCommandList1::ResolveSubresourceRegion': M(
    'ID3D12GraphicsCommandList',
    'ResolveSubresourceRegion',
    {
      DstResource: O('ID3D12Resource'),
      DstSubresource: U,
      DstX: U,
      DstY: U,
      SrcResource: O('ID3D12Resource'),
      SrcSubresource: U,
      SrcRect: RECT,
      Format: FMT,
      ResolveMode: E('D3D12_RESOLVE_MODE'),
    },
    'void',
  ),
  'ID3D12CommandQueue::GetTimestampFrequency': M(
    'ID3D12CommandQueue',
    'GetTimestampFrequency',
    { Frequency: ANY },
    'hrOut',
  ),
  'ID3D12CommandQueue::GetClockCalibration': M(
    'ID3D12CommandQueue',
    'GetClockCalibration',
    { GpuTimestamp: ANY, CpuTimestamp: ANY },
    'hrOut',
  ),
  // bundles (SPEC §6.1)
  'ID3D12GraphicsCommandList::ExecuteBundle': M(
    'ID3D12GraphicsCommandList',
    'ExecuteBundle',
    { CommandList: O('ID3D12GraphicsCommandList') },
    'void',
  ),
};

/** Interface aliases a scenario may write on the left of `::` (the method lives on the modelled class). */
export const IFACE_ALIASES: Record<string, string> = {
  ID3D12Device1: 'ID3D12Device',
  ID3D12Device2: 'ID3D12Device',
  ID3D12Device3: 'ID3D12Device',
  ID3D12Device4: 'ID3D12Device',
  ID3D12Device5: 'ID3D12Device',
  ID3D12Device10: 'ID3D12Device',
  ID3D12GraphicsCommandList1: 'ID3D12GraphicsCommandList',
  ID3D12GraphicsCommandList4: 'ID3D12GraphicsCommandList',
  ID3D12GraphicsCommandList7: 'ID3D12GraphicsCommandList',
  ID3D12Resource1: 'ID3D12Resource',
  ID3D12Fence1: 'ID3D12Fence',
  IDXGISwapChain1: 'IDXGISwapChain',
  IDXGISwapChain3: 'IDXGISwapChain',
  IDXGISwapChain4: 'IDXGISwapChain',
  IDXGIFactory4: 'IDXGIFactory2',
  IDXGIFactory6: 'IDXGIFactory6',
  IDXGIAdapter4: 'IDXGIAdapter1',
  ID3D12Debug1: 'ID3D12Debug1',
  ID3D12Heap: 'IUnknown',
  ID3D12Object: 'ID3D12Object',
};

/** Numeric macros a file may write by name. */
export const MACROS: Record<string, number> = {
  D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES: 0xffffffff,
  D3D12_APPEND_ALIGNED_ELEMENT: 0xffffffff,
  D3D12_DESCRIPTOR_RANGE_OFFSET_APPEND: 0xffffffff,
  D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING: 0x1688,
  D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT: 65536,
  D3D12_DEFAULT_MSAA_RESOURCE_PLACEMENT_ALIGNMENT: 4194304,
  D3D12_SMALL_RESOURCE_PLACEMENT_ALIGNMENT: 4096,
  D3D12_TEXTURE_DATA_PITCH_ALIGNMENT: 256,
  D3D12_TEXTURE_DATA_PLACEMENT_ALIGNMENT: 512,
  D3D12_TILED_RESOURCE_TILE_SIZE_IN_BYTES: 65536,
  D3D12_CLEAR_FLAG_DEPTH: 1,
  D3D12_CLEAR_FLAG_STENCIL: 2,
  INFINITE: 0xffffffff,
  DXGI_MEMORY_SEGMENT_GROUP_LOCAL: 0,
  DXGI_MEMORY_SEGMENT_GROUP_NON_LOCAL: 1,
  D3D_SHADER_MODEL_5_1: 0x51,
  D3D_SHADER_MODEL_6_0: 0x60,
  D3D_SHADER_MODEL_6_1: 0x61,
  D3D_SHADER_MODEL_6_2: 0x62,
  D3D_SHADER_MODEL_6_3: 0x63,
  D3D_SHADER_MODEL_6_4: 0x64,
  D3D_SHADER_MODEL_6_5: 0x65,
  D3D_SHADER_MODEL_6_6: 0x66,
  D3D_SHADER_MODEL_6_7: 0x67,
  D3D_SHADER_MODEL_6_8: 0x68,
  UINT_MAX: 0xffffffff,
};
