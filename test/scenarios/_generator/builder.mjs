// The scenario builder shared by every definition module: a scenario is written call by call together with the
// output the REAL D3D12 runtime + debug layer gives (per ../shared/d3d12/DEBUG_LAYER.md, CORRECTIONS.md and the
// reference pages), never with what a model prints. generate.mjs writes the .json and .expected.jsonl files.

// category / severity of every message id the suite expects (DEBUG_LAYER.md rows, V-LOG unless noted)
export const MSG = {
  INVALID_SUBRESOURCE_STATE: ['EXECUTION', 'ERROR'], // rows 1-5
  RESOURCE_BARRIER_BEFORE_AFTER_MISMATCH: ['RESOURCE_MANIPULATION', 'ERROR'], // row 6
  RESOURCE_BARRIER_MATCHING_STATES: ['RESOURCE_MANIPULATION', 'ERROR'], // row 7
  RESOURCE_BARRIER_INVALID_COMMAND_LIST_TYPE: ['RESOURCE_MANIPULATION', 'ERROR'], // row 8
  RESOURCE_BARRIER_MISMATCHING_COMMAND_LIST_TYPE: ['RESOURCE_MANIPULATION', 'ERROR'], // row 9
  RESOURCE_BARRIER_INVALID_HEAP: ['RESOURCE_MANIPULATION', 'ERROR'], // rows 10, 12
  CREATERESOURCE_STATE_IGNORED: ['STATE_CREATION', 'WARNING'], // row 13
  CREATERESOURCEANDHEAP_INVALIDHEAPPROPERTIES: ['STATE_CREATION', 'ERROR'], // row 14
  MAP_INVALID_NULLRANGE: ['EXECUTION', 'WARNING'], // row 16
  UNMAP_INVALID_NULLRANGE: ['EXECUTION', 'WARNING'], // row 16
  COMMAND_ALLOCATOR_SYNC: ['EXECUTION', 'ERROR'], // row 19
  COMMAND_ALLOCATOR_CONTENTION: ['EXECUTION', 'ERROR'], // row 21
  COMMAND_LIST_CLOSED: ['EXECUTION', 'ERROR'], // row 24
  EXECUTECOMMANDLISTS_FAILEDCOMMANDLIST: ['EXECUTION', 'ERROR'], // row 26
  DEVICE_REMOVAL_PROCESS_AT_FAULT: ['EXECUTION', 'ERROR'], // row 26
  EXECUTECOMMANDLISTS_WRONGSWAPCHAINBUFFERREFERENCE: ['STATE_SETTING', 'ERROR'], // row 29
  OBJECT_DELETED_WHILE_STILL_IN_USE: ['EXECUTION', 'ERROR'], // row 30
  CREATE_DESCRIPTOR_HEAP_INVALID_DESC: ['STATE_CREATION', 'ERROR'], // row 33 (as in shared example p3)
  DESCRIPTOR_HEAP_NOT_SHADER_VISIBLE: ['STATE_GETTING', 'ERROR'], // row 34
  COPYTEXTUREREGION_INVALIDSRCROWPITCH: ['RESOURCE_MANIPULATION', 'ERROR'], // row 40
  INVALID_DESCRIPTOR_HANDLE: ['EXECUTION', 'ERROR'], // row 36
  // added by the variants and programs definitions (same sources)
  EXECUTECOMMANDLISTS_BUNDLENOTSUPPORTED: ['EXECUTION', 'ERROR'],
  RENDER_TARGET_OR_DEPTH_STENCIL_RESOURCE_NOT_INITIALIZED: ['EXECUTION', 'ERROR'],
  UNMAP_INVALIDRANGE: ['EXECUTION', 'ERROR'],
  COPYTEXTUREREGION_INVALIDDSTRESOURCE: ['RESOURCE_MANIPULATION', 'ERROR'],
  NO_GRAPHICS_API_SUPPORT: ['EXECUTION', 'ERROR'],
  NO_COMPUTE_API_SUPPORT: ['EXECUTION', 'ERROR'],
  EXECUTECOMMANDLISTS_COMMANDLISTMISMATCH: ['EXECUTION', 'ERROR'], // row 28 (INF)
  COMMAND_LIST_SYNC: ['EXECUTION', 'ERROR'], // row 27
  EXECUTECOMMANDLISTS_OPENCOMMANDLIST: ['EXECUTION', 'ERROR'], // row 25
  EXECUTECOMMANDLISTS_GPU_WRITTEN_READBACK_RESOURCE_MAPPED: ['EXECUTION', 'ERROR'], // row 17 (INF)
  OBJECT_ACCESSED_WHILE_STILL_IN_USE: ['EXECUTION', 'ERROR'], // row 31
  SET_DESCRIPTOR_HEAP_INVALID: ['STATE_SETTING', 'ERROR'], // row 35 (INF)
  COPYTEXTUREREGION_INVALIDSRCOFFSET: ['RESOURCE_MANIPULATION', 'ERROR'], // COPY-ALIGN-1 (same family as row 40)
  COPYTEXTUREREGION_INVALIDDSTOFFSET: ['RESOURCE_MANIPULATION', 'ERROR'],
  COPYTEXTUREREGION_INVALIDSRCPLACEMENT: ['RESOURCE_MANIPULATION', 'ERROR'], // #869 (CORRECTIONS 000-9)
  COPYTEXTUREREGION_INVALIDDSTPLACEMENT: ['RESOURCE_MANIPULATION', 'ERROR'],
  COPYTEXTUREREGION_INVALIDDSTROWPITCH: ['RESOURCE_MANIPULATION', 'ERROR'],
  FENCE_ZERO_WAIT: ['EXECUTION', 'WARNING'],
  // issue 9 rule families (defs-rule-families.mjs): #820/#821 category and severity from public logs
  // (d3d12book#10, OpenXR-Tutorials#143); the creation/barrier/copy IDs' category as their neighbours (INF)
  CLEARRENDERTARGETVIEW_MISMATCHINGCLEARVALUE: ['EXECUTION', 'WARNING'],
  CLEARDEPTHSTENCILVIEW_MISMATCHINGCLEARVALUE: ['EXECUTION', 'WARNING'],
  RESOURCE_BARRIER_MISSING_BIND_FLAGS: ['RESOURCE_MANIPULATION', 'ERROR'],
  RESOURCE_BARRIER_INVALID_COMBINATION: ['RESOURCE_MANIPULATION', 'ERROR'],
  CREATERESOURCE_INVALIDCLEARVALUE: ['STATE_CREATION', 'ERROR'],
  CREATERESOURCE_INVALIDFORMAT: ['STATE_CREATION', 'ERROR'],
  COPY_DESCRIPTORS_INVALID_RANGES: ['STATE_CREATION', 'ERROR'],
  // compute (defs-compute.mjs): categories as the graphics counterparts #200/#691 (INF)
  COMMAND_LIST_DISPATCH_ROOT_SIGNATURE_NOT_SET: ['EXECUTION', 'ERROR'],
  COMMAND_LIST_PIPELINE_STATE_NOT_SET: ['EXECUTION', 'ERROR'],
  CREATECOMPUTEPIPELINESTATE_MISSING_ROOT_SIGNATURE: ['STATE_CREATION', 'ERROR'],
  GPU_BASED_VALIDATION_INCOMPATIBLE_RESOURCE_STATE: ['EXECUTION', 'ERROR'], // rows 3, 9 (GBV)
  GPU_BASED_VALIDATION_DESCRIPTOR_UNINITIALIZED: ['EXECUTION', 'ERROR'], // row 36 (GBV)
  MAP_INVALIDHEAP: ['RESOURCE_MANIPULATION', 'ERROR'], // row 15 (INF)
  MAP_INVALIDARG_RETURN: ['RESOURCE_MANIPULATION', 'ERROR'],
  UNMAP_RANGE_NOT_EMPTY: ['EXECUTION', 'WARNING'],
  CREATE_ROOT_SIGNATURE_NOT_SUPPORTED_ON_DEVICE: ['STATE_CREATION', 'ERROR'],
  WRITETOSUBRESOURCE_INVALIDHEAP: ['RESOURCE_MANIPULATION', 'ERROR'],
  WRITETOSUBRESOURCE_INVALIDRESOURCE: ['RESOURCE_MANIPULATION', 'ERROR'],
  OBJECT_EVICTED_WHILE_STILL_IN_USE: ['EXECUTION', 'ERROR'],
  BEGIN_END_EVENT_MISMATCH: ['EXECUTION', 'ERROR'],
  SET_DESCRIPTOR_TABLE_INVALID: ['STATE_SETTING', 'ERROR'], // DT-TYPE-1 (ID INF)
  // queries and resolves (defs-queries.mjs): #1319 EXECUTION ERROR from DirectX-Graphics-Samples#839/#716; the others'
  // categories as their neighbours (INF)
  CREATEQUERY_HEAP_INVALID_PARAMETERS: ['STATE_CREATION', 'ERROR'],
  BEGIN_END_QUERY_INVALID_PARAMETERS: ['EXECUTION', 'ERROR'],
  CLOSE_COMMAND_LIST_OPEN_QUERY: ['EXECUTION', 'ERROR'],
  RESOLVE_QUERY_DATA_INVALID_PARAMETERS: ['EXECUTION', 'ERROR'],
  RESOLVE_QUERY_INVALID_QUERY_STATE: ['EXECUTION', 'ERROR'],
  RESOLVESUBRESOURCE_INVALID_SAMPLE_COUNT: ['RESOURCE_MANIPULATION', 'ERROR'],
  RESOLVESUBRESOURCE_RESOURCE_MISMATCH: ['RESOURCE_MANIPULATION', 'ERROR'],
  CREATERESOURCE_INVALIDSAMPLEDESC: ['STATE_CREATION', 'ERROR'],
  CREATERESOURCE_INVALIDMISCFLAGS: ['STATE_CREATION', 'ERROR'],
  COPYRESOURCE_INVALIDDSTRESOURCE: ['RESOURCE_MANIPULATION', 'ERROR'],
  RENDER_TARGET_SAMPLE_DESC_MISMATCH_PIPELINE_STATE: ['EXECUTION', 'WARNING'],
  RESOLVESUBRESOURCEREGION_INVALID_RECT: ['RESOURCE_MANIPULATION', 'ERROR'],
  // split barriers (defs-modelrules.mjs): #533-#535 category and severity as their RESOURCE_BARRIER_* neighbours (INF)
  RESOURCE_BARRIER_INVALID_SPLIT_BARRIER: ['RESOURCE_MANIPULATION', 'ERROR'],
  RESOURCE_BARRIER_UNMATCHED_END: ['RESOURCE_MANIPULATION', 'ERROR'],
  RESOURCE_BARRIER_UNMATCHED_BEGIN: ['RESOURCE_MANIPULATION', 'ERROR'],
  // enhanced-barrier layouts (defs-modelrules.mjs): #1334 STATE_SETTING ERROR from hedge-dev/UnleashedRecomp#1638
  INCOMPATIBLE_BARRIER_LAYOUT: ['STATE_SETTING', 'ERROR'],
  // resolve modes (defs-modelrules.mjs): as the other RESOLVESUBRESOURCE_* above (INF)
  RESOLVESUBRESOURCE_INVALID_FORMAT: ['RESOURCE_MANIPULATION', 'ERROR'],
};

