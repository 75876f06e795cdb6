// Heap and resource creation ([HEAP-*], [RES-*], [ST-HEAP-1], [ST-INIT-2]): the validation of heap properties,
// resource descs, heap flags and initial states, then the allocation in the device's memory ledger and address
// space. ID3D12Device's Create*Resource / CreateHeap count the call and call these.

import type { HRESULT, MessageId } from './messages';
import type { DeviceContext } from './kernel';
import type { D3D12_HEAP_PROPERTIES, D3D12_RESOURCE_DESC } from './structs';
import { ID3D12Heap, ID3D12Resource, type Placement } from './resource';
import { formatInfo } from './formats';
import { sampleDescError } from './msaa';
import {
  allocationInfo,
  align,
  copyableFootprints,
  heapProperties,
  mipLevels,
  resourceDesc,
  subresourceCount,
} from './layout';
import { QUEUE_CLASS_3D } from './states';
import { clearValueAllowed, initialState } from './create-states';
import {
  D3D12_CPU_PAGE_PROPERTY_UNKNOWN,
  D3D12_CPU_PAGE_PROPERTY_WRITE_BACK,
  D3D12_CPU_PAGE_PROPERTY_WRITE_COMBINE,
  D3D12_DEFAULT_MSAA_RESOURCE_PLACEMENT_ALIGNMENT,
  D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT,
  D3D12_HEAP_FLAG_CREATE_NOT_RESIDENT,
  D3D12_HEAP_FLAG_DENY_BUFFERS,
  D3D12_HEAP_FLAG_DENY_NON_RT_DS_TEXTURES,
  D3D12_HEAP_FLAG_DENY_RT_DS_TEXTURES,
  D3D12_HEAP_FLAG_SHARED_CROSS_ADAPTER,
  D3D12_HEAP_TYPE_CUSTOM,
  D3D12_HEAP_TYPE_DEFAULT,
  D3D12_HEAP_TYPE_GPU_UPLOAD,
  D3D12_HEAP_TYPE_READBACK,
  D3D12_HEAP_TYPE_UPLOAD,
  D3D12_MEMORY_POOL_L1,
  D3D12_MEMORY_POOL_UNKNOWN,
  D3D12_REQ_TEXTURE2D_U_OR_V_DIMENSION,
  D3D12_RESOURCE_DIMENSION_BUFFER,
  D3D12_RESOURCE_DIMENSION_TEXTURE1D,
  D3D12_RESOURCE_DIMENSION_TEXTURE2D,
  D3D12_RESOURCE_DIMENSION_TEXTURE3D,
  D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL,
  D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET,
  D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS,
  D3D12_RESOURCE_HEAP_TIER_1,
  D3D12_RESOURCE_STATE_COMMON,
  D3D12_TEXTURE_LAYOUT_64KB_STANDARD_SWIZZLE,
  D3D12_TEXTURE_LAYOUT_64KB_UNDEFINED_SWIZZLE,
  D3D12_TEXTURE_LAYOUT_ROW_MAJOR,
  D3D12_TEXTURE_LAYOUT_UNKNOWN,
  D3D12_TILED_RESOURCE_TILE_SIZE_IN_BYTES,
} from './enums';

/** [HEAP-PROP-1] Heap properties: abstract types take UNKNOWN page/pool; CUSTOM needs both; L1 is never CPU-visible on discrete parts. */
function heapPropsError(dev: DeviceContext, p: D3D12_HEAP_PROPERTIES): boolean {
  if (p.Type < D3D12_HEAP_TYPE_DEFAULT || p.Type > D3D12_HEAP_TYPE_GPU_UPLOAD) return true;
  if (p.Type === D3D12_HEAP_TYPE_GPU_UPLOAD && !dev.facts.gpuUploadHeapSupported) return true;
  if (p.Type !== D3D12_HEAP_TYPE_CUSTOM)
    return (
      p.CPUPageProperty !== D3D12_CPU_PAGE_PROPERTY_UNKNOWN || p.MemoryPoolPreference !== D3D12_MEMORY_POOL_UNKNOWN
    );
  if (p.CPUPageProperty === D3D12_CPU_PAGE_PROPERTY_UNKNOWN || p.MemoryPoolPreference === D3D12_MEMORY_POOL_UNKNOWN)
    return true;
  if (p.CPUPageProperty > D3D12_CPU_PAGE_PROPERTY_WRITE_BACK || p.MemoryPoolPreference > D3D12_MEMORY_POOL_L1)
    return true;
  if (p.MemoryPoolPreference === D3D12_MEMORY_POOL_L1) {
    if (dev.facts.uma) return true;
    if (p.CPUPageProperty === D3D12_CPU_PAGE_PROPERTY_WRITE_BACK) return true;
    if (p.CPUPageProperty === D3D12_CPU_PAGE_PROPERTY_WRITE_COMBINE && !dev.facts.gpuUploadHeapSupported) return true;
  }
  return false;
}

