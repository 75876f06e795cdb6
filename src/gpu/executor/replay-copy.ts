// The executor's clears and texture copies (executor.ts replays each accepted submission through these): a clear is a
// render pass with loadOp 'clear' (or writes into its rectangles), a copy lands bytes exactly where D3D12 puts them.
import {
  D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT,
  D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX,
  ID3D12Resource,
  type CommandOf,
  type D3D12_RECT,
} from '../../core';
import { withErrorScopes } from '../host';
import type { ErrorScope } from './scopes';
import { viewFormatOf } from './formats';
import { clearRects, clipRects } from './clear-rects';
import type { ExecResult } from './executor';
import { fillRects } from './msaa-passes';
import { noteSampleCount } from './replay-resolve';

export async function replayClear(
  device: GPUDevice,
  cmd: CommandOf<'ClearRenderTargetView'>,
  texFor: (r: ID3D12Resource) => GPUTexture | null,
  result: ExecResult,
  call: number,
  /** how WebGPU errors are collected (scopes.ts): a scope of its own by default */
  scope: ErrorScope = withErrorScopes,
) {
  const tex = cmd.rtv.res ? texFor(cmd.rtv.res) : null;
  if (!tex) return;
  noteSampleCount(cmd.rtv.res!, tex, result);
  const [r, g, b, a] = cmd.ColorRGBA;
  const rects = cmd.Rects ?? [];
  if (rects.length && tex.sampleCount > 1) {
    // [MSAA-EXEC-1] writeTexture cannot reach a multisampled texture's samples: a fill pass inside each rectangle
    const view = viewFormatOf(tex, cmd.rtv.format) ?? tex.format;
    const done = clipRects(rects, tex.width, tex.height);
    const { errors } = await scope(device, () =>
      fillRects(
        device,
        tex,
        view,
        cmd.ColorRGBA,
        done.map((q) => ({ x: q.left, y: q.top, w: q.right - q.left, h: q.bottom - q.top })),
        `ClearRenderTargetView (call ${call})`,
      ),
    );
    result.gpuErrors.push(...errors.map((m) => `ClearRenderTargetView (ExecuteCommandLists, call ${call}): ${m}`));
    result.ran.push(
      `call ${call} ClearRenderTargetView with ${rects.length} rect(s) → fill pass of [${[r, g, b, a].join(', ')}] into every sample of ${done.map((q) => `(${q.left},${q.top})–(${q.right},${q.bottom})`).join(', ') || 'nothing'} of ${tex.label} (${tex.sampleCount} samples)`,
    );
    return;
  }
  if (rects.length) {
    // NumRects > 0: only the rectangles are cleared (clear-rects.ts)
    const view = viewFormatOf(tex, cmd.rtv.format) ?? tex.format;
    let done: D3D12_RECT[] = [];
    const { errors } = await scope(device, () => {
      done = clearRects(device, tex, view, cmd.ColorRGBA, rects);
    });
    result.gpuErrors.push(...errors.map((m) => `ClearRenderTargetView (ExecuteCommandLists, call ${call}): ${m}`));
    result.ran.push(
      `call ${call} ClearRenderTargetView with ${rects.length} rect(s) → writeTexture of [${[r, g, b, a].join(', ')}] into ${done.map((q) => `(${q.left},${q.top})–(${q.right},${q.bottom})`).join(', ') || 'nothing'} of ${tex.label}`,
    );
    return;
  }
  const { errors } = await scope(device, () => {
    const enc = device.createCommandEncoder({ label: `ClearRenderTargetView (call ${call})` });
    enc
      .beginRenderPass({
        colorAttachments: [
          {
            // one mip: the RTV's (MipSlice, as its subresource)
            view: tex.createView({
              format: viewFormatOf(tex, cmd.rtv.format),
              baseMipLevel: Math.max(0, cmd.rtv.sub) % tex.mipLevelCount,
              mipLevelCount: 1,
            }),
            loadOp: 'clear',
            storeOp: 'store',
            clearValue: { r, g, b, a },
          },
        ],
      })
      .end();
    device.queue.submit([enc.finish()]);
  });
  result.gpuErrors.push(...errors.map((m) => `ClearRenderTargetView (ExecuteCommandLists, call ${call}): ${m}`));
  result.ran.push(
    `call ${call} ClearRenderTargetView → beginRenderPass({ loadOp: 'clear', clearValue: [${[r, g, b, a].join(', ')}] }) on ${tex.label} (${tex.format} ${tex.width}×${tex.height}${tex.sampleCount > 1 ? `, ${tex.sampleCount} samples` : ''})`,
  );
}