export const UINT64_MAX = '18446744073709551615';

const VOID_CALLS = new Set([
  'ID3D12CommandQueue::ExecuteCommandLists',
  'ID3D12CommandQueue::UpdateTileMappings',
  'ID3D12Resource::Unmap',
  'CreateEvent',
  'ID3D12Device::CreateRenderTargetView',
  'ID3D12Device::CreateShaderResourceView',
  'ID3D12Device::CreateUnorderedAccessView',
  'ID3D12Device::CreateDepthStencilView',
  'ID3D12Device::CreateConstantBufferView',
  'ID3D12Device::CreateSampler',
  'ID3D12Device::CopyDescriptorsSimple',
  'ID3D12Device::CopyDescriptors',
  'ID3D12Device::GetDescriptorHandleIncrementSize',
  'ID3D12Debug::EnableDebugLayer',
  'ID3D12Debug1::SetEnableGPUBasedValidation',
  'IUnknown::Release',
  'ID3D12DescriptorHeap::GetCPUDescriptorHandleForHeapStart',
  'ID3D12DescriptorHeap::GetGPUDescriptorHandleForHeapStart',
  'ID3D12Fence::GetCompletedValue',
  'IDXGISwapChain3::GetCurrentBackBufferIndex',
  '@gpu.advance',
  '@gpu.idle',
  'ID3D12Resource::GetGPUVirtualAddress',
]);

