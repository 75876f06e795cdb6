// Issue 9 §2: the rule families found missing on unseen cases (SPEC.md RES-STATE-1, RES-CLEAR-1, CLEAR-VAL-1,
// COPY-FP-2, FENCE-7, DH-COPY-2), each with correct programs that must raise nothing beside the mistakes. Sources:
// vkd3d-proton tests/d3d12_resource.c `test_create_committed_resource` (asserts native Windows HRESULTs), public
// debug-layer logs (issue numbers in each basis), DirectX-Specs PlanarDepthStencilDDISpec, the reference pages.
// "INF" in a basis marks a message ID or reading the sources leave open (SPEC.md says so in the row).
import { RT, rtClear, scenario, submitWait, texDesc } from './builder.mjs';

const def = (dir, aspect, what, basis, opts, fn) =>
  scenario('_generator/defs-rule-families.mjs', dir, aspect, what, basis, opts, fn);

const VKD3D = 'vkd3d-proton test_create_committed_resource (native HRESULT)';
const CCR = 'ID3D12Device/CreateCommittedResource';
const DS = 'D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL';
const D24S8 = 'DXGI_FORMAT_D24_UNORM_S8_UINT';
const bad = (msg) => ({ hr: 'E_INVALIDARG', msgs: [msg] });

