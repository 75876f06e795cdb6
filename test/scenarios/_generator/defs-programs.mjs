// Ordinary programs (the DirectX-Graphics-Samples Hello* flows transcribed), getter outputs and the time model.
// Expected lines are written from ../shared/d3d12/DEBUG_LAYER.md, CORRECTIONS.md §3 and the D3D12 reference pages,
// never copied from the model. Only the model's address-space values (descriptor handles, buffer GPU VAs) were read
// from the model: the docs fix none of them (SPEC §10.1).
import { RTV_INC, UINT64_MAX, bufDesc, scenario, texDesc, transition } from './builder.mjs';

/** What each scenario checks (the index's "checks" column). */
const WHAT = {
  'correct/001_hello_triangle':
    'D3D12HelloTriangle transcribed: RS 1.0, upload vertex buffer mapped with {0,0}, one allocator, WaitForPreviousFrame after every frame (3 frames): no message',
  'correct/002_hello_texture_rs11':
    'D3D12HelloTexture with root signature 1.1, SRV range DATA_STATIC: upload through GetCopyableFootprints, COPY_DEST→PSR, shader-visible SRV heap and table: no message',
  'correct/003_hello_texture_rs10': 'D3D12HelloTexture with root signature 1.0: no message',
  'correct/004_hello_texture_rs11_default_flags':
    'D3D12HelloTexture with root signature 1.1 and default range flags: no message',
  'correct/005_hello_frame_buffering':
    'D3D12HelloFrameBuffering: 3 frames in flight, one allocator per frame, per-frame fence values, MoveToNextFrame (7 frames): no message',
  'correct/006_resize_buffers_after_release':
    'ResizeBuffers after every back-buffer reference is released and the GPU is done: new buffers in PRESENT, index 0, RTVs re-created',
  'correct/007_back_buffer_readback':
    'Back buffer copied to a READBACK footprint (PRESENT→COPY_SOURCE→PRESENT), Map with the read range after the fence: no message',
  'correct/008_depth_constants_indexed_draw':
    "DEFAULT vertex/index buffers filled from an upload buffer, depth buffer, root CBV, root constants, CBV table, indexed draws (2 frames): only DL 13's CREATERESOURCE_STATE_IGNORED",
  'correct/009_texture_upload_direct_sampled_gbv':
    'Texture uploaded on the direct queue and sampled through a table, GPU-based validation on: no message',
  'correct/010_texture_copy_queue_explicit_barrier_rs11':
    'Texture uploaded on a COPY queue, explicit barrier to PSR on the direct queue, sampled (RS 1.1): no message',
  'correct/011_texture_copy_queue_promoted_rs11':
    'Texture uploaded on a COPY queue, promoted from COMMON on the direct queue, sampled (RS 1.1): no message',
  'correct/012_texture_copy_queue_promoted_rs10_gbv':
    'Texture uploaded on a COPY queue, promoted from COMMON, sampled with RS 1.0 and GPU-based validation: no message',
  'getters/001_copyable_footprints_formats':
    'GetCopyableFootprints for RGBA8, R8 1×1, RGBA16F mips, a mip range, BC1 mips × slices, BC3 down to 1×1: pitches aligned to 256, offsets to 512',
  'getters/002_resource_allocation_info':
    'GetResourceAllocationInfo: 64 KiB, 4 KiB small, 4 MiB MSAA, two descs back to back, an invalid desc → UINT64_MAX',
  'getters/003_descriptor_handles_and_increments':
    "Descriptor increments and heap starts; a non-shader-visible heap's GPU start is NULL (DL 34); a texture's GPU VA is 0",
  'getters/004_check_feature_support':
    'CheckFeatureSupport answers (options, architecture, feature levels, root signature, shader model) from the adapter',
  'getters/005_removal_getters_and_dred':
    'GetCompletedValue after removal reads UINT64_MAX; DRED NOT_CURRENTLY_AVAILABLE while the device lives, UNSUPPORTED when never enabled, then S_OK',
  'getters/006_dred_page_fault_output':
    'Upload buffer released in flight (#921); the page fault removes the device; DRED names the list, its operations and the freed allocation',
  'time/001_two_queues_cross_queue_wait':
    'COPY queue uploads and signals, DIRECT queue waits on the GPU: fence values at 0.5, 1.5 and 2.5 ms of modelled time',
  'time/002_gpu_wait_for_cpu_signal':
    "A queue Wait for a value the CPU signals later: the queue's work waits (@gpu.idle returns), then runs after the CPU Signal",
  'time/003_partial_progress_advance': 'gpuMsPerList 10: after 15 ms exactly the first of two signals is visible',
  'time/004_wait_timeout_then_success':
    'WaitForSingleObject shorter than the remaining work: WAIT_TIMEOUT, fence unchanged; a later wait succeeds',
  'time/005_auto_vs_manual_reset_events':
    'A satisfied wait resets an auto-reset event; a manual-reset one stays set until ResetEvent; bInitialState TRUE starts signalled; a CPU Signal sets an armed event',
  'time/006_allocator_reset_before_and_after_fence':
    'Allocator Reset before the fence (#552) and after it (no message)',
  'time/007_present_cycles_index_three_buffers': 'Present cycles GetCurrentBackBufferIndex through a 3-buffer chain',
  'time/008_present_blocks_at_frame_latency_3':
    'Present blocks while 3 frames are queued (frame latency 3): modelled time passes at the fourth Present',
  'time/009_advance_exact_list_boundaries':
    '1 ms per list: @gpu.advance 1 completes exactly the first list (and its Signal), the next 1 ms the second',
};

/** Where the scenarios built by a shared function go: API folder and aspect. */
const PLACE = {
  '002_hello_texture_rs11': ['programs', 'hello_texture_rs11'],
  '003_hello_texture_rs10': ['programs', 'hello_texture_rs10'],
  '004_hello_texture_rs11_default_flags': ['programs', 'hello_texture_rs11_default_flags'],
  '009_texture_upload_direct_sampled_gbv': ['programs', 'texture_upload_direct_sampled_gbv'],
  '010_texture_copy_queue_explicit_barrier_rs11': ['programs', 'texture_copy_queue_explicit_barrier_rs11'],
  '011_texture_copy_queue_promoted_rs11': ['programs', 'texture_copy_queue_promoted_rs11'],
  '012_texture_copy_queue_promoted_rs10_gbv': ['programs', 'texture_copy_queue_promoted_rs10_gbv'],
};

/** The basis of a scenario, by the kind of folder it is in. */
const basisOf = (dir) =>
  dir === 'programs'
    ? 'DirectX-Graphics-Samples (Hello*); DEBUG_LAYER.md; CORRECTIONS.md \u00a73'
    : /Wait|Fence|Present|Event|Index|Reset/.test(dir)
      ? 'reference pages (fences, events, Present); SPEC TIME-*'
      : 'D3D12/DXGI reference pages; CORRECTIONS.md \u00a73; SPEC SCN-OUT-1';

/** Start a scenario the caller then builds call by call. */
const add = (dir, aspect, what, opts = {}) =>
  scenario('_generator/defs-programs.mjs', dir, aspect, what, basisOf(dir), opts, () => {});

// the vertex buffer's GPU VA: after the back buffers' allocations (model address space, deterministic)
const VA_TRI = '4302438400';
const VA_FB = '4306173952';
const VA_RT = '4295163904';

// ================================================================ 1. correct programs
const posColor = [
  {
    SemanticName: 'POSITION',
    SemanticIndex: 0,
    Format: 'DXGI_FORMAT_R32G32B32_FLOAT',
    InputSlot: 0,
    AlignedByteOffset: 0,
    InputSlotClass: 'D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA',
    InstanceDataStepRate: 0,
  },
  {
    SemanticName: 'COLOR',
    SemanticIndex: 0,
    Format: 'DXGI_FORMAT_R32G32B32A32_FLOAT',
    InputSlot: 0,
    AlignedByteOffset: 12,
    InputSlotClass: 'D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA',
    InstanceDataStepRate: 0,
  },
];
const posUv = [
  {
    SemanticName: 'POSITION',
    SemanticIndex: 0,
    Format: 'DXGI_FORMAT_R32G32B32_FLOAT',
    InputSlot: 0,
    AlignedByteOffset: 0,
    InputSlotClass: 'D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA',
    InstanceDataStepRate: 0,
  },
  {
    SemanticName: 'TEXCOORD',
    SemanticIndex: 0,
    Format: 'DXGI_FORMAT_R32G32_FLOAT',
    InputSlot: 0,
    AlignedByteOffset: 12,
    InputSlotClass: 'D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA',
    InstanceDataStepRate: 0,
  },
];
const IA = 'D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT';
const sampler = {
  Filter: 'D3D12_FILTER_MIN_MAG_MIP_POINT',
  AddressU: 'D3D12_TEXTURE_ADDRESS_MODE_BORDER',
  AddressV: 'D3D12_TEXTURE_ADDRESS_MODE_BORDER',
  AddressW: 'D3D12_TEXTURE_ADDRESS_MODE_BORDER',
  MipLODBias: 0,
  MaxAnisotropy: 0,
  ComparisonFunc: 'D3D12_COMPARISON_FUNC_NEVER',
  BorderColor: 'D3D12_STATIC_BORDER_COLOR_TRANSPARENT_BLACK',
  MinLOD: 0,
  MaxLOD: 3.402823466e38,
  ShaderRegister: 0,
  RegisterSpace: 0,
  ShaderVisibility: 'D3D12_SHADER_VISIBILITY_PIXEL',
};
const srvTable = (flags) => ({
  ParameterType: 'D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE',
  ShaderVisibility: 'D3D12_SHADER_VISIBILITY_PIXEL',
  DescriptorTable: {
    NumDescriptorRanges: 1,
    DescriptorRanges: [
      {
        RangeType: 'D3D12_DESCRIPTOR_RANGE_TYPE_SRV',
        NumDescriptors: 1,
        BaseShaderRegister: 0,
        RegisterSpace: 0,
        OffsetInDescriptorsFromTableStart: 'D3D12_DESCRIPTOR_RANGE_OFFSET_APPEND',
        ...(flags ? { Flags: flags } : {}),
      },
    ],
  },
});

