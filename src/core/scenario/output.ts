// The printed form of what a scenario call returns ([SCN-OUT-1] in SPEC.md): getter structs with their d3d12.h /
// dxgi.h field names, UINT64 values as decimal strings, enums by name.

import { enumName } from '../enums';
import { IUnknown } from '../object';

/** A value as JSON can hold it: UINT64 as a decimal string, model objects as references, byte arrays as their length. */
export function jsonSafe(v: unknown, depth = 0): unknown {
  if (depth > 8) return null;
  if (typeof v === 'bigint') return v.toString();
  if (v === null || v === undefined) return null;
  if (v instanceof IUnknown) return v.toJSON();
  if (Array.isArray(v)) return v.map((x) => jsonSafe(x, depth + 1));
  if (v instanceof Uint8Array) return { bytes: v.length };
  if (typeof v === 'object') {
    const o: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) o[k] = jsonSafe(x, depth + 1);
    return o;
  }
  return v;
}

// ---------------------------------------------------------------- getter output ([SCN-OUT-1] in SPEC.md)
// Structs print with their d3d12.h / dxgi.h field names. UINT64 / SIZE_T / GPU-VA fields are decimal strings (JSON
// numbers cannot hold a UINT64; the runtime's "UINT64_MAX" error value prints as "18446744073709551615"), 32-bit
// integers are JSON numbers, BOOLs true/false, enum fields the full enum name (as a file writes them).
const U64_MAX = '18446744073709551615';
function u64(v: unknown): string {
  if (typeof v === 'bigint') return v.toString();
  const n = Number(v ?? 0);
  return n >= Number.MAX_SAFE_INTEGER ? U64_MAX : String(Math.max(0, Math.trunc(n)));
}
const tier = (prefix: string, v: unknown, zero = 'NOT_SUPPORTED') =>
  Number(v) === 0 && zero ? `${prefix}_${zero}` : `${prefix}_${Number(v)}`;
const shaderModel = (v: unknown) => `D3D_SHADER_MODEL_${Number(v) >> 4}_${Number(v) & 15}`;

export function formatFootprints(r: {
  Layouts: {
    Offset: number;
    Footprint: { Format: number; Width: number; Height: number; Depth: number; RowPitch: number };
  }[];
  NumRows: number[];
  RowSizeInBytes: number[];
  TotalBytes: number;
}): unknown {
  return {
    Layouts: r.Layouts.map((l) => ({
      Offset: u64(l.Offset),
      Footprint: {
        Format: enumName('DXGI_FORMAT', l.Footprint.Format),
        Width: l.Footprint.Width,
        Height: l.Footprint.Height,
        Depth: l.Footprint.Depth,
        RowPitch: l.Footprint.RowPitch,
      },
    })),
    NumRows: r.NumRows,
    RowSizeInBytes: r.RowSizeInBytes.map(u64),
    TotalBytes: u64(r.TotalBytes),
  };
}

function formatFeature(feature: number, o: Record<string, unknown>): unknown {
  const x: Record<string, unknown> = { ...o };
  const name = enumName('D3D12_FEATURE', feature);
  if ('TiledResourcesTier' in x) x.TiledResourcesTier = tier('D3D12_TILED_RESOURCES_TIER', x.TiledResourcesTier);
  if ('ResourceBindingTier' in x)
    x.ResourceBindingTier = tier('D3D12_RESOURCE_BINDING_TIER', x.ResourceBindingTier, '');
  if ('ResourceHeapTier' in x) x.ResourceHeapTier = tier('D3D12_RESOURCE_HEAP_TIER', x.ResourceHeapTier, '');
  if ('ConservativeRasterizationTier' in x)
    x.ConservativeRasterizationTier = tier('D3D12_CONSERVATIVE_RASTERIZATION_TIER', x.ConservativeRasterizationTier);
  if ('CrossNodeSharingTier' in x)
    x.CrossNodeSharingTier = tier('D3D12_CROSS_NODE_SHARING_TIER', x.CrossNodeSharingTier);
  if ('MinPrecisionSupport' in x)
    x.MinPrecisionSupport =
      Number(x.MinPrecisionSupport) === 0 ? 'D3D12_SHADER_MIN_PRECISION_SUPPORT_NONE' : x.MinPrecisionSupport;
  if ('MaxSupportedFeatureLevel' in x)
    x.MaxSupportedFeatureLevel = enumName('D3D_FEATURE_LEVEL', Number(x.MaxSupportedFeatureLevel));
  if ('HighestVersion' in x) x.HighestVersion = enumName('D3D_ROOT_SIGNATURE_VERSION', Number(x.HighestVersion));
  if ('HighestShaderModel' in x) x.HighestShaderModel = shaderModel(x.HighestShaderModel);
  if ('Format' in x && typeof x.Format === 'number') x.Format = enumName('DXGI_FORMAT', x.Format);
  if ('MSPrimitivesPipelineStatisticIncludesCulledPrimitives' in x)
    x.MSPrimitivesPipelineStatisticIncludesCulledPrimitives = [
      'D3D12_TRI_STATE_UNKNOWN',
      'D3D12_TRI_STATE_FALSE',
      'D3D12_TRI_STATE_TRUE',
    ][Number(x.MSPrimitivesPipelineStatisticIncludesCulledPrimitives) + 1];
  if ('ViewInstancingTier' in x) x.ViewInstancingTier = tier('D3D12_VIEW_INSTANCING_TIER', x.ViewInstancingTier);
  if ('Flags' in x && name === 'D3D12_FEATURE_MULTISAMPLE_QUALITY_LEVELS')
    x.Flags =
      Number(x.Flags) === 0
        ? 'D3D12_MULTISAMPLE_QUALITY_LEVELS_FLAG_NONE'
        : 'D3D12_MULTISAMPLE_QUALITY_LEVELS_FLAG_TILED_RESOURCE';
  return x;
}