/** [RES-DESC-1] Structural validation of D3D12_RESOURCE_DESC (returns the message raised, or null). */
function descError(d: D3D12_RESOURCE_DESC, placement: Placement, heapFlags: number): MessageId | null {
  if (d.Dimension < D3D12_RESOURCE_DIMENSION_BUFFER || d.Dimension > D3D12_RESOURCE_DIMENSION_TEXTURE3D)
    return 'CREATERESOURCE_INVALIDDESC';
  if (d.Dimension === D3D12_RESOURCE_DIMENSION_BUFFER) {
    if (d.Width <= 0 || d.Height !== 1 || d.DepthOrArraySize !== 1 || d.MipLevels !== 1)
      return 'CREATERESOURCE_INVALIDDIMENSIONS';
    if (d.Format !== 0) return 'CREATERESOURCE_INVALIDFORMAT';
    if (d.SampleDesc.Count !== 1) return 'CREATERESOURCE_INVALIDDESC';
    if (d.Layout !== D3D12_TEXTURE_LAYOUT_ROW_MAJOR) return 'CREATERESOURCE_INVALIDLAYOUT';
    if (d.Flags & (D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET | D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL))
      return 'CREATERESOURCE_INVALIDMISCFLAGS';
    if (!allocationInfo(d).ok) return 'CREATERESOURCE_INVALIDALIGNMENT';
    return null;
  }
  const fi = formatInfo(d.Format);
  if (!fi) return 'CREATERESOURCE_INVALIDFORMAT';
  if (d.Width <= 0 || d.Height <= 0 || d.DepthOrArraySize <= 0) return 'CREATERESOURCE_INVALIDDIMENSIONS';
  if (d.Dimension === D3D12_RESOURCE_DIMENSION_TEXTURE1D && d.Height !== 1) return 'CREATERESOURCE_INVALIDDIMENSIONS';
  // block-compressed formats are 2D/3D only (vkd3d-proton test_create_committed_resource: a BC1 TEXTURE1D is E_INVALIDARG)
  if (d.Dimension === D3D12_RESOURCE_DIMENSION_TEXTURE1D && fi.block > 1) return 'CREATERESOURCE_INVALIDFORMAT';
  if (d.Width > D3D12_REQ_TEXTURE2D_U_OR_V_DIMENSION || d.Height > D3D12_REQ_TEXTURE2D_U_OR_V_DIMENSION)
    return 'CREATERESOURCE_INVALIDDIMENSIONS';
  // D3D12_REQ_TEXTURE2D_ARRAY_AXIS_DIMENSION / TEXTURE1D_ARRAY_AXIS_DIMENSION = 2048; 3D: every axis <= 2048
  if (d.DepthOrArraySize > 2048) return 'CREATERESOURCE_INVALIDDIMENSIONS';
  if (d.Dimension === D3D12_RESOURCE_DIMENSION_TEXTURE3D && (d.Width > 2048 || d.Height > 2048))
    return 'CREATERESOURCE_INVALIDDIMENSIONS';
  const maxMips = mipLevels({ ...d, MipLevels: 0 });
  if (d.MipLevels > maxMips) return 'CREATERESOURCE_INVALIDMIPLEVELS';
  if (
    d.SampleDesc.Count < 1 ||
    (d.SampleDesc.Count > 1 && (d.Dimension !== D3D12_RESOURCE_DIMENSION_TEXTURE2D || mipLevels(d) !== 1))
  )
    return 'CREATERESOURCE_INVALIDDESC';
  if (fi.depth && d.Flags & D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET) return 'CREATERESOURCE_INVALIDMISCFLAGS';
  if (d.Flags & D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL && !fi.depth && fi.cls !== 'TYPELESS')
    return 'CREATERESOURCE_INVALIDMISCFLAGS';
  // [RES-LAYOUT-1] 64KB swizzle layouts belong to reserved resources; ROW_MAJOR textures need a cross-adapter heap.
  const swz =
    d.Layout === D3D12_TEXTURE_LAYOUT_64KB_UNDEFINED_SWIZZLE || d.Layout === D3D12_TEXTURE_LAYOUT_64KB_STANDARD_SWIZZLE;
  if (placement === 'reserved' && !swz) return 'CREATERESOURCE_INVALIDLAYOUT';
  if (placement !== 'reserved' && swz) return 'CREATERESOURCE_INVALIDLAYOUT';
  if (
    d.Layout === D3D12_TEXTURE_LAYOUT_ROW_MAJOR &&
    (!(heapFlags & D3D12_HEAP_FLAG_SHARED_CROSS_ADAPTER) || mipLevels(d) !== 1 || d.DepthOrArraySize !== 1)
  )
    return 'CREATERESOURCE_INVALIDLAYOUT';
  if (d.Layout > D3D12_TEXTURE_LAYOUT_64KB_STANDARD_SWIZZLE) return 'CREATERESOURCE_INVALIDLAYOUT';
  if (placement !== 'reserved' && d.Layout === D3D12_TEXTURE_LAYOUT_UNKNOWN && !allocationInfo(d).ok)
    return 'CREATERESOURCE_INVALIDALIGNMENT';
  return null;
}