// The sample's LoadPipeline + LoadAssets common part. frameCount back buffers, RTVs through a handle + increment.
function helloPipeline(b, frameCount, { srvHeap = false, w = 1280, h = 720 } = {}) {
  b.device();
  b.c('ID3D12Device::CreateCommandQueue', {
    self: 'dev',
    args: { Flags: 'D3D12_COMMAND_QUEUE_FLAG_NONE', Type: 'D3D12_COMMAND_LIST_TYPE_DIRECT' },
    out: 'queue',
  });
  b.factory().swap(frameCount, { w, h });
  b.c('IDXGISwapChain3::GetCurrentBackBufferIndex', { self: 'swapchain' }, { value: '0' });
  b.heap('rtvHeap', 'RTV', frameCount);
  if (srvHeap) b.heap('srvHeap', 'CBV_SRV_UAV', 1, true);
  b.inc('RTV', RTV_INC); // default device (DH-INC-1); printed as a decimal string
  b.cpuStart('rtvHeap', 'rtvHandle');
  for (let n = 0; n < frameCount; n++) {
    b.getBuffer(n, `rt${n}`);
    b.rtvAt(`rt${n}`, { heapStart: 'rtvHeap', offset: n * RTV_INC });
  }
  return b;
}

{
  // D3D12HelloTriangle, transcribed: one allocator, WaitForPreviousFrame after every frame (3 frames)
  const b = add('programs', 'hello_triangle', WHAT['correct/001_hello_triangle']);
  helloPipeline(b, 2);
  b.alloc('commandAllocator');
  b.rs10([], [], IA);
  b.pso(posColor, { vsIn: ['POSITION', 'COLOR'] });
  b.c('ID3D12Device::CreateCommandList', {
    self: 'dev',
    args: {
      nodeMask: 0,
      type: 'D3D12_COMMAND_LIST_TYPE_DIRECT',
      CommandAllocator: 'commandAllocator',
      InitialState: 'pipelineState',
    },
    out: 'commandList',
  });
  b.close('commandList');
  b.buffer('vertexBuffer', 'UPLOAD', 84, 'GENERIC_READ');
  b.map('vertexBuffer', 0, { Begin: 0, End: 0 });
  b.c('ID3D12Resource::Unmap', { self: 'vertexBuffer', args: { Subresource: 0, WrittenRange: null } });
  b.gpuva('vertexBuffer', VA_TRI);
  b.fence('fence', 0);
  b.ev('fenceEvent');
  // a Signal on an idle queue: nothing runs before it, so it completes at once (TIME-GPU-4)
  b.waitForPrevious(1, 1);
  b.c('IDXGISwapChain3::GetCurrentBackBufferIndex', { self: 'swapchain' }, { value: '0' });
  let fenceValue = 2;
  for (let f = 0; f < 3; f++) {
    const bb = f % 2;
    b.resetAlloc('commandAllocator');
    b.resetList('commandList', 'commandAllocator');
    b.calls[b.calls.length - 1].args.InitialState = 'pipelineState';
    b.c('ID3D12GraphicsCommandList::SetGraphicsRootSignature', {
      self: 'commandList',
      args: { RootSignature: 'rootSignature' },
    });
    b.viewportScissor('commandList', 1280, 720);
    b.tr('commandList', `rt${bb}`, 'PRESENT', 'RENDER_TARGET');
    b.omSet('commandList', 'rtvHeap', bb);
    b.clearRtv('commandList', 'rtvHeap', bb);
    b.vb('commandList', 'vertexBuffer', 84, 28);
    b.draw('commandList');
    b.tr('commandList', `rt${bb}`, 'RENDER_TARGET', 'PRESENT');
    b.close('commandList');
    b.ecl('queue', 'commandList');
    b.present(1, 0);
    b.waitForPrevious(fenceValue, fenceValue - 1);
    fenceValue++;
    b.c('IDXGISwapChain3::GetCurrentBackBufferIndex', { self: 'swapchain' }, { value: String((f + 1) % 2) });
  }
  b.waitForPrevious(fenceValue, fenceValue); // OnDestroy: the queue is idle again (TIME-GPU-4)
  b.c('CloseHandle', { args: { hObject: 'fenceEvent' } }, { hr: null });
}

function helloTexture(name, rsVersion, rangeFlags) {
  const [dir, aspect] = PLACE[name];
  const b = add(dir, aspect, WHAT[`correct/${name}`]);
  helloPipeline(b, 2, { srvHeap: true });
  b.alloc('commandAllocator');
  if (rsVersion === '1_1') {
    b.c(
      'ID3D12Device::CheckFeatureSupport',
      {
        self: 'dev',
        args: {
          Feature: 'D3D12_FEATURE_ROOT_SIGNATURE',
          FeatureSupportData: { HighestVersion: 'D3D_ROOT_SIGNATURE_VERSION_1_1' },
          FeatureSupportDataSize: 4,
        },
      },
      { extra: { value: { HighestVersion: 'D3D_ROOT_SIGNATURE_VERSION_1_1' } } },
    );
    b.exp[b.exp.length - 1].extra = { value: { HighestVersion: 'D3D_ROOT_SIGNATURE_VERSION_1_1' } };
    b.rs11([srvTable(rangeFlags)], [sampler], IA);
  } else b.rs10([srvTable()], [sampler], IA);
  b.pso(posUv, {
    vsIn: ['POSITION', 'TEXCOORD'],
    psRes: [
      { Type: 'SRV', Register: 0 },
      { Type: 'SAMPLER', Register: 0 },
    ],
  });
  b.c('ID3D12Device::CreateCommandList', {
    self: 'dev',
    args: {
      nodeMask: 0,
      type: 'D3D12_COMMAND_LIST_TYPE_DIRECT',
      CommandAllocator: 'commandAllocator',
      InitialState: 'pipelineState',
    },
    out: 'commandList',
  });
  b.buffer('vertexBuffer', 'UPLOAD', 60, 'GENERIC_READ');
  b.map('vertexBuffer', 0, { Begin: 0, End: 0 });
  b.c('ID3D12Resource::Unmap', { self: 'vertexBuffer', args: { Subresource: 0, WrittenRange: null } });
  b.gpuva('vertexBuffer', VA_TRI);
  // texture 256x256 RGBA8, GetRequiredIntermediateSize = GetCopyableFootprints TotalBytes (256*4 = 1024 = pitch)
  const tdesc = texDesc(256, 256);
  b.committed('texture', 'DEFAULT', tdesc, 'COPY_DEST');
  b.x(
    'ID3D12Device::GetCopyableFootprints',
    {
      self: 'dev',
      args: { ResourceDesc: tdesc, FirstSubresource: 0, NumSubresources: 1, BaseOffset: 0 },
      out: 'layouts',
    },
    {
      footprint: {
        Layouts: [
          {
            Offset: '0',
            Footprint: { Format: 'DXGI_FORMAT_R8G8B8A8_UNORM', Width: 256, Height: 256, Depth: 1, RowPitch: 1024 },
          },
        ],
        NumRows: [256],
        RowSizeInBytes: ['1024'],
        TotalBytes: '262144',
      },
    },
  );
  b.buffer('textureUploadHeap', 'UPLOAD', 262144, 'GENERIC_READ');
  // UpdateSubresources: Map(0, nullptr, &p) (NULL read range on a write-combined upload heap: no warning), memcpy rows, Unmap(0, nullptr)
  b.c('ID3D12Resource::Map', { self: 'textureUploadHeap', args: { Subresource: 0, ReadRange: null } });
  b.c('ID3D12Resource::Unmap', { self: 'textureUploadHeap', args: { Subresource: 0, WrittenRange: null } });
  b.c('ID3D12GraphicsCommandList::CopyTextureRegion', {
    self: 'commandList',
    args: {
      Dst: { Resource: 'texture', Type: 'D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX', SubresourceIndex: 0 },
      DstX: 0,
      DstY: 0,
      DstZ: 0,
      Src: {
        Resource: 'textureUploadHeap',
        Type: 'D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT',
        PlacedFootprint: {
          Offset: 0,
          Footprint: { Format: 'DXGI_FORMAT_R8G8B8A8_UNORM', Width: 256, Height: 256, Depth: 1, RowPitch: 1024 },
        },
      },
      SrcBox: null,
    },
  });
  b.tr('commandList', 'texture', 'COPY_DEST', 'PIXEL_SHADER_RESOURCE');
  b.c('ID3D12Device::CreateShaderResourceView', {
    self: 'dev',
    args: {
      Resource: 'texture',
      Desc: {
        Shader4ComponentMapping: 'D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING',
        Format: 'DXGI_FORMAT_R8G8B8A8_UNORM',
        ViewDimension: 'D3D12_SRV_DIMENSION_TEXTURE2D',
        Texture2D: { MipLevels: 1 },
      },
      DestDescriptor: { heap: 'srvHeap', index: 0 },
    },
  });
  b.close('commandList');
  b.ecl('queue', 'commandList');
  b.fence('fence', 0);
  b.ev('fenceEvent');
  b.waitForPrevious(1, 0);
  b.gpuStart('srvHeap', 'srvGpu');
  let fv = 2;
  for (let f = 0; f < 3; f++) {
    const bb = f % 2;
    b.resetAlloc('commandAllocator');
    b.c('ID3D12GraphicsCommandList::Reset', {
      self: 'commandList',
      args: { Allocator: 'commandAllocator', InitialState: 'pipelineState' },
    });
    b.c('ID3D12GraphicsCommandList::SetGraphicsRootSignature', {
      self: 'commandList',
      args: { RootSignature: 'rootSignature' },
    });
    b.c('ID3D12GraphicsCommandList::SetDescriptorHeaps', {
      self: 'commandList',
      args: { NumDescriptorHeaps: 1, DescriptorHeaps: ['srvHeap'] },
    });
    b.c('ID3D12GraphicsCommandList::SetGraphicsRootDescriptorTable', {
      self: 'commandList',
      args: { RootParameterIndex: 0, BaseDescriptor: 'srvGpu' },
    });
    b.viewportScissor('commandList', 1280, 720);
    b.tr('commandList', `rt${bb}`, 'PRESENT', 'RENDER_TARGET');
    b.c('ID3D12GraphicsCommandList::OMSetRenderTargets', {
      self: 'commandList',
      args: {
        NumRenderTargetDescriptors: 1,
        RenderTargetDescriptors: [{ handle: 'rtvHandle', offset: bb * RTV_INC }],
        RTsSingleHandleToDescriptorRange: false,
        DepthStencilDescriptor: null,
      },
    });
    b.c('ID3D12GraphicsCommandList::ClearRenderTargetView', {
      self: 'commandList',
      args: {
        RenderTargetView: { handle: 'rtvHandle', offset: bb * RTV_INC },
        ColorRGBA: [0, 0.2, 0.4, 1],
        NumRects: 0,
        Rects: null,
      },
    });
    b.vb('commandList', 'vertexBuffer', 60, 20);
    b.draw('commandList');
    b.tr('commandList', `rt${bb}`, 'RENDER_TARGET', 'PRESENT');
    b.close('commandList');
    b.ecl('queue', 'commandList');
    b.present(1, 0);
    b.waitForPrevious(fv, fv - 1);
    fv++;
    b.c('IDXGISwapChain3::GetCurrentBackBufferIndex', { self: 'swapchain' }, { value: String((f + 1) % 2) });
  }
  // the texture upload heap can go now: the GPU is done with it
  b.release('textureUploadHeap');
}
helloTexture('002_hello_texture_rs11', '1_1', 'D3D12_DESCRIPTOR_RANGE_FLAG_DATA_STATIC');
helloTexture('003_hello_texture_rs10', '1_0');
helloTexture('004_hello_texture_rs11_default_flags', '1_1');

