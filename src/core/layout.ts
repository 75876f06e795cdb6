// Pure layout math: resource descs with C zero-initialisation, subresource indexing, allocation size and
// alignment ([RES-ALIGN-*]) and GetCopyableFootprints ([COPY-FP-*]).

import {
  D3D12_DEFAULT_MSAA_RESOURCE_PLACEMENT_ALIGNMENT,
  D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT,
  D3D12_RESOURCE_DIMENSION_BUFFER,
  D3D12_RESOURCE_DIMENSION_TEXTURE3D,
  D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL,
  D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET,
  D3D12_SMALL_MSAA_RESOURCE_PLACEMENT_ALIGNMENT,
  D3D12_SMALL_RESOURCE_PLACEMENT_ALIGNMENT,
  D3D12_TEXTURE_DATA_PITCH_ALIGNMENT,
  D3D12_TEXTURE_DATA_PLACEMENT_ALIGNMENT,
  D3D12_TEXTURE_LAYOUT_UNKNOWN,
  DXGI_FORMAT_D24_UNORM_S8_UINT,
  DXGI_FORMAT_D32_FLOAT_S8X24_UINT,
  DXGI_FORMAT_R24G8_TYPELESS,
  DXGI_FORMAT_R32G8X24_TYPELESS,
  DXGI_FORMAT_R32_TYPELESS,
  DXGI_FORMAT_R8_TYPELESS,
} from './enums';
import { formatInfo } from './formats';
import type { D3D12_HEAP_PROPERTIES, D3D12_PLACED_SUBRESOURCE_FOOTPRINT, D3D12_RESOURCE_DESC } from './structs';

/** Zero-initialised C struct semantics: every omitted field is 0. */
export function resourceDesc(d: Partial<D3D12_RESOURCE_DESC> | undefined): D3D12_RESOURCE_DESC {
  const x = d ?? {};
  return {
    Dimension: x.Dimension ?? 0,
    Alignment: x.Alignment ?? 0,
    Width: x.Width ?? 0,
    Height: x.Height ?? 0,
    DepthOrArraySize: x.DepthOrArraySize ?? 0,
    MipLevels: x.MipLevels ?? 0,
    Format: x.Format ?? 0,
    SampleDesc: { Count: x.SampleDesc?.Count ?? 0, Quality: x.SampleDesc?.Quality ?? 0 },
    Layout: x.Layout ?? 0,
    Flags: x.Flags ?? 0,
  };
}

export function heapProperties(p: Partial<D3D12_HEAP_PROPERTIES> | undefined): D3D12_HEAP_PROPERTIES {
  const x = p ?? {};
  return {
    Type: x.Type ?? 0,
    CPUPageProperty: x.CPUPageProperty ?? 0,
    MemoryPoolPreference: x.MemoryPoolPreference ?? 0,
    CreationNodeMask: x.CreationNodeMask ?? 0,
    VisibleNodeMask: x.VisibleNodeMask ?? 0,
  };
}

export const align = (v: number, a: number): number => Math.ceil(v / a) * a;

export function isBuffer(d: D3D12_RESOURCE_DESC): boolean {
  return d.Dimension === D3D12_RESOURCE_DIMENSION_BUFFER;
}

/** Full mip chain length for MipLevels = 0. */
export function mipLevels(d: D3D12_RESOURCE_DESC): number {
  if (isBuffer(d)) return 1;
  if (d.MipLevels > 0) return d.MipLevels;
  const depth = d.Dimension === D3D12_RESOURCE_DIMENSION_TEXTURE3D ? d.DepthOrArraySize : 1;
  const m = Math.max(d.Width, d.Height || 1, depth || 1);
  return Math.floor(Math.log2(Math.max(1, m))) + 1;
}

export function arraySize(d: D3D12_RESOURCE_DESC): number {
  if (isBuffer(d) || d.Dimension === D3D12_RESOURCE_DIMENSION_TEXTURE3D) return 1;
  return Math.max(1, d.DepthOrArraySize);
}