function defaultHr(call) {
  if (VOID_CALLS.has(call)) return null;
  if (
    call.startsWith('ID3D12GraphicsCommandList::') &&
    call !== 'ID3D12GraphicsCommandList::Close' &&
    call !== 'ID3D12GraphicsCommandList::Reset'
  )
    return null;
  return 'S_OK';
}

// ---------- descriptions ----------
export const bufDesc = (width, flags = 'D3D12_RESOURCE_FLAG_NONE') => ({
  Dimension: 'D3D12_RESOURCE_DIMENSION_BUFFER',
  Alignment: 0,
  Width: width,
  Height: 1,
  DepthOrArraySize: 1,
  MipLevels: 1,
  Format: 'DXGI_FORMAT_UNKNOWN',
  SampleDesc: { Count: 1, Quality: 0 },
  Layout: 'D3D12_TEXTURE_LAYOUT_ROW_MAJOR',
  Flags: flags,
});
export const texDesc = (
  w,
  h,
  {
    fmt = 'DXGI_FORMAT_R8G8B8A8_UNORM',
    mips = 1,
    flags = 'D3D12_RESOURCE_FLAG_NONE',
    samples = 1,
    layout = 'D3D12_TEXTURE_LAYOUT_UNKNOWN',
    array = 1,
  } = {},
) => ({
  Dimension: 'D3D12_RESOURCE_DIMENSION_TEXTURE2D',
  Alignment: 0,
  Width: w,
  Height: h,
  DepthOrArraySize: array,
  MipLevels: mips,
  Format: fmt,
  SampleDesc: { Count: samples, Quality: 0 },
  Layout: layout,
  Flags: flags,
});
export const heapProps = (type) => ({ Type: `D3D12_HEAP_TYPE_${type}` });
export const st = (s) => (s.startsWith('D3D12_') ? s : `D3D12_RESOURCE_STATE_${s}`);
export const ALL = 'D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES';
export const LT = (t) => `D3D12_COMMAND_LIST_TYPE_${t}`;