{
  // D3D12HelloFrameBuffering: 3 frames in flight, one allocator per frame, fenceValues[frame], MoveToNextFrame
  const b = add('programs', 'hello_frame_buffering', WHAT['correct/005_hello_frame_buffering'], {});
  const N = 3;
  helloPipeline(b, N);
  for (let n = 0; n < N; n++) b.alloc(`commandAllocator${n}`);
  b.rs10([], [], IA);
  b.pso(posColor, { vsIn: ['POSITION', 'COLOR'] });
  b.c('ID3D12Device::CreateCommandList', {
    self: 'dev',
    args: {
      nodeMask: 0,
      type: 'D3D12_COMMAND_LIST_TYPE_DIRECT',
      CommandAllocator: 'commandAllocator0',
      InitialState: 'pipelineState',
    },
    out: 'commandList',
  });
  b.close('commandList');
  b.buffer('vertexBuffer', 'UPLOAD', 84, 'GENERIC_READ');
  b.map('vertexBuffer', 0, { Begin: 0, End: 0 });
  b.c('ID3D12Resource::Unmap', { self: 'vertexBuffer', args: { Subresource: 0, WrittenRange: null } });
  b.gpuva('vertexBuffer', VA_FB);
  b.fence('fence', 0);
  b.ev('fenceEvent');
  // WaitForGpu: Signal(fenceValues[0]=0?) -- the sample signals fenceValues[frameIndex] (starts at 0, then ++ after create)
  const fenceValues = [1, 0, 0];
  b.signal('queue', 'fence', 1);
  b.setEvent('fence', 1, 'fenceEvent');
  b.c('WaitForSingleObject', { args: { hHandle: 'fenceEvent', dwMilliseconds: 'INFINITE' } }, { hr: 'WAIT_OBJECT_0' });
  fenceValues[0]++;
  let frameIndex = 0;
  // gpuMsPerList default 1 ms; Present with 3 frames never blocks (maxFrameLatency 3). Run 7 frames.
  for (let f = 0; f < 7; f++) {
    const bb = frameIndex;
    b.resetAlloc(`commandAllocator${bb}`);
    b.c('ID3D12GraphicsCommandList::Reset', {
      self: 'commandList',
      args: { Allocator: `commandAllocator${bb}`, InitialState: 'pipelineState' },
    });
    b.c('ID3D12GraphicsCommandList::SetGraphicsRootSignature', {
      self: 'commandList',
      args: { RootSignature: 'rootSignature' },
    });
    b.viewportScissor('commandList', 1280, 720);
    b.tr('commandList', `rt${bb}`, 'PRESENT', 'RENDER_TARGET');
    b.omSet('commandList', 'rtvHeap', bb);
    b.clearRtv('commandList', 'rtvHeap', bb);
    b.vb('commandList', 'vertexBuffer', 84, 28);
    b.draw('commandList');
    b.tr('commandList', `rt${bb}`, 'RENDER_TARGET', 'PRESENT');
    b.close('commandList');
    b.ecl('queue', 'commandList');
    b.present(1, 0);
    // MoveToNextFrame
    const cur = fenceValues[frameIndex];
    b.signal('queue', 'fence', cur);
    frameIndex = (frameIndex + 1) % N;
    b.c('IDXGISwapChain3::GetCurrentBackBufferIndex', { self: 'swapchain' }, { value: String(frameIndex) });
    // GetCompletedValue < fenceValues[frameIndex] ? wait. We do not print the completed value (it depends on CPU
    // speed vs GPU speed, which the docs leave to the model); the wait must succeed whenever it is needed.
    if (fenceValues[frameIndex] > 0) {
      b.setEvent('fence', fenceValues[frameIndex], 'fenceEvent');
      b.c(
        'WaitForSingleObject',
        { args: { hHandle: 'fenceEvent', dwMilliseconds: 'INFINITE' } },
        { hr: 'WAIT_OBJECT_0' },
      );
    }
    fenceValues[frameIndex] = cur + 1;
  }
  // OnDestroy: WaitForGpu
  const last = fenceValues[frameIndex];
  b.signal('queue', 'fence', last);
  b.setEvent('fence', last, 'fenceEvent');
  b.c('WaitForSingleObject', { args: { hHandle: 'fenceEvent', dwMilliseconds: 'INFINITE' } }, { hr: 'WAIT_OBJECT_0' });
  b.c('ID3D12Fence::GetCompletedValue', { self: 'fence' }, { value: String(last) });
}

{
  // resize: the DXGI rule is that every reference to the back buffers is released (GetBuffer refs) and the GPU is
  // done; then ResizeBuffers (0 = keep count/format), new buffers start in PRESENT with index 0; re-create RTVs.
  const b = add('programs', 'resize_buffers_after_release', WHAT['correct/006_resize_buffers_after_release']);
  helloPipeline(b, 2, { w: 640, h: 480 });
  b.alloc('alloc').list('list', 'DIRECT', 'alloc');
  b.tr('list', 'rt0', 'PRESENT', 'RENDER_TARGET');
  b.clearRtv('list', 'rtvHeap', 0);
  b.tr('list', 'rt0', 'RENDER_TARGET', 'PRESENT');
  b.close('list');
  b.ecl('queue', 'list');
  b.present(1, 0);
  b.c('IDXGISwapChain3::GetCurrentBackBufferIndex', { self: 'swapchain' }, { value: '1' });
  b.fence('fence', 0).ev('fenceEvent');
  b.waitForPrevious(1, 0);
  b.release('rt0').release('rt1');
  b.c('IDXGISwapChain::ResizeBuffers', {
    self: 'swapchain',
    args: { BufferCount: 2, Width: 1024, Height: 768, NewFormat: 'DXGI_FORMAT_UNKNOWN', SwapChainFlags: 0 },
  });
  b.c('IDXGISwapChain3::GetCurrentBackBufferIndex', { self: 'swapchain' }, { value: '0' });
  for (let n = 0; n < 2; n++) {
    b.getBuffer(n, `nrt${n}`);
    b.rtvAt(`nrt${n}`, { heap: 'rtvHeap', index: n });
  }
  b.resetAlloc('alloc');
  b.resetList('list', 'alloc');
  b.tr('list', 'nrt0', 'PRESENT', 'RENDER_TARGET');
  b.clearRtv('list', 'rtvHeap', 0);
  b.tr('list', 'nrt0', 'RENDER_TARGET', 'PRESENT');
  b.close('list');
  b.ecl('queue', 'list');
  b.present(1, 0);
  b.c('IDXGISwapChain3::GetCurrentBackBufferIndex', { self: 'swapchain' }, { value: '1' });
  b.waitForPrevious(2, 1);
}

