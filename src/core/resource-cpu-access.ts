// ID3D12Resource CPU access to CUSTOM heaps ([CPU-ACCESS-1]): WriteToSubresource / ReadFromSubresource, their
// checks and the byte copy between a subresource's storage and a CPU buffer. Separate from resource.ts, whose
// methods of the same names delegate here, because it is the only user of a subresource's CPU byte layout.

import type { ID3D12Resource } from './resource';
import type { HRESULT, MessageId } from './messages';
import type { D3D12_BOX } from './structs';
import { formatInfo } from './formats';
import { copyableFootprints, subresourceSize } from './layout';
import { D3D12_HEAP_TYPE_CUSTOM } from './enums';

export interface WriteToSubresourceArgs {
  DstSubresource: number;
  DstBox?: D3D12_BOX | null;
  SrcData?: Uint8Array | ArrayLike<number> | null;
  SrcRowPitch: number;
  SrcDepthPitch: number;
}

export interface ReadFromSubresourceArgs {
  DstData?: unknown;
  DstRowPitch: number;
  DstDepthPitch: number;
  SrcSubresource: number;
  SrcBox?: D3D12_BOX | null;
}

/** Byte layout of one subresource inside the resource's CPU storage (buffers: the whole width). */
function subLayout(
  resource: ID3D12Resource,
  sub: number,
): {
  offset: number;
  rowPitch: number;
  rowBytes: number;
  rows: number;
  depth: number;
  w: number;
  h: number;
  bpe: number;
  block: number;
} {
  if (resource.isBuffer)
    return {
      offset: 0,
      rowPitch: resource.desc.Width,
      rowBytes: resource.desc.Width,
      rows: 1,
      depth: 1,
      w: resource.desc.Width,
      h: 1,
      bpe: 1,
      block: 1,
    };
  const fp = copyableFootprints(resource.desc, 0, sub + 1, 0);
  const L = fp.Layouts[sub];
  const fi = formatInfo(resource.desc.Format);
  const size = subresourceSize(resource.desc, sub);
  return {
    offset: L.Offset,
    rowPitch: L.Footprint.RowPitch,
    rowBytes: fp.RowSizeInBytes[sub],
    rows: fp.NumRows[sub],
    depth: L.Footprint.Depth,
    w: size.w,
    h: size.h,
    bpe: fi ? fi.bytes : 4,
    block: fi ? fi.block : 1,
  };
}

/** Shared checks of WriteToSubresource / ReadFromSubresource; returns the HRESULT and the clipped box. */
function cpuAccessCheck(
  resource: ID3D12Resource,
  write: boolean,
  sub: number,
  box: D3D12_BOX | null | undefined,
): { hr: HRESULT; empty: boolean; box: D3D12_BOX } {
  const dev = resource.device;
  const P = write ? 'WRITETOSUBRESOURCE' : 'READFROMSUBRESOURCE';
  const full = (): D3D12_BOX => {
    const l = subLayout(resource, Math.min(sub, resource.subCount - 1));
    return { left: 0, top: 0, front: 0, right: l.w, bottom: l.h, back: l.depth };
  };
  if (dev.removed) return { hr: 'DXGI_ERROR_DEVICE_REMOVED', empty: false, box: full() };
  // [CPU-ACCESS-1] only CPU-visible CUSTOM heaps (the UMA path for textures, CORRECTIONS 000-6/000-7)
  if (resource.heapType !== D3D12_HEAP_TYPE_CUSTOM || !resource.cpuVisible) {
    dev.msg(`${P}_INVALIDHEAP` as MessageId, { resource: resource.id, heapType: resource.heapType });
    return { hr: 'E_INVALIDARG', empty: false, box: full() };
  }
  if (sub >= resource.subCount) {
    dev.msg(`${P}_INVALIDSUBRESOURCE` as MessageId, { resource: resource.id, subresource: sub });
    return { hr: 'E_INVALIDARG', empty: false, box: full() };
  }
  // "The resource should first be mapped using Map" (for textures: Map with a NULL data pointer)
  if (resource.mapCount[sub] === 0) {
    dev.msg(`${P}_INVALIDRESOURCE` as MessageId, { resource: resource.id, subresource: sub, reason: 'not-mapped' });
    return { hr: 'E_INVALIDARG', empty: false, box: full() };
  }
  const b = box
    ? {
        left: box.left ?? 0,
        top: box.top ?? 0,
        front: box.front ?? 0,
        right: box.right ?? 0,
        bottom: box.bottom ?? 0,
        back: box.back ?? 0,
      }
    : full();
  if (box && (b.left >= b.right || b.top >= b.bottom || b.front >= b.back)) {
    dev.msg(`${P}_EMPTYBOX` as MessageId, { resource: resource.id, subresource: sub });
    return { hr: 'S_OK', empty: true, box: b };
  }
  const l = subLayout(resource, sub);
  if (b.right > l.w || b.bottom > l.h || b.back > l.depth) {
    dev.msg(`${P}_INVALIDBOX` as MessageId, {
      resource: resource.id,
      subresource: sub,
      right: b.right,
      bottom: b.bottom,
      back: b.back,
    });
    return { hr: 'E_INVALIDARG', empty: false, box: b };
  }
  // "Textures must be in the COMMON state for CPU access through WriteToSubresource / ReadFromSubresource"
  if (!resource.isBuffer && resource.state[sub] !== 0) {
    resource.sys.hazard('cpu-access-not-common', resource.id, {
      subresource: sub,
      state: resource.state[sub],
      outcome: write ? 'written-anyway' : 'stale-data',
    });
  }
  return { hr: 'S_OK', empty: false, box: b };
}

