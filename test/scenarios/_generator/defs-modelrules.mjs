// Issue 9's remaining model rules (modelrules): legacy split barriers ([BAR-SPLIT-1..4] in SPEC.md §5), each with
// correct programs that must raise nothing beside the mistakes. Sources, named in each basis: the
// D3D12_RESOURCE_BARRIER_FLAGS reference page ("BEGIN_ONLY ... putting a resource in a temporary no-access
// condition", "END_ONLY ... completes a transition ... restoring active access"), "Using Resource Barriers to
// Synchronize Resource States in Direct3D 12" (Split barriers: while pending, the only legal barrier is the END_ONLY
// with the same states), the message IDs of d3d12sdklayers.h (RESOURCE_BARRIER_INVALID_SPLIT_BARRIER 533,
// _UNMATCHED_END 534, _UNMATCHED_BEGIN 535) and DEBUG_LAYER row 6 for #527. No public log quotes #533-#535: which one
// fires where is INF (SPEC.md says so in the rows).
import { ALL, bufDesc, scenario, submitWait, texDesc, transition } from './builder.mjs';

const def = (dir, aspect, what, basis, opts, fn) =>
  scenario('_generator/defs-modelrules.mjs', dir, aspect, what, basis, opts, fn);

const RB = 'ID3D12GraphicsCommandList/ResourceBarrier';
const BEGIN = 'D3D12_RESOURCE_BARRIER_FLAG_BEGIN_ONLY';
const END = 'D3D12_RESOURCE_BARRIER_FLAG_END_ONLY';
const FLAGS_DOC = 'D3D12_RESOURCE_BARRIER_FLAGS page';
const SPLIT_DOC = '"Using Resource Barriers" Split barriers (only the matching END_ONLY is legal while pending)';
const split = (b, res, before, after, flags, e = {}, sub = ALL) =>
  b.barrier('list', transition(res, before, after, sub, flags), e);
/** Close (with the messages Close raises) + fence + ECL + Signal + CPU wait, as submitWait after its Close. */
const closeSubmit = (b, closeMsgs) => {
  b.close('list', { msgs: closeMsgs }).fence('fence').ecl('queue', ['list']).signal('queue', 'fence', 1);
  b.cpuWait('fence', 1);
  b.completed('fence', 1);
  return b;
};

// ------------------------------------------------------------------ [BAR-SPLIT-1] correct splits
def(
  RB,
  'split_barrier_work_inside_then_use_after',
  'BEGIN_ONLY COPY_DEST→COPY_SOURCE, a copy into another texture, END_ONLY, then a copy out of the texture: no message',
  `${FLAGS_DOC}; ${SPLIT_DOC} (negative)`,
  {},
  (b) => {
    b.basics().texture('tex', 64, 64, 'COPY_DEST').texture('other', 64, 64, 'COPY_DEST').upload().readback();
    split(b, 'tex', 'COPY_DEST', 'COPY_SOURCE', BEGIN);
    b.upTex('list', 'other', 'upload', 64, 64);
    split(b, 'tex', 'COPY_DEST', 'COPY_SOURCE', END);
    b.downTex('list', 'readback', 'tex', 64, 64);
    submitWait(b);
  },
);
def(
  RB,
  'split_barrier_ended_per_subresource',
  'BEGIN_ONLY on ALL_SUBRESOURCES of a 2-mip texture, ended by one END_ONLY per subresource: no message',
  `${FLAGS_DOC} (the split is per subresource); ${SPLIT_DOC} (negative)`,
  {},
  (b) => {
    b.basics().texture('tex', 64, 64, 'COPY_DEST', { mips: 2 });
    split(b, 'tex', 'COPY_DEST', 'PIXEL_SHADER_RESOURCE', BEGIN);
    split(b, 'tex', 'COPY_DEST', 'PIXEL_SHADER_RESOURCE', END, {}, 0);
    split(b, 'tex', 'COPY_DEST', 'PIXEL_SHADER_RESOURCE', END, {}, 1);
    submitWait(b);
  },
);
def(
  RB,
  'split_barrier_begin_before_checked_at_ecl',
  'A texture created in COPY_SOURCE split-transitioned with StateBefore COPY_DEST (first barrier of the list): #527 at ECL',
  'DEBUG_LAYER row 6 (the BEGIN_ONLY half is a transition whose StateBefore the queue checks); split pairing correct',
  {},
  (b) => {
    b.basics().texture('tex', 64, 64, 'COPY_SOURCE');
    split(b, 'tex', 'COPY_DEST', 'PIXEL_SHADER_RESOURCE', BEGIN);
    split(b, 'tex', 'COPY_DEST', 'PIXEL_SHADER_RESOURCE', END);
    submitWait(b, { eclMsgs: ['RESOURCE_BARRIER_BEFORE_AFTER_MISMATCH'] });
  },
);

