// Scenarios written from the debug layer's documented rows and the runtime's rules: every expectation below is
// taken from ../shared/d3d12/DEBUG_LAYER.md (rows) and CORRECTIONS.md §3 — see the `basis` string of each scenario.
// Never regenerate expectations from the model's output. Conventions: "debug off" scenarios test the HRESULT of
// rows whose message id/category is marked INF, so they do not depend on the uncertain part. Render targets are
// created with an OptimizedClearValue equal to the clear colour so no clear-value warning is involved.
import {
  ALL,
  CLEAR,
  RT,
  SIMUL,
  UINT64_MAX,
  bufDesc,
  rtTexture,
  scenario,
  submitWait,
  texDesc,
  transition,
} from './builder.mjs';

const def = (dir, aspect, what, basis, opts, fn) =>
  scenario('_generator/defs-documented-rules.mjs', dir, aspect, what, basis, opts, fn);

const UAV = 'D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS';

// =====================================================================================================
// barriers
// =====================================================================================================
def(
  'ID3D12GraphicsCommandList/ResourceBarrier',
  'matching_states_copy_dest',
  'Transition COPY_DEST→COPY_DEST: #525 at record',
  'DEBUG_LAYER row 7',
  {},
  (b) => {
    b.basics().texture('tex', 64, 64, 'COPY_DEST');
    b.tr('list', 'tex', 'COPY_DEST', 'COPY_DEST', { msgs: ['RESOURCE_BARRIER_MATCHING_STATES'] });
  },
);
def(
  'ID3D12GraphicsCommandList/ResourceBarrier',
  'matching_states_render_target',
  'Transition RENDER_TARGET→RENDER_TARGET: #525 at record',
  'DEBUG_LAYER row 7',
  {},
  (b) => {
    b.basics();
    rtTexture(b, 'rt', 'RENDER_TARGET');
    b.tr('list', 'rt', 'RENDER_TARGET', 'RENDER_TARGET', { msgs: ['RESOURCE_BARRIER_MATCHING_STATES'] });
  },
);
def(
  'ID3D12GraphicsCommandList/ResourceBarrier',
  'before_after_mismatch_same_list_texture',
  'Second barrier in the same list uses a StateBefore that is not the previous StateAfter: #527 at record',
  'DEBUG_LAYER row 6 (record, same list)',
  {},
  (b) => {
    b.basics().texture('tex', 64, 64, 'COPY_DEST');
    b.tr('list', 'tex', 'COPY_DEST', 'PIXEL_SHADER_RESOURCE');
    b.tr('list', 'tex', 'COPY_DEST', 'COPY_SOURCE', { msgs: ['RESOURCE_BARRIER_BEFORE_AFTER_MISMATCH'] });
  },
);
def(
  'ID3D12GraphicsCommandList/ResourceBarrier',
  'before_after_mismatch_same_list_buffer',
  'Buffer transitioned COMMON→COPY_DEST then again from COMMON in the same list: #527 at record',
  'DEBUG_LAYER row 6 (record, same list)',
  {},
  (b) => {
    b.basics().buffer('buf', 'DEFAULT', 65536, 'COMMON');
    b.tr('list', 'buf', 'COMMON', 'COPY_DEST');
    b.tr('list', 'buf', 'COMMON', 'COPY_SOURCE', { msgs: ['RESOURCE_BARRIER_BEFORE_AFTER_MISMATCH'] });
  },
);
def(
  'ID3D12GraphicsCommandList/ResourceBarrier',
  'before_after_mismatch_one_subresource',
  'Mip 0 moved to PSR, then an ALL_SUBRESOURCES barrier claims COPY_DEST: #527 at record',
  'DEBUG_LAYER row 6; per-subresource state (CORRECTIONS §3 intro)',
  {},
  (b) => {
    b.basics().texture('tex', 64, 64, 'COPY_DEST', { mips: 2 });
    b.tr('list', 'tex', 'COPY_DEST', 'PIXEL_SHADER_RESOURCE', {}, 0);
    b.tr('list', 'tex', 'COPY_DEST', 'COPY_SOURCE', { msgs: ['RESOURCE_BARRIER_BEFORE_AFTER_MISMATCH'] });
  },
);
def(
  'ID3D12GraphicsCommandList/ResourceBarrier',
  'per_subresource_barriers_ok',
  'Each mip transitioned separately, then all together: no message',
  'DEBUG_LAYER row 6 (negative); CORRECTIONS §3.2',
  {},
  (b) => {
    b.basics().texture('tex', 64, 64, 'COPY_DEST', { mips: 2 });
    b.tr('list', 'tex', 'COPY_DEST', 'PIXEL_SHADER_RESOURCE', {}, 0);
    b.tr('list', 'tex', 'COPY_DEST', 'PIXEL_SHADER_RESOURCE', {}, 1);
    b.tr('list', 'tex', 'PIXEL_SHADER_RESOURCE', 'COPY_SOURCE');
    submitWait(b);
  },
);
def(
  'ID3D12GraphicsCommandList/ResourceBarrier',
  'compute_list_pixel_shader_resource',
  'PIXEL_SHADER_RESOURCE→UNORDERED_ACCESS on a COMPUTE list: #537 at record',
  'DEBUG_LAYER row 8 (compute, V-LOG RTXGI-DDGI#68)',
  {},
  (b) => {
    b.basics('COMPUTE').texture('tex', 64, 64, 'PIXEL_SHADER_RESOURCE', { flags: UAV });
    b.tr('list', 'tex', 'PIXEL_SHADER_RESOURCE', 'UNORDERED_ACCESS', {
      msgs: ['RESOURCE_BARRIER_INVALID_COMMAND_LIST_TYPE'],
    });
  },
);
def(
  'ID3D12GraphicsCommandList/ResourceBarrier',
  'compute_list_render_target',
  'RENDER_TARGET→NON_PIXEL_SHADER_RESOURCE on a COMPUTE list: #537 at record',
  'DEBUG_LAYER row 8',
  {},
  (b) => {
    b.basics('COMPUTE');
    rtTexture(b, 'rt', 'RENDER_TARGET');
    b.tr('list', 'rt', 'RENDER_TARGET', 'NON_PIXEL_SHADER_RESOURCE', {
      msgs: ['RESOURCE_BARRIER_INVALID_COMMAND_LIST_TYPE'],
    });
  },
);
def(
  'ID3D12GraphicsCommandList/ResourceBarrier',
  'compute_list_valid_states',
  'NON_PIXEL_SHADER_RESOURCE↔UNORDERED_ACCESS and a UAV barrier on a COMPUTE list: no message',
  'DEBUG_LAYER row 8 (negative)',
  {},
  (b) => {
    b.basics('COMPUTE').texture('tex', 64, 64, 'NON_PIXEL_SHADER_RESOURCE', { flags: UAV });
    b.tr('list', 'tex', 'NON_PIXEL_SHADER_RESOURCE', 'UNORDERED_ACCESS');
    b.barrier('list', {
      Type: 'D3D12_RESOURCE_BARRIER_TYPE_UAV',
      Flags: 'D3D12_RESOURCE_BARRIER_FLAG_NONE',
      UAV: { Resource: 'tex' },
    });
    b.tr('list', 'tex', 'UNORDERED_ACCESS', 'NON_PIXEL_SHADER_RESOURCE');
    submitWait(b);
  },
);
def(
  'ID3D12GraphicsCommandList/ResourceBarrier',
  'uav_barrier_buffer_direct',
  'Buffer COMMON→UNORDERED_ACCESS, UAV barrier, back to COMMON on a direct list: no message',
  'DEBUG_LAYER rows 6-8 (negative)',
  {},
  (b) => {
    b.basics().buffer('buf', 'DEFAULT', 65536, 'COMMON', {}, UAV);
    b.tr('list', 'buf', 'COMMON', 'UNORDERED_ACCESS');
    b.barrier('list', {
      Type: 'D3D12_RESOURCE_BARRIER_TYPE_UAV',
      Flags: 'D3D12_RESOURCE_BARRIER_FLAG_NONE',
      UAV: { Resource: 'buf' },
    });
    b.tr('list', 'buf', 'UNORDERED_ACCESS', 'COMMON');
    submitWait(b);
  },
);
def(
  'ID3D12GraphicsCommandList/ResourceBarrier',
  'split_barrier_begin_end',
  'Split barrier BEGIN_ONLY then END_ONLY with the same states: no message',
  'DEBUG_LAYER rows 6-7 (negative)',
  {},
  (b) => {
    b.basics().texture('tex', 64, 64, 'COPY_DEST');
    b.barrier(
      'list',
      transition('tex', 'COPY_DEST', 'PIXEL_SHADER_RESOURCE', ALL, 'D3D12_RESOURCE_BARRIER_FLAG_BEGIN_ONLY'),
    );
    b.barrier(
      'list',
      transition('tex', 'COPY_DEST', 'PIXEL_SHADER_RESOURCE', ALL, 'D3D12_RESOURCE_BARRIER_FLAG_END_ONLY'),
    );
    submitWait(b);
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'copy_source_in_render_target',
  'Texture still in RENDER_TARGET used as CopyTextureRegion source: #538 at ECL',
  'DEBUG_LAYER row 1',
  {},
  (b) => {
    b.basics();
    rtTexture(b, 'rt', 'RENDER_TARGET');
    b.readback();
    b.downTex('list', 'readback', 'rt', 64, 64);
    b.close().ecl('queue', 'list', { msgs: ['INVALID_SUBRESOURCE_STATE'] });
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'copyresource_source_in_render_target',
  'CopyResource whose source texture is in RENDER_TARGET (destination correct): one #538 at ECL',
  'DEBUG_LAYER row 1',
  {},
  (b) => {
    b.basics();
    rtTexture(b, 'src', 'RENDER_TARGET');
    rtTexture(b, 'dst', 'COPY_DEST');
    b.copyRes('list', 'dst', 'src');
    b.close().ecl('queue', 'list', { msgs: ['INVALID_SUBRESOURCE_STATE'] });
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'copyresource_dest_in_psr',
  'CopyResource whose destination texture is in PIXEL_SHADER_RESOURCE: #538 at ECL',
  'DEBUG_LAYER row 2',
  {},
  (b) => {
    b.basics().texture('src', 64, 64, 'COPY_SOURCE').texture('dst', 64, 64, 'PIXEL_SHADER_RESOURCE');
    b.copyRes('list', 'dst', 'src');
    b.close().ecl('queue', 'list', { msgs: ['INVALID_SUBRESOURCE_STATE'] });
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'copy_source_buffer_explicit_uav',
  'UAV buffer explicitly put in UNORDERED_ACCESS by list 1, copied from by list 2 of the same ECL: #538 at ECL',
  'DEBUG_LAYER row 1 ("a UAV buffer explicitly in UAV"); CORRECTIONS §3.2 (no promotion out of a non-COMMON state)',
  {},
  (b) => {
    b.basics().alloc('alloc2').list('list2', 'DIRECT', 'alloc2');
    b.buffer('uavBuf', 'DEFAULT', 65536, 'COMMON', {}, UAV).buffer('dst', 'DEFAULT', 65536, 'COMMON');
    b.tr('list', 'uavBuf', 'COMMON', 'UNORDERED_ACCESS');
    b.copyBuf('list2', 'dst', 0, 'uavBuf', 0, 256);
    b.close('list').close('list2');
    b.ecl('queue', ['list', 'list2'], { msgs: ['INVALID_SUBRESOURCE_STATE'] });
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'copy_dest_texture_generic_read',
  'Texture created in GENERIC_READ used as copy destination: #538 at ECL',
  'DEBUG_LAYER row 2; CORRECTIONS §3.2 (promotion only out of COMMON)',
  {},
  (b) => {
    b.basics().texture('tex', 64, 64, 'GENERIC_READ').upload();
    b.upTex('list', 'tex', 'upload', 64, 64);
    b.close().ecl('queue', 'list', { msgs: ['INVALID_SUBRESOURCE_STATE'] });
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'copy_source_texture_created_copy_source',
  'Texture created in COPY_SOURCE read back to a READBACK buffer: no message',
  'DEBUG_LAYER row 1 (negative)',
  {},
  (b) => {
    b.basics().texture('tex', 64, 64, 'COPY_SOURCE').readback();
    b.downTex('list', 'readback', 'tex', 64, 64);
    submitWait(b);
  },
);
def(
  'ID3D12GraphicsCommandList/ResourceBarrier',
  'rt_to_copy_source_and_back',
  'Clear an RT, RENDER_TARGET→COPY_SOURCE, copy out, back to RENDER_TARGET: no message',
  'DEBUG_LAYER row 1 (negative)',
  {},
  (b) => {
    b.basics();
    rtTexture(b, 'rt', 'RENDER_TARGET');
    b.readback();
    b.heap('rtvHeap', 'RTV', 1).rtv('rt', 'rtvHeap', 0);
    b.clearRtv('list', 'rtvHeap', 0);
    b.tr('list', 'rt', 'RENDER_TARGET', 'COPY_SOURCE');
    b.downTex('list', 'readback', 'rt', 64, 64);
    b.tr('list', 'rt', 'COPY_SOURCE', 'RENDER_TARGET');
    submitWait(b);
  },
);
def(
  'ID3D12GraphicsCommandList/ResourceBarrier',
  'matching_states_debug_off',
  'Before == After with the debug layer off: void, no message',
  'DEBUG_LAYER row 7 (no-layer column)',
  { debugLayer: false, mistake: true },
  (b) => {
    b.basics().texture('tex', 64, 64, 'COPY_DEST');
    b.tr('list', 'tex', 'COPY_DEST', 'COPY_DEST');
  },
);

// =====================================================================================================
// promotion / decay
// =====================================================================================================
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'buffer_common_to_copy_dest',
  'DEFAULT buffer in COMMON written by CopyBufferRegion with no barrier: no message (implicit promotion)',
  'CORRECTIONS §3.2; DEBUG_LAYER row 1 note',
  {},
  (b) => {
    b.basics().upload().buffer('dst', 'DEFAULT', 65536, 'COMMON');
    b.copyBuf('list', 'dst', 0, 'upload', 0, 4096);
    submitWait(b);
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'buffer_common_to_copy_source',
  'DEFAULT buffer in COMMON read by CopyBufferRegion into a readback buffer: no message',
  'CORRECTIONS §3.2',
  {},
  (b) => {
    b.basics().buffer('src', 'DEFAULT', 65536, 'COMMON').readback();
    b.copyBuf('list', 'readback', 0, 'src', 0, 4096);
    submitWait(b);
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'texture_common_to_copy_dest',
  'COMMON texture written by CopyTextureRegion without a barrier: no message',
  'CORRECTIONS §3.2 (textures promote to COPY_DEST)',
  {},
  (b) => {
    b.basics().texture('tex', 64, 64, 'COMMON').upload();
    b.upTex('list', 'tex', 'upload', 64, 64);
    submitWait(b);
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'texture_common_to_copy_source',
  'COMMON texture read by CopyTextureRegion without a barrier: no message',
  'CORRECTIONS §3.2 (textures promote to COPY_SOURCE)',
  {},
  (b) => {
    b.basics().texture('tex', 64, 64, 'COMMON').readback();
    b.downTex('list', 'readback', 'tex', 64, 64);
    submitWait(b);
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'promoted_copy_dest_then_barrier',
  'COMMON texture promoted to COPY_DEST by a copy, then COPY_DEST→PIXEL_SHADER_RESOURCE in the same list: no message',
  'CORRECTIONS §3.2',
  {},
  (b) => {
    b.basics().texture('tex', 64, 64, 'COMMON').upload();
    b.upTex('list', 'tex', 'upload', 64, 64);
    b.tr('list', 'tex', 'COPY_DEST', 'PIXEL_SHADER_RESOURCE');
    submitWait(b);
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'write_promoted_texture_does_not_decay',
  'Texture write-promoted to COPY_DEST in ECL 1 is still COPY_DEST in ECL 2 (barrier from COPY_DEST): no message',
  'CORRECTIONS §3.2 ("a write-promoted texture on a direct queue does not decay")',
  {},
  (b) => {
    b.basics().texture('tex', 64, 64, 'COMMON').upload();
    b.upTex('list', 'tex', 'upload', 64, 64);
    submitWait(b);
    b.resetAlloc().resetList('list', 'alloc');
    b.tr('list', 'tex', 'COPY_DEST', 'PIXEL_SHADER_RESOURCE');
    submitWait(b, { makeFence: false, value: 2 });
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'write_promoted_texture_copy_source_later',
  'Texture write-promoted to COPY_DEST in ECL 1 used as a copy source in ECL 2 without a barrier: #538 at ECL 2',
  'CORRECTIONS §3.2 (no decay for write-promoted textures); DEBUG_LAYER row 1',
  {},
  (b) => {
    b.basics().texture('tex', 64, 64, 'COMMON').upload().readback();
    b.upTex('list', 'tex', 'upload', 64, 64);
    submitWait(b);
    b.resetAlloc().resetList('list', 'alloc');
    b.downTex('list', 'readback', 'tex', 64, 64);
    b.close().ecl('queue', 'list', { msgs: ['INVALID_SUBRESOURCE_STATE'] });
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'read_promoted_texture_decays',
  'Texture read-promoted to COPY_SOURCE in ECL 1 decays to COMMON, so ECL 2 can copy into it without a barrier: no message',
  'CORRECTIONS §3.2 (decay of read-only promotions)',
  {},
  (b) => {
    b.basics().texture('tex', 64, 64, 'COMMON').upload().readback();
    b.downTex('list', 'readback', 'tex', 64, 64);
    submitWait(b);
    b.resetAlloc().resetList('list', 'alloc');
    b.upTex('list', 'tex', 'upload', 64, 64);
    submitWait(b, { makeFence: false, value: 2 });
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'read_promoted_texture_decays_barrier_from_common',
  'After read-promotion and decay, a barrier with StateBefore COMMON is correct: no message',
  'CORRECTIONS §3.2',
  {},
  (b) => {
    b.basics().texture('tex', 64, 64, 'COMMON').readback();
    b.downTex('list', 'readback', 'tex', 64, 64);
    submitWait(b);
    b.resetAlloc().resetList('list', 'alloc');
    b.tr('list', 'tex', 'COMMON', 'PIXEL_SHADER_RESOURCE');
    submitWait(b, { makeFence: false, value: 2 });
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'buffer_decays_after_ecl_idle',
  'Buffer explicitly put in UNORDERED_ACCESS decays to COMMON when its ECL completes; the next ECL copies into it with no barrier: no message',
  'CORRECTIONS §3.2 (buffers decay at ECL completion)',
  {},
  (b) => {
    b.basics().alloc('alloc2').list('list2', 'DIRECT', 'alloc2');
    b.buffer('buf', 'DEFAULT', 65536, 'COMMON', {}, UAV).upload();
    b.tr('list', 'buf', 'COMMON', 'UNORDERED_ACCESS');
    b.close('list').ecl('queue', 'list');
    b.idle();
    b.copyBuf('list2', 'buf', 0, 'upload', 0, 256);
    submitWait(b, { lists: ['list2'] });
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'buffer_decays_between_ecls_same_queue',
  'Same as the previous case without waiting: ECL 2 runs after ECL 1 completes on the same queue, so the buffer is COMMON again: no message',
  'CORRECTIONS §3.2; ECL ordering on one queue',
  {},
  (b) => {
    b.basics().alloc('alloc2').list('list2', 'DIRECT', 'alloc2');
    b.buffer('buf', 'DEFAULT', 65536, 'COMMON', {}, UAV).upload();
    b.tr('list', 'buf', 'COMMON', 'UNORDERED_ACCESS');
    b.close('list').ecl('queue', 'list');
    b.copyBuf('list2', 'buf', 0, 'upload', 0, 256);
    submitWait(b, { lists: ['list2'] });
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'buffer_read_promoted_then_written',
  'Buffer promoted to COPY_SOURCE, then used as COPY_DEST in the same list: #538 at ECL (no promotion out of a read state into a write state)',
  'CORRECTIONS §3.2 (promotion only out of COMMON); DEBUG_LAYER row 2',
  {},
  (b) => {
    b.basics().buffer('buf', 'DEFAULT', 65536, 'COMMON').readback().upload();
    b.copyBuf('list', 'readback', 0, 'buf', 0, 256);
    b.copyBuf('list', 'buf', 0, 'upload', 0, 256);
    b.close().ecl('queue', 'list', { msgs: ['INVALID_SUBRESOURCE_STATE'] });
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'simultaneous_access_texture_to_render_target',
  'ALLOW_SIMULTANEOUS_ACCESS texture in COMMON cleared as a render target with no barrier: no message',
  'CORRECTIONS §3.2 (simultaneous-access textures promote to anything)',
  {},
  (b) => {
    b.basics();
    rtTexture(b, 'rt', 'COMMON', [RT, SIMUL]);
    b.heap('rtvHeap', 'RTV', 1).rtv('rt', 'rtvHeap', 0);
    b.clearRtv('list', 'rtvHeap', 0);
    submitWait(b);
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'common_texture_cleared_without_barrier',
  'Ordinary RT texture in COMMON cleared with no barrier: #538 at ECL (textures do not promote to RENDER_TARGET)',
  'CORRECTIONS §3.2; DEBUG_LAYER row 5 (same rule as PRESENT==COMMON)',
  {},
  (b) => {
    b.basics();
    rtTexture(b, 'rt', 'COMMON');
    b.heap('rtvHeap', 'RTV', 1).rtv('rt', 'rtvHeap', 0);
    b.clearRtv('list', 'rtvHeap', 0);
    b.close().ecl('queue', 'list', { msgs: ['INVALID_SUBRESOURCE_STATE'] });
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'copy_queue_upload_then_direct_queue',
  'Texture in COMMON filled on a COPY queue (promotion), decays, fence, then COMMON→PSR on the DIRECT queue: no message',
  'CORRECTIONS §3.2 (copy-queue decay); DEBUG_LAYER row 9 (negative)',
  {},
  (b) => {
    b.device().queue('copyQueue', 'COPY').queue('queue', 'DIRECT');
    b.alloc('copyAlloc', 'COPY').list('copyList', 'COPY', 'copyAlloc');
    b.alloc('alloc').list('list', 'DIRECT', 'alloc');
    b.texture('tex', 64, 64, 'COMMON').upload();
    b.upTex('copyList', 'tex', 'upload', 64, 64);
    b.close('copyList').fence('fence');
    b.ecl('copyQueue', 'copyList').signal('copyQueue', 'fence', 1);
    b.qwait('queue', 'fence', 1);
    b.tr('list', 'tex', 'COMMON', 'PIXEL_SHADER_RESOURCE');
    b.close('list').ecl('queue', 'list').signal('queue', 'fence', 2);
    b.cpuWait('fence', 2).completed('fence', 2);
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'copy_dest_texture_on_copy_queue',
  'Texture created in COPY_DEST (3D/compute class) used directly on a COPY queue: #990 at ECL',
  'DEBUG_LAYER row 9 (CPU message 990)',
  {},
  (b) => {
    b.device().queue('copyQueue', 'COPY').alloc('copyAlloc', 'COPY').list('copyList', 'COPY', 'copyAlloc');
    b.texture('tex', 64, 64, 'COPY_DEST').upload();
    b.upTex('copyList', 'tex', 'upload', 64, 64);
    b.close('copyList').ecl('copyQueue', 'copyList', { msgs: ['RESOURCE_BARRIER_MISMATCHING_COMMAND_LIST_TYPE'] });
  },
);
def(
  'ID3D12Device/CreateCommittedResource',
  'ignored_buffer_state_on_copy_queue',
  'DEFAULT buffer created "in COPY_DEST" (#1328: really COMMON) used on a COPY queue: only the creation warning',
  'DEBUG_LAYER rows 13 and 9; CORRECTIONS §3.3',
  {},
  (b) => {
    b.device().queue('copyQueue', 'COPY').alloc('copyAlloc', 'COPY').list('copyList', 'COPY', 'copyAlloc');
    b.buffer('dst', 'DEFAULT', 65536, 'COPY_DEST', { msgs: ['CREATERESOURCE_STATE_IGNORED'] }).upload();
    b.copyBuf('copyList', 'dst', 0, 'upload', 0, 4096);
    submitWait(b, { queue: 'copyQueue', lists: ['copyList'] });
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'copy_queue_texture_decays_between_ecls',
  'COMMON texture written on a COPY queue twice in two ECLs (decay to COMMON after each): no message',
  'CORRECTIONS §3.2 (copy-queue resources decay)',
  {},
  (b) => {
    b.device().queue('copyQueue', 'COPY').alloc('copyAlloc', 'COPY').list('copyList', 'COPY', 'copyAlloc');
    b.texture('tex', 64, 64, 'COMMON').upload();
    b.upTex('copyList', 'tex', 'upload', 64, 64);
    submitWait(b, { queue: 'copyQueue', lists: ['copyList'] });
    b.resetAlloc('copyAlloc').resetList('copyList', 'copyAlloc');
    b.upTex('copyList', 'tex', 'upload', 64, 64);
    submitWait(b, { queue: 'copyQueue', lists: ['copyList'], makeFence: false, value: 2 });
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'missing_barrier_debug_off',
  'COMMON RT texture cleared without a barrier, debug layer off: no message, device fine',
  'DEBUG_LAYER row 5 (no-layer column: undefined, no report)',
  { debugLayer: false, mistake: true },
  (b) => {
    b.basics();
    rtTexture(b, 'rt', 'COMMON');
    b.heap('rtvHeap', 'RTV', 1).rtv('rt', 'rtvHeap', 0);
    b.clearRtv('list', 'rtvHeap', 0);
    b.close().ecl('queue', 'list');
  },
);

// =====================================================================================================
// upload-readback heap rules
// =====================================================================================================
def(
  'ID3D12Device/CreateCommittedResource',
  'upload_buffer_in_copy_dest',
  'UPLOAD buffer created in COPY_DEST: E_INVALIDARG + #741',
  'DEBUG_LAYER row 10; CORRECTIONS §3.3',
  {},
  (b) => {
    b.device().buffer('up', 'UPLOAD', 65536, 'COPY_DEST', {
      hr: 'E_INVALIDARG',
      msgs: ['RESOURCE_BARRIER_INVALID_HEAP'],
    });
  },
);
def(
  'ID3D12Device/CreateCommittedResource',
  'upload_buffer_in_copy_dest_debug_off',
  'Same with the debug layer off: E_INVALIDARG, no message',
  'DEBUG_LAYER row 10 (API result)',
  { debugLayer: false },
  (b) => {
    b.device().buffer('up', 'UPLOAD', 65536, 'COPY_DEST', { hr: 'E_INVALIDARG' });
  },
);
def(
  'ID3D12Device/CreateCommittedResource',
  'upload_buffer_in_common_used_as_source',
  'UPLOAD buffer created in COMMON (accepted since Agility 1.606) and used as a copy source: no message',
  'DEBUG_LAYER row 10 note; CORRECTIONS §3.3',
  {},
  (b) => {
    b.basics().buffer('up', 'UPLOAD', 65536, 'COMMON').buffer('dst', 'DEFAULT', 65536, 'COMMON');
    b.copyBuf('list', 'dst', 0, 'up', 0, 1024);
    submitWait(b);
  },
);
def(
  'ID3D12Device/CreateCommittedResource',
  'upload_buffer_in_copy_source',
  'UPLOAD buffer created in COPY_SOURCE (read-only subset of GENERIC_READ): S_OK, no message',
  'CORRECTIONS §3.3 (read-only subsets accepted)',
  {},
  (b) => {
    b.device().buffer('up', 'UPLOAD', 65536, 'COPY_SOURCE');
  },
);
def(
  'ID3D12Device/CreateCommittedResource',
  'readback_buffer_in_generic_read_debug_off',
  'READBACK buffer created in GENERIC_READ: E_INVALIDARG (debug layer off: message id is INF)',
  'DEBUG_LAYER row 11 (HRESULT V-TEST)',
  { debugLayer: false },
  (b) => {
    b.device().buffer('rb', 'READBACK', 65536, 'GENERIC_READ', { hr: 'E_INVALIDARG' });
  },
);
def(
  'ID3D12Device/CreateCommittedResource',
  'readback_buffer_in_copy_source_debug_off',
  'READBACK buffer created in COPY_SOURCE: E_INVALIDARG (debug layer off)',
  'DEBUG_LAYER row 11',
  { debugLayer: false },
  (b) => {
    b.device().buffer('rb', 'READBACK', 65536, 'COPY_SOURCE', { hr: 'E_INVALIDARG' });
  },
);
def(
  'ID3D12Device/CreateCommittedResource',
  'readback_buffer_in_common_used_as_dest',
  'READBACK buffer created in COMMON (accepted ≥ 1.606) used as copy destination and mapped: no message',
  'CORRECTIONS §3.3',
  {},
  (b) => {
    b.basics().buffer('src', 'DEFAULT', 65536, 'COMMON').buffer('rb', 'READBACK', 65536, 'COMMON');
    b.copyBuf('list', 'rb', 0, 'src', 0, 1024);
    submitWait(b);
    b.map('rb', 0, { Begin: 0, End: 1024 }).unmap('rb', 0, { Begin: 0, End: 0 });
  },
);
def(
  'ID3D12Device/CreateCommittedResource',
  'readback_buffer_in_resolve_dest',
  'READBACK buffer created in RESOLVE_DEST: S_OK, no message',
  'CORRECTIONS §3.3 (RESOLVE_DEST accepted)',
  {},
  (b) => {
    b.device().buffer('rb', 'READBACK', 65536, 'RESOLVE_DEST');
  },
);
def(
  'ID3D12Device/CreateCommittedResource',
  'texture_on_upload_heap',
  'Texture on an UPLOAD heap: E_INVALIDARG + #638',
  'DEBUG_LAYER row 14; CORRECTIONS §3.3',
  {},
  (b) => {
    b.device().texture(
      'tex',
      64,
      64,
      'GENERIC_READ',
      { heap: 'UPLOAD' },
      { hr: 'E_INVALIDARG', msgs: ['CREATERESOURCEANDHEAP_INVALIDHEAPPROPERTIES'] },
    );
  },
);
def(
  'ID3D12Device/CreateCommittedResource',
  'texture_on_readback_heap',
  'Texture on a READBACK heap: E_INVALIDARG + #638',
  'DEBUG_LAYER row 14',
  {},
  (b) => {
    b.device().texture(
      'tex',
      64,
      64,
      'COPY_DEST',
      { heap: 'READBACK' },
      { hr: 'E_INVALIDARG', msgs: ['CREATERESOURCEANDHEAP_INVALIDHEAPPROPERTIES'] },
    );
  },
);
def(
  'ID3D12Device/CreateCommittedResource',
  'texture_on_upload_heap_with_allow_only_buffers_flag_absent_debug_off',
  'Texture on an UPLOAD heap with the debug layer off: E_INVALIDARG, no message',
  'DEBUG_LAYER row 14 (API result)',
  { debugLayer: false },
  (b) => {
    b.device().texture('tex', 64, 64, 'GENERIC_READ', { heap: 'UPLOAD' }, { hr: 'E_INVALIDARG' });
  },
);
def(
  'ID3D12Device/CreateCommittedResource',
  'upload_buffer_heap_flag_none_ok',
  'UPLOAD and READBACK buffers with HeapFlags NONE (no ALLOW_ONLY_BUFFERS): S_OK, no message',
  'CORRECTIONS 000-1',
  {},
  (b) => {
    b.device().upload().readback();
  },
);
def(
  'ID3D12Device/CreateCommittedResource',
  'default_buffer_initial_copy_dest',
  'DEFAULT buffer created in COPY_DEST: S_OK + #1328 warning',
  'DEBUG_LAYER row 13; CORRECTIONS §3.3',
  {},
  (b) => {
    b.device().buffer('buf', 'DEFAULT', 65536, 'COPY_DEST', { msgs: ['CREATERESOURCE_STATE_IGNORED'] });
  },
);
def(
  'ID3D12Device/CreateCommittedResource',
  'default_buffer_initial_generic_read',
  'DEFAULT buffer created in GENERIC_READ: S_OK + #1328 warning',
  'DEBUG_LAYER row 13',
  {},
  (b) => {
    b.device().buffer('buf', 'DEFAULT', 65536, 'GENERIC_READ', { msgs: ['CREATERESOURCE_STATE_IGNORED'] });
  },
);
def(
  'ID3D12Device/CreateCommittedResource',
  'default_buffer_initial_common',
  'DEFAULT buffer created in COMMON: no message',
  'DEBUG_LAYER row 13 (negative)',
  {},
  (b) => {
    b.device().buffer('buf', 'DEFAULT', 65536, 'COMMON');
  },
);
def(
  'ID3D12Device/CreateCommittedResource',
  'ignored_state_buffer_promotes_as_source',
  'DEFAULT buffer "created in COPY_DEST" (really COMMON) used as a copy source without a barrier: only the #1328 warning',
  'DEBUG_LAYER row 13 ("the buffer starts in COMMON and promotes")',
  {},
  (b) => {
    b.basics()
      .buffer('buf', 'DEFAULT', 65536, 'COPY_DEST', { msgs: ['CREATERESOURCE_STATE_IGNORED'] })
      .readback();
    b.copyBuf('list', 'readback', 0, 'buf', 0, 4096);
    submitWait(b);
  },
);
def(
  'ID3D12Device/CreateCommittedResource',
  'ignored_state_debug_off',
  'DEFAULT buffer created in COPY_DEST with the debug layer off: S_OK, no message',
  'DEBUG_LAYER row 13',
  { debugLayer: false },
  (b) => {
    b.device().buffer('buf', 'DEFAULT', 65536, 'COPY_DEST');
  },
);
def(
  'ID3D12GraphicsCommandList/ResourceBarrier',
  'barrier_on_upload_buffer',
  'Any transition on an UPLOAD buffer (GENERIC_READ→COPY_SOURCE): #741 at record',
  'DEBUG_LAYER row 12; CORRECTIONS §3.3',
  {},
  (b) => {
    b.basics().upload();
    b.tr('list', 'upload', 'GENERIC_READ', 'COPY_SOURCE', { msgs: ['RESOURCE_BARRIER_INVALID_HEAP'] });
  },
);
def(
  'ID3D12GraphicsCommandList/ResourceBarrier',
  'barrier_on_readback_common_to_copy_dest',
  'Seed-000 pattern: READBACK buffer (created COMMON) transitioned COMMON→COPY_DEST: #741 at record',
  'DEBUG_LAYER row 12',
  {},
  (b) => {
    b.basics().buffer('rb', 'READBACK', 65536, 'COMMON');
    b.tr('list', 'rb', 'COMMON', 'COPY_DEST', { msgs: ['RESOURCE_BARRIER_INVALID_HEAP'] });
  },
);
def(
  'ID3D12GraphicsCommandList/ResourceBarrier',
  'barrier_on_readback_copy_dest_to_common',
  'READBACK buffer transitioned COPY_DEST→COMMON "for the next readback": #741 at record',
  'DEBUG_LAYER row 12; CORRECTIONS 000-16',
  {},
  (b) => {
    b.basics().readback();
    b.tr('list', 'readback', 'COPY_DEST', 'COMMON', { msgs: ['RESOURCE_BARRIER_INVALID_HEAP'] });
  },
);
def(
  'ID3D12Device/CreateCommittedResource',
  'custom_heap_l1_write_back_debug_off',
  'CUSTOM heap L1 + WRITE_BACK buffer: E_INVALIDARG (debug layer off)',
  'CORRECTIONS 000-29 (V-TEST)',
  { debugLayer: false },
  (b) => {
    b.device().committed(
      'buf',
      {
        Type: 'D3D12_HEAP_TYPE_CUSTOM',
        CPUPageProperty: 'D3D12_CPU_PAGE_PROPERTY_WRITE_BACK',
        MemoryPoolPreference: 'D3D12_MEMORY_POOL_L1',
        CreationNodeMask: 0,
        VisibleNodeMask: 0,
      },
      bufDesc(65536),
      'COMMON',
      { hr: 'E_INVALIDARG' },
    );
  },
);

// =====================================================================================================
// map
// =====================================================================================================
def(
  'ID3D12Resource/Map',
  'map_default_buffer_debug_off',
  'Map of a DEFAULT-heap buffer: E_INVALIDARG (debug layer off; message category INF)',
  'DEBUG_LAYER row 15; CORRECTIONS §3.7',
  { debugLayer: false },
  (b) => {
    b.device().buffer('buf', 'DEFAULT', 65536, 'COMMON');
    b.map('buf', 0, null, { hr: 'E_INVALIDARG' });
  },
);
def(
  'ID3D12Resource/Map',
  'map_default_texture_debug_off',
  'Map of a DEFAULT-heap texture: E_INVALIDARG (debug layer off)',
  'DEBUG_LAYER row 15; CORRECTIONS §3.7',
  { debugLayer: false },
  (b) => {
    b.device().texture('tex', 64, 64, 'COMMON');
    b.map('tex', 0, null, { hr: 'E_INVALIDARG' });
  },
);
def(
  'ID3D12Resource/Map',
  'map_bad_subresource_debug_off',
  'Map of subresource 1 of a buffer: E_INVALIDARG (debug layer off)',
  'CORRECTIONS §3.7 (bad subresource)',
  { debugLayer: false },
  (b) => {
    b.device().upload();
    b.map('upload', 1, { Begin: 0, End: 0 }, { hr: 'E_INVALIDARG' });
  },
);
def(
  'ID3D12Resource/Map',
  'readback_map_null_read_range',
  'Map of a READBACK buffer with ReadRange NULL: S_OK + #930 warning',
  'DEBUG_LAYER row 16; CORRECTIONS §3.7',
  {},
  (b) => {
    b.device().readback();
    b.map('readback', 0, null, { msgs: ['MAP_INVALID_NULLRANGE'] });
  },
);
def(
  'ID3D12Resource/Unmap',
  'readback_unmap_null_written_range',
  'Unmap of a READBACK buffer with WrittenRange NULL: #931 warning',
  'DEBUG_LAYER row 16',
  {},
  (b) => {
    b.device().readback();
    b.map('readback', 0, { Begin: 0, End: 4096 });
    b.unmap('readback', 0, null, { msgs: ['UNMAP_INVALID_NULLRANGE'] });
  },
);
def(
  'ID3D12Resource/Map',
  'readback_map_ranges_correct',
  'READBACK Map with a real read range and Unmap with an empty range: no message',
  'DEBUG_LAYER row 16 (negative)',
  {},
  (b) => {
    b.device().readback();
    b.map('readback', 0, { Begin: 0, End: 4096 });
    b.unmap('readback', 0, { Begin: 0, End: 0 });
  },
);
def(
  'ID3D12Resource/Map',
  'readback_null_ranges_debug_off',
  'READBACK Map/Unmap with NULL ranges, debug layer off: S_OK, no message',
  'DEBUG_LAYER row 16 (performance only)',
  { debugLayer: false, mistake: true },
  (b) => {
    b.device().readback();
    b.map('readback', 0, null);
    b.unmap('readback', 0, null);
  },
);
def(
  'ID3D12Resource/Map',
  'persistent_map_upload',
  'UPLOAD buffer mapped once and never unmapped across two submissions: no message',
  'CORRECTIONS §3.7 and 000-4 (persistent map of UPLOAD)',
  {},
  (b) => {
    b.basics().upload().buffer('dst', 'DEFAULT', 65536, 'COMMON');
    b.map('upload');
    b.copyBuf('list', 'dst', 0, 'upload', 0, 1024);
    submitWait(b);
    b.resetAlloc().resetList('list', 'alloc');
    b.copyBuf('list', 'dst', 1024, 'upload', 1024, 1024);
    submitWait(b, { makeFence: false, value: 2 });
  },
);
def(
  'ID3D12Resource/Map',
  'nested_map_unmap_upload',
  'Map twice, Unmap twice on an UPLOAD buffer: S_OK, no message',
  'CORRECTIONS §3.7',
  {},
  (b) => {
    b.device().upload();
    b.map('upload').map('upload');
    b.unmap('upload', 0, { Begin: 0, End: 256 }).unmap('upload', 0, { Begin: 0, End: 256 });
  },
);
def(
  'ID3D12Resource/Map',
  'readback_map_before_fence',
  'Map of a READBACK buffer right after ECL, before the GPU finished: S_OK, no message (Map does not synchronise)',
  'DEBUG_LAYER row 18; CORRECTIONS §3.7',
  { mistake: true },
  (b) => {
    b.basics().buffer('src', 'DEFAULT', 65536, 'COMMON').readback();
    b.copyBuf('list', 'readback', 0, 'src', 0, 4096);
    b.close().ecl('queue', 'list');
    b.map('readback', 0, { Begin: 0, End: 4096 });
    b.unmap('readback', 0, { Begin: 0, End: 0 });
  },
);
def(
  'ID3D12Resource/Map',
  'readback_map_after_wait_timeout',
  'Wait times out (list takes 50 ms, wait 10 ms) then Map anyway: WAIT_TIMEOUT, Map S_OK, no message',
  'DEBUG_LAYER row 18; CORRECTIONS 000-18',
  { gpuMsPerList: 50, mistake: true },
  (b) => {
    b.basics().buffer('src', 'DEFAULT', 65536, 'COMMON').readback();
    b.copyBuf('list', 'readback', 0, 'src', 0, 4096);
    b.close().fence('fence').ecl('queue', 'list').signal('queue', 'fence', 1);
    b.cpuWait('fence', 1, 10, 'WAIT_TIMEOUT');
    b.completed('fence', 0);
    b.map('readback', 0, { Begin: 0, End: 4096 });
  },
);
def(
  'ID3D12Resource/Map',
  'custom_write_back_l0_map',
  'CUSTOM heap (WRITE_BACK, L0) buffer can be mapped: S_OK, no message',
  'CORRECTIONS §3.7 (Map fails only without CPU access)',
  {},
  (b) => {
    b.device().committed(
      'buf',
      {
        Type: 'D3D12_HEAP_TYPE_CUSTOM',
        CPUPageProperty: 'D3D12_CPU_PAGE_PROPERTY_WRITE_BACK',
        MemoryPoolPreference: 'D3D12_MEMORY_POOL_L0',
        CreationNodeMask: 0,
        VisibleNodeMask: 0,
      },
      bufDesc(65536),
      'COMMON',
    );
    b.map('buf', 0, { Begin: 0, End: 0 }).unmap('buf', 0, { Begin: 0, End: 0 });
  },
);
def(
  'ID3D12Resource/Map',
  'map_upload_while_gpu_reads',
  'UPLOAD buffer mapped and written while a copy from it is still executing: no message (no synchronisation, no state check)',
  'CORRECTIONS §3.7',
  { mistake: true },
  (b) => {
    b.basics().upload().buffer('dst', 'DEFAULT', 65536, 'COMMON');
    b.copyBuf('list', 'dst', 0, 'upload', 0, 4096);
    b.close().ecl('queue', 'list');
    b.map('upload').unmap('upload', 0, { Begin: 0, End: 4096 });
  },
);

// =====================================================================================================
// fences
// =====================================================================================================
def(
  'ID3D12Fence/Signal',
  'cpu_signal_value_goes_down',
  'Fence signalled to 5 then 2 from the CPU: GetCompletedValue 5 then 2, no message',
  'CORRECTIONS §3.6 (a fence may go down)',
  {},
  (b) => {
    b.device().fence('fence');
    b.cpuSignal('fence', 5).completed('fence', 5);
    b.cpuSignal('fence', 2).completed('fence', 2);
  },
);
def(
  'ID3D12CommandQueue/Signal',
  'queue_signal_lower_than_cpu_signal',
  'CPU signals 10, then the queue signals 3 after a list: value goes down to 3, no message',
  'CORRECTIONS §3.6',
  {},
  (b) => {
    b.basics().fence('fence');
    b.cpuSignal('fence', 10).completed('fence', 10);
    b.close().ecl('queue', 'list').signal('queue', 'fence', 3);
    b.idle();
    b.completed('fence', 3);
  },
);
def(
  'ID3D12Fence/GetCompletedValue',
  'gpu_runs_behind_cpu',
  'Queue Signal after a 1 ms list: value 0 right away, 1 after 5 ms of GPU time',
  'SCENARIOS.md modelled time; CORRECTIONS §3.6',
  {},
  (b) => {
    b.basics().fence('fence');
    b.close().ecl('queue', 'list').signal('queue', 'fence', 1);
    b.completed('fence', 0);
    b.advance(5);
    b.completed('fence', 1);
  },
);
def(
  'ID3D12Fence/GetCompletedValue',
  'partial_progress_two_lists',
  'Two 10 ms lists with Signals 1 and 2: after 15 ms the value is 1, after idle 2',
  'SCENARIOS.md gpuMsPerList; CORRECTIONS §3.6',
  { gpuMsPerList: 10 },
  (b) => {
    b.basics().alloc('alloc2').list('list2', 'DIRECT', 'alloc2').fence('fence');
    b.close('list').close('list2');
    b.ecl('queue', 'list').signal('queue', 'fence', 1);
    b.ecl('queue', 'list2').signal('queue', 'fence', 2);
    b.advance(15).completed('fence', 1);
    b.idle().completed('fence', 2);
  },
);
def(
  'ID3D12Fence/SetEventOnCompletion',
  'event_for_reached_value',
  'SetEventOnCompletion for a value already reached: WaitForSingleObject(0) returns WAIT_OBJECT_0',
  'CORRECTIONS §3.6 (satisfied when value ≥ target)',
  {},
  (b) => {
    b.device().fence('fence', 3);
    b.event('ev').setEvent('fence', 2, 'ev').waitEv('ev', 0, 'WAIT_OBJECT_0');
  },
);
def(
  'ID3D12Fence/SetEventOnCompletion',
  'unreachable_target_times_out',
  'Event armed for 100 on a fence nobody signals: WAIT_TIMEOUT, no message',
  'CORRECTIONS §3.6 (no message for unreachable targets)',
  { mistake: true },
  (b) => {
    b.device().fence('fence');
    b.event('ev').setEvent('fence', 100, 'ev').waitEv('ev', 50, 'WAIT_TIMEOUT');
    b.completed('fence', 0);
  },
);
def(
  'ID3D12Device/CreateFence',
  'initial_value',
  'CreateFence with InitialValue 10: GetCompletedValue 10',
  'CORRECTIONS §3.6',
  {},
  (b) => {
    b.device().fence('fence', 10).completed('fence', 10);
  },
);
def(
  'ID3D12CommandQueue/Wait',
  'queue_wait_on_cpu_signal',
  'Queue waits for a CPU-signalled fence: its work does not run until the CPU signals',
  'CORRECTIONS §3.6 (Wait satisfied when value ≥ target)',
  {},
  (b) => {
    b.basics().fence('gate').fence('done');
    b.qwait('queue', 'gate', 1);
    b.close().ecl('queue', 'list').signal('queue', 'done', 1);
    b.advance(20).completed('done', 0);
    b.cpuSignal('gate', 1);
    b.idle().completed('done', 1);
  },
);
def(
  'WaitForSingleObject',
  'wait_timeout_then_success',
  '20 ms list: a 5 ms wait times out, a second wait on the same event succeeds',
  'SCENARIOS.md (WaitForSingleObject lets modelled time pass)',
  { gpuMsPerList: 20 },
  (b) => {
    b.basics().fence('fence');
    b.close().ecl('queue', 'list').signal('queue', 'fence', 1);
    b.event('ev').setEvent('fence', 1, 'ev');
    b.waitEv('ev', 5, 'WAIT_TIMEOUT').completed('fence', 0);
    b.waitEv('ev', 1000, 'WAIT_OBJECT_0').completed('fence', 1);
  },
);
def(
  'ID3D12CommandQueue/Wait',
  'queue_wait_already_satisfied',
  'Queue Wait for 3 on a fence already at 5: satisfied at once, the list runs',
  'CORRECTIONS §3.6',
  {},
  (b) => {
    b.basics().fence('fence', 5);
    b.qwait('queue', 'fence', 3);
    b.close().ecl('queue', 'list').signal('queue', 'fence', 6);
    b.cpuWait('fence', 6).completed('fence', 6);
  },
);
def(
  'ID3D12CommandQueue/Wait',
  'cross_queue_compute_to_direct',
  'Compute queue signals, direct queue waits on it: both complete, no message',
  'CORRECTIONS §3.6',
  {},
  (b) => {
    b.device().queue('computeQueue', 'COMPUTE').queue('queue', 'DIRECT');
    b.alloc('computeAlloc', 'COMPUTE').list('computeList', 'COMPUTE', 'computeAlloc');
    b.alloc('alloc').list('list', 'DIRECT', 'alloc').fence('fence');
    b.close('computeList').close('list');
    b.ecl('computeQueue', 'computeList').signal('computeQueue', 'fence', 1);
    b.qwait('queue', 'fence', 1).ecl('queue', 'list').signal('queue', 'fence', 2);
    b.cpuWait('fence', 2).completed('fence', 2);
  },
);

// =====================================================================================================
// allocators-lists
// =====================================================================================================
def(
  'ID3D12CommandAllocator/Reset',
  'allocator_reset_while_executing',
  'Allocator Reset right after ECL: S_OK + #552',
  'DEBUG_LAYER row 19',
  {},
  (b) => {
    b.basics().close().ecl('queue', 'list');
    b.resetAlloc('alloc', { msgs: ['COMMAND_ALLOCATOR_SYNC'] });
  },
);
def(
  'ID3D12CommandAllocator/Reset',
  'allocator_reset_after_wait_timeout',
  '50 ms list, 10 ms wait times out, allocator Reset: #552',
  'DEBUG_LAYER row 19',
  { gpuMsPerList: 50 },
  (b) => {
    b.basics().fence('fence').close().ecl('queue', 'list').signal('queue', 'fence', 1);
    b.cpuWait('fence', 1, 10, 'WAIT_TIMEOUT');
    b.resetAlloc('alloc', { msgs: ['COMMAND_ALLOCATOR_SYNC'] });
  },
);
def(
  'ID3D12CommandAllocator/Reset',
  'allocator_reset_after_short_advance',
  '10 ms list, 2 ms of GPU time, allocator Reset: #552',
  'DEBUG_LAYER row 19',
  { gpuMsPerList: 10 },
  (b) => {
    b.basics().close().ecl('queue', 'list').advance(2);
    b.resetAlloc('alloc', { msgs: ['COMMAND_ALLOCATOR_SYNC'] });
  },
);
def(
  'ID3D12CommandAllocator/Reset',
  'allocator_reset_after_long_advance',
  '10 ms list, 30 ms of GPU time, allocator Reset: no message',
  'DEBUG_LAYER row 19 (negative)',
  { gpuMsPerList: 10 },
  (b) => {
    b.basics().close().ecl('queue', 'list').advance(30);
    b.resetAlloc('alloc');
  },
);
def(
  'ID3D12CommandAllocator/Reset',
  'allocator_reset_debug_off',
  'Allocator Reset while executing, debug layer off: S_OK, no message',
  'DEBUG_LAYER row 19 (API result S_OK)',
  { debugLayer: false, mistake: true },
  (b) => {
    b.basics().close().ecl('queue', 'list');
    b.resetAlloc('alloc');
  },
);
def(
  'ID3D12CommandAllocator/Reset',
  'frame_loop_reset_after_fence',
  'Three iterations of record/execute/signal/wait/reset on one allocator and list: no message',
  'DEBUG_LAYER rows 19, 27 (negative)',
  {},
  (b) => {
    b.basics().fence('fence');
    for (let v = 1; v <= 3; v++) {
      if (v > 1) b.resetAlloc().resetList('list', 'alloc');
      b.close().ecl('queue', 'list').signal('queue', 'fence', v).cpuWait('fence', v).completed('fence', v);
    }
  },
);
def(
  'ID3D12Device/CreateCommandList',
  'create_list_on_busy_allocator',
  'Second CreateCommandList on an allocator whose first list is still recording: E_INVALIDARG + #540',
  'DEBUG_LAYER row 21',
  {},
  (b) => {
    b.basics();
    b.list('list2', 'DIRECT', 'alloc', { hr: 'E_INVALIDARG', msgs: ['COMMAND_ALLOCATOR_CONTENTION'] });
  },
);
def(
  'ID3D12GraphicsCommandList/Reset',
  'reset_list_onto_busy_allocator',
  'Closed list2 Reset onto the allocator list1 is recording into: E_INVALIDARG + #540',
  'DEBUG_LAYER row 21',
  {},
  (b) => {
    b.basics().alloc('alloc2').list('list2', 'DIRECT', 'alloc2').close('list2');
    b.resetList('list2', 'alloc', { hr: 'E_INVALIDARG', msgs: ['COMMAND_ALLOCATOR_CONTENTION'] });
  },
);
def(
  'ID3D12Device/CreateCommandList',
  'one_allocator_two_lists_sequential',
  'One allocator backs two lists recorded one after the other, both executed: no message',
  'CORRECTIONS 001-4; DEBUG_LAYER row 21 (negative)',
  {},
  (b) => {
    b.basics().close('list');
    b.list('list2', 'DIRECT', 'alloc');
    submitWait(b, { lists: ['list2'] });
  },
);
def(
  'ID3D12GraphicsCommandList/Reset',
  'reset_list_with_other_allocator',
  'List Reset with a different allocator of the same type: no message',
  'CORRECTIONS 000-22, 001-4',
  {},
  (b) => {
    b.basics().alloc('alloc2').fence('fence');
    b.close().ecl('queue', 'list').signal('queue', 'fence', 1);
    b.resetList('list', 'alloc2');
    b.close()
      .cpuWait('fence', 1)
      .ecl('queue', 'list')
      .signal('queue', 'fence', 2)
      .cpuWait('fence', 2)
      .completed('fence', 2);
  },
);
def(
  'ID3D12GraphicsCommandList/Reset',
  'reset_list_right_after_ecl',
  'List Reset (same allocator) immediately after ECL, executed again after the first run completed: no message',
  'CORRECTIONS 001-4 (only the allocator must wait); DEBUG_LAYER row 27 (negative)',
  {},
  (b) => {
    b.basics().fence('fence');
    b.close().ecl('queue', 'list').signal('queue', 'fence', 1);
    b.resetList('list', 'alloc');
    b.close()
      .cpuWait('fence', 1)
      .ecl('queue', 'list')
      .signal('queue', 'fence', 2)
      .cpuWait('fence', 2)
      .completed('fence', 2);
  },
);
def(
  'ID3D12CommandAllocator/Reset',
  'allocator_reset_while_recording_debug_off',
  'Allocator Reset while its list is recording: E_FAIL (debug layer off; message INF)',
  'DEBUG_LAYER row 20 (HRESULT from the doc)',
  { debugLayer: false },
  (b) => {
    b.basics();
    b.resetAlloc('alloc', { hr: 'E_FAIL' });
  },
);
def(
  'ID3D12GraphicsCommandList/Reset',
  'reset_direct_list_with_copy_allocator_debug_off',
  'DIRECT list Reset with a COPY allocator: E_INVALIDARG (debug layer off; message INF)',
  'DEBUG_LAYER row 22',
  { debugLayer: false },
  (b) => {
    b.basics().alloc('copyAlloc', 'COPY').close();
    b.resetList('list', 'copyAlloc', { hr: 'E_INVALIDARG' });
  },
);
def(
  'ID3D12GraphicsCommandList/Reset',
  'reset_open_list_debug_off',
  'Reset of a list that was never closed: E_FAIL (debug layer off; category INF)',
  'DEBUG_LAYER row 23',
  { debugLayer: false },
  (b) => {
    b.basics().alloc('alloc2');
    b.resetList('list', 'alloc2', { hr: 'E_FAIL' });
  },
);
def(
  'ID3D12GraphicsCommandList/Close',
  'record_into_closed_list',
  'CopyBufferRegion after Close: #547 at record',
  'DEBUG_LAYER row 24',
  {},
  (b) => {
    b.basics().upload().buffer('dst', 'DEFAULT', 65536, 'COMMON').close();
    b.copyBuf('list', 'dst', 0, 'upload', 0, 256, { msgs: ['COMMAND_LIST_CLOSED'] });
  },
);
def(
  'ID3D12GraphicsCommandList/Close',
  'barrier_into_closed_list',
  'ResourceBarrier after Close: #547 at record, the call is ignored',
  'DEBUG_LAYER row 24',
  {},
  (b) => {
    b.basics().texture('tex', 64, 64, 'COPY_DEST').close();
    b.tr('list', 'tex', 'COPY_DEST', 'PIXEL_SHADER_RESOURCE', { msgs: ['COMMAND_LIST_CLOSED'] });
  },
);
def(
  'IUnknown/Release',
  'release_upload_in_flight',
  'Release the upload buffer while the copy reading it is still executing: #921 at Release',
  'DEBUG_LAYER row 30',
  {},
  (b) => {
    b.basics().upload().buffer('dst', 'DEFAULT', 65536, 'COMMON');
    b.copyBuf('list', 'dst', 0, 'upload', 0, 4096);
    b.close().ecl('queue', 'list');
    b.release('upload', { msgs: ['OBJECT_DELETED_WHILE_STILL_IN_USE'] });
  },
);
def(
  'IUnknown/Release',
  'release_upload_after_fence',
  'Release the upload buffer after the fence wait: no message',
  'DEBUG_LAYER row 30 (negative)',
  {},
  (b) => {
    b.basics().upload().buffer('dst', 'DEFAULT', 65536, 'COMMON');
    b.copyBuf('list', 'dst', 0, 'upload', 0, 4096);
    submitWait(b);
    b.release('upload');
  },
);
def(
  'IUnknown/Release',
  'release_in_flight_debug_off',
  'Release in flight with the debug layer off: no message',
  'DEBUG_LAYER row 30 (no-layer column)',
  { debugLayer: false, mistake: true },
  (b) => {
    b.basics().upload().buffer('dst', 'DEFAULT', 65536, 'COMMON');
    b.copyBuf('list', 'dst', 0, 'upload', 0, 4096);
    b.close().ecl('queue', 'list');
    b.release('upload');
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'execute_unclosed_list_debug_off',
  'ECL of a list never closed, debug layer off: the call is dropped, the device is not removed; a later Signal completes',
  'DEBUG_LAYER row 25; ECL doc "the runtime will also drop the call"',
  { debugLayer: false, mistake: true },
  (b) => {
    b.basics().fence('fence');
    b.ecl('queue', 'list');
    b.signal('queue', 'fence', 1).idle().completed('fence', 1);
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'copy_list_on_copy_queue',
  'COPY allocator + COPY list on a COPY queue copying upload→default buffer: no message',
  'DEBUG_LAYER rows 22, 28 (negative)',
  {},
  (b) => {
    b.basics('COPY').upload().buffer('dst', 'DEFAULT', 65536, 'COMMON');
    b.copyBuf('list', 'dst', 0, 'upload', 0, 65536);
    submitWait(b);
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'two_lists_one_ecl',
  'Two lists with their own allocators in one ExecuteCommandLists: no message',
  'DEBUG_LAYER rows 19-27 (negative)',
  {},
  (b) => {
    b.basics().alloc('alloc2').list('list2', 'DIRECT', 'alloc2').upload().buffer('dst', 'DEFAULT', 65536, 'COMMON');
    b.copyBuf('list', 'dst', 0, 'upload', 0, 1024);
    b.copyBuf('list2', 'dst', 1024, 'upload', 1024, 1024);
    submitWait(b, { lists: ['list', 'list2'] });
  },
);

// =====================================================================================================
// descriptors
// =====================================================================================================
def(
  'ID3D12Device/CreateDescriptorHeap',
  'dsv_heap_shader_visible',
  'DSV heap with SHADER_VISIBLE: E_INVALIDARG + #645',
  'DEBUG_LAYER row 33; CORRECTIONS §3.9',
  {},
  (b) => {
    b.device().heap('dsvHeap', 'DSV', 1, true, { hr: 'E_INVALIDARG', msgs: ['CREATE_DESCRIPTOR_HEAP_INVALID_DESC'] });
  },
);
def(
  'ID3D12Device/CreateDescriptorHeap',
  'rtv_heap_shader_visible_debug_off',
  'RTV heap with SHADER_VISIBLE, debug layer off: E_INVALIDARG, no message',
  'DEBUG_LAYER row 33',
  { debugLayer: false },
  (b) => {
    b.device().heap('rtvHeap', 'RTV', 2, true, { hr: 'E_INVALIDARG' });
  },
);
def(
  'ID3D12Device/CreateDescriptorHeap',
  'shader_visible_cbv_srv_uav_and_sampler',
  'CBV_SRV_UAV and SAMPLER heaps may be SHADER_VISIBLE; SetDescriptorHeaps with both: no message',
  'CORRECTIONS §3.9',
  {},
  (b) => {
    b.basics().heap('srvHeap', 'CBV_SRV_UAV', 16, true).heap('samplerHeap', 'SAMPLER', 4, true);
    b.c('ID3D12GraphicsCommandList::SetDescriptorHeaps', {
      self: 'list',
      args: { NumDescriptorHeaps: 2, DescriptorHeaps: ['srvHeap', 'samplerHeap'] },
    });
    submitWait(b);
  },
);
def(
  'ID3D12DescriptorHeap/GetGPUDescriptorHandleForHeapStart',
  'gpu_handle_of_rtv_heap',
  'GetGPUDescriptorHandleForHeapStart on an RTV heap: NULL handle + #1315',
  'DEBUG_LAYER row 34; CORRECTIONS §3.9',
  {},
  (b) => {
    b.device().heap('rtvHeap', 'RTV', 2);
    b.c(
      'ID3D12DescriptorHeap::GetGPUDescriptorHandleForHeapStart',
      { self: 'rtvHeap', out: 'gpuStart' },
      { handle: '0', msgs: ['DESCRIPTOR_HEAP_NOT_SHADER_VISIBLE'] },
    );
  },
);
def(
  'ID3D12DescriptorHeap/GetGPUDescriptorHandleForHeapStart',
  'gpu_handle_of_non_visible_srv_heap',
  'GetGPUDescriptorHandleForHeapStart on a non-visible CBV_SRV_UAV heap: NULL handle + #1315',
  'DEBUG_LAYER row 34',
  {},
  (b) => {
    b.device().heap('srvHeap', 'CBV_SRV_UAV', 8);
    b.c(
      'ID3D12DescriptorHeap::GetGPUDescriptorHandleForHeapStart',
      { self: 'srvHeap', out: 'gpuStart' },
      { handle: '0', msgs: ['DESCRIPTOR_HEAP_NOT_SHADER_VISIBLE'] },
    );
  },
);
def(
  'ID3D12DescriptorHeap/GetGPUDescriptorHandleForHeapStart',
  'gpu_handle_of_rtv_heap_debug_off',
  'Same with the debug layer off: NULL handle, no message',
  'DEBUG_LAYER row 34',
  { debugLayer: false },
  (b) => {
    b.device().heap('rtvHeap', 'RTV', 2);
    b.c(
      'ID3D12DescriptorHeap::GetGPUDescriptorHandleForHeapStart',
      { self: 'rtvHeap', out: 'gpuStart' },
      { handle: '0' },
    );
  },
);
def(
  'ID3D12Device/CreateRenderTargetView',
  'rtv_in_slot_1_set_and_clear',
  'RTV written to slot 1 of a 2-slot heap, OMSetRenderTargets + ClearRenderTargetView with CPU handles: no message',
  'CORRECTIONS §3.9 (CPU handles consumed at record)',
  {},
  (b) => {
    b.basics();
    rtTexture(b, 'rt', 'RENDER_TARGET');
    b.heap('rtvHeap', 'RTV', 2).rtv('rt', 'rtvHeap', 1);
    b.omSet('list', 'rtvHeap', 1).clearRtv('list', 'rtvHeap', 1);
    submitWait(b);
  },
);
def(
  'ID3D12Device/CreateRenderTargetView',
  'rtv_by_raw_offset_zero',
  'RTV handle given as heapStart + offset 0: no message',
  'SCENARIOS.md handle forms; CORRECTIONS §3.9',
  {},
  (b) => {
    b.basics();
    rtTexture(b, 'rt', 'RENDER_TARGET');
    b.heap('rtvHeap', 'RTV', 1);
    b.c('ID3D12Device::CreateRenderTargetView', {
      self: 'dev',
      args: { Resource: 'rt', Desc: null, DestDescriptor: { heapStart: 'rtvHeap', offset: 0 } },
    });
    b.c('ID3D12GraphicsCommandList::ClearRenderTargetView', {
      self: 'list',
      args: { RenderTargetView: { heapStart: 'rtvHeap', offset: 0 }, ColorRGBA: CLEAR, NumRects: 0, Rects: null },
    });
    submitWait(b);
  },
);
def(
  'ID3D12Device/CreateShaderResourceView',
  'null_srv_descriptor',
  'CreateShaderResourceView with Resource NULL and a full Desc (null descriptor): no message',
  'CORRECTIONS 004-1',
  {},
  (b) => {
    b.device().heap('srvHeap', 'CBV_SRV_UAV', 4, true);
    b.c('ID3D12Device::CreateShaderResourceView', {
      self: 'dev',
      args: {
        Resource: null,
        Desc: {
          Format: 'DXGI_FORMAT_R8G8B8A8_UNORM',
          ViewDimension: 'D3D12_SRV_DIMENSION_TEXTURE2D',
          Shader4ComponentMapping: 'D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING',
          Texture2D: { MostDetailedMip: 0, MipLevels: 1, PlaneSlice: 0, ResourceMinLODClamp: 0 },
        },
        DestDescriptor: { heap: 'srvHeap', index: 2 },
      },
    });
  },
);
def(
  'ID3D12Device/CopyDescriptorsSimple',
  'srv_staged_and_copied',
  'SRV created in a non-visible heap and copied with CopyDescriptorsSimple into a visible heap: no message',
  'CORRECTIONS §3.9',
  {},
  (b) => {
    b.device().texture('tex', 64, 64, 'PIXEL_SHADER_RESOURCE');
    b.heap('staging', 'CBV_SRV_UAV', 4).heap('srvHeap', 'CBV_SRV_UAV', 4, true);
    b.c('ID3D12Device::CreateShaderResourceView', {
      self: 'dev',
      args: { Resource: 'tex', Desc: null, DestDescriptor: { heap: 'staging', index: 0 } },
    });
    b.c('ID3D12Device::CopyDescriptorsSimple', {
      self: 'dev',
      args: {
        NumDescriptors: 1,
        DestDescriptorRangeStart: { heap: 'srvHeap', index: 3 },
        SrcDescriptorRangeStart: { heap: 'staging', index: 0 },
        DescriptorHeapsType: 'D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV',
      },
    });
  },
);
def(
  'ID3D12Device/CreateDepthStencilView',
  'dsv_clear',
  'Depth texture in DEPTH_WRITE, DSV in a DSV heap, ClearDepthStencilView matching the clear value: no message',
  'CORRECTIONS §3.9',
  {},
  (b) => {
    b.basics();
    b.c('ID3D12Device::CreateCommittedResource', {
      self: 'dev',
      args: {
        HeapProperties: { Type: 'D3D12_HEAP_TYPE_DEFAULT' },
        HeapFlags: 'D3D12_HEAP_FLAG_NONE',
        Desc: texDesc(64, 64, { fmt: 'DXGI_FORMAT_D32_FLOAT', flags: 'D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL' }),
        InitialResourceState: 'D3D12_RESOURCE_STATE_DEPTH_WRITE',
        OptimizedClearValue: { Format: 'DXGI_FORMAT_D32_FLOAT', DepthStencil: { Depth: 1, Stencil: 0 } },
      },
      out: 'depth',
    });
    b.heap('dsvHeap', 'DSV', 1);
    b.c('ID3D12Device::CreateDepthStencilView', {
      self: 'dev',
      args: { Resource: 'depth', Desc: null, DestDescriptor: { heap: 'dsvHeap', index: 0 } },
    });
    b.c('ID3D12GraphicsCommandList::ClearDepthStencilView', {
      self: 'list',
      args: {
        DepthStencilView: { heap: 'dsvHeap', index: 0 },
        ClearFlags: 'D3D12_CLEAR_FLAG_DEPTH',
        Depth: 1,
        Stencil: 0,
        NumRects: 0,
        Rects: null,
      },
    });
    submitWait(b);
  },
);

// =====================================================================================================
// swapchain
// =====================================================================================================
function swapSetup(b, count = 2) {
  b.basics().swapchain(count);
  b.heap('rtvHeap', 'RTV', count);
  for (let i = 0; i < count; i++) b.getBuffer(i, `bb${i}`).rtv(`bb${i}`, 'rtvHeap', i);
  return b;
}
function frame(b, i, list = 'list') {
  b.tr(list, `bb${i}`, 'PRESENT', 'RENDER_TARGET');
  b.omSet(list, 'rtvHeap', i).clearRtv(list, 'rtvHeap', i);
  b.tr(list, `bb${i}`, 'RENDER_TARGET', 'PRESENT');
}
def(
  'IDXGISwapChain/Present',
  'three_frames_correct',
  'Three frames: PRESENT→RT, clear, RT→PRESENT, Present; back-buffer index 0,1,0,1: no message',
  'DEBUG_LAYER rows 4, 5, 29 (negative)',
  {},
  (b) => {
    swapSetup(b).fence('fence');
    for (let f = 0; f < 3; f++) {
      const i = f % 2;
      b.bbIndex(i);
      if (f > 0) b.resetAlloc().resetList('list', 'alloc');
      frame(b, i);
      b.close().ecl('queue', 'list').present(1, 0);
      b.signal('queue', 'fence', f + 1).cpuWait('fence', f + 1);
    }
    b.bbIndex(1);
  },
);
def(
  'IDXGISwapChain/Present',
  'present_in_render_target',
  'Back buffer left in RENDER_TARGET at Present: #538 at Present, Present S_OK',
  'DEBUG_LAYER row 4 (HRESULT INF)',
  {},
  (b) => {
    swapSetup(b);
    b.bbIndex(0);
    b.tr('list', 'bb0', 'PRESENT', 'RENDER_TARGET');
    b.clearRtv('list', 'rtvHeap', 0);
    b.close().ecl('queue', 'list');
    b.present(1, 0, { msgs: ['INVALID_SUBRESOURCE_STATE'] });
  },
);
def(
  'IDXGISwapChain/Present',
  'present_in_render_target_debug_off',
  'Same with the debug layer off: Present S_OK, no message',
  'DEBUG_LAYER row 4 (no-layer column)',
  { debugLayer: false, mistake: true },
  (b) => {
    swapSetup(b);
    b.tr('list', 'bb0', 'PRESENT', 'RENDER_TARGET');
    b.clearRtv('list', 'rtvHeap', 0);
    b.close().ecl('queue', 'list');
    b.present(1, 0);
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'clear_back_buffer_in_present',
  'Clearing the back buffer while it is still in PRESENT: #538 at ECL',
  'DEBUG_LAYER row 5',
  {},
  (b) => {
    swapSetup(b);
    b.bbIndex(0);
    b.clearRtv('list', 'rtvHeap', 0);
    b.close().ecl('queue', 'list', { msgs: ['INVALID_SUBRESOURCE_STATE'] });
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'write_wrong_back_buffer',
  'Current index is 0 but the list renders into buffer 1: #907 at ECL',
  'DEBUG_LAYER row 29',
  {},
  (b) => {
    swapSetup(b);
    b.bbIndex(0);
    frame(b, 1);
    b.close().ecl('queue', 'list', { msgs: ['EXECUTECOMMANDLISTS_WRONGSWAPCHAINBUFFERREFERENCE'] });
  },
);
def(
  'IDXGISwapChain/Present',
  'present_untouched_buffers',
  'Present twice without rendering (buffers stay in PRESENT): S_OK, index advances, no message',
  'DEBUG_LAYER row 4 (negative)',
  {},
  (b) => {
    b.basics().swapchain(2);
    b.bbIndex(0).present(1, 0).bbIndex(1).present(1, 0).bbIndex(0);
  },
);
def(
  'IDXGISwapChain/ResizeBuffers',
  'resize_after_release',
  'All back-buffer references released, GPU idle, ResizeBuffers: S_OK',
  'SYLLABUS swap chain; DXGI ResizeBuffers rule',
  {},
  (b) => {
    b.basics().swapchain(2);
    b.getBuffer(0, 'bb0').getBuffer(1, 'bb1');
    b.release('bb0').release('bb1');
    b.c('IDXGISwapChain::ResizeBuffers', {
      self: 'swapchain',
      args: { BufferCount: 2, Width: 512, Height: 512, NewFormat: 'DXGI_FORMAT_UNKNOWN', SwapChainFlags: 0 },
    });
    b.bbIndex(0);
  },
);
def(
  'IDXGISwapChain/ResizeBuffers',
  'resize_with_buffer_held',
  'ResizeBuffers while a back buffer is still referenced: DXGI_ERROR_INVALID_CALL',
  'DXGI ResizeBuffers remarks (all references must be released)',
  {},
  (b) => {
    b.basics().swapchain(2);
    b.getBuffer(0, 'bb0');
    b.c(
      'IDXGISwapChain::ResizeBuffers',
      {
        self: 'swapchain',
        args: { BufferCount: 2, Width: 512, Height: 512, NewFormat: 'DXGI_FORMAT_UNKNOWN', SwapChainFlags: 0 },
      },
      { hr: 'DXGI_ERROR_INVALID_CALL' },
    );
  },
);
def(
  'IDXGISwapChain/Present',
  'present_allow_tearing_without_flag',
  'Present(0, DXGI_PRESENT_ALLOW_TEARING) on a swap chain created without ALLOW_TEARING: DXGI_ERROR_INVALID_CALL',
  'CORRECTIONS 001-7',
  {},
  (b) => {
    b.basics().swapchain(2);
    b.present(0, 'DXGI_PRESENT_ALLOW_TEARING', { hr: 'DXGI_ERROR_INVALID_CALL' });
  },
);

// =====================================================================================================
// placed-reserved
// =====================================================================================================
function heapOf(b, name, size, flags, alignment = 0, type = 'DEFAULT') {
  return b.c('ID3D12Device::CreateHeap', {
    self: 'dev',
    args: { SizeInBytes: size, Properties: { Type: `D3D12_HEAP_TYPE_${type}` }, Alignment: alignment, Flags: flags },
    out: name,
  });
}
function placed(b, name, heap, offset, desc, state, e = {}, clear = null) {
  return b.c(
    'ID3D12Device::CreatePlacedResource',
    {
      self: 'dev',
      args: {
        Heap: heap,
        HeapOffset: offset,
        Desc: desc,
        InitialState: `D3D12_RESOURCE_STATE_${state}`,
        OptimizedClearValue: clear,
      },
      out: name,
    },
    e,
  );
}
def(
  'ID3D12Device/CreatePlacedResource',
  'placed_buffers_64k_aligned',
  'Two placed buffers at 0 and 65536 in an ALLOW_ONLY_BUFFERS heap: S_OK, no message',
  'DEBUG_LAYER row 37 (negative)',
  {},
  (b) => {
    b.device();
    heapOf(b, 'heap', 131072, 'D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS');
    placed(b, 'a', 'heap', 0, bufDesc(65536), 'COMMON');
    placed(b, 'b', 'heap', 65536, bufDesc(65536), 'COMMON');
  },
);
def(
  'ID3D12Device/CreatePlacedResource',
  'placed_buffer_misaligned_debug_off',
  'Placed buffer at HeapOffset 1000: E_INVALIDARG (debug layer off; message id INF)',
  'DEBUG_LAYER row 37',
  { debugLayer: false },
  (b) => {
    b.device();
    heapOf(b, 'heap', 131072, 'D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS');
    placed(b, 'a', 'heap', 1000, bufDesc(4096), 'COMMON', { hr: 'E_INVALIDARG' });
  },
);
def(
  'ID3D12Device/CreatePlacedResource',
  'texture_in_buffers_only_heap_debug_off',
  'Texture placed in an ALLOW_ONLY_BUFFERS heap: E_INVALIDARG (debug layer off)',
  'DEBUG_LAYER row 38 (V-TEST)',
  { debugLayer: false },
  (b) => {
    b.device();
    heapOf(b, 'heap', 1048576, 'D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS');
    placed(b, 'tex', 'heap', 0, texDesc(64, 64), 'COMMON', { hr: 'E_INVALIDARG' });
  },
);
def(
  'ID3D12Device/CreatePlacedResource',
  'buffer_in_textures_only_heap_debug_off',
  'Buffer placed in an ALLOW_ONLY_NON_RT_DS_TEXTURES heap: E_INVALIDARG (debug layer off)',
  'DEBUG_LAYER row 38',
  { debugLayer: false },
  (b) => {
    b.device();
    heapOf(b, 'heap', 1048576, 'D3D12_HEAP_FLAG_ALLOW_ONLY_NON_RT_DS_TEXTURES');
    placed(b, 'buf', 'heap', 0, bufDesc(65536), 'COMMON', { hr: 'E_INVALIDARG' });
  },
);
def(
  'ID3D12Device/CreatePlacedResource',
  'msaa_placed_at_64k_debug_off',
  '4x MSAA render target placed at offset 65536 (needs 4 MB): E_INVALIDARG (debug layer off)',
  'DEBUG_LAYER row 37; CORRECTIONS 003-5 (4 MB MSAA alignment)',
  { debugLayer: false },
  (b) => {
    b.device();
    heapOf(b, 'heap', 8388608, 'D3D12_HEAP_FLAG_ALLOW_ONLY_RT_DS_TEXTURES', 4194304);
    placed(b, 'msaa', 'heap', 65536, texDesc(256, 256, { flags: RT, samples: 4 }), 'RENDER_TARGET', {
      hr: 'E_INVALIDARG',
    });
  },
);
def(
  'ID3D12Device/CreatePlacedResource',
  'msaa_placed_at_4mb',
  '4x MSAA render target placed at offset 4194304 in a 4 MB-aligned RT/DS heap: S_OK, no message',
  'DEBUG_LAYER row 37 (negative)',
  {},
  (b) => {
    b.device();
    heapOf(b, 'heap', 8388608, 'D3D12_HEAP_FLAG_ALLOW_ONLY_RT_DS_TEXTURES', 4194304);
    placed(b, 'msaa', 'heap', 4194304, texDesc(256, 256, { flags: RT, samples: 4 }), 'RENDER_TARGET');
  },
);
def(
  'ID3D12Device/CreatePlacedResource',
  'placed_texture_promoted_copy_dest',
  'Placed texture (COMMON) in an ALLOW_ONLY_NON_RT_DS_TEXTURES heap filled by a copy without a barrier: no message',
  'CORRECTIONS §3.2; DEBUG_LAYER row 38 (negative)',
  {},
  (b) => {
    b.basics();
    heapOf(b, 'heap', 1048576, 'D3D12_HEAP_FLAG_ALLOW_ONLY_NON_RT_DS_TEXTURES');
    placed(b, 'tex', 'heap', 0, texDesc(64, 64), 'COMMON');
    b.upload();
    b.upTex('list', 'tex', 'upload', 64, 64);
    b.tr('list', 'tex', 'COPY_DEST', 'PIXEL_SHADER_RESOURCE');
    submitWait(b);
  },
);
def(
  'ID3D12GraphicsCommandList/ResourceBarrier',
  'aliasing_with_barrier',
  'Two buffers aliased at offset 0, aliasing barrier between their uses: no message',
  'DEBUG_LAYER row 39 (negative)',
  {},
  (b) => {
    b.basics();
    heapOf(b, 'heap', 65536, 'D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS');
    placed(b, 'a', 'heap', 0, bufDesc(65536), 'COMMON');
    placed(b, 'b', 'heap', 0, bufDesc(65536), 'COMMON');
    b.upload();
    b.copyBuf('list', 'a', 0, 'upload', 0, 4096);
    b.barrier('list', {
      Type: 'D3D12_RESOURCE_BARRIER_TYPE_ALIASING',
      Flags: 'D3D12_RESOURCE_BARRIER_FLAG_NONE',
      Aliasing: { ResourceBefore: 'a', ResourceAfter: 'b' },
    });
    b.copyBuf('list', 'b', 0, 'upload', 0, 4096);
    submitWait(b);
  },
);
def(
  'ID3D12GraphicsCommandList/ResourceBarrier',
  'aliasing_without_barrier',
  'Same two aliased buffers used in one list without an aliasing barrier: no CPU message (real layer does not validate)',
  'DEBUG_LAYER row 39',
  { mistake: true },
  (b) => {
    b.basics();
    heapOf(b, 'heap', 65536, 'D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS');
    placed(b, 'a', 'heap', 0, bufDesc(65536), 'COMMON');
    placed(b, 'b', 'heap', 0, bufDesc(65536), 'COMMON');
    b.upload();
    b.copyBuf('list', 'a', 0, 'upload', 0, 4096);
    b.copyBuf('list', 'b', 0, 'upload', 0, 4096);
    submitWait(b);
  },
);
def(
  'ID3D12Device/CreateReservedResource',
  'reserved_texture_row_major_debug_off',
  'Reserved texture with ROW_MAJOR layout: E_INVALIDARG (debug layer off)',
  'CORRECTIONS 003-1',
  { debugLayer: false },
  (b) => {
    b.device();
    b.c(
      'ID3D12Device::CreateReservedResource',
      {
        self: 'dev',
        args: {
          Desc: texDesc(1024, 1024, { layout: 'D3D12_TEXTURE_LAYOUT_ROW_MAJOR' }),
          InitialState: 'D3D12_RESOURCE_STATE_COMMON',
          OptimizedClearValue: null,
        },
        out: 'virt',
      },
      { hr: 'E_INVALIDARG' },
    );
  },
);
def(
  'ID3D12Device/CreateReservedResource',
  'reserved_texture_64kb_swizzle',
  'Reserved texture with 64KB_UNDEFINED_SWIZZLE: S_OK, no message',
  'CORRECTIONS 003-1',
  {},
  (b) => {
    b.device();
    b.c('ID3D12Device::CreateReservedResource', {
      self: 'dev',
      args: {
        Desc: texDesc(1024, 1024, { layout: 'D3D12_TEXTURE_LAYOUT_64KB_UNDEFINED_SWIZZLE' }),
        InitialState: 'D3D12_RESOURCE_STATE_COMMON',
        OptimizedClearValue: null,
      },
      out: 'virt',
    });
  },
);
def(
  'ID3D12Device/CreateCommittedResource',
  'texture_width_over_16384_debug_off',
  'Texture2D 32768 wide: E_INVALIDARG (max dimension 16384; debug layer off)',
  'CORRECTIONS 003-1',
  { debugLayer: false },
  (b) => {
    b.device().texture('big', 32768, 64, 'COMMON', {}, { hr: 'E_INVALIDARG' });
  },
);
def(
  'ID3D12CommandQueue/UpdateTileMappings',
  'reserved_buffer_tile_mapping',
  'Reserved buffer, one tile mapped into a 64 KB heap with ID3D12CommandQueue::UpdateTileMappings: no message',
  'CORRECTIONS 003-2, 003-3',
  {},
  (b) => {
    b.device().queue();
    b.c('ID3D12Device::CreateReservedResource', {
      self: 'dev',
      args: { Desc: bufDesc(131072), InitialState: 'D3D12_RESOURCE_STATE_COMMON', OptimizedClearValue: null },
      out: 'virt',
    });
    heapOf(b, 'heap', 65536, 'D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS');
    b.c('ID3D12CommandQueue::UpdateTileMappings', {
      self: 'queue',
      args: {
        Resource: 'virt',
        NumResourceRegions: 1,
        ResourceRegionStartCoordinates: [{ X: 0, Y: 0, Z: 0, Subresource: 0 }],
        ResourceRegionSizes: [{ NumTiles: 1, UseBox: false, Width: 0, Height: 0, Depth: 0 }],
        Heap: 'heap',
        NumRanges: 1,
        RangeFlags: ['D3D12_TILE_RANGE_FLAG_NONE'],
        HeapRangeStartOffsets: [0],
        RangeTileCounts: [1],
        Flags: 'D3D12_TILE_MAPPING_FLAG_NONE',
      },
    });
  },
);

// =====================================================================================================
// copies-footprints
// =====================================================================================================
def(
  'ID3D12GraphicsCommandList/CopyTextureRegion',
  'row_pitch_not_256_aligned',
  'CopyTextureRegion from a footprint with RowPitch 200: #868 at record, Close E_INVALIDARG',
  'DEBUG_LAYER row 40; CORRECTIONS §3.1, §3.8',
  {},
  (b) => {
    b.basics().texture('tex', 50, 50, 'COPY_DEST').upload();
    b.upTex('list', 'tex', 'upload', 50, 50, { rowPitch: 200 }, { msgs: ['COPYTEXTUREREGION_INVALIDSRCROWPITCH'] });
    b.close('list', { hr: 'E_INVALIDARG' });
  },
);
def(
  'ID3D12GraphicsCommandList/CopyTextureRegion',
  'odd_width_padded_pitch',
  'Width 60 (240 bytes a row) copied with RowPitch 256: no message',
  'CORRECTIONS §3.8 (negative)',
  {},
  (b) => {
    b.basics().texture('tex', 60, 60, 'COPY_DEST').upload();
    b.upTex('list', 'tex', 'upload', 60, 60, { rowPitch: 256 });
    submitWait(b);
  },
);
def(
  'ID3D12GraphicsCommandList/CopyTextureRegion',
  'larger_row_pitch',
  'Width 64 (256 bytes a row) copied with RowPitch 512: no message',
  'CORRECTIONS §3.8 (multiple of 256 is enough)',
  {},
  (b) => {
    b.basics().texture('tex', 64, 64, 'COPY_DEST').upload();
    b.upTex('list', 'tex', 'upload', 64, 64, { rowPitch: 512 });
    submitWait(b);
  },
);
def(
  'ID3D12GraphicsCommandList/CopyTextureRegion',
  'second_mip_at_512_aligned_offset',
  'Mip 0 and mip 1 uploaded from offsets 0 and 16384 (512-aligned): no message',
  'CORRECTIONS §3.8 (Offset multiple of 512)',
  {},
  (b) => {
    b.basics().texture('tex', 64, 64, 'COPY_DEST', { mips: 2 }).upload();
    b.upTex('list', 'tex', 'upload', 64, 64, { offset: 0, sub: 0 });
    b.upTex('list', 'tex', 'upload', 32, 32, { offset: 16384, sub: 1 });
    b.tr('list', 'tex', 'COPY_DEST', 'PIXEL_SHADER_RESOURCE');
    submitWait(b);
  },
);
def(
  'ID3D12GraphicsCommandList/CopyTextureRegion',
  'readback_bigger_than_needed',
  '64×64 RGBA8 texture (16 KB footprint) read back into a 1 MB readback buffer: no message',
  'CORRECTIONS 000-9',
  {},
  (b) => {
    b.basics().texture('tex', 64, 64, 'COPY_SOURCE').readback('readback', 1048576);
    b.downTex('list', 'readback', 'tex', 64, 64);
    submitWait(b);
    b.map('readback', 0, { Begin: 0, End: 16384 }).unmap('readback', 0, { Begin: 0, End: 0 });
  },
);
def(
  'ID3D12GraphicsCommandList/CopyResource',
  'copy_resource_buffers',
  'CopyResource between two equal-size buffers (upload → default): no message',
  'CORRECTIONS 000-17 (same type and size)',
  {},
  (b) => {
    b.basics().upload().buffer('dst', 'DEFAULT', 65536, 'COMMON');
    b.copyRes('list', 'dst', 'upload');
    submitWait(b);
  },
);
def(
  'ID3D12GraphicsCommandList/CopyBufferRegion',
  'copy_buffer_region_offsets',
  'CopyBufferRegion with non-zero offsets inside both buffers: no message',
  'CORRECTIONS §3.2',
  {},
  (b) => {
    b.basics().upload().buffer('dst', 'DEFAULT', 65536, 'COMMON');
    b.copyBuf('list', 'dst', 4096, 'upload', 1024, 2048);
    submitWait(b);
  },
);
def(
  'ID3D12GraphicsCommandList/CopyTextureRegion',
  'texture_to_texture_region_with_box',
  'CopyTextureRegion texture→texture with a SrcBox, both in correct states: no message',
  'CORRECTIONS 000-13 (texture→texture allowed)',
  {},
  (b) => {
    b.basics().texture('src', 64, 64, 'COPY_SOURCE').texture('dst', 64, 64, 'COPY_DEST');
    b.c('ID3D12GraphicsCommandList::CopyTextureRegion', {
      self: 'list',
      args: {
        Dst: { Resource: 'dst', Type: 'D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX', SubresourceIndex: 0 },
        DstX: 16,
        DstY: 16,
        DstZ: 0,
        Src: { Resource: 'src', Type: 'D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX', SubresourceIndex: 0 },
        SrcBox: { left: 0, top: 0, front: 0, right: 32, bottom: 32, back: 1 },
      },
    });
    submitWait(b);
  },
);
def(
  'ID3D12GraphicsCommandList/CopyTextureRegion',
  'texture_readback_roundtrip',
  'Upload a texture, COPY_DEST→COPY_SOURCE, read it back, wait, Map: no message',
  'CORRECTIONS §3.2, §3.7, §3.8',
  {},
  (b) => {
    b.basics().texture('tex', 64, 64, 'COPY_DEST').upload().readback();
    b.map('upload').unmap('upload', 0, { Begin: 0, End: 16384 });
    b.upTex('list', 'tex', 'upload', 64, 64);
    b.tr('list', 'tex', 'COPY_DEST', 'COPY_SOURCE');
    b.downTex('list', 'readback', 'tex', 64, 64);
    submitWait(b);
    b.map('readback', 0, { Begin: 0, End: 16384 }).unmap('readback', 0, { Begin: 0, End: 0 });
  },
);

// =====================================================================================================
// device
// =====================================================================================================
def(
  'D3D12CreateDevice',
  'create_device_removed_reason_ok',
  'D3D12CreateDevice at 11_0, GetDeviceRemovedReason on a healthy device: S_OK',
  'CORRECTIONS §3.5',
  {},
  (b) => {
    b.device().removedReason('S_OK');
  },
);
def(
  'ID3D12Debug/EnableDebugLayer',
  'manual_enable_before_device',
  'debugLayer false, D3D12GetDebugInterface + EnableDebugLayer before the device: the layer reports #638 for a texture on an UPLOAD heap',
  'SCENARIOS.md (manual enable); DEBUG_LAYER row 14',
  { debugLayer: false },
  (b) => {
    b.manualLayer = true;
    b.c('D3D12GetDebugInterface', { args: { riid: 'ID3D12Debug' }, out: 'debug' });
    b.c('ID3D12Debug::EnableDebugLayer', { self: 'debug' });
    b.device().texture(
      'tex',
      64,
      64,
      'GENERIC_READ',
      { heap: 'UPLOAD' },
      { hr: 'E_INVALIDARG', msgs: ['CREATERESOURCEANDHEAP_INVALIDHEAPPROPERTIES'] },
    );
  },
);
def(
  'D3D12CreateDevice',
  'no_layer_no_messages_copy_state',
  'Shared example p2 (copy into a texture in PIXEL_SHADER_RESOURCE) with the debug layer off: no message, device fine',
  'DEBUG_LAYER row 2 (no-layer column)',
  { debugLayer: false, mistake: true },
  (b) => {
    b.basics().upload().texture('tex', 64, 64, 'PIXEL_SHADER_RESOURCE');
    b.upTex('list', 'tex', 'upload', 64, 64);
    b.close().ecl('queue', 'list');
    b.idle();
  },
);
def(
  'D3D12CreateDevice',
  'no_layer_no_messages_upload_state',
  'UPLOAD buffer in COPY_DEST and READBACK texture with the debug layer off: same E_INVALIDARGs, no messages',
  'DEBUG_LAYER rows 10, 14 (API result)',
  { debugLayer: false },
  (b) => {
    b.device().buffer('up', 'UPLOAD', 65536, 'COPY_DEST', { hr: 'E_INVALIDARG' });
    b.texture('tex', 64, 64, 'COPY_DEST', { heap: 'READBACK' }, { hr: 'E_INVALIDARG' });
  },
);
def(
  'ID3D12Debug1/SetEnableGPUBasedValidation',
  'gbv_flag_correct_program',
  'gpuBasedValidation true, a correct upload + barrier program: no message',
  'CORRECTIONS §3.1 (GBV reports nothing for correct use)',
  { gbv: true },
  (b) => {
    b.basics().texture('tex', 64, 64, 'COPY_DEST').upload();
    b.upTex('list', 'tex', 'upload', 64, 64);
    b.tr('list', 'tex', 'COPY_DEST', 'PIXEL_SHADER_RESOURCE');
    submitWait(b);
  },
);
def(
  'ID3D12Debug1/SetEnableGPUBasedValidation',
  'gbv_manual_enable_correct_program',
  'EnableDebugLayer + SetEnableGPUBasedValidation(TRUE) before the device, correct copy program: no message',
  'CORRECTIONS §3.1',
  { debugLayer: false },
  (b) => {
    b.manualLayer = true;
    b.c('D3D12GetDebugInterface', { args: { riid: 'ID3D12Debug1' }, out: 'debug' });
    b.c('ID3D12Debug::EnableDebugLayer', { self: 'debug' });
    b.c('ID3D12Debug1::SetEnableGPUBasedValidation', { self: 'debug', args: { Enable: true } });
    b.basics().upload().buffer('dst', 'DEFAULT', 65536, 'COMMON');
    b.copyBuf('list', 'dst', 0, 'upload', 0, 4096);
    submitWait(b);
  },
);
def(
  'D3D12CreateDevice',
  'two_devices_same_process',
  'Two devices created one after the other (debug layer on before both): both S_OK',
  'CORRECTIONS 001-1 (layer enabled before any device)',
  {},
  (b) => {
    b.device();
    b.c('D3D12CreateDevice', { args: { Adapter: null, MinimumFeatureLevel: 'D3D_FEATURE_LEVEL_11_0' }, out: 'dev2' });
  },
);

// =====================================================================================================
// removal-dred
// =====================================================================================================
function failedList(b) {
  b.basics().texture('tex', 50, 50, 'COPY_DEST').upload().fence('fence');
  b.upTex('list', 'tex', 'upload', 50, 50, { rowPitch: 200 }, { msgs: ['COPYTEXTUREREGION_INVALIDSRCROWPITCH'] });
  b.close('list', { hr: 'E_INVALIDARG' });
}
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'execute_failed_list_removes_device',
  'Executing a list whose Close failed: #838 then #232 at ECL, device removed (DXGI_ERROR_INVALID_CALL); reason, fence UINT64_MAX, creation fails',
  'DEBUG_LAYER rows 26, 40; CORRECTIONS §3.1, §3.5',
  {},
  (b) => {
    failedList(b);
    b.ecl('queue', 'list', { msgs: ['EXECUTECOMMANDLISTS_FAILEDCOMMANDLIST', 'DEVICE_REMOVAL_PROCESS_AT_FAULT'] });
    b.removedReason('DXGI_ERROR_INVALID_CALL');
    b.completed('fence', UINT64_MAX);
    b.buffer('late', 'DEFAULT', 65536, 'COMMON', { hr: 'DXGI_ERROR_DEVICE_REMOVED' });
    b.removedBy('DXGI_ERROR_INVALID_CALL');
  },
);
def(
  'ID3D12Device/GetDeviceRemovedReason',
  'removal_releases_cpu_waits',
  'An event armed for a value nobody signals fires once the device is removed (fence reads UINT64_MAX)',
  'CORRECTIONS §3.5, 001-6',
  {},
  (b) => {
    failedList(b);
    b.event('ev').setEvent('fence', 5, 'ev');
    b.ecl('queue', 'list', { msgs: ['EXECUTECOMMANDLISTS_FAILEDCOMMANDLIST', 'DEVICE_REMOVAL_PROCESS_AT_FAULT'] });
    b.waitEv('ev', 1000, 'WAIT_OBJECT_0');
    b.completed('fence', UINT64_MAX);
    b.removedBy('DXGI_ERROR_INVALID_CALL');
  },
);
def(
  'ID3D12GraphicsCommandList/Close',
  'failed_close_not_executed',
  'Close fails (E_INVALIDARG) but the list is never executed: device not removed',
  'DEBUG_LAYER rows 26, 40 (removal happens at ECL)',
  {},
  (b) => {
    failedList(b);
    b.removedReason('S_OK');
    b.completed('fence', 0);
  },
);
def(
  'ID3D12Device/GetDeviceRemovedReason',
  'tdr_long_list_debug_off',
  'A list that keeps the GPU busy for 10 s (gpuMsPerList 10000): TDR, DXGI_ERROR_DEVICE_HUNG, fence UINT64_MAX',
  'CORRECTIONS §3.5 (hang longer than ~2 s)',
  { debugLayer: false, gpuMsPerList: 10000 },
  (b) => {
    b.basics().fence('fence');
    b.close().ecl('queue', 'list').signal('queue', 'fence', 1);
    b.idle();
    b.removedReason('DXGI_ERROR_DEVICE_HUNG');
    b.completed('fence', UINT64_MAX);
    b.c(
      'ID3D12Device::CreateFence',
      { self: 'dev', args: { InitialValue: 0, Flags: 'D3D12_FENCE_FLAG_NONE' }, out: 'fence2' },
      { hr: 'DXGI_ERROR_DEVICE_REMOVED' },
    );
    b.removedBy('DXGI_ERROR_DEVICE_HUNG');
  },
);
def(
  'ID3D12Debug/EnableDebugLayer',
  'enable_debug_layer_after_device',
  'EnableDebugLayer called after D3D12CreateDevice: the runtime removes the device; later creation fails, fence reads UINT64_MAX',
  'CORRECTIONS 001-1 (EnableDebugLayer doc)',
  { debugLayer: false },
  (b) => {
    b.device().fence('fence');
    b.c('D3D12GetDebugInterface', { args: { riid: 'ID3D12Debug' }, out: 'debug' });
    b.c('ID3D12Debug::EnableDebugLayer', { self: 'debug' });
    b.completed('fence', UINT64_MAX);
    b.buffer('late', 'DEFAULT', 65536, 'COMMON', { hr: 'DXGI_ERROR_DEVICE_REMOVED' });
    b.removedBy('DXGI_ERROR_DEVICE_REMOVED');
  },
);

// =====================================================================================================
// correct-programs
// =====================================================================================================
def(
  'programs',
  'upload_texture_from_common',
  'Texture created in COMMON, filled from an upload buffer (promotion), COPY_DEST→PSR, fence wait: no message',
  'CORRECTIONS §3.2',
  {},
  (b) => {
    b.basics().texture('tex', 128, 128, 'COMMON').upload('upload', 131072);
    b.map('upload').unmap('upload', 0, { Begin: 0, End: 65536 });
    b.upTex('list', 'tex', 'upload', 128, 128, { rowPitch: 512 });
    b.tr('list', 'tex', 'COPY_DEST', 'PIXEL_SHADER_RESOURCE');
    submitWait(b);
    b.release('upload');
  },
);
def(
  'programs',
  'buffer_roundtrip',
  'Upload → DEFAULT buffer → READBACK, wait, Map/Unmap with proper ranges: no message',
  'CORRECTIONS §3.2, §3.3, §3.7',
  {},
  (b) => {
    b.basics().upload().buffer('gpuBuf', 'DEFAULT', 65536, 'COMMON').readback();
    b.map('upload').unmap('upload', 0, { Begin: 0, End: 65536 });
    b.copyBuf('list', 'gpuBuf', 0, 'upload', 0, 65536);
    b.tr('list', 'gpuBuf', 'COPY_DEST', 'COPY_SOURCE');
    b.copyBuf('list', 'readback', 0, 'gpuBuf', 0, 65536);
    submitWait(b);
    b.map('readback', 0, { Begin: 0, End: 65536 }).unmap('readback', 0, { Begin: 0, End: 0 });
  },
);
def(
  'programs',
  'render_to_texture_readback',
  'Clear a render target, RT→COPY_SOURCE, CopyTextureRegion to readback, wait, Map: no message',
  'DEBUG_LAYER row 1 (negative); CORRECTIONS §3.8',
  {},
  (b) => {
    b.basics();
    rtTexture(b, 'rt', 'RENDER_TARGET');
    b.readback();
    b.heap('rtvHeap', 'RTV', 1).rtv('rt', 'rtvHeap', 0);
    b.omSet('list', 'rtvHeap', 0).clearRtv('list', 'rtvHeap', 0);
    b.tr('list', 'rt', 'RENDER_TARGET', 'COPY_SOURCE');
    b.downTex('list', 'readback', 'rt', 64, 64);
    submitWait(b);
    b.map('readback', 0, { Begin: 0, End: 16384 }).unmap('readback', 0, { Begin: 0, End: 0 });
  },
);
def(
  'programs',
  'double_buffered_allocators',
  'Two allocators used alternately over four frames, each reset only after its frame fence: no message',
  'DEBUG_LAYER row 19 (negative)',
  {},
  (b) => {
    b.device().queue().alloc('alloc0').alloc('alloc1').list('list', 'DIRECT', 'alloc0').fence('fence');
    b.close().ecl('queue', 'list').signal('queue', 'fence', 1);
    b.resetList('list', 'alloc1').close().ecl('queue', 'list').signal('queue', 'fence', 2);
    b.cpuWait('fence', 1);
    b.resetAlloc('alloc0').resetList('list', 'alloc0').close().ecl('queue', 'list').signal('queue', 'fence', 3);
    b.cpuWait('fence', 2);
    b.resetAlloc('alloc1').resetList('list', 'alloc1').close().ecl('queue', 'list').signal('queue', 'fence', 4);
    b.cpuWait('fence', 4).completed('fence', 4);
  },
);
def(
  'programs',
  'copy_then_direct_pipeline',
  'Copy queue uploads a buffer and a COMMON texture, direct queue waits on the fence and transitions both: no message',
  'CORRECTIONS §3.2, §3.6; DEBUG_LAYER row 9 (negative)',
  {},
  (b) => {
    b.device().queue('copyQueue', 'COPY').queue('queue');
    b.alloc('copyAlloc', 'COPY').list('copyList', 'COPY', 'copyAlloc').alloc('alloc').list('list', 'DIRECT', 'alloc');
    b.upload('upload', 131072).buffer('vb', 'DEFAULT', 65536, 'COMMON').texture('tex', 64, 64, 'COMMON').fence('fence');
    b.copyBuf('copyList', 'vb', 0, 'upload', 0, 65536);
    b.upTex('copyList', 'tex', 'upload', 64, 64, { offset: 65536 });
    b.close('copyList').ecl('copyQueue', 'copyList').signal('copyQueue', 'fence', 1);
    b.qwait('queue', 'fence', 1);
    b.tr('list', 'vb', 'COMMON', 'VERTEX_AND_CONSTANT_BUFFER');
    b.tr('list', 'tex', 'COMMON', 'PIXEL_SHADER_RESOURCE');
    b.close('list').ecl('queue', 'list').signal('queue', 'fence', 2);
    b.cpuWait('fence', 2).completed('fence', 2);
  },
);
def(
  'programs',
  'buffer_roundtrip_debug_off',
  'The buffer roundtrip with the debug layer off: same results, no message',
  'DEBUG_LAYER (no-layer column)',
  { debugLayer: false },
  (b) => {
    b.basics().upload().buffer('gpuBuf', 'DEFAULT', 65536, 'COMMON').readback();
    b.copyBuf('list', 'gpuBuf', 0, 'upload', 0, 65536);
    b.tr('list', 'gpuBuf', 'COPY_DEST', 'COPY_SOURCE');
    b.copyBuf('list', 'readback', 0, 'gpuBuf', 0, 65536);
    submitWait(b);
    b.map('readback', 0, { Begin: 0, End: 65536 }).unmap('readback', 0, { Begin: 0, End: 0 });
  },
);
def(
  'programs',
  'render_to_texture_gbv',
  'The render-to-texture readback with GPU-based validation on: no message',
  'CORRECTIONS §3.1',
  { gbv: true },
  (b) => {
    b.basics();
    rtTexture(b, 'rt', 'RENDER_TARGET');
    b.readback();
    b.heap('rtvHeap', 'RTV', 1).rtv('rt', 'rtvHeap', 0);
    b.clearRtv('list', 'rtvHeap', 0);
    b.tr('list', 'rt', 'RENDER_TARGET', 'COPY_SOURCE');
    b.downTex('list', 'readback', 'rt', 64, 64);
    submitWait(b);
  },
);
def(
  'programs',
  'mip_chain_upload',
  'Three mips uploaded from 512-aligned offsets, each mip transitioned to PSR separately: no message',
  'CORRECTIONS §3.8; per-subresource barriers',
  {},
  (b) => {
    b.basics().texture('tex', 64, 64, 'COPY_DEST', { mips: 3 }).upload();
    b.upTex('list', 'tex', 'upload', 64, 64, { sub: 0, offset: 0 });
    b.upTex('list', 'tex', 'upload', 32, 32, { sub: 1, offset: 16384 });
    b.upTex('list', 'tex', 'upload', 16, 16, { sub: 2, offset: 24576 });
    for (let s = 0; s < 3; s++) b.tr('list', 'tex', 'COPY_DEST', 'PIXEL_SHADER_RESOURCE', {}, s);
    submitWait(b);
  },
);
def(
  'programs',
  'batched_submissions_one_fence',
  'Three lists in three ECLs, a single Signal at the end, one wait: no message',
  'CORRECTIONS §3.6',
  {},
  (b) => {
    b.device().queue();
    for (const n of [0, 1, 2]) b.alloc(`alloc${n}`).list(`list${n}`, 'DIRECT', `alloc${n}`).close(`list${n}`);
    b.fence('fence');
    for (const n of [0, 1, 2]) b.ecl('queue', `list${n}`);
    b.signal('queue', 'fence', 1).cpuWait('fence', 1).completed('fence', 1);
    for (const n of [0, 1, 2]) b.resetAlloc(`alloc${n}`);
  },
);

// =====================================================================================================
// more mistakes (second batch)
// =====================================================================================================
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'copy_dest_texture_in_render_target',
  'Upload copied into a texture still in RENDER_TARGET: #538 at ECL',
  'DEBUG_LAYER row 2',
  {},
  (b) => {
    b.basics();
    rtTexture(b, 'rt', 'RENDER_TARGET');
    b.upload();
    b.upTex('list', 'rt', 'upload', 64, 64);
    b.close().ecl('queue', 'list', { msgs: ['INVALID_SUBRESOURCE_STATE'] });
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'readback_source_still_copy_dest',
  'Texture uploaded (COPY_DEST) and read back in the same list without COPY_DEST→COPY_SOURCE: #538 on the second CopyTextureRegion, at record (the layer assumed COPY_DEST at the first use)',
  'DEBUG_LAYER row 1; ST-REC-2 (V-LOG NVIDIAGameWorks/Falcor#98: "(assumed at first use)" on the recording call)',
  {},
  (b) => {
    b.basics().texture('tex', 64, 64, 'COPY_DEST').upload().readback();
    b.upTex('list', 'tex', 'upload', 64, 64);
    b.downTex('list', 'readback', 'tex', 64, 64, {}, { msgs: ['INVALID_SUBRESOURCE_STATE'] });
    b.close().ecl('queue', 'list');
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'copy_dest_texture_in_copy_source',
  'Texture created in COPY_SOURCE used as a copy destination: #538 at ECL',
  'DEBUG_LAYER row 2',
  {},
  (b) => {
    b.basics().texture('tex', 64, 64, 'COPY_SOURCE').upload();
    b.upTex('list', 'tex', 'upload', 64, 64);
    b.close().ecl('queue', 'list', { msgs: ['INVALID_SUBRESOURCE_STATE'] });
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'copy_source_texture_in_psr',
  'Texture in PIXEL_SHADER_RESOURCE read back without a barrier: #538 at ECL',
  'DEBUG_LAYER row 1',
  {},
  (b) => {
    b.basics().texture('tex', 64, 64, 'PIXEL_SHADER_RESOURCE').readback();
    b.downTex('list', 'readback', 'tex', 64, 64);
    b.close().ecl('queue', 'list', { msgs: ['INVALID_SUBRESOURCE_STATE'] });
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'copy_source_texture_in_uav',
  'UAV texture in UNORDERED_ACCESS used as a copy source: #538 at ECL',
  'DEBUG_LAYER row 1',
  {},
  (b) => {
    b.basics().texture('tex', 64, 64, 'UNORDERED_ACCESS', { flags: UAV }).readback();
    b.downTex('list', 'readback', 'tex', 64, 64);
    b.close().ecl('queue', 'list', { msgs: ['INVALID_SUBRESOURCE_STATE'] });
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'clear_rt_in_pixel_shader_resource',
  'Render-target texture in PIXEL_SHADER_RESOURCE cleared without a barrier: #538 at ECL',
  'DEBUG_LAYER row 5 (same rule)',
  {},
  (b) => {
    b.basics();
    rtTexture(b, 'rt', 'PIXEL_SHADER_RESOURCE');
    b.heap('rtvHeap', 'RTV', 1).rtv('rt', 'rtvHeap', 0);
    b.clearRtv('list', 'rtvHeap', 0);
    b.close().ecl('queue', 'list', { msgs: ['INVALID_SUBRESOURCE_STATE'] });
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'explicit_state_persists_across_ecl',
  'ECL 1 moves a texture COPY_DEST→PSR; ECL 2 copies into it again with no barrier: #538 at ECL 2',
  'DEBUG_LAYER row 2; CORRECTIONS §3.2 (explicit texture states do not decay)',
  {},
  (b) => {
    b.basics().texture('tex', 64, 64, 'COPY_DEST').upload();
    b.upTex('list', 'tex', 'upload', 64, 64);
    b.tr('list', 'tex', 'COPY_DEST', 'PIXEL_SHADER_RESOURCE');
    submitWait(b);
    b.resetAlloc().resetList('list', 'alloc');
    b.upTex('list', 'tex', 'upload', 64, 64);
    b.close().ecl('queue', 'list', { msgs: ['INVALID_SUBRESOURCE_STATE'] });
  },
);
def(
  'ID3D12GraphicsCommandList/ResourceBarrier',
  'matching_states_buffer_common',
  'Buffer transition COMMON→COMMON: #525 at record',
  'DEBUG_LAYER row 7',
  {},
  (b) => {
    b.basics().buffer('buf', 'DEFAULT', 65536, 'COMMON');
    b.tr('list', 'buf', 'COMMON', 'COMMON', { msgs: ['RESOURCE_BARRIER_MATCHING_STATES'] });
  },
);
def(
  'ID3D12GraphicsCommandList/ResourceBarrier',
  'before_after_mismatch_render_target',
  'RT→PSR then RT→COPY_SOURCE in the same list: #527 at record',
  'DEBUG_LAYER row 6 (record, same list)',
  {},
  (b) => {
    b.basics();
    rtTexture(b, 'rt', 'RENDER_TARGET');
    b.tr('list', 'rt', 'RENDER_TARGET', 'PIXEL_SHADER_RESOURCE');
    b.tr('list', 'rt', 'RENDER_TARGET', 'COPY_SOURCE', { msgs: ['RESOURCE_BARRIER_BEFORE_AFTER_MISMATCH'] });
  },
);
def(
  'ID3D12Device/CreateCommittedResource',
  'default_buffer_initial_unordered_access',
  'DEFAULT UAV buffer created in UNORDERED_ACCESS: S_OK + #1328 warning',
  'DEBUG_LAYER row 13',
  {},
  (b) => {
    b.device().buffer('buf', 'DEFAULT', 65536, 'UNORDERED_ACCESS', { msgs: ['CREATERESOURCE_STATE_IGNORED'] }, UAV);
  },
);
def(
  'ID3D12Device/CreateCommittedResource',
  'texture_on_readback_heap_debug_off',
  'Texture on a READBACK heap with the debug layer off: E_INVALIDARG, no message',
  'DEBUG_LAYER row 14',
  { debugLayer: false },
  (b) => {
    b.device().texture('tex', 64, 64, 'COPY_DEST', { heap: 'READBACK' }, { hr: 'E_INVALIDARG' });
  },
);
def(
  'ID3D12GraphicsCommandList/ResourceBarrier',
  'barrier_on_upload_to_common',
  'UPLOAD buffer transitioned GENERIC_READ→COMMON: #741 at record',
  'DEBUG_LAYER row 12',
  {},
  (b) => {
    b.basics().upload();
    b.tr('list', 'upload', 'GENERIC_READ', 'COMMON', { msgs: ['RESOURCE_BARRIER_INVALID_HEAP'] });
  },
);
def(
  'ID3D12Resource/Map',
  'custom_write_back_null_read_range',
  'CUSTOM WRITE_BACK (L0) buffer mapped with ReadRange NULL: S_OK + #930 warning',
  'DEBUG_LAYER row 16; CORRECTIONS §3.7 (warnings on WRITE_BACK heaps)',
  {},
  (b) => {
    b.device().committed(
      'buf',
      {
        Type: 'D3D12_HEAP_TYPE_CUSTOM',
        CPUPageProperty: 'D3D12_CPU_PAGE_PROPERTY_WRITE_BACK',
        MemoryPoolPreference: 'D3D12_MEMORY_POOL_L0',
        CreationNodeMask: 0,
        VisibleNodeMask: 0,
      },
      bufDesc(65536),
      'COMMON',
    );
    b.map('buf', 0, null, { msgs: ['MAP_INVALID_NULLRANGE'] });
  },
);
def(
  'ID3D12Fence/SetEventOnCompletion',
  'reused_fence_value_returns_early',
  'Second frame signals the same value 1 again: the wait returns at once and the allocator Reset hits #552',
  'CORRECTIONS §3.6; DEBUG_LAYER row 19',
  { gpuMsPerList: 10 },
  (b) => {
    b.basics().fence('fence');
    b.close().ecl('queue', 'list').signal('queue', 'fence', 1).cpuWait('fence', 1).completed('fence', 1);
    b.resetAlloc().resetList('list', 'alloc');
    b.close().ecl('queue', 'list').signal('queue', 'fence', 1);
    b.cpuWait('fence', 1, 1000, 'WAIT_OBJECT_0');
    b.resetAlloc('alloc', { msgs: ['COMMAND_ALLOCATOR_SYNC'] });
  },
);
def(
  'ID3D12Fence/SetEventOnCompletion',
  'fence_rewind_strands_waiter',
  'CPU signals 5, the queue later signals 3: a waiter for 4 armed afterwards times out, no message',
  'CORRECTIONS §3.6 (fence may go down; no message)',
  { mistake: true },
  (b) => {
    b.basics().fence('fence');
    b.cpuSignal('fence', 5);
    b.close().ecl('queue', 'list').signal('queue', 'fence', 3);
    b.idle().completed('fence', 3);
    b.event('ev').setEvent('fence', 4, 'ev').waitEv('ev', 50, 'WAIT_TIMEOUT');
  },
);
def(
  'ID3D12CommandAllocator/Reset',
  'allocator_reset_copy_queue_in_flight',
  'COPY allocator Reset while its copy list is executing on a COPY queue: #552',
  'DEBUG_LAYER row 19',
  {},
  (b) => {
    b.basics('COPY').upload().buffer('dst', 'DEFAULT', 65536, 'COMMON');
    b.copyBuf('list', 'dst', 0, 'upload', 0, 4096);
    b.close().ecl('queue', 'list');
    b.resetAlloc('alloc', { msgs: ['COMMAND_ALLOCATOR_SYNC'] });
  },
);
def(
  'ID3D12CommandAllocator/Reset',
  'frame_buffering_resets_wrong_allocator',
  'Two-allocator frame loop that resets the allocator just submitted instead of the one whose fence passed: #552',
  'DEBUG_LAYER row 19',
  { gpuMsPerList: 10 },
  (b) => {
    b.device().queue().alloc('alloc0').alloc('alloc1').list('list', 'DIRECT', 'alloc0').fence('fence');
    b.close().ecl('queue', 'list').signal('queue', 'fence', 1);
    b.resetList('list', 'alloc1').close().ecl('queue', 'list').signal('queue', 'fence', 2);
    b.cpuWait('fence', 1);
    b.resetAlloc('alloc1', { msgs: ['COMMAND_ALLOCATOR_SYNC'] });
  },
);
def(
  'ID3D12GraphicsCommandList/Close',
  'clear_on_closed_list',
  'ClearRenderTargetView after Close: #547 at record',
  'DEBUG_LAYER row 24',
  {},
  (b) => {
    b.basics();
    rtTexture(b, 'rt', 'RENDER_TARGET');
    b.heap('rtvHeap', 'RTV', 1).rtv('rt', 'rtvHeap', 0);
    b.close();
    b.clearRtv('list', 'rtvHeap', 0, { msgs: ['COMMAND_LIST_CLOSED'] });
  },
);
def(
  'IUnknown/Release',
  'release_destination_in_flight',
  'Release the destination texture while the upload copy into it executes: #921 at Release',
  'DEBUG_LAYER row 30',
  {},
  (b) => {
    b.basics().texture('tex', 64, 64, 'COPY_DEST').upload();
    b.upTex('list', 'tex', 'upload', 64, 64);
    b.close().ecl('queue', 'list');
    b.release('tex', { msgs: ['OBJECT_DELETED_WHILE_STILL_IN_USE'] });
  },
);
def(
  'IUnknown/Release',
  'release_readback_in_flight',
  'Release the readback buffer while the copy into it executes: #921 at Release',
  'DEBUG_LAYER row 30',
  {},
  (b) => {
    b.basics().buffer('src', 'DEFAULT', 65536, 'COMMON').readback();
    b.copyBuf('list', 'readback', 0, 'src', 0, 4096);
    b.close().ecl('queue', 'list');
    b.release('readback', { msgs: ['OBJECT_DELETED_WHILE_STILL_IN_USE'] });
  },
);
def(
  'ID3D12Device/CreateCommandList',
  'create_list_on_busy_allocator_debug_off',
  'Second CreateCommandList on a recording allocator, debug layer off: E_INVALIDARG, no message',
  'DEBUG_LAYER row 21 (API result)',
  { debugLayer: false },
  (b) => {
    b.basics();
    b.list('list2', 'DIRECT', 'alloc', { hr: 'E_INVALIDARG' });
  },
);
def(
  'ID3D12GraphicsCommandList/Reset',
  'reset_list_onto_busy_allocator_debug_off',
  'Reset onto an allocator another list is recording into, debug layer off: E_INVALIDARG',
  'DEBUG_LAYER row 21; list Reset doc',
  { debugLayer: false },
  (b) => {
    b.basics().alloc('alloc2').list('list2', 'DIRECT', 'alloc2').close('list2');
    b.resetList('list2', 'alloc', { hr: 'E_INVALIDARG' });
  },
);
def(
  'ID3D12Device/CreateDescriptorHeap',
  'dsv_heap_shader_visible_debug_off',
  'DSV heap with SHADER_VISIBLE, debug layer off: E_INVALIDARG',
  'DEBUG_LAYER row 33',
  { debugLayer: false },
  (b) => {
    b.device().heap('dsvHeap', 'DSV', 1, true, { hr: 'E_INVALIDARG' });
  },
);
def(
  'ID3D12DescriptorHeap/GetGPUDescriptorHandleForHeapStart',
  'gpu_handle_of_non_visible_sampler_heap',
  'GetGPUDescriptorHandleForHeapStart on a non-visible SAMPLER heap: NULL handle + #1315',
  'DEBUG_LAYER row 34',
  {},
  (b) => {
    b.device().heap('samplerHeap', 'SAMPLER', 4);
    b.c(
      'ID3D12DescriptorHeap::GetGPUDescriptorHandleForHeapStart',
      { self: 'samplerHeap', out: 'gpuStart' },
      { handle: '0', msgs: ['DESCRIPTOR_HEAP_NOT_SHADER_VISIBLE'] },
    );
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'write_wrong_back_buffer_after_present',
  'After one Present the current index is 1, but the list renders into buffer 0: #907 at ECL',
  'DEBUG_LAYER row 29',
  {},
  (b) => {
    swapSetup(b).fence('fence');
    frame(b, 0);
    b.close().ecl('queue', 'list').present(1, 0).signal('queue', 'fence', 1).cpuWait('fence', 1);
    b.bbIndex(1);
    b.resetAlloc().resetList('list', 'alloc');
    frame(b, 0);
    b.close().ecl('queue', 'list', { msgs: ['EXECUTECOMMANDLISTS_WRONGSWAPCHAINBUFFERREFERENCE'] });
  },
);
def(
  'IDXGISwapChain/Present',
  'second_frame_forgets_present_barrier',
  'Frame 1 is correct; frame 2 forgets RT→PRESENT: only the second Present reports #538',
  'DEBUG_LAYER row 4',
  {},
  (b) => {
    swapSetup(b).fence('fence');
    frame(b, 0);
    b.close().ecl('queue', 'list').present(1, 0).signal('queue', 'fence', 1).cpuWait('fence', 1);
    b.resetAlloc().resetList('list', 'alloc');
    b.tr('list', 'bb1', 'PRESENT', 'RENDER_TARGET');
    b.clearRtv('list', 'rtvHeap', 1);
    b.close().ecl('queue', 'list');
    b.present(1, 0, { msgs: ['INVALID_SUBRESOURCE_STATE'] });
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'clear_back_buffer_in_present_debug_off',
  'Clearing a back buffer still in PRESENT with the debug layer off: no message, device fine',
  'DEBUG_LAYER row 5 (no-layer column)',
  { debugLayer: false, mistake: true },
  (b) => {
    swapSetup(b);
    b.clearRtv('list', 'rtvHeap', 0);
    b.close().ecl('queue', 'list').present(1, 0);
  },
);
def(
  'ID3D12GraphicsCommandList/CopyTextureRegion',
  'row_pitch_128_small_texture',
  '32×32 RGBA8 uploaded with its tight RowPitch 128: #868 at record, Close E_INVALIDARG',
  'DEBUG_LAYER row 40',
  {},
  (b) => {
    b.basics().texture('tex', 32, 32, 'COPY_DEST').upload();
    b.upTex('list', 'tex', 'upload', 32, 32, { rowPitch: 128 }, { msgs: ['COPYTEXTUREREGION_INVALIDSRCROWPITCH'] });
    b.close('list', { hr: 'E_INVALIDARG' });
  },
);
def(
  'ID3D12GraphicsCommandList/CopyTextureRegion',
  'row_pitch_300',
  '64-wide texture uploaded with RowPitch 300 (large enough but not a multiple of 256): #868, Close E_INVALIDARG',
  'DEBUG_LAYER row 40; CORRECTIONS §3.8',
  {},
  (b) => {
    b.basics().texture('tex', 64, 64, 'COPY_DEST').upload();
    b.upTex('list', 'tex', 'upload', 64, 64, { rowPitch: 300 }, { msgs: ['COPYTEXTUREREGION_INVALIDSRCROWPITCH'] });
    b.close('list', { hr: 'E_INVALIDARG' });
  },
);
def(
  'ID3D12Device/GetDeviceRemovedReason',
  'creation_after_removal_fails',
  'After the #838 removal every creation method returns DXGI_ERROR_DEVICE_REMOVED',
  'DEBUG_LAYER row 26; CORRECTIONS §3.5',
  {},
  (b) => {
    failedList(b);
    b.ecl('queue', 'list', { msgs: ['EXECUTECOMMANDLISTS_FAILEDCOMMANDLIST', 'DEVICE_REMOVAL_PROCESS_AT_FAULT'] });
    b.alloc('alloc2', 'DIRECT', { hr: 'DXGI_ERROR_DEVICE_REMOVED' });
    b.heap('rtvHeap', 'RTV', 2, false, { hr: 'DXGI_ERROR_DEVICE_REMOVED' });
    b.c(
      'ID3D12Device::CreateFence',
      { self: 'dev', args: { InitialValue: 0, Flags: 'D3D12_FENCE_FLAG_NONE' }, out: 'fence2' },
      { hr: 'DXGI_ERROR_DEVICE_REMOVED' },
    );
    b.removedBy('DXGI_ERROR_INVALID_CALL');
  },
);

def(
  'ID3D12Resource/GetGPUVirtualAddress',
  'gpu_virtual_address_of_texture_is_zero',
  'GetGPUVirtualAddress of a texture returns 0 (textures cannot be root descriptors); debug layer off',
  'CORRECTIONS 001-9',
  { debugLayer: false, mistake: true },
  (b) => {
    b.device().texture('tex', 64, 64, 'COMMON');
    b.c('ID3D12Resource::GetGPUVirtualAddress', { self: 'tex' }, { hr: null, value: '0' });
  },
);
def(
  'ID3D12DeviceRemovedExtendedDataSettings/SetAutoBreadcrumbsEnablement',
  'dred_settings_correct_program',
  'DRED auto-breadcrumbs and page-fault reporting forced on before the device, correct copy program: no message, no removal',
  'CORRECTIONS §3.5 (DRED)',
  {},
  (b) => {
    b.c('D3D12GetDebugInterface', { args: { riid: 'ID3D12DeviceRemovedExtendedDataSettings' }, out: 'dred' });
    b.c(
      'ID3D12DeviceRemovedExtendedDataSettings::SetAutoBreadcrumbsEnablement',
      { self: 'dred', args: { Enablement: 'D3D12_DRED_ENABLEMENT_FORCED_ON' } },
      { hr: null },
    );
    b.c(
      'ID3D12DeviceRemovedExtendedDataSettings::SetPageFaultEnablement',
      { self: 'dred', args: { Enablement: 'D3D12_DRED_ENABLEMENT_FORCED_ON' } },
      { hr: null },
    );
    b.basics().upload().buffer('dst', 'DEFAULT', 65536, 'COMMON');
    b.copyBuf('list', 'dst', 0, 'upload', 0, 4096);
    submitWait(b);
    b.removedReason('S_OK');
  },
);

def(
  'programs',
  'persistent_upload_ring_three_frames',
  'One persistently mapped upload buffer used as a ring over three frames (regions 0/16K/32K), fence per frame: no message',
  'CORRECTIONS §3.7 (persistent map), §3.6',
  {},
  (b) => {
    b.basics().upload().buffer('dst', 'DEFAULT', 65536, 'COMMON').fence('fence');
    b.map('upload');
    for (let f = 1; f <= 3; f++) {
      if (f > 1) b.resetAlloc().resetList('list', 'alloc');
      b.copyBuf('list', 'dst', (f - 1) * 16384, 'upload', (f - 1) * 16384, 16384);
      b.close().ecl('queue', 'list').signal('queue', 'fence', f).cpuWait('fence', f);
    }
    b.completed('fence', 3);
  },
);
def(
  'programs',
  'compute_writes_direct_reads',
  'Compute queue: buffer COMMON→UAV + UAV barrier; fence; direct queue copies it out (buffer decayed to COMMON, promotes): no message',
  'CORRECTIONS §3.2 (buffers decay at ECL end), §3.6',
  {},
  (b) => {
    b.device().queue('computeQueue', 'COMPUTE').queue('queue');
    b.alloc('computeAlloc', 'COMPUTE')
      .list('computeList', 'COMPUTE', 'computeAlloc')
      .alloc('alloc')
      .list('list', 'DIRECT', 'alloc');
    b.buffer('buf', 'DEFAULT', 65536, 'COMMON', {}, UAV).readback().fence('fence');
    b.tr('computeList', 'buf', 'COMMON', 'UNORDERED_ACCESS');
    b.barrier('computeList', {
      Type: 'D3D12_RESOURCE_BARRIER_TYPE_UAV',
      Flags: 'D3D12_RESOURCE_BARRIER_FLAG_NONE',
      UAV: { Resource: 'buf' },
    });
    b.close('computeList').ecl('computeQueue', 'computeList').signal('computeQueue', 'fence', 1);
    b.qwait('queue', 'fence', 1);
    b.copyBuf('list', 'readback', 0, 'buf', 0, 65536);
    b.close('list').ecl('queue', 'list').signal('queue', 'fence', 2);
    b.cpuWait('fence', 2).completed('fence', 2);
    b.map('readback', 0, { Begin: 0, End: 65536 }).unmap('readback', 0, { Begin: 0, End: 0 });
  },
);
def(
  'programs',
  'texture_sampled_then_read_back_next_frame',
  'Frame 1 uploads a texture and moves it to PSR; frame 2 moves PSR→COPY_SOURCE and reads it back: no message',
  'CORRECTIONS §3.2 (explicit states persist across ECLs)',
  {},
  (b) => {
    b.basics().texture('tex', 64, 64, 'COPY_DEST').upload().readback();
    b.upTex('list', 'tex', 'upload', 64, 64);
    b.tr('list', 'tex', 'COPY_DEST', 'PIXEL_SHADER_RESOURCE');
    submitWait(b);
    b.resetAlloc().resetList('list', 'alloc');
    b.tr('list', 'tex', 'PIXEL_SHADER_RESOURCE', 'COPY_SOURCE');
    b.downTex('list', 'readback', 'tex', 64, 64);
    submitWait(b, { makeFence: false, value: 2 });
    b.map('readback', 0, { Begin: 0, End: 16384 }).unmap('readback', 0, { Begin: 0, End: 0 });
  },
);
def(
  'programs',
  'all_queue_types_startup',
  'Device, DIRECT/COMPUTE/COPY queues, allocators and lists of each type, heaps of all four types, a fence: no message',
  'DEBUG_LAYER rows 22, 33 (negative)',
  {},
  (b) => {
    b.device();
    for (const t of ['DIRECT', 'COMPUTE', 'COPY'])
      b.queue(`q${t}`, t).alloc(`a${t}`, t).list(`l${t}`, t, `a${t}`).close(`l${t}`);
    b.heap('rtvHeap', 'RTV', 3)
      .heap('dsvHeap', 'DSV', 1)
      .heap('srvHeap', 'CBV_SRV_UAV', 64, true)
      .heap('samplerHeap', 'SAMPLER', 8, true);
    b.fence('fence');
  },
);
def(
  'programs',
  'readback_each_frame',
  'Two frames each copy a buffer to READBACK, wait, Map with the read range, Unmap with an empty range: no message',
  'CORRECTIONS §3.7 (READBACK is not persistently mapped)',
  {},
  (b) => {
    b.basics().buffer('src', 'DEFAULT', 65536, 'COMMON').readback().fence('fence');
    for (let f = 1; f <= 2; f++) {
      if (f > 1) b.resetAlloc().resetList('list', 'alloc');
      b.copyBuf('list', 'readback', 0, 'src', 0, 4096);
      b.close().ecl('queue', 'list').signal('queue', 'fence', f).cpuWait('fence', f);
      b.map('readback', 0, { Begin: 0, End: 4096 }).unmap('readback', 0, { Begin: 0, End: 0 });
    }
  },
);
def(
  'ID3D12Device/CreateCommittedResource',
  'default_buffer_initial_copy_source',
  'DEFAULT buffer created in COPY_SOURCE: S_OK + #1328 warning',
  'DEBUG_LAYER row 13',
  {},
  (b) => {
    b.device().buffer('buf', 'DEFAULT', 65536, 'COPY_SOURCE', { msgs: ['CREATERESOURCE_STATE_IGNORED'] });
  },
);
def(
  'ID3D12GraphicsCommandList/ResourceBarrier',
  'matching_states_buffer_uav',
  'UAV buffer transitioned COMMON→UAV then UAV→UAV: #525 at the second barrier',
  'DEBUG_LAYER row 7',
  {},
  (b) => {
    b.basics().buffer('buf', 'DEFAULT', 65536, 'COMMON', {}, UAV);
    b.tr('list', 'buf', 'COMMON', 'UNORDERED_ACCESS');
    b.tr('list', 'buf', 'UNORDERED_ACCESS', 'UNORDERED_ACCESS', { msgs: ['RESOURCE_BARRIER_MATCHING_STATES'] });
  },
);
def(
  'ID3D12CommandAllocator/Reset',
  'allocator_reset_compute_queue_in_flight',
  'COMPUTE allocator Reset right after ECL on a COMPUTE queue: #552',
  'DEBUG_LAYER row 19',
  {},
  (b) => {
    b.basics('COMPUTE').close().ecl('queue', 'list');
    b.resetAlloc('alloc', { msgs: ['COMMAND_ALLOCATOR_SYNC'] });
  },
);

// =====================================================================================================
// pso-rootsig (root signature 1.0 / 1.1 descriptor-table validation at bind, DEBUG_LAYER rows 3 and 36)
// =====================================================================================================
/** A root signature with one descriptor table of one range (SRV unless `rangeType` says otherwise). */
export function rootSig(
  b,
  {
    version = '1_1',
    visibility = 'PIXEL',
    flags = 'D3D12_DESCRIPTOR_RANGE_FLAG_NONE',
    num = 1,
    rangeType = 'SRV',
  } = {},
) {
  const range = {
    RangeType: `D3D12_DESCRIPTOR_RANGE_TYPE_${rangeType}`,
    NumDescriptors: num,
    BaseShaderRegister: 0,
    RegisterSpace: 0,
    OffsetInDescriptorsFromTableStart: 0,
  };
  if (version === '1_1') range.Flags = flags;
  const desc = {
    NumParameters: 1,
    Parameters: [
      {
        ParameterType: 'D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE',
        ShaderVisibility: `D3D12_SHADER_VISIBILITY_${visibility}`,
        DescriptorTable: { NumDescriptorRanges: 1, DescriptorRanges: [range] },
      },
    ],
    NumStaticSamplers: 0,
    StaticSamplers: [],
    Flags: 'D3D12_ROOT_SIGNATURE_FLAG_NONE',
  };
  const rs = { Version: `D3D_ROOT_SIGNATURE_VERSION_${version}` };
  rs[version === '1_1' ? 'Desc_1_1' : 'Desc_1_0'] = desc;
  b.c('D3D12SerializeVersionedRootSignature', { args: { RootSignature: rs, ErrorBlob: null }, out: 'blob' });
  return b.c('ID3D12Device::CreateRootSignature', {
    self: 'dev',
    args: { nodeMask: 0, BlobWithRootSignature: 'blob' },
    out: 'rootSig',
  });
}
// texture + shader-visible SRV heap with `init` SRVs written; the list leaves the texture in `endState` by an in-list barrier
// Root signature 1.1 needs a device that reports it (D3D12_FEATURE_ROOT_SIGNATURE); like real apps that rely on
// 1.1, these scenarios pick the high-performance adapter explicitly.
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
function bindSetup(b, { endState = 'PIXEL_SHADER_RESOURCE', init = 1, heapSize = 2 } = {}) {
  hpDevice(b);
  b.queue().alloc().list();
  b.texture('tex', 64, 64, 'COPY_DEST').upload();
  b.heap('srvHeap', 'CBV_SRV_UAV', heapSize, true);
  for (let i = 0; i < init; i++)
    b.c('ID3D12Device::CreateShaderResourceView', {
      self: 'dev',
      args: { Resource: 'tex', Desc: null, DestDescriptor: { heap: 'srvHeap', index: i } },
    });
  b.upTex('list', 'tex', 'upload', 64, 64);
  if (endState !== 'COPY_DEST') b.tr('list', 'tex', 'COPY_DEST', endState);
  return b;
}
function bind(b, e = {}) {
  b.c('ID3D12GraphicsCommandList::SetDescriptorHeaps', {
    self: 'list',
    args: { NumDescriptorHeaps: 1, DescriptorHeaps: ['srvHeap'] },
  });
  b.c('ID3D12GraphicsCommandList::SetGraphicsRootSignature', { self: 'list', args: { RootSignature: 'rootSig' } });
  return b.c(
    'ID3D12GraphicsCommandList::SetGraphicsRootDescriptorTable',
    { self: 'list', args: { RootParameterIndex: 0, BaseDescriptor: { heap: 'srvHeap', index: 0 } } },
    e,
  );
}
def(
  'ID3D12GraphicsCommandList/SetGraphicsRootDescriptorTable',
  'static_srv_still_copy_dest_at_bind',
  'RS 1.1 default SRV range (DATA_STATIC_WHILE_SET_AT_EXECUTE), texture left in COPY_DEST by this list: #538 at SetGraphicsRootDescriptorTable',
  'DEBUG_LAYER row 3 (record, V-LOG The-Forge#84)',
  {},
  (b) => {
    bindSetup(b, { endState: 'COPY_DEST' });
    rootSig(b);
    bind(b, { msgs: ['INVALID_SUBRESOURCE_STATE'] });
  },
);
def(
  'ID3D12GraphicsCommandList/SetGraphicsRootDescriptorTable',
  'rs10_srv_still_copy_dest_no_cpu_message',
  'Same mistake with a 1.0 root signature (volatile): no CPU message at bind or Close',
  'DEBUG_LAYER row 3 ("RS 1.0: no CPU message")',
  { mistake: true },
  (b) => {
    bindSetup(b, { endState: 'COPY_DEST' });
    rootSig(b, { version: '1_0' });
    bind(b);
    b.close();
  },
);
def(
  'ID3D12GraphicsCommandList/SetGraphicsRootDescriptorTable',
  'data_volatile_srv_still_copy_dest_no_cpu_message',
  'Same mistake with a 1.1 range flagged DATA_VOLATILE: no CPU message',
  'DEBUG_LAYER row 3 ("volatile ranges: no CPU message")',
  { mistake: true },
  (b) => {
    bindSetup(b, { endState: 'COPY_DEST' });
    rootSig(b, { flags: 'D3D12_DESCRIPTOR_RANGE_FLAG_DATA_VOLATILE' });
    bind(b);
    b.close();
  },
);
def(
  'ID3D12GraphicsCommandList/SetGraphicsRootDescriptorTable',
  'static_srv_visibility_all_needs_both_shader_states',
  'RS 1.1 table visible to ALL stages, texture only in PIXEL_SHADER_RESOURCE: #538 at bind (NON_PIXEL_SHADER_RESOURCE missing)',
  'DEBUG_LAYER row 3; V-LOG deblasis/wintty#621',
  {},
  (b) => {
    bindSetup(b);
    rootSig(b, { visibility: 'ALL' });
    bind(b, { msgs: ['INVALID_SUBRESOURCE_STATE'] });
  },
);
def(
  'ID3D12GraphicsCommandList/SetGraphicsRootDescriptorTable',
  'static_srv_visibility_all_with_all_shader_resource',
  'RS 1.1 table visible to ALL, texture in ALL_SHADER_RESOURCE (NON_PIXEL|PIXEL): no message',
  'DEBUG_LAYER row 3 (negative)',
  {},
  (b) => {
    bindSetup(b, { endState: 'ALL_SHADER_RESOURCE' });
    rootSig(b, { visibility: 'ALL' });
    bind(b);
    submitWait(b);
  },
);
def(
  'ID3D12GraphicsCommandList/SetGraphicsRootDescriptorTable',
  'static_srv_correct_state_pixel',
  'RS 1.1 pixel-visible table, texture moved to PIXEL_SHADER_RESOURCE before the bind: no message through Close, ECL and wait',
  'DEBUG_LAYER row 3 (negative)',
  {},
  (b) => {
    bindSetup(b);
    rootSig(b);
    bind(b);
    submitWait(b);
  },
);
def(
  'ID3D12GraphicsCommandList/SetGraphicsRootDescriptorTable',
  'static_range_uninitialized_descriptor',
  'RS 1.1 static range of 2 SRVs with only the first written: #646 at SetGraphicsRootDescriptorTable',
  'DEBUG_LAYER row 36',
  {},
  (b) => {
    bindSetup(b, { init: 1 });
    rootSig(b, { num: 2 });
    bind(b, { msgs: ['INVALID_DESCRIPTOR_HANDLE'] });
  },
);
def(
  'ID3D12GraphicsCommandList/SetGraphicsRootDescriptorTable',
  'volatile_range_uninitialized_descriptor_no_message',
  'Same 2-SRV range declared DESCRIPTORS_VOLATILE: no CPU message at bind',
  'DEBUG_LAYER row 36 (only STATIC ranges must be initialised)',
  { mistake: true },
  (b) => {
    bindSetup(b, { init: 1 });
    rootSig(b, { num: 2, flags: 'D3D12_DESCRIPTOR_RANGE_FLAG_DESCRIPTORS_VOLATILE' });
    bind(b);
  },
);
def(
  'ID3D12GraphicsCommandList/SetGraphicsRootDescriptorTable',
  'static_range_all_initialized',
  'RS 1.1 static range of 2 SRVs, both written, texture in PSR: no message',
  'DEBUG_LAYER row 36 (negative)',
  {},
  (b) => {
    bindSetup(b, { init: 2 });
    rootSig(b, { num: 2 });
    bind(b);
    submitWait(b);
  },
);

def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'copy_queue_write_promotion_decays',
  'COMMON texture written on a COPY queue (write-promoted to COPY_DEST) then read on the COPY queue in the next ECL: decayed to COMMON, promotes to COPY_SOURCE, no message',
  'CORRECTIONS §3.2 (copy-queue resources decay, unlike write-promoted textures on a direct queue)',
  {},
  (b) => {
    b.device().queue('copyQueue', 'COPY').alloc('copyAlloc', 'COPY').list('copyList', 'COPY', 'copyAlloc');
    b.texture('tex', 64, 64, 'COMMON').upload().readback();
    b.upTex('copyList', 'tex', 'upload', 64, 64);
    submitWait(b, { queue: 'copyQueue', lists: ['copyList'] });
    b.resetAlloc('copyAlloc').resetList('copyList', 'copyAlloc');
    b.downTex('copyList', 'readback', 'tex', 64, 64);
    submitWait(b, { queue: 'copyQueue', lists: ['copyList'], makeFence: false, value: 2 });
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'simultaneous_access_write_promotion_decays',
  'Simultaneous-access texture promoted to RENDER_TARGET by a clear in ECL 1 decays; ECL 2 copies from it with no barrier: no message',
  'CORRECTIONS §3.2 (simultaneous-access textures decay)',
  {},
  (b) => {
    b.basics();
    rtTexture(b, 'rt', 'COMMON', [RT, SIMUL]);
    b.readback();
    b.heap('rtvHeap', 'RTV', 1).rtv('rt', 'rtvHeap', 0);
    b.clearRtv('list', 'rtvHeap', 0);
    submitWait(b);
    b.resetAlloc().resetList('list', 'alloc');
    b.downTex('list', 'readback', 'rt', 64, 64);
    submitWait(b, { makeFence: false, value: 2 });
  },
);
def(
  'IDXGISwapChain3/GetCurrentBackBufferIndex',
  'three_buffers_index_sequence',
  'Three-buffer swap chain presented four times: GetCurrentBackBufferIndex 0,1,2,0,1, no message',
  'DEBUG_LAYER row 29 (current index)',
  {},
  (b) => {
    b.basics().swapchain(3);
    for (let k = 0; k < 4; k++) b.bbIndex(k % 3).present(1, 0);
    b.bbIndex(1);
  },
);