// ------------------------------------------------------------------ [RES-STATE-1] initial state vs flags
def(
  CCR,
  'initial_state_write_combined_with_read',
  'A render target created in RENDER_TARGET|PIXEL_SHADER_RESOURCE: E_INVALIDARG (a write state is exclusive)',
  `${VKD3D}; message ID INF`,
  {},
  (b) => {
    b.device();
    b.texture(
      'rt',
      32,
      32,
      'D3D12_RESOURCE_STATE_RENDER_TARGET|D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE',
      { flags: RT, clear: rtClear() },
      bad('RESOURCE_BARRIER_INVALID_COMBINATION'),
    );
  },
);
def(
  CCR,
  'initial_state_render_target_without_flag',
  'A texture without ALLOW_RENDER_TARGET created in RENDER_TARGET: E_INVALIDARG',
  `${VKD3D} ("For D3D12_RESOURCE_STATE_RENDER_TARGET the D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET flag is required"); message ID INF`,
  {},
  (b) => {
    b.device();
    b.texture('tex', 32, 32, 'RENDER_TARGET', {}, bad('RESOURCE_BARRIER_MISSING_BIND_FLAGS'));
  },
);
def(
  CCR,
  'initial_state_unordered_access_without_flag',
  'A texture without ALLOW_UNORDERED_ACCESS created in UNORDERED_ACCESS: E_INVALIDARG; with the flag: S_OK',
  'the RENDER_TARGET rule of vkd3d-proton applied to the UAV flag (INF)',
  {},
  (b) => {
    b.device();
    b.texture('tex', 32, 32, 'UNORDERED_ACCESS', {}, bad('RESOURCE_BARRIER_MISSING_BIND_FLAGS'));
    b.texture('uav', 32, 32, 'UNORDERED_ACCESS', { flags: 'D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS' });
  },
);
def(
  CCR,
  'initial_states_allowed_by_flags',
  'Correct creations: an RT in RENDER_TARGET with its clear value, a depth buffer in DEPTH_WRITE and one in DEPTH_READ|PIXEL_SHADER_RESOURCE, a texture in PIXEL_SHADER_RESOURCE|COPY_SOURCE: all S_OK, no message',
  `${VKD3D} (S_OK cases); D3D12_RESOURCE_STATES page (DEPTH_READ combines with shader-resource states)`,
  {},
  (b) => {
    b.device();
    b.texture('rt', 32, 32, 'RENDER_TARGET', { flags: RT, clear: rtClear() });
    b.texture('depth', 32, 32, 'DEPTH_WRITE', { flags: DS, fmt: D24S8 });
    b.texture('depthRead', 32, 32, 'D3D12_RESOURCE_STATE_DEPTH_READ|D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE', {
      flags: DS,
      fmt: D24S8,
    });
    b.texture('tex', 32, 32, 'D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE|D3D12_RESOURCE_STATE_COPY_SOURCE');
  },
);
def(
  CCR,
  'default_buffer_state_still_ignored',
  'A DEFAULT buffer created in RENDER_TARGET: the state is ignored (warning), S_OK — the texture rule does not apply to buffers',
  'DEBUG_LAYER row 13 (buffers start in COMMON whatever the InitialState)',
  {},
  (b) => {
    b.device();
    b.buffer('buf', 'DEFAULT', 65536, 'RENDER_TARGET', { msgs: ['CREATERESOURCE_STATE_IGNORED'] });
  },
);
def(
  'ID3D12Device/CreatePlacedResource',
  'placed_render_target_state_without_flag',
  'CreatePlacedResource of a texture without ALLOW_RENDER_TARGET in RENDER_TARGET: E_INVALIDARG; with the flag: S_OK',
  `${VKD3D} (same validation for placed resources: INF)`,
  {},
  (b) => {
    b.device();
    b.c('ID3D12Device::CreateHeap', {
      self: 'dev',
      args: { SizeInBytes: 1048576, Properties: { Type: 'D3D12_HEAP_TYPE_DEFAULT' }, Alignment: 0, Flags: 0 },
      out: 'heap',
    });
    const placed = (name, flags, e) =>
      b.c(
        'ID3D12Device::CreatePlacedResource',
        {
          self: 'dev',
          args: {
            Heap: 'heap',
            HeapOffset: 0,
            Desc: texDesc(64, 64, { flags }),
            InitialState: 'D3D12_RESOURCE_STATE_RENDER_TARGET',
            OptimizedClearValue: flags === RT ? rtClear() : null,
          },
          out: name,
        },
        e,
      );
    placed('noFlag', 'D3D12_RESOURCE_FLAG_NONE', bad('RESOURCE_BARRIER_MISSING_BIND_FLAGS'));
    placed('rt', RT, {});
  },
);
def(
  'ID3D12GraphicsCommandList/ResourceBarrier',
  'transition_to_render_target_without_flag',
  'A texture without ALLOW_RENDER_TARGET transitioned COPY_DEST→RENDER_TARGET: RESOURCE_BARRIER_MISSING_BIND_FLAGS at record',
  'the message name (d3d12sdklayers.h #523) and RES-STATE-1 (INF: wording and whether the barrier is dropped)',
  {},
  (b) => {
    b.basics();
    b.texture('tex', 64, 64, 'COPY_DEST');
    b.tr('list', 'tex', 'COPY_DEST', 'RENDER_TARGET', { msgs: ['RESOURCE_BARRIER_MISSING_BIND_FLAGS'] });
  },
);

// ------------------------------------------------------------------ [RES-CLEAR-1]
def(
  CCR,
  'buffer_with_optimized_clear_value',
  'An UPLOAD buffer created with an optimized clear value: E_INVALIDARG; the same buffer with nullptr: S_OK',
  `${VKD3D} ("The clear value must be NULL for buffers"); CreateCommittedResource page; message ID INF`,
  {},
  (b) => {
    b.device();
    b.committed(
      'buf',
      'UPLOAD',
      { ...texDesc(1, 1), ...bufLike() },
      'GENERIC_READ',
      bad('CREATERESOURCE_INVALIDCLEARVALUE'),
      undefined,
      rtClear(),
    );
    b.upload('upload');
  },
);
def(
  CCR,
  'block_compressed_texture1d',
  'A BC1 TEXTURE1D: E_INVALIDARG; a BC1 2D texture 32×31 (unaligned mip 0): S_OK',
  `${VKD3D} (the 1D case; "Unaligned mip 0 textures are allowed now on AgilitySDK 606"); message ID INF`,
  {},
  (b) => {
    b.device();
    const bc1 = texDesc(32, 1, { fmt: 'DXGI_FORMAT_BC1_UNORM' });
    b.committed(
      'tex1d',
      'DEFAULT',
      { ...bc1, Dimension: 'D3D12_RESOURCE_DIMENSION_TEXTURE1D' },
      'COMMON',
      bad('CREATERESOURCE_INVALIDFORMAT'),
    );
    b.committed('tex2d', 'DEFAULT', texDesc(32, 31, { fmt: 'DXGI_FORMAT_BC1_UNORM' }), 'COMMON');
  },
);

