// Textured draws: what a draw's descriptor tables and static samplers mean on WebGPU. Registers → WGSL bindings
// (group 0): the lessons' WGSL declares its textures and samplers in register order, so the k-th texture binding
// (by binding number) is HLSL t<k> and the k-th sampler binding is s<k> (e.g. t0 → @binding(0), s0 → @binding(1)).
// A D3D12_STATIC_SAMPLER_DESC becomes a GPUSamplerDescriptor (filter bits and address modes); SRVs are resolved
// through the model's descriptor heap (the table's heap and slot, the slot's view and its resource). No WebGPU calls
// here, so it is unit-tested in Node.
import {
  D3D12_DESCRIPTOR_RANGE_TYPE_SRV,
  D3D12_TEXTURE_ADDRESS_MODE_BORDER,
  D3D12_TEXTURE_ADDRESS_MODE_CLAMP,
  D3D12_TEXTURE_ADDRESS_MODE_MIRROR,
  D3D12_TEXTURE_ADDRESS_MODE_MIRROR_ONCE,
  formatMessageArg,
  objectRef,
  type D3D12_STATIC_SAMPLER_DESC,
  type ID3D12DescriptorHeap,
  type ID3D12Resource,
  type ID3D12RootSignature,
} from '../../core';
import type { ExecHazard } from './plan';

/** The sampler fields the executor maps to WebGPU (D3D12_STATIC_SAMPLER_DESC). */
export type StaticSamplerDesc = D3D12_STATIC_SAMPLER_DESC;

const address = (m: number | undefined): GPUAddressMode => {
  if (m === D3D12_TEXTURE_ADDRESS_MODE_CLAMP || m === D3D12_TEXTURE_ADDRESS_MODE_BORDER) return 'clamp-to-edge';
  if (m === D3D12_TEXTURE_ADDRESS_MODE_MIRROR || m === D3D12_TEXTURE_ADDRESS_MODE_MIRROR_ONCE) return 'mirror-repeat';
  return 'repeat';
};

/**
 * D3D12_FILTER bits: mip = bit 0, mag = bit 2, min = bit 4 (1 = LINEAR); ANISOTROPIC (0x55) and comparison filters
 * keep those bits. BORDER and MIRROR_ONCE have no WebGPU equivalent: clamp-to-edge and mirror-repeat stand in.
 */
export function samplerDescriptor(d: StaticSamplerDesc): GPUSamplerDescriptor {
  const f = d.Filter ?? 0; // D3D12_FILTER
  const lin = (bit: number) => ((f >> bit) & 1 ? 'linear' : 'nearest') as GPUFilterMode;
  return {
    magFilter: lin(2),
    minFilter: lin(4),
    mipmapFilter: lin(0) as GPUMipmapFilterMode,
    addressModeU: address(d.AddressU),
    addressModeV: address(d.AddressV),
    addressModeW: address(d.AddressW),
  };
}

export interface SrvBinding {
  register: number;
  heap: number;
  slot: number;
  /** The texture the descriptor names; null: an empty slot, a non-SRV descriptor, or a simulated hazard. */
  resource: ID3D12Resource | null;
  /** Why `resource` is null or is not sampled (then the shader reads zeros: black). */
  hazard: string | null;
  /** The SRV's Format (the resource's own when the view named none); 0 when there is no SRV. */
  format?: number;
}

type Table = { heap: ID3D12DescriptorHeap; index: number };

/**
 * The SRVs a draw samples: for each descriptor-table parameter set on the list, each SRV range's descriptors
 * (table start + range offset + k), looked up in the model's heap. A resource the model traced an `invalid-state`
 * hazard with outcome `black` for, at or before this submission, is sampled as black (the model's decision).
 */
export function resolveSrvs(
  rs: ID3D12RootSignature | null,
  tables: ReadonlyMap<number, Table> | undefined,
  hazards: readonly ExecHazard[],
  submitCall: number,
): SrvBinding[] {
  const out: SrvBinding[] = [];
  if (!rs || !tables) return out;
  for (const [pi, t] of tables) {
    const p = rs.params[pi];
    if (!p) continue;
    for (const range of p.ranges) {
      if (range.RangeType !== D3D12_DESCRIPTOR_RANGE_TYPE_SRV) continue;
      for (let k = 0; k < range.NumDescriptors && k < 16; k++) {
        const slot = t.index + range.offset + k;
        const content = slot < t.heap.numDescriptors ? t.heap.slots[slot] : null;
        const register = range.BaseShaderRegister + k;
        if (!content || content.kind !== 'SRV' || !content.resource) {
          out.push({
            register,
            heap: t.heap.id,
            slot,
            resource: null,
            hazard: content
              ? `slot ${slot} holds ${content.kind === 'SRV' ? 'a null SRV' : `a ${content.kind}`}: zeros`
              : `slot ${slot} was never written: zeros`,
          });
          continue;
        }
        const res = content.resource;
        const bad = hazards.find(
          (h) =>
            h.kind === 'invalid-state' && h.res === res.id && h.detail.outcome === 'black' && h.callIndex <= submitCall,
        );
        out.push({
          register,
          heap: t.heap.id,
          slot,
          format: content.format,
          resource: bad ? null : res,
          hazard: bad
            ? `resource ${objectRef(res.id, () => res.name)} in state ${formatMessageArg('state', Number(bad.detail.state))} at call ${bad.callIndex}, not ${formatMessageArg('expected', Number(bad.detail.expected))}: sampled as black`
            : null,
        });
      }
    }
  }
  return out;
}

export interface WgslBindings {
  textures: number[];
  samplers: number[];
}

/**
 * The group-0 texture and sampler bindings a WGSL module declares, each sorted by binding number: textures[k] is
 * the binding of t<k>, samplers[k] the binding of s<k>. (Layout 'auto' only keeps what the entry points use; the
 * lessons' shaders use all they declare.)
 */
export function wgslBindings(wgsl: string): WgslBindings {
  const out: WgslBindings = { textures: [], samplers: [] };
  for (const m of wgsl.matchAll(/@group\(0\)\s*@binding\((\d+)\)\s*var(?:<[^>]*>)?\s+\w+\s*:\s*(\w+)/g)) {
    const b = Number(m[1]);
    if (m[2].startsWith('texture')) {
      if (!out.textures.includes(b)) out.textures.push(b);
    } else if (m[2] === 'sampler' && !out.samplers.includes(b)) out.samplers.push(b);
  }
  out.textures.sort((a, b) => a - b);
  out.samplers.sort((a, b) => a - b);
  return out;
}
