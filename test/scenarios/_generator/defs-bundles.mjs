// Bundles (issue 9 §3; SPEC.md §6.1 BUNDLE-*) and record-time state tracking inside one command list (issue 9 §2;
// SPEC.md §5 ST-REC-2, ST-REC-3): correct programs that raise nothing beside the mistakes the debug layer reports.
// Sources: the ExecuteBundle page (inheritance; "silently drop the call", "Close returning E_INVALIDARG", the debug
// layer's "warning in the same cases" and its allocator check), "Creating and recording command lists and bundles"
// (Bundle restrictions: the runtime drops the call, the debug layer issues an error), "Using a root signature" (bundle
// semantics), SetDescriptorHeaps ("the bundle descriptor heaps must match"), vkd3d-proton test_bundle_state_inheritance
// (native results), the D3D12Bundles sample (what a bundle sets), public logs: #693 and #1004 (a public sample's
// comments quoting them), #611 (libsdl-org/SDL#11680), "(assumed at first use)" on a recording call
// (NVIDIAGameWorks/Falcor#98), #527 "specified in the previous call to ResourceBarrier" (DEBUG_LAYER row 6).
import { MSG, RT, scenario, submitWait } from './builder.mjs';

// category / severity of the messages these scenarios expect (SPEC §6.1 gives the source of each; INF there)
Object.assign(MSG, {
  INVALID_BUNDLE_API: ['EXECUTION', 'ERROR'],
  COMMAND_ALLOCATOR_RESET_BUNDLE: ['EXECUTION', 'ERROR'],
  EXECUTE_BUNDLE_OPEN_BUNDLE: ['EXECUTION', 'WARNING'],
  EXECUTE_BUNDLE_DESCRIPTOR_HEAP_MISMATCH: ['EXECUTION', 'ERROR'],
  EXECUTE_BUNDLE_TYPE: ['EXECUTION', 'WARNING'],
  EXECUTE_BUNDLE_STATIC_DESCRIPTOR_DATA_STATIC_NOT_SET: ['EXECUTION', 'ERROR'],
  PRIMITIVE_TOPOLOGY_MISMATCH_PIPELINE_STATE: ['EXECUTION', 'ERROR'],
  COMMAND_LIST_DRAW_ROOT_SIGNATURE_NOT_SET: ['EXECUTION', 'ERROR'],
  WRONG_COMMAND_ALLOCATOR_TYPE: ['EXECUTION', 'ERROR'],
  DATA_STATIC_DESCRIPTOR_INVALID_DATA_CHANGE: ['EXECUTION', 'ERROR'],
});

const def = (dir, aspect, what, basis, opts, fn) =>
  scenario('_generator/defs-bundles.mjs', dir, aspect, what, basis, opts, fn);

const EB = 'ID3D12GraphicsCommandList/ExecuteBundle';
const IS = 'INVALID_SUBRESOURCE_STATE';

const srvRange = (volatile) => ({
  RangeType: 'D3D12_DESCRIPTOR_RANGE_TYPE_SRV',
  NumDescriptors: 1,
  BaseShaderRegister: 0,
  RegisterSpace: 0,
  Flags: volatile
    ? 'D3D12_DESCRIPTOR_RANGE_FLAG_DESCRIPTORS_VOLATILE|D3D12_DESCRIPTOR_RANGE_FLAG_DATA_VOLATILE'
    : 'D3D12_DESCRIPTOR_RANGE_FLAG_NONE',
  OffsetInDescriptorsFromTableStart: 0,
});
const srvTable = (volatile) => ({
  ParameterType: 'D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE',
  DescriptorTable: { NumDescriptorRanges: 1, DescriptorRanges: [srvRange(volatile)] },
  ShaderVisibility: 'D3D12_SHADER_VISIBILITY_PIXEL',
});

/**
 * Device, direct queue/allocator/list, a render target in RENDER_TARGET with its RTV, a texture in
 * PIXEL_SHADER_RESOURCE with its SRV in a shader-visible heap, a 1.1 root signature with one SRV table (static
 * descriptors unless `volatile`), a PSO whose pixel shader reads t0, a bundle allocator and an open bundle.
 */
