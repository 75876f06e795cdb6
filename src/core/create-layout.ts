// [EB-CREATE-1] ID3D12Device10::CreateCommittedResource3: a committed resource created with an InitialLayout instead of
// an InitialResourceState (the Enhanced Barriers spec's "New Resource Creation API's"). A texture starts in that layout
// (its subresources layout-tracked from the start, [EB-ECL-1]) and in the state it stands for ([EB-STATE-1]); a
// buffer has no layout, so only D3D12_BARRIER_LAYOUT_UNDEFINED is allowed ("Buffers may only use
// D3D12_BARRIER_LAYOUT_UNDEFINED as an initial layout") and it starts in COMMON. Everything else is
// CreateCommittedResource's validation (resource-create.ts). [EB-CREATE-2] ID3D12Device10::CreatePlacedResource2 and
// ::CreateReservedResource2 take the same InitialLayout rule over CreatePlacedResource's / CreateReservedResource's
// validation. Castable formats (NumCastableFormats / CastableFormats) are accepted and not checked (not modelled).

import type { DeviceContext } from './kernel';
import type { HRESULT } from './messages';
import type { ID3D12Resource } from './resource';
import type { ID3D12Heap } from './resource';
import type { D3D12_HEAP_PROPERTIES, D3D12_RESOURCE_DESC } from './structs';
import { createCommittedResource, createPlacedResource, createReservedResource } from './resource-create';
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
  const { Desc, HeapProperties, HeapFlags, OptimizedClearValue } = args;
  return withLayout(dev, 'CreateCommittedResource3', Desc, args.InitialLayout, (InitialResourceState) =>
    createCommittedResource(dev, { HeapProperties, HeapFlags, Desc, InitialResourceState, OptimizedClearValue }),
  );
}

export interface CreatePlacedResource2Args {
  Heap: ID3D12Heap;
  HeapOffset: number;
  /** D3D12_RESOURCE_DESC1 */
  Desc: Partial<D3D12_RESOURCE_DESC> & { SamplerFeedbackMipRegion?: unknown };
  InitialLayout: number;
  OptimizedClearValue?: unknown;
  NumCastableFormats?: number;
  CastableFormats?: readonly number[] | null;
}

/** [EB-CREATE-2] ID3D12Device10::CreatePlacedResource2: CreatePlacedResource with an InitialLayout. */
export function createPlacedResource2(
  dev: DeviceContext,
  args: CreatePlacedResource2Args,
): { hr: HRESULT; out?: ID3D12Resource } {
  const { Heap, HeapOffset, Desc, OptimizedClearValue } = args;
  return withLayout(dev, 'CreatePlacedResource2', Desc, args.InitialLayout, (InitialState) =>
    createPlacedResource(dev, { Heap, HeapOffset, Desc, InitialState, OptimizedClearValue }),
  );
}

export interface CreateReservedResource2Args {
  Desc: Partial<D3D12_RESOURCE_DESC>;
  InitialLayout: number;
  OptimizedClearValue?: unknown;
  ProtectedSession?: unknown;
  NumCastableFormats?: number;
  CastableFormats?: readonly number[] | null;
}

/** [EB-CREATE-2] ID3D12Device10::CreateReservedResource2: CreateReservedResource with an InitialLayout. */
export function createReservedResource2(
  dev: DeviceContext,
  args: CreateReservedResource2Args,
): { hr: HRESULT; out?: ID3D12Resource } {
  const { Desc, OptimizedClearValue } = args;
  return withLayout(dev, 'CreateReservedResource2', Desc, args.InitialLayout, (InitialState) =>
    createReservedResource(dev, { Desc, InitialState, OptimizedClearValue }),
  );
}

/**
 * [EB-CREATE-1/2] The InitialLayout rule shared by the three creations: a buffer takes only LAYOUT_UNDEFINED and starts
 * in COMMON; a texture starts in its layout (UNDEFINED: COMMON), layout-tracked, in the state the layout stands for.
 * `create` is the legacy creation given that state.
 */
function withLayout(
  dev: DeviceContext,
  op: string,
  desc: Partial<D3D12_RESOURCE_DESC>,
  initialLayout: number,
  create: (state: number) => { hr: HRESULT; out?: ID3D12Resource },
): { hr: HRESULT; out?: ID3D12Resource } {
  const layout = initialLayout >>> 0;
  const buffer = (desc.Dimension ?? 0) === D3D12_RESOURCE_DIMENSION_BUFFER;
  if (buffer && layout !== D3D12_BARRIER_LAYOUT_UNDEFINED) {
    // (INF: the message ID; the spec states the rule, the header has no creation-specific one)
    dev.msg('INCOMPATIBLE_BARRIER_LAYOUT', {
      op,
      resource: 'buffer',
      subresource: 0,
      layout: layoutShort(layout),
      expected: 'UNDEFINED (buffers have no layout)',
    });
    return { hr: 'E_INVALIDARG' };
  }
  const start = layout === D3D12_BARRIER_LAYOUT_UNDEFINED ? D3D12_BARRIER_LAYOUT_COMMON : layout;
  const r = create(buffer ? 0 : layoutState(start));
  if (r.out && !buffer) r.out.layouts = new Array<number>(r.out.subCount).fill(start);
  return r;
}
