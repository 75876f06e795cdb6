// D3DCompile for the lab: the "bytecode" of an HLSL entry point is its reflection (the input signature the
// runtime checks the input layout against, and the registers it reads) plus the equivalent WGSL that the
// WebGPU executor really runs. The HLSL is what the lesson teaches; the WGSL is shown beside it.
import type { HRESULT } from '../../core';

export interface ShaderBlob {
  BytecodeLength: number;
  Reflection: {
    Inputs: { SemanticName: string; SemanticIndex: number }[];
    Resources: { Type: 'CBV' | 'SRV' | 'UAV' | 'SAMPLER'; Register: number }[];
  };
  hlsl: string;
  wgsl: string;
  entry: string;
}

/** Input semantics of `entry`: its parameters' semantics, or the fields of the struct it takes. */
export function inputSemantics(hlsl: string, entry: string): { SemanticName: string; SemanticIndex: number }[] {
  const sig = new RegExp(`\\b${entry}\\s*\\(([^)]*)\\)`).exec(hlsl);
  if (!sig) return [];
  const out: { SemanticName: string; SemanticIndex: number }[] = [];
  const push = (sem: string) => {
    const m = /^([A-Za-z_]+?)(\d*)$/.exec(sem.trim())!;
    out.push({ SemanticName: m[1], SemanticIndex: m[2] ? Number(m[2]) : 0 });
  };
  for (const p of sig[1]
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const sem = /:\s*([A-Za-z_0-9]+)\s*$/.exec(p);
    if (sem) {
      push(sem[1]);
      continue;
    }
    const type = /^(?:in\s+)?(\w+)\s+\w+$/.exec(p)?.[1];
    const body = type ? new RegExp(`struct\\s+${type}\\s*\\{([^}]*)\\}`).exec(hlsl)?.[1] : undefined;
    for (const f of body?.matchAll(/:\s*([A-Za-z_0-9]+)\s*;/g) ?? []) push(f[1]);
  }
  return out;
}

/** D3DCompile(pSrcData, ..., pEntrypoint, pTarget, ...): the lab's compiler accepts the lesson's own shaders. */
export function D3DCompile(args: { SrcData: string; Entrypoint: string; Target: string; Wgsl: string }): {
  hr: HRESULT;
  out?: ShaderBlob;
} {
  if (!new RegExp(`\\b${args.Entrypoint}\\s*\\(`).test(args.SrcData)) return { hr: 'E_FAIL' };
  const vs = args.Target.startsWith('vs_');
  const resources: ShaderBlob['Reflection']['Resources'] = [];
  for (const m of args.SrcData.matchAll(/register\(\s*([btsu])(\d+)/g)) {
    resources.push({
      Type: ({ b: 'CBV', t: 'SRV', s: 'SAMPLER', u: 'UAV' } as const)[m[1] as 'b'],
      Register: Number(m[2]),
    });
  }
  return {
    hr: 'S_OK',
    out: {
      BytecodeLength: args.SrcData.length,
      Reflection: { Inputs: vs ? inputSemantics(args.SrcData, args.Entrypoint) : [], Resources: resources },
      hlsl: args.SrcData,
      wgsl: args.Wgsl,
      entry: args.Entrypoint,
    },
  };
}