function world(b, { volatile = false } = {}) {
  b.basics();
  b.c('ID3D12Device::CreateCommittedResource', {
    self: 'dev',
    args: {
      HeapProperties: { Type: 'D3D12_HEAP_TYPE_DEFAULT' },
      HeapFlags: 'D3D12_HEAP_FLAG_NONE',
      Desc: texDesc64(RT),
      InitialResourceState: 'D3D12_RESOURCE_STATE_RENDER_TARGET',
      OptimizedClearValue: { Format: 'DXGI_FORMAT_R8G8B8A8_UNORM', Color: [0, 0, 0, 1] },
    },
    out: 'rt',
  });
  b.heap('rtvHeap', 'RTV', 1);
  b.rtv('rt', 'rtvHeap', 0);
  b.texture('tex', 64, 64, 'PIXEL_SHADER_RESOURCE');
  b.heap('heap', 'CBV_SRV_UAV', 1, true);
  b.c('ID3D12Device::CreateShaderResourceView', {
    self: 'dev',
    args: { Resource: 'tex', Desc: null, DestDescriptor: { heap: 'heap', index: 0 } },
  });
  b.rs11([srvTable(volatile)], [], 'D3D12_ROOT_SIGNATURE_FLAG_NONE');
  b.pso([], { vsIn: [], psRes: [{ Type: 'SRV', Register: 0 }] });
  b.alloc('bundleAlloc', 'BUNDLE').list('bundle', 'BUNDLE', 'bundleAlloc');
  return b;
}
function texDesc64(flags) {
  return {
    Dimension: 'D3D12_RESOURCE_DIMENSION_TEXTURE2D',
    Alignment: 0,
    Width: 64,
    Height: 64,
    DepthOrArraySize: 1,
    MipLevels: 1,
    Format: 'DXGI_FORMAT_R8G8B8A8_UNORM',
    SampleDesc: { Count: 1, Quality: 0 },
    Layout: 'D3D12_TEXTURE_LAYOUT_UNKNOWN',
    Flags: flags,
  };
}
const L = (m) => `ID3D12GraphicsCommandList::${m}`;
const setHeaps = (b, list, e = {}) =>
  b.c(L('SetDescriptorHeaps'), { self: list, args: { NumDescriptorHeaps: 1, DescriptorHeaps: ['heap'] } }, e);
const setRs = (b, list, e = {}) =>
  b.c(L('SetGraphicsRootSignature'), { self: list, args: { RootSignature: 'rootSignature' } }, e);
const setTable = (b, list, e = {}) =>
  b.c(
    L('SetGraphicsRootDescriptorTable'),
    { self: list, args: { RootParameterIndex: 0, BaseDescriptor: { heap: 'heap', index: 0 } } },
    e,
  );
const setPso = (b, list, e = {}) =>
  b.c(L('SetPipelineState'), { self: list, args: { PipelineState: 'pipelineState' } }, e);
const setTopology = (b, list, e = {}) =>
  b.c(
    L('IASetPrimitiveTopology'),
    { self: list, args: { PrimitiveTopology: 'D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST' } },
    e,
  );
const draw = (b, list, e = {}) =>
  b.c(
    L('DrawInstanced'),
    {
      self: list,
      args: { VertexCountPerInstance: 3, InstanceCount: 1, StartVertexLocation: 0, StartInstanceLocation: 0 },
    },
    e,
  );
const execBundle = (b, e = {}, list = 'list', bundle = 'bundle') =>
  b.c(L('ExecuteBundle'), { self: list, args: { CommandList: bundle } }, e);
/** The parent's state a bundle inherits: target, viewport, scissor, root signature, heaps, and (optionally) the table. */
function parentState(b, { table = true } = {}) {
  b.omSet('list', 'rtvHeap', 0);
  b.viewportScissor('list', 64, 64);
  setRs(b, 'list');
  setHeaps(b, 'list');
  if (table) setTable(b, 'list');
}

// ---------------------------------------------------------------- correct programs