// ------------------------------------------------------------------ [BAR-SPLIT-2] use while pending
def(
  'ID3D12GraphicsCommandList/CopyTextureRegion',
  'copy_into_texture_while_split_pending',
  'CopyTextureRegion into a texture between its BEGIN_ONLY and END_ONLY: #533 on the copy, nothing at ECL',
  `${FLAGS_DOC} ("temporary no-access condition"); message ID INF`,
  {},
  (b) => {
    b.basics().texture('tex', 64, 64, 'COPY_DEST').upload();
    split(b, 'tex', 'COPY_DEST', 'PIXEL_SHADER_RESOURCE', BEGIN);
    b.upTex('list', 'tex', 'upload', 64, 64, {}, { msgs: ['RESOURCE_BARRIER_INVALID_SPLIT_BARRIER'] });
    split(b, 'tex', 'COPY_DEST', 'PIXEL_SHADER_RESOURCE', END);
    submitWait(b);
  },
);

// ------------------------------------------------------------------ [BAR-SPLIT-3] pairing
def(
  RB,
  'split_barrier_end_without_begin',
  'END_ONLY with no BEGIN_ONLY earlier in the list: #534 at record',
  `${FLAGS_DOC}; header ID RESOURCE_BARRIER_UNMATCHED_END (534); where it fires INF`,
  {},
  (b) => {
    b.basics().texture('tex', 64, 64, 'COPY_DEST');
    split(b, 'tex', 'COPY_DEST', 'PIXEL_SHADER_RESOURCE', END, { msgs: ['RESOURCE_BARRIER_UNMATCHED_END'] });
    submitWait(b);
  },
);
def(
  'ID3D12GraphicsCommandList/Close',
  'split_barrier_left_open',
  'BEGIN_ONLY never ended: #535 on Close (S_OK), nothing at ECL',
  `${FLAGS_DOC}; header ID RESOURCE_BARRIER_UNMATCHED_BEGIN (535); where it fires and Close's S_OK INF`,
  {},
  (b) => {
    b.basics().texture('tex', 64, 64, 'COPY_DEST');
    split(b, 'tex', 'COPY_DEST', 'PIXEL_SHADER_RESOURCE', BEGIN);
    closeSubmit(b, ['RESOURCE_BARRIER_UNMATCHED_BEGIN']);
  },
);

// ------------------------------------------------------------------ [BAR-SPLIT-4] other barriers while pending
def(
  RB,
  'split_barrier_begin_twice',
  'A second BEGIN_ONLY on the pending subresource: #533, then the END_ONLY closes the first',
  `${SPLIT_DOC}; message ID INF`,
  {},
  (b) => {
    b.basics().texture('tex', 64, 64, 'COPY_DEST');
    split(b, 'tex', 'COPY_DEST', 'PIXEL_SHADER_RESOURCE', BEGIN);
    split(b, 'tex', 'COPY_DEST', 'PIXEL_SHADER_RESOURCE', BEGIN, { msgs: ['RESOURCE_BARRIER_INVALID_SPLIT_BARRIER'] });
    split(b, 'tex', 'COPY_DEST', 'PIXEL_SHADER_RESOURCE', END);
    submitWait(b);
  },
);
def(
  RB,
  'split_barrier_end_with_other_states',
  'END_ONLY whose StateAfter differs from its BEGIN_ONLY: #533, the split stays open (#535 on Close)',
  `${SPLIT_DOC} (same before and after states); message IDs INF`,
  {},
  (b) => {
    b.basics().texture('tex', 64, 64, 'COPY_DEST');
    split(b, 'tex', 'COPY_DEST', 'PIXEL_SHADER_RESOURCE', BEGIN);
    split(b, 'tex', 'COPY_DEST', 'COPY_SOURCE', END, { msgs: ['RESOURCE_BARRIER_INVALID_SPLIT_BARRIER'] });
    closeSubmit(b, ['RESOURCE_BARRIER_UNMATCHED_BEGIN']);
  },
);
def(
  RB,
  'plain_transition_while_split_pending',
  'A plain transition of the pending subresource (mip 0) is #533; the same on mip 1 (not pending) is fine',
  `${SPLIT_DOC}; message ID INF`,
  {},
  (b) => {
    b.basics().texture('tex', 64, 64, 'COPY_DEST', { mips: 2 });
    split(b, 'tex', 'COPY_DEST', 'PIXEL_SHADER_RESOURCE', BEGIN, {}, 0);
    b.tr('list', 'tex', 'COPY_DEST', 'COPY_SOURCE', {}, 1);
    b.tr('list', 'tex', 'COPY_DEST', 'COPY_SOURCE', { msgs: ['RESOURCE_BARRIER_INVALID_SPLIT_BARRIER'] }, 0);
    split(b, 'tex', 'COPY_DEST', 'PIXEL_SHADER_RESOURCE', END, {}, 0);
    submitWait(b);
  },
);