{
  // screenshot: back buffer PRESENT -> COPY_SOURCE, CopyTextureRegion into a READBACK buffer at a placed footprint
  // from GetCopyableFootprints (800x600 BGRA8: RowPitch 3200 -> 3328), back to PRESENT, Present; wait; Map with the
  // read range of the data; Unmap with an empty written range.
  const b = add('programs', 'back_buffer_readback', WHAT['correct/007_back_buffer_readback']);
  b.device();
  b.c('ID3D12Device::CreateCommandQueue', {
    self: 'dev',
    args: { Type: 'D3D12_COMMAND_LIST_TYPE_DIRECT' },
    out: 'queue',
  });
  b.factory().swap(2, { w: 800, h: 600, fmt: 'DXGI_FORMAT_B8G8R8A8_UNORM' });
  b.heap('rtvHeap', 'RTV', 2);
  b.getBuffer(0, 'rt0');
  b.rtv('rt0', 'rtvHeap', 0);
  b.alloc('alloc').list('list', 'DIRECT', 'alloc');
  const d = texDesc(800, 600, { fmt: 'DXGI_FORMAT_B8G8R8A8_UNORM', flags: 'D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET' });
  b.x(
    'ID3D12Device::GetCopyableFootprints',
    { self: 'dev', args: { ResourceDesc: d, FirstSubresource: 0, NumSubresources: 1, BaseOffset: 0 } },
    {
      footprint: {
        Layouts: [
          {
            Offset: '0',
            Footprint: { Format: 'DXGI_FORMAT_B8G8R8A8_UNORM', Width: 800, Height: 600, Depth: 1, RowPitch: 3328 },
          },
        ],
        NumRows: [600],
        RowSizeInBytes: ['3200'],
        TotalBytes: String(3328 * 599 + 3200),
      },
    },
  );
  b.buffer('readback', 'READBACK', 3328 * 600, 'COPY_DEST');
  b.tr('list', 'rt0', 'PRESENT', 'RENDER_TARGET');
  b.clearRtv('list', 'rtvHeap', 0);
  b.tr('list', 'rt0', 'RENDER_TARGET', 'COPY_SOURCE');
  b.downTex('list', 'readback', 'rt0', 800, 600, { rowPitch: 3328, fmt: 'DXGI_FORMAT_B8G8R8A8_UNORM' });
  b.tr('list', 'rt0', 'COPY_SOURCE', 'PRESENT');
  b.close('list');
  b.ecl('queue', 'list');
  b.present(1, 0);
  b.fence('fence', 0).ev('fenceEvent');
  b.waitForPrevious(1, 0);
  b.map('readback', 0, { Begin: 0, End: 3328 * 599 + 3200 });
  b.unmap('readback', 0, { Begin: 0, End: 0 });
  b.c('IDXGISwapChain3::GetCurrentBackBufferIndex', { self: 'swapchain' }, { value: '1' });
}

{
  // A fuller frame: DEFAULT vertex/index buffers filled from an UPLOAD buffer (created in COPY_DEST: only the
  // #1328 "state ignored" warning, DL 13; the copies promote them from COMMON), barriers COPY_DEST -> VERTEX/INDEX,
  // depth buffer (DSV heap, D32_FLOAT, DEPTH_WRITE, clear value), a persistently mapped constant buffer bound as a
  // root CBV, root constants, a CBV in a shader-visible heap through a table, indexed draws. Two frames.
  const b = add('programs', 'depth_constants_indexed_draw', WHAT['correct/008_depth_constants_indexed_draw']);
  helloPipeline(b, 2, { w: 640, h: 480 });
  b.heap('dsvHeap', 'DSV', 1);
  b.heap('cbvHeap', 'CBV_SRV_UAV', 1, true);
  b.alloc('alloc0').alloc('alloc1');
  const cbvParam = {
    ParameterType: 'D3D12_ROOT_PARAMETER_TYPE_CBV',
    ShaderVisibility: 'D3D12_SHADER_VISIBILITY_VERTEX',
    Descriptor: {
      ShaderRegister: 0,
      RegisterSpace: 0,
      Flags: 'D3D12_ROOT_DESCRIPTOR_FLAG_DATA_STATIC_WHILE_SET_AT_EXECUTE',
    },
  };
  const constParam = {
    ParameterType: 'D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS',
    ShaderVisibility: 'D3D12_SHADER_VISIBILITY_PIXEL',
    Constants: { ShaderRegister: 1, RegisterSpace: 0, Num32BitValues: 4 },
  };
  const cbvTable = {
    ParameterType: 'D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE',
    ShaderVisibility: 'D3D12_SHADER_VISIBILITY_PIXEL',
    DescriptorTable: {
      NumDescriptorRanges: 1,
      DescriptorRanges: [
        {
          RangeType: 'D3D12_DESCRIPTOR_RANGE_TYPE_CBV',
          NumDescriptors: 1,
          BaseShaderRegister: 2,
          RegisterSpace: 0,
          OffsetInDescriptorsFromTableStart: 0,
          Flags: 'D3D12_DESCRIPTOR_RANGE_FLAG_DATA_STATIC_WHILE_SET_AT_EXECUTE',
        },
      ],
    },
  };
  b.rs11([cbvParam, constParam, cbvTable], [], IA);
  b.c('ID3D12Device::CreateGraphicsPipelineState', {
    self: 'dev',
    args: {
      Desc: {
        InputLayout: { NumElements: 2, InputElementDescs: posColor },
        RootSignature: 'rootSignature',
        VS: {
          BytecodeLength: 1024,
          Reflection: {
            Inputs: [{ SemanticName: 'POSITION' }, { SemanticName: 'COLOR' }],
            Resources: [{ Type: 'CBV', Register: 0 }],
          },
        },
        PS: {
          BytecodeLength: 1024,
          Reflection: {
            Inputs: [],
            Resources: [
              { Type: 'CBV', Register: 1 },
              { Type: 'CBV', Register: 2 },
            ],
          },
        },
        RasterizerState: { FillMode: 'D3D12_FILL_MODE_SOLID', CullMode: 'D3D12_CULL_MODE_BACK', DepthClipEnable: true },
        DepthStencilState: {
          DepthEnable: true,
          DepthWriteMask: 'D3D12_DEPTH_WRITE_MASK_ALL',
          DepthFunc: 'D3D12_COMPARISON_FUNC_LESS',
        },
        SampleMask: 0xffffffff,
        PrimitiveTopologyType: 'D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE',
        NumRenderTargets: 1,
        RTVFormats: ['DXGI_FORMAT_R8G8B8A8_UNORM'],
        DSVFormat: 'DXGI_FORMAT_D32_FLOAT',
        SampleDesc: { Count: 1 },
      },
    },
    out: 'pipelineState',
  });
  b.c('ID3D12Device::CreateCommandList', {
    self: 'dev',
    args: { nodeMask: 0, type: 'D3D12_COMMAND_LIST_TYPE_DIRECT', CommandAllocator: 'alloc0', InitialState: null },
    out: 'list',
  });
  b.committed(
    'depth',
    'DEFAULT',
    texDesc(640, 480, { fmt: 'DXGI_FORMAT_D32_FLOAT', flags: 'D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL' }),
    'DEPTH_WRITE',
  );
  b.calls[b.calls.length - 1].args.OptimizedClearValue = {
    Format: 'DXGI_FORMAT_D32_FLOAT',
    DepthStencil: { Depth: 1, Stencil: 0 },
  };
  b.c('ID3D12Device::CreateDepthStencilView', {
    self: 'dev',
    args: {
      Resource: 'depth',
      Desc: { Format: 'DXGI_FORMAT_D32_FLOAT', ViewDimension: 'D3D12_DSV_DIMENSION_TEXTURE2D', Flags: 0 },
      DestDescriptor: { heap: 'dsvHeap', index: 0 },
    },
  });
  b.buffer('vb', 'DEFAULT', 1024, 'COPY_DEST', { msgs: ['CREATERESOURCE_STATE_IGNORED'] });
  b.buffer('ib', 'DEFAULT', 1024, 'COPY_DEST', { msgs: ['CREATERESOURCE_STATE_IGNORED'] });
  b.upload('staging', 65536);
  b.map('staging').unmap('staging', 0, { Begin: 0, End: 2048 });
  b.copyBuf('list', 'vb', 0, 'staging', 0, 1024).copyBuf('list', 'ib', 0, 'staging', 1024, 1024);
  b.barrier('list', [
    transition('vb', 'D3D12_RESOURCE_STATE_COPY_DEST', 'D3D12_RESOURCE_STATE_VERTEX_AND_CONSTANT_BUFFER'),
    transition('ib', 'D3D12_RESOURCE_STATE_COPY_DEST', 'D3D12_RESOURCE_STATE_INDEX_BUFFER'),
  ]);
  b.close('list').ecl('queue', 'list');
  b.upload('cb', 65536);
  b.map('cb'); // persistently mapped: UPLOAD may stay mapped (CORRECTIONS §3.7)
  b.gpuva('cb', '4298899456');
  b.c('ID3D12Device::CreateConstantBufferView', {
    self: 'dev',
    args: {
      Desc: { BufferLocation: { value: 'cbVA', offset: 256 }, SizeInBytes: 256 },
      DestDescriptor: { heap: 'cbvHeap', index: 0 },
    },
  });
  b.gpuva('vb', '4298702848');
  b.gpuva('ib', '4298768384');
  b.fence('fence', 0).ev('fenceEvent');
  b.signal('queue', 'fence', 1);
  b.setEvent('fence', 1, 'fenceEvent');
  b.c('WaitForSingleObject', { args: { hHandle: 'fenceEvent', dwMilliseconds: 'INFINITE' } }, { hr: 'WAIT_OBJECT_0' });
  b.release('staging');
  b.gpuStart('cbvHeap', 'cbvGpu');
  for (let f = 0; f < 2; f++) {
    b.resetAlloc(`alloc${f}`);
    b.c('ID3D12GraphicsCommandList::Reset', {
      self: 'list',
      args: { Allocator: `alloc${f}`, InitialState: 'pipelineState' },
    });
    b.c('ID3D12GraphicsCommandList::SetGraphicsRootSignature', {
      self: 'list',
      args: { RootSignature: 'rootSignature' },
    });
    b.c('ID3D12GraphicsCommandList::SetDescriptorHeaps', {
      self: 'list',
      args: { NumDescriptorHeaps: 1, DescriptorHeaps: ['cbvHeap'] },
    });
    b.c('ID3D12GraphicsCommandList::SetGraphicsRootConstantBufferView', {
      self: 'list',
      args: { RootParameterIndex: 0, BufferLocation: 'cbVA' },
    });
    b.c('ID3D12GraphicsCommandList::SetGraphicsRoot32BitConstants', {
      self: 'list',
      args: { RootParameterIndex: 1, Num32BitValuesToSet: 4, SrcData: [1, 0, 0, 1], DestOffsetIn32BitValues: 0 },
    });
    b.c('ID3D12GraphicsCommandList::SetGraphicsRootDescriptorTable', {
      self: 'list',
      args: { RootParameterIndex: 2, BaseDescriptor: 'cbvGpu' },
    });
    b.viewportScissor('list', 640, 480);
    b.tr('list', `rt${f}`, 'PRESENT', 'RENDER_TARGET');
    b.c('ID3D12GraphicsCommandList::OMSetRenderTargets', {
      self: 'list',
      args: {
        NumRenderTargetDescriptors: 1,
        RenderTargetDescriptors: [{ heap: 'rtvHeap', index: f }],
        RTsSingleHandleToDescriptorRange: false,
        DepthStencilDescriptor: { heap: 'dsvHeap', index: 0 },
      },
    });
    b.clearRtv('list', 'rtvHeap', f);
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
    b.c('ID3D12GraphicsCommandList::IASetPrimitiveTopology', {
      self: 'list',
      args: { PrimitiveTopology: 'D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST' },
    });
    b.c('ID3D12GraphicsCommandList::IASetVertexBuffers', {
      self: 'list',
      args: { StartSlot: 0, NumViews: 1, Views: [{ BufferLocation: 'vbVA', SizeInBytes: 1024, StrideInBytes: 28 }] },
    });
    b.c('ID3D12GraphicsCommandList::IASetIndexBuffer', {
      self: 'list',
      args: { View: { BufferLocation: 'ibVA', SizeInBytes: 1024, Format: 'DXGI_FORMAT_R16_UINT' } },
    });
    b.c('ID3D12GraphicsCommandList::DrawIndexedInstanced', {
      self: 'list',
      args: {
        IndexCountPerInstance: 36,
        InstanceCount: 1,
        StartIndexLocation: 0,
        BaseVertexLocation: 0,
        StartInstanceLocation: 0,
      },
    });
    b.c('ID3D12GraphicsCommandList::DrawIndexedInstanced', {
      self: 'list',
      args: {
        IndexCountPerInstance: 36,
        InstanceCount: 2,
        StartIndexLocation: 36,
        BaseVertexLocation: 0,
        StartInstanceLocation: 0,
      },
    });
    b.tr('list', `rt${f}`, 'RENDER_TARGET', 'PRESENT');
    b.close('list').ecl('queue', 'list');
    b.present(1, 0);
    b.signal('queue', 'fence', f + 2);
  }
  b.cpuWait('fence', 3, 'INFINITE');
  b.unmap('cb', 0, { Begin: 0, End: 512 });
}

