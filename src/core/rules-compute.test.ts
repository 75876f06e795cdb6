// Compute ([CS-*] in SPEC.md §7.1): compute pipelines, compute root arguments, Dispatch on DIRECT and COMPUTE
// lists, UAV state rules and the UAV-barrier hazard. Expected results: the D3D12 reference pages (Dispatch,
// SetComputeRoot*, CreateComputePipelineState, "Using resource barriers": UAV barriers, implicit promotion of
// buffers) and the message names of d3d12sdklayers.h (categories INF, SPEC says so).
import { describe, expect, it } from 'vitest';
import * as D from './index';
import { world } from './rules.world';

const UAV_FLAG = D.D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS;

function computeWorld(listType = D.D3D12_COMMAND_LIST_TYPE_COMPUTE) {
  const w = world();
  const queue = w.dev.CreateCommandQueue({ Type: listType }).out!;
  const alloc = w.dev.CreateCommandAllocator({ type: listType }).out!;
  const list = w.dev.CreateCommandList({ type: listType, CommandAllocator: alloc }).out!;
  const rootSig = (params: unknown[]) =>
    w.dev.CreateRootSignature({
      BlobWithRootSignature: w.sys.D3D12SerializeVersionedRootSignature({
        RootSignature: {
          Version: D.D3D_ROOT_SIGNATURE_VERSION_1_1,
          Desc_1_1: { NumParameters: params.length, Parameters: params },
        },
      }).out!,
    }).out!;
  const rootUav = rootSig([{ ParameterType: D.D3D12_ROOT_PARAMETER_TYPE_UAV, Descriptor: { ShaderRegister: 0 } }]);
  const cs = (resources: { Type: 'CBV' | 'SRV' | 'UAV'; Register: number }[]) => ({
    BytecodeLength: 4,
    Reflection: { Resources: resources },
  });
  const pso = (rs: D.ID3D12RootSignature | null, shader: unknown = cs([{ Type: 'UAV', Register: 0 }])) =>
    w.dev.CreateComputePipelineState({ Desc: { RootSignature: rs, CS: shader } });
  const buf = w.buffer(D.D3D12_HEAP_TYPE_DEFAULT, D.D3D12_RESOURCE_STATE_COMMON).out!;
  const uavBuf = w.dev.CreateCommittedResource({
    HeapProperties: { Type: D.D3D12_HEAP_TYPE_DEFAULT },
    Desc: {
      Dimension: D.D3D12_RESOURCE_DIMENSION_BUFFER,
      Width: 65536,
      Height: 1,
      DepthOrArraySize: 1,
      MipLevels: 1,
      SampleDesc: { Count: 1, Quality: 0 },
      Layout: D.D3D12_TEXTURE_LAYOUT_ROW_MAJOR,
      Flags: UAV_FLAG,
    },
    InitialResourceState: D.D3D12_RESOURCE_STATE_COMMON,
  }).out!;
  const submit = () => {
    expect(list.Close()).toBe('S_OK');
    queue.ExecuteCommandLists({ CommandLists: [list] });
    w.sys.idle();
  };
  return { w, queue, list, rootSig, rootUav, cs, pso, buf, uavBuf, submit };
}

describe('[CS-PSO-1] CreateComputePipelineState', () => {
  it('needs a root signature, a compute shader, and the shader resources declared in the root signature', () => {
    const c = computeWorld();
    expect(c.pso(null).hr).toBe('E_INVALIDARG');
    expect(c.pso(c.rootUav, {}).hr).toBe('E_INVALIDARG');
    expect(c.pso(c.rootUav, c.cs([{ Type: 'UAV', Register: 1 }])).hr).toBe('E_INVALIDARG');
    expect(c.w.ids()).toEqual([
      'CREATECOMPUTEPIPELINESTATE_MISSING_ROOT_SIGNATURE',
      'CREATECOMPUTEPIPELINESTATE_INVALID_SHADER',
      'CREATECOMPUTEPIPELINESTATE_CS_ROOT_SIGNATURE_MISMATCH',
    ]);
    const ok = c.pso(c.rootUav);
    expect(ok.hr).toBe('S_OK');
    expect(ok.out!.isCompute).toBe(true);
  });
});