/** Depth-stencil formats with a stencil plane have two planes. */
export function planeCount(format: number): number {
  return format === DXGI_FORMAT_D24_UNORM_S8_UINT ||
    format === DXGI_FORMAT_R24G8_TYPELESS ||
    format === DXGI_FORMAT_D32_FLOAT_S8X24_UINT ||
    format === DXGI_FORMAT_R32G8X24_TYPELESS
    ? 2
    : 1;
}

/** The plane a subresource index names (D3D12CalcSubresource's PlaneSlice). */
export function planeOf(d: D3D12_RESOURCE_DESC, sub: number): number {
  return isBuffer(d) ? 0 : Math.floor(sub / (mipLevels(d) * arraySize(d)));
}

/**
 * [COPY-FP-2] The format of one plane's placed data (DirectX-Specs PlanarDepthStencilDDISpec, "Planar Layout for
 * Staging From Buffer"): the depth plane of the R24G8 and R32G8X24 families is R32_TYPELESS (4 bytes a texel), the
 * stencil plane R8_TYPELESS (1 byte); any other format is its own single plane.
 */
export function planeFormat(format: number, plane: number): number {
  if (planeCount(format) !== 2) return format;
  return plane === 0 ? DXGI_FORMAT_R32_TYPELESS : DXGI_FORMAT_R8_TYPELESS;
}

export function subresourceCount(d: D3D12_RESOURCE_DESC): number {
  return mipLevels(d) * arraySize(d) * (isBuffer(d) ? 1 : planeCount(d.Format));
}

/** D3D12CalcSubresource: MipSlice + ArraySlice * MipLevels + PlaneSlice * MipLevels * ArraySize. */
export function calcSubresource(mip: number, slice: number, plane: number, mips: number, arr: number): number {
  return mip + slice * mips + plane * mips * arr;
}

export function mipOfSubresource(d: D3D12_RESOURCE_DESC, sub: number): number {
  return sub % mipLevels(d);
}

/** Dimensions (in texels) of one subresource. */
export function subresourceSize(d: D3D12_RESOURCE_DESC, sub: number): { w: number; h: number; depth: number } {
  if (isBuffer(d)) return { w: d.Width, h: 1, depth: 1 };
  const mip = mipOfSubresource(d, sub);
  const depth = d.Dimension === D3D12_RESOURCE_DIMENSION_TEXTURE3D ? Math.max(1, d.DepthOrArraySize >> mip) : 1;
  return { w: Math.max(1, d.Width >> mip), h: Math.max(1, (d.Height || 1) >> mip), depth };
}

/**
 * [COPY-FP-1] GetCopyableFootprints: RowPitch rounded up to D3D12_TEXTURE_DATA_PITCH_ALIGNMENT (256), each
 * subresource Offset rounded up to D3D12_TEXTURE_DATA_PLACEMENT_ALIGNMENT (512); TotalBytes ends at the last
 * row's real size (no trailing pitch padding).
 */