/** The buffer fields of a D3D12_RESOURCE_DESC over a texture desc. */
function bufLike() {
  return {
    Dimension: 'D3D12_RESOURCE_DIMENSION_BUFFER',
    Width: 256,
    Height: 1,
    Format: 'DXGI_FORMAT_UNKNOWN',
    Layout: 'D3D12_TEXTURE_LAYOUT_ROW_MAJOR',
  };
}

// ------------------------------------------------------------------ [CLEAR-VAL-1]
const CLR = 'ID3D12GraphicsCommandList/ClearRenderTargetView';
const MISMATCH_RT = 'CLEARRENDERTARGETVIEW_MISMATCHINGCLEARVALUE';
const LOGS_RT =
  'V-LOG d3dcoder/d3d12book#10, Kode/Kore#432 ("did not pass any clear value" / "do not match"), EXECUTION WARNING #820';
const rtSetup = (b, clear) => {
  b.basics();
  b.texture('rt', 64, 64, 'RENDER_TARGET', { flags: RT, clear });
  b.heap('rtvHeap', 'RTV', 1).rtv('rt', 'rtvHeap', 0);
};
def(
  CLR,
  'created_without_clear_value',
  'An offscreen RT created with pOptimizedClearValue = nullptr, cleared: #820 warning, the clear still happens, the list closes S_OK',
  LOGS_RT,
  {},
  (b) => {
    rtSetup(b, null);
    b.clearRtv('list', 'rtvHeap', 0, { msgs: [MISMATCH_RT] });
    submitWait(b);
  },
);
def(
  CLR,
  'clear_value_matches',
  'An RT created with the clear value it is cleared to: no message',
  `${LOGS_RT} (negative)`,
  {},
  (b) => {
    rtSetup(b, rtClear());
    b.clearRtv('list', 'rtvHeap', 0);
    submitWait(b);
  },
);
def(
  CLR,
  'clear_value_differs',
  'An RT created with clear value (1, 0, 0, 1) and cleared to another colour: #820 warning',
  LOGS_RT,
  {},
  (b) => {
    rtSetup(b, { Format: 'DXGI_FORMAT_R8G8B8A8_UNORM', Color: [1, 0, 0, 1] });
    b.clearRtv('list', 'rtvHeap', 0, { msgs: [MISMATCH_RT] });
  },
);
def(
  CLR,
  'swap_chain_buffer_exempt',
  'A swap-chain back buffer (created by DXGI, no clear value possible) cleared to any colour: no message',
  'the DirectX-Graphics-Samples clear their back buffers every frame with the layer on and no #820 (INF: exemption)',
  {},
  (b) => {
    b.basics().factory().swap(2, { w: 64, h: 64 });
    b.getBuffer(0, 'bb0');
    b.heap('rtvHeap', 'RTV', 1).rtv('bb0', 'rtvHeap', 0);
    b.tr('list', 'bb0', 'PRESENT', 'RENDER_TARGET');
    b.clearRtv('list', 'rtvHeap', 0);
    b.tr('list', 'bb0', 'RENDER_TARGET', 'PRESENT');
    submitWait(b);
  },
);
const CLD = 'ID3D12GraphicsCommandList/ClearDepthStencilView';
const MISMATCH_DS = 'CLEARDEPTHSTENCILVIEW_MISMATCHINGCLEARVALUE';
const LOGS_DS = 'V-LOG KhronosGroup/OpenXR-Tutorials#143, NVIDIA-RTX/NRI#141 (EXECUTION WARNING #821)';
const dsSetup = (b, clear) => {
  b.basics();
  b.texture('depth', 64, 64, 'DEPTH_WRITE', { flags: DS, fmt: D24S8, clear });
  b.heap('dsvHeap', 'DSV', 1);
  b.c('ID3D12Device::CreateDepthStencilView', {
    self: 'dev',
    args: { Resource: 'depth', Desc: null, DestDescriptor: { heap: 'dsvHeap', index: 0 } },
  });
};
const clearDs = (b, flags, Depth, Stencil, e = {}) =>
  b.c(
    'ID3D12GraphicsCommandList::ClearDepthStencilView',
    {
      self: 'list',
      args: {
        DepthStencilView: { heap: 'dsvHeap', index: 0 },
        ClearFlags: flags,
        Depth,
        Stencil,
        NumRects: 0,
        Rects: null,
      },
    },
    e,
  );