def(
  'programs',
  'bundle_inherits_targets_and_volatile_table',
  'A bundle sets only its PSO and topology and draws; the direct list sets targets, viewport, scissor, root signature, heaps and a volatile SRV table, executes the bundle twice, ECL, fence: no message',
  'ExecuteBundle page (bundles inherit all state but the PSO and topology); vkd3d-proton test_bundle_state_inheritance; BUNDLE-INHERIT-1 (correct program)',
  {},
  (b) => {
    world(b, { volatile: true });
    setPso(b, 'bundle');
    setTopology(b, 'bundle');
    draw(b, 'bundle');
    b.close('bundle');
    parentState(b);
    execBundle(b);
    execBundle(b);
    submitWait(b);
  },
);
def(
  'programs',
  'bundle_sets_heaps_root_signature_and_table',
  'The D3D12Bundles pattern: the bundle sets the same heaps and root signature as the list, its own static SRV table, PSO, topology, and draws; no message',
  'D3D12Bundles sample; "Using a root signature" (bundle semantics); SetDescriptorHeaps page; BUNDLE-HEAPS-1 / BUNDLE-STATIC-1 (correct program)',
  {},
  (b) => {
    world(b);
    setHeaps(b, 'bundle');
    setRs(b, 'bundle');
    setTable(b, 'bundle');
    setPso(b, 'bundle');
    setTopology(b, 'bundle');
    draw(b, 'bundle');
    b.close('bundle');
    parentState(b, { table: false });
    execBundle(b);
    submitWait(b);
  },
);
def(
  'programs',
  'bundle_state_flows_back_to_the_list',
  'A bundle sets the PSO and topology without drawing; the direct list draws after ExecuteBundle with them: no message',
  'ExecuteBundle page ("all of the state that is set in a bundle will affect the state of the parent command list"); vkd3d-proton test_bundle_state_inheritance (last case)',
  {},
  (b) => {
    world(b, { volatile: true });
    setPso(b, 'bundle');
    setTopology(b, 'bundle');
    b.close('bundle');
    parentState(b);
    execBundle(b);
    draw(b, 'list');
    submitWait(b);
  },
);

// ---------------------------------------------------------------- ExecuteBundle

