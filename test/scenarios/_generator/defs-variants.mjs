// Adversarial variants of the documented rules: other orders, subresource index maths, queue types, debug layer off,
// messages that must NOT appear, and the rows the documented set leaves out as uncertain. Every expectation is
// written from ../shared/d3d12/DEBUG_LAYER.md (rows) and CORRECTIONS.md (§3), never from the model's output; where
// the docs leave a choice, the `basis` says "INF" and SPEC.md lists the reading under "Inferred behaviours".
import { CLEAR, RT, SIMUL, UINT64_MAX, bufDesc, rtTexture, scenario, submitWait, texDesc } from './builder.mjs';

const def = (dir, aspect, what, basis, opts, fn) =>
  scenario('_generator/defs-variants.mjs', dir, aspect, what, basis, opts, fn);

const IS = 'INVALID_SUBRESOURCE_STATE';
const MISMATCH = 'RESOURCE_BARRIER_BEFORE_AFTER_MISMATCH';
/** submitWait with the fence made under its default name unless `fence: false`. */
function finish(b, { fence = true, ...o } = {}) {
  return submitWait(b, { ...o, makeFence: fence });
}
const onAdapter = (b, index) => {
  b.c('CreateDXGIFactory2', { args: { Flags: 0 }, out: 'factory' });
  b.c('IDXGIFactory1::EnumAdapters1', { self: 'factory', args: { Adapter: index }, out: 'adapter' });
  b.c('D3D12CreateDevice', { args: { Adapter: 'adapter', MinimumFeatureLevel: 'D3D_FEATURE_LEVEL_11_0' }, out: 'dev' });
  return b;
};
// texture with 3 mips x 2 array slices: subresource = mip + slice * 3
const tex6 = (b, name, state) => b.texture(name, 64, 64, state, { mips: 3, array: 2 });

