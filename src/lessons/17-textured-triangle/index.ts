import { defineLesson } from '../define';
import { runLessonCode } from '../runner';
import type { ID3D12Resource } from '../../core';
import type { CheckItem, LessonRun } from '../types';
import { TEXTURED_HLSL, TEXTURED_WGSL } from '../14-texture-states/shaders';
import { Viewports, main } from './code';
import source from './code.ts?raw';
import meta from './meta';

type RGBA = [number, number, number, number];
interface Tex {
  id: number;
  pixels: Uint8Array;
  width: number;
  height: number;
}

/** The 4 UVs the check looks at (top, bottom left, bottom right, middle), each inside the triangle on both textures. */
export const UVS: [number, number][] = [
  [0.5, 0.1],
  [0.2, 0.8],
  [0.8, 0.8],
  [0.5, 0.55],
];
export const NAMES = [
  { en: 'checker', zh: '棋盘格' },
  { en: 'landscape.png', zh: 'landscape.png' },
];

/** The canvas pixel whose centre lands on (u, v) in viewport k, and the UV at that pixel's centre. */
export function probe(k: number, u: number, v: number) {
  const vp = Viewports[k];
  const x = Math.floor(u * vp.Width);
  const y = Math.floor(v * vp.Height);
  return { px: vp.TopLeftX + x, py: vp.TopLeftY + y, u: (x + 0.5) / vp.Width, v: (y + 0.5) / vp.Height };
}

/** Point sampling of tight RGBA rows at (u, v): the texel D3D's convention (v = 0 is the top row) names. */
export function texelAt(t: { pixels: Uint8Array; width: number; height: number }, u: number, v: number): RGBA {
  const x = Math.min(t.width - 1, Math.floor(u * t.width));
  const y = Math.min(t.height - 1, Math.floor(v * t.height));
  const o = (y * t.width + x) * 4;
  return [t.pixels[o], t.pixels[o + 1], t.pixels[o + 2], t.pixels[o + 3]];
}

/**
 * What the modelled draw samples at a pixel: the UV interpolated from the three vertices as the model's vertex buffer
 * holds them (barycentric, at the pixel's centre in the viewport), then the texel of the model's texture there.
 */
export function modelledSample(run: LessonRun, tex: Tex, k: number, px: number, py: number): RGBA | null {
  const vb = run.sys.object(run.out.vertexBuffer as number) as ID3D12Resource | undefined;
  const res = run.sys.object(tex.id) as ID3D12Resource | undefined;
  if (!vb || !res) return null;
  const f = new Float32Array(vb.storage().slice(0, 60).buffer);
  const vp = Viewports[k];
  const x = ((px - vp.TopLeftX + 0.5) / vp.Width) * 2 - 1;
  const y = 1 - ((py - vp.TopLeftY + 0.5) / vp.Height) * 2;
  const P = [0, 1, 2].map((i) => ({ x: f[i * 5], y: f[i * 5 + 1], u: f[i * 5 + 3], v: f[i * 5 + 4] }));
  const det = (P[1].y - P[2].y) * (P[0].x - P[2].x) + (P[2].x - P[1].x) * (P[0].y - P[2].y);
  const l0 = ((P[1].y - P[2].y) * (x - P[2].x) + (P[2].x - P[1].x) * (y - P[2].y)) / det;
  const l1 = ((P[2].y - P[0].y) * (x - P[2].x) + (P[0].x - P[2].x) * (y - P[2].y)) / det;
  const l2 = 1 - l0 - l1;
  const u = l0 * P[0].u + l1 * P[1].u + l2 * P[2].u;
  const v = l0 * P[0].v + l1 * P[1].v + l2 * P[2].v;
  // the texture as the model holds it: rows at the 256-byte-aligned pitch of its footprint
  const pitch = Math.ceil((tex.width * 4) / 256) * 256;
  const st = res.storage();
  const tight = new Uint8Array(tex.width * tex.height * 4);
  for (let r = 0; r < tex.height; r++) tight.set(st.subarray(r * pitch, r * pitch + tex.width * 4), r * tex.width * 4);
  return texelAt({ pixels: tight, width: tex.width, height: tex.height }, u, v);
}

const fmt = (p: readonly number[]) => `(${p.slice(0, 3).join(',')})`;
const close = (a: readonly number[], b: readonly number[], tol: number) =>
  [0, 1, 2].every((c) => Math.abs(a[c] - b[c]) <= tol);

export const lesson17 = defineLesson(meta, {
  source,
  shaders: { hlsl: TEXTURED_HLSL, wgsl: TEXTURED_WGSL },
  run: (env) => runLessonCode(main, env),
  async check(run, pixels) {
    const texs = (run.out.textures as Tex[] | undefined) ?? [];
    const items: CheckItem[] = [];
    texs.forEach((tex, k) => {
      for (const [u0, v0] of UVS) {
        const { px, py, u, v } = probe(k, u0, v0);
        const want = texelAt(tex, u, v);
        const got = modelledSample(run, tex, k, px, py);
        items.push({
          level: 'correct',
          ok: !!got && close(got, want, 0),
          what: {
            en: `the modelled draw samples the ${NAMES[k].en}'s texel at UV (${u.toFixed(3)}, ${v.toFixed(3)}) at pixel (${px},${py})`,
            zh: `模型中的绘制在像素 (${px},${py}) 处采样到${NAMES[k].zh}在 UV (${u.toFixed(3)}, ${v.toFixed(3)}) 的纹素`,
          },
          expected: fmt(want),
          got: got ? fmt(got) : 'no vertex buffer or texture',
        });
      }
    });
    for (const [k, tex] of texs.entries()) {
      for (const [u0, v0] of UVS) {
        const { px, py, u, v } = probe(k, u0, v0);
        const want = texelAt(tex, u, v);
        const what = {
          en: `canvas pixel (${px},${py}) read back is the ${NAMES[k].en}'s texel at UV (${u.toFixed(3)}, ${v.toFixed(3)})`,
          zh: `读回的画布像素 (${px},${py}) 是${NAMES[k].zh}在 UV (${u.toFixed(3)}, ${v.toFixed(3)}) 的纹素`,
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
    }
    if (texs.length !== 2)
      items.push({
        level: 'correct',
        ok: false,
        what: { en: 'both textures were drawn', zh: '两张纹理都画了' },
        expected: '2',
        got: String(texs.length),
      });
    return items;
  },
});

export default lesson17;