def(
  EB,
  'open_bundle',
  'ExecuteBundle of a bundle never closed: #692, the call dropped, the direct list Close E_INVALIDARG',
  'ExecuteBundle page (runtime validates the bundle is closed: drops the call, Close E_INVALIDARG; the debug layer warns, INF: no log)',
  {},
  (b) => {
    world(b, { volatile: true });
    setPso(b, 'bundle');
    setTopology(b, 'bundle');
    draw(b, 'bundle');
    parentState(b);
    execBundle(b, { msgs: ['EXECUTE_BUNDLE_OPEN_BUNDLE'] });
    b.close('list', { hr: 'E_INVALIDARG' });
  },
);
def(
  EB,
  'direct_list_as_bundle',
  'ExecuteBundle given a closed DIRECT list: #694, dropped, Close E_INVALIDARG',
  'ExecuteBundle page (the callee must be a bundle); message severity INF',
  {},
  (b) => {
    world(b, { volatile: true });
    b.alloc('alloc2').list('list2', 'DIRECT', 'alloc2');
    b.close('list2');
    execBundle(b, { msgs: ['EXECUTE_BUNDLE_TYPE'] }, 'list', 'list2');
    b.close('list', { hr: 'E_INVALIDARG' });
  },
);
def(
  EB,
  'descriptor_heaps_differ',
  'The bundle sets another shader-visible heap than the list: #693 at ExecuteBundle',
  'SetDescriptorHeaps page ("the bundle descriptor heaps must match"); V-LOG #693 "Bundle descriptor heaps must match direct command list descriptor heaps" (EXECUTION ERROR)',
  {},
  (b) => {
    world(b);
    b.heap('heap2', 'CBV_SRV_UAV', 1, true);
    b.c(L('SetDescriptorHeaps'), { self: 'bundle', args: { NumDescriptorHeaps: 1, DescriptorHeaps: ['heap2'] } });
    setRs(b, 'bundle');
    setPso(b, 'bundle');
    setTopology(b, 'bundle');
    b.close('bundle');
    parentState(b);
    execBundle(b, { msgs: ['EXECUTE_BUNDLE_DESCRIPTOR_HEAP_MISMATCH'] });
    b.close('list');
  },
);
def(
  EB,
  'static_table_inherited',
  'Root signature 1.1 with a static-descriptor SRV table set on the list; the bundle sets the same root signature and draws without setting the table: #1004 at ExecuteBundle',
  'V-LOG #1004 "required for Static Descriptors and Data Static Descriptors to be set in the bundle and not inherited in" (EXECUTION ERROR); BUNDLE-STATIC-1',
  {},
  (b) => {
    world(b);
    setRs(b, 'bundle');
    setPso(b, 'bundle');
    setTopology(b, 'bundle');
    draw(b, 'bundle');
    b.close('bundle');
    parentState(b);
    execBundle(b, { msgs: ['EXECUTE_BUNDLE_STATIC_DESCRIPTOR_DATA_STATIC_NOT_SET'] });
    b.close('list');
  },
);
def(
  EB,
  'volatile_table_inherited',
  'The same with a DESCRIPTORS_VOLATILE|DATA_VOLATILE range: the bundle may inherit the table, no message',
  'V-LOG #1004 names static / data-static descriptors only; "Using a root signature" (bundles inherit root bindings); BUNDLE-STATIC-1 (negative)',
  {},
  (b) => {
    world(b, { volatile: true });
    setRs(b, 'bundle');
    setPso(b, 'bundle');
    setTopology(b, 'bundle');
    draw(b, 'bundle');
    b.close('bundle');
    parentState(b);
    execBundle(b);
    submitWait(b);
  },
);
def(
  EB,
  'root_signature_never_set',
  'A bundle that draws relying on a root signature neither it nor the list set: nothing at the bundle draw, COMMAND_LIST_DRAW_ROOT_SIGNATURE_NOT_SET at ExecuteBundle',
  'ExecuteBundle page (the bundle inherits the root signature, so its draw is checked where it runs); DRAW-1; BUNDLE-DRAW-1',
  {},
  (b) => {
    world(b, { volatile: true });
    setPso(b, 'bundle');
    setTopology(b, 'bundle');
    draw(b, 'bundle');
    b.close('bundle');
    b.omSet('list', 'rtvHeap', 0);
    b.viewportScissor('list', 64, 64);
    execBundle(b, { msgs: ['COMMAND_LIST_DRAW_ROOT_SIGNATURE_NOT_SET'] });
    b.close('list');
  },
);
def(
  EB,
  'bundle_allocator_reset_after_close',
  'The bundle allocator Reset after the bundle was closed, then ExecuteBundle: #542 (the bundle commands are gone)',
  'ExecuteBundle page ("the debug layer will also validate that the command allocator associated with the bundle has not been reset since Close"); message name INF',
  {},
  (b) => {
    world(b, { volatile: true });
    setPso(b, 'bundle');
    setTopology(b, 'bundle');
    draw(b, 'bundle');
    b.close('bundle');
    b.resetAlloc('bundleAlloc');
    parentState(b);
    execBundle(b, { msgs: ['COMMAND_ALLOCATOR_RESET_BUNDLE'] });
    b.close('list');
  },
);
def(
  EB,
  'bundle_allocator_reset_before_ecl',
  'The bundle allocator Reset after ExecuteBundle but before the list is executed: #542 at ExecuteCommandLists',
  'ExecuteBundle page ("this validation occurs at ExecuteBundle time, and when the parent command list is executed on a command queue")',
  {},
  (b) => {
    world(b, { volatile: true });
    setPso(b, 'bundle');
    setTopology(b, 'bundle');
    draw(b, 'bundle');
    b.close('bundle');
    parentState(b);
    execBundle(b);
    b.resetAlloc('bundleAlloc');
    submitWait(b, { eclMsgs: ['COMMAND_ALLOCATOR_RESET_BUNDLE'] });
  },
);
def(
  EB,
  'bundle_draw_target_moved_by_list',
  'The list moves its render target RENDER_TARGET→COPY_SOURCE itself, then executes a drawing bundle: #538 on ExecuteBundle (the list knows the state), not again at ECL',
  'ST-REC-2 (a state the list set is checked on the recording call); BUNDLE-DRAW-1 (the bundle draw uses the inherited target)',
  {},
  (b) => {
    world(b, { volatile: true });
    setPso(b, 'bundle');
    setTopology(b, 'bundle');
    draw(b, 'bundle');
    b.close('bundle');
    b.tr('list', 'rt', 'RENDER_TARGET', 'COPY_SOURCE');
    parentState(b);
    execBundle(b, { msgs: [IS] });
    submitWait(b);
  },
);

