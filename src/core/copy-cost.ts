// [TIME-COPY-1] The GPU time an execution takes on its queue. A COPY queue is the copy engine: a DMA unit that moves
// bytes (over PCIe, between system memory and video memory), so its work costs its transfer time, the bytes its copy
// commands move over the modelled bandwidth (`copyBytesPerMs`), but never less than the per-list cost every queue
// pays ([TIME-GPU-1] `gpuMsPerList`, the smallest unit of GPU time the lab models). DIRECT and COMPUTE queues keep the
// flat per-list knob: the model does not rasterise or run shaders, so it has no better measure of their work.
// The floor keeps every copy smaller than gpuMsPerList × copyBytesPerMs (12 MB at 1 ms) exactly where it was: with
// bytes alone lesson A7's 16 KiB uploads end 1.4 µs after their ExecuteCommandLists and its missing cross-queue Wait
// never races; with bytes added to the per-list cost its copy engine falls 1.4 µs a frame behind its 1 ms draws and
// the torn rows it shows drift away.

import type { ID3D12GraphicsCommandList } from './commandlist';
import type { Command } from './commands';
import type { ModelSettings } from './kernel';
import type { ID3D12Resource } from './resource';
import type { D3D12_TEXTURE_COPY_LOCATION } from './structs';
import { copyableFootprints, resourceDesc } from './layout';
import { formatInfo } from './formats';
import {
  D3D12_COMMAND_LIST_TYPE_COPY,
  D3D12_RESOURCE_DIMENSION_TEXTURE2D,
  D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT,
} from './enums';

/** The bytes a texture copy location covers in full: its subresource's rows, or its placed footprint's rows. */
function locationBytes(l: D3D12_TEXTURE_COPY_LOCATION & { Resource: ID3D12Resource }): number {
  if (l.Type === D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT && l.PlacedFootprint) {
    const f = l.PlacedFootprint.Footprint;
    const desc = resourceDesc({
      Dimension: D3D12_RESOURCE_DIMENSION_TEXTURE2D,
      Width: f.Width,
      Height: f.Height,
      DepthOrArraySize: 1,
      MipLevels: 1,
      Format: f.Format,
      SampleDesc: { Count: 1, Quality: 0 },
    });
    const fp = copyableFootprints(desc, 0, 1, 0);
    return fp.NumRows[0] * fp.RowSizeInBytes[0] * Math.max(1, f.Depth);
  }
  const sub = l.SubresourceIndex ?? 0;
  const r = l.Resource;
  if (r.isBuffer) return r.desc.Width;
  const fp = copyableFootprints(r.desc, sub, 1, 0);
  return (fp.NumRows[0] ?? 0) * (fp.RowSizeInBytes[0] ?? 0) * Math.max(1, fp.Layouts[0]?.Footprint.Depth ?? 1);
}

/** The bytes one recorded command moves (copies only; barriers, markers and queries move none that count). */
export function bytesMoved(cmd: Command): number {
  switch (cmd.op) {
    case 'CopyBufferRegion':
      return Math.max(0, cmd.NumBytes);
    case 'CopyResource':
      return Math.min(cmd.src.byteLength(), cmd.dst.byteLength());
    case 'CopyTextureRegion': {
      const b = cmd.SrcBox;
      if (!b) return locationBytes(cmd.src);
      // a box: its texels (blocks, for block-compressed formats) at the source format's size
      const format = cmd.src.PlacedFootprint?.Footprint.Format ?? cmd.src.Resource.desc.Format;
      const fi = formatInfo(format);
      const block = fi?.block ?? 1;
      const w = Math.ceil(Math.max(0, b.right - b.left) / block);
      const h = Math.ceil(Math.max(0, b.bottom - b.top) / block);
      return w * h * Math.max(1, b.back - b.front) * (fi?.bytes ?? 4);
    }
    default:
      return 0;
  }
}

/** [TIME-COPY-1] / [TIME-GPU-1] GPU time, in ns, of one ExecuteCommandLists of these lists on a queue of this type. */
export function executionCostNs(
  queueType: number,
  lists: readonly ID3D12GraphicsCommandList[],
  settings: ModelSettings,
): number {
  const perList = lists.length * settings.gpuMsPerList * 1e6;
  if (queueType !== D3D12_COMMAND_LIST_TYPE_COPY) return perList;
  let bytes = 0;
  for (const l of lists) for (const cmd of l.recordedCommands()) bytes += bytesMoved(cmd);
  return Math.max(perList, (bytes / settings.copyBytesPerMs) * 1e6);
}