export const transition = (res, before, after, sub = ALL, flags = 'D3D12_RESOURCE_BARRIER_FLAG_NONE') => ({
  Type: 'D3D12_RESOURCE_BARRIER_TYPE_TRANSITION',
  Flags: flags,
  Transition: { Resource: res, Subresource: sub, StateBefore: st(before), StateAfter: st(after) },
});
export const footprintLoc = (res, w, h, rowPitch, offset = 0, fmt = 'DXGI_FORMAT_R8G8B8A8_UNORM') => ({
  Resource: res,
  Type: 'D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT',
  PlacedFootprint: { Offset: offset, Footprint: { Format: fmt, Width: w, Height: h, Depth: 1, RowPitch: rowPitch } },
});
export const subLoc = (res, sub = 0) => ({
  Resource: res,
  Type: 'D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX',
  SubresourceIndex: sub,
});

// The RTV increment the default device reports (GetDescriptorHandleIncrementSize): a C++ sample offsets its
// handles by the value it queried; a scenario file writes that value out, so it stands here once.
export const RTV_INC = 32;
// The model's address space (SPEC SCN-OUT-1): the docs fix no values, only that handles are non-zero, a
// non-shader-visible heap's GPU start is 0, and that texture GPU VAs are 0. First CPU descriptor heap 1 MiB,
// first shader-visible GPU descriptor heap 2^37, buffers' GPU VAs from 4 GiB + 1 MiB.
export const CPU_BASE = '1048576';
export const GPU_BASE = '137438953472';

// ---------- scenario builder ----------
export class B {
  constructor(name, opts = {}) {
    this.name = name;
    this.debugLayer = opts.debugLayer ?? true;
    this.gbv = opts.gbv ?? false;
    this.gpuMsPerList = opts.gpuMsPerList;
    this.calls = [];
    this.exp = [];
    this.removed = false;
    this.reason = null;
    this.evN = 0;
  }
  // raw call. e: { hr, value, handle, msgs: [ids] }
  c(call, { self, args, out } = {}, e = {}) {
    const o = { call };
    if (self !== undefined) o.this = self;
    if (args !== undefined) o.args = args;
    if (out !== undefined) o.out = out;
    this.calls.push(o);
    const hr = 'hr' in e ? e.hr : defaultHr(call);
    this.exp.push({ call, hr, value: e.value, handle: e.handle, msgs: e.msgs ?? [] });
    return this;
  }
  removedBy(reason) {
    this.removed = true;
    this.reason = reason;
    return this;
  }

  // ----- common objects -----
  device(e = {}) {
    return this.c(
      'D3D12CreateDevice',
      { args: { Adapter: null, MinimumFeatureLevel: 'D3D_FEATURE_LEVEL_11_0' }, out: 'dev' },
      e,
    );
  }
  queue(name = 'queue', type = 'DIRECT') {
    return this.c('ID3D12Device::CreateCommandQueue', {
      self: 'dev',
      args: { Type: LT(type), Priority: 0, Flags: 'D3D12_COMMAND_QUEUE_FLAG_NONE', NodeMask: 0 },
      out: name,
    });
  }
  alloc(name = 'alloc', type = 'DIRECT', e = {}) {
    return this.c('ID3D12Device::CreateCommandAllocator', { self: 'dev', args: { type: LT(type) }, out: name }, e);
  }
  list(name = 'list', type = 'DIRECT', alloc = 'alloc', e = {}) {
    return this.c(
      'ID3D12Device::CreateCommandList',
      { self: 'dev', args: { nodeMask: 0, type: LT(type), CommandAllocator: alloc, InitialState: null }, out: name },
      e,
    );
  }
  // device + direct queue + allocator + open list
  basics(type = 'DIRECT') {
    this.device().queue('queue', type).alloc('alloc', type).list('list', type, 'alloc');
    return this;
  }
  committed(name, heapType, desc, state, e = {}, heapFlags = 'D3D12_HEAP_FLAG_NONE', clear = null) {
    return this.c(
      'ID3D12Device::CreateCommittedResource',
      {
        self: 'dev',
        args: {
          HeapProperties: typeof heapType === 'string' ? heapProps(heapType) : heapType,
          HeapFlags: heapFlags,
          Desc: desc,
          InitialResourceState: st(state),
          OptimizedClearValue: clear,
        },
        out: name,
      },
      e,
    );
  }
  buffer(name, heapType, width, state, e = {}, flags) {
    return this.committed(name, heapType, bufDesc(width, flags), state, e);
  }
  texture(name, w, h, state, opts = {}, e = {}) {
    // opts.clear: the optimized clear value ({ Format, Color } or { Format, DepthStencil }), else none
    return this.committed(name, opts.heap ?? 'DEFAULT', texDesc(w, h, opts), state, e, undefined, opts.clear ?? null);
  }
  upload(name = 'upload', width = 65536) {
    return this.buffer(name, 'UPLOAD', width, 'GENERIC_READ');
  }
  readback(name = 'readback', width = 65536) {
    return this.buffer(name, 'READBACK', width, 'COPY_DEST');
  }