const DS_CLEAR = { Format: D24S8, DepthStencil: { Depth: 1, Stencil: 0 } };
def(
  CLD,
  'created_without_clear_value',
  'A depth buffer created without a clear value, cleared: #821 warning',
  LOGS_DS,
  {},
  (b) => {
    dsSetup(b, null);
    clearDs(b, 'D3D12_CLEAR_FLAG_DEPTH|D3D12_CLEAR_FLAG_STENCIL', 1, 0, { msgs: [MISMATCH_DS] });
  },
);
def(
  CLD,
  'clear_value_matches',
  'A depth buffer created with depth 1 / stencil 0 and cleared to them: no message',
  `${LOGS_DS} (negative)`,
  {},
  (b) => {
    dsSetup(b, DS_CLEAR);
    clearDs(b, 'D3D12_CLEAR_FLAG_DEPTH|D3D12_CLEAR_FLAG_STENCIL', 1, 0);
    submitWait(b);
  },
);
def(
  CLD,
  'depth_differs_stencil_only_clear',
  'Clear value depth 1 / stencil 0: a DEPTH clear to 0.5 warns; a STENCIL-only clear with Depth 0.5 in its arguments does not (the depth is not cleared)',
  `${LOGS_DS}; INF (only the cleared aspects are compared)`,
  {},
  (b) => {
    dsSetup(b, DS_CLEAR);
    clearDs(b, 'D3D12_CLEAR_FLAG_DEPTH', 0.5, 0, { msgs: [MISMATCH_DS] });
    clearDs(b, 'D3D12_CLEAR_FLAG_STENCIL', 0.5, 0);
  },
);

// ------------------------------------------------------------------ [COPY-FP-2] depth-stencil planes
def(
  'ID3D12Device/GetCopyableFootprints',
  'depth_stencil_planes',
  'D24_UNORM_S8_UINT 100×10: two subresources (planes); depth as R32_TYPELESS (pitch 512), stencil as R8_TYPELESS (pitch 256) at the next 512-aligned offset; D32_FLOAT stays one plane',
  'DirectX-Specs PlanarDepthStencilDDISpec ("Planar Layout for Staging From Buffer"); GetCopyableFootprints page',
  {},
  (b) => {
    b.device();
    const gcf = (desc, num, expect) =>
      b.x(
        'ID3D12Device::GetCopyableFootprints',
        { self: 'dev', args: { ResourceDesc: desc, FirstSubresource: 0, NumSubresources: num, BaseOffset: 0 } },
        { footprint: expect },
      );
    const fp = (Offset, Format, Width, Height, RowPitch) => ({
      Offset: String(Offset),
      Footprint: { Format, Width, Height, Depth: 1, RowPitch },
    });
    gcf(texDesc(100, 10, { fmt: D24S8, flags: DS }), 2, {
      Layouts: [fp(0, 'DXGI_FORMAT_R32_TYPELESS', 100, 10, 512), fp(5120, 'DXGI_FORMAT_R8_TYPELESS', 100, 10, 256)],
      NumRows: [10, 10],
      RowSizeInBytes: ['400', '100'],
      TotalBytes: String(5120 + 256 * 9 + 100),
    });
    gcf(texDesc(100, 10, { fmt: 'DXGI_FORMAT_D32_FLOAT', flags: DS }), 1, {
      Layouts: [fp(0, 'DXGI_FORMAT_D32_FLOAT', 100, 10, 512)],
      NumRows: [10],
      RowSizeInBytes: ['400'],
      TotalBytes: String(512 * 9 + 400),
    });
  },
);