/** [HEAP-TIER-1] On Resource Heap Tier 1 a heap holds one category: buffers, RT/DS textures, or other textures. */
function categoryAllowed(d: D3D12_RESOURCE_DESC, heapFlags: number): boolean {
  if (d.Dimension === D3D12_RESOURCE_DIMENSION_BUFFER) return !(heapFlags & D3D12_HEAP_FLAG_DENY_BUFFERS);
  const rtds = (d.Flags & (D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET | D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL)) !== 0;
  return rtds
    ? !(heapFlags & D3D12_HEAP_FLAG_DENY_RT_DS_TEXTURES)
    : !(heapFlags & D3D12_HEAP_FLAG_DENY_NON_RT_DS_TEXTURES);
}

/** Shared validation of a resource on a heap type; returns the message to raise or null. */
function resourceOnHeapError(d: D3D12_RESOURCE_DESC, heapType: number): MessageId | null {
  // [RES-HEAP-1] textures cannot live on UPLOAD or READBACK heaps (a heap-type rule, not a heap-flag one)
  if (
    d.Dimension !== D3D12_RESOURCE_DIMENSION_BUFFER &&
    (heapType === D3D12_HEAP_TYPE_UPLOAD || heapType === D3D12_HEAP_TYPE_READBACK)
  ) {
    return 'CREATERESOURCEANDHEAP_INVALIDHEAPPROPERTIES';
  }
  if (
    d.Flags &
      (D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET |
        D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL |
        D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS) &&
    (heapType === D3D12_HEAP_TYPE_UPLOAD || heapType === D3D12_HEAP_TYPE_READBACK)
  ) {
    return 'CREATERESOURCEANDHEAP_INVALIDHEAPPROPERTIES';
  }
  return null;
}

function clearValue(v: unknown): unknown {
  return v ?? null;
}

/** [RES-COMMITTED-1] CreateCommittedResource: an implicit heap sized and aligned for the resource. */
export function createCommittedResource(
  dev: DeviceContext,
  args: {
    HeapProperties: Partial<D3D12_HEAP_PROPERTIES>;
    HeapFlags?: number;
    Desc: Partial<D3D12_RESOURCE_DESC>;
    InitialResourceState: number;
    OptimizedClearValue?: unknown;
  },
): { hr: HRESULT; out?: ID3D12Resource } {
  if (dev.removed) return { hr: 'DXGI_ERROR_DEVICE_REMOVED' };
  const hp = heapProperties(args.HeapProperties);
  const d = resourceDesc(args.Desc);
  const flags = args.HeapFlags ?? 0;
  if (heapPropsError(dev, hp)) {
    dev.msg('CREATERESOURCEANDHEAP_INVALIDHEAPPROPERTIES', { heapType: hp.Type });
    return { hr: 'E_INVALIDARG' };
  }
  const de = descError(d, 'committed', flags) ?? sampleDescError(dev.facts, d) ?? resourceOnHeapError(d, hp.Type);
  if (de) {
    dev.msg(de, { dimension: d.Dimension, heapType: hp.Type, format: d.Format, layout: d.Layout });
    return { hr: 'E_INVALIDARG' };
  }
  if (!clearValueAllowed(dev, d, args.OptimizedClearValue)) return { hr: 'E_INVALIDARG' };
  const st = initialState(dev, d, hp.Type, args.InitialResourceState >>> 0);
  if (!st.ok) return { hr: 'E_INVALIDARG' };
  const info = allocationInfo(d);
  const local = dev.memory.isLocal(hp);
  if (!dev.memory.canAllocate(info.SizeInBytes, local)) return { hr: 'E_OUTOFMEMORY' };
  const r = new ID3D12Resource(
    dev,
    d,
    hp,
    flags,
    'committed',
    null,
    0,
    info.SizeInBytes,
    dev.address.allocVA(info.SizeInBytes, info.Alignment),
    st.state,
  );
  dev.memory.track(r, info.SizeInBytes, local, !(flags & D3D12_HEAP_FLAG_CREATE_NOT_RESIDENT));
  r.optimizedClearValue = clearValue(args.OptimizedClearValue);
  if (st.state !== D3D12_RESOURCE_STATE_COMMON && !r.isBuffer) r.lastClass = QUEUE_CLASS_3D;
  return { hr: 'S_OK', out: r };
}

