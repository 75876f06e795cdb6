// [CS-EXEC-1] What a Dispatch's root arguments mean on WebGPU, as plain data (unit-tested in Node). Registers → WGSL
// bindings (group 0): the compute shader's WGSL declares each register class in register order, as the graphics
// shaders do (sampling.ts), and the class is read from the declaration — var<uniform> is a CBV (b<k>),
// var<storage, read> and sampled textures are SRVs (t<k>), var<storage, read_write> and storage textures are UAVs
// (u<k>), samplers are s<k>. The k-th binding (by number) of a class is register k of it. Each register is then
// resolved through the dispatch's root signature (ID3D12RootSignature.find) to the root argument the dispatch
// recorded: a descriptor table's slot, a root CBV/SRV/UAV address, or root constants.
import {
  D3D12_DESCRIPTOR_RANGE_TYPE_CBV,
  D3D12_DESCRIPTOR_RANGE_TYPE_SRV,
  D3D12_DESCRIPTOR_RANGE_TYPE_UAV,
  D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS,
  D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE,
  D3D12_SHADER_VISIBILITY_ALL,
  type CommandOf,
  type ID3D12Resource,
} from '../../core';

export type RegisterClass = 'CBV' | 'SRV' | 'UAV' | 'SAMPLER';

export interface ComputeBinding {
  binding: number;
  cls: RegisterClass;
  /** HLSL register number within its class (b/t/u/s). */
  register: number;
  /** A buffer (var<uniform> / var<storage>), a texture, or a sampler. */
  kind: 'buffer' | 'texture' | 'sampler';
  /** The shader may write it (read_write storage buffer; storage texture with write or read_write access). */
  writable: boolean;
}

const PREFIX: Record<RegisterClass, string> = { CBV: 'b', SRV: 't', UAV: 'u', SAMPLER: 's' };
export const registerName = (b: { cls: RegisterClass; register: number }) => `${PREFIX[b.cls]}${b.register}`;

/** The group-0 bindings a compute shader's WGSL declares, each with the D3D12 register it stands for. */
export function computeBindings(wgsl: string): ComputeBinding[] {
  const found: Omit<ComputeBinding, 'register'>[] = [];
  const re = /@group\(0\)\s*@binding\((\d+)\)\s*var(?:<([^>]*)>)?\s+\w+\s*:\s*([\w]+)(?:<([^>]*)>)?/g;
  for (const m of wgsl.matchAll(re)) {
    const binding = Number(m[1]);
    const space = (m[2] ?? '').replace(/\s/g, '');
    const type = m[3];
    const params = (m[4] ?? '').replace(/\s/g, '');
    if (found.some((f) => f.binding === binding)) continue;
    if (space === 'uniform') found.push({ binding, cls: 'CBV', kind: 'buffer', writable: false });
    else if (space.startsWith('storage')) {
      const rw = space.endsWith('read_write');
      found.push({ binding, cls: rw ? 'UAV' : 'SRV', kind: 'buffer', writable: rw });
    } else if (type.startsWith('texture_storage'))
      found.push({ binding, cls: 'UAV', kind: 'texture', writable: !params.endsWith(',read') });
    else if (type.startsWith('texture')) found.push({ binding, cls: 'SRV', kind: 'texture', writable: false });
    else if (type === 'sampler' || type === 'sampler_comparison')
      found.push({ binding, cls: 'SAMPLER', kind: 'sampler', writable: false });
  }
  found.sort((a, b) => a.binding - b.binding);
  const next: Record<RegisterClass, number> = { CBV: 0, SRV: 0, UAV: 0, SAMPLER: 0 };
  return found.map((f) => ({ ...f, register: next[f.cls]++ }));
}

/** What a register resolves to at a dispatch. */
export type RegisterSource =
  /** a buffer (root descriptor or a buffer view in a table), bound from `offset`, `size` bytes (null: to the end) */
  | { kind: 'buffer'; res: ID3D12Resource; offset: number; size: number | null; from: string }
  /** a texture view in a table */
  | { kind: 'texture'; res: ID3D12Resource; format: number; from: string }
  /** root constants: the 32-bit values as uint32 */
  | { kind: 'constants'; values: number[]; from: string }
  /** nothing the GPU could read (no parameter, no argument, an empty or wrong-kind slot): zeros */
  | { kind: 'none'; why: string };