function texSampling(name, { viaCopyQueue, explicitBarrier, gbv, rs }) {
  // a texture uploaded (on a COPY queue when viaCopyQueue, created COMMON as copy queues require) and sampled by a
  // draw through a table. All correct: no message, with or without GBV.
  const [dir, aspect] = PLACE[name];
  const b = add(dir, aspect, WHAT[`correct/${name}`], { gbv });
  b.device().queue('queue', 'DIRECT');
  if (viaCopyQueue) b.queue('copyQueue', 'COPY').alloc('copyAlloc', 'COPY').list('copyList', 'COPY', 'copyAlloc');
  b.alloc('alloc').list('list', 'DIRECT', 'alloc');
  b.texture('tex', 64, 64, viaCopyQueue ? 'COMMON' : 'COPY_DEST');
  // created with the colour clearRtv clears to, so the clear draws no CLEARRENDERTARGETVIEW_MISMATCHINGCLEARVALUE
  b.texture('rt', 64, 64, 'RENDER_TARGET', {
    flags: 'D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET',
    clear: { Format: 'DXGI_FORMAT_R8G8B8A8_UNORM', Color: [0, 0.2, 0.4, 1] },
  });
  b.upload('upload');
  b.heap('rtvHeap', 'RTV', 1).rtv('rt', 'rtvHeap', 0);
  b.heap('srvHeap', 'CBV_SRV_UAV', 1, true);
  b.c('ID3D12Device::CreateShaderResourceView', {
    self: 'dev',
    args: { Resource: 'tex', Desc: null, DestDescriptor: { heap: 'srvHeap', index: 0 } },
  });
  if (rs === '1_1') b.rs11([srvTable()], [sampler], IA);
  else b.rs10([srvTable()], [sampler], IA);
  b.pso(posUv, {
    vsIn: ['POSITION', 'TEXCOORD'],
    psRes: [
      { Type: 'SRV', Register: 0 },
      { Type: 'SAMPLER', Register: 0 },
    ],
  });
  b.buffer('vb', 'UPLOAD', 65536, 'GENERIC_READ').gpuva('vb', VA_RT);
  b.fence('fence', 0).fence('copyFence', 0);
  const up = viaCopyQueue ? 'copyList' : 'list';
  b.upTex(up, 'tex', 'upload', 64, 64);
  if (viaCopyQueue) {
    b.close('copyList').ecl('copyQueue', 'copyList').signal('copyQueue', 'copyFence', 1);
    b.qwait('queue', 'copyFence', 1);
    if (explicitBarrier) b.tr('list', 'tex', 'COMMON', 'PIXEL_SHADER_RESOURCE');
  } else b.tr('list', 'tex', 'COPY_DEST', 'PIXEL_SHADER_RESOURCE');
  b.c('ID3D12GraphicsCommandList::SetGraphicsRootSignature', {
    self: 'list',
    args: { RootSignature: 'rootSignature' },
  });
  b.c('ID3D12GraphicsCommandList::SetPipelineState', { self: 'list', args: { PipelineState: 'pipelineState' } });
  b.c('ID3D12GraphicsCommandList::SetDescriptorHeaps', {
    self: 'list',
    args: { NumDescriptorHeaps: 1, DescriptorHeaps: ['srvHeap'] },
  });
  b.c('ID3D12GraphicsCommandList::SetGraphicsRootDescriptorTable', {
    self: 'list',
    args: { RootParameterIndex: 0, BaseDescriptor: { heap: 'srvHeap', index: 0 } },
  });
  b.viewportScissor('list', 64, 64);
  b.omSet('list', 'rtvHeap', 0);
  b.clearRtv('list', 'rtvHeap', 0);
  b.vb('list', 'vb', 60, 20);
  b.draw('list');
  b.close('list').ecl('queue', 'list').signal('queue', 'fence', 1);
  b.cpuWait('fence', 1, 'INFINITE');
  b.completed('fence', 1);
}
texSampling('009_texture_upload_direct_sampled_gbv', { viaCopyQueue: false, gbv: true, rs: '1_1' });
texSampling('010_texture_copy_queue_explicit_barrier_rs11', { viaCopyQueue: true, explicitBarrier: true, rs: '1_1' });
texSampling('011_texture_copy_queue_promoted_rs11', { viaCopyQueue: true, explicitBarrier: false, rs: '1_1' });
texSampling('012_texture_copy_queue_promoted_rs10_gbv', {
  viaCopyQueue: true,
  explicitBarrier: false,
  gbv: true,
  rs: '1_0',
});

