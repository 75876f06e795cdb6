// Queries and MSAA resolves (issue 9 §3; SPEC.md §7.2 QH-*/Q-*, §7.3 MSAA-1/RESOLVE-*): correct programs that raise
// nothing beside the mistakes the runtime and the debug layer report. Sources: DirectX-Specs "Counters and Queries"
// (what the core runtime / the debug layer validate, the query-type tables, GetTimestampFrequency's E_FAIL), the
// ResolveQueryData page (8-byte offset, COPY_DEST), the #1319 log lines of microsoft/DirectX-Graphics-Samples#839 and
// #716 ("Cannot Resolve query that has never been performed ... EXECUTION ERROR #1319"), the ResolveSubresource page
// and the D3D12_RESOURCE_DESC multisampling remarks; message numbers from d3d12sdklayers.h, categories INF unless a
// log is named (builder.mjs MSG).
import { RT, scenario, submitWait, texDesc } from './builder.mjs';

const def = (dir, aspect, what, basis, opts, fn) =>
  scenario('_generator/defs-queries.mjs', dir, aspect, what, basis, opts, fn);

const qheap = (b, name, type, count, e = {}) =>
  b.c(
    'ID3D12Device::CreateQueryHeap',
    { self: 'dev', args: { Type: `D3D12_QUERY_HEAP_TYPE_${type}`, Count: count, NodeMask: 0 }, out: name },
    e,
  );
const query = (b, method, heap, type, index, e = {}, list = 'list') =>
  b.c(
    `ID3D12GraphicsCommandList::${method}`,
    { self: list, args: { QueryHeap: heap, Type: `D3D12_QUERY_TYPE_${type}`, Index: index } },
    e,
  );
const resolveQueries = (b, heap, type, start, count, dst, offset, e = {}) =>
  b.c(
    'ID3D12GraphicsCommandList::ResolveQueryData',
    {
      self: 'list',
      args: {
        QueryHeap: heap,
        Type: `D3D12_QUERY_TYPE_${type}`,
        StartIndex: start,
        NumQueries: count,
        DestinationBuffer: dst,
        AlignedDestinationBufferOffset: offset,
      },
    },
    e,
  );
const resolve = (b, dst, src, fmt = 'DXGI_FORMAT_R8G8B8A8_UNORM', e = {}) =>
  b.c(
    'ID3D12GraphicsCommandList::ResolveSubresource',
    { self: 'list', args: { DstResource: dst, DstSubresource: 0, SrcResource: src, SrcSubresource: 0, Format: fmt } },
    e,
  );
const msaa = (b, name, state, opts = {}, e = {}) =>
  b.texture(name, 64, 64, state, { flags: RT, samples: 4, ...opts }, e);
const BAD_CLOSE = { hr: 'E_INVALIDARG' };

