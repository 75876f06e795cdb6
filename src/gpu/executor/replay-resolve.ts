// [MSAA-EXEC-1] MSAA render targets and resolves on WebGPU (executor.ts replays each accepted submission through
// these). A D3D12 texture with SampleDesc.Count > 1 is a WebGPU texture with 4 samples: WebGPU core knows only 1 and
// 4, so 2× and 8× targets run at 4 samples, with a note (edges get 4 coverage steps instead of 2 or 8). Draws into one
// use a pipeline with multisample.count 4 (pipelines.ts), clears are render passes as for any target (replay-copy.ts),
// and resolves move real pixels:
// - ResolveSubresource (and a ResolveSubresourceRegion over the whole destination in AVERAGE mode) is a render pass
//   with the source as its attachment and the destination as its resolveTarget, both viewed in the resolve's Format;
// - a ResolveSubresourceRegion with a rectangle or an offset, or in MIN / MAX mode, and any resolve in an _SRGB
//   Format, is a shader resolve (msaa-passes.ts): textureLoad of each sample (decoded to linear from an sRGB view),
//   combined per pixel, written inside the destination rectangle (encoded again) — an sRGB-correct average on every
//   adapter, where a resolveTarget's sRGB handling is the driver's choice;
// - DECOMPRESS has nothing to decompress on WebGPU: in place it does nothing, between two resources it is a copy.
import { D3D12_RESOLVE_MODE_AVERAGE, D3D12_RESOLVE_MODE_DECOMPRESS, ID3D12Resource, type CommandOf } from '../../core';
import { withErrorScopes } from '../host';
import type { ErrorScope } from './scopes';
import { textureFormat, viewFormats } from './formats';
import { shaderResolve, SHADER_MODE, type Rect } from './msaa-passes';
import type { ExecResult } from './executor';

/** The sample counts WebGPU core has: a multisampled D3D12 texture is a 4-sample WebGPU texture. */
export const WEBGPU_MSAA_SAMPLES = 4;

/** The WebGPU sample count of a resource's texture (executor.ts's texFor creates it so). */
export function webgpuSampleCount(res: ID3D12Resource): number {
  return res.desc.SampleDesc.Count > 1 ? WEBGPU_MSAA_SAMPLES : 1;
}

/** A 2× or 8× (or 16×) resource runs at 4 samples: said once per resource in the run's notes. */
export function noteSampleCount(res: ID3D12Resource, tex: GPUTexture, result: ExecResult): void {
  const n = res.desc.SampleDesc.Count;
  if (n <= 1 || n === tex.sampleCount) return;
  const note = `${tex.label} has SampleDesc.Count ${n}; WebGPU core has only 1 and ${WEBGPU_MSAA_SAMPLES} samples, so it is rendered and resolved with ${tex.sampleCount} (edges show ${tex.sampleCount} coverage steps where D3D12 has ${n})`;
  if (!result.notes.includes(note)) result.notes.push(note);
}

/**
 * [MSAA-2] A draw whose pipeline's SampleDesc.Count differs from its render target's (the layer's warning): WebGPU
 * refuses a pipeline whose sample count is not its attachment's, so the executor does not draw it (on real GPUs the
 * result is undefined). 2× and 8× both run at 4 samples here, so the D3D12 counts are compared, not the WebGPU ones.
 * Returns the note, or null when the counts match.
 */
export function sampleMismatch(psoDesc: Record<string, unknown>, target: ID3D12Resource, call: number): string | null {
  const want = Number((psoDesc.SampleDesc as { Count?: number } | undefined)?.Count ?? 1);
  const have = target.desc.SampleDesc.Count;
  if (want === have) return null;
  return `DrawInstanced (call ${call}): the pipeline's SampleDesc.Count is ${want}, the render target's ${have} (RENDER_TARGET_SAMPLE_DESC_MISMATCH_PIPELINE_STATE): not drawn — WebGPU refuses a pipeline whose sample count differs from its attachment's; real GPUs give undefined results`;
}

/** The WebGPU format `tex` is viewed as for the resolve's DXGI Format (its own or its sRGB twin), or null. */
function viewAs(tex: GPUTexture, dxgi: number): GPUTextureFormat | null {
  const f = textureFormat(dxgi);
  if (!f) return null;
  return f === tex.format || viewFormats(tex.format).includes(f) ? f : null;
}

const MODE_NAME: Record<number, string> = { 0: 'DECOMPRESS', 1: 'MIN', 2: 'MAX', 3: 'AVERAGE' };

