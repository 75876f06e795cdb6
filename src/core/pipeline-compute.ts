// ID3D12Device::CreateComputePipelineState ([CS-PSO-1]): a root signature and a compute shader whose resources the
// root signature declares (visible to all stages: compute shaders see D3D12_SHADER_VISIBILITY_ALL parameters).

import type { HRESULT, MessageId } from './messages';
import type { DeviceContext } from './kernel';
import { ID3D12PipelineState, type ID3D12RootSignature, type ShaderReflection } from './pipeline';
import {
  D3D12_ROOT_PARAMETER_TYPE_CBV,
  D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE,
  D3D12_ROOT_PARAMETER_TYPE_SRV,
  D3D12_ROOT_PARAMETER_TYPE_UAV,
  D3D12_SHADER_VISIBILITY_ALL,
} from './enums';

/**
 * [CS-PSO-1] No root signature: CREATECOMPUTEPIPELINESTATE_MISSING_ROOT_SIGNATURE; no CS bytecode:
 * CREATECOMPUTEPIPELINESTATE_INVALID_SHADER; a CS resource the root signature does not declare:
 * CREATECOMPUTEPIPELINESTATE_CS_ROOT_SIGNATURE_MISMATCH. All E_INVALIDARG (STATE_CREATION errors; the category
 * and severity as the graphics ones, INF).
 */
export function createComputePipelineState(
  device: DeviceContext,
  desc: Record<string, unknown>,
): { hr: HRESULT; out?: ID3D12PipelineState } {
  const fail = (id: MessageId, args: Record<string, string | number | boolean | null> = {}) => {
    device.msg(id, args);
    return { hr: 'E_INVALIDARG' as HRESULT };
  };
  const rs = desc.RootSignature as ID3D12RootSignature | null | undefined;
  if (!rs) return fail('CREATECOMPUTEPIPELINESTATE_MISSING_ROOT_SIGNATURE');
  const cs = desc.CS as { BytecodeLength?: number; Reflection?: ShaderReflection } | undefined;
  if (!cs || !(cs.BytecodeLength || cs.Reflection)) return fail('CREATECOMPUTEPIPELINESTATE_INVALID_SHADER');
  const tables = new Set<number>();
  const views = new Map<number, 'CBV' | 'SRV' | 'UAV'>();
  for (const r of cs.Reflection?.Resources ?? []) {
    const p = rs.find(D3D12_SHADER_VISIBILITY_ALL, r.Type, r.Register, r.Space ?? 0);
    if (p === -1)
      return fail('CREATECOMPUTEPIPELINESTATE_CS_ROOT_SIGNATURE_MISMATCH', { type: r.Type, register: r.Register });
    if (p < 0) continue;
    const t = rs.params[p].ParameterType;
    if (t === D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE) tables.add(p);
    else if (t === D3D12_ROOT_PARAMETER_TYPE_UAV) views.set(p, 'UAV');
    else if (t === D3D12_ROOT_PARAMETER_TYPE_SRV) views.set(p, 'SRV');
    else if (t === D3D12_ROOT_PARAMETER_TYPE_CBV) views.set(p, 'CBV');
  }
  const pso = new ID3D12PipelineState(device, rs, desc, [], [...tables], []);
  pso.isCompute = true;
  pso.rootViews = [...views];
  return { hr: 'S_OK', out: pso };
}