// ------------------------------------------------------------------ queries
def(
  'programs',
  'timestamp_queries_resolved_to_readback',
  'Two EndQuery timestamps around a copy, ResolveQueryData into a READBACK buffer, fenced, then GetTimestampFrequency: no message',
  'Counters and Queries spec (timestamps are End-only; ResolveQueryData into a COPY_DEST buffer); Q-* (correct program)',
  {},
  (b) => {
    b.basics();
    qheap(b, 'timestamps', 'TIMESTAMP', 2);
    b.readback('readback', 65536);
    b.upload('upload', 65536);
    query(b, 'EndQuery', 'timestamps', 'TIMESTAMP', 0);
    b.copyBuf('list', 'readback', 256, 'upload', 0, 256);
    query(b, 'EndQuery', 'timestamps', 'TIMESTAMP', 1);
    resolveQueries(b, 'timestamps', 'TIMESTAMP', 0, 2, 'readback', 0);
    submitWait(b);
    b.c(
      'ID3D12CommandQueue::GetTimestampFrequency',
      { self: 'queue', args: { Frequency: null } },
      { value: '12000000' },
    );
  },
);
def(
  'programs',
  'occlusion_query_on_direct_list',
  'BeginQuery/EndQuery of a BINARY_OCCLUSION query (nothing drawn) resolved into a READBACK buffer: no message',
  'Counters and Queries spec (occlusion queries need Begin and End on one DIRECT list); Q-* (correct program)',
  {},
  (b) => {
    b.basics();
    qheap(b, 'occlusion', 'OCCLUSION', 4);
    b.readback('readback', 65536);
    query(b, 'BeginQuery', 'occlusion', 'BINARY_OCCLUSION', 1);
    query(b, 'EndQuery', 'occlusion', 'BINARY_OCCLUSION', 1);
    resolveQueries(b, 'occlusion', 'BINARY_OCCLUSION', 1, 1, 'readback', 8);
    submitWait(b);
  },
);
def(
  'ID3D12Device/CreateQueryHeap',
  'count_zero',
  'CreateQueryHeap with Count 0: CREATEQUERY_HEAP_INVALID_PARAMETERS, E_INVALIDARG',
  'Counters and Queries spec: "the core runtime will validate ... that the count is greater than 0"; #729',
  {},
  (b) => {
    b.device();
    qheap(b, 'bad', 'TIMESTAMP', 0, { hr: 'E_INVALIDARG', msgs: ['CREATEQUERY_HEAP_INVALID_PARAMETERS'] });
  },
);
def(
  'ID3D12GraphicsCommandList/BeginQuery',
  'timestamp_has_no_begin',
  'BeginQuery on a TIMESTAMP query: BEGIN_END_QUERY_INVALID_PARAMETERS at record, Close E_INVALIDARG',
  'Counters and Queries spec: "BeginQuery cannot be called on a timestamp query" (core runtime); #731',
  {},
  (b) => {
    b.basics();
    qheap(b, 'timestamps', 'TIMESTAMP', 2);
    query(b, 'BeginQuery', 'timestamps', 'TIMESTAMP', 0, { msgs: ['BEGIN_END_QUERY_INVALID_PARAMETERS'] });
    b.close('list', BAD_CLOSE);
  },
);
def(
  'ID3D12GraphicsCommandList/EndQuery',
  'occlusion_without_begin',
  'EndQuery of an OCCLUSION query never begun in this list: BEGIN_END_QUERY_INVALID_PARAMETERS, Close E_INVALIDARG',
  'Counters and Queries spec: a Begin/End query "must not span command list boundaries" (core runtime); #731',
  {},
  (b) => {
    b.basics();
    qheap(b, 'occlusion', 'OCCLUSION', 2);
    query(b, 'EndQuery', 'occlusion', 'OCCLUSION', 0, { msgs: ['BEGIN_END_QUERY_INVALID_PARAMETERS'] });
    b.close('list', BAD_CLOSE);
  },
);
def(
  'ID3D12GraphicsCommandList/EndQuery',
  'occlusion_on_compute_list',
  'An OCCLUSION query on a COMPUTE list (occlusion is DIRECT-only): BEGIN_END_QUERY_INVALID_PARAMETERS; a TIMESTAMP on the same list is fine',
  'Counters and Queries spec, the query type -> command list types table (TIMESTAMP: Direct/Compute); #731',
  {},
  (b) => {
    b.basics('COMPUTE');
    qheap(b, 'timestamps', 'TIMESTAMP', 2);
    qheap(b, 'occlusion', 'OCCLUSION', 2);
    query(b, 'EndQuery', 'timestamps', 'TIMESTAMP', 0);
    query(b, 'BeginQuery', 'occlusion', 'OCCLUSION', 0, { msgs: ['BEGIN_END_QUERY_INVALID_PARAMETERS'] });
    b.close('list', BAD_CLOSE);
  },
);
def(
  'ID3D12GraphicsCommandList/Close',
  'query_left_open',
  'Close with an OCCLUSION query begun and never ended: CLOSE_COMMAND_LIST_OPEN_QUERY, E_INVALIDARG',
  'message #732 CLOSE_COMMAND_LIST_OPEN_QUERY (d3d12sdklayers.h); Close result INF (Q-BEGIN-3)',
  {},
  (b) => {
    b.basics();
    qheap(b, 'occlusion', 'OCCLUSION', 2);
    query(b, 'BeginQuery', 'occlusion', 'OCCLUSION', 0);
    b.close('list', { hr: 'E_INVALIDARG', msgs: ['CLOSE_COMMAND_LIST_OPEN_QUERY'] });
  },
);
def(
  'ID3D12GraphicsCommandList/ResolveQueryData',
  'unaligned_offset',
  'ResolveQueryData at AlignedDestinationBufferOffset 4: RESOLVE_QUERY_DATA_INVALID_PARAMETERS, Close E_INVALIDARG',
  'ResolveQueryData page ("must be a multiple of 8 bytes"); Counters and Queries spec (core runtime); #733',
  {},
  (b) => {
    b.basics();
    qheap(b, 'timestamps', 'TIMESTAMP', 2);
    b.readback('readback', 65536);
    query(b, 'EndQuery', 'timestamps', 'TIMESTAMP', 0);
    resolveQueries(b, 'timestamps', 'TIMESTAMP', 0, 1, 'readback', 4, {
      msgs: ['RESOLVE_QUERY_DATA_INVALID_PARAMETERS'],
    });
    b.close('list', BAD_CLOSE);
  },
);
def(
  'ID3D12GraphicsCommandList/ResolveQueryData',
  'never_performed',
  'Resolving 4 timestamps of which only index 0 was ended: RESOLVE_QUERY_INVALID_QUERY_STATE at ExecuteCommandLists',
  'V-LOG microsoft/DirectX-Graphics-Samples#839 and #716 ("Cannot Resolve query that has never been performed for Index [...]", EXECUTION ERROR #1319)',
  {},
  (b) => {
    b.basics();
    qheap(b, 'timestamps', 'TIMESTAMP', 4);
    b.readback('readback', 65536);
    query(b, 'EndQuery', 'timestamps', 'TIMESTAMP', 0);
    resolveQueries(b, 'timestamps', 'TIMESTAMP', 0, 4, 'readback', 0);
    submitWait(b, { eclMsgs: ['RESOLVE_QUERY_INVALID_QUERY_STATE'] });
  },
);
def(
  'ID3D12GraphicsCommandList/ResolveQueryData',
  'destination_not_copy_dest',
  'ResolveQueryData into a DEFAULT buffer this list transitioned to COPY_SOURCE: INVALID_SUBRESOURCE_STATE at the ResolveQueryData call (the list knows the state it set: ST-REC-2)',
  'ResolveQueryData page ("must be in the D3D12_RESOURCE_STATE_COPY_DEST state"); DEBUG_LAYER rows 1-2 (the state rule); record-time report as NVIDIAGameWorks/Falcor#98',
  {},
  (b) => {
    b.basics();
    qheap(b, 'timestamps', 'TIMESTAMP', 1);
    b.buffer('results', 'DEFAULT', 65536, 'COMMON');
    b.tr('list', 'results', 'COMMON', 'COPY_SOURCE');
    query(b, 'EndQuery', 'timestamps', 'TIMESTAMP', 0);
    resolveQueries(b, 'timestamps', 'TIMESTAMP', 0, 1, 'results', 0, { msgs: ['INVALID_SUBRESOURCE_STATE'] });
    submitWait(b);
  },
);
def(
  'ID3D12CommandQueue/GetTimestampFrequency',
  'direct_and_compute_queues',
  'GetTimestampFrequency on a DIRECT and a COMPUTE queue of the default (integrated) device: S_OK, the same frequency',
  'Counters and Queries spec (timestamps on Direct/Compute); the value is the modelled adapter fact (SPEC Q-FREQ-1)',
  {},
  (b) => {
    b.device().queue('queue', 'DIRECT').queue('computeQueue', 'COMPUTE');
    b.c(
      'ID3D12CommandQueue::GetTimestampFrequency',
      { self: 'queue', args: { Frequency: null } },
      { value: '12000000' },
    );
    b.c(
      'ID3D12CommandQueue::GetTimestampFrequency',
      { self: 'computeQueue', args: { Frequency: null } },
      { value: '12000000' },
    );
  },
);