// ---------------------------------------------------------------- restrictions and the bundle's own draw

const restricted = [
  ['ResourceBarrier', (b) => b.tr('bundle', 'rt', 'RENDER_TARGET', 'COPY_SOURCE', { msgs: ['INVALID_BUNDLE_API'] })],
  ['OMSetRenderTargets', (b) => b.omSet('bundle', 'rtvHeap', 0, { msgs: ['INVALID_BUNDLE_API'] })],
  [
    'RSSetViewports',
    (b) =>
      b.c(
        L('RSSetViewports'),
        {
          self: 'bundle',
          args: {
            NumViewports: 1,
            Viewports: [{ TopLeftX: 0, TopLeftY: 0, Width: 64, Height: 64, MinDepth: 0, MaxDepth: 1 }],
          },
        },
        { msgs: ['INVALID_BUNDLE_API'] },
      ),
  ],
  ['ClearRenderTargetView', (b) => b.clearRtv('bundle', 'rtvHeap', 0, { msgs: ['INVALID_BUNDLE_API'] })],
  ['ExecuteBundle', (b) => execBundle(b, { msgs: ['INVALID_BUNDLE_API'] }, 'bundle', 'bundle')],
];
for (const [method, call] of restricted)
  def(
    `ID3D12GraphicsCommandList/${method}`,
    'in_bundle',
    `${method} recorded into a bundle: INVALID_BUNDLE_API, the call dropped, the bundle's Close E_INVALIDARG`,
    '"Creating and recording command lists and bundles", Bundle restrictions (the runtime drops the call, the debug layer issues an error); Close E_INVALIDARG INF (SPEC §12)',
    {},
    (b) => {
      world(b);
      call(b);
      b.close('bundle', { hr: 'E_INVALIDARG' });
    },
  );
def(
  'ID3D12GraphicsCommandList/DrawInstanced',
  'bundle_without_pipeline_state',
  'A bundle created without an initial state draws before SetPipelineState (the list has one set): COMMAND_LIST_PIPELINE_STATE_NOT_SET at the bundle draw',
  'ExecuteBundle page (a bundle does not inherit the PSO); vkd3d-proton test_bundle_state_inheritance; BUNDLE-DRAW-1',
  {},
  (b) => {
    world(b, { volatile: true });
    setPso(b, 'list');
    setTopology(b, 'bundle');
    draw(b, 'bundle', { msgs: ['COMMAND_LIST_PIPELINE_STATE_NOT_SET'] });
    b.close('bundle');
  },
);
def(
  'ID3D12GraphicsCommandList/DrawInstanced',
  'bundle_without_topology',
  'A bundle sets its PSO but no topology (the list set one): #611 at the bundle draw',
  'vkd3d-proton test_bundle_state_inheritance ("the debug layer says that the primitive topology is undefined"); #611 text from V-LOG libsdl-org/SDL#11680',
  {},
  (b) => {
    world(b, { volatile: true });
    setTopology(b, 'list');
    setPso(b, 'bundle');
    draw(b, 'bundle', { msgs: ['PRIMITIVE_TOPOLOGY_MISMATCH_PIPELINE_STATE'] });
    b.close('bundle');
  },
);
def(
  'ID3D12Device/CreateCommandList',
  'bundle_on_direct_allocator',
  'CreateCommandList(BUNDLE) on a DIRECT allocator: WRONG_COMMAND_ALLOCATOR_TYPE, E_INVALIDARG',
  'DEBUG_LAYER row 22; CreateCommandList page (the allocator type must match)',
  {},
  (b) => {
    b.basics();
    b.list('bundle', 'BUNDLE', 'alloc', { hr: 'E_INVALIDARG', msgs: ['WRONG_COMMAND_ALLOCATOR_TYPE'] });
  },
);

