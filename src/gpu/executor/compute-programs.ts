// [CS-EXEC-1] Two small compute programs on the model, each with and without the UAV barrier between two dependent
// dispatches ([CS-UAV-2]): what `npm run test:gpu` runs on Dawn to check the executor's compute passes (the bytes and
// pixels the GPU computed) and that a missing UAV barrier changes them, and what compute-bind.test.ts checks the
// register resolution with. Plain model code (no WebGPU).
import * as D from '../../core';

export interface ComputeProgram {
  sys: D.D3D12System;
  /** The resources whose GPU contents the check reads back (by name). */
  out: Record<string, D.ID3D12Resource>;
}

/** Elements of the buffer program's UAVs (uint32 each): 4 groups of 64 threads. */
export const N = 256;
/** Side of the texture program's UAV texture (8 × 8 groups of 8 × 8 threads). */
export const SIDE = 64;

/** A system with the debug layer on, a COMPUTE queue, allocator and list, and helpers (the programs' common part). */
export function computeSetup() {
  const sys = new D.D3D12System({ settings: { keepGpuReads: true } });
  sys.debugLayerEnabled = true;
  const dev = sys.D3D12CreateDevice({ Adapter: null, MinimumFeatureLevel: D.D3D_FEATURE_LEVEL_11_0 }).out!;
  const type = D.D3D12_COMMAND_LIST_TYPE_COMPUTE;
  const queue = dev.CreateCommandQueue({ Type: type }).out!;
  const alloc = dev.CreateCommandAllocator({ type }).out!;
  const list = dev.CreateCommandList({ type, CommandAllocator: alloc }).out!;
  const rootSig = (params: unknown[]) =>
    dev.CreateRootSignature({
      BlobWithRootSignature: sys.D3D12SerializeVersionedRootSignature({
        RootSignature: {
          Version: D.D3D_ROOT_SIGNATURE_VERSION_1_1,
          Desc_1_1: { NumParameters: params.length, Parameters: params },
        },
      }).out!,
    }).out!;
  const pso = (rs: D.ID3D12RootSignature, wgsl: string, resources: { Type: string; Register: number }[]) =>
    dev.CreateComputePipelineState({
      Desc: {
        RootSignature: rs,
        CS: { BytecodeLength: wgsl.length, Reflection: { Resources: resources }, wgsl, entry: 'CSMain' },
      },
    }).out!;
  const resource = (desc: Partial<D.D3D12_RESOURCE_DESC>, heap: number, state: number) =>
    dev.CreateCommittedResource({
      HeapProperties: { Type: heap },
      Desc: {
        Dimension: D.D3D12_RESOURCE_DIMENSION_BUFFER,
        Width: 256,
        Height: 1,
        DepthOrArraySize: 1,
        MipLevels: 1,
        SampleDesc: { Count: 1, Quality: 0 },
        Layout: D.D3D12_TEXTURE_LAYOUT_ROW_MAJOR,
        ...desc,
      },
      InitialResourceState: state,
    }).out!;
  const uavBarrier = (r: D.ID3D12Resource) =>
    list.ResourceBarrier({
      NumBarriers: 1,
      Barriers: [{ Type: D.D3D12_RESOURCE_BARRIER_TYPE_UAV, UAV: { Resource: r } }],
    });
  const run = () => {
    list.Close();
    queue.ExecuteCommandLists({ NumCommandLists: 1, CommandLists: [list] });
    sys.idle();
  };
  /** After run(): the allocator and list reset for a second submission on the same queue. */
  const again = () => {
    alloc.Reset();
    list.Reset({ Allocator: alloc, InitialState: null });
  };
  return { sys, dev, list, rootSig, pso, resource, uavBarrier, run, again };
}

/**
 * Buffers through root descriptors and root constants: dispatch 1 writes U[i] = i · k (k a root constant), dispatch 2
 * reads U and writes V[i] = U[i] + 1. Correct: a UAV barrier on U between them, V[i] = i · k + 1. Without it the
 * model traces `uav-race` on U at dispatch 2.
 */