describe('[CS-DISPATCH-1] Dispatch', () => {
  it('a correct compute pass on a COMPUTE queue: root UAV, Dispatch; no message; the buffer promotes and decays', () => {
    const c = computeWorld();
    const pso = c.pso(c.rootUav).out!;
    c.list.SetPipelineState({ PipelineState: pso });
    c.list.SetComputeRootSignature({ RootSignature: c.rootUav });
    c.list.SetComputeRootUnorderedAccessView({
      RootParameterIndex: 0,
      BufferLocation: c.uavBuf.GetGPUVirtualAddress(),
    });
    c.list.Dispatch({ ThreadGroupCountX: 4, ThreadGroupCountY: 1, ThreadGroupCountZ: 1 });
    c.submit();
    expect(c.w.ids()).toEqual([]);
    expect(c.uavBuf.state[0]).toBe(D.D3D12_RESOURCE_STATE_COMMON);
    const cmds = c.list.recordedCommands().filter((x) => x.op === 'Dispatch');
    expect(cmds.length).toBe(1);
  });
  it('the same pass on a DIRECT list is fine; on a COPY list Dispatch is not supported (NO_COMPUTE_API_SUPPORT)', () => {
    const d = computeWorld(D.D3D12_COMMAND_LIST_TYPE_DIRECT);
    d.list.SetPipelineState({ PipelineState: d.pso(d.rootUav).out! });
    d.list.SetComputeRootSignature({ RootSignature: d.rootUav });
    d.list.SetComputeRootUnorderedAccessView({
      RootParameterIndex: 0,
      BufferLocation: d.uavBuf.GetGPUVirtualAddress(),
    });
    d.list.Dispatch({ ThreadGroupCountX: 1, ThreadGroupCountY: 1, ThreadGroupCountZ: 1 });
    d.submit();
    expect(d.w.ids()).toEqual([]);
    const k = computeWorld(D.D3D12_COMMAND_LIST_TYPE_COPY);
    k.list.Dispatch({ ThreadGroupCountX: 1, ThreadGroupCountY: 1, ThreadGroupCountZ: 1 });
    expect(k.w.ids()).toEqual(['NO_COMPUTE_API_SUPPORT']);
  });
  it('missing root signature, pipeline, root UAV; an empty grid; a root signature other than the pipeline one', () => {
    const c = computeWorld();
    c.list.Dispatch({ ThreadGroupCountX: 1, ThreadGroupCountY: 1, ThreadGroupCountZ: 1 });
    expect(c.w.ids()).toEqual(['COMMAND_LIST_DISPATCH_ROOT_SIGNATURE_NOT_SET', 'COMMAND_LIST_PIPELINE_STATE_NOT_SET']);
    const d = computeWorld();
    d.list.SetPipelineState({ PipelineState: d.pso(d.rootUav).out! });
    d.list.SetComputeRootSignature({ RootSignature: d.rootUav });
    d.list.Dispatch({ ThreadGroupCountX: 0, ThreadGroupCountY: 1, ThreadGroupCountZ: 1 });
    expect(d.w.ids()).toEqual(['EMPTY_DISPATCH', 'COMMAND_LIST_ROOT_UNORDERED_ACCESS_VIEW_NOT_SET']);
    const e = computeWorld();
    const other = e.rootSig([{ ParameterType: D.D3D12_ROOT_PARAMETER_TYPE_UAV, Descriptor: { ShaderRegister: 0 } }]);
    e.list.SetPipelineState({ PipelineState: e.pso(e.rootUav).out! });
    e.list.SetComputeRootSignature({ RootSignature: other });
    e.list.Dispatch({ ThreadGroupCountX: 1, ThreadGroupCountY: 1, ThreadGroupCountZ: 1 });
    expect(e.w.ids()).toEqual(['COMMAND_LIST_DISPATCH_ROOT_SIGNATURE_MISMATCH']);
  });
  it('[CS-ROOT-2] a root argument of the wrong parameter type is refused (SET_ROOT_*_INVALID)', () => {
    const c = computeWorld();
    c.list.SetComputeRootSignature({ RootSignature: c.rootUav });
    c.list.SetComputeRootConstantBufferView({ RootParameterIndex: 0, BufferLocation: c.buf.GetGPUVirtualAddress() });
    c.list.SetComputeRoot32BitConstants({
      RootParameterIndex: 0,
      Num32BitValuesToSet: 1,
      SrcData: [1],
      DestOffsetIn32BitValues: 0,
    });
    expect(c.w.ids()).toEqual(['SET_ROOT_CONSTANT_BUFFER_VIEW_INVALID', 'SET_ROOT_CONSTANT_INVALID']);
  });
});

