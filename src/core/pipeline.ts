// Root signatures (serialize 1.0 / 1.1, device support) and graphics pipeline state objects, to the depth
// lessons 5-10 need. The model does not compile HLSL: a D3D12_SHADER_BYTECODE may carry a model-only
// `Reflection` (its input semantics and the registers it reads), which is what the runtime would read from
// the DXIL container ([PSO-*]). Serialization lives in root-signature-serialize.ts.

import { IUnknown } from './object';
import type { DeviceContext } from './kernel';
import type { HRESULT, MessageId } from './messages';
import {
  D3D12_DESCRIPTOR_RANGE_TYPE_SAMPLER,
  D3D12_DESCRIPTOR_RANGE_TYPE_UAV,
  D3D12_DESCRIPTOR_RANGE_TYPE_SRV,
  D3D12_DESCRIPTOR_RANGE_TYPE_CBV,
  D3D12_PRIMITIVE_TOPOLOGY_TYPE_UNDEFINED,
  D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE,
  D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT,
  D3D12_SHADER_VISIBILITY_ALL,
  D3D12_SHADER_VISIBILITY_PIXEL,
  D3D12_SHADER_VISIBILITY_VERTEX,
  D3D12_APPEND_ALIGNED_ELEMENT,
  D3D12_ROOT_PARAMETER_TYPE_CBV,
  D3D12_ROOT_PARAMETER_TYPE_SRV,
  D3D12_ROOT_PARAMETER_TYPE_UAV,
  D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS,
} from './enums';
import { formatInfo } from './formats';
import type { D3D12_INPUT_ELEMENT_DESC } from './structs';

export {
  ID3DBlob,
  serializeRootSignature,
  type NormalizedParam,
  type NormalizedRange,
  type NormalizedRootSignature,
} from './root-signature-serialize';
import type { ID3DBlob, NormalizedParam, NormalizedRootSignature } from './root-signature-serialize';

export class ID3D12RootSignature extends IUnknown {
  readonly iface = 'ID3D12RootSignature';
  readonly params: NormalizedParam[];
  /** Executions in flight whose draws use it (OBJ-REL-3). */
  inflight = 0;
  constructor(
    readonly device: DeviceContext,
    readonly desc: NormalizedRootSignature,
  ) {
    super(device.sys, device.id, 'ID3D12RootSignature');
    this.params = desc.params;
  }

  protected override inFlightOn(): DeviceContext | null {
    return this.inflight > 0 ? this.device : null;
  }

  /** Which root parameter (or static sampler: -2) makes register `type`/`reg`/`space` visible to a stage; -1 if none. */
  find(stage: number, type: 'CBV' | 'SRV' | 'UAV' | 'SAMPLER', reg: number, space: number): number {
    const rangeType = {
      SRV: D3D12_DESCRIPTOR_RANGE_TYPE_SRV,
      UAV: D3D12_DESCRIPTOR_RANGE_TYPE_UAV,
      CBV: D3D12_DESCRIPTOR_RANGE_TYPE_CBV,
      SAMPLER: D3D12_DESCRIPTOR_RANGE_TYPE_SAMPLER,
    }[type];
    const rootType = {
      SRV: D3D12_ROOT_PARAMETER_TYPE_SRV,
      UAV: D3D12_ROOT_PARAMETER_TYPE_UAV,
      CBV: D3D12_ROOT_PARAMETER_TYPE_CBV,
      SAMPLER: -1,
    }[type];
    const visible = (v: number) => v === D3D12_SHADER_VISIBILITY_ALL || v === stage;
    for (let i = 0; i < this.params.length; i++) {
      const p = this.params[i];
      if (!visible(p.ShaderVisibility)) continue;
      if (p.ParameterType === D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE) {
        for (const r of p.ranges) {
          if (
            r.RangeType === rangeType &&
            r.RegisterSpace === space &&
            reg >= r.BaseShaderRegister &&
            (r.NumDescriptors === 0xffffffff || reg < r.BaseShaderRegister + r.NumDescriptors)
          )
            return i;
        }
      } else if (
        (p.ParameterType === rootType ||
          (type === 'CBV' && p.ParameterType === D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS)) &&
        p.ShaderRegister === reg &&
        p.RegisterSpace === space
      )
        return i;
    }
    if (
      type === 'SAMPLER' &&
      this.desc.staticSamplers.some(
        (s) => visible(s.ShaderVisibility) && s.ShaderRegister === reg && s.RegisterSpace === space,
      )
    )
      return -2;
    return -1;
  }
}

