// [EB-CREATE-1] ID3D12Device10::CreateCommittedResource3: a committed resource created with an InitialLayout instead of
// an InitialResourceState (the Enhanced Barriers spec's "New Resource Creation API's"). A texture starts in that layout
// (its subresources layout-tracked from the start, [EB-ECL-1]) and in the state it stands for ([EB-STATE-1]); a
// buffer has no layout, so only D3D12_BARRIER_LAYOUT_UNDEFINED is allowed ("Buffers may only use
// D3D12_BARRIER_LAYOUT_UNDEFINED as an initial layout") and it starts in COMMON. Everything else is
// CreateCommittedResource's validation (resource-create.ts).

import type { DeviceContext } from './kernel';
import type { HRESULT } from './messages';
import type { ID3D12Resource } from './resource';
import type { D3D12_HEAP_PROPERTIES, D3D12_RESOURCE_DESC } from './structs';
import { createCommittedResource } from './resource-create';
import { layoutShort, layoutState } from './enhanced-layouts';
import { D3D12_BARRIER_LAYOUT_COMMON, D3D12_BARRIER_LAYOUT_UNDEFINED, D3D12_RESOURCE_DIMENSION_BUFFER } from './enums';

export interface CreateCommittedResource3Args {
  HeapProperties: Partial<D3D12_HEAP_PROPERTIES>;
  HeapFlags?: number;
  /** D3D12_RESOURCE_DESC1: D3D12_RESOURCE_DESC + SamplerFeedbackMipRegion (not modelled) */
  Desc: Partial<D3D12_RESOURCE_DESC> & { SamplerFeedbackMipRegion?: unknown };
  InitialLayout: number;
  OptimizedClearValue?: unknown;
  ProtectedSession?: unknown;
  NumCastableFormats?: number;
  CastableFormats?: readonly number[] | null;
}

export function createCommittedResource3(
  dev: DeviceContext,
  args: CreateCommittedResource3Args,
): { hr: HRESULT; out?: ID3D12Resource } {
  const layout = args.InitialLayout >>> 0;
  const buffer = (args.Desc.Dimension ?? 0) === D3D12_RESOURCE_DIMENSION_BUFFER;
  if (buffer && layout !== D3D12_BARRIER_LAYOUT_UNDEFINED) {
    // (INF: the message ID; the spec states the rule, the header has no creation-specific one)
    dev.msg('INCOMPATIBLE_BARRIER_LAYOUT', {
      op: 'CreateCommittedResource3',
      resource: 'buffer',
      subresource: 0,
      layout: layoutShort(layout),
      expected: 'UNDEFINED (buffers have no layout)',
    });
    return { hr: 'E_INVALIDARG' };
  }
  const start = layout === D3D12_BARRIER_LAYOUT_UNDEFINED ? D3D12_BARRIER_LAYOUT_COMMON : layout;
  const { Desc, HeapProperties, HeapFlags, OptimizedClearValue } = args;
  const r = createCommittedResource(dev, {
    HeapProperties,
    HeapFlags,
    Desc,
    InitialResourceState: buffer ? 0 : layoutState(start),
    OptimizedClearValue,
  });
  if (r.out && !buffer) r.out.layouts = new Array<number>(r.out.subCount).fill(start);
  return r;
}
