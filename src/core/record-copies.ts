// Record-time validation of the texture copies ([COPY-TEX-1], [COPY-ALIGN-*], [COPY-RES-1]): what makes a copy a
// runtime error (Close then fails, [CL-CLOSE-1]) is checked when it is recorded; resource states are checked at
// ExecuteCommandLists. Each function returns the command the list records, or null after raising the error;
// the record* functions are the list's copy methods (and DiscardResource), which delegate here.

import type { ID3D12Resource } from './resource';
import type { ID3D12GraphicsCommandList } from './commandlist';
import type { CommandOf, RecordedCopyLocation } from './commands';
import type { RecordingContext } from './recording';
import type { D3D12_BOX, D3D12_TEXTURE_COPY_LOCATION } from './structs';
import { formatInfo } from './formats';
import { planeFormat, planeOf, subresourceSize } from './layout';
import {
  D3D12_HEAP_TYPE_UPLOAD,
  D3D12_RESOURCE_STATE_COPY_DEST,
  D3D12_RESOURCE_STATE_COPY_SOURCE,
  D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT,
  D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX,
  D3D12_TEXTURE_DATA_PITCH_ALIGNMENT,
  D3D12_TEXTURE_DATA_PLACEMENT_ALIGNMENT,
} from './enums';

export interface CopyTextureRegionArgs {
  Dst: D3D12_TEXTURE_COPY_LOCATION;
  DstX?: number;
  DstY?: number;
  DstZ?: number;
  Src: D3D12_TEXTURE_COPY_LOCATION;
  SrcBox?: D3D12_BOX | null;
}

/** Validate one side of CopyTextureRegion; returns false after raising the runtime error. */
function copyLocation(ctx: RecordingContext, loc: D3D12_TEXTURE_COPY_LOCATION, side: 'SRC' | 'DST'): boolean {
  const r = loc?.Resource;
  if (!r) {
    ctx.fail(side === 'SRC' ? 'COPYTEXTUREREGION_INVALIDSRCRESOURCE' : 'COPYTEXTUREREGION_INVALIDDSTRESOURCE', {
      side,
    });
    return false;
  }
  // "The destination resource cannot be on a D3D12_HEAP_TYPE_UPLOAD heap." (V-LOG TheSpydog/SDL_gpu_examples#85)
  if (side === 'DST' && r.heapType === D3D12_HEAP_TYPE_UPLOAD) {
    ctx.fail('COPYTEXTUREREGION_INVALIDDSTRESOURCE', { resource: r.id, heapType: r.heapType });
    return false;
  }
  if (loc.Type === D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT) {
    const pf = loc.PlacedFootprint;
    if (!r.isBuffer || !pf) {
      ctx.fail(side === 'SRC' ? 'COPYTEXTUREREGION_INVALIDSRCRESOURCE' : 'COPYTEXTUREREGION_INVALIDDSTRESOURCE', {
        resource: r.id,
      });
      return false;
    }
    const unrestricted = ctx.device.facts.unrestrictedBufferTextureCopyPitch;
    const fp = pf.Footprint;
    const fi = formatInfo(fp.Format);
    const rowBytes = fi ? Math.ceil(fp.Width / fi.block) * fi.bytes : fp.Width * 4;
    const rows = fi ? Math.ceil(fp.Height / fi.block) : fp.Height;
    // [COPY-ALIGN-1] Offset multiple of 512, [COPY-ALIGN-2] RowPitch multiple of 256 (unless OPTIONS13 says unrestricted)
    if (!unrestricted && pf.Offset % D3D12_TEXTURE_DATA_PLACEMENT_ALIGNMENT !== 0) {
      ctx.fail(side === 'SRC' ? 'COPYTEXTUREREGION_INVALIDSRCOFFSET' : 'COPYTEXTUREREGION_INVALIDDSTOFFSET', {
        resource: r.id,
        offset: pf.Offset,
      });
      return false;
    }
    if ((!unrestricted && fp.RowPitch % D3D12_TEXTURE_DATA_PITCH_ALIGNMENT !== 0) || fp.RowPitch < rowBytes) {
      ctx.fail(side === 'SRC' ? 'COPYTEXTUREREGION_INVALIDSRCROWPITCH' : 'COPYTEXTUREREGION_INVALIDDSTROWPITCH', {
        resource: r.id,
        rowPitch: fp.RowPitch,
        rowBytes,
      });
      return false;
    }
    // [COPY-ALIGN-3] the footprint must end inside the buffer
    const end = pf.Offset + fp.RowPitch * (rows * Math.max(1, fp.Depth) - 1) + rowBytes;
    if (end > r.desc.Width) {
      ctx.fail(side === 'SRC' ? 'COPYTEXTUREREGION_INVALIDSRCPLACEMENT' : 'COPYTEXTUREREGION_INVALIDDSTPLACEMENT', {
        resource: r.id,
        end,
        width: r.desc.Width,
      });
      return false;
    }
    return true;
  }
  if (loc.Type === D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX) {
    if (r.isBuffer) {
      ctx.fail(side === 'SRC' ? 'COPYTEXTUREREGION_INVALIDSRCRESOURCE' : 'COPYTEXTUREREGION_INVALIDDSTRESOURCE', {
        resource: r.id,
      });
      return false;
    }
    if ((loc.SubresourceIndex ?? 0) >= r.subCount) {
      ctx.fail(side === 'SRC' ? 'COPYTEXTUREREGION_INVALIDSRCSUBRESOURCE' : 'COPYTEXTUREREGION_INVALIDDSTSUBRESOURCE', {
        resource: r.id,
        subresource: loc.SubresourceIndex ?? 0,
      });
      return false;
    }
    return true;
  }
  ctx.fail(side === 'SRC' ? 'COPYTEXTUREREGION_INVALIDSRCRESOURCE' : 'COPYTEXTUREREGION_INVALIDDSTRESOURCE', {
    type: loc.Type,
  });
  return false;
}