/**
 * CopyTextureRegion, as WebGPU copies: a placed footprint on a buffer becomes copyBufferToTexture with the
 * footprint's Offset, RowPitch as bytesPerRow and Height as rowsPerImage (so the bytes land exactly where D3D12
 * puts them: rows written at another pitch come out skewed, for real); texture to texture is
 * copyTextureToTexture. Copies into a buffer (readback) are carried out by the model [COPY-BYTES-1]: the
 * executor keeps no GPU copy of buffers.
 */
export async function replayCopyTextureRegion(
  device: GPUDevice,
  cmd: CommandOf<'CopyTextureRegion'>,
  texFor: (r: ID3D12Resource) => GPUTexture | null,
  result: ExecResult,
  call: number,
  reads: ReadonlyMap<number, Uint8Array> | null,
  /** the executor's GPU copy of a buffer a dispatch wrote ([CS-EXEC-1]): the copy reads that, not the model's bytes */
  gpuBuffer: (r: ID3D12Resource) => GPUBuffer | null = () => null,
  scope: ErrorScope = withErrorScopes,
) {
  const { dst, src, SrcBox: box } = cmd;
  const origin = { x: cmd.DstX, y: cmd.DstY };
  if (dst.Type !== D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX || dst.Resource.isBuffer) {
    result.ran.push(
      `call ${call} CopyTextureRegion → into buffer #${dst.Resource.id}: bytes moved by the model at GPU completion (read back with Map)`,
    );
    return;
  }
  const tex = texFor(dst.Resource);
  if (!tex) return;
  if (src.Type === D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT && src.PlacedFootprint) {
    const pf = src.PlacedFootprint;
    const bytes = reads?.get(src.Resource.id) ?? src.Resource.storage();
    const x0 = box?.left ?? 0;
    const y0 = box?.top ?? 0;
    const w = box ? box.right - box.left : pf.Footprint.Width;
    const h = box ? box.bottom - box.top : pf.Footprint.Height;
    const held = gpuBuffer(src.Resource);
    const { errors } = await scope(device, () => {
      const buf =
        held ??
        device.createBuffer({
          label: `buffer #${src.Resource.id} as the GPU read it`,
          size: Math.max(4, Math.ceil(bytes.byteLength / 4) * 4),
          usage: GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST,
        });
      if (!held) device.queue.writeBuffer(buf, 0, bytes.buffer, bytes.byteOffset, bytes.byteLength & ~3);
      const enc = device.createCommandEncoder({ label: `CopyTextureRegion (call ${call})` });
      enc.copyBufferToTexture(
        {
          buffer: buf,
          offset: pf.Offset + y0 * pf.Footprint.RowPitch + x0 * 4,
          bytesPerRow: pf.Footprint.RowPitch,
          rowsPerImage: pf.Footprint.Height,
        },
        { texture: tex, origin, mipLevel: (dst.SubresourceIndex ?? 0) % tex.mipLevelCount },
        { width: w, height: h },
      );
      device.queue.submit([enc.finish()]);
      if (!held) buf.destroy();
    });
    result.gpuErrors.push(...errors.map((m) => `CopyTextureRegion (ExecuteCommandLists, call ${call}): ${m}`));
    result.ran.push(
      `call ${call} CopyTextureRegion → copyBufferToTexture({ offset: ${pf.Offset}, bytesPerRow: ${pf.Footprint.RowPitch}, rowsPerImage: ${pf.Footprint.Height} }, ${tex.label} at (${origin.x},${origin.y}), ${w}×${h})${held ? `, from ${held.label} as dispatches left it` : reads?.has(src.Resource.id) ? ', bytes as the GPU read them' : ''}${errors.length ? ' — refused' : ''}`,
    );
    return;
  }
  const from =
    src.Type === D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX && !src.Resource.isBuffer ? texFor(src.Resource) : null;
  if (!from) return;
  const x0 = box?.left ?? 0;
  const y0 = box?.top ?? 0;
  const w = Math.min(box ? box.right - box.left : from.width, tex.width - origin.x);
  const h = Math.min(box ? box.bottom - box.top : from.height, tex.height - origin.y);
  const { errors } = await scope(device, () => {
    const enc = device.createCommandEncoder({ label: `CopyTextureRegion (call ${call})` });
    enc.copyTextureToTexture(
      { texture: from, origin: { x: x0, y: y0 } },
      { texture: tex, origin },
      { width: w, height: h },
    );
    device.queue.submit([enc.finish()]);
  });
  result.gpuErrors.push(...errors.map((m) => `CopyTextureRegion (ExecuteCommandLists, call ${call}): ${m}`));
  result.ran.push(
    `call ${call} CopyTextureRegion → copyTextureToTexture(${from.label} → ${tex.label} at (${origin.x},${origin.y}), ${w}×${h})${errors.length ? ' — refused' : ''}`,
  );
}
