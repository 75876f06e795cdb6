// Root signature serialization (D3D12SerializeRootSignature / D3D12SerializeVersionedRootSignature, [RS-SER-*]):
// the version 1.0 / 1.1 rules and defaults, normalised into the blob (ID3DBlob) that CreateRootSignature reads.
// Separate from pipeline.ts (root signature and pipeline state objects), which re-exports what it defines.

import { IUnknown } from './object';
import type { Kernel } from './kernel';
import type { HRESULT } from './messages';
import {
  D3D12_DESCRIPTOR_RANGE_FLAG_DATA_STATIC,
  D3D12_DESCRIPTOR_RANGE_FLAG_DATA_STATIC_WHILE_SET_AT_EXECUTE,
  D3D12_DESCRIPTOR_RANGE_FLAG_DATA_VOLATILE,
  D3D12_DESCRIPTOR_RANGE_FLAG_DESCRIPTORS_VOLATILE,
  D3D12_DESCRIPTOR_RANGE_OFFSET_APPEND,
  D3D12_DESCRIPTOR_RANGE_TYPE_SAMPLER,
  D3D12_DESCRIPTOR_RANGE_TYPE_UAV,
  D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE,
  D3D_ROOT_SIGNATURE_VERSION_1_0,
  D3D_ROOT_SIGNATURE_VERSION_1_1,
  D3D12_ROOT_PARAMETER_TYPE_UAV,
  D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS,
} from './enums';
import type { D3D12_STATIC_SAMPLER_DESC } from './structs';

/** ID3DBlob: serialized root signatures (and error blobs). */
export class ID3DBlob extends IUnknown {
  readonly iface = 'ID3DBlob';
  constructor(
    sys: Kernel,
    readonly content: { rootSignature?: NormalizedRootSignature; error?: string },
  ) {
    super(sys, 0, 'ID3DBlob');
  }
  GetBufferSize(): number {
    return this.content.rootSignature
      ? 64 + this.content.rootSignature.params.length * 32
      : (this.content.error ?? '').length + 1;
  }
}

export interface NormalizedRange {
  RangeType: number;
  NumDescriptors: number;
  BaseShaderRegister: number;
  RegisterSpace: number;
  offset: number;
  flags: number;
  descriptorsVolatile: boolean;
  /** [RS-FLAGS-1] the CPU validates resource states for this range (1.1 DATA_STATIC_WHILE_SET_AT_EXECUTE or DATA_STATIC) */
  dataStaticAtExecute: boolean;
}

export interface NormalizedParam {
  ParameterType: number;
  ShaderVisibility: number;
  ranges: NormalizedRange[];
  ShaderRegister: number;
  RegisterSpace: number;
  Num32BitValues: number;
}

export interface NormalizedRootSignature {
  version: number;
  params: NormalizedParam[];
  staticSamplers: {
    ShaderRegister: number;
    RegisterSpace: number;
    ShaderVisibility: number;
    desc: D3D12_STATIC_SAMPLER_DESC;
  }[];
  flags: number;
}

interface RawRange {
  RangeType?: number;
  NumDescriptors?: number;
  BaseShaderRegister?: number;
  RegisterSpace?: number;
  OffsetInDescriptorsFromTableStart?: number;
  Flags?: number;
}
interface RawParam {
  ParameterType?: number;
  ShaderVisibility?: number;
  DescriptorTable?: { NumDescriptorRanges?: number; DescriptorRanges?: RawRange[] };
  Constants?: { ShaderRegister?: number; RegisterSpace?: number; Num32BitValues?: number };
  Descriptor?: { ShaderRegister?: number; RegisterSpace?: number; Flags?: number };
}
interface RawRootSig {
  NumParameters?: number;
  Parameters?: RawParam[];
  NumStaticSamplers?: number;
  StaticSamplers?: D3D12_STATIC_SAMPLER_DESC[];
  Flags?: number;
}

/**
 * [RS-SER-3] Serialize: the version must be 1.0 or 1.1; a table needs at least one range, and sampler ranges may not
 * share a table with CBV/SRV/UAV ranges. 1.0 ranges behave as DESCRIPTORS_VOLATILE | DATA_VOLATILE; 1.1 ranges
 * default to static descriptors with DATA_STATIC_WHILE_SET_AT_EXECUTE (CBV/SRV) or DATA_VOLATILE (UAV).
 */