/** [COPY-TEX-1] CopyTextureRegion: both locations valid, the region inside the destination, compatible formats. */
export function copyTextureRegionCommand(
  ctx: RecordingContext,
  args: CopyTextureRegionArgs,
): CommandOf<'CopyTextureRegion'> | null {
  if (!copyLocation(ctx, args.Src, 'SRC') || !copyLocation(ctx, args.Dst, 'DST')) return null;
  const d = args.Dst.Resource;
  const s = args.Src.Resource;
  if (!d || !s) return null; // (copyLocation has checked both)
  let ok = true;
  if (d.isBuffer && s.isBuffer) {
    ctx.fail('COPYTEXTUREREGION_INVALIDDSTRESOURCE', { resource: d.id });
    ok = false;
  }
  // source extent in texels
  const srcW =
    args.Src.Type === D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT
      ? (args.Src.PlacedFootprint?.Footprint.Width ?? 0)
      : subresourceSize(s.desc, args.Src.SubresourceIndex ?? 0).w;
  const srcH =
    args.Src.Type === D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT
      ? (args.Src.PlacedFootprint?.Footprint.Height ?? 0)
      : subresourceSize(s.desc, args.Src.SubresourceIndex ?? 0).h;
  const box = args.SrcBox;
  const w = box ? box.right - box.left : srcW;
  const h = box ? box.bottom - box.top : srcH;
  if (ok && !d.isBuffer) {
    const ds = subresourceSize(d.desc, args.Dst.SubresourceIndex ?? 0);
    if ((args.DstX ?? 0) + w > ds.w || (args.DstY ?? 0) + h > ds.h) {
      ctx.fail('COPYTEXTUREREGION_DSTREGIONOUTOFBOUNDS', {
        resource: d.id,
        x: args.DstX ?? 0,
        y: args.DstY ?? 0,
        width: w,
        height: h,
      });
      ok = false;
    }
    if (ok && s.isBuffer) {
      const ff = formatInfo(args.Src.PlacedFootprint?.Footprint.Format ?? 0);
      // [COPY-FP-2] a depth-stencil plane is copied as its plane format (R32_TYPELESS depth, R8_TYPELESS stencil)
      const tf = formatInfo(planeFormat(d.desc.Format, planeOf(d.desc, args.Dst.SubresourceIndex ?? 0)));
      if (!ff || !tf || ff.family !== tf.family || ff.bytes !== tf.bytes) {
        ctx.fail('COPYTEXTUREREGION_FORMATMISMATCH', { resource: d.id });
        ok = false;
      }
    }
  }
  if (!ok) return null;
  const dSub = args.Dst.Type === D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX ? (args.Dst.SubresourceIndex ?? 0) : 0;
  const sSub = args.Src.Type === D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX ? (args.Src.SubresourceIndex ?? 0) : 0;
  const full =
    !d.isBuffer &&
    (args.DstX ?? 0) === 0 &&
    (args.DstY ?? 0) === 0 &&
    w >= subresourceSize(d.desc, dSub).w &&
    h >= subresourceSize(d.desc, dSub).h;
  return {
    op: 'CopyTextureRegion',
    dst: recordedLocation(args.Dst, d),
    src: recordedLocation(args.Src, s),
    DstX: args.DstX ?? 0,
    DstY: args.DstY ?? 0,
    DstZ: args.DstZ ?? 0,
    SrcBox: box ?? null,
    uses: [
      ctx.use(d, dSub, D3D12_RESOURCE_STATE_COPY_DEST, true, full),
      ctx.use(s, sSub, D3D12_RESOURCE_STATE_COPY_SOURCE, false),
    ],
  };
}

