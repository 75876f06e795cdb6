// Builder for the independent scenario suite. Each scenario is written call by call together with the
// output the REAL D3D12 runtime + debug layer gives (per ../shared/d3d12/DEBUG_LAYER.md and CORRECTIONS.md),
// never with what a model prints. `node src/core/scenarios/suite/_tools/build.mjs` writes the .json and
// .expected.jsonl files and README.md.

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
  if (call.startsWith('ID3D12GraphicsCommandList::') && call !== 'ID3D12GraphicsCommandList::Close' && call !== 'ID3D12GraphicsCommandList::Reset') return null;
  return 'S_OK';
}

// ---------- descriptions ----------
export const bufDesc = (width, flags = 'D3D12_RESOURCE_FLAG_NONE') => ({
  Dimension: 'D3D12_RESOURCE_DIMENSION_BUFFER', Alignment: 0, Width: width, Height: 1, DepthOrArraySize: 1, MipLevels: 1,
  Format: 'DXGI_FORMAT_UNKNOWN', SampleDesc: { Count: 1, Quality: 0 }, Layout: 'D3D12_TEXTURE_LAYOUT_ROW_MAJOR', Flags: flags,
});
export const texDesc = (w, h, { fmt = 'DXGI_FORMAT_R8G8B8A8_UNORM', mips = 1, flags = 'D3D12_RESOURCE_FLAG_NONE', samples = 1, layout = 'D3D12_TEXTURE_LAYOUT_UNKNOWN', array = 1 } = {}) => ({
  Dimension: 'D3D12_RESOURCE_DIMENSION_TEXTURE2D', Alignment: 0, Width: w, Height: h, DepthOrArraySize: array, MipLevels: mips,
  Format: fmt, SampleDesc: { Count: samples, Quality: 0 }, Layout: layout, Flags: flags,
});
export const heapProps = (type) => ({ Type: `D3D12_HEAP_TYPE_${type}` });
export const st = (s) => (s.startsWith('D3D12_') ? s : `D3D12_RESOURCE_STATE_${s}`);
export const ALL = 'D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES';
export const LT = (t) => `D3D12_COMMAND_LIST_TYPE_${t}`;