/** [RS-CREATE-1] CreateRootSignature: the blob must hold a root signature of a version the device supports. */
export function createRootSignature(
  device: DeviceContext,
  blob: ID3DBlob | null,
): { hr: HRESULT; out?: ID3D12RootSignature } {
  const rs = blob?.content?.rootSignature;
  if (!rs) {
    device.msg('CREATE_ROOT_SIGNATURE_DESERIALIZE_FAILED', {});
    return { hr: 'E_INVALIDARG' };
  }
  if (rs.version > device.facts.highestRootSignatureVersion) {
    device.msg('CREATE_ROOT_SIGNATURE_NOT_SUPPORTED_ON_DEVICE', {
      version: rs.version,
      highest: device.facts.highestRootSignatureVersion,
    });
    return { hr: 'E_INVALIDARG' };
  }
  return { hr: 'S_OK', out: new ID3D12RootSignature(device, rs) };
}

export interface ShaderReflection {
  Inputs?: { SemanticName: string; SemanticIndex?: number }[];
  Resources?: { Type: 'CBV' | 'SRV' | 'UAV' | 'SAMPLER'; Register: number; Space?: number }[];
}
interface ShaderBytecode {
  BytecodeLength?: number;
  Reflection?: ShaderReflection;
}

/** An input element with its D3D12_APPEND_ALIGNED_ELEMENT offset resolved. */
export type InputElement = D3D12_INPUT_ELEMENT_DESC;

export class ID3D12PipelineState extends IUnknown {
  readonly iface = 'ID3D12PipelineState';
  readonly rtvFormats: number[];
  /** [CS-PSO-1] made by CreateComputePipelineState (Dispatch needs one; a draw needs a graphics one). */
  isCompute = false;
  /** Root descriptors (CBV/SRV/UAV parameters) the shaders read: Dispatch checks they are set. */
  rootViews: [number, 'CBV' | 'SRV' | 'UAV'][] = [];
  /** Executions in flight whose draws use it (OBJ-REL-3). */
  inflight = 0;
  protected override inFlightOn(): DeviceContext | null {
    return this.inflight > 0 ? this.device : null;
  }
  constructor(
    readonly device: DeviceContext,
    readonly rootSignature: ID3D12RootSignature,
    readonly desc: Record<string, unknown>,
    readonly inputLayout: InputElement[],
    readonly tableParams: number[],
    rtvFormats: number[],
  ) {
    super(device.sys, device.id, 'ID3D12PipelineState');
    this.rtvFormats = rtvFormats;
  }

  /** Input slot -> bytes each vertex needs in that slot (for the stride check). */
  inputSlots(): Map<number, number> {
    const m = new Map<number, number>();
    for (const e of this.inputLayout)
      m.set(e.InputSlot, Math.max(m.get(e.InputSlot) ?? 0, e.AlignedByteOffset + (formatInfo(e.Format)?.bytes ?? 4)));
    return m;
  }

  usedTableParams(): number[] {
    return this.tableParams;
  }
}

/** Resolve D3D12_APPEND_ALIGNED_ELEMENT offsets per slot. */
function layoutElements(raw: unknown[]): InputElement[] {
  const next = new Map<number, number>();
  return raw.map((x) => {
    const e = x as Partial<InputElement>;
    const slot = e.InputSlot ?? 0;
    const off =
      (e.AlignedByteOffset ?? 0) >>> 0 === D3D12_APPEND_ALIGNED_ELEMENT
        ? (next.get(slot) ?? 0)
        : (e.AlignedByteOffset ?? 0);
    next.set(slot, off + (formatInfo(e.Format ?? 0)?.bytes ?? 4));
    return {
      SemanticName: String(e.SemanticName ?? ''),
      SemanticIndex: e.SemanticIndex ?? 0,
      Format: e.Format ?? 0,
      InputSlot: slot,
      AlignedByteOffset: off,
      InputSlotClass: e.InputSlotClass ?? 0,
      InstanceDataStepRate: e.InstanceDataStepRate ?? 0,
    };
  });
}

/**
 * [PSO-1] CreateGraphicsPipelineState: a root signature is required; [PSO-2] a vertex shader is required;
 * [PSO-3] every VS input semantic must be provided by the input layout (CREATEINPUTLAYOUT_MISSINGELEMENT);
 * [PSO-4] a non-empty input layout needs the ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT root flag; [PSO-5] every register a
 * shader reads must be covered by a root parameter visible to its stage (VS/PS_ROOT_SIGNATURE_MISMATCH);
 * [PSO-6] NumRenderTargets <= 8 and formats beyond it UNKNOWN. All failures are E_INVALIDARG.
 */
