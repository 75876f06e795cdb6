// What the draw of lessons 14–16 samples, decided from the model alone (no WebGPU): the draw's descriptor table is
// resolved through the model's heap to the SRV and its texture (src/gpu/executor/sampling.ts, the executor's own
// resolution), the texture's bytes are the ones the modelled copy put there [COPY-BYTES-1], and the root
// signature's static sampler is applied on the CPU (point or linear, wrap or clamp) at a pixel's centre. A texture
// the model sampled as black (an invalid-state hazard) reads zeros, as the executor shows it.
import { D3D12_TEXTURE_ADDRESS_MODE_CLAMP, D3D12_TEXTURE_ADDRESS_MODE_WRAP, type ID3D12Resource } from '../../core';
import { planReplay } from '../../gpu/executor/plan';
import { resolveSrvs, type SrvBinding, type StaticSamplerDesc } from '../../gpu/executor/sampling';
import type { LessonRun, PixelReader, CheckItem, Bilingual } from '../types';

export type RGBA = [number, number, number, number];
export const CANVAS = 64;

export interface DrawnTexture {
  srv: SrvBinding | null;
  sampler: StaticSamplerDesc | null;
  texels: Uint8Array | null;
  width: number;
  height: number;
}

/** The first draw the modelled GPU ran: the texture its t0 names (null when it reads zeros) and its static sampler s0. */
export function drawnTexture(run: LessonRun): DrawnTexture {
  const plan = planReplay(run.sys, run.sys.callIndex);
  for (const s of plan.submissions) {
    for (const cmd of (s.commands ?? []).flat()) {
      if (cmd.op !== 'DrawInstanced') continue;
      const rs = cmd.rootSignature;
      const srv = resolveSrvs(rs, cmd.tables, plan.hazards, s.call).find((b) => b.register === 0) ?? null;
      const sampler: StaticSamplerDesc | null =
        rs?.desc.staticSamplers.find((x) => x.ShaderRegister === 0)?.desc ?? null;
      const res: ID3D12Resource | null = srv?.resource ?? null;
      if (!res) return { srv, sampler, texels: null, width: 0, height: 0 };
      const w = res.desc.Width;
      const h = res.desc.Height;
      const pitch = Math.ceil((w * 4) / 256) * 256;
      const st = res.storage();
      const texels = new Uint8Array(w * h * 4);
      for (let y = 0; y < h; y++) texels.set(st.subarray(y * pitch, y * pitch + w * 4), y * w * 4);
      return { srv, sampler, texels, width: w, height: h };
    }
  }
  return { srv: null, sampler: null, texels: null, width: 0, height: 0 };
}

const wrapOrClamp = (i: number, n: number, mode: number) =>
  mode === D3D12_TEXTURE_ADDRESS_MODE_CLAMP ? Math.max(0, Math.min(n - 1, i)) : ((i % n) + n) % n;

/** Sample texels (w × h, tight rows) at (u, v) with a D3D12 filter's mag bit and the address modes: what the GPU returns. */
export function sampleTexels(
  texels: Uint8Array,
  w: number,
  h: number,
  u: number,
  v: number,
  s: StaticSamplerDesc,
): RGBA {
  const au = s.AddressU ?? D3D12_TEXTURE_ADDRESS_MODE_WRAP;
  const av = s.AddressV ?? D3D12_TEXTURE_ADDRESS_MODE_WRAP;
  const at = (x: number, y: number) => {
    const o = (wrapOrClamp(y, h, av) * w + wrapOrClamp(x, w, au)) * 4;
    return [0, 1, 2, 3].map((k) => texels[o + k]);
  };
  const tu = u * w;
  const tv = v * h;
  if (!(((s.Filter ?? 0) >> 2) & 1)) return at(Math.floor(tu), Math.floor(tv)) as RGBA;
  const x0 = Math.floor(tu - 0.5);
  const y0 = Math.floor(tv - 0.5);
  const fx = tu - 0.5 - x0;
  const fy = tv - 0.5 - y0;
  const [a, b, c, d] = [at(x0, y0), at(x0 + 1, y0), at(x0, y0 + 1), at(x0 + 1, y0 + 1)];
  return [0, 1, 2, 3].map((k) =>
    Math.round(a[k] * (1 - fx) * (1 - fy) + b[k] * fx * (1 - fy) + c[k] * (1 - fx) * fy + d[k] * fx * fy),
  ) as RGBA;
}

/** The UV the quad (UV 0 at the top left, uvMax at the bottom right) interpolates at a canvas pixel's centre. */
export const pixelUv = (px: number, py: number, uvMax: number): [number, number] => [
  ((px + 0.5) / CANVAS) * uvMax,
  ((py + 0.5) / CANVAS) * uvMax,
];

const fmt = (p: readonly number[]) => `(${p.slice(0, 3).join(',')})`;
const close = (a: readonly number[], b: readonly number[], tol: number) =>
  [0, 1, 2].every((k) => Math.abs(a[k] - b[k]) <= tol);

/**
 * For each probe pixel: what the modelled draw samples there equals `expected` (the source image, point sampled,
 * wrapped), and (with WebGPU) the canvas pixel read back equals it too.
 */
export async function sampledItems(
  run: LessonRun,
  pixels: PixelReader,
  probes: [number, number][],
  uvMax: number,
  expectedAt: (u: number, v: number) => RGBA,
  label: (px: number, py: number, u: number, v: number) => Bilingual,
): Promise<CheckItem[]> {
  const drawn = drawnTexture(run);
  const items: CheckItem[] = [];
  for (const [px, py] of probes) {
    const [u, v] = pixelUv(px, py, uvMax);
    const want = expectedAt(u, v);
    const got: RGBA =
      drawn.texels && drawn.sampler
        ? sampleTexels(drawn.texels, drawn.width, drawn.height, u, v, drawn.sampler)
        : [0, 0, 0, 0];
    const what = label(px, py, u, v);
    items.push({
      level: 'correct',
      ok: close(got, want, 2),
      what: { en: `the draw samples ${what.en}`, zh: `绘制采样到${what.zh}` },
      expected: fmt(want),
      got: `${fmt(got)}${drawn.srv?.hazard ? ` — ${drawn.srv.hazard}` : ''}`,
    });
  }
  for (const [px, py] of probes) {
    const [u, v] = pixelUv(px, py, uvMax);
    const want = expectedAt(u, v);
    const what = {
      en: `canvas pixel (${px},${py}) read back is the texel the lesson expects`,
      zh: `读回的画布像素 (${px},${py}) 是本课期望的纹素`,
    };
    if (!pixels) {
      items.push({
        level: 'correct',
        ok: false,
        what,
        expected: fmt(want),
        got: 'no WebGPU: the pixel could not be read back',
      });
      continue;
    }
    const p = await pixels(px, py);
    items.push({ level: 'correct', ok: close(p, want, 3), what, expected: fmt(want), got: fmt(p) });
  }
  return items;
}