describe('[CS-UAV-1] [CS-UAV-2] UAV states and UAV barriers', () => {
  const tableWorld = (state: number) => {
    const c = computeWorld();
    const tex = c.w.tex(state, { Flags: UAV_FLAG }).out!;
    const heap = c.w.dev.CreateDescriptorHeap({
      Type: D.D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
      NumDescriptors: 1,
      Flags: D.D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE,
    }).out!;
    c.w.dev.CreateUnorderedAccessView({
      Resource: tex,
      Desc: {
        Format: D.DXGI_FORMAT_R8G8B8A8_UNORM,
        ViewDimension: D.D3D12_UAV_DIMENSION_TEXTURE2D,
        Texture2D: { MipSlice: 0, PlaneSlice: 0 },
      },
      DestDescriptor: heap.GetCPUDescriptorHandleForHeapStart(),
    });
    const rs = c.rootSig([
      {
        ParameterType: D.D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE,
        DescriptorTable: {
          NumDescriptorRanges: 1,
          DescriptorRanges: [
            {
              RangeType: D.D3D12_DESCRIPTOR_RANGE_TYPE_UAV,
              NumDescriptors: 1,
              Flags: D.D3D12_DESCRIPTOR_RANGE_FLAG_DESCRIPTORS_VOLATILE,
            },
          ],
        },
      },
    ]);
    c.list.SetPipelineState({ PipelineState: c.pso(rs).out! });
    c.list.SetComputeRootSignature({ RootSignature: rs });
    c.list.SetDescriptorHeaps({ NumDescriptorHeaps: 1, DescriptorHeaps: [heap] });
    c.list.SetComputeRootDescriptorTable({
      RootParameterIndex: 0,
      BaseDescriptor: heap.GetGPUDescriptorHandleForHeapStart(),
    });
    return { ...c, tex };
  };
  it('a texture UAV still in COPY_DEST: INVALID_SUBRESOURCE_STATE at ExecuteCommandLists (textures do not promote to UNORDERED_ACCESS)', () => {
    const c = tableWorld(D.D3D12_RESOURCE_STATE_COPY_DEST);
    c.list.Dispatch({ ThreadGroupCountX: 8, ThreadGroupCountY: 8, ThreadGroupCountZ: 1 });
    expect(c.w.ids()).toEqual([]);
    c.submit();
    expect(c.w.ids()).toEqual(['INVALID_SUBRESOURCE_STATE']);
  });
  it('the same texture moved to UNORDERED_ACCESS first: no message', () => {
    const c = tableWorld(D.D3D12_RESOURCE_STATE_COPY_DEST);
    c.list.ResourceBarrier({
      Barriers: [
        {
          Type: D.D3D12_RESOURCE_BARRIER_TYPE_TRANSITION,
          Transition: {
            Resource: c.tex,
            Subresource: D.D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES,
            StateBefore: D.D3D12_RESOURCE_STATE_COPY_DEST,
            StateAfter: D.D3D12_RESOURCE_STATE_UNORDERED_ACCESS,
          },
        },
      ],
    });
    c.list.Dispatch({ ThreadGroupCountX: 8, ThreadGroupCountY: 8, ThreadGroupCountZ: 1 });
    c.submit();
    expect(c.w.ids()).toEqual([]);
  });
  it('two dispatches writing one UAV without a UAV barrier between them: hazard uav-race, no message; with the barrier: none', () => {
    const run = (barrier: boolean) => {
      const c = computeWorld();
      c.list.SetPipelineState({ PipelineState: c.pso(c.rootUav).out! });
      c.list.SetComputeRootSignature({ RootSignature: c.rootUav });
      c.list.SetComputeRootUnorderedAccessView({
        RootParameterIndex: 0,
        BufferLocation: c.uavBuf.GetGPUVirtualAddress(),
      });
      c.list.Dispatch({ ThreadGroupCountX: 1, ThreadGroupCountY: 1, ThreadGroupCountZ: 1 });
      if (barrier)
        c.list.ResourceBarrier({
          Barriers: [{ Type: D.D3D12_RESOURCE_BARRIER_TYPE_UAV, UAV: { Resource: c.uavBuf } }],
        });
      c.list.Dispatch({ ThreadGroupCountX: 1, ThreadGroupCountY: 1, ThreadGroupCountZ: 1 });
      c.submit();
      expect(c.w.ids()).toEqual([]);
      return c.w.sys.trace.events.filter((e) => e.k === 'hazard' && e.kind === 'uav-race').length;
    };
    expect(run(false)).toBe(1);
    expect(run(true)).toBe(0);
  });
});