export function bufferProgram(barrier: boolean, k = 3): ComputeProgram {
  const p = computeSetup();
  const bytes = N * 4;
  const flags = D.D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS;
  const U = p.resource({ Width: bytes, Flags: flags }, D.D3D12_HEAP_TYPE_DEFAULT, D.D3D12_RESOURCE_STATE_COMMON);
  const V = p.resource({ Width: bytes, Flags: flags }, D.D3D12_HEAP_TYPE_DEFAULT, D.D3D12_RESOURCE_STATE_COMMON);
  U.SetName({ Name: 'U' });
  V.SetName({ Name: 'V' });
  const rs = p.rootSig([
    { ParameterType: D.D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS, Constants: { ShaderRegister: 0, Num32BitValues: 1 } },
    { ParameterType: D.D3D12_ROOT_PARAMETER_TYPE_UAV, Descriptor: { ShaderRegister: 0 } },
    { ParameterType: D.D3D12_ROOT_PARAMETER_TYPE_UAV, Descriptor: { ShaderRegister: 1 } },
  ]);
  const fill = p.pso(
    rs,
    `struct K { k: u32 }
@group(0) @binding(0) var<uniform> c: K;
@group(0) @binding(1) var<storage, read_write> U: array<u32>;
@compute @workgroup_size(64) fn CSMain(@builtin(global_invocation_id) id: vec3u) { U[id.x] = id.x * c.k; }`,
    [
      { Type: 'CBV', Register: 0 },
      { Type: 'UAV', Register: 0 },
    ],
  );
  const next = p.pso(
    rs,
    `@group(0) @binding(0) var<storage, read_write> U: array<u32>;
@group(0) @binding(1) var<storage, read_write> V: array<u32>;
@compute @workgroup_size(64) fn CSMain(@builtin(global_invocation_id) id: vec3u) { V[id.x] = U[id.x] + 1u; }`,
    [
      { Type: 'UAV', Register: 0 },
      { Type: 'UAV', Register: 1 },
    ],
  );
  const l = p.list;
  l.SetComputeRootSignature({ RootSignature: rs });
  l.SetComputeRoot32BitConstants({
    RootParameterIndex: 0,
    Num32BitValuesToSet: 1,
    SrcData: [k],
    DestOffsetIn32BitValues: 0,
  });
  l.SetComputeRootUnorderedAccessView({ RootParameterIndex: 1, BufferLocation: U.GetGPUVirtualAddress() });
  l.SetComputeRootUnorderedAccessView({ RootParameterIndex: 2, BufferLocation: V.GetGPUVirtualAddress() });
  l.SetPipelineState({ PipelineState: fill });
  l.Dispatch({ ThreadGroupCountX: N / 64, ThreadGroupCountY: 1, ThreadGroupCountZ: 1 });
  if (barrier) p.uavBarrier(U);
  l.SetPipelineState({ PipelineState: next });
  l.Dispatch({ ThreadGroupCountX: N / 64, ThreadGroupCountY: 1, ThreadGroupCountZ: 1 });
  p.run();
  return { sys: p.sys, out: { U, V } };
}

/**
 * A texture through a descriptor table and a root CBV on an upload heap: dispatch 1 writes the gradient
 * (x·4, y·4, blue from the CBV, 255) into T, dispatch 2 paints its left half the CBV's second colour. Correct: a UAV
 * barrier on T between them. Without it: `uav-race` on T at dispatch 2.
 */
export function textureProgram(barrier: boolean): ComputeProgram {
  const p = computeSetup();
  const T = p.resource(
    {
      Dimension: D.D3D12_RESOURCE_DIMENSION_TEXTURE2D,
      Width: SIDE,
      Height: SIDE,
      Format: D.DXGI_FORMAT_R8G8B8A8_UNORM,
      Layout: D.D3D12_TEXTURE_LAYOUT_UNKNOWN,
      Flags: D.D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS,
    },
    D.D3D12_HEAP_TYPE_DEFAULT,
    D.D3D12_RESOURCE_STATE_UNORDERED_ACCESS,
  );
  T.SetName({ Name: 'T' });
  const cb = p.resource({ Width: 256 }, D.D3D12_HEAP_TYPE_UPLOAD, D.D3D12_RESOURCE_STATE_GENERIC_READ);
  // the CBV: vec4f blue-ish (0, 0, 0.5, 1) for the gradient's blue, then the left half's colour (1, 0, 0, 1)
  const mapped = cb.Map({ Subresource: 0, ReadRange: { Begin: 0, End: 0 } }).out!;
  mapped.set(new Uint8Array(new Float32Array([0, 0, 0.5, 1, 1, 0, 0, 1]).buffer));
  cb.Unmap({ Subresource: 0, WrittenRange: null });
  const heap = p.dev.CreateDescriptorHeap({
    Type: D.D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
    NumDescriptors: 1,
    Flags: D.D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE,
  }).out!;
  p.dev.CreateUnorderedAccessView({
    Resource: T,
    Desc: {
      Format: D.DXGI_FORMAT_R8G8B8A8_UNORM,
      ViewDimension: D.D3D12_UAV_DIMENSION_TEXTURE2D,
      Texture2D: { MipSlice: 0, PlaneSlice: 0 },
    },
    DestDescriptor: heap.GetCPUDescriptorHandleForHeapStart(),
  });
  const rs = p.rootSig([
    {
      ParameterType: D.D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE,
      DescriptorTable: {
        NumDescriptorRanges: 1,
        DescriptorRanges: [{ RangeType: D.D3D12_DESCRIPTOR_RANGE_TYPE_UAV, NumDescriptors: 1 }],
      },
    },
    { ParameterType: D.D3D12_ROOT_PARAMETER_TYPE_CBV, Descriptor: { ShaderRegister: 0 } },
  ]);
  const decl = `struct P { blue: vec4f, left: vec4f }
@group(0) @binding(0) var<uniform> c: P;
@group(0) @binding(1) var T: texture_storage_2d<rgba8unorm, write>;`;
  const res = [
    { Type: 'CBV', Register: 0 },
    { Type: 'UAV', Register: 0 },
  ];
  const gradient = p.pso(
    rs,
    `${decl}
@compute @workgroup_size(8, 8) fn CSMain(@builtin(global_invocation_id) id: vec3u) {
  textureStore(T, id.xy, vec4f(f32(id.x * 4u) / 255.0, f32(id.y * 4u) / 255.0, c.blue.z, 1.0));
}`,
    res,
  );
  const paint = p.pso(
    rs,
    `${decl}
@compute @workgroup_size(8, 8) fn CSMain(@builtin(global_invocation_id) id: vec3u) {
  if (id.x < ${SIDE / 2}u) { textureStore(T, id.xy, c.left); }
}`,
    res,
  );
  const l = p.list;
  l.SetComputeRootSignature({ RootSignature: rs });
  l.SetDescriptorHeaps({ NumDescriptorHeaps: 1, DescriptorHeaps: [heap] });
  l.SetComputeRootDescriptorTable({ RootParameterIndex: 0, BaseDescriptor: heap.GetGPUDescriptorHandleForHeapStart() });
  l.SetComputeRootConstantBufferView({ RootParameterIndex: 1, BufferLocation: cb.GetGPUVirtualAddress() });
  l.SetPipelineState({ PipelineState: gradient });
  l.Dispatch({ ThreadGroupCountX: SIDE / 8, ThreadGroupCountY: SIDE / 8, ThreadGroupCountZ: 1 });
  if (barrier) p.uavBarrier(T);
  l.SetPipelineState({ PipelineState: paint });
  l.Dispatch({ ThreadGroupCountX: SIDE / 8, ThreadGroupCountY: SIDE / 8, ThreadGroupCountZ: 1 });
  p.run();
  return { sys: p.sys, out: { T } };
}