  // ----- recording -----
  barrier(list, barriers, e = {}) {
    const arr = Array.isArray(barriers) ? barriers : [barriers];
    return this.c(
      'ID3D12GraphicsCommandList::ResourceBarrier',
      { self: list, args: { NumBarriers: arr.length, Barriers: arr } },
      e,
    );
  }
  tr(list, res, before, after, e = {}, sub = ALL) {
    return this.barrier(list, transition(res, before, after, sub), e);
  }
  copyBuf(list, dst, dstOff, src, srcOff, bytes, e = {}) {
    return this.c(
      'ID3D12GraphicsCommandList::CopyBufferRegion',
      { self: list, args: { DstBuffer: dst, DstOffset: dstOff, SrcBuffer: src, SrcOffset: srcOff, NumBytes: bytes } },
      e,
    );
  }
  copyRes(list, dst, src, e = {}) {
    return this.c(
      'ID3D12GraphicsCommandList::CopyResource',
      { self: list, args: { DstResource: dst, SrcResource: src } },
      e,
    );
  }
  // buffer (footprint) -> texture subresource
  upTex(list, tex, buf, w, h, { rowPitch = 256 * Math.ceil((w * 4) / 256), offset = 0, sub = 0, fmt } = {}, e = {}) {
    return this.c(
      'ID3D12GraphicsCommandList::CopyTextureRegion',
      {
        self: list,
        args: {
          Dst: subLoc(tex, sub),
          DstX: 0,
          DstY: 0,
          DstZ: 0,
          Src: footprintLoc(buf, w, h, rowPitch, offset, fmt),
          SrcBox: null,
        },
      },
      e,
    );
  }
  // texture subresource -> buffer (footprint)
  downTex(list, buf, tex, w, h, { rowPitch = 256 * Math.ceil((w * 4) / 256), offset = 0, sub = 0, fmt } = {}, e = {}) {
    return this.c(
      'ID3D12GraphicsCommandList::CopyTextureRegion',
      {
        self: list,
        args: {
          Dst: footprintLoc(buf, w, h, rowPitch, offset, fmt),
          DstX: 0,
          DstY: 0,
          DstZ: 0,
          Src: subLoc(tex, sub),
          SrcBox: null,
        },
      },
      e,
    );
  }
  close(list = 'list', e = {}) {
    return this.c('ID3D12GraphicsCommandList::Close', { self: list }, e);
  }
  resetList(list, alloc, e = {}) {
    return this.c(
      'ID3D12GraphicsCommandList::Reset',
      { self: list, args: { Allocator: alloc, InitialState: null } },
      e,
    );
  }
  resetAlloc(alloc = 'alloc', e = {}) {
    return this.c('ID3D12CommandAllocator::Reset', { self: alloc }, e);
  }
  ecl(queue, lists, e = {}) {
    const arr = Array.isArray(lists) ? lists : [lists];
    return this.c(
      'ID3D12CommandQueue::ExecuteCommandLists',
      { self: queue, args: { NumCommandLists: arr.length, CommandLists: arr } },
      e,
    );
  }

  // ----- sync -----
  fence(name = 'fence', init = 0) {
    return this.c('ID3D12Device::CreateFence', {
      self: 'dev',
      args: { InitialValue: init, Flags: 'D3D12_FENCE_FLAG_NONE' },
      out: name,
    });
  }
  signal(queue, fence, value, e = {}) {
    return this.c('ID3D12CommandQueue::Signal', { self: queue, args: { Fence: fence, Value: value } }, e);
  }
  qwait(queue, fence, value, e = {}) {
    return this.c('ID3D12CommandQueue::Wait', { self: queue, args: { Fence: fence, Value: value } }, e);
  }
  cpuSignal(fence, value, e = {}) {
    return this.c('ID3D12Fence::Signal', { self: fence, args: { Value: value } }, e);
  }
  event(name) {
    return this.c('CreateEvent', {
      args: { lpEventAttributes: null, bManualReset: false, bInitialState: false, lpName: null },
      out: name,
    });
  }
  setEvent(fence, value, ev, e = {}) {
    return this.c('ID3D12Fence::SetEventOnCompletion', { self: fence, args: { Value: value, hEvent: ev } }, e);
  }
  waitEv(ev, ms, result = 'WAIT_OBJECT_0') {
    return this.c('WaitForSingleObject', { args: { hHandle: ev, dwMilliseconds: ms } }, { hr: result });
  }
  // CreateEvent + SetEventOnCompletion + WaitForSingleObject
  cpuWait(fence, value, ms = 1000, result = 'WAIT_OBJECT_0') {
    const ev = `event${this.evN++}`;
    return this.event(ev).setEvent(fence, value, ev).waitEv(ev, ms, result);
  }
  completed(fence, value, e = {}) {
    return this.c('ID3D12Fence::GetCompletedValue', { self: fence }, { value: String(value), ...e });
  }
  advance(ms, e = {}) {
    return this.c('@gpu.advance', { args: { ms } }, e);
  }
  idle(e = {}) {
    return this.c('@gpu.idle', {}, e);
  }