// ------------------------------------------------------------------ [EB-CREATE-2] placed/reserved with InitialLayout
// Sources: the CreatePlacedResource2 / CreateReservedResource2 reference pages ("InitialLayout: The initial layout of
// the texture resource; D3D12_BARRIER_LAYOUT_UNDEFINED for buffers"), the Enhanced Barriers spec (the initial layout
// is the subresource's current layout; "Buffers may only use D3D12_BARRIER_LAYOUT_UNDEFINED as an initial layout").
const CREATE2_DOC = 'CreatePlacedResource2/CreateReservedResource2 pages (InitialLayout); Enhanced Barriers spec';
const heap = (b) =>
  b.c('ID3D12Device::CreateHeap', {
    self: 'dev',
    args: { SizeInBytes: 1048576, Properties: { Type: 'D3D12_HEAP_TYPE_DEFAULT' }, Flags: 'D3D12_HEAP_FLAG_NONE' },
    out: 'heap',
  });
const placed2 = (b, name, desc, layout, offset = 0, e = {}) =>
  b.c(
    'ID3D12Device10::CreatePlacedResource2',
    {
      self: 'dev',
      args: {
        Heap: 'heap',
        HeapOffset: offset,
        Desc: desc,
        InitialLayout: `D3D12_BARRIER_LAYOUT_${layout}`,
        OptimizedClearValue: null,
        NumCastableFormats: 0,
        CastableFormats: null,
      },
      out: name,
    },
    e,
  );
const layoutBarrier = (b, res, before, after, e = {}) =>
  b.c(
    'ID3D12GraphicsCommandList7::Barrier',
    {
      self: 'list',
      args: {
        NumBarrierGroups: 1,
        BarrierGroups: [
          {
            Type: 'D3D12_BARRIER_TYPE_TEXTURE',
            NumBarriers: 1,
            TextureBarriers: [
              {
                SyncBefore: 'D3D12_BARRIER_SYNC_NONE',
                SyncAfter: 'D3D12_BARRIER_SYNC_NONE',
                AccessBefore: 'D3D12_BARRIER_ACCESS_NO_ACCESS',
                AccessAfter: 'D3D12_BARRIER_ACCESS_NO_ACCESS',
                LayoutBefore: `D3D12_BARRIER_LAYOUT_${before}`,
                LayoutAfter: `D3D12_BARRIER_LAYOUT_${after}`,
                Resource: res,
                Subresources: { IndexOrFirstMipLevel: '0xffffffff', NumMipLevels: 0 },
                Flags: 'D3D12_TEXTURE_BARRIER_FLAG_NONE',
              },
            ],
          },
        ],
      },
    },
    { hr: null, ...e },
  );