/** The printed form of a getter's struct result (`value`), by method. */
export function formatOut(method: string, args: Record<string, unknown>, r: unknown): unknown {
  if (r === null || r === undefined || typeof r !== 'object' || Array.isArray(r) || r instanceof Uint8Array)
    return jsonSafe(r);
  const o = r as Record<string, unknown>;
  switch (method) {
    case 'GetResourceAllocationInfo':
      return { SizeInBytes: u64(o.SizeInBytes), Alignment: u64(o.Alignment) };
    case 'QueryVideoMemoryInfo':
      return {
        Budget: u64(o.Budget),
        CurrentUsage: u64(o.CurrentUsage),
        AvailableForReservation: u64(o.AvailableForReservation),
        CurrentReservation: u64(o.CurrentReservation),
      };
    case 'CheckFeatureSupport':
      return formatFeature(Number(args.Feature), o);
    case 'GetDesc1': {
      const x = jsonSafe(o) as Record<string, unknown>;
      for (const k of ['DedicatedVideoMemory', 'DedicatedSystemMemory', 'SharedSystemMemory'])
        if (k in x) x[k] = u64(o[k]);
      if (typeof x.Flags === 'number')
        x.Flags =
          x.Flags === 0
            ? 'DXGI_ADAPTER_FLAG_NONE'
            : [x.Flags & 1 ? 'DXGI_ADAPTER_FLAG_REMOTE' : '', x.Flags & 2 ? 'DXGI_ADAPTER_FLAG_SOFTWARE' : '']
                .filter(Boolean)
                .join('|');
      return x;
    }
    case 'GetAutoBreadcrumbsOutput': {
      const nodes = (o.HeadAutoBreadcrumbNode as Record<string, unknown>[]) ?? [];
      // D3D12_AUTO_BREADCRUMB_NODE without the p prefix (pCommandListDebugNameW -> CommandListDebugNameW, pLastBreadcrumbValue -> LastBreadcrumbValue)
      return {
        HeadAutoBreadcrumbNode: nodes.map((n) => ({
          CommandListDebugNameW: n.CommandListDebugName ?? null,
          CommandQueueDebugNameW: n.CommandQueueDebugName ?? null,
          BreadcrumbCount: n.BreadcrumbCount,
          LastBreadcrumbValue: n.LastBreadcrumbValue,
          CommandHistory: ((n.CommandHistory as string[]) ?? []).map((op) => `D3D12_AUTO_BREADCRUMB_OP_${op}`),
        })),
      };
    }
    case 'GetPageFaultAllocationOutput': {
      const alloc = (a: { ObjectName: string | null; AllocationType: string }) => ({
        ObjectNameW: a.ObjectName,
        AllocationType: `D3D12_DRED_ALLOCATION_TYPE_${a.AllocationType}`,
      });
      return {
        PageFaultVA: u64(o.PageFaultVA),
        HeadExistingAllocationNode: ((o.HeadExistingAllocationNode as never[]) ?? []).map(alloc),
        HeadRecentFreedAllocationNode: ((o.HeadRecentFreedAllocationNode as never[]) ?? []).map(alloc),
      };
    }
  }
  return jsonSafe(r);
}