interface BufferViewDesc {
  Buffer?: { FirstElement?: number; NumElements?: number; StructureByteStride?: number };
  BufferLocation?: number;
  SizeInBytes?: number;
}

const RANGE_TYPE: Record<RegisterClass, number> = {
  CBV: D3D12_DESCRIPTOR_RANGE_TYPE_CBV,
  SRV: D3D12_DESCRIPTOR_RANGE_TYPE_SRV,
  UAV: D3D12_DESCRIPTOR_RANGE_TYPE_UAV,
  SAMPLER: -1,
};

/** The root argument register `cls`/`reg` (space 0) reads at this dispatch. */
export function resolveRegister(cmd: CommandOf<'Dispatch'>, cls: RegisterClass, reg: number): RegisterSource {
  const rs = cmd.rootSignature;
  const name = registerName({ cls, register: reg });
  if (!rs) return { kind: 'none', why: `${name}: no root signature` };
  const pi = rs.find(D3D12_SHADER_VISIBILITY_ALL, cls, reg, 0);
  if (pi < 0) return { kind: 'none', why: `${name}: no root parameter declares it` };
  const p = rs.params[pi];
  if (p.ParameterType === D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS) {
    const values = cmd.constants.get(pi);
    if (!values) return { kind: 'none', why: `${name}: root constants (parameter ${pi}) never set` };
    const out: number[] = [];
    for (let k = 0; k < p.Num32BitValues; k++) out.push((values[k] ?? 0) >>> 0);
    return { kind: 'constants', values: out, from: `root constants (parameter ${pi})` };
  }
  if (p.ParameterType !== D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE) {
    const v = cmd.views.get(pi);
    if (!v?.res)
      return { kind: 'none', why: `${name}: root ${cls} (parameter ${pi}) ${v ? 'names no buffer' : 'never set'}` };
    return {
      kind: 'buffer',
      res: v.res,
      offset: v.va - v.res.gpuVA,
      size: null,
      from: `root ${cls} (parameter ${pi}) at +${v.va - v.res.gpuVA}`,
    };
  }
  const t = cmd.tables.get(pi);
  if (!t) return { kind: 'none', why: `${name}: table (parameter ${pi}) never set` };
  const range = p.ranges.find(
    (r) =>
      r.RangeType === RANGE_TYPE[cls] &&
      r.RegisterSpace === 0 &&
      reg >= r.BaseShaderRegister &&
      (r.NumDescriptors === 0xffffffff || reg < r.BaseShaderRegister + r.NumDescriptors),
  );
  if (!range) return { kind: 'none', why: `${name}: not in table (parameter ${pi})` };
  const slot = t.index + range.offset + (reg - range.BaseShaderRegister);
  const content = slot < t.heap.numDescriptors ? t.heap.slots[slot] : null;
  const from = `heap #${t.heap.id} slot ${slot}`;
  if (!content || content.kind !== cls || !content.resource)
    return { kind: 'none', why: `${name}: ${from} holds ${content ? `a ${content.kind}` : 'nothing'}: zeros` };
  const res = content.resource;
  const d = (content.desc ?? {}) as BufferViewDesc;
  if (cls === 'CBV') {
    const offset = (d.BufferLocation ?? res.gpuVA) - res.gpuVA;
    return { kind: 'buffer', res, offset, size: d.SizeInBytes ?? null, from };
  }
  if (!res.isBuffer) return { kind: 'texture', res, format: content.format, from };
  // a buffer view: FirstElement and NumElements in elements of StructureByteStride (or of the 4-byte typed format)
  const stride = d.Buffer?.StructureByteStride || 4;
  const first = d.Buffer?.FirstElement ?? 0;
  const n = d.Buffer?.NumElements;
  return { kind: 'buffer', res, offset: first * stride, size: n ? n * stride : null, from };
}