def(
  'ID3D12Device10/CreatePlacedResource2',
  'texture_in_copy_dest_layout_copied_into',
  'A placed texture created in LAYOUT_COPY_DEST is copied into with no barrier, then moved COPY_DEST→SHADER_RESOURCE: no message',
  `${CREATE2_DOC} (negative)`,
  {},
  (b) => {
    b.basics().upload();
    heap(b);
    placed2(b, 'tex', texDesc(64, 64), 'COPY_DEST');
    b.upTex('list', 'tex', 'upload', 64, 64);
    layoutBarrier(b, 'tex', 'COPY_DEST', 'SHADER_RESOURCE');
    submitWait(b);
  },
);
def(
  'ID3D12Device10/CreatePlacedResource2',
  'texture_layout_before_is_initial_layout',
  'A placed texture created in LAYOUT_SHADER_RESOURCE, then a barrier with LayoutBefore COPY_DEST: #1334 at ECL',
  `${CREATE2_DOC}; #1334 as for CreateCommittedResource3 (timing INF)`,
  {},
  (b) => {
    b.basics();
    heap(b);
    placed2(b, 'tex', texDesc(64, 64), 'SHADER_RESOURCE');
    layoutBarrier(b, 'tex', 'COPY_DEST', 'COMMON');
    submitWait(b, { eclMsgs: ['INCOMPATIBLE_BARRIER_LAYOUT'] });
  },
);
def(
  'ID3D12Device10/CreatePlacedResource2',
  'buffer_with_a_layout',
  'A placed buffer with InitialLayout COMMON: E_INVALIDARG (UNDEFINED at the next offset succeeds)',
  `${CREATE2_DOC} (buffers: UNDEFINED only); message ID INF`,
  {},
  (b) => {
    b.device();
    heap(b);
    placed2(b, 'buf', bufDesc(65536), 'UNDEFINED');
    placed2(b, 'bad', bufDesc(65536), 'COMMON', 65536, { hr: 'E_INVALIDARG', msgs: ['INCOMPATIBLE_BARRIER_LAYOUT'] });
  },
);

// ------------------------------------------------------------------ [QH-STATS1-1] PIPELINE_STATISTICS1
// Sources: the D3D12_QUERY_HEAP_TYPE / D3D12_QUERY_TYPE pages and D3D12_QUERY_DATA_PIPELINE_STATISTICS1 (14 UINT64s),
// D3D12_FEATURE_DATA_D3D12_OPTIONS9.MeshShaderPipelineStatsSupported (the heap type needs it; the modelled
// high-performance adapter reports it), DirectX-Specs "Counters and Queries" (a query type must match its heap type:
// BEGIN_END_QUERY_INVALID_PARAMETERS, a core-runtime error that makes Close fail).
const STATS1_DOC = 'D3D12_QUERY_HEAP_TYPE/D3D12_QUERY_TYPE pages, D3D12_QUERY_DATA_PIPELINE_STATISTICS1 (14 UINT64s)';
const qheap = (b, name, type, e = {}) =>
  b.c(
    'ID3D12Device::CreateQueryHeap',
    { self: 'dev', args: { Type: `D3D12_QUERY_HEAP_TYPE_${type}`, Count: 1, NodeMask: 0 }, out: name },
    e,
  );
const query = (b, method, heap, type, e = {}) =>
  b.c(
    `ID3D12GraphicsCommandList::${method}`,
    { self: 'list', args: { QueryHeap: heap, Type: `D3D12_QUERY_TYPE_${type}`, Index: 0 } },
    e,
  );
function hpDevice(b) {
  b.c('CreateDXGIFactory2', { args: { Flags: 0 }, out: 'factory' });
  b.c('IDXGIFactory6::EnumAdapterByGpuPreference', {
    self: 'factory',
    args: { Adapter: 0, GpuPreference: 'DXGI_GPU_PREFERENCE_HIGH_PERFORMANCE', riid: 'IDXGIAdapter1' },
    out: 'adapter',
  });
  return b.c('D3D12CreateDevice', {
    args: { Adapter: 'adapter', MinimumFeatureLevel: 'D3D_FEATURE_LEVEL_11_0' },
    out: 'dev',
  });
}
def(
  'ID3D12GraphicsCommandList/ResolveQueryData',
  'pipeline_statistics1_resolved_into_last_112_bytes',
  'On an adapter with MeshShaderPipelineStatsSupported: a PIPELINE_STATISTICS1 query begun, ended and resolved into the last 112 bytes of a READBACK buffer: no message',
  `${STATS1_DOC}; OPTIONS9 page (negative)`,
  {},
  (b) => {
    hpDevice(b);
    b.queue().alloc().list();
    b.readback('readback', 65536);
    qheap(b, 'stats', 'PIPELINE_STATISTICS1');
    query(b, 'BeginQuery', 'stats', 'PIPELINE_STATISTICS1');
    query(b, 'EndQuery', 'stats', 'PIPELINE_STATISTICS1');
    b.c('ID3D12GraphicsCommandList::ResolveQueryData', {
      self: 'list',
      args: {
        QueryHeap: 'stats',
        Type: 'D3D12_QUERY_TYPE_PIPELINE_STATISTICS1',
        StartIndex: 0,
        NumQueries: 1,
        DestinationBuffer: 'readback',
        AlignedDestinationBufferOffset: 65536 - 112,
      },
    });
    submitWait(b);
  },
);
def(
  'ID3D12GraphicsCommandList/BeginQuery',
  'pipeline_statistics1_in_pipeline_statistics_heap',
  'A PIPELINE_STATISTICS1 query in a PIPELINE_STATISTICS heap: BEGIN_END_QUERY_INVALID_PARAMETERS, Close E_INVALIDARG',
  `${STATS1_DOC}; Counters and Queries (query type -> heap type table, core runtime)`,
  {},
  (b) => {
    b.basics();
    qheap(b, 'stats', 'PIPELINE_STATISTICS');
    query(b, 'BeginQuery', 'stats', 'PIPELINE_STATISTICS1', { msgs: ['BEGIN_END_QUERY_INVALID_PARAMETERS'] });
    b.close('list', { hr: 'E_INVALIDARG' });
  },
);