/**
 * What a dispatch wrote reaches the rest of the replay: a dispatch writes RGBA8 texels into a buffer UAV (one
 * 256-byte row per texel row), then a second submission copies the buffer into a texture with CopyTextureRegion
 * (placed footprint, RowPitch 256). The texture shows the dispatch's pattern: red = x · 4, green = y · 4.
 */
export function copyProgram(): ComputeProgram {
  const p = computeSetup();
  const B = p.resource(
    { Width: SIDE * SIDE * 4, Flags: D.D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS },
    D.D3D12_HEAP_TYPE_DEFAULT,
    D.D3D12_RESOURCE_STATE_COMMON,
  );
  const T = p.resource(
    {
      Dimension: D.D3D12_RESOURCE_DIMENSION_TEXTURE2D,
      Width: SIDE,
      Height: SIDE,
      Format: D.DXGI_FORMAT_R8G8B8A8_UNORM,
      Layout: D.D3D12_TEXTURE_LAYOUT_UNKNOWN,
    },
    D.D3D12_HEAP_TYPE_DEFAULT,
    D.D3D12_RESOURCE_STATE_COPY_DEST,
  );
  const rs = p.rootSig([{ ParameterType: D.D3D12_ROOT_PARAMETER_TYPE_UAV, Descriptor: { ShaderRegister: 0 } }]);
  const pso = p.pso(
    rs,
    `@group(0) @binding(0) var<storage, read_write> B: array<u32>;
@compute @workgroup_size(8, 8) fn CSMain(@builtin(global_invocation_id) id: vec3u) {
  B[id.y * ${SIDE}u + id.x] = (id.x * 4u) | ((id.y * 4u) << 8u) | (255u << 24u);
}`,
    [{ Type: 'UAV', Register: 0 }],
  );
  p.list.SetPipelineState({ PipelineState: pso });
  p.list.SetComputeRootSignature({ RootSignature: rs });
  p.list.SetComputeRootUnorderedAccessView({ RootParameterIndex: 0, BufferLocation: B.GetGPUVirtualAddress() });
  p.list.Dispatch({ ThreadGroupCountX: SIDE / 8, ThreadGroupCountY: SIDE / 8, ThreadGroupCountZ: 1 });
  p.run();
  p.again(); // the buffer decayed to COMMON when the dispatch's submission completed: it promotes to COPY_SOURCE
  p.list.CopyTextureRegion({
    Dst: { Resource: T, Type: D.D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX, SubresourceIndex: 0 },
    DstX: 0,
    DstY: 0,
    DstZ: 0,
    Src: {
      Resource: B,
      Type: D.D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT,
      PlacedFootprint: {
        Offset: 0,
        Footprint: { Format: D.DXGI_FORMAT_R8G8B8A8_UNORM, Width: SIDE, Height: SIDE, Depth: 1, RowPitch: SIDE * 4 },
      },
    },
    SrcBox: null,
  });
  p.run();
  return { sys: p.sys, out: { T } };
}
