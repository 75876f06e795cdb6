// [CS-EXEC-1] What the executor binds at a Dispatch, without a GPU: WGSL declarations → D3D12 registers, registers →
// the root arguments the model recorded with the dispatch, and the dispatches a missing UAV barrier makes race
// ([CS-UAV-2]). The GPU side (the bytes and pixels a dispatch computes) runs on Dawn in `npm run test:gpu`.
import { describe, expect, it } from 'vitest';
import * as D from '../../core';
import type { CommandOf } from '../../core';
import { computeBindings, resolveRegister } from './compute-bind';
import { bufferProgram, computeSetup, copyProgram, textureProgram, type ComputeProgram } from './compute-programs';
import { planReplay } from './plan';
import { racedResources } from './uav-race';

const dispatches = (p: ComputeProgram) =>
  planReplay(p.sys, p.sys.callIndex)
    .submissions.flatMap((s) => s.commands ?? [])
    .flat()
    .filter((c): c is CommandOf<'Dispatch'> => c.op === 'Dispatch');

describe('[CS-EXEC-1] compute shader bindings', () => {
  it('each WGSL declaration is the register of its class, numbered in binding order', () => {
    const b = computeBindings(`
      @group(0) @binding(3) var<storage, read_write> out2: array<u32>;
      @group(0) @binding(0) var<uniform> k: K;
      @group(0) @binding(1) var<storage, read> src: array<f32>;
      @group(0) @binding(2) var<storage, read_write> out1: array<u32>;
      @group(0) @binding(4) var img: texture_storage_2d<rgba8unorm, write>;
      @group(0) @binding(5) var tex: texture_2d<f32>;
      @group(0) @binding(6) var ro: texture_storage_2d<r32float, read>;
      @group(0) @binding(7) var s: sampler;`);
    expect(b.map((x) => [x.binding, `${x.cls}${x.register}`, x.kind, x.writable])).toEqual([
      [0, 'CBV0', 'buffer', false],
      [1, 'SRV0', 'buffer', false],
      [2, 'UAV0', 'buffer', true],
      [3, 'UAV1', 'buffer', true],
      [4, 'UAV2', 'texture', true],
      [5, 'SRV1', 'texture', false],
      [6, 'UAV3', 'texture', false],
      [7, 'SAMPLER0', 'sampler', false],
    ]);
  });
});

describe('[CS-EXEC-1] a Dispatch keeps the root arguments it was recorded with', () => {
  it('root constants and root UAVs: b0 is the constant, u0 and u1 the buffers at their addresses', () => {
    const p = bufferProgram(true, 7);
    expect(p.sys.messages.map((m) => m.id)).toEqual([]);
    const [fill, next] = dispatches(p);
    expect(resolveRegister(fill, 'CBV', 0)).toMatchObject({ kind: 'constants', values: [7] });
    expect(resolveRegister(fill, 'UAV', 0)).toMatchObject({ kind: 'buffer', res: p.out.U, offset: 0 });
    expect(resolveRegister(next, 'UAV', 1)).toMatchObject({ kind: 'buffer', res: p.out.V, offset: 0 });
    expect(resolveRegister(next, 'SRV', 0)).toMatchObject({ kind: 'none' });
  });
  it('the copy program (dispatch, then CopyTextureRegion of its buffer) is correct code: no message, two submissions', () => {
    const p = copyProgram();
    expect(p.sys.messages.map((m) => m.id)).toEqual([]);
    expect(planReplay(p.sys, p.sys.callIndex).submissions.filter((s) => s.commands).length).toBe(2);
  });
  it('a descriptor table UAV texture and a root CBV on an upload heap', () => {
    const p = textureProgram(true);
    expect(p.sys.messages.map((m) => m.id)).toEqual([]);
    const [gradient] = dispatches(p);
    expect(resolveRegister(gradient, 'UAV', 0)).toMatchObject({ kind: 'texture', res: p.out.T });
    const cbv = resolveRegister(gradient, 'CBV', 0);
    expect(cbv.kind).toBe('buffer');
    expect(cbv.kind === 'buffer' && cbv.res.heapType).toBe(2); // D3D12_HEAP_TYPE_UPLOAD
  });
});