// ================================================================ 2. getter outputs
const fp = (Offset, Format, Width, Height, RowPitch, Depth = 1) => ({
  Offset: String(Offset),
  Footprint: { Format, Width, Height, Depth, RowPitch },
});
const gcf = (b, desc, first, num, expect) =>
  b.x(
    'ID3D12Device::GetCopyableFootprints',
    { self: 'dev', args: { ResourceDesc: desc, FirstSubresource: first, NumSubresources: num, BaseOffset: 0 } },
    { footprint: expect },
  );
{
  // GetCopyableFootprints: RowPitch = align(row bytes, 256) (D3D12_TEXTURE_DATA_PITCH_ALIGNMENT), each Offset
  // align 512 (D3D12_TEXTURE_DATA_PLACEMENT_ALIGNMENT), TotalBytes ends at the last row's own bytes; BC formats
  // count rows and widths in 4x4 blocks; UINT64 outputs (Offset, RowSizeInBytes, TotalBytes) print as strings.
  const b = add(
    'ID3D12Device/GetCopyableFootprints',
    'copyable_footprints_formats',
    WHAT['getters/001_copyable_footprints_formats'],
  );
  b.device();
  const RGBA8 = 'DXGI_FORMAT_R8G8B8A8_UNORM';
  gcf(b, texDesc(100, 60), 0, 1, {
    Layouts: [fp(0, RGBA8, 100, 60, 512)],
    NumRows: [60],
    RowSizeInBytes: ['400'],
    TotalBytes: String(512 * 59 + 400),
  });
  gcf(b, texDesc(64, 64), 0, 1, {
    Layouts: [fp(0, RGBA8, 64, 64, 256)],
    NumRows: [64],
    RowSizeInBytes: ['256'],
    TotalBytes: '16384',
  });
  gcf(b, texDesc(1, 1, { fmt: 'DXGI_FORMAT_R8_UNORM' }), 0, 1, {
    Layouts: [fp(0, 'DXGI_FORMAT_R8_UNORM', 1, 1, 256)],
    NumRows: [1],
    RowSizeInBytes: ['1'],
    TotalBytes: '1',
  });
  // RGBA16F 33x17, 2 mips: mip 0 row 264 -> pitch 512, 17 rows (8704 bytes with padding); mip 1 16x8 row 128 -> pitch 256 at 8704
  gcf(b, texDesc(33, 17, { fmt: 'DXGI_FORMAT_R16G16B16A16_FLOAT', mips: 2 }), 0, 2, {
    Layouts: [
      fp(0, 'DXGI_FORMAT_R16G16B16A16_FLOAT', 33, 17, 512),
      fp(8704, 'DXGI_FORMAT_R16G16B16A16_FLOAT', 16, 8, 256),
    ],
    NumRows: [17, 8],
    RowSizeInBytes: ['264', '128'],
    TotalBytes: String(8704 + 256 * 7 + 128),
  });
  // 256x256 RGBA8 with a full mip chain, subresources 1..2 only (offsets restart at BaseOffset 0)
  gcf(b, texDesc(256, 256, { mips: 9 }), 1, 2, {
    Layouts: [fp(0, RGBA8, 128, 128, 512), fp(65536, RGBA8, 64, 64, 256)],
    NumRows: [128, 64],
    RowSizeInBytes: ['512', '256'],
    TotalBytes: String(65536 + 256 * 63 + 256),
  });
  // BC1 256x256, 3 mips, 2 slices: 8 bytes per 4x4 block. mip0 64 block rows of 512; mip1 32 x 256; mip2 16 rows of 128 -> pitch 256
  const BC1 = 'DXGI_FORMAT_BC1_UNORM';
  gcf(b, texDesc(256, 256, { fmt: BC1, mips: 3, array: 2 }), 0, 6, {
    Layouts: [
      fp(0, BC1, 256, 256, 512),
      fp(32768, BC1, 128, 128, 256),
      fp(40960, BC1, 64, 64, 256),
      fp(45056, BC1, 256, 256, 512),
      fp(77824, BC1, 128, 128, 256),
      fp(86016, BC1, 64, 64, 256),
    ],
    NumRows: [64, 32, 16, 64, 32, 16],
    RowSizeInBytes: ['512', '256', '128', '512', '256', '128'],
    TotalBytes: String(86016 + 256 * 15 + 128),
  });
  // BC3 8x8 with 4 mips: 16 bytes per block; the 2x2 and 1x1 mips are one whole block (footprint 4x4)
  const BC3 = 'DXGI_FORMAT_BC3_UNORM';
  gcf(b, texDesc(8, 8, { fmt: BC3, mips: 4 }), 0, 4, {
    Layouts: [fp(0, BC3, 8, 8, 256), fp(512, BC3, 4, 4, 256), fp(1024, BC3, 4, 4, 256), fp(1536, BC3, 4, 4, 256)],
    NumRows: [2, 1, 1, 1],
    RowSizeInBytes: ['32', '16', '16', '16'],
    TotalBytes: '1552',
  });
}
{
  const b = add(
    'ID3D12Device/GetResourceAllocationInfo',
    'resource_allocation_info',
    WHAT['getters/002_resource_allocation_info'],
  );
  b.device();
  const rai = (descs, SizeInBytes, Alignment) =>
    b.c(
      'ID3D12Device::GetResourceAllocationInfo',
      { self: 'dev', args: { visibleMask: 0, numResourceDescs: descs.length, ResourceDescs: descs } },
      { hr: null, value: { SizeInBytes, Alignment } },
    );
  rai([texDesc(256, 256)], '262144', '65536'); // 64 KiB default texture alignment
  rai([bufDesc(1000)], '65536', '65536'); // buffers: 64 KiB
  rai([bufDesc(65537)], '131072', '65536');
  rai([{ ...texDesc(32, 32), Alignment: 4096 }], '4096', '4096'); // small texture asking for 4 KiB
  rai([{ ...texDesc(64, 64), Alignment: 4096 }], '16384', '4096');
  rai([texDesc(32, 32)], '65536', '65536'); // Alignment 0: the default 64 KiB
  rai([texDesc(256, 256, { samples: 4, flags: 'D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET' })], '4194304', '4194304'); // MSAA: 4 MiB
  rai([texDesc(256, 256, { flags: 'D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET' })], '262144', '65536');
  rai([texDesc(256, 256), bufDesc(1000)], '327680', '65536'); // two descs back to back
  // an RT asking for small alignment is invalid: the runtime reports SizeInBytes UINT64_MAX
  rai([{ ...texDesc(32, 32, { flags: 'D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET' }), Alignment: 4096 }], UINT64_MAX, '0');
}
{
  const b = add(
    'ID3D12Device/GetDescriptorHandleIncrementSize',
    'descriptor_handles_and_increments',
    WHAT['getters/003_descriptor_handles_and_increments'],
  );
  b.device();
  // default device (DH-INC-1): CBV_SRV_UAV 32, SAMPLER 32, RTV 32, DSV 32
  b.inc('CBV_SRV_UAV', 32).inc('SAMPLER', 32).inc('RTV', RTV_INC).inc('DSV', 32);
  b.heap('srvHeap', 'CBV_SRV_UAV', 8, true);
  b.cpuStart('srvHeap', 'srvCpu');
  b.gpuStart('srvHeap', 'srvGpu');
  b.heap('rtvHeap', 'RTV', 2);
  b.cpuStart('rtvHeap', 'rtvCpu', '1114112');
  // DL 34: a non-shader-visible heap has no GPU handle: NULL + DESCRIPTOR_HEAP_NOT_SHADER_VISIBLE
  b.gpuStart('rtvHeap', 'rtvGpu', '0');
  b.exp[b.exp.length - 1].msgs = ['DESCRIPTOR_HEAP_NOT_SHADER_VISIBLE'];
  // GetGPUVirtualAddress: 0 for textures (CORRECTIONS 001-9)
  b.texture('tex', 64, 64, 'COMMON');
  b.gpuva('tex', '0');
}
{
  const b = add('ID3D12Device/CheckFeatureSupport', 'check_feature_support', WHAT['getters/004_check_feature_support']);
  b.device();
  const cfs = (Feature, data, value, hr = 'S_OK') =>
    b.c(
      'ID3D12Device::CheckFeatureSupport',
      { self: 'dev', args: { Feature, FeatureSupportData: data, FeatureSupportDataSize: 0 } },
      { hr, ...(value ? { value } : {}) },
    );
  cfs(
    'D3D12_FEATURE_ROOT_SIGNATURE',
    { HighestVersion: 'D3D_ROOT_SIGNATURE_VERSION_1_1' },
    { HighestVersion: 'D3D_ROOT_SIGNATURE_VERSION_1_1' },
  );
  cfs(
    'D3D12_FEATURE_FEATURE_LEVELS',
    {
      NumFeatureLevels: 4,
      FeatureLevelsRequested: [
        'D3D_FEATURE_LEVEL_11_0',
        'D3D_FEATURE_LEVEL_11_1',
        'D3D_FEATURE_LEVEL_12_0',
        'D3D_FEATURE_LEVEL_12_1',
      ],
    },
    { NumFeatureLevels: 4, MaxSupportedFeatureLevel: 'D3D_FEATURE_LEVEL_12_1' },
  );
  cfs(
    'D3D12_FEATURE_ARCHITECTURE',
    { NodeIndex: 0 },
    { NodeIndex: 0, TileBasedRenderer: false, UMA: true, CacheCoherentUMA: false },
  );
  cfs(
    'D3D12_FEATURE_GPU_VIRTUAL_ADDRESS_SUPPORT',
    {},
    { MaxGPUVirtualAddressBitsPerResource: 40, MaxGPUVirtualAddressBitsPerProcess: 40 },
  );
  cfs(
    'D3D12_FEATURE_MULTISAMPLE_QUALITY_LEVELS',
    { Format: 'DXGI_FORMAT_R8G8B8A8_UNORM', SampleCount: 4, Flags: 0 },
    {
      Format: 'DXGI_FORMAT_R8G8B8A8_UNORM',
      SampleCount: 4,
      Flags: 'D3D12_MULTISAMPLE_QUALITY_LEVELS_FLAG_NONE',
      NumQualityLevels: 1,
    },
  );
}
{
  // GetCompletedValue after removal reads UINT64_MAX (CORRECTIONS 001-6, §3.5); DRED answers by the reference
  // pages: NOT_CURRENTLY_AVAILABLE while the device lives, UNSUPPORTED for a feature never enabled, then S_OK.
  const b = add(
    'ID3D12DeviceRemovedExtendedData/GetAutoBreadcrumbsOutput',
    'removal_getters_and_dred',
    WHAT['getters/005_removal_getters_and_dred'],
  );
  b.c('D3D12GetDebugInterface', { args: { riid: 'ID3D12DeviceRemovedExtendedDataSettings' }, out: 'dredSettings' });
  b.c(
    'ID3D12DeviceRemovedExtendedDataSettings::SetAutoBreadcrumbsEnablement',
    { self: 'dredSettings', args: { Enablement: 'D3D12_DRED_ENABLEMENT_FORCED_ON' } },
    { hr: null },
  );
  b.basics();
  b.c('ID3D12Device::QueryInterface', { self: 'dev', args: { riid: 'ID3D12DeviceRemovedExtendedData' }, out: 'dred' });
  b.c(
    'ID3D12DeviceRemovedExtendedData::GetAutoBreadcrumbsOutput',
    { self: 'dred', args: {} },
    { hr: 'DXGI_ERROR_NOT_CURRENTLY_AVAILABLE' },
  );
  b.c(
    'ID3D12DeviceRemovedExtendedData::GetPageFaultAllocationOutput',
    { self: 'dred', args: {} },
    { hr: 'DXGI_ERROR_UNSUPPORTED' },
  );
  b.fence('fence', 0);
  b.texture('tex', 50, 50, 'COPY_DEST');
  b.upload('upload');
  b.upTex('list', 'tex', 'upload', 50, 50, { rowPitch: 200 }, { msgs: ['COPYTEXTUREREGION_INVALIDSRCROWPITCH'] });
  b.close('list', { hr: 'E_INVALIDARG' });
  b.ecl('queue', 'list', { msgs: ['EXECUTECOMMANDLISTS_FAILEDCOMMANDLIST', 'DEVICE_REMOVAL_PROCESS_AT_FAULT'] });
  b.removedBy('DXGI_ERROR_INVALID_CALL');
  b.removedReason('DXGI_ERROR_INVALID_CALL');
  b.completed('fence', UINT64_MAX);
  b.c(
    'ID3D12DeviceRemovedExtendedData::GetPageFaultAllocationOutput',
    { self: 'dred', args: {} },
    { hr: 'DXGI_ERROR_UNSUPPORTED' },
  );
  // an event armed after removal fires at once (the fence reads UINT64_MAX)
  b.cpuWait('fence', 7, 0);
  b.signal('queue', 'fence', 8, { hr: 'DXGI_ERROR_DEVICE_REMOVED' });
}