/** [COPY-RES-1] CopyResource: same dimension, size and format family; every subresource. */
export function copyResourceCommand(
  ctx: RecordingContext,
  args: { DstResource: ID3D12Resource; SrcResource: ID3D12Resource },
): CommandOf<'CopyResource'> | null {
  const d = args.DstResource;
  const s = args.SrcResource;
  const sameShape =
    d &&
    s &&
    d.desc.Dimension === s.desc.Dimension &&
    d.desc.Width === s.desc.Width &&
    d.desc.Height === s.desc.Height &&
    d.desc.DepthOrArraySize === s.desc.DepthOrArraySize &&
    d.subCount === s.subCount &&
    // [MSAA-3] "only if both source and destination have identical multisampled count and quality" (CopyResource page)
    d.desc.SampleDesc.Count === s.desc.SampleDesc.Count &&
    d.desc.SampleDesc.Quality === s.desc.SampleDesc.Quality &&
    (d.isBuffer || formatInfo(d.desc.Format)?.family === formatInfo(s.desc.Format)?.family);
  if (!d || !s || !sameShape) ctx.fail('COPYRESOURCE_INVALIDDSTRESOURCE', { dst: d ? d.id : 0, src: s ? s.id : 0 });
  else if (d === s) ctx.fail('COPY_ON_SAME_SUBRESOURCE', { resource: d.id });
  else
    return {
      op: 'CopyResource',
      dst: d,
      src: s,
      uses: [
        ctx.use(d, -1, D3D12_RESOURCE_STATE_COPY_DEST, true, true),
        ctx.use(s, -1, D3D12_RESOURCE_STATE_COPY_SOURCE, false),
      ],
    };
  return null;
}

/** A validated copy location as the command keeps it (a copy: the caller may reuse its struct). */
function recordedLocation(loc: D3D12_TEXTURE_COPY_LOCATION, res: ID3D12Resource): RecordedCopyLocation {
  const pf = loc.PlacedFootprint;
  return {
    Resource: res,
    Type: loc.Type,
    SubresourceIndex: loc.SubresourceIndex,
    PlacedFootprint: pf ? { Offset: pf.Offset, Footprint: { ...pf.Footprint } } : undefined,
  };
}