  // ----- map -----
  map(res, sub = 0, range = { Begin: 0, End: 0 }, e = {}) {
    return this.c('ID3D12Resource::Map', { self: res, args: { Subresource: sub, ReadRange: range } }, e);
  }
  unmap(res, sub = 0, range = { Begin: 0, End: 0 }, e = {}) {
    return this.c('ID3D12Resource::Unmap', { self: res, args: { Subresource: sub, WrittenRange: range } }, e);
  }

  release(obj, e = {}) {
    return this.c('IUnknown::Release', { self: obj }, e);
  }
  removedReason(hr) {
    return this.c('ID3D12Device::GetDeviceRemovedReason', { self: 'dev' }, { hr });
  }

  // ----- descriptors -----
  heap(name, type, num, visible = false, e = {}) {
    return this.c(
      'ID3D12Device::CreateDescriptorHeap',
      {
        self: 'dev',
        args: {
          Type: `D3D12_DESCRIPTOR_HEAP_TYPE_${type}`,
          NumDescriptors: num,
          Flags: visible ? 'D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE' : 'D3D12_DESCRIPTOR_HEAP_FLAG_NONE',
          NodeMask: 0,
        },
        out: name,
      },
      e,
    );
  }
  rtv(res, heap, index, e = {}) {
    return this.c(
      'ID3D12Device::CreateRenderTargetView',
      { self: 'dev', args: { Resource: res, Desc: null, DestDescriptor: { heap, index } } },
      e,
    );
  }
  clearRtv(list, heap, index, e = {}) {
    return this.c(
      'ID3D12GraphicsCommandList::ClearRenderTargetView',
      {
        self: list,
        args: { RenderTargetView: { heap, index }, ColorRGBA: [0, 0.2, 0.4, 1], NumRects: 0, Rects: null },
      },
      e,
    );
  }
  omSet(list, heap, index, e = {}) {
    return this.c(
      'ID3D12GraphicsCommandList::OMSetRenderTargets',
      {
        self: list,
        args: {
          NumRenderTargetDescriptors: 1,
          RenderTargetDescriptors: [{ heap, index }],
          RTsSingleHandleToDescriptorRange: false,
          DepthStencilDescriptor: null,
        },
      },
      e,
    );
  }

  // ----- swap chain -----
  swapchain(count = 2, flags = 0) {
    this.c('CreateDXGIFactory2', { args: { Flags: 0 }, out: 'factory' });
    return this.c('IDXGIFactory2::CreateSwapChainForComposition', {
      self: 'factory',
      args: {
        Device: 'queue',
        Desc: {
          Width: 256,
          Height: 256,
          Format: 'DXGI_FORMAT_B8G8R8A8_UNORM',
          Stereo: false,
          SampleDesc: { Count: 1, Quality: 0 },
          BufferUsage: 'DXGI_USAGE_RENDER_TARGET_OUTPUT',
          BufferCount: count,
          Scaling: 'DXGI_SCALING_STRETCH',
          SwapEffect: 'DXGI_SWAP_EFFECT_FLIP_SEQUENTIAL',
          AlphaMode: 'DXGI_ALPHA_MODE_PREMULTIPLIED',
          Flags: flags,
        },
        RestrictToOutput: null,
      },
      out: 'swapchain',
    });
  }
  getBuffer(i, name) {
    return this.c('IDXGISwapChain::GetBuffer', {
      self: 'swapchain',
      args: { Buffer: i, riid: 'ID3D12Resource' },
      out: name,
    });
  }
  present(sync = 1, flags = 0, e = {}) {
    return this.c('IDXGISwapChain::Present', { self: 'swapchain', args: { SyncInterval: sync, Flags: flags } }, e);
  }
  bbIndex(v) {
    return this.c('IDXGISwapChain3::GetCurrentBackBufferIndex', { self: 'swapchain' }, { value: String(v) });
  }

