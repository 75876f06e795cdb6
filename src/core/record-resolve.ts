// Recording of MSAA resolves ([RESOLVE-*]): ResolveSubresource and ID3D12GraphicsCommandList1::ResolveSubresourceRegion.
// The parameter rules of the ResolveSubresource reference page (source multisampled, destination single-sampled, both
// textures, the same size, a Format compatible with both as its remarks' table says) are checked at record with the
// RESOLVESUBRESOURCE_* messages; a violation is a runtime error, so Close fails (INF: as the copies, [CL-CLOSE-1]).
// The states (source RESOLVE_SOURCE, destination RESOLVE_DEST) are uses checked at ExecuteCommandLists ([ST-USE-1]);
// resolves are DIRECT-list methods ([CL-TYPE-1]). No bytes move: the model keeps no per-sample data.

import type { ID3D12GraphicsCommandList } from './commandlist';
import type { ID3D12Resource } from './resource';
import type { ResolveArgs } from './commands';
import type { MessageId } from './messages';
import type { D3D12_RECT } from './structs';
import { formatInfo } from './formats';
import { subresourceSize } from './layout';
import {
  D3D12_RESOLVE_MODE_AVERAGE,
  D3D12_RESOLVE_MODE_DECOMPRESS,
  D3D12_RESOLVE_MODE_MAX,
  D3D12_RESOLVE_MODE_MIN,
  D3D12_RESOURCE_DIMENSION_TEXTURE3D,
  D3D12_RESOURCE_STATE_RESOLVE_DEST,
  D3D12_RESOURCE_STATE_RESOLVE_SOURCE,
} from './enums';

export interface ResolveSubresourceArgs {
  DstResource: ID3D12Resource | null;
  DstSubresource: number;
  SrcResource: ID3D12Resource | null;
  SrcSubresource: number;
  Format: number;
}

export interface ResolveSubresourceRegionArgs extends ResolveSubresourceArgs {
  DstX: number;
  DstY: number;
  SrcRect?: D3D12_RECT | null;
  ResolveMode: number;
}

/**
 * [RESOLVE-FMT-1] The resolve Format (ResolveSubresource remarks): both resources in its format family; when both are
 * fully typed it is their format; when one is typeless, the typed one's; never typeless itself. Averaging needs a
 * format that can be averaged: not integer (UINT/SINT) nor depth (AVERAGE mode).
 */
function formatError(
  dst: ID3D12Resource,
  src: ID3D12Resource,
  format: number,
  mode: number,
  region: { stencilPlane: boolean } | null,
): MessageId | null {
  const f = formatInfo(format);
  const d = formatInfo(dst.desc.Format);
  const s = formatInfo(src.desc.Format);
  if (!d || !s) return 'RESOLVESUBRESOURCE_RESOURCE_MISMATCH';
  if (d.family !== s.family) return 'RESOLVESUBRESOURCE_RESOURCE_MISMATCH';
  if (!f || f.cls === 'TYPELESS' || f.family !== d.family) return 'RESOLVESUBRESOURCE_INVALID_FORMAT';
  if (d.cls !== 'TYPELESS' && dst.desc.Format !== format) return 'RESOLVESUBRESOURCE_INVALID_FORMAT';
  if (s.cls !== 'TYPELESS' && src.desc.Format !== format) return 'RESOLVESUBRESOURCE_INVALID_FORMAT';
  // [RESOLVE-MODE-1] ResolveSubresourceRegion's AVERAGE "can be used with any non-integer render target format,
  // including the depth plane. It can't be used with integer render target formats, including the stencil plane";
  // MIN and MAX "can be used with any render target or depth stencil format" (D3D12_RESOLVE_MODE page)
  const depthRefused = region ? f.depth && region.stencilPlane : f.depth;
  if (mode === D3D12_RESOLVE_MODE_AVERAGE && (f.cls === 'UINT' || f.cls === 'SINT' || depthRefused))
    return 'RESOLVESUBRESOURCE_INVALID_FORMAT';
  return null;
}