{
  // DL 30: the upload buffer released while the copy reading it is in flight: #921 at Release; the GPU then
  // faults on freed memory (device removed). DRED (enabled before the device) names the list, its operations
  // (none completed) and the freed allocation by its SetName name; the faulting VA is the buffer's GPU VA.
  const b = add(
    'ID3D12DeviceRemovedExtendedData/GetPageFaultAllocationOutput',
    'dred_page_fault_output',
    WHAT['getters/006_dred_page_fault_output'],
  );
  b.c('D3D12GetDebugInterface', { args: { riid: 'ID3D12DeviceRemovedExtendedDataSettings' }, out: 'dredSettings' });
  b.c(
    'ID3D12DeviceRemovedExtendedDataSettings::SetAutoBreadcrumbsEnablement',
    { self: 'dredSettings', args: { Enablement: 'D3D12_DRED_ENABLEMENT_FORCED_ON' } },
    { hr: null },
  );
  b.c(
    'ID3D12DeviceRemovedExtendedDataSettings::SetPageFaultEnablement',
    { self: 'dredSettings', args: { Enablement: 'D3D12_DRED_ENABLEMENT_FORCED_ON' } },
    { hr: null },
  );
  b.basics();
  b.c('ID3D12Object::SetName', { self: 'list', args: { Name: 'uploadList' } });
  b.upload('upload');
  b.c('ID3D12Object::SetName', { self: 'upload', args: { Name: 'staging' } });
  b.gpuva('upload', '4294967296');
  b.buffer('dst', 'DEFAULT', 65536, 'COMMON');
  b.copyBuf('list', 'dst', 0, 'upload', 0, 256).close('list').ecl('queue', 'list');
  b.release('upload', { msgs: ['OBJECT_DELETED_WHILE_STILL_IN_USE'] });
  b.idle({ msgs: ['DEVICE_REMOVAL_PROCESS_AT_FAULT'] });
  b.removedBy('DXGI_ERROR_DEVICE_HUNG');
  b.removedReason('DXGI_ERROR_DEVICE_HUNG');
  b.c('ID3D12Device::QueryInterface', { self: 'dev', args: { riid: 'ID3D12DeviceRemovedExtendedData' }, out: 'dred' });
  b.c(
    'ID3D12DeviceRemovedExtendedData::GetAutoBreadcrumbsOutput',
    { self: 'dred', args: {} },
    {
      value: {
        HeadAutoBreadcrumbNode: [
          {
            CommandListDebugNameW: 'uploadList',
            CommandQueueDebugNameW: null,
            BreadcrumbCount: 1,
            LastBreadcrumbValue: 0,
            CommandHistory: ['D3D12_AUTO_BREADCRUMB_OP_COPYBUFFERREGION'],
          },
        ],
      },
    },
  );
  b.c(
    'ID3D12DeviceRemovedExtendedData::GetPageFaultAllocationOutput',
    { self: 'dred', args: {} },
    {
      value: {
        PageFaultVA: '4294967296',
        HeadExistingAllocationNode: [],
        HeadRecentFreedAllocationNode: [
          { ObjectNameW: 'staging', AllocationType: 'D3D12_DRED_ALLOCATION_TYPE_RESOURCE' },
        ],
      },
    },
  );
}