// =====================================================================================================
// subresources: index maths (D3D12CalcSubresource = mip + slice * MipLevels), one vs ALL_SUBRESOURCES
// =====================================================================================================
def(
  'ID3D12GraphicsCommandList/ResourceBarrier',
  'array_mip_index_math_record_mismatch',
  'Sub 4 (mip 1, slice 1 of 3x2) moved COPY_DEST→PSR; an ALL_SUBRESOURCES barrier from COPY_DEST then mismatches on that one subresource: one #527 at record',
  'DEBUG_LAYER row 6; CORRECTIONS §3 (per-subresource state)',
  {},
  (b) => {
    b.basics();
    tex6(b, 'tex', 'COPY_DEST');
    b.tr('list', 'tex', 'COPY_DEST', 'PIXEL_SHADER_RESOURCE', {}, 4);
    b.tr('list', 'tex', 'COPY_DEST', 'COPY_SOURCE', { msgs: [MISMATCH] });
  },
);
def(
  'ID3D12GraphicsCommandList/ResourceBarrier',
  'partly_known_all_barrier_reported_once',
  'Sub 0 moved COPY_DEST→PSR in the list; an ALL barrier from COPY_DEST then: #527 once at record (sub 0); at ECL the other (unknown) subresources match, so no second report; the list runs',
  'DEBUG_LAYER row 6 (record for what the list knows, ECL for the rest)',
  {},
  (b) => {
    b.basics();
    tex6(b, 'tex', 'COPY_DEST');
    b.tr('list', 'tex', 'COPY_DEST', 'PIXEL_SHADER_RESOURCE', {}, 0);
    b.tr('list', 'tex', 'COPY_DEST', 'COPY_SOURCE', { msgs: [MISMATCH] });
    finish(b);
  },
);
def(
  'ID3D12GraphicsCommandList/ResourceBarrier',
  'each_subresource_then_all_ok',
  'All six subresources moved one by one, then one ALL_SUBRESOURCES barrier from the common state, executed: no message',
  'DEBUG_LAYER row 6 (negative)',
  {},
  (b) => {
    b.basics();
    tex6(b, 'tex', 'COPY_DEST');
    for (let s = 0; s < 6; s++) b.tr('list', 'tex', 'COPY_DEST', 'PIXEL_SHADER_RESOURCE', {}, s);
    b.tr('list', 'tex', 'PIXEL_SHADER_RESOURCE', 'COPY_SOURCE');
    finish(b);
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'copy_into_last_subresource_wrong_state',
  'Only sub 0 moved to PSR; upload copied into sub 5 (mip 2, slice 1) still in COPY_DEST: no message; then a copy into sub 0 (PSR, which the list set itself): #538 at record',
  'DEBUG_LAYER row 2; per-subresource state; ST-REC-2 (the list knows the state it set: checked on the recording call)',
  {},
  (b) => {
    b.basics();
    tex6(b, 'tex', 'COPY_DEST');
    b.upload();
    b.tr('list', 'tex', 'COPY_DEST', 'PIXEL_SHADER_RESOURCE', {}, 0);
    b.upTex('list', 'tex', 'upload', 16, 16, { sub: 5 });
    b.upTex('list', 'tex', 'upload', 64, 64, { sub: 0 }, { msgs: [IS] });
    finish(b);
  },
);
def(
  'ID3D12GraphicsCommandList/CopyTextureRegion',
  'copy_subresource_out_of_range',
  'CopyTextureRegion into sub 6 of a 6-subresource texture: COPYTEXTUREREGION_INVALIDDSTSUBRESOURCE at record (runtime error: Close E_INVALIDARG)',
  'CORRECTIONS §3.1 (record errors make Close fail); COPY-TEX-1',
  { debugLayer: false },
  (b) => {
    b.basics();
    tex6(b, 'tex', 'COPY_DEST');
    b.upload();
    b.upTex('list', 'tex', 'upload', 16, 16, { sub: 6 });
    b.close('list', { hr: 'E_INVALIDARG' });
  },
);
def(
  'ID3D12GraphicsCommandList/ResourceBarrier',
  'barrier_subresource_out_of_range_debug_off',
  'Transition of sub 6 of a 6-subresource texture: a runtime error, Close returns E_INVALIDARG (debug layer off)',
  'CORRECTIONS §3.1; BAR-REC-1',
  { debugLayer: false },
  (b) => {
    b.basics();
    tex6(b, 'tex', 'COPY_DEST');
    b.tr('list', 'tex', 'COPY_DEST', 'PIXEL_SHADER_RESOURCE', {}, 6);
    b.close('list', { hr: 'E_INVALIDARG' });
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'read_promotion_per_subresource',
  'COMMON texture: sub 0 read by a copy (promoted to COPY_SOURCE, decays), sub 1 written by a copy (promoted to COPY_DEST, stays): next ECL copies into sub 0 and out of sub 1 with no barrier: #538 once (sub 1 still COPY_DEST)',
  'CORRECTIONS §3.2 (read promotions decay, write-promoted textures on a direct queue do not)',
  {},
  (b) => {
    b.basics();
    b.texture('tex', 64, 64, 'COMMON', { mips: 2 });
    b.upload();
    b.readback();
    b.downTex('list', 'readback', 'tex', 64, 64, { sub: 0 });
    b.upTex('list', 'tex', 'upload', 32, 32, { sub: 1 });
    finish(b);
    b.resetAlloc().resetList('list', 'alloc');
    b.upTex('list', 'tex', 'upload', 64, 64, { sub: 0 });
    b.downTex('list', 'readback', 'tex', 32, 32, { sub: 1 });
    b.close('list');
    b.ecl('queue', 'list', { msgs: [IS] });
  },
);

// =====================================================================================================
// promotion / decay: messages that must NOT appear
// =====================================================================================================
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'upload_generic_read_as_copy_source',
  'UPLOAD buffer in GENERIC_READ used as the source of CopyBufferRegion and CopyTextureRegion: no message (GENERIC_READ includes COPY_SOURCE)',
  'CORRECTIONS §3.3; DEBUG_LAYER row 1 (negative)',
  {},
  (b) => {
    b.basics();
    b.upload();
    b.buffer('dst', 'DEFAULT', 65536, 'COMMON');
    b.texture('tex', 64, 64, 'COPY_DEST');
    b.copyBuf('list', 'dst', 0, 'upload', 0, 1024);
    b.upTex('list', 'tex', 'upload', 64, 64);
    finish(b);
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'buffer_promoted_to_vertex_then_copy_dest_same_ecl',
  'Buffer COMMON copied into (promoted COPY_DEST) then read by a second copy in the same list without a barrier: #538 on the second copy, at record (write promotion cannot add a read state; the layer assumed COPY_DEST at the first use)',
  'CORRECTIONS §3.2, 001-12; ST-REC-2 (V-LOG NVIDIAGameWorks/Falcor#98)',
  {},
  (b) => {
    b.basics();
    b.upload();
    b.buffer('buf', 'DEFAULT', 65536, 'COMMON');
    b.readback();
    b.copyBuf('list', 'buf', 0, 'upload', 0, 256);
    b.copyBuf('list', 'readback', 0, 'buf', 0, 256, { msgs: [IS] });
    finish(b);
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'buffer_decays_then_other_list_other_ecl',
  'Buffer written (promoted COPY_DEST) in ECL 1 decays to COMMON; ECL 2 transitions it COMMON→COPY_SOURCE explicitly: no message',
  'CORRECTIONS §3.2 (buffers decay)',
  {},
  (b) => {
    b.basics();
    b.upload();
    b.buffer('buf', 'DEFAULT', 65536, 'COMMON');
    b.readback();
    b.copyBuf('list', 'buf', 0, 'upload', 0, 256);
    b.close('list');
    b.ecl('queue', 'list');
    b.alloc('alloc2').list('list2', 'DIRECT', 'alloc2');
    b.tr('list2', 'buf', 'COMMON', 'COPY_SOURCE');
    b.copyBuf('list2', 'readback', 0, 'buf', 0, 256);
    finish(b, { lists: ['list2'] });
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'readback_larger_than_needed',
  'Texture read back into a 1 MiB READBACK buffer (needs 16 KiB): no message, S_OK everywhere',
  'CORRECTIONS 000-9',
  {},
  (b) => {
    b.basics();
    b.texture('tex', 64, 64, 'COPY_SOURCE');
    b.readback('readback', 1 << 20);
    b.downTex('list', 'readback', 'tex', 64, 64);
    finish(b);
    b.map('readback', 0, { Begin: 0, End: 16384 });
    b.unmap('readback', 0, { Begin: 0, End: 0 });
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'two_read_promotions_same_ecl',
  'COMMON texture read as COPY_SOURCE by two lists of one ECL: no message (read promotions combine)',
  'CORRECTIONS §3.2 (promotion to read states)',
  {},
  (b) => {
    b.basics();
    b.texture('tex', 64, 64, 'COMMON');
    b.readback();
    b.downTex('list', 'readback', 'tex', 64, 64);
    b.alloc('alloc2').list('list2', 'DIRECT', 'alloc2');
    b.downTex('list2', 'readback', 'tex', 64, 64);
    finish(b, { lists: ['list', 'list2'] });
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'decayed_texture_used_on_compute_queue',
  'Texture read-promoted on the direct queue decays to COMMON; a compute-queue list then copies out of it (no barrier): no message',
  'CORRECTIONS §3.2; DEBUG_LAYER row 9 (negative)',
  {},
  (b) => {
    b.basics();
    b.texture('tex', 64, 64, 'COMMON');
    b.readback();
    b.downTex('list', 'readback', 'tex', 64, 64);
    finish(b);
    b.queue('cq', 'COMPUTE').alloc('calloc', 'COMPUTE').list('clist', 'COMPUTE', 'calloc');
    b.downTex('clist', 'readback', 'tex', 64, 64);
    b.close('clist');
    b.ecl('cq', 'clist');
    b.signal('cq', 'fence', 2);
    b.cpuWait('fence', 2);
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'simultaneous_texture_copy_queue_then_direct',
  'Simultaneous-access texture written on a COPY queue then cleared as RT on the DIRECT queue after a fence wait, no barriers: no message',
  'CORRECTIONS §3.2 (simultaneous-access promotes to anything, decays)',
  {},
  (b) => {
    b.device()
      .queue('queue', 'DIRECT')
      .queue('cq', 'COPY')
      .alloc('calloc', 'COPY')
      .list('clist', 'COPY', 'calloc')
      .alloc('alloc')
      .list('list', 'DIRECT', 'alloc');
    rtTexture(b, 'tex', 'COMMON', [RT, SIMUL]);
    b.upload();
    b.heap('rtvHeap', 'RTV', 1).rtv('tex', 'rtvHeap', 0);
    b.upTex('clist', 'tex', 'upload', 64, 64);
    b.close('clist');
    b.fence('fence');
    b.ecl('cq', 'clist');
    b.signal('cq', 'fence', 1);
    b.qwait('queue', 'fence', 1);
    b.clearRtv('list', 'rtvHeap', 0);
    b.close('list');
    b.ecl('queue', 'list');
    b.signal('queue', 'fence', 2);
    b.cpuWait('fence', 2);
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'texture_created_copy_dest_compute_queue_same_class',
  'Texture created in COPY_DEST (3D/compute class) copied into on a COMPUTE queue: no #990 (same type class), no message',
  'DEBUG_LAYER row 9 (only the copy class needs COMMON)',
  {},
  (b) => {
    b.device().queue('cq', 'COMPUTE').alloc('calloc', 'COMPUTE').list('clist', 'COMPUTE', 'calloc');
    b.texture('tex', 64, 64, 'COPY_DEST');
    b.upload();
    b.upTex('clist', 'tex', 'upload', 64, 64);
    finish(b, { queue: 'cq', lists: ['clist'] });
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'buffer_uav_on_compute_then_copy_queue',
  'Buffer transitioned COMMON→UAV→COMMON... on a compute list; after its ECL completes (decay) a COPY queue copies from it: no message',
  'CORRECTIONS §3.2 (buffers decay); DEBUG_LAYER row 9 (negative)',
  {},
  (b) => {
    b.device().queue('cq', 'COMPUTE').alloc('calloc', 'COMPUTE').list('clist', 'COMPUTE', 'calloc');
    b.buffer('buf', 'DEFAULT', 65536, 'COMMON', {}, 'D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS');
    b.readback();
    b.tr('clist', 'buf', 'COMMON', 'UNORDERED_ACCESS');
    finish(b, { queue: 'cq', lists: ['clist'] });
    b.queue('copyq', 'COPY').alloc('kalloc', 'COPY').list('klist', 'COPY', 'kalloc');
    b.copyBuf('klist', 'readback', 0, 'buf', 0, 256);
    b.close('klist');
    b.ecl('copyq', 'klist');
    b.signal('copyq', 'fence', 2);
    b.cpuWait('fence', 2);
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'texture_explicit_copy_source_then_copy_queue',
  'Texture explicitly left in COPY_SOURCE on the direct queue (no decay for explicit states) then used on a COPY queue: #990 at ECL',
  'DEBUG_LAYER row 9; CORRECTIONS §3.2',
  {},
  (b) => {
    b.basics();
    b.texture('tex', 64, 64, 'COMMON');
    b.readback();
    b.tr('list', 'tex', 'COMMON', 'COPY_SOURCE');
    finish(b);
    b.queue('copyq', 'COPY').alloc('kalloc', 'COPY').list('klist', 'COPY', 'kalloc');
    b.downTex('klist', 'readback', 'tex', 64, 64);
    b.close('klist');
    b.ecl('copyq', 'klist', { msgs: ['RESOURCE_BARRIER_MISMATCHING_COMMAND_LIST_TYPE'] });
  },
);

// =====================================================================================================
// ecl: rows 6 (at ECL), 25, 27, 28
// =====================================================================================================
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'before_state_wrong_first_seen_at_ecl',
  'Texture created in PIXEL_SHADER_RESOURCE; the list (which never saw it) transitions COPY_DEST→COPY_SOURCE: #527 at ECL; the list still runs and the device stays (the fence reaches 1)',
  'DEBUG_LAYER row 6 (ECL); V-LOG cuda-samples#189 / d3d12book#10: the ECL #527 repeats every frame of a running app (INF: no drop, no removal, despite the ECL page)',
  {},
  (b) => {
    b.basics();
    b.texture('tex', 64, 64, 'PIXEL_SHADER_RESOURCE');
    b.tr('list', 'tex', 'COPY_DEST', 'COPY_SOURCE');
    finish(b, { eclMsgs: [MISMATCH] });
    b.removedReason('S_OK');
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'before_state_wrong_at_ecl_debug_off',
  'Same wrong StateBefore with the debug layer off: the release runtime does not track states, the list runs, no removal',
  'DEBUG_LAYER row 6 ("in practice the release runtime does not track state ... often silent")',
  { debugLayer: false },
  (b) => {
    b.basics();
    b.texture('tex', 64, 64, 'PIXEL_SHADER_RESOURCE');
    b.tr('list', 'tex', 'COPY_DEST', 'COPY_SOURCE');
    finish(b);
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'before_state_matches_state_from_previous_ecl',
  'ECL 1 moves a texture COPY_DEST→PSR; a list recorded independently transitions PSR→COPY_DEST: checked at ECL against the tracked state, no message',
  'DEBUG_LAYER row 6 (negative)',
  {},
  (b) => {
    b.basics();
    b.texture('tex', 64, 64, 'COPY_DEST');
    b.alloc('alloc2').list('list2', 'DIRECT', 'alloc2');
    b.tr('list', 'tex', 'COPY_DEST', 'PIXEL_SHADER_RESOURCE');
    b.tr('list2', 'tex', 'PIXEL_SHADER_RESOURCE', 'COPY_DEST');
    b.close('list');
    b.close('list2');
    b.fence('fence');
    b.ecl('queue', 'list');
    b.ecl('queue', 'list2');
    b.signal('queue', 'fence', 1);
    b.cpuWait('fence', 1);
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'before_state_mismatch_second_list_same_ecl',
  'One ECL with two lists: list 1 moves COPY_DEST→PSR, list 2 (recorded separately) claims COPY_DEST→COPY_SOURCE: #527 at ECL, both lists run',
  'DEBUG_LAYER row 6 (ECL); BAR-ECL-1 (state from an earlier list of the same ECL)',
  {},
  (b) => {
    b.basics();
    b.texture('tex', 64, 64, 'COPY_DEST');
    b.alloc('alloc2').list('list2', 'DIRECT', 'alloc2');
    b.tr('list', 'tex', 'COPY_DEST', 'PIXEL_SHADER_RESOURCE');
    b.tr('list2', 'tex', 'COPY_DEST', 'COPY_SOURCE');
    finish(b, { lists: ['list', 'list2'], eclMsgs: [MISMATCH] });
  },
);
def(
  'ID3D12GraphicsCommandList/ResourceBarrier',
  'record_mismatch_then_executed',
  'Row 6 in one list (#527 at record), then the list is executed and waited for: no second message, no removal',
  'DEBUG_LAYER row 6 (record, same list); BAR-ECL-2',
  {},
  (b) => {
    b.basics();
    b.texture('tex', 64, 64, 'COPY_DEST');
    b.tr('list', 'tex', 'COPY_DEST', 'PIXEL_SHADER_RESOURCE');
    b.tr('list', 'tex', 'COPY_DEST', 'COPY_SOURCE', { msgs: [MISMATCH] });
    finish(b);
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  're_execute_list_in_flight',
  'The same closed list executed twice back to back (first still on the GPU): #553 at the second ECL, call dropped, device removed (DXGI_ERROR_INVALID_CALL)',
  'DEBUG_LAYER row 27; CORRECTIONS §3.4; #232 as row 26 (INF)',
  { gpuMsPerList: 10 },
  (b) => {
    b.basics();
    b.buffer('buf', 'DEFAULT', 65536, 'COMMON');
    b.upload();
    b.copyBuf('list', 'buf', 0, 'upload', 0, 256);
    b.close('list');
    b.ecl('queue', 'list');
    b.ecl('queue', 'list', { msgs: ['COMMAND_LIST_SYNC', 'DEVICE_REMOVAL_PROCESS_AT_FAULT'] });
    b.removedReason('DXGI_ERROR_INVALID_CALL');
    b.removedBy('DXGI_ERROR_INVALID_CALL');
  },
);
def(
  'ID3D12Device/GetDeviceRemovedReason',
  're_execute_list_in_flight_debug_off',
  'Row 27 with the debug layer off: no message, but the runtime still drops the call and removes the device',
  'DEBUG_LAYER row 27 (runtime: "drop the call and remove the device")',
  { debugLayer: false, gpuMsPerList: 10 },
  (b) => {
    b.basics();
    b.upload();
    b.buffer('buf', 'DEFAULT', 65536, 'COMMON');
    b.copyBuf('list', 'buf', 0, 'upload', 0, 256);
    b.close('list');
    b.ecl('queue', 'list');
    b.ecl('queue', 'list');
    b.removedReason('DXGI_ERROR_INVALID_CALL');
    b.removedBy('DXGI_ERROR_INVALID_CALL');
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  're_execute_list_after_completion',
  'The same list executed again after the fence says the first execution finished: no message',
  'DEBUG_LAYER row 27 (negative)',
  {},
  (b) => {
    b.basics();
    b.upload();
    b.buffer('buf', 'DEFAULT', 65536, 'COMMON');
    b.copyBuf('list', 'buf', 0, 'upload', 0, 256);
    finish(b);
    b.ecl('queue', 'list');
    b.signal('queue', 'fence', 2);
    b.cpuWait('fence', 2);
    b.completed('fence', 2);
  },
);
def(
  'ID3D12GraphicsCommandList/ClearRenderTargetView',
  'graphics_call_on_compute_and_copy_lists',
  'ClearRenderTargetView on a COMPUTE list and OMSetRenderTargets on a COPY list: #932 NO_GRAPHICS_API_SUPPORT; SetDescriptorHeaps on the COPY list: #933 NO_COMPUTE_API_SUPPORT; the calls are ignored, both lists close and run',
  'V-LOG MicrosoftDocs/sdk-api#1286 ("Invalid API called. This method is not valid for D3D12_COMMAND_LIST_TYPE_COMPUTE or ..._COPY", #932); #933 and Close S_OK INF',
  {},
  (b) => {
    b.device().queue('cq', 'COMPUTE').alloc('calloc', 'COMPUTE').list('clist', 'COMPUTE', 'calloc');
    b.queue('kq', 'COPY').alloc('kalloc', 'COPY').list('klist', 'COPY', 'kalloc');
    rtTexture(b, 'rt', 'RENDER_TARGET');
    b.heap('rtvHeap', 'RTV', 1).rtv('rt', 'rtvHeap', 0);
    b.heap('srvHeap', 'CBV_SRV_UAV', 1, true);
    b.clearRtv('clist', 'rtvHeap', 0, { msgs: ['NO_GRAPHICS_API_SUPPORT'] });
    b.omSet('klist', 'rtvHeap', 0, { msgs: ['NO_GRAPHICS_API_SUPPORT'] });
    b.c(
      'ID3D12GraphicsCommandList::SetDescriptorHeaps',
      { self: 'klist', args: { NumDescriptorHeaps: 1, DescriptorHeaps: ['srvHeap'] } },
      { msgs: ['NO_COMPUTE_API_SUPPORT'] },
    );
    b.close('clist');
    b.close('klist');
    b.ecl('cq', 'clist');
    b.ecl('kq', 'klist');
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'bundle_on_queue',
  'A BUNDLE list passed to ExecuteCommandLists: #835 EXECUTECOMMANDLISTS_BUNDLENOTSUPPORTED, the call is dropped, the device stays',
  'ExecuteCommandLists docs ("Bundles can\'t be submitted to a command queue directly ... the runtime will drop the call"); CORRECTIONS §3.4',
  {},
  (b) => {
    b.device().queue('queue', 'DIRECT').alloc('balloc', 'BUNDLE').list('bundle', 'BUNDLE', 'balloc');
    b.close('bundle');
    b.ecl('queue', 'bundle', { msgs: ['EXECUTECOMMANDLISTS_BUNDLENOTSUPPORTED'] });
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'direct_list_on_copy_queue',
  'A DIRECT list executed on a COPY queue: #836, the call is dropped (the fence signalled afterwards still arrives), device not removed',
  'DEBUG_LAYER row 28 (INF: dropped)',
  {},
  (b) => {
    b.basics();
    b.queue('copyq', 'COPY');
    b.upload();
    b.buffer('buf', 'DEFAULT', 65536, 'COMMON');
    b.copyBuf('list', 'buf', 0, 'upload', 0, 256);
    b.close('list');
    b.fence('fence');
    b.ecl('copyq', 'list', { msgs: ['EXECUTECOMMANDLISTS_COMMANDLISTMISMATCH'] });
    b.signal('copyq', 'fence', 1);
    b.cpuWait('fence', 1);
    b.completed('fence', 1);
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'copy_list_on_direct_queue',
  'A COPY list executed on a DIRECT queue: #836 (types must match), nothing runs',
  'DEBUG_LAYER row 28 (INF)',
  {},
  (b) => {
    b.device().queue('queue', 'DIRECT').alloc('calloc', 'COPY').list('clist', 'COPY', 'calloc');
    b.close('clist');
    b.ecl('queue', 'clist', { msgs: ['EXECUTECOMMANDLISTS_COMMANDLISTMISMATCH'] });
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'compute_list_on_direct_queue_debug_off',
  'A COMPUTE list on a DIRECT queue with the debug layer off: no message, no removal',
  'DEBUG_LAYER row 28 (void)',
  { debugLayer: false },
  (b) => {
    b.device().queue('queue', 'DIRECT').alloc('calloc', 'COMPUTE').list('clist', 'COMPUTE', 'calloc');
    b.close('clist');
    b.ecl('queue', 'clist');
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'open_list_then_closed_list',
  'ECL of [closed list, open list]: #837, the whole call is dropped; a fence signalled after it still arrives; device survives',
  'DEBUG_LAYER row 25; CORRECTIONS §3.4',
  {},
  (b) => {
    b.basics();
    b.alloc('alloc2').list('list2', 'DIRECT', 'alloc2');
    b.close('list');
    b.fence('fence');
    b.ecl('queue', ['list', 'list2'], { msgs: ['EXECUTECOMMANDLISTS_OPENCOMMANDLIST'] });
    b.signal('queue', 'fence', 1);
    b.cpuWait('fence', 1);
    b.completed('fence', 1);
  },
);

// =====================================================================================================
// queues: row 31, @gpu.advance / @gpu.idle with Signal/Wait on two queues, WaitForSingleObject corner cases
// =====================================================================================================
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'copy_queue_writes_while_direct_uses',
  'Direct queue reads a buffer (10 ms list); a COPY queue writes it right away without waiting on a fence: #1047 at the copy ECL',
  'DEBUG_LAYER row 31 ("starting writes on queue B to a resource still in use by queue A")',
  { gpuMsPerList: 10 },
  (b) => {
    b.basics();
    b.queue('copyq', 'COPY').alloc('kalloc', 'COPY').list('klist', 'COPY', 'kalloc');
    b.upload();
    b.buffer('buf', 'DEFAULT', 65536, 'COMMON');
    b.readback();
    b.copyBuf('list', 'readback', 0, 'buf', 0, 256);
    b.copyBuf('klist', 'buf', 0, 'upload', 0, 256);
    b.close('list');
    b.close('klist');
    b.ecl('queue', 'list');
    b.ecl('copyq', 'klist', { msgs: ['OBJECT_ACCESSED_WHILE_STILL_IN_USE'] });
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'copy_queue_reads_while_direct_writes',
  'Direct queue writes a buffer (10 ms list); a COPY queue reads it without a fence (the seed-000 readback race): no message (read-after-write may go undetected), a race is traced',
  'DEBUG_LAYER row 31 note ("Read-after-write without a fence ... may go undetected (INF)")',
  { gpuMsPerList: 10, mistake: true },
  (b) => {
    b.basics();
    b.queue('copyq', 'COPY').alloc('kalloc', 'COPY').list('klist', 'COPY', 'kalloc');
    b.upload();
    b.buffer('buf', 'DEFAULT', 65536, 'COMMON');
    b.readback();
    b.copyBuf('list', 'buf', 0, 'upload', 0, 256);
    b.copyBuf('klist', 'readback', 0, 'buf', 0, 256);
    b.close('list');
    b.close('klist');
    b.ecl('queue', 'list');
    b.ecl('copyq', 'klist');
  },
);
def(
  'ID3D12CommandQueue/Wait',
  'copy_queue_waits_for_direct',
  'Same, but the COPY queue Waits on the fence the direct queue signals: no message; both complete',
  'DEBUG_LAYER row 31 (negative); CORRECTIONS §3.6',
  { gpuMsPerList: 10 },
  (b) => {
    b.basics();
    b.queue('copyq', 'COPY').alloc('kalloc', 'COPY').list('klist', 'COPY', 'kalloc');
    b.upload();
    b.buffer('buf', 'DEFAULT', 65536, 'COMMON');
    b.readback();
    b.copyBuf('list', 'buf', 0, 'upload', 0, 256);
    b.copyBuf('klist', 'readback', 0, 'buf', 0, 256);
    b.close('list');
    b.close('klist');
    b.fence('fence');
    b.ecl('queue', 'list');
    b.signal('queue', 'fence', 1);
    b.qwait('copyq', 'fence', 1);
    b.ecl('copyq', 'klist');
    b.signal('copyq', 'fence', 2);
    b.cpuWait('fence', 2);
    b.completed('fence', 2);
  },
);
def(
  'ID3D12CommandQueue/Wait',
  'advance_across_cross_queue_wait',
  'Queue B waits for a value queue A signals after a 10 ms list; B signals 2 after its own 10 ms list: 5 ms → 0, 15 ms → 1, 25 ms → 2',
  'SCENARIOS.md modelled time; CORRECTIONS §3.6',
  { gpuMsPerList: 10 },
  (b) => {
    b.basics();
    b.queue('qb', 'DIRECT').alloc('alloc2').list('list2', 'DIRECT', 'alloc2');
    b.close('list');
    b.close('list2');
    b.fence('fence');
    b.ecl('queue', 'list');
    b.signal('queue', 'fence', 1);
    b.qwait('qb', 'fence', 1);
    b.ecl('qb', 'list2');
    b.signal('qb', 'fence', 2);
    b.advance(5);
    b.completed('fence', 0);
    b.advance(10);
    b.completed('fence', 1);
    b.advance(10);
    b.completed('fence', 2);
  },
);
def(
  'ID3D12CommandQueue/Wait',
  'wait_before_signal_is_queued',
  'Queue B Waits for 1 before anybody queued a Signal of 1; @gpu.idle leaves B blocked (value 0); the CPU signals 1, then idle runs B to 2',
  'CORRECTIONS §3.6 (Wait satisfied when value ≥ target)',
  {},
  (b) => {
    b.basics();
    b.close('list');
    b.fence('fence');
    b.qwait('queue', 'fence', 1);
    b.ecl('queue', 'list');
    b.signal('queue', 'fence', 2);
    b.idle();
    b.completed('fence', 0);
    b.cpuSignal('fence', 1);
    b.idle();
    b.completed('fence', 2);
  },
);
def(
  'WaitForSingleObject',
  'wait_zero_ms_unsignalled',
  'WaitForSingleObject(0 ms) on an event armed for a value never signalled: WAIT_TIMEOUT at once',
  'CORRECTIONS §3.6; SCENARIOS.md',
  {},
  (b) => {
    b.device();
    b.fence('fence');
    b.event('ev');
    b.setEvent('fence', 5, 'ev');
    b.waitEv('ev', 0, 'WAIT_TIMEOUT');
    b.completed('fence', 0);
  },
);
def(
  'WaitForSingleObject',
  'wait_infinite_unsignalled_does_not_hang',
  'WaitForSingleObject(INFINITE) on a value nothing will signal: a deadlock in a real app; the model returns WAIT_TIMEOUT (traced as deadlock), no message',
  'SYNC-WAIT-1 (model choice, INF); CORRECTIONS §3.6 (no message)',
  {},
  (b) => {
    b.device();
    b.fence('fence');
    b.event('ev');
    b.setEvent('fence', 5, 'ev');
    b.waitEv('ev', 'INFINITE', 'WAIT_TIMEOUT');
  },
);
def(
  'ID3D12Fence/SetEventOnCompletion',
  'fence_zero_wait',
  'SetEventOnCompletion(0): FENCE_ZERO_WAIT warning; the event is already satisfied',
  'CORRECTIONS §3.6',
  {},
  (b) => {
    b.device();
    b.fence('fence');
    b.event('ev');
    b.setEvent('fence', 0, 'ev', { msgs: ['FENCE_ZERO_WAIT'] });
    b.waitEv('ev', 0);
  },
);
def(
  'ID3D12Fence/Signal',
  'fence_goes_down_waiter_satisfied_earlier',
  'Event armed for 3 is set when the CPU signals 5; the fence is then rewound to 1: the wait still returns WAIT_OBJECT_0, value 1, no message',
  'CORRECTIONS §3.6',
  {},
  (b) => {
    b.device();
    b.fence('fence');
    b.event('ev');
    b.setEvent('fence', 3, 'ev');
    b.cpuSignal('fence', 5);
    b.cpuSignal('fence', 1);
    b.waitEv('ev', 0);
    b.completed('fence', 1);
  },
);

// =====================================================================================================
// removal: calls after device removal
// =====================================================================================================
def(
  'ID3D12Device/GetDeviceRemovedReason',
  'creators_after_removal',
  'After removal (row 26), creators return DXGI_ERROR_DEVICE_REMOVED, queue Signal and Map too, GetCompletedValue reads UINT64_MAX (a CPU wait returns at once), GetDeviceRemovedReason the reason',
  'CORRECTIONS §3.5; DEBUG_LAYER row 26',
  { debugLayer: false },
  (b) => {
    b.basics();
    b.texture('tex', 64, 64, 'COPY_DEST');
    b.upload();
    b.fence('fence');
    b.upTex('list', 'tex', 'upload', 64, 64, { rowPitch: 260 });
    b.close('list', { hr: 'E_INVALIDARG' });
    b.ecl('queue', 'list');
    b.completed('fence', UINT64_MAX);
    b.removedReason('DXGI_ERROR_INVALID_CALL');
    b.buffer('buf2', 'DEFAULT', 65536, 'COMMON', { hr: 'DXGI_ERROR_DEVICE_REMOVED' });
    b.heap('h', 'RTV', 1, false, { hr: 'DXGI_ERROR_DEVICE_REMOVED' });
    b.c(
      'ID3D12Device::CreateFence',
      { self: 'dev', args: { InitialValue: 0, Flags: 'D3D12_FENCE_FLAG_NONE' }, out: 'f2' },
      { hr: 'DXGI_ERROR_DEVICE_REMOVED' },
    );
    b.queue('q2', 'COPY');
    b.exp[b.exp.length - 1].hr = 'DXGI_ERROR_DEVICE_REMOVED';
    b.alloc('a2', 'DIRECT', { hr: 'DXGI_ERROR_DEVICE_REMOVED' });
    b.signal('queue', 'fence', 1, { hr: 'DXGI_ERROR_DEVICE_REMOVED' });
    b.map('upload', 0, { Begin: 0, End: 0 }, { hr: 'DXGI_ERROR_DEVICE_REMOVED' });
    b.cpuWait('fence', 7, 0);
    b.removedBy('DXGI_ERROR_INVALID_CALL');
  },
);

def(
  'IUnknown/Release',
  'release_in_flight_then_time_passes',
  'Row 30 with the layer: #921 at Release; when the GPU reaches the freed memory (at @gpu.idle) a page fault removes the device: #232, DXGI_ERROR_DEVICE_HUNG',
  'DEBUG_LAYER row 30 (page fault → removal); #232 is printed for every removal the runtime detects (INF)',
  {},
  (b) => {
    b.basics();
    b.upload();
    b.buffer('buf', 'DEFAULT', 65536, 'COMMON');
    b.copyBuf('list', 'buf', 0, 'upload', 0, 256);
    b.close('list');
    b.fence('fence');
    b.ecl('queue', 'list');
    b.signal('queue', 'fence', 1);
    b.release('upload', { msgs: ['OBJECT_DELETED_WHILE_STILL_IN_USE'] });
    b.idle({ msgs: ['DEVICE_REMOVAL_PROCESS_AT_FAULT'] });
    b.completed('fence', UINT64_MAX);
    b.removedBy('DXGI_ERROR_DEVICE_HUNG');
  },
);
def(
  'IUnknown/Release',
  'release_allocator_in_flight',
  'The allocator (and then the list) released right after ECL while the list runs: #921 at each Release; no removal',
  'DEBUG_LAYER row 30 (#921 names any object referenced by GPU work in flight; INF for non-resources)',
  { gpuMsPerList: 10 },
  (b) => {
    b.basics();
    b.close('list');
    b.ecl('queue', 'list');
    b.release('alloc', { msgs: ['OBJECT_DELETED_WHILE_STILL_IN_USE'] });
    b.release('list', { msgs: ['OBJECT_DELETED_WHILE_STILL_IN_USE'] });
  },
);
def(
  'ID3D12Device/GetDeviceRemovedReason',
  'tdr_with_debug_layer',
  'A 3 s list (gpuMsPerList 3000) with the layer on: the TDR removes the device at the wait that lets time pass: #232, DXGI_ERROR_DEVICE_HUNG; the wait then succeeds (fence UINT64_MAX)',
  'CORRECTIONS §3.5 (hang > ~2 s → DEVICE_HUNG); #232 for every removal (INF)',
  { gpuMsPerList: 3000 },
  (b) => {
    b.basics();
    b.close('list');
    b.fence('fence');
    b.ecl('queue', 'list');
    b.signal('queue', 'fence', 1);
    b.event('ev');
    b.setEvent('fence', 1, 'ev');
    b.c(
      'WaitForSingleObject',
      { args: { hHandle: 'ev', dwMilliseconds: 'INFINITE' } },
      { hr: 'WAIT_OBJECT_0', msgs: ['DEVICE_REMOVAL_PROCESS_AT_FAULT'] },
    );
    b.removedReason('DXGI_ERROR_DEVICE_HUNG');
    b.removedBy('DXGI_ERROR_DEVICE_HUNG');
  },
);
def(
  'IDXGISwapChain/Present',
  'present_after_removal',
  'Present after the device was removed (row 27): DXGI_ERROR_DEVICE_REMOVED',
  'SC-PRESENT-1; CORRECTIONS §3.5',
  { gpuMsPerList: 10 },
  (b) => {
    b.basics().swapchain(2);
    b.close('list');
    b.ecl('queue', 'list');
    b.ecl('queue', 'list', { msgs: ['COMMAND_LIST_SYNC', 'DEVICE_REMOVAL_PROCESS_AT_FAULT'] });
    b.present(1, 0, { hr: 'DXGI_ERROR_DEVICE_REMOVED' });
    b.removedBy('DXGI_ERROR_INVALID_CALL');
  },
);

// =====================================================================================================
// copies: alignment 256/512 and the OPTIONS13 toggle, #869
// =====================================================================================================
def(
  'ID3D12GraphicsCommandList/CopyTextureRegion',
  'footprint_offset_not_512',
  'Footprint Offset 256 (RowPitch fine): COPYTEXTUREREGION_INVALIDSRCOFFSET at record; Close E_INVALIDARG',
  'CORRECTIONS §3.8; DEBUG_LAYER row 40 family (INF id)',
  {},
  (b) => {
    b.basics();
    b.texture('tex', 64, 64, 'COPY_DEST');
    b.upload();
    b.upTex('list', 'tex', 'upload', 64, 64, { offset: 256 }, { msgs: ['COPYTEXTUREREGION_INVALIDSRCOFFSET'] });
    b.close('list', { hr: 'E_INVALIDARG' });
  },
);
def(
  'ID3D12GraphicsCommandList/CopyTextureRegion',
  'footprint_offset_not_512_readback_side',
  'Texture read back to a footprint at Offset 100: COPYTEXTUREREGION_INVALIDDSTOFFSET; Close E_INVALIDARG',
  'CORRECTIONS §3.8',
  {},
  (b) => {
    b.basics();
    b.texture('tex', 64, 64, 'COPY_SOURCE');
    b.readback();
    b.downTex('list', 'readback', 'tex', 64, 64, { offset: 100 }, { msgs: ['COPYTEXTUREREGION_INVALIDDSTOFFSET'] });
    b.close('list', { hr: 'E_INVALIDARG' });
  },
);
def(
  'ID3D12GraphicsCommandList/CopyTextureRegion',
  'unrestricted_pitch_toggle',
  'With OPTIONS13.UnrestrictedBufferTextureCopyPitchSupported (the top-level "unrestrictedBufferTextureCopyPitch" toggle), RowPitch 260 and Offset 4 are accepted; a RowPitch below the row size is still an error',
  'CORRECTIONS §3.8 ("unless ... UnrestrictedBufferTextureCopyPitchSupported is TRUE. The simulator should expose this as a toggle")',
  {},
  (b) => {
    b.top = { unrestrictedBufferTextureCopyPitch: true };
    b.basics();
    b.texture('tex', 64, 64, 'COPY_DEST');
    b.upload();
    b.upTex('list', 'tex', 'upload', 64, 64, { rowPitch: 260, offset: 4 });
    b.upTex('list', 'tex', 'upload', 64, 64, { rowPitch: 252 }, { msgs: ['COPYTEXTUREREGION_INVALIDSRCROWPITCH'] });
    b.close('list', { hr: 'E_INVALIDARG' });
  },
);
def(
  'ID3D12GraphicsCommandList/CopyTextureRegion',
  'footprint_past_end_of_buffer',
  'Footprint of 64 rows × 256 B at Offset 512 in a 16 KiB upload buffer ends past its end: #869 COPYTEXTUREREGION_INVALIDSRCPLACEMENT; Close E_INVALIDARG',
  'CORRECTIONS 000-9 (#869)',
  {},
  (b) => {
    b.basics();
    b.texture('tex', 64, 64, 'COPY_DEST');
    b.upload('upload', 16384);
    b.upTex('list', 'tex', 'upload', 64, 64, { offset: 512 }, { msgs: ['COPYTEXTUREREGION_INVALIDSRCPLACEMENT'] });
    b.close('list', { hr: 'E_INVALIDARG' });
  },
);
def(
  'ID3D12GraphicsCommandList/CopyTextureRegion',
  'texture_copied_into_upload_buffer',
  'CopyTextureRegion whose destination footprint is in an UPLOAD buffer: #849 COPYTEXTUREREGION_INVALIDDSTRESOURCE at record; Close E_INVALIDARG',
  'V-LOG TheSpydog/SDL_gpu_examples#85 ("The destination resource cannot be on a D3D12_HEAP_TYPE_UPLOAD heap")',
  {},
  (b) => {
    b.basics();
    b.texture('tex', 64, 64, 'COPY_SOURCE');
    b.upload();
    b.downTex('list', 'upload', 'tex', 64, 64, {}, { msgs: ['COPYTEXTUREREGION_INVALIDDSTRESOURCE'] });
    b.close('list', { hr: 'E_INVALIDARG' });
  },
);
def(
  'ID3D12GraphicsCommandList/CopyTextureRegion',
  'footprint_exactly_fits',
  'The same footprint at Offset 0 in exactly 16 KiB: fits, no message',
  'CORRECTIONS 000-9 (negative)',
  {},
  (b) => {
    b.basics();
    b.texture('tex', 64, 64, 'COPY_DEST');
    b.upload('upload', 16384);
    b.upTex('list', 'tex', 'upload', 64, 64);
    finish(b);
  },
);
def(
  'ID3D12GraphicsCommandList/CopyTextureRegion',
  'row_pitch_not_256_dst_side',
  'Readback footprint RowPitch 300: COPYTEXTUREREGION_INVALIDDSTROWPITCH; Close E_INVALIDARG; executing it: #838 + removal',
  'DEBUG_LAYER rows 40, 26',
  {},
  (b) => {
    b.basics();
    b.texture('tex', 64, 64, 'COPY_SOURCE');
    b.readback();
    b.downTex('list', 'readback', 'tex', 64, 64, { rowPitch: 300 }, { msgs: ['COPYTEXTUREREGION_INVALIDDSTROWPITCH'] });
    b.close('list', { hr: 'E_INVALIDARG' });
    b.ecl('queue', 'list', { msgs: ['EXECUTECOMMANDLISTS_FAILEDCOMMANDLIST', 'DEVICE_REMOVAL_PROCESS_AT_FAULT'] });
    b.removedBy('DXGI_ERROR_INVALID_CALL');
  },
);

// =====================================================================================================
// map: heap types, ranges only on WRITE_BACK heaps
// =====================================================================================================
const transitionOne = (res) => ({
  Type: 'D3D12_RESOURCE_BARRIER_TYPE_TRANSITION',
  Transition: {
    Resource: res,
    Subresource: 'D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES',
    StateBefore: 'D3D12_RESOURCE_STATE_COMMON',
    StateAfter: '0x400',
  },
});
const custom = (page, pool) => ({
  Type: 'D3D12_HEAP_TYPE_CUSTOM',
  CPUPageProperty: `D3D12_CPU_PAGE_PROPERTY_${page}`,
  MemoryPoolPreference: `D3D12_MEMORY_POOL_${pool}`,
});
def(
  'ID3D12Resource/Map',
  'custom_not_available_map',
  'CUSTOM heap with CPU page property NOT_AVAILABLE: Map returns E_INVALIDARG (no CPU access)',
  'CORRECTIONS §3.7, 000-19',
  { debugLayer: false },
  (b) => {
    b.device();
    b.committed('buf', custom('NOT_AVAILABLE', 'L0'), bufDesc(65536), 'COMMON');
    b.map('buf', 0, { Begin: 0, End: 0 }, { hr: 'E_INVALIDARG' });
  },
);
def(
  'ID3D12Resource/Map',
  'custom_write_combine_null_ranges',
  'CUSTOM WRITE_COMBINE (L0) buffer mapped and unmapped with NULL ranges: S_OK, no warning (ranges matter only on WRITE_BACK)',
  'CORRECTIONS §3.7; DEBUG_LAYER row 16 (negative)',
  {},
  (b) => {
    b.device();
    b.committed('buf', custom('WRITE_COMBINE', 'L0'), bufDesc(65536), 'COMMON');
    b.map('buf', 0, null);
    b.unmap('buf', 0, null);
  },
);
def(
  'ID3D12Resource/Unmap',
  'readback_written_range_empty_ok',
  'READBACK Map with ReadRange {0,256}, Unmap with an empty range {0,0}: no message',
  'DEBUG_LAYER row 16 (negative)',
  {},
  (b) => {
    b.device();
    b.readback();
    b.map('readback', 0, { Begin: 0, End: 256 });
    b.unmap('readback', 0, { Begin: 0, End: 0 });
  },
);
def(
  'ID3D12Resource/Unmap',
  'readback_non_empty_written_range',
  'READBACK Unmap with WrittenRange {0,64}: UNMAP_RANGE_NOT_EMPTY warning',
  'DEBUG_LAYER row 16 (#929, severity unverified: warning)',
  {},
  (b) => {
    b.device();
    b.readback();
    b.map('readback', 0, { Begin: 0, End: 256 });
    b.unmap('readback', 0, { Begin: 0, End: 64 }, { msgs: ['UNMAP_RANGE_NOT_EMPTY'] });
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'readback_mapped_while_gpu_writes',
  'READBACK buffer left mapped (persistent map) while a copy writes it: #927 at ECL',
  'DEBUG_LAYER row 17 (INF); CORRECTIONS §3.7 (READBACK may not stay mapped)',
  {},
  (b) => {
    b.basics();
    b.texture('tex', 64, 64, 'COPY_SOURCE');
    b.readback();
    b.map('readback', 0, { Begin: 0, End: 16384 });
    b.downTex('list', 'readback', 'tex', 64, 64);
    finish(b, { eclMsgs: ['EXECUTECOMMANDLISTS_GPU_WRITTEN_READBACK_RESOURCE_MAPPED'] });
  },
);
def(
  'ID3D12Resource/Map',
  'upload_persistently_mapped_gpu_reads',
  'UPLOAD buffer mapped for the whole program while copies read it: no message (UPLOAD may stay mapped)',
  'CORRECTIONS §3.7, 000-4',
  {},
  (b) => {
    b.basics();
    b.upload();
    b.buffer('buf', 'DEFAULT', 65536, 'COMMON');
    b.map('upload', 0, { Begin: 0, End: 0 });
    b.copyBuf('list', 'buf', 0, 'upload', 0, 4096);
    finish(b);
  },
);
def(
  'ID3D12Resource/Map',
  'map_default_texture_data_pointer_debug_off',
  'Map of a DEFAULT texture (data pointer requested): E_INVALIDARG',
  'DEBUG_LAYER row 15; CORRECTIONS §3.7',
  { debugLayer: false },
  (b) => {
    b.device();
    b.texture('tex', 64, 64, 'COMMON');
    b.map('tex', 0, null, { hr: 'E_INVALIDARG' });
  },
);
def(
  'ID3D12Resource/Map',
  'map_default_buffer_messages',
  'Map of a DEFAULT buffer with the layer: #822 MAP_INVALIDHEAP + #833 MAP_INVALIDARG_RETURN, E_INVALIDARG',
  'DEBUG_LAYER row 15 (ids; category INF)',
  {},
  (b) => {
    b.device();
    b.buffer('buf', 'DEFAULT', 65536, 'COMMON');
    b.map('buf', 0, { Begin: 0, End: 0 }, { hr: 'E_INVALIDARG', msgs: ['MAP_INVALIDHEAP', 'MAP_INVALIDARG_RETURN'] });
  },
);

def(
  'ID3D12Resource/Unmap',
  'custom_texture_written_range',
  'CUSTOM WRITE_BACK texture (opaque layout) mapped with a NULL data pointer; Unmap with a non-empty WrittenRange: #829 UNMAP_INVALIDRANGE; with NULL: #931 warning; with {0,0}: nothing',
  'V-LOG DirectX-Graphics-Samples#224 (both messages quoted); DEBUG_LAYER row 16',
  {},
  (b) => {
    b.device();
    b.committed('tex', custom('WRITE_BACK', 'L0'), texDesc(16, 16), 'COMMON');
    b.c('ID3D12Resource::Map', { self: 'tex', args: { Subresource: 0, ReadRange: null, Data: null } });
    b.unmap('tex', 0, { Begin: 0, End: 1024 }, { msgs: ['UNMAP_INVALIDRANGE'] });
    b.c('ID3D12Resource::Map', { self: 'tex', args: { Subresource: 0, ReadRange: null, Data: null } });
    b.unmap('tex', 0, null, { msgs: ['UNMAP_INVALID_NULLRANGE'] });
    b.c('ID3D12Resource::Map', { self: 'tex', args: { Subresource: 0, ReadRange: null, Data: null } });
    b.unmap('tex', 0, { Begin: 0, End: 0 });
  },
);
def(
  'ID3D12Resource/Unmap',
  'upload_written_range_past_end',
  'UPLOAD buffer of 4 KiB: Unmap with WrittenRange {0, 8192}: #829 UNMAP_INVALIDRANGE (INF for buffers)',
  'Unmap docs (the range must lie in the subresource); MAP-4',
  {},
  (b) => {
    b.device();
    b.upload('upload', 4096);
    b.map('upload', 0, { Begin: 0, End: 0 });
    b.unmap('upload', 0, { Begin: 0, End: 8192 }, { msgs: ['UNMAP_INVALIDRANGE'] });
  },
);

def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'not_zeroed_rt_used_before_clear',
  'RT texture placed in a CREATE_NOT_ZEROED heap, first used by OMSetRenderTargets+draw-less copy out (no clear): #1422 at ECL; a second RT cleared first: nothing',
  'V-LOG NVIDIA-RTX/NRI#130 (#1422 at ECL)',
  {},
  (b) => {
    onAdapter(b, 1);
    b.queue().alloc().list();
    b.c('ID3D12Device::CreateHeap', {
      self: 'dev',
      args: {
        SizeInBytes: 1 << 20,
        Properties: { Type: 'D3D12_HEAP_TYPE_DEFAULT' },
        Flags: ['D3D12_HEAP_FLAG_ALLOW_ONLY_RT_DS_TEXTURES', 'D3D12_HEAP_FLAG_CREATE_NOT_ZEROED'],
      },
      out: 'heap',
    });
    const rtDesc = texDesc(64, 64, { flags: 'D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET' });
    const clear = { Format: 'DXGI_FORMAT_R8G8B8A8_UNORM', Color: CLEAR };
    b.c('ID3D12Device::CreatePlacedResource', {
      self: 'dev',
      args: {
        Heap: 'heap',
        HeapOffset: 0,
        Desc: rtDesc,
        InitialState: 'D3D12_RESOURCE_STATE_COPY_SOURCE',
        OptimizedClearValue: clear,
      },
      out: 'rt',
    });
    b.c('ID3D12Device::CreatePlacedResource', {
      self: 'dev',
      args: {
        Heap: 'heap',
        HeapOffset: 65536,
        Desc: rtDesc,
        InitialState: 'D3D12_RESOURCE_STATE_RENDER_TARGET',
        OptimizedClearValue: clear,
      },
      out: 'rt2',
    });
    b.readback();
    b.heap('rtvHeap', 'RTV', 1).rtv('rt2', 'rtvHeap', 0);
    b.downTex('list', 'readback', 'rt', 64, 64);
    b.clearRtv('list', 'rtvHeap', 0);
    finish(b, { eclMsgs: ['RENDER_TARGET_OR_DEPTH_STENCIL_RESOURCE_NOT_INITIALIZED'] });
  },
);

// =====================================================================================================
// descriptors: rows 32, 34, 35, handle forms
// =====================================================================================================
def(
  'ID3D12Device/CreateRenderTargetView',
  'rtv_into_cbv_srv_uav_heap',
  'CreateRenderTargetView into a CBV_SRV_UAV heap slot: #646 INVALID_DESCRIPTOR_HANDLE (wrong heap type)',
  'DEBUG_LAYER row 32 (wrong-type variant INF)',
  {},
  (b) => {
    b.device();
    rtTexture(b, 'rt', 'RENDER_TARGET');
    b.heap('srvHeap', 'CBV_SRV_UAV', 4, false);
    b.rtv('rt', 'srvHeap', 0, { msgs: ['INVALID_DESCRIPTOR_HANDLE'] });
  },
);
def(
  'ID3D12Device/CreateRenderTargetView',
  'rtv_at_misaligned_offset',
  'CreateRenderTargetView at {heapStart, offset: 1} (not a slot boundary): #646',
  'DEBUG_LAYER row 32',
  {},
  (b) => {
    b.device();
    rtTexture(b, 'rt', 'RENDER_TARGET');
    b.heap('rtvHeap', 'RTV', 4, false);
    b.c(
      'ID3D12Device::CreateRenderTargetView',
      { self: 'dev', args: { Resource: 'rt', Desc: null, DestDescriptor: { heapStart: 'rtvHeap', offset: 1 } } },
      { msgs: ['INVALID_DESCRIPTOR_HANDLE'] },
    );
  },
);
def(
  'ID3D12Device/CreateRenderTargetView',
  'rtv_past_heap_end',
  'CreateRenderTargetView at {heap, index: 4} of a 4-slot heap: #646',
  'DEBUG_LAYER row 32',
  {},
  (b) => {
    b.device();
    rtTexture(b, 'rt', 'RENDER_TARGET');
    b.heap('rtvHeap', 'RTV', 4, false);
    b.rtv('rt', 'rtvHeap', 4, { msgs: ['INVALID_DESCRIPTOR_HANDLE'] });
  },
);
def(
  'ID3D12Device/CreateShaderResourceView',
  'srv_with_gpu_handle_ptr',
  'CreateShaderResourceView given the GPU handle of a shader-visible heap (its ptr) as DestDescriptor: #646',
  'DEBUG_LAYER row 32 ("a GPU handle\'s ptr")',
  {},
  (b) => {
    b.device();
    b.texture('tex', 64, 64, 'PIXEL_SHADER_RESOURCE');
    b.heap('srvHeap', 'CBV_SRV_UAV', 4, true);
    b.c(
      'ID3D12DescriptorHeap::GetGPUDescriptorHandleForHeapStart',
      { self: 'srvHeap', out: 'gpuStart' },
      { handle: '137438953472' } /* the model's GPU descriptor address space starts at 0x2000000000 */,
    );
    b.c(
      'ID3D12Device::CreateShaderResourceView',
      { self: 'dev', args: { Resource: 'tex', Desc: null, DestDescriptor: 'gpuStart' } },
      { msgs: ['INVALID_DESCRIPTOR_HANDLE'] },
    );
  },
);
def(
  'ID3D12GraphicsCommandList/SetDescriptorHeaps',
  'set_non_visible_cbv_heap',
  'SetDescriptorHeaps with a non-shader-visible CBV_SRV_UAV heap: #554 at record',
  'DEBUG_LAYER row 35 (INF)',
  {},
  (b) => {
    b.basics();
    b.heap('srvHeap', 'CBV_SRV_UAV', 4, false);
    b.c(
      'ID3D12GraphicsCommandList::SetDescriptorHeaps',
      { self: 'list', args: { NumDescriptorHeaps: 1, DescriptorHeaps: ['srvHeap'] } },
      { msgs: ['SET_DESCRIPTOR_HEAP_INVALID'] },
    );
  },
);
def(
  'ID3D12GraphicsCommandList/SetDescriptorHeaps',
  'set_visible_heaps_ok',
  'SetDescriptorHeaps with a shader-visible CBV_SRV_UAV heap and a shader-visible SAMPLER heap: no message',
  'DEBUG_LAYER row 35 (negative)',
  {},
  (b) => {
    b.basics();
    b.heap('srvHeap', 'CBV_SRV_UAV', 4, true);
    b.heap('sampHeap', 'SAMPLER', 4, true);
    b.c('ID3D12GraphicsCommandList::SetDescriptorHeaps', {
      self: 'list',
      args: { NumDescriptorHeaps: 2, DescriptorHeaps: ['srvHeap', 'sampHeap'] },
    });
    b.close('list');
  },
);
def(
  'ID3D12Device/CreateRenderTargetView',
  'rtv_heap_reused_right_after_recording',
  'RTV slot cleared through, then rewritten with another texture before the list executes: no message (non-shader-visible descriptors are consumed at record time)',
  'CORRECTIONS §3.9, 004-8',
  {},
  (b) => {
    b.basics();
    rtTexture(b, 'rt', 'RENDER_TARGET');
    rtTexture(b, 'rt2', 'RENDER_TARGET');
    b.heap('rtvHeap', 'RTV', 1, false);
    b.rtv('rt', 'rtvHeap', 0);
    b.clearRtv('list', 'rtvHeap', 0);
    b.rtv('rt2', 'rtvHeap', 0);
    finish(b);
  },
);

// =====================================================================================================
// robustness: strings for numbers, flag arrays and "|" strings, omitted fields, Release of referenced objects
// =====================================================================================================
def(
  'scenario-format',
  'flags_as_array_and_pipe_string',
  'Resource flags as an array, a state set as "A|B": same as the numeric form; no message',
  'SCENARIOS.md (flag sets as an array or |-joined)',
  {},
  (b) => {
    b.device();
    b.committed(
      'tex',
      'DEFAULT',
      texDesc(64, 64, {
        flags: ['D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET', 'D3D12_RESOURCE_FLAG_ALLOW_SIMULTANEOUS_ACCESS'],
      }),
      'D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE|D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE',
    );
  },
);
def(
  'scenario-format',
  'omitted_fields_zero',
  'CreateCommittedResource with HeapFlags, Alignment, Flags, OptimizedClearValue omitted; CreateCommandQueue with only Type: zero-initialised, S_OK',
  'SCENARIOS.md (omitted fields = zero)',
  {},
  (b) => {
    b.c('D3D12CreateDevice', { args: { MinimumFeatureLevel: 'D3D_FEATURE_LEVEL_11_0' }, out: 'dev' });
    b.c('ID3D12Device::CreateCommandQueue', {
      self: 'dev',
      args: { Type: 'D3D12_COMMAND_LIST_TYPE_DIRECT' },
      out: 'queue',
    });
    b.c('ID3D12Device::CreateCommittedResource', {
      self: 'dev',
      args: {
        HeapProperties: { Type: 'D3D12_HEAP_TYPE_UPLOAD' },
        Desc: {
          Dimension: 'D3D12_RESOURCE_DIMENSION_BUFFER',
          Width: 4096,
          Height: 1,
          DepthOrArraySize: 1,
          MipLevels: 1,
          SampleDesc: { Count: 1 },
          Layout: 'D3D12_TEXTURE_LAYOUT_ROW_MAJOR',
        },
        InitialResourceState: 'D3D12_RESOURCE_STATE_GENERIC_READ',
      },
      out: 'upload',
    });
  },
);
def(
  'scenario-format',
  'u64_as_decimal_string',
  'Fence values given as decimal strings ("1", "18446744073709551615"): same as numbers',
  'SCENARIOS.md (UINT64 as decimal strings)',
  {},
  (b) => {
    b.device();
    b.fence('fence');
    b.c('ID3D12Fence::Signal', { self: 'fence', args: { Value: '18446744073709551615' } });
    b.completed('fence', UINT64_MAX);
    b.c('ID3D12Fence::Signal', { self: 'fence', args: { Value: '1' } });
    b.completed('fence', 1);
  },
);
def(
  'scenario-format',
  'numeric_enums_and_single_elements',
  'Enums as numbers and "0x" strings, a handle index as a string, one barrier / one list given without the array: same as the canonical forms; #1328 for the buffer created "in 0x400"',
  'SCENARIOS.md (zero-initialised C structs; pointers to one element) — SCN-NUM-1',
  {},
  (b) => {
    b.c('D3D12CreateDevice', { args: { MinimumFeatureLevel: 45056 }, out: 'dev' });
    b.c('ID3D12Device::CreateCommandQueue', { self: 'dev', args: { Type: 0 }, out: 'queue' });
    b.c('ID3D12Device::CreateCommandAllocator', { self: 'dev', args: { type: 0 }, out: 'alloc' });
    b.c('ID3D12Device::CreateCommandList', {
      self: 'dev',
      args: { type: '0', CommandAllocator: 'alloc' },
      out: 'list',
    });
    b.c(
      'ID3D12Device::CreateCommittedResource',
      {
        self: 'dev',
        args: {
          HeapProperties: { Type: 1 },
          Desc: {
            Dimension: 1,
            Width: '65536',
            Height: 1,
            DepthOrArraySize: 1,
            MipLevels: 1,
            SampleDesc: { Count: 1 },
            Layout: 1,
          },
          InitialResourceState: '0x400',
        },
        out: 'buf',
      },
      { msgs: ['CREATERESOURCE_STATE_IGNORED'] },
    );
    b.c('ID3D12GraphicsCommandList::ResourceBarrier', {
      self: 'list',
      args: { NumBarriers: 1, Barriers: transitionOne('buf') },
    });
    b.close('list');
    b.c('ID3D12CommandQueue::ExecuteCommandLists', {
      self: 'queue',
      args: { NumCommandLists: 1, CommandLists: 'list' },
    });
  },
);
def(
  'IUnknown/Release',
  'release_upload_after_completion',
  'Temporary upload buffer released after the fence says the copy finished: no message, no removal',
  'DEBUG_LAYER row 30 (negative)',
  {},
  (b) => {
    b.basics();
    b.upload();
    b.buffer('buf', 'DEFAULT', 65536, 'COMMON');
    b.copyBuf('list', 'buf', 0, 'upload', 0, 256);
    finish(b);
    b.release('upload');
  },
);
def(
  'IUnknown/Release',
  'release_upload_in_flight_debug_off',
  'Upload buffer released while the copy is in flight, debug layer off: no message; the GPU then faults on freed memory (page fault → DXGI_ERROR_DEVICE_HUNG) when time passes',
  'DEBUG_LAYER row 30 (no-layer symptom: page fault → DEVICE_REMOVED); CORRECTIONS §3.5',
  { debugLayer: false },
  (b) => {
    b.basics();
    b.upload();
    b.buffer('buf', 'DEFAULT', 65536, 'COMMON');
    b.copyBuf('list', 'buf', 0, 'upload', 0, 256);
    b.close('list');
    b.fence('fence');
    b.ecl('queue', 'list');
    b.signal('queue', 'fence', 1);
    b.release('upload');
    b.idle();
    b.completed('fence', UINT64_MAX);
    b.removedReason('DXGI_ERROR_DEVICE_HUNG');
    b.removedBy('DXGI_ERROR_DEVICE_HUNG');
  },
);
def(
  'ID3D12Device/CreateRootSignature',
  'root_signature_1_1_default_adapter',
  'D3D12CreateDevice(Adapter null) then a version 1.1 root signature: S_OK (every driver since WDDM 2.1 supports 1.1)',
  'D3D12_FEATURE_ROOT_SIGNATURE: 1.1 on Windows 10 1607+ drivers (brief task 1)',
  {},
  (b) => {
    b.device();
    b.c('D3D12SerializeVersionedRootSignature', {
      args: {
        RootSignature: {
          Version: 'D3D_ROOT_SIGNATURE_VERSION_1_1',
          Desc_1_1: {
            NumParameters: 0,
            Parameters: [],
            NumStaticSamplers: 0,
            StaticSamplers: [],
            Flags: 'D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT',
          },
        },
      },
      out: 'blob',
    });
    b.c('ID3D12Device::CreateRootSignature', {
      self: 'dev',
      args: { nodeMask: 0, BlobWithRootSignature: 'blob' },
      out: 'rs',
    });
  },
);

// =====================================================================================================
// advanced: WriteToSubresource / ReadFromSubresource, residency, QueryVideoMemoryInfo, tiles, markers
// (expectations from the API docs quoted in SPEC.md CPU-ACCESS-1 / MEM-* / TILE-2 / CL-MARKER-1; budgets are the
// model's documented choice: 90 % of the pool)
// =====================================================================================================
const GiB = 1024 ** 3;
const customTex = (b, name, state = 'COMMON') => b.committed(name, custom('WRITE_BACK', 'L0'), texDesc(16, 16), state);
const mapNull = (b, res, sub = 0, e = {}) =>
  b.c('ID3D12Resource::Map', { self: res, args: { Subresource: sub, ReadRange: null, Data: null } }, e);
const memInfo = (b, group, value) =>
  b.c(
    'IDXGIAdapter3::QueryVideoMemoryInfo',
    { self: 'adapter', args: { NodeIndex: 0, MemorySegmentGroup: group } },
    { value },
  );
def(
  'ID3D12Resource/WriteToSubresource',
  'write_read_subresource_custom_texture',
  'CUSTOM WRITE_BACK texture, Map(NULL data), WriteToSubresource of a 4x4 box then ReadFromSubresource of it: S_OK, 64 bytes back, no message',
  'WriteToSubresource docs ("should first be mapped", COMMON); CORRECTIONS 000-6/000-7',
  {},
  (b) => {
    b.device();
    customTex(b, 'tex');
    mapNull(b, 'tex');
    const box = { left: 0, top: 0, front: 0, right: 4, bottom: 4, back: 1 };
    b.c('ID3D12Resource::WriteToSubresource', {
      self: 'tex',
      args: {
        DstSubresource: 0,
        DstBox: box,
        SrcData: Array.from({ length: 64 }, (_, k) => k),
        SrcRowPitch: 16,
        SrcDepthPitch: 64,
      },
    });
    b.c(
      'ID3D12Resource::ReadFromSubresource',
      { self: 'tex', args: { DstRowPitch: 16, DstDepthPitch: 64, SrcSubresource: 0, SrcBox: box } },
      { value: { bytes: 64 } },
    );
    b.unmap('tex', 0, { Begin: 0, End: 0 });
  },
);
def(
  'ID3D12Resource/WriteToSubresource',
  'write_to_subresource_upload_buffer',
  'WriteToSubresource on an UPLOAD buffer: only CUSTOM CPU-visible heaps (E_INVALIDARG + WRITETOSUBRESOURCE_INVALIDHEAP, INF id)',
  'CPU-ACCESS-1 (brief: CUSTOM heaps only)',
  {},
  (b) => {
    b.device();
    b.upload();
    b.map('upload', 0, { Begin: 0, End: 0 });
    b.c(
      'ID3D12Resource::WriteToSubresource',
      {
        self: 'upload',
        args: { DstSubresource: 0, DstBox: null, SrcData: [1, 2, 3, 4], SrcRowPitch: 4, SrcDepthPitch: 4 },
      },
      { hr: 'E_INVALIDARG', msgs: ['WRITETOSUBRESOURCE_INVALIDHEAP'] },
    );
  },
);
def(
  'ID3D12Resource/WriteToSubresource',
  'write_to_subresource_not_mapped',
  'WriteToSubresource on a CUSTOM texture never mapped: E_INVALIDARG + WRITETOSUBRESOURCE_INVALIDRESOURCE (INF)',
  'WriteToSubresource docs ("The resource should first be mapped using Map")',
  {},
  (b) => {
    b.device();
    customTex(b, 'tex');
    b.c(
      'ID3D12Resource::WriteToSubresource',
      { self: 'tex', args: { DstSubresource: 0, DstBox: null, SrcRowPitch: 64, SrcDepthPitch: 1024 } },
      { hr: 'E_INVALIDARG', msgs: ['WRITETOSUBRESOURCE_INVALIDRESOURCE'] },
    );
  },
);
def(
  'IDXGIAdapter3/QueryVideoMemoryInfo',
  'video_memory_usage_uma',
  'Default (UMA) adapter: LOCAL usage grows by the 64 KiB of a committed upload buffer and drops on Release; NON_LOCAL is empty',
  'QueryVideoMemoryInfo (UMA has one segment group); MEM-BUDGET-2',
  {},
  (b) => {
    onAdapter(b, 0);
    const pool = 8 * GiB + 128 * 1024 * 1024;
    // UINT64 fields print as decimal strings (SPEC SCN-OUT-1)
    const info = (u) => ({
      Budget: String(Math.floor(pool * 0.9)),
      CurrentUsage: String(u),
      AvailableForReservation: String(Math.floor(pool * 0.45)),
      CurrentReservation: '0',
    });
    memInfo(b, 'DXGI_MEMORY_SEGMENT_GROUP_LOCAL', info(0));
    b.upload();
    memInfo(b, 'DXGI_MEMORY_SEGMENT_GROUP_LOCAL', info(65536));
    memInfo(b, 'DXGI_MEMORY_SEGMENT_GROUP_NON_LOCAL', {
      Budget: '0',
      CurrentUsage: '0',
      AvailableForReservation: '0',
      CurrentReservation: '0',
    });
    b.release('upload');
    memInfo(b, 'DXGI_MEMORY_SEGMENT_GROUP_LOCAL', info(0));
  },
);
def(
  'ID3D12Device/Evict',
  'evict_and_make_resident_discrete',
  'Discrete adapter: a 1 MiB DEFAULT heap counts in LOCAL; Evict removes it from CurrentUsage, MakeResident puts it back',
  'Residency docs (MakeResident / Evict); MEM-RES-1, MEM-RES-3',
  {},
  (b) => {
    onAdapter(b, 1);
    const info = (u) => ({
      Budget: String(Math.floor(8 * GiB * 0.9)),
      CurrentUsage: String(u),
      AvailableForReservation: String(Math.floor(8 * GiB * 0.45)),
      CurrentReservation: '0',
    });
    b.c('ID3D12Device::CreateHeap', {
      self: 'dev',
      args: {
        SizeInBytes: 1 << 20,
        Properties: { Type: 'D3D12_HEAP_TYPE_DEFAULT' },
        Alignment: 0,
        Flags: 'D3D12_HEAP_FLAG_ALLOW_ALL_BUFFERS_AND_TEXTURES',
      },
      out: 'heap',
    });
    memInfo(b, 0, info(1 << 20));
    b.c('ID3D12Device::Evict', { self: 'dev', args: { NumObjects: 1, Objects: ['heap'] } });
    memInfo(b, 0, info(0));
    b.c('ID3D12Device::MakeResident', { self: 'dev', args: { NumObjects: 1, Objects: ['heap'] } });
    memInfo(b, 0, info(1 << 20));
  },
);
def(
  'ID3D12Device/Evict',
  'evict_while_in_use',
  'A committed buffer evicted while a copy reading it is in flight: #960 at Evict; when the GPU gets to it, a page fault removes the device (#232, DEVICE_HUNG, as row 30)',
  'MEM-RES-2/3; DEBUG_LAYER row 30 (page fault → removal); #960 INF',
  { gpuMsPerList: 5 },
  (b) => {
    onAdapter(b, 1);
    b.queue().alloc().list();
    b.buffer('src', 'DEFAULT', 65536, 'COMMON');
    b.buffer('dst', 'DEFAULT', 65536, 'COMMON');
    b.copyBuf('list', 'dst', 0, 'src', 0, 256);
    b.close('list');
    b.ecl('queue', 'list');
    b.c(
      'ID3D12Device::Evict',
      { self: 'dev', args: { NumObjects: 1, Objects: ['src'] } },
      { msgs: ['OBJECT_EVICTED_WHILE_STILL_IN_USE'] },
    );
    b.idle({ msgs: ['DEVICE_REMOVAL_PROCESS_AT_FAULT'] });
    b.removedReason('DXGI_ERROR_DEVICE_HUNG');
    b.removedBy('DXGI_ERROR_DEVICE_HUNG');
  },
);
def(
  'ID3D12CommandQueue/UpdateTileMappings',
  'reserved_buffer_unmapped_tile_read',
  'Copy out of a reserved buffer whose tiles were never mapped: no debug message (a hazard is traced), S_OK everywhere',
  'TILE-2; CORRECTIONS 003-2 (UpdateTileMappings copies no data)',
  {},
  (b) => {
    onAdapter(b, 1);
    b.queue().alloc().list();
    b.c('ID3D12Device::CreateReservedResource', {
      self: 'dev',
      args: { Desc: bufDesc(4 * 65536), InitialState: 'D3D12_RESOURCE_STATE_COMMON', OptimizedClearValue: null },
      out: 'reserved',
    });
    b.readback();
    b.copyBuf('list', 'readback', 0, 'reserved', 65536, 256);
    finish(b);
  },
);
def(
  'ID3D12GraphicsCommandList/Close',
  'markers_balanced_and_unbalanced',
  'BeginEvent/SetMarker/EndEvent balanced: nothing; a BeginEvent left open: BEGIN_END_EVENT_MISMATCH at Close (which still succeeds)',
  'CL-MARKER-1 (PIX events on lists)',
  {},
  (b) => {
    b.basics();
    b.c('ID3D12GraphicsCommandList::BeginEvent', { self: 'list', args: { Metadata: 0, Data: 'frame', Size: 6 } });
    b.c('ID3D12GraphicsCommandList::SetMarker', { self: 'list', args: { Metadata: 0, Data: 'clear', Size: 6 } });
    b.c('ID3D12GraphicsCommandList::EndEvent', { self: 'list' });
    b.c('ID3D12GraphicsCommandList::BeginEvent', { self: 'list', args: { Metadata: 0, Data: 'open', Size: 5 } });
    b.close('list', { msgs: ['BEGIN_END_EVENT_MISMATCH'] });
  },
);

// =====================================================================================================
// gbv: GPU-based validation variants of rows 3, 9 and 36 (messages on the GPU timeline: the call that lets time pass)
// =====================================================================================================
const GBV_942 = 'GPU_BASED_VALIDATION_INCOMPATIBLE_RESOURCE_STATE';
const GBV_938 = 'GPU_BASED_VALIDATION_DESCRIPTOR_UNINITIALIZED';
// root signature with one SRV table (num descriptors) visible to the pixel shader, a PSO whose PS reads t0, an RT
function drawSetup(b, { version = '1_0', num = 1, init = 1, texState = 'COPY_DEST', flags = null } = {}) {
  onAdapter(b, 1);
  b.queue().alloc().list();
  const range = {
    RangeType: 'D3D12_DESCRIPTOR_RANGE_TYPE_SRV',
    NumDescriptors: num,
    BaseShaderRegister: 0,
    RegisterSpace: 0,
    OffsetInDescriptorsFromTableStart: 0,
  };
  if (flags) range.Flags = flags;
  const desc = {
    NumParameters: 1,
    Parameters: [
      {
        ParameterType: 'D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE',
        ShaderVisibility: 'D3D12_SHADER_VISIBILITY_PIXEL',
        DescriptorTable: { NumDescriptorRanges: 1, DescriptorRanges: [range] },
      },
    ],
    NumStaticSamplers: 0,
    StaticSamplers: [],
    Flags: 'D3D12_ROOT_SIGNATURE_FLAG_NONE',
  };
  const rs = { Version: `D3D_ROOT_SIGNATURE_VERSION_${version}` };
  rs[version === '1_1' ? 'Desc_1_1' : 'Desc_1_0'] = desc;
  b.c('D3D12SerializeVersionedRootSignature', { args: { RootSignature: rs }, out: 'blob' });
  b.c('ID3D12Device::CreateRootSignature', {
    self: 'dev',
    args: { nodeMask: 0, BlobWithRootSignature: 'blob' },
    out: 'rootSig',
  });
  b.c('ID3D12Device::CreateGraphicsPipelineState', {
    self: 'dev',
    args: {
      Desc: {
        RootSignature: 'rootSig',
        VS: { BytecodeLength: 64 },
        PS: { BytecodeLength: 64, Reflection: { Resources: [{ Type: 'SRV', Register: 0 }] } },
        SampleMask: 0xffffffff,
        PrimitiveTopologyType: 'D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE',
        NumRenderTargets: 1,
        RTVFormats: ['DXGI_FORMAT_R8G8B8A8_UNORM'],
        SampleDesc: { Count: 1, Quality: 0 },
      },
    },
    out: 'pso',
  });
  rtTexture(b, 'rt', 'RENDER_TARGET');
  b.heap('rtvHeap', 'RTV', 1).rtv('rt', 'rtvHeap', 0);
  b.texture('tex', 64, 64, texState);
  b.heap('srvHeap', 'CBV_SRV_UAV', Math.max(num, 1), true);
  for (let k = 0; k < init; k++)
    b.c('ID3D12Device::CreateShaderResourceView', {
      self: 'dev',
      args: { Resource: 'tex', Desc: null, DestDescriptor: { heap: 'srvHeap', index: k } },
    });
  return b;
}
function draw(b, e = {}) {
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
  b.c('ID3D12GraphicsCommandList::SetDescriptorHeaps', {
    self: 'list',
    args: { NumDescriptorHeaps: 1, DescriptorHeaps: ['srvHeap'] },
  });
  b.c('ID3D12GraphicsCommandList::SetGraphicsRootSignature', { self: 'list', args: { RootSignature: 'rootSig' } });
  b.c('ID3D12GraphicsCommandList::SetPipelineState', { self: 'list', args: { PipelineState: 'pso' } });
  b.c(
    'ID3D12GraphicsCommandList::SetGraphicsRootDescriptorTable',
    { self: 'list', args: { RootParameterIndex: 0, BaseDescriptor: { heap: 'srvHeap', index: 0 } } },
    e.bind ?? {},
  );
  b.c('ID3D12GraphicsCommandList::IASetPrimitiveTopology', {
    self: 'list',
    args: { PrimitiveTopology: 'D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST' },
  });
  return b.c('ID3D12GraphicsCommandList::DrawInstanced', {
    self: 'list',
    args: { VertexCountPerInstance: 3, InstanceCount: 1, StartVertexLocation: 0, StartInstanceLocation: 0 },
  });
}
function runAndIdle(b, idleMsgs = []) {
  b.close('list');
  b.ecl('queue', 'list');
  b.idle({ msgs: idleMsgs });
  return b;
}
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'rs10_srv_in_copy_dest_gbv',
  'RS 1.0 SRV table, texture sampled while in COPY_DEST, GBV on: no CPU message; #942 when the GPU finishes (at @gpu.idle)',
  'DEBUG_LAYER row 3 (GBV column, V-DOC GBV page)',
  { gbv: true },
  (b) => {
    drawSetup(b);
    draw(b);
    runAndIdle(b, [GBV_942]);
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'rs10_srv_in_copy_dest_no_gbv',
  'The same program with the debug layer but without GBV: no message at all',
  'DEBUG_LAYER row 3 ("Volatile ranges or RS 1.0: no CPU message")',
  {},
  (b) => {
    drawSetup(b);
    draw(b);
    runAndIdle(b);
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'rs10_srv_barrier_after_draw_gbv',
  'GBV on; the texture is moved COPY_DEST→PSR before the draw and back to COPY_DEST after it in the same list: no message (GBV sees the state at the draw)',
  'DEBUG_LAYER row 3 (negative); GBV validates at execution',
  { gbv: true },
  (b) => {
    drawSetup(b);
    b.tr('list', 'tex', 'COPY_DEST', 'PIXEL_SHADER_RESOURCE');
    draw(b);
    b.tr('list', 'tex', 'PIXEL_SHADER_RESOURCE', 'COPY_DEST');
    runAndIdle(b);
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'rs10_srv_common_texture_gbv',
  'GBV on; the sampled texture is in COMMON (promotes to PIXEL_SHADER_RESOURCE): no message',
  'CORRECTIONS §3.2 (textures promote to shader-resource states)',
  { gbv: true },
  (b) => {
    drawSetup(b, { texState: 'COMMON' });
    draw(b);
    runAndIdle(b);
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'rs10_uninitialized_descriptor_gbv',
  'RS 1.0 table of 2 SRVs with only the first written (volatile: no #646 at bind); GBV: #938 when the GPU finishes',
  'DEBUG_LAYER row 36 (GBV column)',
  { gbv: true },
  (b) => {
    drawSetup(b, { num: 2, init: 1, texState: 'PIXEL_SHADER_RESOURCE' });
    draw(b);
    runAndIdle(b, [GBV_938]);
  },
);
def(
  'ID3D12GraphicsCommandList/SetGraphicsRootDescriptorTable',
  'rs11_static_uninitialized_cpu_and_gbv',
  'RS 1.1 static table of 2 SRVs, one written, GBV on: #646 at bind (CPU); the draw then reads the empty slot: #938 at completion',
  'DEBUG_LAYER row 36 (record + GBV)',
  { gbv: true },
  (b) => {
    drawSetup(b, { version: '1_1', num: 2, init: 1, texState: 'PIXEL_SHADER_RESOURCE' });
    draw(b, { bind: { msgs: ['INVALID_DESCRIPTOR_HANDLE'] } });
    runAndIdle(b, [GBV_938]);
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'copy_queue_non_common_gbv',
  'Texture created in COPY_DEST used on a COPY queue with GBV: #990 at ECL (CPU) and #942 when the copy finishes (GBV: "must start out in the COMMON state")',
  'DEBUG_LAYER row 9 (CPU and GBV columns)',
  { gbv: true },
  (b) => {
    onAdapter(b, 1);
    b.queue('copyq', 'COPY').alloc('kalloc', 'COPY').list('klist', 'COPY', 'kalloc');
    b.texture('tex', 64, 64, 'COPY_DEST');
    b.upload();
    b.upTex('klist', 'tex', 'upload', 64, 64);
    b.close('klist');
    b.ecl('copyq', 'klist', { msgs: ['RESOURCE_BARRIER_MISMATCHING_COMMAND_LIST_TYPE'] });
    b.idle({ msgs: [GBV_942] });
  },
);
def(
  'ID3D12CommandQueue/ExecuteCommandLists',
  'copy_queue_common_gbv_clean',
  'Texture created in COMMON used on a COPY queue with GBV: no message',
  'DEBUG_LAYER row 9 (negative)',
  { gbv: true },
  (b) => {
    onAdapter(b, 1);
    b.queue('copyq', 'COPY').alloc('kalloc', 'COPY').list('klist', 'COPY', 'kalloc');
    b.texture('tex', 64, 64, 'COMMON');
    b.upload();
    b.upTex('klist', 'tex', 'upload', 64, 64);
    b.close('klist');
    b.ecl('copyq', 'klist');
    b.idle();
  },
);
