// ID3D12Device queries about resources (GetResourceTiling, GetResourceAllocationInfo, GetCopyableFootprints) and
// EnqueueMakeResident ([MEM-RES-4]): calls that create nothing. Separate from device.ts, whose methods of the same
// names delegate here; CheckFeatureSupport is in features.ts.

import type { HRESULT } from './messages';
import type { ID3D12Device } from './device';
import { D3D12_RESIDENCY_FLAG_DENY_OVERBUDGET, D3D12_RESOURCE_DIMENSION_BUFFER, UINT64_MAX } from './enums';
import type { ID3D12Fence } from './fence';
import type { IUnknown } from './object';
import type { ID3D12Resource } from './resource';
import type { D3D12_RESOURCE_DESC } from './structs';
import { allocationInfo, align, copyableFootprints, resourceDesc, subresourceCount } from './layout';
import { resourceTiling } from './tiles';

/**
 * [TILE-3] GetResourceTiling: how a reserved resource divides into 64 KiB tiles (count, the standard tile shape,
 * tiles per row). A resource that is not reserved reports no tiles.
 */
export function getResourceTiling(
  device: ID3D12Device,
  args: { TiledResource: ID3D12Resource },
): ReturnType<typeof resourceTiling> {
  const c = device.begin('GetResourceTiling', args);
  const t = resourceTiling(args.TiledResource);
  device.sys.endCall(c, null);
  return t;
}

/** [RES-ALIGN-1] GetResourceAllocationInfo: size and alignment of a set of descs placed back to back. */
export function getResourceAllocationInfo(
  device: ID3D12Device,
  args: {
    visibleMask?: number;
    numResourceDescs?: number;
    ResourceDescs: Partial<D3D12_RESOURCE_DESC>[];
  },
): { SizeInBytes: number; Alignment: number } {
  const c = device.begin('GetResourceAllocationInfo', args);
  let size = 0;
  let alignment = 0;
  for (const raw of args.ResourceDescs ?? []) {
    const info = allocationInfo(resourceDesc(raw));
    if (!info.ok) {
      device.sys.endCall(c, null);
      return { SizeInBytes: Number.MAX_SAFE_INTEGER, Alignment: 0 };
    }
    size = align(size, info.Alignment) + info.SizeInBytes;
    alignment = Math.max(alignment, info.Alignment);
  }
  device.sys.endCall(c, null);
  return { SizeInBytes: size, Alignment: alignment };
}

/** [COPY-FP-1] GetCopyableFootprints (void). */
export function getCopyableFootprints(
  device: ID3D12Device,
  args: {
    ResourceDesc: Partial<D3D12_RESOURCE_DESC>;
    FirstSubresource?: number;
    NumSubresources?: number;
    BaseOffset?: number;
  },
): ReturnType<typeof copyableFootprints> {
  const c = device.begin('GetCopyableFootprints', args);
  const d = resourceDesc(args.ResourceDesc);
  const first = args.FirstSubresource ?? 0;
  const num = args.NumSubresources ?? 1;
  const count = d.Dimension === D3D12_RESOURCE_DIMENSION_BUFFER ? 1 : subresourceCount(d);
  let out: ReturnType<typeof copyableFootprints>;
  if (first + num > count || num < 1) {
    device.msg('GETCOPYABLEFOOTPRINTS_INVALIDSUBRESOURCERANGE', { first, num, count });
    out = { Layouts: [], NumRows: [], RowSizeInBytes: [], TotalBytes: Number.MAX_SAFE_INTEGER };
  } else out = copyableFootprints(d, first, num, args.BaseOffset ?? 0);
  device.sys.endCall(c, null);
  return out;
}

/**
 * [MEM-RES-4] ID3D12Device3::EnqueueMakeResident: like MakeResident, but asynchronous; the fence is signalled with
 * FenceValueToSignal when the objects are resident (in the model: at once, from the CPU timeline).
 */
export function enqueueMakeResident(
  device: ID3D12Device,
  args: {
    Flags?: number;
    NumObjects?: number;
    Objects: (IUnknown | null)[] | null;
    FenceToSignal: ID3D12Fence;
    FenceValueToSignal: bigint | number;
  },
): HRESULT {
  const c = device.begin('EnqueueMakeResident', args);
  let hr: HRESULT = 'S_OK';
  // DENY_OVERBUDGET: fail rather than exceed the budget (90 % of the pool, MEM-BUDGET-2)
  if (
    (args.Flags ?? 0) & D3D12_RESIDENCY_FLAG_DENY_OVERBUDGET &&
    device.memory.overBudget((args.Objects ?? []).slice(0, args.NumObjects ?? (args.Objects ?? []).length))
  )
    hr = 'E_OUTOFMEMORY';
  if (hr === 'S_OK') hr = device.memory.residency('MakeResident', args);
  if (hr === 'S_OK') {
    if (!args.FenceToSignal) hr = 'E_INVALIDARG';
    else args.FenceToSignal.signalFromCpu(BigInt(args.FenceValueToSignal ?? 0) & UINT64_MAX);
  }
  device.sys.endCall(c, hr);
  return hr;
}