export function createGraphicsPipelineState(
  device: DeviceContext,
  desc: Record<string, unknown>,
): { hr: HRESULT; out?: ID3D12PipelineState } {
  const fail = (id: MessageId, args: Record<string, string | number | boolean | null> = {}) => {
    device.msg(id, args);
    return { hr: 'E_INVALIDARG' as HRESULT };
  };
  const rs = desc.RootSignature as ID3D12RootSignature | null | undefined;
  if (!rs) return fail('CREATEGRAPHICSPIPELINESTATE_MISSING_ROOT_SIGNATURE');
  const vs = desc.VS as ShaderBytecode | undefined;
  const ps = desc.PS as ShaderBytecode | undefined;
  if (!vs || !(vs.BytecodeLength || vs.Reflection)) return fail('CREATEGRAPHICSPIPELINESTATE_VERTEX_SHADER_NOT_SET');
  const il = desc.InputLayout as { NumElements?: number; InputElementDescs?: unknown[] } | undefined;
  const elements = layoutElements(
    (il?.InputElementDescs ?? []).slice(0, il?.NumElements ?? (il?.InputElementDescs ?? []).length),
  );
  for (const inp of vs.Reflection?.Inputs ?? []) {
    const name = inp.SemanticName.toUpperCase();
    if (name.startsWith('SV_')) continue;
    if (!elements.some((e) => e.SemanticName.toUpperCase() === name && e.SemanticIndex === (inp.SemanticIndex ?? 0))) {
      return fail('CREATEINPUTLAYOUT_MISSINGELEMENT', {
        semanticName: inp.SemanticName,
        semanticIndex: inp.SemanticIndex ?? 0,
      });
    }
  }
  if (elements.length > 0 && !(rs.desc.flags & D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT)) {
    return fail('CREATEGRAPHICSPIPELINESTATE_MISSING_ROOT_SIGNATURE_FLAGS', { flags: rs.desc.flags });
  }
  const tableParams = new Set<number>();
  for (const [stage, sh, id] of [
    [D3D12_SHADER_VISIBILITY_VERTEX, vs, 'CREATEGRAPHICSPIPELINESTATE_VS_ROOT_SIGNATURE_MISMATCH'],
    [D3D12_SHADER_VISIBILITY_PIXEL, ps, 'CREATEGRAPHICSPIPELINESTATE_PS_ROOT_SIGNATURE_MISMATCH'],
  ] as const) {
    for (const r of sh?.Reflection?.Resources ?? []) {
      const p = rs.find(stage, r.Type, r.Register, r.Space ?? 0);
      if (p === -1) return fail(id, { type: r.Type, register: r.Register, space: r.Space ?? 0 });
      if (p >= 0 && rs.params[p].ParameterType === D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE) tableParams.add(p);
    }
  }
  const n = Number(desc.NumRenderTargets ?? 0);
  const formats = ((desc.RTVFormats as number[] | undefined) ?? []).slice(0, 8);
  if (n > 8) return fail('CREATEGRAPHICSPIPELINESTATE_INVALID_RENDER_TARGET_COUNT', { numRenderTargets: n });
  for (let k = n; k < formats.length; k++)
    if (formats[k]) return fail('CREATEGRAPHICSPIPELINESTATE_RTV_FORMAT_NOT_UNKNOWN', { slot: k });
  if (
    (desc.PrimitiveTopologyType ?? D3D12_PRIMITIVE_TOPOLOGY_TYPE_UNDEFINED) === D3D12_PRIMITIVE_TOPOLOGY_TYPE_UNDEFINED
  ) {
    return fail('CREATEGRAPHICSPIPELINESTATE_INVALID_PRIMITIVETOPOLOGY', {});
  }
  const sd = desc.SampleDesc as { Count?: number } | undefined;
  if (!sd || !(Number(sd.Count) >= 1)) return fail('CREATEGRAPHICSPIPELINESTATE_INVALID_SAMPLE_DESC', {});
  const rtv: number[] = [];
  for (let k = 0; k < n; k++) rtv.push(formats[k] ?? 0);
  return { hr: 'S_OK', out: new ID3D12PipelineState(device, rs, desc, elements, [...tableParams], rtv) };
}