/** Copy between the resource's storage and a tightly described CPU buffer (block-compressed rows in blocks). */
function cpuCopy(
  resource: ID3D12Resource,
  sub: number,
  b: D3D12_BOX,
  data: Uint8Array,
  rowPitch: number,
  depthPitch: number,
  write: boolean,
): number {
  const l = subLayout(resource, sub);
  const st = resource.storage();
  const x0 = Math.floor(b.left / l.block) * l.bpe;
  const rowBytes = Math.ceil((b.right - b.left) / l.block) * l.bpe;
  const r0 = Math.floor(b.top / l.block);
  const rows = Math.ceil((b.bottom - b.top) / l.block);
  let n = 0;
  for (let z = 0; z < b.back - b.front; z++) {
    for (let y = 0; y < rows; y++) {
      const dst = l.offset + ((b.front + z) * l.rows + r0 + y) * l.rowPitch + x0;
      const src = z * depthPitch + y * rowPitch;
      if (dst >= st.length) continue;
      const len = Math.max(0, Math.min(rowBytes, st.length - dst, write ? data.length - src : data.length - src));
      if (len <= 0) continue;
      if (write) st.set(data.subarray(src, src + len), dst);
      else data.set(st.subarray(dst, dst + len), src);
      n += len;
    }
  }
  return n;
}

/**
 * [CPU-ACCESS-1] ID3D12Resource::WriteToSubresource: the CPU writes a box of a subresource of a resource on a
 * CPU-visible CUSTOM heap (the resource must be mapped; textures must be in COMMON, else a hazard). No GPU
 * synchronisation, like Map. Bad heap / subresource / box: WRITETOSUBRESOURCE_* + E_INVALIDARG; empty box: no-op.
 */
export function writeToSubresource(resource: ID3D12Resource, args: WriteToSubresourceArgs): HRESULT {
  const c = resource.sys.beginCall('ID3D12Resource::WriteToSubresource', resource.id, args);
  const sub = (args.DstSubresource ?? 0) >>> 0;
  const r = cpuAccessCheck(resource, true, sub, args.DstBox);
  if (r.hr === 'S_OK' && !r.empty) {
    const l = subLayout(resource, sub);
    const rowPitch = args.SrcRowPitch || Math.ceil((r.box.right - r.box.left) / l.block) * l.bpe;
    const depthPitch = args.SrcDepthPitch || rowPitch * Math.ceil((r.box.bottom - r.box.top) / l.block);
    const raw = args.SrcData;
    const data =
      raw instanceof Uint8Array
        ? raw
        : raw
          ? Uint8Array.from(raw as ArrayLike<number>)
          : new Uint8Array(depthPitch * (r.box.back - r.box.front));
    const n = cpuCopy(resource, sub, r.box, data, rowPitch, depthPitch, true);
    resource.sys.trace.push({
      k: 'cpu-access',
      i: resource.sys.callIndex,
      res: resource.id,
      sub,
      write: true,
      bytes: n,
    });
  }
  resource.sys.endCall(c, r.hr);
  return r.hr;
}

/** [CPU-ACCESS-1] ID3D12Resource::ReadFromSubresource: the mirror of WriteToSubresource; `out` holds the bytes read. */
export function readFromSubresource(
  resource: ID3D12Resource,
  args: ReadFromSubresourceArgs,
): { hr: HRESULT; out?: Uint8Array } {
  const c = resource.sys.beginCall('ID3D12Resource::ReadFromSubresource', resource.id, args);
  const sub = (args.SrcSubresource ?? 0) >>> 0;
  const r = cpuAccessCheck(resource, false, sub, args.SrcBox);
  let out: Uint8Array | undefined;
  if (r.hr === 'S_OK' && !r.empty) {
    const l = subLayout(resource, sub);
    const rowPitch = args.DstRowPitch || Math.ceil((r.box.right - r.box.left) / l.block) * l.bpe;
    const depthPitch = args.DstDepthPitch || rowPitch * Math.ceil((r.box.bottom - r.box.top) / l.block);
    out = args.DstData instanceof Uint8Array ? args.DstData : new Uint8Array(depthPitch * (r.box.back - r.box.front));
    const n = cpuCopy(resource, sub, r.box, out, rowPitch, depthPitch, false);
    resource.sys.trace.push({
      k: 'cpu-access',
      i: resource.sys.callIndex,
      res: resource.id,
      sub,
      write: false,
      bytes: n,
    });
  }
  resource.sys.endCall(c, r.hr);
  return out ? { hr: r.hr, out } : { hr: r.hr };
}
