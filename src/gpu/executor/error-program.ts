// A program with a command WebGPU refuses in the middle of a frame: what `npm run test:gpu` (test-gpu-errors.ts) runs
// to check that the executor, which submits a frame's work under one error scope (scopes.ts), still names the command
// that raised the error. Plain model code (no WebGPU).
import * as D from '../../core';
import { computeSetup, N, type ComputeProgram } from './compute-programs';
import { planReplay } from './plan';

export interface ErrorProgram extends ComputeProgram {
  /** The compute PSO whose WGSL does not compile (WebGPU refuses its pipeline). */
  broken: D.ID3D12PipelineState;
  /** Call index of the first submission (clean) and of the second (the broken dispatch between two good ones). */
  first: number;
  second: number;
}

/**
 * Submission 1: U[i] = 3i. Submission 2: a dispatch whose shader assigns an f32 to a u32 (WGSL refuses it, so
 * WebGPU refuses the pipeline and the dispatch), then V[i] = U[i] + 1. The model accepts all of it (it does not
 * compile WGSL): the error is WebGPU's alone.
 */
export function brokenMidFrameProgram(): ErrorProgram {
  const p = computeSetup();
  const flags = D.D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS;
  const buffer = (name: string) => {
    const r = p.resource({ Width: N * 4, Flags: flags }, D.D3D12_HEAP_TYPE_DEFAULT, D.D3D12_RESOURCE_STATE_COMMON);
    r.SetName({ Name: name });
    return r;
  };
  const U = buffer('U');
  const V = buffer('V');
  const rs = p.rootSig([
    { ParameterType: D.D3D12_ROOT_PARAMETER_TYPE_UAV, Descriptor: { ShaderRegister: 0 } },
    { ParameterType: D.D3D12_ROOT_PARAMETER_TYPE_UAV, Descriptor: { ShaderRegister: 1 } },
  ]);
  const uavs = [
    { Type: 'UAV', Register: 0 },
    { Type: 'UAV', Register: 1 },
  ];
  const shader = (body: string) => `@group(0) @binding(0) var<storage, read_write> U: array<u32>;
@group(0) @binding(1) var<storage, read_write> V: array<u32>;
@compute @workgroup_size(64) fn CSMain(@builtin(global_invocation_id) id: vec3u) { ${body} }`;
  const fill = p.pso(rs, shader('U[id.x] = id.x * 3u; V[id.x] = 0u;'), uavs);
  const broken = p.pso(rs, shader('V[id.x] = 1.5;'), uavs);
  const next = p.pso(rs, shader('V[id.x] = U[id.x] + 1u;'), uavs);
  const dispatch = (pso: D.ID3D12PipelineState) => {
    p.list.SetComputeRootSignature({ RootSignature: rs });
    p.list.SetComputeRootUnorderedAccessView({ RootParameterIndex: 0, BufferLocation: U.GetGPUVirtualAddress() });
    p.list.SetComputeRootUnorderedAccessView({ RootParameterIndex: 1, BufferLocation: V.GetGPUVirtualAddress() });
    p.list.SetPipelineState({ PipelineState: pso });
    p.list.Dispatch({ ThreadGroupCountX: N / 64, ThreadGroupCountY: 1, ThreadGroupCountZ: 1 });
  };
  dispatch(fill);
  p.run();
  p.again();
  dispatch(broken);
  p.uavBarrier(V);
  dispatch(next);
  p.run();
  const [first, second] = planReplay(p.sys, p.sys.callIndex).submissions.map((s) => s.call);
  return { sys: p.sys, out: { U, V }, broken, first, second };
}