describe('[CS-EXEC-1] root arguments are captured per Dispatch', () => {
  it('constants and a root UAV changed between two dispatches: each dispatch keeps its own', () => {
    const p = computeSetup();
    const flags = D.D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS;
    const a = p.resource({ Width: 1024, Flags: flags }, D.D3D12_HEAP_TYPE_DEFAULT, D.D3D12_RESOURCE_STATE_COMMON);
    const b = p.resource({ Width: 1024, Flags: flags }, D.D3D12_HEAP_TYPE_DEFAULT, D.D3D12_RESOURCE_STATE_COMMON);
    const rs = p.rootSig([
      {
        ParameterType: D.D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS,
        Constants: { ShaderRegister: 0, Num32BitValues: 2 },
      },
      { ParameterType: D.D3D12_ROOT_PARAMETER_TYPE_UAV, Descriptor: { ShaderRegister: 0 } },
    ]);
    const wgsl = `@group(0) @binding(0) var<uniform> k: vec2u;
@group(0) @binding(1) var<storage, read_write> u: array<u32>;
@compute @workgroup_size(1) fn CSMain() { u[0] = k.x; }`;
    const pso = p.pso(rs, wgsl, [
      { Type: 'CBV', Register: 0 },
      { Type: 'UAV', Register: 0 },
    ]);
    const l = p.list;
    l.SetPipelineState({ PipelineState: pso });
    l.SetComputeRootSignature({ RootSignature: rs });
    const set = (values: number[], offset: number) =>
      l.SetComputeRoot32BitConstants({
        RootParameterIndex: 0,
        Num32BitValuesToSet: values.length,
        SrcData: values,
        DestOffsetIn32BitValues: offset,
      });
    set([3, 4], 0);
    l.SetComputeRootUnorderedAccessView({ RootParameterIndex: 1, BufferLocation: a.GetGPUVirtualAddress() });
    l.Dispatch({ ThreadGroupCountX: 1, ThreadGroupCountY: 1, ThreadGroupCountZ: 1 });
    set([9], 1); // only the second value changes
    l.SetComputeRootUnorderedAccessView({ RootParameterIndex: 1, BufferLocation: b.GetGPUVirtualAddress() + 256 });
    l.Dispatch({ ThreadGroupCountX: 1, ThreadGroupCountY: 1, ThreadGroupCountZ: 1 });
    p.run();
    expect(p.sys.messages.map((m) => m.id)).toEqual([]);
    const [first, second] = dispatches({ sys: p.sys, out: {} });
    expect(resolveRegister(first, 'CBV', 0)).toMatchObject({ kind: 'constants', values: [3, 4] });
    expect(resolveRegister(second, 'CBV', 0)).toMatchObject({ kind: 'constants', values: [3, 9] });
    expect(resolveRegister(first, 'UAV', 0)).toMatchObject({ res: a, offset: 0 });
    expect(resolveRegister(second, 'UAV', 0)).toMatchObject({ res: b, offset: 256 });
  });
});

describe('[CS-UAV-2] the dispatches a missing UAV barrier makes race', () => {
  it('with the barrier: no uav-race, nothing raced; without: the second dispatch names the buffer, hazard traced', () => {
    for (const make of [bufferProgram, textureProgram]) {
      const ok = make(true);
      const bad = make(false);
      const hz = (p: ComputeProgram) =>
        p.sys.trace.events.flatMap((e) => (e.k === 'hazard' && e.kind === 'uav-race' ? [e.res] : []));
      const racedRes = Object.values(bad.out)[0];
      expect(hz(ok)).toEqual([]);
      expect(hz(bad)).toEqual([racedRes.id]);
      expect(dispatches(ok).map((d) => d.uavRaces)).toEqual([[], []]);
      expect(dispatches(bad).map((d) => d.uavRaces)).toEqual([[], [racedRes]]);
      expect([...racedResources(dispatches(bad))]).toEqual([racedRes.id]);
      // no debug-layer message either way: the layer does not track UAV barriers
      expect(bad.sys.messages.map((m) => m.id)).toEqual([]);
    }
  });
});