// ------------------------------------------------------------------ [ST-ECL-STATIC-1] #1002 at ExecuteCommandLists
// Source: V-LOG microsoft/DirectX-Graphics-Samples#768 (D3D12nBodyGravity): "ID3D12CommandQueue::ExecuteCommandLists:
// Resource(...) was bound as DATA_STATIC on Command List ..., still in execution (ExecuteCommandLists) ... there is a
// state transition to (0x40: ...) here ... [ EXECUTION ERROR #1002: DATA_STATIC_DESCRIPTOR_INVALID_DATA_CHANGE]";
// the Root Signature Version 1.1 page (DATA_STATIC: unchanged "until the command list has finished executing for the
// last time"; the default DATA_STATIC_WHILE_SET_AT_EXECUTE promises nothing once the list has executed).
const staticTable = (flags) => ({
  ParameterType: 'D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE',
  DescriptorTable: {
    NumDescriptorRanges: 1,
    DescriptorRanges: [
      {
        RangeType: 'D3D12_DESCRIPTOR_RANGE_TYPE_SRV',
        NumDescriptors: 1,
        BaseShaderRegister: 0,
        RegisterSpace: 0,
        Flags: flags,
        OffsetInDescriptorsFromTableStart: 0,
      },
    ],
  },
  ShaderVisibility: 'D3D12_SHADER_VISIBILITY_PIXEL',
});
for (const [aspect, flags, waitFirst, msgs, what, basis] of [
  [
    'transition_while_data_static_binding_list_executes',
    'D3D12_DESCRIPTOR_RANGE_FLAG_DATA_STATIC',
    false,
    ['DATA_STATIC_DESCRIPTOR_INVALID_DATA_CHANGE'],
    'List 1 binds a texture through a DATA_STATIC SRV range and is submitted; list 2, submitted while list 1 still executes, transitions it: #1002 at the second ExecuteCommandLists',
    'V-LOG microsoft/DirectX-Graphics-Samples#768; Root Signature Version 1.1 page',
  ],
  [
    'transition_after_data_static_binding_list_completed',
    'D3D12_DESCRIPTOR_RANGE_FLAG_DATA_STATIC',
    true,
    [],
    'The same, but list 2 is submitted after a CPU wait for list 1: no message',
    'Root Signature Version 1.1 page ("until the command list has finished executing"; negative)',
  ],
  [
    'transition_while_default_binding_list_executes',
    'D3D12_DESCRIPTOR_RANGE_FLAG_NONE',
    false,
    [],
    'The same while list 1 executes, with the 1.1 default range (DATA_STATIC_WHILE_SET_AT_EXECUTE): no message',
    'Root Signature Version 1.1 page (only DATA_STATIC promises the data never changes; negative)',
  ],
])
  def('ID3D12CommandQueue/ExecuteCommandLists', aspect, what, basis, {}, (b) => {
    b.basics();
    b.texture('tex', 64, 64, 'PIXEL_SHADER_RESOURCE');
    b.heap('heap', 'CBV_SRV_UAV', 1, true);
    b.c('ID3D12Device::CreateShaderResourceView', {
      self: 'dev',
      args: { Resource: 'tex', Desc: null, DestDescriptor: { heap: 'heap', index: 0 } },
    });
    b.rs11([staticTable(flags)], [], 'D3D12_ROOT_SIGNATURE_FLAG_NONE');
    b.c('ID3D12GraphicsCommandList::SetGraphicsRootSignature', {
      self: 'list',
      args: { RootSignature: 'rootSignature' },
    });
    b.c('ID3D12GraphicsCommandList::SetDescriptorHeaps', {
      self: 'list',
      args: { NumDescriptorHeaps: 1, DescriptorHeaps: ['heap'] },
    });
    b.c('ID3D12GraphicsCommandList::SetGraphicsRootDescriptorTable', {
      self: 'list',
      args: { RootParameterIndex: 0, BaseDescriptor: { heap: 'heap', index: 0 } },
    });
    b.close('list').fence('fence').ecl('queue', ['list']).signal('queue', 'fence', 1);
    if (waitFirst) {
      b.cpuWait('fence', 1);
      b.completed('fence', 1);
    }
    b.alloc('alloc2').list('list2', 'DIRECT', 'alloc2');
    b.tr('list2', 'tex', 'PIXEL_SHADER_RESOURCE', 'COPY_SOURCE', {}, 0);
    b.close('list2').ecl('queue', ['list2'], { msgs }).signal('queue', 'fence', 2);
    b.cpuWait('fence', 2);
    b.completed('fence', 2);
  });