// ------------------------------------------------------------------ [FENCE-7] queue side
def(
  'ID3D12CommandQueue/Wait',
  'queue_wait_for_zero',
  'ID3D12CommandQueue::Wait(fence, 0): FENCE_ZERO_WAIT warning, S_OK; Signal(1) then Wait(1): no message',
  'FENCE_ZERO_WAIT meaning (ocornut/imgui#9093: "trying to wait on a fence value of 0"; D3D12TranslationLayer#105); queue side INF',
  {},
  (b) => {
    b.basics().fence('fence');
    b.qwait('queue', 'fence', 0, { msgs: ['FENCE_ZERO_WAIT'] });
    b.signal('queue', 'fence', 1);
    b.qwait('queue', 'fence', 1);
  },
);

// ------------------------------------------------------------------ [DH-COPY-2] CopyDescriptors
const copyDescriptors = (b, dst, src, e = {}) =>
  b.c(
    'ID3D12Device::CopyDescriptors',
    {
      self: 'dev',
      args: {
        NumDestDescriptorRanges: dst.length,
        DestDescriptorRangeStarts: dst.map(([heap, index]) => ({ heap, index })),
        DestDescriptorRangeSizes: dst.map(([, , n]) => n),
        NumSrcDescriptorRanges: src.length,
        SrcDescriptorRangeStarts: src.map(([heap, index]) => ({ heap, index })),
        SrcDescriptorRangeSizes: src.map(([, , n]) => n),
        DescriptorHeapsType: 'D3D12_DESCRIPTOR_HEAP_TYPE_RTV',
      },
    },
    e,
  );
def(
  'ID3D12Device/CopyDescriptors',
  'ranges_of_different_sizes',
  'Three RTVs copied as source ranges of 1 and 2 into one destination range of 3, then used to clear: no message',
  'CopyDescriptors page (ranges may differ as long as the totals match)',
  {},
  (b) => {
    b.basics();
    b.texture('rt', 64, 64, 'RENDER_TARGET', { flags: RT, clear: rtClear() });
    b.heap('src', 'RTV', 3).rtv('rt', 'src', 0).rtv('rt', 'src', 1).rtv('rt', 'src', 2);
    b.heap('dst', 'RTV', 3);
    copyDescriptors(
      b,
      [['dst', 0, 3]],
      [
        ['src', 2, 1],
        ['src', 0, 2],
      ],
    );
    b.clearRtv('list', 'dst', 2);
  },
);
def(
  'ID3D12Device/CopyDescriptors',
  'unequal_totals',
  'Source ranges totalling 2 descriptors, destination 3: COPY_DESCRIPTORS_INVALID_RANGES (nothing copied)',
  'CopyDescriptors page ("the total number of descriptors in the source ranges must match the destination"); message category/severity INF',
  {},
  (b) => {
    b.device();
    b.heap('src', 'RTV', 3).heap('dst', 'RTV', 3);
    copyDescriptors(b, [['dst', 0, 3]], [['src', 0, 2]], { msgs: ['COPY_DESCRIPTORS_INVALID_RANGES'] });
  },
);