// ================================================================ 3. time model
{
  // two queues: COPY uploads and signals; DIRECT waits on the copy fence (GPU wait), reads the buffer, signals.
  // 1 ms per list: at 0.5 ms nothing is done; at 1.5 ms the copy is (copyFence 1), the direct list is running;
  // at 2.5 ms both. The GPU wait blocked the direct queue only until the value was signalled.
  const b = add('ID3D12CommandQueue/Wait', 'two_queues_cross_queue_wait', WHAT['time/001_two_queues_cross_queue_wait']);
  b.device().queue('copyQueue', 'COPY').queue('queue', 'DIRECT');
  b.alloc('copyAlloc', 'COPY').list('copyList', 'COPY', 'copyAlloc');
  b.alloc('alloc', 'DIRECT').list('list', 'DIRECT', 'alloc');
  b.upload('upload', 65536).buffer('vb', 'DEFAULT', 65536, 'COMMON').readback('readback', 65536);
  b.fence('copyFence', 0).fence('fence', 0);
  b.copyBuf('copyList', 'vb', 0, 'upload', 0, 4096).close('copyList');
  b.copyBuf('list', 'readback', 0, 'vb', 0, 4096).close('list');
  b.ecl('copyQueue', 'copyList').signal('copyQueue', 'copyFence', 1);
  b.qwait('queue', 'copyFence', 1).ecl('queue', 'list').signal('queue', 'fence', 1);
  b.completed('copyFence', 0).completed('fence', 0);
  b.advance(0.5).completed('copyFence', 0).completed('fence', 0);
  b.advance(1).completed('copyFence', 1).completed('fence', 0);
  b.advance(1).completed('copyFence', 1).completed('fence', 1);
  b.map('readback', 0, { Begin: 0, End: 4096 }).unmap('readback', 0, { Begin: 0, End: 0 });
}
{
  // a queue Wait for a value the CPU signals later (ID3D12Fence::Signal): the queue's later work waits, time can
  // pass (and @gpu.idle returns) without it running; after the CPU signal it runs.
  const b = add('ID3D12CommandQueue/Wait', 'gpu_wait_for_cpu_signal', WHAT['time/002_gpu_wait_for_cpu_signal']);
  b.basics();
  b.fence('gate', 0).fence('fence', 0);
  b.upload('upload').buffer('dst', 'DEFAULT', 65536, 'COMMON');
  b.copyBuf('list', 'dst', 0, 'upload', 0, 256).close('list');
  b.qwait('queue', 'gate', 5).ecl('queue', 'list').signal('queue', 'fence', 1);
  b.advance(10).completed('fence', 0);
  b.idle().completed('fence', 0).completed('gate', 0);
  b.cpuWait('fence', 1, 20, 'WAIT_TIMEOUT');
  b.cpuSignal('gate', 4).advance(10).completed('fence', 0); // 4 < 5: still blocked
  b.cpuSignal('gate', 5).completed('gate', 5);
  b.cpuWait('fence', 1, 'INFINITE');
  b.completed('fence', 1);
}
{
  // gpuMsPerList 10: two lists each followed by a Signal; after 15 ms exactly the first signal is visible
  const b = add(
    'ID3D12Fence/GetCompletedValue',
    'partial_progress_advance',
    WHAT['time/003_partial_progress_advance'],
    { gpuMsPerList: 10 },
  );
  b.gpuMsPerList = 10;
  b.basics().alloc('alloc2').list('list2', 'DIRECT', 'alloc2');
  b.upload('upload').buffer('dst', 'DEFAULT', 65536, 'COMMON');
  b.copyBuf('list', 'dst', 0, 'upload', 0, 256).close('list');
  b.copyBuf('list2', 'dst', 256, 'upload', 256, 256).close('list2');
  b.fence('fence', 0);
  b.ecl('queue', 'list').signal('queue', 'fence', 1).ecl('queue', 'list2').signal('queue', 'fence', 2);
  b.completed('fence', 0);
  b.advance(5).completed('fence', 0);
  b.advance(10).completed('fence', 1); // t = 15 ms: 1.5 lists
  b.advance(4).completed('fence', 1); // t = 19 ms
  b.advance(2).completed('fence', 2); // t = 21 ms
  b.resetAlloc('alloc').resetAlloc('alloc2');
}
{
  // WaitForSingleObject with a timeout shorter than the remaining work: WAIT_TIMEOUT, fence unchanged; a later
  // longer wait succeeds. Then SetEventOnCompletion for a value already reached signals the event at once.
  const b = add(
    'WaitForSingleObject',
    'wait_timeout_then_success_slow_gpu',
    WHAT['time/004_wait_timeout_then_success'],
    { gpuMsPerList: 100 },
  );
  b.gpuMsPerList = 100;
  b.basics();
  b.upload('upload').buffer('dst', 'DEFAULT', 65536, 'COMMON');
  b.copyBuf('list', 'dst', 0, 'upload', 0, 256).close('list');
  b.fence('fence', 0);
  b.ecl('queue', 'list').signal('queue', 'fence', 1);
  b.ev('e1');
  b.setEvent('fence', 1, 'e1');
  b.waitEv('e1', 50, 'WAIT_TIMEOUT');
  b.completed('fence', 0);
  b.waitEv('e1', 100, 'WAIT_OBJECT_0');
  b.completed('fence', 1);
  // allocator reset now: the fence says done, no message
  b.resetAlloc('alloc');
  b.ev('e2');
  b.setEvent('fence', 1, 'e2');
  b.waitEv('e2', 0, 'WAIT_OBJECT_0');
}
{
  // auto-reset vs manual-reset events (Win32): a satisfied wait resets an auto-reset event; a manual-reset one stays
  // set until ResetEvent. bInitialState TRUE starts signalled.
  const b = add('CreateEvent', 'auto_vs_manual_reset_events', WHAT['time/005_auto_vs_manual_reset_events']);
  b.device().fence('fence', 5);
  b.ev('autoEv', false, false).ev('manualEv', true, false).ev('initEv', false, true);
  b.setEvent('fence', 3, 'autoEv').setEvent('fence', 5, 'manualEv');
  b.waitEv('autoEv', 0, 'WAIT_OBJECT_0').waitEv('autoEv', 0, 'WAIT_TIMEOUT');
  b.waitEv('manualEv', 0, 'WAIT_OBJECT_0').waitEv('manualEv', 0, 'WAIT_OBJECT_0');
  b.c('ResetEvent', { args: { hEvent: 'manualEv' } }, { hr: null });
  b.waitEv('manualEv', 0, 'WAIT_TIMEOUT');
  b.waitEv('initEv', 0, 'WAIT_OBJECT_0').waitEv('initEv', 10, 'WAIT_TIMEOUT');
  b.c('SetEvent', { args: { hEvent: 'initEv' } }, { hr: null });
  b.waitEv('initEv', 0, 'WAIT_OBJECT_0');
  // armed for a value not reached yet: the CPU Signal sets it
  b.setEvent('fence', 6, 'autoEv');
  b.waitEv('autoEv', 0, 'WAIT_TIMEOUT');
  b.cpuSignal('fence', 6);
  b.waitEv('autoEv', 0, 'WAIT_OBJECT_0');
}
{
  // allocator Reset before the fence says done: COMMAND_ALLOCATOR_SYNC (DL 19), S_OK; after: nothing
  const b = add(
    'ID3D12CommandAllocator/Reset',
    'allocator_reset_before_and_after_fence',
    WHAT['time/006_allocator_reset_before_and_after_fence'],
  );
  b.basics();
  b.upload('upload').buffer('dst', 'DEFAULT', 65536, 'COMMON');
  b.copyBuf('list', 'dst', 0, 'upload', 0, 256).close('list');
  b.fence('fence', 0);
  b.ecl('queue', 'list').signal('queue', 'fence', 1);
  b.resetAlloc('alloc', { msgs: ['COMMAND_ALLOCATOR_SYNC'] });
  b.cpuWait('fence', 1, 'INFINITE');
  b.resetAlloc('alloc');
  b.resetList('list', 'alloc');
  b.copyBuf('list', 'dst', 0, 'upload', 0, 256).close('list');
  b.ecl('queue', 'list').signal('queue', 'fence', 2);
  b.cpuWait('fence', 2, 'INFINITE');
  b.resetAlloc('alloc');
}
{
  // Present on a 3-buffer chain: index cycles 0,1,2,0; Present queues behind the queue's work; a Signal after it
  // completes once the frame's list did
  const b = add(
    'IDXGISwapChain3/GetCurrentBackBufferIndex',
    'present_cycles_index_three_buffers',
    WHAT['time/007_present_cycles_index_three_buffers'],
    { gpuMsPerList: 2 },
  );
  b.gpuMsPerList = 2;
  b.device();
  b.c('ID3D12Device::CreateCommandQueue', {
    self: 'dev',
    args: { Type: 'D3D12_COMMAND_LIST_TYPE_DIRECT' },
    out: 'queue',
  });
  b.factory().swap(3, { w: 320, h: 240 });
  b.heap('rtvHeap', 'RTV', 3);
  for (let n = 0; n < 3; n++) {
    b.getBuffer(n, `rt${n}`);
    b.rtv(`rt${n}`, 'rtvHeap', n);
    b.alloc(`alloc${n}`);
  }
  b.list('list', 'DIRECT', 'alloc0').close('list');
  b.fence('fence', 0);
  for (let f = 0; f < 4; f++) {
    const i = f % 3;
    b.c('IDXGISwapChain3::GetCurrentBackBufferIndex', { self: 'swapchain' }, { value: String(i) });
    if (f === 3) {
      b.cpuWait('fence', 1, 'INFINITE');
    }
    b.resetAlloc(`alloc${i}`).resetList('list', `alloc${i}`);
    b.tr('list', `rt${i}`, 'PRESENT', 'RENDER_TARGET');
    b.clearRtv('list', 'rtvHeap', i);
    b.tr('list', `rt${i}`, 'RENDER_TARGET', 'PRESENT');
    b.close('list').ecl('queue', 'list');
    b.present(1, 0);
    b.signal('queue', 'fence', f + 1);
    if (f === 0) {
      b.completed('fence', 0);
      b.advance(1).completed('fence', 0);
      b.advance(2).completed('fence', 1);
    }
  }
  b.c('IDXGISwapChain3::GetCurrentBackBufferIndex', { self: 'swapchain' }, { value: '1' });
  b.idle().completed('fence', 4);
}

{
  // DXGI's default maximum frame latency is 3: a 4th Present while 3 are still queued waits for the first one
  // (TIME-LAT-1), so modelled time passes inside it. 10 ms per list, no CPU waits: after the 4th Present the first
  // frame (and its Signal) is done, after the 5th the second.
  const b = add(
    'IDXGISwapChain/Present',
    'present_blocks_at_frame_latency_3',
    WHAT['time/008_present_blocks_at_frame_latency_3'],
    { gpuMsPerList: 10 },
  );
  b.gpuMsPerList = 10;
  b.device();
  b.c('ID3D12Device::CreateCommandQueue', {
    self: 'dev',
    args: { Type: 'D3D12_COMMAND_LIST_TYPE_DIRECT' },
    out: 'queue',
  });
  b.factory().swap(2, { w: 64, h: 64 });
  b.fence('fence', 0);
  const seen = ['0', '0', '0', '1', '2'];
  for (let i = 0; i < 5; i++) {
    b.alloc(`a${i}`).list(`l${i}`, 'DIRECT', `a${i}`).close(`l${i}`).ecl('queue', `l${i}`);
    b.present(1, 0)
      .signal('queue', 'fence', i + 1)
      .completed('fence', seen[i]);
  }
  b.idle().completed('fence', 5);
}

{
  // default 1 ms per list: @gpu.advance 1 completes exactly the first list (its Signal), the next 1 ms the second
  const b = add(
    'ID3D12Fence/GetCompletedValue',
    'advance_exact_list_boundaries',
    WHAT['time/009_advance_exact_list_boundaries'],
  );
  b.device().queue('queue', 'DIRECT').fence('fence', 0);
  for (let i = 0; i < 2; i++) b.alloc(`a${i}`).list(`l${i}`, 'DIRECT', `a${i}`).close(`l${i}`);
  b.ecl('queue', 'l0').signal('queue', 'fence', 1).ecl('queue', 'l1').signal('queue', 'fence', 2);
  b.completed('fence', 0);
  b.advance(1).completed('fence', 1);
  b.advance(1).completed('fence', 2);
}
