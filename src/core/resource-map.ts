// ID3D12Resource Map / Unmap ([MAP-1]..[MAP-4]): the argument and range checks, the per-subresource map count and
// the trace's map events. Separate from resource.ts, whose Map and Unmap methods delegate here, so the class keeps
// creation state, storage and release.

import type { ID3D12Resource } from './resource';
import type { HRESULT } from './messages';
import type { D3D12_RANGE } from './structs';
import { D3D12_CPU_PAGE_PROPERTY_WRITE_BACK, D3D12_HEAP_TYPE_READBACK, D3D12_TEXTURE_LAYOUT_ROW_MAJOR } from './enums';

/**
 * [MAP-1] Map never synchronises with the GPU and never looks at resource states. It fails (E_INVALIDARG) only for
 * a heap without CPU access, a bad subresource, or a data pointer on an UNKNOWN-layout texture.
 * [MAP-2] A NULL ReadRange on a WRITE_BACK heap warns (MAP_INVALID_NULLRANGE).
 */
export function resourceMap(
  resource: ID3D12Resource,
  args: { Subresource: number; ReadRange?: D3D12_RANGE | null; Data?: null | undefined },
): {
  hr: HRESULT;
  out?: Uint8Array;
} {
  const c = resource.sys.beginCall('ID3D12Resource::Map', resource.id, args);
  const dev = resource.device;
  const sub = args.Subresource >>> 0;
  let hr: HRESULT = 'S_OK';
  if (dev.removed) {
    // [DEV-RM-3] Map on a removed device fails with DXGI_ERROR_DEVICE_REMOVED (no message)
    resource.sys.endCall(c, 'DXGI_ERROR_DEVICE_REMOVED');
    return { hr: 'DXGI_ERROR_DEVICE_REMOVED' };
  }
  if (!resource.cpuVisible) {
    dev.msg('MAP_INVALIDHEAP', { resource: resource.id, heapType: resource.heapType });
    hr = 'E_INVALIDARG';
  } else if (sub >= resource.subCount) {
    dev.msg('MAP_INVALIDSUBRESOURCE', { resource: resource.id, subresource: sub });
    hr = 'E_INVALIDARG';
  } else if (!resource.isBuffer && resource.desc.Layout !== D3D12_TEXTURE_LAYOUT_ROW_MAJOR && args.Data !== null) {
    dev.msg('MAP_INVALIDDATAPOINTER', { resource: resource.id });
    hr = 'E_INVALIDARG';
  }
  if (hr !== 'S_OK') {
    dev.msg('MAP_INVALIDARG_RETURN', { resource: resource.id });
    resource.sys.endCall(c, hr);
    return { hr };
  }
  // (with a NULL data pointer, used before Write/ReadFromSubresource, the CPU reads nothing through Map: no warning)
  if (
    resource.cpuPage === D3D12_CPU_PAGE_PROPERTY_WRITE_BACK &&
    (args.ReadRange === null || args.ReadRange === undefined) &&
    args.Data !== null
  ) {
    dev.msg('MAP_INVALID_NULLRANGE', { resource: resource.id });
  }
  if (rangeInvalid(resource, args.ReadRange))
    dev.msg('MAP_INVALIDRANGE', { resource: resource.id, begin: args.ReadRange!.Begin, end: args.ReadRange!.End });
  resource.mapCount[sub]++;
  resource.sys.trace.push({ k: 'map', i: resource.sys.callIndex, res: resource.id, sub, unmap: false });
  const out = resource.isBuffer ? resource.storage() : undefined;
  resource.sys.endCall(c, 'S_OK');
  return out ? { hr: 'S_OK', out } : { hr: 'S_OK' };
}

/** [MAP-3] Unmap: NULL WrittenRange on WRITE_BACK warns; a non-empty WrittenRange on READBACK warns. */
export function resourceUnmap(
  resource: ID3D12Resource,
  args: { Subresource: number; WrittenRange?: D3D12_RANGE | null },
): void {
  const c = resource.sys.beginCall('ID3D12Resource::Unmap', resource.id, args);
  const dev = resource.device;
  const sub = args.Subresource >>> 0;
  if (!resource.cpuVisible) dev.msg('UNMAP_INVALIDHEAP', { resource: resource.id });
  else if (sub >= resource.subCount) dev.msg('UNMAP_INVALIDSUBRESOURCE', { resource: resource.id, subresource: sub });
  else if (resource.mapCount[sub] === 0)
    dev.msg('RESOURCE_UNMAP_NOTMAPPED', { resource: resource.id, subresource: sub });
  else {
    const wr = args.WrittenRange;
    if (resource.cpuPage === D3D12_CPU_PAGE_PROPERTY_WRITE_BACK && (wr === null || wr === undefined)) {
      dev.msg('UNMAP_INVALID_NULLRANGE', { resource: resource.id });
    }
    if (resource.heapType === D3D12_HEAP_TYPE_READBACK && wr && wr.End > wr.Begin) {
      dev.msg('UNMAP_RANGE_NOT_EMPTY', { resource: resource.id, begin: wr.Begin, end: wr.End });
    } else if (rangeInvalid(resource, wr))
      dev.msg('UNMAP_INVALIDRANGE', { resource: resource.id, begin: wr!.Begin, end: wr!.End });
    resource.mapCount[sub]--;
    resource.sys.trace.push({ k: 'map', i: resource.sys.callIndex, res: resource.id, sub, unmap: true });
  }
  resource.sys.endCall(c, null);
}

/**
 * [MAP-4] A non-empty range (End > Begin) must lie inside a buffer, and must not be given at all for a texture with an
 * opaque (UNKNOWN) layout: MAP_INVALIDRANGE / UNMAP_INVALIDRANGE (V-LOG DirectX-Graphics-Samples#224 for Unmap).
 */
function rangeInvalid(resource: ID3D12Resource, r: D3D12_RANGE | null | undefined): boolean {
  if (!r || !(r.End > r.Begin)) return false;
  if (!resource.isBuffer) return resource.desc.Layout !== D3D12_TEXTURE_LAYOUT_ROW_MAJOR;
  return r.End > resource.desc.Width;
}