// ---------------------------------------------------------------- record-time tracking (ST-REC-2, ST-REC-3)

def(
  'ID3D12GraphicsCommandList/CopyBufferRegion',
  'read_after_write_first_use_no_barrier',
  'A DEFAULT buffer in COMMON written by a copy (COPY_DEST assumed at first use), then read by a copy with no barrier: #538 on the second CopyBufferRegion (record), nothing at ECL',
  'V-LOG NVIDIAGameWorks/Falcor#98 ("(assumed at first use)" on the recording call); CORRECTIONS 001-12 (no read after a write promotion); ST-REC-2',
  {},
  (b) => {
    b.basics().upload().buffer('buf', 'DEFAULT', 65536, 'COMMON').readback();
    b.copyBuf('list', 'buf', 0, 'upload', 0, 256);
    b.copyBuf('list', 'readback', 0, 'buf', 0, 256, { msgs: [IS] });
    submitWait(b);
  },
);
def(
  'ID3D12GraphicsCommandList/ResourceBarrier',
  'before_common_after_promoting_write',
  'A COMMON buffer written by a copy (promoted COPY_DEST), then transitioned with StateBefore COMMON: #527 on the ResourceBarrier (record)',
  'DEBUG_LAYER row 6 (record: "specified in the previous call"); BAR-BEFORE-1 (COMMON only before promotion); ST-REC-3',
  {},
  (b) => {
    b.basics().upload().buffer('buf', 'DEFAULT', 65536, 'COMMON');
    b.copyBuf('list', 'buf', 0, 'upload', 0, 256);
    b.tr('list', 'buf', 'COMMON', 'VERTEX_AND_CONSTANT_BUFFER', { msgs: ['RESOURCE_BARRIER_BEFORE_AFTER_MISMATCH'] });
    submitWait(b);
  },
);
def(
  'ID3D12GraphicsCommandList/ResourceBarrier',
  'before_names_promoted_write_state',
  'The same buffer transitioned from COPY_DEST (the state its first write promoted it to): no message',
  'ST-REC-3 (negative); "Using resource barriers" (implicit promotion then an explicit transition)',
  {},
  (b) => {
    b.basics().upload().buffer('buf', 'DEFAULT', 65536, 'COMMON');
    b.copyBuf('list', 'buf', 0, 'upload', 0, 256);
    b.tr('list', 'buf', 'COPY_DEST', 'VERTEX_AND_CONSTANT_BUFFER');
    submitWait(b);
  },
);
def(
  'ID3D12GraphicsCommandList/CopyTextureRegion',
  'dest_after_own_transition_to_psr',
  'The list moves a texture COPY_DEST→PIXEL_SHADER_RESOURCE, then copies into it: #538 on CopyTextureRegion (record), not again at ECL',
  'DEBUG_LAYER row 2; ST-REC-2 (a state the list set is checked on the recording call)',
  {},
  (b) => {
    b.basics().texture('tex', 64, 64, 'COPY_DEST').upload();
    b.tr('list', 'tex', 'COPY_DEST', 'PIXEL_SHADER_RESOURCE');
    b.upTex('list', 'tex', 'upload', 64, 64, {}, { msgs: [IS] });
    submitWait(b);
  },
);
def(
  'ID3D12GraphicsCommandList/CopyTextureRegion',
  'read_first_use_then_transition',
  'A COMMON texture read by a copy (promoted COPY_SOURCE), then transitioned COPY_SOURCE→PIXEL_SHADER_RESOURCE: no message (a read first use assumes nothing)',
  'ST-REC-2 (negative); "Using resource barriers" (read promotion)',
  {},
  (b) => {
    b.basics().texture('tex', 64, 64, 'COMMON').readback();
    b.downTex('list', 'readback', 'tex', 64, 64);
    b.tr('list', 'tex', 'COPY_SOURCE', 'PIXEL_SHADER_RESOURCE');
    submitWait(b);
  },
);