export const transition = (res, before, after, sub = ALL, flags = 'D3D12_RESOURCE_BARRIER_FLAG_NONE') => ({
  Type: 'D3D12_RESOURCE_BARRIER_TYPE_TRANSITION', Flags: flags,
  Transition: { Resource: res, Subresource: sub, StateBefore: st(before), StateAfter: st(after) },
});
export const footprintLoc = (res, w, h, rowPitch, offset = 0, fmt = 'DXGI_FORMAT_R8G8B8A8_UNORM') => ({
  Resource: res, Type: 'D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT',
  PlacedFootprint: { Offset: offset, Footprint: { Format: fmt, Width: w, Height: h, Depth: 1, RowPitch: rowPitch } },
});
export const subLoc = (res, sub = 0) => ({ Resource: res, Type: 'D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX', SubresourceIndex: sub });

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
  removedBy(reason) { this.removed = true; this.reason = reason; return this; }

  // ----- common objects -----
  device(e = {}) { return this.c('D3D12CreateDevice', { args: { Adapter: null, MinimumFeatureLevel: 'D3D_FEATURE_LEVEL_11_0' }, out: 'dev' }, e); }
  queue(name = 'queue', type = 'DIRECT') {
    return this.c('ID3D12Device::CreateCommandQueue', { self: 'dev', args: { Type: LT(type), Priority: 0, Flags: 'D3D12_COMMAND_QUEUE_FLAG_NONE', NodeMask: 0 }, out: name });
  }
  alloc(name = 'alloc', type = 'DIRECT', e = {}) {
    return this.c('ID3D12Device::CreateCommandAllocator', { self: 'dev', args: { type: LT(type) }, out: name }, e);
  }
  list(name = 'list', type = 'DIRECT', alloc = 'alloc', e = {}) {
    return this.c('ID3D12Device::CreateCommandList', { self: 'dev', args: { nodeMask: 0, type: LT(type), CommandAllocator: alloc, InitialState: null }, out: name }, e);
  }
  // device + direct queue + allocator + open list
  basics(type = 'DIRECT') {
    this.device().queue('queue', type).alloc('alloc', type).list('list', type, 'alloc');
    return this;
  }
  committed(name, heapType, desc, state, e = {}, heapFlags = 'D3D12_HEAP_FLAG_NONE') {
    return this.c('ID3D12Device::CreateCommittedResource', {
      self: 'dev',
      args: { HeapProperties: typeof heapType === 'string' ? heapProps(heapType) : heapType, HeapFlags: heapFlags, Desc: desc, InitialResourceState: st(state), OptimizedClearValue: null },
      out: name,
    }, e);
  }
  buffer(name, heapType, width, state, e = {}, flags) { return this.committed(name, heapType, bufDesc(width, flags), state, e); }
  texture(name, w, h, state, opts = {}, e = {}) { return this.committed(name, opts.heap ?? 'DEFAULT', texDesc(w, h, opts), state, e); }
  upload(name = 'upload', width = 65536) { return this.buffer(name, 'UPLOAD', width, 'GENERIC_READ'); }
  readback(name = 'readback', width = 65536) { return this.buffer(name, 'READBACK', width, 'COPY_DEST'); }

  // ----- recording -----
  barrier(list, barriers, e = {}) {
    const arr = Array.isArray(barriers) ? barriers : [barriers];
    return this.c('ID3D12GraphicsCommandList::ResourceBarrier', { self: list, args: { NumBarriers: arr.length, Barriers: arr } }, e);
  }
  tr(list, res, before, after, e = {}, sub = ALL) { return this.barrier(list, transition(res, before, after, sub), e); }
  copyBuf(list, dst, dstOff, src, srcOff, bytes, e = {}) {
    return this.c('ID3D12GraphicsCommandList::CopyBufferRegion', { self: list, args: { DstBuffer: dst, DstOffset: dstOff, SrcBuffer: src, SrcOffset: srcOff, NumBytes: bytes } }, e);
  }
  copyRes(list, dst, src, e = {}) {
    return this.c('ID3D12GraphicsCommandList::CopyResource', { self: list, args: { DstResource: dst, SrcResource: src } }, e);
  }
  // buffer (footprint) -> texture subresource
  upTex(list, tex, buf, w, h, { rowPitch = 256 * Math.ceil((w * 4) / 256), offset = 0, sub = 0, fmt } = {}, e = {}) {
    return this.c('ID3D12GraphicsCommandList::CopyTextureRegion', {
      self: list,
      args: { Dst: subLoc(tex, sub), DstX: 0, DstY: 0, DstZ: 0, Src: footprintLoc(buf, w, h, rowPitch, offset, fmt), SrcBox: null },
    }, e);
  }
  // texture subresource -> buffer (footprint)
  downTex(list, buf, tex, w, h, { rowPitch = 256 * Math.ceil((w * 4) / 256), offset = 0, sub = 0, fmt } = {}, e = {}) {
    return this.c('ID3D12GraphicsCommandList::CopyTextureRegion', {
      self: list,
      args: { Dst: footprintLoc(buf, w, h, rowPitch, offset, fmt), DstX: 0, DstY: 0, DstZ: 0, Src: subLoc(tex, sub), SrcBox: null },
    }, e);
  }
  close(list = 'list', e = {}) { return this.c('ID3D12GraphicsCommandList::Close', { self: list }, e); }
  resetList(list, alloc, e = {}) { return this.c('ID3D12GraphicsCommandList::Reset', { self: list, args: { CommandAllocator: alloc, InitialState: null } }, e); }
  resetAlloc(alloc = 'alloc', e = {}) { return this.c('ID3D12CommandAllocator::Reset', { self: alloc }, e); }
  ecl(queue, lists, e = {}) {
    const arr = Array.isArray(lists) ? lists : [lists];
    return this.c('ID3D12CommandQueue::ExecuteCommandLists', { self: queue, args: { NumCommandLists: arr.length, CommandLists: arr } }, e);
  }

  // ----- sync -----
  fence(name = 'fence', init = 0) { return this.c('ID3D12Device::CreateFence', { self: 'dev', args: { InitialValue: init, Flags: 'D3D12_FENCE_FLAG_NONE' }, out: name }); }
  signal(queue, fence, value, e = {}) { return this.c('ID3D12CommandQueue::Signal', { self: queue, args: { Fence: fence, Value: value } }, e); }
  qwait(queue, fence, value, e = {}) { return this.c('ID3D12CommandQueue::Wait', { self: queue, args: { Fence: fence, Value: value } }, e); }
  cpuSignal(fence, value, e = {}) { return this.c('ID3D12Fence::Signal', { self: fence, args: { Value: value } }, e); }
  event(name) { return this.c('CreateEvent', { args: { lpEventAttributes: null, bManualReset: false, bInitialState: false, lpName: null }, out: name }); }
  setEvent(fence, value, ev, e = {}) { return this.c('ID3D12Fence::SetEventOnCompletion', { self: fence, args: { Value: value, hEvent: ev } }, e); }
  waitEv(ev, ms, result = 'WAIT_OBJECT_0') { return this.c('WaitForSingleObject', { args: { hHandle: ev, dwMilliseconds: ms } }, { hr: result }); }
  // CreateEvent + SetEventOnCompletion + WaitForSingleObject
  cpuWait(fence, value, ms = 1000, result = 'WAIT_OBJECT_0') {
    const ev = `event${this.evN++}`;
    return this.event(ev).setEvent(fence, value, ev).waitEv(ev, ms, result);
  }
  completed(fence, value, e = {}) { return this.c('ID3D12Fence::GetCompletedValue', { self: fence }, { value: String(value), ...e }); }
  advance(ms, e = {}) { return this.c('@gpu.advance', { args: { ms } }, e); }
  idle(e = {}) { return this.c('@gpu.idle', {}, e); }

  // ----- map -----
  map(res, sub = 0, range = { Begin: 0, End: 0 }, e = {}) { return this.c('ID3D12Resource::Map', { self: res, args: { Subresource: sub, ReadRange: range } }, e); }
  unmap(res, sub = 0, range = { Begin: 0, End: 0 }, e = {}) { return this.c('ID3D12Resource::Unmap', { self: res, args: { Subresource: sub, WrittenRange: range } }, e); }

  release(obj, e = {}) { return this.c('IUnknown::Release', { self: obj }, e); }
  removedReason(hr) { return this.c('ID3D12Device::GetDeviceRemovedReason', { self: 'dev' }, { hr }); }

  // ----- descriptors -----
  heap(name, type, num, visible = false, e = {}) {
    return this.c('ID3D12Device::CreateDescriptorHeap', {
      self: 'dev', args: { Type: `D3D12_DESCRIPTOR_HEAP_TYPE_${type}`, NumDescriptors: num, Flags: visible ? 'D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE' : 'D3D12_DESCRIPTOR_HEAP_FLAG_NONE', NodeMask: 0 }, out: name,
    }, e);
  }
  rtv(res, heap, index, e = {}) { return this.c('ID3D12Device::CreateRenderTargetView', { self: 'dev', args: { Resource: res, Desc: null, DestDescriptor: { heap, index } } }, e); }
  clearRtv(list, heap, index, e = {}) {
    return this.c('ID3D12GraphicsCommandList::ClearRenderTargetView', { self: list, args: { RenderTargetView: { heap, index }, ColorRGBA: [0, 0.2, 0.4, 1], NumRects: 0, Rects: null } }, e);
  }
  omSet(list, heap, index, e = {}) {
    return this.c('ID3D12GraphicsCommandList::OMSetRenderTargets', { self: list, args: { NumRenderTargetDescriptors: 1, RenderTargetDescriptors: [{ heap, index }], RTsSingleHandleToDescriptorRange: false, DepthStencilDescriptor: null } }, e);
  }

  // ----- swap chain -----
  swapchain(count = 2, flags = 0) {
    this.c('CreateDXGIFactory2', { args: { Flags: 0 }, out: 'factory' });
    return this.c('IDXGIFactory2::CreateSwapChainForComposition', {
      self: 'factory',
      args: {
        Device: 'queue',
        Desc: {
          Width: 256, Height: 256, Format: 'DXGI_FORMAT_B8G8R8A8_UNORM', Stereo: false, SampleDesc: { Count: 1, Quality: 0 },
          BufferUsage: 'DXGI_USAGE_RENDER_TARGET_OUTPUT', BufferCount: count, Scaling: 'DXGI_SCALING_STRETCH',
          SwapEffect: 'DXGI_SWAP_EFFECT_FLIP_SEQUENTIAL', AlphaMode: 'DXGI_ALPHA_MODE_PREMULTIPLIED', Flags: flags,
        },
        RestrictToOutput: null,
      },
      out: 'swapchain',
    });
  }
  getBuffer(i, name) { return this.c('IDXGISwapChain::GetBuffer', { self: 'swapchain', args: { Buffer: i, riid: 'ID3D12Resource' }, out: name }); }
  present(sync = 1, flags = 0, e = {}) { return this.c('IDXGISwapChain::Present', { self: 'swapchain', args: { SyncInterval: sync, Flags: flags } }, e); }
  bbIndex(v) { return this.c('IDXGISwapChain3::GetCurrentBackBufferIndex', { self: 'swapchain' }, { value: String(v) }); }

  // ----- output -----
  json() {
    const o = { name: this.name, debugLayer: this.debugLayer, gpuBasedValidation: this.gbv };
    if (this.gpuMsPerList !== undefined) o.gpuMsPerList = this.gpuMsPerList;
    o.calls = this.calls;
    return JSON.stringify(o, null, 2) + '\n';
  }
  expected() {
    const lines = [JSON.stringify({ scenario: this.name })];
    this.exp.forEach((x, i) => {
      const l = { i, call: x.call, hr: x.hr };
      if (x.value !== undefined) l.value = x.value;
      if (x.handle !== undefined) l.handle = x.handle;
      lines.push(JSON.stringify(l));
      if (!this.debugLayer && !this.manualLayer && x.msgs.length) throw new Error(`${this.name}: messages expected with the debug layer off`);
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