  // ----- getters, programs (the DirectX-Graphics-Samples flows) -----
  // e.extra: keys printed after hr (getter outputs)
  x(call, spec, extra, e = {}) {
    this.c(call, spec, { hr: null, ...e });
    this.exp[this.exp.length - 1].extra = extra;
    return this;
  }
  factory() {
    return this.c('CreateDXGIFactory2', { args: { Flags: 0 }, out: 'factory' });
  }
  swap(
    count,
    { w = 1280, h = 720, fmt = 'DXGI_FORMAT_R8G8B8A8_UNORM', effect = 'DXGI_SWAP_EFFECT_FLIP_DISCARD' } = {},
  ) {
    return this.c('IDXGIFactory2::CreateSwapChainForComposition', {
      self: 'factory',
      args: {
        Device: 'queue',
        Desc: {
          Width: w,
          Height: h,
          Format: fmt,
          SampleDesc: { Count: 1 },
          BufferUsage: 'DXGI_USAGE_RENDER_TARGET_OUTPUT',
          BufferCount: count,
          Scaling: 'DXGI_SCALING_STRETCH',
          SwapEffect: effect,
          AlphaMode: 'DXGI_ALPHA_MODE_PREMULTIPLIED',
        },
        RestrictToOutput: null,
      },
      out: 'swapchain',
    });
  }
  inc(type, v) {
    return this.c(
      'ID3D12Device::GetDescriptorHandleIncrementSize',
      { self: 'dev', args: { DescriptorHeapType: `D3D12_DESCRIPTOR_HEAP_TYPE_${type}` }, out: `inc${type}` },
      { value: String(v) },
    );
  }
  cpuStart(heap, out, handle) {
    return this.c(
      'ID3D12DescriptorHeap::GetCPUDescriptorHandleForHeapStart',
      { self: heap, out },
      { handle: handle ?? CPU_BASE },
    );
  }
  gpuStart(heap, out, handle) {
    return this.c(
      'ID3D12DescriptorHeap::GetGPUDescriptorHandleForHeapStart',
      { self: heap, out },
      { handle: handle ?? GPU_BASE },
    );
  }
  rtvAt(res, handle) {
    return this.c('ID3D12Device::CreateRenderTargetView', {
      self: 'dev',
      args: { Resource: res, Desc: null, DestDescriptor: handle },
    });
  }
  rs10(params, samplers, flags) {
    this.c('D3D12SerializeRootSignature', {
      args: {
        RootSignature: {
          NumParameters: params.length,
          Parameters: params,
          NumStaticSamplers: samplers.length,
          StaticSamplers: samplers,
          Flags: flags,
        },
        Version: 'D3D_ROOT_SIGNATURE_VERSION_1',
        Blob: null,
        ErrorBlob: null,
      },
      out: 'signature',
    });
    return this.c('ID3D12Device::CreateRootSignature', {
      self: 'dev',
      args: { nodeMask: 0, BlobWithRootSignature: 'signature' },
      out: 'rootSignature',
    });
  }
  rs11(params, samplers, flags) {
    this.c('D3D12SerializeVersionedRootSignature', {
      args: {
        RootSignature: {
          Version: 'D3D_ROOT_SIGNATURE_VERSION_1_1',
          Desc_1_1: {
            NumParameters: params.length,
            Parameters: params,
            NumStaticSamplers: samplers.length,
            StaticSamplers: samplers,
            Flags: flags,
          },
        },
        ErrorBlob: null,
      },
      out: 'signature',
    });
    return this.c('ID3D12Device::CreateRootSignature', {
      self: 'dev',
      args: { nodeMask: 0, BlobWithRootSignature: 'signature' },
      out: 'rootSignature',
    });
  }
  pso(inputs, { vsIn, psRes = [] }) {
    return this.c('ID3D12Device::CreateGraphicsPipelineState', {
      self: 'dev',
      args: {
        Desc: {
          InputLayout: { NumElements: inputs.length, InputElementDescs: inputs },
          RootSignature: 'rootSignature',
          VS: {
            BytecodeLength: 1024,
            Reflection: { Inputs: vsIn.map((s) => ({ SemanticName: s, SemanticIndex: 0 })), Resources: [] },
          },
          PS: { BytecodeLength: 1024, Reflection: { Inputs: [], Resources: psRes } },
          RasterizerState: {
            FillMode: 'D3D12_FILL_MODE_SOLID',
            CullMode: 'D3D12_CULL_MODE_BACK',
            FrontCounterClockwise: false,
            DepthClipEnable: true,
          },
          SampleMask: 0xffffffff,
          PrimitiveTopologyType: 'D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE',
          NumRenderTargets: 1,
          RTVFormats: ['DXGI_FORMAT_R8G8B8A8_UNORM'],
          SampleDesc: { Count: 1 },
        },
      },
      out: 'pipelineState',
    });
  }
  ev(name, manual = false, initial = false) {
    return this.c('CreateEvent', {
      args: { lpEventAttributes: null, bManualReset: manual, bInitialState: initial, lpName: null },
      out: name,
    });
  }
  // the samples' WaitForPreviousFrame: Signal(fence, value); if (GetCompletedValue() < value) { SetEventOnCompletion; WaitForSingleObject(INFINITE) }
  waitForPrevious(value, completedBefore, ev = 'fenceEvent', queue = 'queue', fence = 'fence') {
    this.signal(queue, fence, value);
    this.c('ID3D12Fence::GetCompletedValue', { self: fence }, { value: String(completedBefore) });
    if (BigInt(completedBefore) < BigInt(value)) {
      this.setEvent(fence, value, ev);
      this.c('WaitForSingleObject', { args: { hHandle: ev, dwMilliseconds: 'INFINITE' } }, { hr: 'WAIT_OBJECT_0' });
    }
    return this;
  }
  viewportScissor(list, w, h) {
    this.c('ID3D12GraphicsCommandList::RSSetViewports', {
      self: list,
      args: {
        NumViewports: 1,
        Viewports: [{ TopLeftX: 0, TopLeftY: 0, Width: w, Height: h, MinDepth: 0, MaxDepth: 1 }],
      },
    });
    return this.c('ID3D12GraphicsCommandList::RSSetScissorRects', {
      self: list,
      args: { NumRects: 1, Rects: [{ left: 0, top: 0, right: w, bottom: h }] },
    });
  }
  vb(list, name, size, stride) {
    this.c('ID3D12GraphicsCommandList::IASetPrimitiveTopology', {
      self: list,
      args: { PrimitiveTopology: 'D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST' },
    });
    return this.c('ID3D12GraphicsCommandList::IASetVertexBuffers', {
      self: list,
      args: {
        StartSlot: 0,
        NumViews: 1,
        Views: [{ BufferLocation: `${name}VA`, SizeInBytes: size, StrideInBytes: stride }],
      },
    });
  }
  draw(list, n = 3) {
    return this.c('ID3D12GraphicsCommandList::DrawInstanced', {
      self: list,
      args: { VertexCountPerInstance: n, InstanceCount: 1, StartVertexLocation: 0, StartInstanceLocation: 0 },
    });
  }
  gpuva(res, value) {
    return this.c(
      'ID3D12Resource::GetGPUVirtualAddress',
      { self: res, out: `${res}VA` },
      value === undefined ? {} : { value },
    );
  }