export function copyableFootprints(
  d: D3D12_RESOURCE_DESC,
  first: number,
  num: number,
  baseOffset: number,
): {
  Layouts: D3D12_PLACED_SUBRESOURCE_FOOTPRINT[];
  NumRows: number[];
  RowSizeInBytes: number[];
  TotalBytes: number;
} {
  const Layouts: D3D12_PLACED_SUBRESOURCE_FOOTPRINT[] = [];
  const NumRows: number[] = [];
  const RowSizeInBytes: number[] = [];
  if (isBuffer(d)) {
    Layouts.push({
      Offset: baseOffset,
      Footprint: {
        Format: 0,
        Width: d.Width,
        Height: 1,
        Depth: 1,
        RowPitch: align(d.Width, D3D12_TEXTURE_DATA_PITCH_ALIGNMENT),
      },
    });
    NumRows.push(1);
    RowSizeInBytes.push(d.Width);
    return { Layouts, NumRows, RowSizeInBytes, TotalBytes: d.Width };
  }
  let offset = baseOffset;
  let total = 0;
  for (let s = first; s < first + num; s++) {
    // [COPY-FP-2] each plane of a depth-stencil format has its own format and texel size
    const format = planeFormat(d.Format, planeOf(d, s));
    const fi = formatInfo(format);
    const bpe = fi ? fi.bytes : 4;
    const block = fi ? fi.block : 1;
    const { w, h, depth } = subresourceSize(d, s);
    const rowSize = Math.ceil(w / block) * bpe;
    const rows = Math.ceil(h / block);
    const pitch = align(rowSize, D3D12_TEXTURE_DATA_PITCH_ALIGNMENT);
    offset = align(offset, D3D12_TEXTURE_DATA_PLACEMENT_ALIGNMENT);
    Layouts.push({
      Offset: offset,
      Footprint: { Format: format, Width: align(w, block), Height: align(h, block), Depth: depth, RowPitch: pitch },
    });
    NumRows.push(rows);
    RowSizeInBytes.push(rowSize);
    const end = offset + pitch * (rows * depth - 1) + rowSize;
    total = end - baseOffset;
    offset += pitch * rows * depth;
  }
  return { Layouts, NumRows, RowSizeInBytes, TotalBytes: total };
}

/**
 * [RES-ALIGN-1] Allocation size and alignment (GetResourceAllocationInfo): buffers and textures 64 KiB, MSAA
 * textures 4 MiB; [RES-ALIGN-2] "small" textures (not RT/DS, not MSAA, UNKNOWN layout, at most 64 KiB when laid
 * out in 4 KiB pages) may use 4 KiB (MSAA small: 64 KiB) when Desc.Alignment asks for it (or 0 for GetResourceAllocationInfo's
 * report of the default). Returns null alignment when Desc.Alignment is not allowed for this resource.
 */
export function allocationInfo(d: D3D12_RESOURCE_DESC): {
  SizeInBytes: number;
  Alignment: number;
  ok: boolean;
  smallEligible: boolean;
} {
  if (isBuffer(d)) {
    const ok = d.Alignment === 0 || d.Alignment === D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT;
    return {
      SizeInBytes: align(Math.max(1, d.Width), D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT),
      Alignment: D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT,
      ok,
      smallEligible: false,
    };
  }
  const msaa = d.SampleDesc.Count > 1;
  // the texels' own bytes (an opaque layout has no 256-byte row pitch padding): a 32x32 RGBA8 texture is 4096
  // bytes, one small-alignment page; 256x256 RGBA8 is 262144
  const fi = formatInfo(d.Format);
  const bpe = fi ? fi.bytes : 4;
  const block = fi ? fi.block : 1;
  let texels = 0;
  for (let s = 0, n = subresourceCount(d); s < n; s++) {
    const { w, h, depth } = subresourceSize(d, s);
    texels += Math.ceil(w / block) * Math.ceil(h / block) * bpe * depth;
  }
  const raw = Math.max(1, texels) * Math.max(1, d.SampleDesc.Count);
  const rtds = (d.Flags & (D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET | D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL)) !== 0;
  const smallAlign = msaa ? D3D12_SMALL_MSAA_RESOURCE_PLACEMENT_ALIGNMENT : D3D12_SMALL_RESOURCE_PLACEMENT_ALIGNMENT;
  const defAlign = msaa ? D3D12_DEFAULT_MSAA_RESOURCE_PLACEMENT_ALIGNMENT : D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT;
  const smallEligible =
    !rtds &&
    d.Layout === D3D12_TEXTURE_LAYOUT_UNKNOWN &&
    align(raw, smallAlign) <=
      (msaa ? D3D12_DEFAULT_MSAA_RESOURCE_PLACEMENT_ALIGNMENT : D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT);
  let a = defAlign;
  let ok = true;
  if (d.Alignment === smallAlign) {
    if (smallEligible) a = smallAlign;
    else ok = false;
  } else if (d.Alignment !== 0 && d.Alignment !== defAlign) {
    ok = false;
  }
  return { SizeInBytes: align(raw, a), Alignment: a, ok, smallEligible };
}