// ------------------------------------------------------------------ MSAA and resolves
def(
  'programs',
  'msaa_render_target_resolved',
  'A 4x MSAA render target cleared, moved RENDER_TARGET→RESOLVE_SOURCE, resolved into a single-sampled texture moved COMMON→RESOLVE_DEST: no message',
  'ResolveSubresource page (source multisampled in RESOLVE_SOURCE, destination single-sampled in RESOLVE_DEST); MSAA-1, RESOLVE-1 (correct program)',
  {},
  (b) => {
    b.basics();
    msaa(b, 'msaa', 'RENDER_TARGET', { clear: { Format: 'DXGI_FORMAT_R8G8B8A8_UNORM', Color: [0, 0.2, 0.4, 1] } });
    b.texture('resolved', 64, 64, 'COMMON');
    b.heap('rtvHeap', 'RTV', 1);
    b.rtv('msaa', 'rtvHeap', 0);
    b.clearRtv('list', 'rtvHeap', 0);
    b.tr('list', 'msaa', 'RENDER_TARGET', 'RESOLVE_SOURCE');
    b.tr('list', 'resolved', 'COMMON', 'RESOLVE_DEST');
    resolve(b, 'resolved', 'msaa');
    submitWait(b);
  },
);
def(
  'ID3D12GraphicsCommandList/ResolveSubresource',
  'source_single_sampled',
  'ResolveSubresource from a single-sampled texture: RESOLVESUBRESOURCE_INVALID_SAMPLE_COUNT, Close E_INVALIDARG',
  'ResolveSubresource page ("Source resource. Must be multisampled"); #880; Close result INF (RESOLVE-1)',
  {},
  (b) => {
    b.basics();
    b.texture('src', 64, 64, 'RESOLVE_SOURCE', { flags: RT });
    b.texture('dst', 64, 64, 'RESOLVE_DEST');
    resolve(b, 'dst', 'src', undefined, { msgs: ['RESOLVESUBRESOURCE_INVALID_SAMPLE_COUNT'] });
    b.close('list', BAD_CLOSE);
  },
);
def(
  'ID3D12GraphicsCommandList/ResolveSubresource',
  'size_mismatch',
  'ResolveSubresource of a 64×64 4x texture into a 32×32 one: RESOLVESUBRESOURCE_RESOURCE_MISMATCH, Close E_INVALIDARG',
  'ResolveSubresource page (same dimensions; D3D12TranslationLayer#50 "expects the destination dimensions to be as large"); #879; INF',
  {},
  (b) => {
    b.basics();
    msaa(b, 'src', 'RESOLVE_SOURCE');
    b.texture('dst', 32, 32, 'RESOLVE_DEST');
    resolve(b, 'dst', 'src', undefined, { msgs: ['RESOLVESUBRESOURCE_RESOURCE_MISMATCH'] });
    b.close('list', BAD_CLOSE);
  },
);
def(
  'ID3D12GraphicsCommandList/ResolveSubresource',
  'source_still_render_target',
  'The MSAA source left in RENDER_TARGET: INVALID_SUBRESOURCE_STATE at ExecuteCommandLists (resolve states need a barrier)',
  'ResolveSubresource page (RESOLVE_SOURCE); DEBUG_LAYER rows 1-2 (the state rule); ST-PROMO-2',
  {},
  (b) => {
    b.basics();
    msaa(b, 'src', 'RENDER_TARGET');
    b.texture('dst', 64, 64, 'RESOLVE_DEST');
    resolve(b, 'dst', 'src');
    submitWait(b, { eclMsgs: ['INVALID_SUBRESOURCE_STATE'] });
  },
);
def(
  'ID3D12GraphicsCommandList/ResolveSubresource',
  'on_compute_list',
  'ResolveSubresource on a COMPUTE list: NO_GRAPHICS_API_SUPPORT, ignored',
  'CL-TYPE-1; compute lists cannot use RESOLVE_* states (ST-LIST-1)',
  {},
  (b) => {
    b.basics('COMPUTE');
    msaa(b, 'src', 'RESOLVE_SOURCE');
    b.texture('dst', 64, 64, 'RESOLVE_DEST');
    resolve(b, 'dst', 'src', undefined, { msgs: ['NO_GRAPHICS_API_SUPPORT'] });
  },
);
def(
  'ID3D12Device/CreateCommittedResource',
  'msaa_unsupported_sample_count',
  'A texture with SampleDesc.Count 3 (no format supports it): CREATERESOURCE_INVALIDSAMPLEDESC, E_INVALIDARG',
  'D3D12_FEATURE_DATA_MULTISAMPLE_QUALITY_LEVELS (NumQualityLevels 0 = unsupported); #723; MSAA-1',
  {},
  (b) => {
    b.device();
    msaa(b, 'bad', 'RENDER_TARGET', { samples: 3 }, { hr: 'E_INVALIDARG', msgs: ['CREATERESOURCE_INVALIDSAMPLEDESC'] });
  },
);
def(
  'ID3D12Device/CreateCommittedResource',
  'msaa_without_render_target_flag',
  'A 4x texture without ALLOW_RENDER_TARGET/DEPTH_STENCIL: CREATERESOURCE_INVALIDMISCFLAGS, E_INVALIDARG',
  'D3D12_RESOURCE_DESC remarks (multisampled textures are render targets or depth stencils); message INF (MSAA-1)',
  {},
  (b) => {
    b.device();
    b.committed('bad', 'DEFAULT', texDesc(64, 64, { samples: 4 }), 'COMMON', {
      hr: 'E_INVALIDARG',
      msgs: ['CREATERESOURCE_INVALIDMISCFLAGS'],
    });
  },
);
def(
  'ID3D12GraphicsCommandList/CopyResource',
  'msaa_into_single_sampled',
  'CopyResource from a 4x texture into a single-sampled one: COPYRESOURCE_INVALIDDSTRESOURCE, Close E_INVALIDARG (a resolve is the way)',
  'CopyResource page: "if one is multisampled and the other is not multisampled, the call to CopyResource fails. Use ResolveSubresource"; MSAA-3 (message INF)',
  {},
  (b) => {
    b.basics();
    msaa(b, 'src', 'COPY_SOURCE');
    b.texture('dst', 64, 64, 'COPY_DEST', { flags: RT });
    b.copyRes('list', 'dst', 'src', { msgs: ['COPYRESOURCE_INVALIDDSTRESOURCE'] });
    b.close('list', BAD_CLOSE);
  },
);
def(
  'ID3D12CommandQueue/GetClockCalibration',
  'after_one_ms',
  'GetClockCalibration after 1 ms of modelled time: the GPU clock in 12 MHz ticks and QueryPerformanceCounter (10 MHz) of the same instant',
  'Counters and Queries spec (GPU and CPU clocks sampled at nearly the same time); values from the time model: 4 calls × 1 µs (TIME-CPU-1) + 1 ms = 1004 µs → 12048 ticks at 12 MHz, QPC 10040 at 10 MHz (Q-FREQ-1/2)',
  {},
  (b) => {
    b.device().queue('queue', 'DIRECT');
    b.advance(1);
    b.c(
      'ID3D12CommandQueue::GetClockCalibration',
      { self: 'queue', args: { GpuTimestamp: null, CpuTimestamp: null } },
      { value: { GpuTimestamp: '12048', CpuTimestamp: '10040' } },
    );
  },
);
def(
  'ID3D12GraphicsCommandList/DrawInstanced',
  'msaa_target_with_single_sample_pipeline',
  'A draw into a 4x render target with a pipeline whose SampleDesc.Count is 1: RENDER_TARGET_SAMPLE_DESC_MISMATCH_PIPELINE_STATE at the draw',
  'message #614 (d3d12sdklayers.h), the neighbour of #613 RENDER_TARGET_FORMAT_MISMATCH_PIPELINE_STATE (DRAW-1); severity INF (MSAA-2)',
  {},
  (b) => {
    b.basics();
    b.rs10([], [], 'D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT');
    b.pso([], { vsIn: [] });
    msaa(b, 'msaa', 'RENDER_TARGET', { clear: { Format: 'DXGI_FORMAT_R8G8B8A8_UNORM', Color: [0, 0.2, 0.4, 1] } });
    b.heap('rtvHeap', 'RTV', 1);
    b.rtv('msaa', 'rtvHeap', 0);
    b.c('ID3D12GraphicsCommandList::SetGraphicsRootSignature', {
      self: 'list',
      args: { RootSignature: 'rootSignature' },
    });
    b.c('ID3D12GraphicsCommandList::SetPipelineState', { self: 'list', args: { PipelineState: 'pipelineState' } });
    b.omSet('list', 'rtvHeap', 0);
    b.c('ID3D12GraphicsCommandList::RSSetViewports', {
      self: 'list',
      args: {
        NumViewports: 1,
        Viewports: [{ TopLeftX: 0, TopLeftY: 0, Width: 64, Height: 64, MinDepth: 0, MaxDepth: 1 }],
      },
    });
    b.c('ID3D12GraphicsCommandList::RSSetScissorRects', {
      self: 'list',
      args: { NumRects: 1, Rects: [{ left: 0, top: 0, right: 64, bottom: 64 }] },
    });
    b.c('ID3D12GraphicsCommandList::IASetPrimitiveTopology', {
      self: 'list',
      args: { PrimitiveTopology: 'D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST' },
    });
    b.c(
      'ID3D12GraphicsCommandList::DrawInstanced',
      {
        self: 'list',
        args: { VertexCountPerInstance: 3, InstanceCount: 1, StartVertexLocation: 0, StartInstanceLocation: 0 },
      },
      { msgs: ['RENDER_TARGET_SAMPLE_DESC_MISMATCH_PIPELINE_STATE'] },
    );
  },
);
const resolveRegion = (b, dst, src, rect, dstX, e = {}) =>
  b.c(
    'ID3D12GraphicsCommandList1::ResolveSubresourceRegion',
    {
      self: 'list',
      args: {
        DstResource: dst,
        DstSubresource: 0,
        DstX: dstX,
        DstY: 0,
        SrcResource: src,
        SrcSubresource: 0,
        SrcRect: rect,
        Format: 'DXGI_FORMAT_R8G8B8A8_UNORM',
        ResolveMode: 'D3D12_RESOLVE_MODE_AVERAGE',
      },
    },
    { hr: null, ...e }, // a void method (the builder's default covers ID3D12GraphicsCommandList:: only)
  );
def(
  'ID3D12GraphicsCommandList/ResolveSubresourceRegion',
  'rect_into_smaller_target',
  'ResolveSubresourceRegion of a 16×16 rectangle of a 4x texture into a 16×16 texture (AVERAGE): no message; the same rectangle at DstX 8 overruns it: RESOLVESUBRESOURCEREGION_INVALID_RECT, Close E_INVALIDARG',
  'ResolveSubresourceRegion page (the destination region has the size of the source rect); #1050 (category INF, RESOLVE-2)',
  {},
  (b) => {
    b.basics();
    msaa(b, 'src', 'RESOLVE_SOURCE');
    b.texture('dst', 16, 16, 'RESOLVE_DEST');
    resolveRegion(b, 'dst', 'src', { left: 8, top: 8, right: 24, bottom: 24 }, 0);
    resolveRegion(b, 'dst', 'src', { left: 8, top: 8, right: 24, bottom: 24 }, 8, {
      msgs: ['RESOLVESUBRESOURCEREGION_INVALID_RECT'],
    });
    b.close('list', BAD_CLOSE);
  },
);