/** The checks both methods share; the command's fields, or null after the runtime error. */
function resolveCommand(
  l: ID3D12GraphicsCommandList,
  a: ResolveSubresourceArgs,
  region: { DstX: number; DstY: number; SrcRect: D3D12_RECT | null; ResolveMode: number } | null,
): ResolveArgs | null {
  const dst = a.DstResource;
  const src = a.SrcResource;
  const dstSub = Number(a.DstSubresource ?? 0);
  const srcSub = Number(a.SrcSubresource ?? 0);
  const format = Number(a.Format ?? 0);
  const mode = region ? region.ResolveMode : D3D12_RESOLVE_MODE_AVERAGE;
  const fail = (id: MessageId, reason?: string): null => {
    l.fail(id, {
      list: l.id,
      dst: dst ? dst.id : 0,
      src: src ? src.id : 0,
      dstSub,
      srcSub,
      format,
      reason: reason ?? null,
    });
    return null;
  };
  if (!dst) return fail('RESOLVESUBRESOURCE_NULLDST');
  if (!src) return fail('RESOLVESUBRESOURCE_NULLSRC');
  if (dst.isBuffer) return fail('RESOLVESUBRESOURCE_INVALIDDSTRESOURCE', 'buffer');
  if (src.isBuffer) return fail('RESOLVESUBRESOURCE_INVALIDSRCRESOURCE', 'buffer');
  if (dstSub >= dst.subCount || srcSub >= src.subCount) return fail('RESOLVESUBRESOURCE_INVALID_SUBRESOURCE_INDEX');
  // [RESOLVE-1] "the source must be multisampled, the destination single-sampled" (MIN/MAX/AVERAGE); DECOMPRESS
  // resolves a resource in place (the same sample count on both sides). Sampler-feedback modes are not modelled.
  const sc = src.desc.SampleDesc.Count;
  const dc = dst.desc.SampleDesc.Count;
  if (mode === D3D12_RESOLVE_MODE_DECOMPRESS) {
    if (sc !== dc) return fail('RESOLVESUBRESOURCE_INVALID_SAMPLE_COUNT', 'decompress-needs-equal-counts');
  } else if (
    mode === D3D12_RESOLVE_MODE_AVERAGE ||
    mode === D3D12_RESOLVE_MODE_MIN ||
    mode === D3D12_RESOLVE_MODE_MAX
  ) {
    if (sc <= 1) return fail('RESOLVESUBRESOURCE_INVALID_SAMPLE_COUNT', 'source-not-multisampled');
    if (dc !== 1) return fail('RESOLVESUBRESOURCE_INVALID_SAMPLE_COUNT', 'destination-multisampled');
  } else return fail('RESOLVESUBRESOURCE_INVALIDSRCRESOURCE', 'sampler-feedback-not-modelled');
  // the stencil plane of a depth-stencil source: plane slice 1 (subresources past mips × array slices)
  const perPlane =
    src.desc.MipLevels * (src.desc.Dimension === D3D12_RESOURCE_DIMENSION_TEXTURE3D ? 1 : src.desc.DepthOrArraySize);
  const fe = formatError(dst, src, format, mode, region ? { stencilPlane: srcSub >= Math.max(1, perPlane) } : null);
  if (fe) return fail(fe);
  const ss = subresourceSize(src.desc, srcSub);
  const ds = subresourceSize(dst.desc, dstSub);
  let fullDst = true;
  if (!region) {
    // [RESOLVE-1] the same size (ResolveSubresource: "must have the same dimensions")
    if (ss.w !== ds.w || ss.h !== ds.h) return fail('RESOLVESUBRESOURCE_RESOURCE_MISMATCH', 'size');
  } else {
    // [RESOLVE-2] the source rectangle inside the source, non-empty, and landing inside the destination
    const r = region.SrcRect ?? { left: 0, top: 0, right: ss.w, bottom: ss.h };
    const w = r.right - r.left;
    const h = r.bottom - r.top;
    if (r.left < 0 || r.top < 0 || w <= 0 || h <= 0 || r.right > ss.w || r.bottom > ss.h)
      return fail('RESOLVESUBRESOURCEREGION_INVALID_RECT', 'source-rect');
    if (region.DstX + w > ds.w || region.DstY + h > ds.h)
      return fail('RESOLVESUBRESOURCEREGION_INVALID_RECT', 'destination-out-of-bounds');
    fullDst = region.DstX === 0 && region.DstY === 0 && w === ds.w && h === ds.h;
  }
  const uses = [
    l.use(src, srcSub, D3D12_RESOURCE_STATE_RESOLVE_SOURCE, false),
    l.use(dst, dstSub, D3D12_RESOURCE_STATE_RESOLVE_DEST, true, fullDst),
  ];
  return {
    dst,
    dstSub,
    src,
    srcSub,
    format,
    dstX: region?.DstX ?? 0,
    dstY: region?.DstY ?? 0,
    rect: region?.SrcRect ?? null,
    mode,
    uses,
  };
}

/** [RESOLVE-1] ResolveSubresource: a multisampled source into a single-sampled destination of the same size. */
export function recordResolveSubresource(l: ID3D12GraphicsCommandList, args: ResolveSubresourceArgs): void {
  const c = l.rec('ID3D12GraphicsCommandList::ResolveSubresource', args);
  if (!c) return;
  const r = resolveCommand(l, args, null);
  if (r) l.commands.push({ op: 'ResolveSubresource', ...r });
  l.sys.endCall(c, null);
}

/** [RESOLVE-2] ResolveSubresourceRegion: a rectangle, to a point of the destination, with a D3D12_RESOLVE_MODE. */
export function recordResolveSubresourceRegion(l: ID3D12GraphicsCommandList, args: ResolveSubresourceRegionArgs): void {
  const c = l.rec('ID3D12GraphicsCommandList::ResolveSubresourceRegion', args);
  if (!c) return;
  const r = resolveCommand(l, args, {
    DstX: Number(args.DstX ?? 0),
    DstY: Number(args.DstY ?? 0),
    SrcRect: args.SrcRect ?? null,
    ResolveMode: Number(args.ResolveMode ?? 0),
  });
  if (r) l.commands.push({ op: 'ResolveSubresourceRegion', ...r });
  l.sys.endCall(c, null);
}