  // ----- output -----
  json(source) {
    const o = { name: this.name, _source: source, debugLayer: this.debugLayer, gpuBasedValidation: this.gbv };
    if (this.gpuMsPerList !== undefined) o.gpuMsPerList = this.gpuMsPerList;
    Object.assign(o, this.top);
    o.calls = this.calls;
    return JSON.stringify(o, null, 2) + '\n';
  }
  expected() {
    const lines = [JSON.stringify({ scenario: this.name })];
    this.exp.forEach((x, i) => {
      const l = { i, call: x.call, hr: x.hr };
      if (x.value !== undefined) l.value = x.value;
      if (x.handle !== undefined) l.handle = x.handle;
      // getter outputs printed after hr (x())
      if (x.extra) Object.assign(l, x.extra);
      lines.push(JSON.stringify(l));
      if (!this.debugLayer && !this.manualLayer && x.msgs.length)
        throw new Error(`${this.name}: messages expected with the debug layer off`);
      for (const id of x.msgs) {
        const cs = MSG[id];
        if (!cs) throw new Error(`${this.name}: unknown message ${id}`);
        lines.push(JSON.stringify({ i, message: { id, category: cs[0], severity: cs[1] } }));
      }
    });
    lines.push(JSON.stringify({ end: true, deviceRemoved: this.removed, removedReason: this.reason }));
    return lines.join('\n') + '\n';
  }
}

// ---------- the registry every definition module adds to ----------

/** Every scenario defined, in definition order: where it goes, what it checks, what it rests on, its builder. */
export const scenarios = [];

/**
 * Define a scenario: `dir` is the API folder (`<Interface>/<Method>`, a free function, or `programs` for whole
 * programs), `aspect` the file name (what the scenario tests), `what` / `basis` the index's columns.
 */
export function scenario(source, dir, aspect, what, basis, opts, fn) {
  const b = new B(`${dir}/${aspect}`, opts);
  fn(b);
  scenarios.push({ source, dir, aspect, what, basis, b });
  return b;
}

// ---------- helpers the definition modules share ----------
export const RT = 'D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET';
export const SIMUL = 'D3D12_RESOURCE_FLAG_ALLOW_SIMULTANEOUS_ACCESS';
export const CLEAR = [0, 0.2, 0.4, 1];
export const rtClear = (fmt = 'DXGI_FORMAT_R8G8B8A8_UNORM') => ({ Format: fmt, Color: CLEAR });

/** A render-target texture with an optimized clear value equal to the colour the scenarios clear with. */
export function rtTexture(b, name, state, flags = [RT], e = {}) {
  return b.c(
    'ID3D12Device::CreateCommittedResource',
    {
      self: 'dev',
      args: {
        HeapProperties: { Type: 'D3D12_HEAP_TYPE_DEFAULT' },
        HeapFlags: 'D3D12_HEAP_FLAG_NONE',
        Desc: texDesc(64, 64, { flags }),
        InitialResourceState: `D3D12_RESOURCE_STATE_${state}`,
        OptimizedClearValue: rtClear(),
      },
      out: name,
    },
    e,
  );
}

/** Close + fence + ECL + Signal + CPU wait + GetCompletedValue. */
export function submitWait(
  b,
  { queue = 'queue', lists = ['list'], fence = 'fence', value = 1, makeFence = true, eclMsgs = [] } = {},
) {
  for (const l of lists) b.close(l);
  if (makeFence) b.fence(fence);
  b.ecl(queue, lists, { msgs: eclMsgs });
  b.signal(queue, fence, value);
  b.cpuWait(fence, value);
  b.completed(fence, value);
  return b;
}