export async function replayResolve(
  device: GPUDevice,
  cmd: CommandOf<'ResolveSubresource'> | CommandOf<'ResolveSubresourceRegion'>,
  texFor: (r: ID3D12Resource) => GPUTexture | null,
  result: ExecResult,
  call: number,
  /** how WebGPU errors are collected (scopes.ts): a scope of its own by default */
  scope: ErrorScope = withErrorScopes,
): Promise<void> {
  const what = `${cmd.op} (call ${call})`;
  const src = texFor(cmd.src);
  const dst = texFor(cmd.dst);
  if (!src || !dst) {
    result.notes.push(`${what}: the executor has no WebGPU texture format for these resources; not replayed`);
    return;
  }
  noteSampleCount(cmd.src, src, result);
  const format = viewAs(src, cmd.format);
  if (!format || viewAs(dst, cmd.format) !== format) {
    result.notes.push(
      `${what}: Format ${cmd.format} is not a view format of both ${src.label} (${src.format}) and ${dst.label} (${dst.format}) on WebGPU; not replayed`,
    );
    return;
  }
  const mip = cmd.dstSub % dst.mipLevelCount;
  const dw = Math.max(1, dst.width >> mip);
  const dh = Math.max(1, dst.height >> mip);
  const r = cmd.rect ?? { left: 0, top: 0, right: src.width, bottom: src.height };
  const w = r.right - r.left;
  const h = r.bottom - r.top;
  const whole = cmd.dstX === 0 && cmd.dstY === 0 && r.left === 0 && r.top === 0 && w === src.width && h === src.height;
  const full = whole && w === dw && h === dh;
  const mode = cmd.mode;
  let ran = '';
  const { errors } = await scope(device, () => {
    if (mode === D3D12_RESOLVE_MODE_DECOMPRESS) {
      if (cmd.src === cmd.dst && cmd.srcSub === cmd.dstSub) {
        ran = `nothing to do: WebGPU keeps no compressed MSAA surfaces, ${src.label} is already as it reads`;
        return;
      }
      if (src.sampleCount > 1 && !full) {
        ran = 'not replayed: WebGPU copies a multisampled texture only whole';
        return;
      }
      const enc = device.createCommandEncoder({ label: what });
      enc.copyTextureToTexture(
        { texture: src, origin: { x: r.left, y: r.top } },
        { texture: dst, origin: { x: cmd.dstX, y: cmd.dstY }, mipLevel: mip },
        { width: w, height: h },
      );
      device.queue.submit([enc.finish()]);
      ran = `copyTextureToTexture(${src.label} (${r.left},${r.top})–(${r.right},${r.bottom}) → ${dst.label} at (${cmd.dstX},${cmd.dstY}))`;
      return;
    }
    // an _SRGB average is the shader's (decoded, averaged in linear light, encoded): a resolveTarget pass leaves
    // that to the driver (Vulkan "should" convert; SwiftShader averages the encoded bytes), the frames would vary
    if (mode === D3D12_RESOLVE_MODE_AVERAGE && full && !format.endsWith('-srgb')) {
      const enc = device.createCommandEncoder({ label: what });
      enc
        .beginRenderPass({
          colorAttachments: [
            {
              view: src.createView({ format }),
              resolveTarget: dst.createView({ format, baseMipLevel: mip, mipLevelCount: 1 }),
              loadOp: 'load',
              storeOp: 'store',
            },
          ],
        })
        .end();
      device.queue.submit([enc.finish()]);
      ran = `beginRenderPass({ view: ${src.label} (${src.sampleCount} samples), resolveTarget: ${dst.label}, format ${format} }) — the pass's resolve averages the samples`;
      return;
    }
    const to: Rect = { x: cmd.dstX, y: cmd.dstY, w, h };
    shaderResolve(
      device,
      src,
      dst,
      format,
      mip,
      to,
      [r.left - cmd.dstX, r.top - cmd.dstY],
      SHADER_MODE[mode] ?? 0,
      what,
    );
    ran = `shader resolve (${MODE_NAME[mode] ?? mode} of ${src.sampleCount} samples, textureLoad per sample) of ${src.label} (${r.left},${r.top})–(${r.right},${r.bottom}) into ${dst.label} at (${cmd.dstX},${cmd.dstY}), format ${format}${format.endsWith('-srgb') ? ' (averaged in linear light)' : ''}`;
  });
  result.gpuErrors.push(...errors.map((m) => `${cmd.op} (ExecuteCommandLists, call ${call}): ${m}`));
  result.ran.push(`call ${call} ${cmd.op} → ${ran}${errors.length ? ' — refused' : ''}`);
}