export function serializeRootSignature(
  sys: Kernel,
  version: number,
  raw: unknown,
): { hr: HRESULT; blob?: ID3DBlob; error?: string } {
  if (version !== D3D_ROOT_SIGNATURE_VERSION_1_0 && version !== D3D_ROOT_SIGNATURE_VERSION_1_1)
    return { hr: 'E_INVALIDARG', error: 'UNSUPPORTED_VERSION' };
  const d = (raw ?? {}) as RawRootSig;
  const rawParams = (d.Parameters ?? []).slice(0, d.NumParameters ?? (d.Parameters ?? []).length);
  const params: NormalizedParam[] = [];
  for (const p of rawParams) {
    const ranges: NormalizedRange[] = [];
    if (p.ParameterType === D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE) {
      const rr = (p.DescriptorTable?.DescriptorRanges ?? []).slice(0, p.DescriptorTable?.NumDescriptorRanges ?? 0);
      if (rr.length === 0) return { hr: 'E_INVALIDARG', error: 'EMPTY_DESCRIPTOR_TABLE' };
      let next = 0;
      let samplers = 0;
      for (const r of rr) {
        const type = r.RangeType ?? 0;
        if (type === D3D12_DESCRIPTOR_RANGE_TYPE_SAMPLER) samplers++;
        const off =
          (r.OffsetInDescriptorsFromTableStart ?? 0) >>> 0 === D3D12_DESCRIPTOR_RANGE_OFFSET_APPEND
            ? next
            : (r.OffsetInDescriptorsFromTableStart ?? 0);
        const n = r.NumDescriptors ?? 0;
        let flags = r.Flags ?? 0;
        if (version === D3D_ROOT_SIGNATURE_VERSION_1_0)
          flags =
            D3D12_DESCRIPTOR_RANGE_FLAG_DESCRIPTORS_VOLATILE |
            (type === D3D12_DESCRIPTOR_RANGE_TYPE_SAMPLER ? 0 : D3D12_DESCRIPTOR_RANGE_FLAG_DATA_VOLATILE);
        else if (
          type === D3D12_DESCRIPTOR_RANGE_TYPE_SAMPLER &&
          flags & ~D3D12_DESCRIPTOR_RANGE_FLAG_DESCRIPTORS_VOLATILE
        )
          return { hr: 'E_INVALIDARG', error: 'SAMPLER_RANGE_DATA_FLAGS' };
        const dataFlags =
          flags &
          (D3D12_DESCRIPTOR_RANGE_FLAG_DATA_VOLATILE |
            D3D12_DESCRIPTOR_RANGE_FLAG_DATA_STATIC_WHILE_SET_AT_EXECUTE |
            D3D12_DESCRIPTOR_RANGE_FLAG_DATA_STATIC);
        if (dataFlags & (dataFlags - 1)) return { hr: 'E_INVALIDARG', error: 'CONFLICTING_RANGE_FLAGS' };
        const dataStatic =
          type !== D3D12_DESCRIPTOR_RANGE_TYPE_SAMPLER &&
          (dataFlags === D3D12_DESCRIPTOR_RANGE_FLAG_DATA_STATIC_WHILE_SET_AT_EXECUTE ||
            dataFlags === D3D12_DESCRIPTOR_RANGE_FLAG_DATA_STATIC ||
            (dataFlags === 0 &&
              version === D3D_ROOT_SIGNATURE_VERSION_1_1 &&
              type !== D3D12_DESCRIPTOR_RANGE_TYPE_UAV &&
              !(flags & D3D12_DESCRIPTOR_RANGE_FLAG_DESCRIPTORS_VOLATILE)));
        ranges.push({
          RangeType: type,
          NumDescriptors: n,
          BaseShaderRegister: r.BaseShaderRegister ?? 0,
          RegisterSpace: r.RegisterSpace ?? 0,
          offset: off,
          flags,
          descriptorsVolatile: (flags & D3D12_DESCRIPTOR_RANGE_FLAG_DESCRIPTORS_VOLATILE) !== 0,
          dataStaticAtExecute: dataStatic,
        });
        next = off + n;
      }
      if (samplers !== 0 && samplers !== rr.length)
        return { hr: 'E_INVALIDARG', error: 'SAMPLER_AND_VIEW_RANGES_MIXED' };
    } else if (p.ParameterType === undefined || p.ParameterType > D3D12_ROOT_PARAMETER_TYPE_UAV) {
      return { hr: 'E_INVALIDARG', error: 'INVALID_PARAMETER_TYPE' };
    }
    const reg = p.ParameterType === D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS ? p.Constants : p.Descriptor;
    params.push({
      ParameterType: p.ParameterType ?? 0,
      ShaderVisibility: p.ShaderVisibility ?? 0,
      ranges,
      ShaderRegister: reg?.ShaderRegister ?? 0,
      RegisterSpace: reg?.RegisterSpace ?? 0,
      Num32BitValues: p.Constants?.Num32BitValues ?? 0,
    });
  }
  const staticSamplers = (d.StaticSamplers ?? [])
    .slice(0, d.NumStaticSamplers ?? (d.StaticSamplers ?? []).length)
    .map((s) => ({
      ShaderRegister: s.ShaderRegister ?? 0,
      RegisterSpace: s.RegisterSpace ?? 0,
      ShaderVisibility: s.ShaderVisibility ?? 0,
      desc: s,
    }));
  const norm: NormalizedRootSignature = { version, params, staticSamplers, flags: d.Flags ?? 0 };
  return { hr: 'S_OK', blob: new ID3DBlob(sys, { rootSignature: norm }) };
}
