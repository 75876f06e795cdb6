import { defineLesson } from '../define';
import { runLessonCode } from '../runner';
import { TEXTURED_HLSL, TEXTURED_WGSL } from '../14-texture-states/shaders';
import { checkerAt } from '../14-texture-states';
import { drawnTexture, sampledItems } from '../14-texture-states/sample';
import { UvMax, main } from './code';
import source from './code.ts?raw';
import meta from './meta';

/**
 * Canvas pixels probed (UV = (pixel + 0.5) / 64 × 2; a texel is 8 pixels): texel centres inside 0..1 (4,4) and
 * (12,4); a point between two texels (8,4), where LINEAR blends; UVs beyond 1.0 (36,4) and (44,52), where CLAMP
 * repeats the edge texels instead of wrapping.
 */
export const PROBES16: [number, number][] = [
  [4, 4],
  [12, 4],
  [8, 4],
  [36, 4],
  [44, 52],
];

const FILTER: Record<number, string> = { 0: 'MIN_MAG_MIP_POINT', 0x15: 'MIN_MAG_MIP_LINEAR' };
const ADDRESS: Record<number, string> = { 1: 'WRAP', 2: 'MIRROR', 3: 'CLAMP', 4: 'BORDER', 5: 'MIRROR_ONCE' };

export const lesson16 = defineLesson(meta, {
  source,
  shaders: { hlsl: TEXTURED_HLSL, wgsl: TEXTURED_WGSL },
  run(env) {
    const run = runLessonCode(main, env);
    const s = drawnTexture(run).sampler;
    if (s) {
      run.out.table = {
        title: { en: 'The static sampler s0 the draw used', zh: '绘制所用的静态采样器 s0' },
        columns: [
          { en: 'Field', zh: '字段' },
          { en: 'Value', zh: '值' },
        ],
        rows: [
          ['Filter', FILTER[s.Filter ?? 0] ?? String(s.Filter)],
          ['AddressU', ADDRESS[s.AddressU ?? 1] ?? '?'],
          ['AddressV', ADDRESS[s.AddressV ?? 1] ?? '?'],
          ['ShaderRegister', `s${s.ShaderRegister ?? 0}`],
        ],
        testId: 'sampler-table',
      };
    }
    return run;
  },
  async check(run, pixels) {
    const uv = (u: number, v: number) => `(${u.toFixed(3)}, ${v.toFixed(3)})`;
    return sampledItems(run, pixels, PROBES16, UvMax, checkerAt, (px, py, u, v) => ({
      en: `the point-sampled, wrapped checker at UV ${uv(u, v)} (pixel (${px},${py}))`,
      zh: `UV ${uv(u, v)}（像素 (${px},${py})）处点采样、重复寻址的棋盘格`,
    }));
  },
});

export default lesson16;
