// Compute (issue 9 §3; SPEC.md §7.1 CS-*): a correct compute pass on a COMPUTE queue beside the mistakes the debug
// layer reports. Sources: the Dispatch / SetComputeRoot* / CreateComputePipelineState reference pages, "Using
// resource barriers" (textures do not promote to UNORDERED_ACCESS), the message names of d3d12sdklayers.h; the
// categories of the compute messages are read from their graphics counterparts (INF, SPEC §7.1 says so).
import { scenario, submitWait } from './builder.mjs';

const def = (dir, aspect, what, basis, opts, fn) =>
  scenario('_generator/defs-compute.mjs', dir, aspect, what, basis, opts, fn);

const UAV = 'D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS';
const uavTable = {
  ParameterType: 'D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE',
  DescriptorTable: {
    NumDescriptorRanges: 1,
    DescriptorRanges: [
      {
        RangeType: 'D3D12_DESCRIPTOR_RANGE_TYPE_UAV',
        NumDescriptors: 1,
        BaseShaderRegister: 0,
        RegisterSpace: 0,
        Flags: 'D3D12_DESCRIPTOR_RANGE_FLAG_DESCRIPTORS_VOLATILE',
        OffsetInDescriptorsFromTableStart: 0,
      },
    ],
  },
  ShaderVisibility: 'D3D12_SHADER_VISIBILITY_ALL',
};
const CS = { ShaderBytecode: null, BytecodeLength: 4, Reflection: { Resources: [{ Type: 'UAV', Register: 0 }] } };

/** COMPUTE queue, list, a UAV texture in `state`, its UAV in a shader-visible heap, root signature and pipeline. */
function computePass(b, state, type = 'COMPUTE') {
  b.basics(type);
  b.texture('tex', 64, 64, state, { flags: UAV });
  b.heap('heap', 'CBV_SRV_UAV', 1, true);
  b.c('ID3D12Device::CreateUnorderedAccessView', {
    self: 'dev',
    args: {
      Resource: 'tex',
      CounterResource: null,
      Desc: {
        Format: 'DXGI_FORMAT_R8G8B8A8_UNORM',
        ViewDimension: 'D3D12_UAV_DIMENSION_TEXTURE2D',
        Texture2D: { MipSlice: 0, PlaneSlice: 0 },
      },
      DestDescriptor: { heap: 'heap', index: 0 },
    },
  });
  b.rs11([uavTable], [], 'D3D12_ROOT_SIGNATURE_FLAG_NONE');
  b.c('ID3D12Device::CreateComputePipelineState', {
    self: 'dev',
    args: { Desc: { RootSignature: 'rootSignature', CS, NodeMask: 0, CachedPSO: null, Flags: 0 } },
    out: 'pso',
  });
  b.c('ID3D12GraphicsCommandList::SetPipelineState', { self: 'list', args: { PipelineState: 'pso' } });
  b.c('ID3D12GraphicsCommandList::SetComputeRootSignature', { self: 'list', args: { RootSignature: 'rootSignature' } });
  b.c('ID3D12GraphicsCommandList::SetDescriptorHeaps', {
    self: 'list',
    args: { NumDescriptorHeaps: 1, DescriptorHeaps: ['heap'] },
  });
  b.c('ID3D12GraphicsCommandList::SetComputeRootDescriptorTable', {
    self: 'list',
    args: { RootParameterIndex: 0, BaseDescriptor: { heap: 'heap', index: 0 } },
  });
  return b;
}
const dispatch = (b, x, e = {}) =>
  b.c(
    'ID3D12GraphicsCommandList::Dispatch',
    { self: 'list', args: { ThreadGroupCountX: x, ThreadGroupCountY: x, ThreadGroupCountZ: 1 } },
    e,
  );

def(
  'programs',
  'compute_uav_texture_on_compute_queue',
  'A texture created in UNORDERED_ACCESS, written through a UAV table by Dispatch on a COMPUTE queue, fenced: no message',
  'Dispatch / SetComputeRootDescriptorTable pages; CS-* (correct program)',
  {},
  (b) => {
    computePass(b, 'UNORDERED_ACCESS');
    dispatch(b, 8);
    submitWait(b);
  },
);
def(
  'ID3D12GraphicsCommandList/Dispatch',
  'texture_uav_still_in_copy_dest',
  'The same pass with the texture still in COPY_DEST: INVALID_SUBRESOURCE_STATE at ExecuteCommandLists (a texture does not promote to UNORDERED_ACCESS)',
  'DEBUG_LAYER rows 1-2 (the state rule, here for a UAV use); "Using resource barriers" promotion table',
  {},
  (b) => {
    computePass(b, 'COPY_DEST');
    dispatch(b, 8);
    submitWait(b, { eclMsgs: ['INVALID_SUBRESOURCE_STATE'] });
  },
);
def(
  'ID3D12GraphicsCommandList/Dispatch',
  'transition_to_uav_first',
  'The texture moved COPY_DEST→UNORDERED_ACCESS before the Dispatch: no message',
  'DEBUG_LAYER rows 1-2 (negative)',
  {},
  (b) => {
    computePass(b, 'COPY_DEST');
    b.tr('list', 'tex', 'COPY_DEST', 'UNORDERED_ACCESS');
    dispatch(b, 8);
    submitWait(b);
  },
);
def(
  'ID3D12GraphicsCommandList/Dispatch',
  'nothing_set',
  'Dispatch with no compute root signature and no pipeline: DISPATCH_ROOT_SIGNATURE_NOT_SET and PIPELINE_STATE_NOT_SET at record',
  'message names (d3d12sdklayers.h #952, #1045); CS-DISPATCH-1 (categories INF)',
  {},
  (b) => {
    b.basics('COMPUTE');
    dispatch(b, 1, { msgs: ['COMMAND_LIST_DISPATCH_ROOT_SIGNATURE_NOT_SET', 'COMMAND_LIST_PIPELINE_STATE_NOT_SET'] });
  },
);
def(
  'ID3D12GraphicsCommandList/Dispatch',
  'on_copy_list',
  'Dispatch on a COPY list: NO_COMPUTE_API_SUPPORT, the call is ignored',
  'CL-TYPE-1 (copy lists support copies only; "Invalid API called")',
  {},
  (b) => {
    b.basics('COPY');
    dispatch(b, 1, { msgs: ['NO_COMPUTE_API_SUPPORT'] });
  },
);
def(
  'ID3D12Device/CreateComputePipelineState',
  'missing_root_signature',
  'CreateComputePipelineState with pRootSignature NULL: E_INVALIDARG; with one that declares the CS UAV: S_OK',
  'CreateComputePipelineState page; message name #883 (category INF)',
  {},
  (b) => {
    b.device();
    b.c(
      'ID3D12Device::CreateComputePipelineState',
      { self: 'dev', args: { Desc: { RootSignature: null, CS, NodeMask: 0, CachedPSO: null, Flags: 0 } }, out: 'bad' },
      { hr: 'E_INVALIDARG', msgs: ['CREATECOMPUTEPIPELINESTATE_MISSING_ROOT_SIGNATURE'] },
    );
    b.rs11([uavTable], [], 'D3D12_ROOT_SIGNATURE_FLAG_NONE');
    b.c('ID3D12Device::CreateComputePipelineState', {
      self: 'dev',
      args: { Desc: { RootSignature: 'rootSignature', CS, NodeMask: 0, CachedPSO: null, Flags: 0 } },
      out: 'pso',
    });
  },
);