/** [HEAP-CREATE-1] CreateHeap: size > 0, alignment 0 / 64 KiB / 4 MiB, Tier 1 needs one resource category. */
export function createHeap(
  dev: DeviceContext,
  args: { SizeInBytes: number; Properties: Partial<D3D12_HEAP_PROPERTIES>; Alignment?: number; Flags?: number },
): { hr: HRESULT; out?: ID3D12Heap } {
  if (dev.removed) return { hr: 'DXGI_ERROR_DEVICE_REMOVED' };
  const hp = heapProperties(args.Properties);
  const flags = args.Flags ?? 0;
  const alignment = args.Alignment ?? 0;
  if (!(args.SizeInBytes > 0)) {
    dev.msg('CREATEHEAP_INVALIDSIZE', { size: args.SizeInBytes ?? 0 });
    return { hr: 'E_INVALIDARG' };
  }
  if (heapPropsError(dev, hp)) {
    dev.msg('CREATEHEAP_INVALIDPROPERTIES', { heapType: hp.Type });
    return { hr: 'E_INVALIDARG' };
  }
  if (
    alignment !== 0 &&
    alignment !== D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT &&
    alignment !== D3D12_DEFAULT_MSAA_RESOURCE_PLACEMENT_ALIGNMENT
  ) {
    dev.msg('CREATEHEAP_INVALIDPROPERTIES', { alignment });
    return { hr: 'E_INVALIDARG' };
  }
  if (dev.facts.resourceHeapTier === D3D12_RESOURCE_HEAP_TIER_1) {
    const denies = [
      D3D12_HEAP_FLAG_DENY_BUFFERS,
      D3D12_HEAP_FLAG_DENY_RT_DS_TEXTURES,
      D3D12_HEAP_FLAG_DENY_NON_RT_DS_TEXTURES,
    ].filter((f) => flags & f).length;
    if (denies < 2) {
      dev.msg('CREATEHEAP_INVALIDMISCFLAGS', { flags, tier: 1 });
      return { hr: 'E_INVALIDARG' };
    }
  }
  const local = dev.memory.isLocal(hp);
  const size = align(args.SizeInBytes, D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT);
  if (!dev.memory.canAllocate(size, local)) return { hr: 'E_OUTOFMEMORY' };
  const h = new ID3D12Heap(
    dev,
    args.SizeInBytes,
    hp,
    alignment || D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT,
    flags,
    dev.address.allocVA(size, alignment || D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT),
  );
  dev.memory.track(h, size, local, !(flags & D3D12_HEAP_FLAG_CREATE_NOT_RESIDENT));
  dev.sys.trace.push({
    k: 'alloc',
    i: dev.sys.callIndex,
    res: h.id,
    heap: h.id,
    heapType: hp.Type,
    offset: 0,
    size: args.SizeInBytes,
    placement: 'heap',
  });
  return { hr: 'S_OK', out: h };
}

/**
 * [RES-PLACED-1] CreatePlacedResource: HeapOffset must be a multiple of the resource's alignment
 * (CREATERESOURCE_INVALIDALIGNMENT, E_INVALIDARG) and the resource must fit inside the heap; on Tier 1 the
 * resource category must be allowed by the heap flags (CREATERESOURCEANDHEAP_INVALIDHEAPMISCFLAGS).
 * Overlapping placed resources alias the same memory ([ALIAS-1]).
 */