const dataStaticTable = {
  ParameterType: 'D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE',
  DescriptorTable: {
    NumDescriptorRanges: 1,
    DescriptorRanges: [{ ...srvRange(false), Flags: 'D3D12_DESCRIPTOR_RANGE_FLAG_DATA_STATIC' }],
  },
  ShaderVisibility: 'D3D12_SHADER_VISIBILITY_PIXEL',
};
for (const [aspect, flagged] of [
  ['transition_after_data_static_binding', true],
  ['transition_after_default_binding', false],
])
  def(
    'ID3D12GraphicsCommandList/ResourceBarrier',
    aspect,
    flagged
      ? 'A texture bound through a DATA_STATIC SRV range, then transitioned PSR→COPY_SOURCE in the same list: #1002 on the ResourceBarrier'
      : 'The same with the root signature 1.1 default range (DATA_STATIC_WHILE_SET_AT_EXECUTE): no message',
    flagged
      ? 'V-LOG microsoft/DirectX-Graphics-Samples#195 (D3D12Fullscreen: "was bound as DATA_STATIC on this command list before this ResourceBarrier call"); Root Signature Version 1.1 page; ST-REC-4'
      : 'Root Signature Version 1.1 page (only DATA_STATIC promises the data never changes); ST-REC-4 (negative)',
    {},
    (b) => {
      b.basics();
      b.texture('tex', 64, 64, 'PIXEL_SHADER_RESOURCE');
      b.heap('heap', 'CBV_SRV_UAV', 1, true);
      b.c('ID3D12Device::CreateShaderResourceView', {
        self: 'dev',
        args: { Resource: 'tex', Desc: null, DestDescriptor: { heap: 'heap', index: 0 } },
      });
      b.rs11([flagged ? dataStaticTable : srvTable(false)], [], 'D3D12_ROOT_SIGNATURE_FLAG_NONE');
      setRs(b, 'list');
      setHeaps(b, 'list');
      setTable(b, 'list');
      b.tr('list', 'tex', 'PIXEL_SHADER_RESOURCE', 'COPY_SOURCE', {
        msgs: flagged ? ['DATA_STATIC_DESCRIPTOR_INVALID_DATA_CHANGE'] : [],
      });
      submitWait(b);
    },
  );

def(
  'ID3D12GraphicsCommandList/ResourceBarrier',
  'before_without_read_first_use_bits',
  'A DEFAULT buffer in COMMON read by a copy (promoted COPY_SOURCE), then transitioned from INDEX_BUFFER: #527 on the ResourceBarrier (record), nothing at ECL',
  'V-LOG microsoft/DirectML#295 ("does not match with the current resource state (0x800: D3D12_RESOURCE_STATE_COPY_SOURCE) (assumed at first use)" on ID3D12CommandList::ResourceBarrier; "this behavior is intended"); ST-REC-5',
  {},
  (b) => {
    b.basics().buffer('buf', 'DEFAULT', 65536, 'COMMON').readback();
    b.copyBuf('list', 'readback', 0, 'buf', 0, 256);
    b.tr('list', 'buf', 'INDEX_BUFFER', 'VERTEX_AND_CONSTANT_BUFFER', {
      msgs: ['RESOURCE_BARRIER_BEFORE_AFTER_MISMATCH'],
    });
    submitWait(b);
  },
);
def(
  'ID3D12GraphicsCommandList/ResourceBarrier',
  'before_names_read_first_use_state',
  'The same buffer transitioned from COPY_SOURCE (the state its read promoted it to): no message',
  'ST-REC-5 (negative); "Using resource barriers" (COMMON promotion)',
  {},
  (b) => {
    b.basics().buffer('buf', 'DEFAULT', 65536, 'COMMON').readback();
    b.copyBuf('list', 'readback', 0, 'buf', 0, 256);
    b.tr('list', 'buf', 'COPY_SOURCE', 'VERTEX_AND_CONSTANT_BUFFER');
    submitWait(b);
  },
);
