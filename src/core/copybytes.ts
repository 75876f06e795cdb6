// [COPY-BYTES-1] When an execution completes on the GPU, its copies move real bytes between the resources' CPU-side
// storage: CopyBufferRegion, CopyResource, and whole-subresource CopyTextureRegion (textures through their
// GetCopyableFootprints layout). So Map of a READBACK buffer after the fence sees the data, and before it the old
// bytes; and the executor's texture uploads read the bytes the model copied.

import type { ID3D12Resource } from './resource';
import { unhandled, type Command, type RecordedCopyLocation } from './commands';
import { copyableFootprints, resourceDesc } from './layout';
import { clearBytes } from './clearbytes';
import { D3D12_RESOURCE_DIMENSION_TEXTURE2D, D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT } from './enums';

/** Byte layout of a subresource inside a resource's CPU storage (the GetCopyableFootprints layout of the whole resource). */
function subLayout(
  r: ID3D12Resource,
  sub: number,
): { offset: number; rowPitch: number; rows: number; depth: number; rowBytes: number } {
  const fp = copyableFootprints(r.desc, 0, Math.min(sub + 1, r.subCount), 0);
  const L = fp.Layouts[sub];
  return L
    ? {
        offset: L.Offset,
        rowPitch: L.Footprint.RowPitch,
        rows: fp.NumRows[sub],
        depth: L.Footprint.Depth,
        rowBytes: fp.RowSizeInBytes[sub],
      }
    : { offset: 0, rowPitch: 0, rows: 0, depth: 0, rowBytes: 0 };
}

/** Rows of one side of a whole-subresource copy: [offset, rowPitch, rowCount, rowBytes] in the resource's storage. */
function copySide(l: RecordedCopyLocation): { offset: number; rowPitch: number; rows: number; rowBytes: number } {
  if (l.Type === D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT && l.PlacedFootprint) {
    const pf = l.PlacedFootprint;
    const fp = copyableFootprints(
      resourceDesc({
        Dimension: D3D12_RESOURCE_DIMENSION_TEXTURE2D,
        Width: pf.Footprint.Width,
        Height: pf.Footprint.Height,
        DepthOrArraySize: 1,
        MipLevels: 1,
        Format: pf.Footprint.Format,
        SampleDesc: { Count: 1, Quality: 0 },
      }),
      0,
      1,
      0,
    );
    return {
      offset: pf.Offset,
      rowPitch: pf.Footprint.RowPitch,
      rows: fp.NumRows[0] * Math.max(1, pf.Footprint.Depth),
      rowBytes: fp.RowSizeInBytes[0],
    };
  }
  const L = subLayout(l.Resource, l.SubresourceIndex ?? 0);
  return { offset: L.offset, rowPitch: L.rowPitch, rows: L.rows * Math.max(1, L.depth), rowBytes: L.rowBytes };
}

/** [COPY-BYTES-1] Carry out a recorded copy on the resources' CPU-side bytes (buffers, and textures through their footprint layout). */
export function copyBytes(cmd: Command): void {
  switch (cmd.op) {
    case 'CopyBufferRegion': {
      const sb = cmd.src.storage();
      const db = cmd.dst.storage();
      const so = cmd.SrcOffset;
      const dof = cmd.DstOffset;
      const len = Math.max(0, Math.min(cmd.NumBytes, sb.length - so, db.length - dof));
      if (len > 0) db.set(sb.subarray(so, so + len), dof);
      break;
    }
    case 'CopyResource': {
      const sb = cmd.src.storage();
      const db = cmd.dst.storage();
      db.set(sb.subarray(0, Math.min(sb.length, db.length)));
      break;
    }
    case 'CopyTextureRegion': {
      if (cmd.SrcBox || cmd.DstX || cmd.DstY || cmd.DstZ) break; // sub-rectangles: not carried out on the CPU side
      const a = copySide(cmd.src);
      const b = copySide(cmd.dst);
      const sb = cmd.src.Resource.storage();
      const db = cmd.dst.Resource.storage();
      const rows = Math.min(a.rows, b.rows);
      const rowBytes = Math.min(a.rowBytes, b.rowBytes);
      for (let y = 0; y < rows; y++) {
        const so = a.offset + y * a.rowPitch;
        const dof = b.offset + y * b.rowPitch;
        const len = Math.max(0, Math.min(rowBytes, sb.length - so, db.length - dof));
        if (len > 0) db.set(sb.subarray(so, so + len), dof);
      }
      break;
    }
    case 'ClearRenderTargetView':
      clearBytes(cmd); // [COPY-BYTES-2] (clearbytes.ts)
      break;
    case 'ResourceBarrier':
    case 'DiscardResource':
    case 'ClearDepthStencilView':
    case 'OMSetRenderTargets':
    case 'RSSetViewports':
    case 'RSSetScissorRects':
    case 'SetGraphicsRootSignature':
    case 'SetPipelineState':
    case 'SetDescriptorHeaps':
    case 'SetGraphicsRootDescriptorTable':
    case 'SetGraphicsRoot32BitConstants':
    case 'SetGraphicsRootConstantBufferView':
    case 'IASetPrimitiveTopology':
    case 'IASetVertexBuffers':
    case 'IASetIndexBuffer':
    case 'DrawInstanced':
    case 'DrawIndexedInstanced':
    case 'BeginEvent':
    case 'EndEvent':
    case 'SetMarker':
    case 'Dispatch': // UAV writes have no modelled bytes
    case 'BeginQuery': // queries: query-results.ts, called in the same command order (completion.ts)
    case 'EndQuery':
    case 'ResolveQueryData':
    case 'ResolveSubresource': // MSAA resolves: the model keeps no per-sample bytes (SPEC §11)
    case 'ResolveSubresourceRegion':
      break;
    default:
      unhandled(cmd);
  }
}
