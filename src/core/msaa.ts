// Multisampled textures ([MSAA-1], [FEAT-1]): how many quality levels an adapter reports for a format and sample count
// (CheckFeatureSupport MULTISAMPLE_QUALITY_LEVELS reads it, and so does resource creation), and the creation rules
// for SampleDesc that D3D12_RESOURCE_DESC's "Multisampling" remarks and D3D12_FEATURE_DATA_MULTISAMPLE_QUALITY_LEVELS
// give: Count must be a count the format supports (NumQualityLevels > 0), Quality below NumQualityLevels, and an
// MSAA texture must be a render target or depth stencil and never an unordered-access resource. (Dimension 2D and
// MipLevels 1 are descError's [RES-DESC-1] checks.)

import type { AdapterFacts } from './kernel';
import type { MessageId } from './messages';
import type { D3D12_RESOURCE_DESC } from './structs';
import { formatInfo } from './formats';
import {
  D3D12_RESOURCE_DIMENSION_BUFFER,
  D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL,
  D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET,
  D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS,
} from './enums';

/**
 * [FEAT-1] NumQualityLevels: 1 for counts 1/2/4/8 of a non-block format (16 too on discrete parts), 0 (= this count
 * is not supported) otherwise; count 1 of any known format is 1.
 */
export function multisampleQualityLevels(facts: AdapterFacts, format: number, count: number): number {
  const fi = formatInfo(format);
  if (count === 1) return format === 0 ? 0 : 1;
  const renderable = !!fi && fi.block === 1;
  return renderable && (count === 2 || count === 4 || count === 8 || (count === 16 && !facts.uma)) ? 1 : 0;
}

/** [MSAA-1] SampleDesc of a texture (buffers: Quality 0); the message raised, or null. */
export function sampleDescError(facts: AdapterFacts, d: D3D12_RESOURCE_DESC): MessageId | null {
  const { Count, Quality } = d.SampleDesc;
  if (d.Dimension === D3D12_RESOURCE_DIMENSION_BUFFER) return Quality ? 'CREATERESOURCE_INVALIDSAMPLEDESC' : null;
  const levels = multisampleQualityLevels(facts, d.Format, Count);
  if (levels === 0 || Quality >= levels) return 'CREATERESOURCE_INVALIDSAMPLEDESC';
  if (Count > 1) {
    if (!(d.Flags & (D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET | D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL)))
      return 'CREATERESOURCE_INVALIDMISCFLAGS';
    if (d.Flags & D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS) return 'CREATERESOURCE_INVALIDMISCFLAGS';
  }
  return null;
}

/** What a draw's sample-count check needs of the bound state. */
interface DrawTargets {
  readonly pso: { readonly desc: Record<string, unknown> };
  readonly rtvs: readonly { readonly res: { readonly desc: D3D12_RESOURCE_DESC } | null }[];
  readonly dsv: { readonly res: { readonly desc: D3D12_RESOURCE_DESC } | null } | null;
}

/**
 * [MSAA-2] A draw into render targets (or a depth stencil) whose SampleDesc.Count differs from the pipeline's
 * SampleDesc.Count: the layer's *_SAMPLE_DESC_MISMATCH_PIPELINE_STATE, a warning like the format mismatch (INF).
 */
export function drawSampleMismatch(t: DrawTargets): { id: MessageId; slot: number; target: number; pso: number }[] {
  const want = Number((t.pso.desc.SampleDesc as { Count?: number } | undefined)?.Count ?? 1);
  const out: { id: MessageId; slot: number; target: number; pso: number }[] = [];
  t.rtvs.forEach((b, slot) => {
    const n = b.res?.desc.SampleDesc.Count;
    if (n !== undefined && n !== want)
      out.push({ id: 'RENDER_TARGET_SAMPLE_DESC_MISMATCH_PIPELINE_STATE', slot, target: n, pso: want });
  });
  const d = t.dsv?.res?.desc.SampleDesc.Count;
  if (d !== undefined && d !== want)
    out.push({ id: 'DEPTH_STENCIL_SAMPLE_DESC_MISMATCH_PIPELINE_STATE', slot: -1, target: d, pso: want });
  return out;
}