// ------------------------------------------------------------------ [RESOLVE-MODE-1] resolve modes and formats
// Source: the D3D12_RESOLVE_MODE page (MIN/MAX: "any render target or depth stencil format"; AVERAGE: "any non-integer
// render target format, including the depth plane. It can't be used with integer render target formats, including
// the stencil plane"); RESOLVESUBRESOURCE_INVALID_FORMAT's category INF (builder.mjs MSG).
const MODE_DOC = 'D3D12_RESOLVE_MODE page';
const msaaPair = (b, fmt, flags) => {
  b.texture('src', 64, 64, 'RESOLVE_SOURCE', { fmt, flags, samples: 4 });
  b.texture('dst', 64, 64, 'RESOLVE_DEST', { fmt, flags });
};
const regionMode = (b, fmt, mode, e = {}) =>
  b.c(
    'ID3D12GraphicsCommandList1::ResolveSubresourceRegion',
    {
      self: 'list',
      args: {
        DstResource: 'dst',
        DstSubresource: 0,
        DstX: 0,
        DstY: 0,
        SrcResource: 'src',
        SrcSubresource: 0,
        SrcRect: null,
        Format: fmt,
        ResolveMode: `D3D12_RESOLVE_MODE_${mode}`,
      },
    },
    { hr: null, ...e },
  );
def(
  'ID3D12GraphicsCommandList/ResolveSubresourceRegion',
  'depth_plane_average_min_max',
  'A 4x D32_FLOAT depth texture resolved with AVERAGE, MIN and MAX into a single-sampled one: no message',
  `${MODE_DOC} (AVERAGE "including the depth plane"; MIN/MAX any depth stencil format; negative)`,
  {},
  (b) => {
    b.basics();
    msaaPair(b, 'DXGI_FORMAT_D32_FLOAT', 'D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL');
    for (const mode of ['AVERAGE', 'MIN', 'MAX']) regionMode(b, 'DXGI_FORMAT_D32_FLOAT', mode);
    submitWait(b);
  },
);
def(
  'ID3D12GraphicsCommandList/ResolveSubresourceRegion',
  'integer_format_average',
  'A 4x R32_UINT target resolved with MIN and MAX (fine), then AVERAGE: RESOLVESUBRESOURCE_INVALID_FORMAT, Close E_INVALIDARG',
  `${MODE_DOC} (AVERAGE "can't be used with integer render target formats"); category INF`,
  {},
  (b) => {
    b.basics();
    msaaPair(b, 'DXGI_FORMAT_R32_UINT', 'D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET');
    regionMode(b, 'DXGI_FORMAT_R32_UINT', 'MIN');
    regionMode(b, 'DXGI_FORMAT_R32_UINT', 'MAX');
    regionMode(b, 'DXGI_FORMAT_R32_UINT', 'AVERAGE', { msgs: ['RESOLVESUBRESOURCE_INVALID_FORMAT'] });
    b.close('list', { hr: 'E_INVALIDARG' });
  },
);