export function createPlacedResource(
  dev: DeviceContext,
  args: {
    Heap: ID3D12Heap;
    HeapOffset: number;
    Desc: Partial<D3D12_RESOURCE_DESC>;
    InitialState: number;
    OptimizedClearValue?: unknown;
  },
): { hr: HRESULT; out?: ID3D12Resource } {
  if (dev.removed) return { hr: 'DXGI_ERROR_DEVICE_REMOVED' };
  const heap = args.Heap;
  const d = resourceDesc(args.Desc);
  if (!heap) return { hr: 'E_INVALIDARG' };
  const de =
    descError(d, 'placed', heap.Flags) ?? sampleDescError(dev.facts, d) ?? resourceOnHeapError(d, heap.Properties.Type);
  if (de) {
    dev.msg(de, { dimension: d.Dimension, heapType: heap.Properties.Type, format: d.Format });
    return { hr: 'E_INVALIDARG' };
  }
  if (!categoryAllowed(d, heap.Flags)) {
    dev.msg('CREATERESOURCEANDHEAP_INVALIDHEAPMISCFLAGS', { heapFlags: heap.Flags, dimension: d.Dimension });
    return { hr: 'E_INVALIDARG' };
  }
  const info = allocationInfo(d);
  const offset = args.HeapOffset;
  if (offset % info.Alignment !== 0) {
    dev.msg('CREATERESOURCE_INVALIDALIGNMENT', { heapOffset: offset, alignment: info.Alignment });
    return { hr: 'E_INVALIDARG' };
  }
  if (offset + info.SizeInBytes > align(heap.SizeInBytes, D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT)) {
    dev.msg('CREATERESOURCE_INVALIDDESC', { heapOffset: offset, size: info.SizeInBytes, heapSize: heap.SizeInBytes });
    return { hr: 'E_INVALIDARG' };
  }
  if (!clearValueAllowed(dev, d, args.OptimizedClearValue)) return { hr: 'E_INVALIDARG' };
  const st = initialState(dev, d, heap.Properties.Type, args.InitialState >>> 0);
  if (!st.ok) return { hr: 'E_INVALIDARG' };
  const r = new ID3D12Resource(
    dev,
    d,
    heap.Properties,
    heap.Flags,
    'placed',
    heap,
    offset,
    info.SizeInBytes,
    heap.gpuVA + offset,
    st.state,
  );
  r.optimizedClearValue = clearValue(args.OptimizedClearValue);
  if (st.state !== D3D12_RESOURCE_STATE_COMMON && !r.isBuffer) r.lastClass = QUEUE_CLASS_3D;
  // [ALIAS-2] a placed RT/DS texture holds whatever the heap memory held: its first use must be a clear, a discard
  // or a full copy (CreatePlacedResource "Notes on the required resource initialization")
  r.aliasNeedsInit =
    (d.Flags & (D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET | D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL)) !== 0;
  heap.placed.add(r);
  return { hr: 'S_OK', out: r };
}

/** [RES-RESERVED-1] CreateReservedResource: needs TiledResourcesTier >= 1; textures use a 64KB swizzle layout; no memory until tiles are mapped. */
export function createReservedResource(
  dev: DeviceContext,
  args: { Desc: Partial<D3D12_RESOURCE_DESC>; InitialState: number; OptimizedClearValue?: unknown },
): { hr: HRESULT; out?: ID3D12Resource } {
  if (dev.removed) return { hr: 'DXGI_ERROR_DEVICE_REMOVED' };
  const d = resourceDesc(args.Desc);
  if (dev.facts.tiledResourcesTier < 1) return { hr: 'E_INVALIDARG' };
  const de = descError(d, 'reserved', 0) ?? sampleDescError(dev.facts, d);
  if (de) {
    dev.msg(de, { dimension: d.Dimension, layout: d.Layout });
    return { hr: 'E_INVALIDARG' };
  }
  const size = align(
    d.Dimension === D3D12_RESOURCE_DIMENSION_BUFFER
      ? d.Width
      : copyableFootprints(d, 0, subresourceCount(d), 0).TotalBytes,
    D3D12_TILED_RESOURCE_TILE_SIZE_IN_BYTES,
  );
  if (!clearValueAllowed(dev, d, args.OptimizedClearValue)) return { hr: 'E_INVALIDARG' };
  const st = initialState(dev, d, D3D12_HEAP_TYPE_DEFAULT, args.InitialState >>> 0);
  if (!st.ok) return { hr: 'E_INVALIDARG' };
  const r = new ID3D12Resource(
    dev,
    d,
    heapProperties({ Type: D3D12_HEAP_TYPE_DEFAULT }),
    0,
    'reserved',
    null,
    0,
    size,
    dev.address.allocVA(size),
    st.state,
  );
  r.optimizedClearValue = clearValue(args.OptimizedClearValue);
  if (st.state !== D3D12_RESOURCE_STATE_COMMON && !r.isBuffer) r.lastClass = QUEUE_CLASS_3D;
  return { hr: 'S_OK', out: r };
}