export interface CopyBufferRegionArgs {
  DstBuffer: ID3D12Resource;
  DstOffset: number;
  SrcBuffer: ID3D12Resource;
  SrcOffset: number;
  NumBytes: number;
}

/** [COPY-BUF-1] CopyBufferRegion: both resources buffers, ranges inside them (runtime errors: Close fails). */
export function recordCopyBufferRegion(list: ID3D12GraphicsCommandList, args: CopyBufferRegionArgs): void {
  const c = list.rec('ID3D12GraphicsCommandList::CopyBufferRegion', args);
  if (!c) return;
  const d = args.DstBuffer;
  const s = args.SrcBuffer;
  if (!d || !d.isBuffer) list.fail('COPYBUFFERREGION_INVALIDDSTRESOURCEDIMENSION', { resource: d ? d.id : 0 });
  else if (!s || !s.isBuffer) list.fail('COPYBUFFERREGION_INVALIDSRCRESOURCEDIMENSION', { resource: s ? s.id : 0 });
  else if (args.DstOffset + args.NumBytes > d.desc.Width)
    list.fail('COPYBUFFERREGION_DSTRANGEOUTOFBOUNDS', {
      resource: d.id,
      offset: args.DstOffset,
      bytes: args.NumBytes,
      width: d.desc.Width,
    });
  else if (args.SrcOffset + args.NumBytes > s.desc.Width)
    list.fail('COPYBUFFERREGION_SRCRANGEOUTOFBOUNDS', {
      resource: s.id,
      offset: args.SrcOffset,
      bytes: args.NumBytes,
      width: s.desc.Width,
    });
  else {
    // hot path: the command computes its uses when ExecuteCommandLists replays it (no per-call Use objects kept)
    const checked =
      (list.noteUse(d, 0, D3D12_RESOURCE_STATE_COPY_DEST, true) ? 1 : 0) |
      (list.noteUse(s, 0, D3D12_RESOURCE_STATE_COPY_SOURCE, false) ? 2 : 0);
    // one object literal per call; ExecuteCommandLists derives its uses (commandUses) ([TR-PERF-1])
    list.commands.push({
      op: 'CopyBufferRegion',
      dst: d,
      DstOffset: args.DstOffset,
      src: s,
      SrcOffset: args.SrcOffset,
      NumBytes: args.NumBytes,
      checked,
    });
  }
  list.sys.endCall(c, null);
}

/** [COPY-TEX-1] CopyTextureRegion: footprint alignment and bounds are checked at record (record-copies.ts); states at ExecuteCommandLists. */
export function recordCopyTextureRegion(list: ID3D12GraphicsCommandList, args: CopyTextureRegionArgs): void {
  const c = list.rec('ID3D12GraphicsCommandList::CopyTextureRegion', args);
  if (!c) return;
  const cmd = copyTextureRegionCommand(list, args);
  if (cmd) list.commands.push(cmd);
  list.sys.endCall(c, null);
}

/** [COPY-RES-1] CopyResource: same dimension, size and format family; every subresource (record-copies.ts). */
export function recordCopyResource(
  list: ID3D12GraphicsCommandList,
  args: { DstResource: ID3D12Resource; SrcResource: ID3D12Resource },
): void {
  const c = list.rec('ID3D12GraphicsCommandList::CopyResource', args);
  if (!c) return;
  const cmd = copyResourceCommand(list, args);
  if (cmd) list.commands.push(cmd);
  list.sys.endCall(c, null);
}

export function recordDiscardResource(
  list: ID3D12GraphicsCommandList,
  args: { Resource: ID3D12Resource; Region?: unknown },
): void {
  const c = list.rec('ID3D12GraphicsCommandList::DiscardResource', args);
  if (!c) return;
  if (args.Resource)
    list.commands.push({
      op: 'DiscardResource',
      res: args.Resource,
      uses: [{ res: args.Resource, sub: -1, state: 0, write: true, init: true }],
    });
  list.sys.endCall(c, null);
}
