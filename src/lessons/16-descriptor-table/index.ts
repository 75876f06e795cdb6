import { findLesson } from '../catalog';
import { runLessonCode } from '../runner';
import type { LessonDef } from '../types';
import { TEXTURED_HLSL, TEXTURED_WGSL } from '../14-texture-states/shaders';
import { checkerAt } from '../14-texture-states';
import { drawnTexture, sampledItems } from '../14-texture-states/sample';
import { UvMax, main } from './code';
import source from './code.ts?raw';

/**
 * Canvas pixels probed (UV = (pixel + 0.5) / 64 × 2; a texel is 8 pixels): texel centres inside 0..1 (4,4) and
 * (12,4); a point between two texels (8,4), where LINEAR blends; UVs beyond 1.0 (36,4) and (44,52), where CLAMP
 * repeats the edge texels instead of wrapping.
 */
export const PROBES16: [number, number][] = [[4, 4], [12, 4], [8, 4], [36, 4], [44, 52]];

const FILTER: Record<number, string> = { 0: 'MIN_MAG_MIP_POINT', 0x15: 'MIN_MAG_MIP_LINEAR' };
const ADDRESS: Record<number, string> = { 1: 'WRAP', 2: 'MIRROR', 3: 'CLAMP', 4: 'BORDER', 5: 'MIRROR_ONCE' };

export const lesson16: LessonDef = {
  entry: findLesson('16')!,
  source,
  panels: ['descriptors', 'states', 'log'],
  canvas: true,
  shaders: { hlsl: TEXTURED_HLSL, wgsl: TEXTURED_WGSL },
  run(env) {
    const run = runLessonCode(main, env);
    const s = drawnTexture(run).sampler;
    if (s) {
      run.out.table = {
        title: { en: 'The static sampler s0 the draw used', zh: '绘制所用的静态采样器 s0' },
        columns: [{ en: 'Field', zh: '字段' }, { en: 'Value', zh: '值' }],
        rows: [['Filter', FILTER[s.Filter ?? 0] ?? String(s.Filter)], ['AddressU', ADDRESS[s.AddressU ?? 1] ?? '?'], ['AddressV', ADDRESS[s.AddressV ?? 1] ?? '?'], ['ShaderRegister', `s${s.ShaderRegister ?? 0}`]],
        testId: 'sampler-table',
      };
    }
    return run;
  },
  bugs: [{
    id: 'clamp-vs-wrap',
    name: { en: 'Static sampler AddressU/V = D3D12_TEXTURE_ADDRESS_MODE_CLAMP where the lesson expects WRAP', zh: '静态采样器 AddressU/V 设成了 D3D12_TEXTURE_ADDRESS_MODE_CLAMP，而本课期望 WRAP' },
    lookFor: { en: 'The top-left quarter (UVs 0..1) is unchanged; beyond 1.0 the checker stops repeating and the edge texels are stretched into stripes (real on WebGPU). The checks at UVs beyond 1.0 fail; no message.', zh: '左上四分之一（UV 0..1）不变；超过 1.0 后棋盘格不再重复，边缘纹素被拉成条纹（在 WebGPU 上是真实效果）。UV 超过 1.0 处的检查失败；没有消息。' },
    fix: { en: 'AddressU/V/W = D3D12_TEXTURE_ADDRESS_MODE_WRAP (or keep UVs inside 0..1).', zh: 'AddressU/V/W 设为 D3D12_TEXTURE_ADDRESS_MODE_WRAP（或让 UV 留在 0..1 之内）。' },
    messages: [], simulated: false, visible: true,
  }, {
    id: 'point-vs-linear',
    name: { en: 'Static sampler Filter = D3D12_FILTER_MIN_MAG_MIP_LINEAR where the lesson expects POINT', zh: '静态采样器 Filter 设成了 D3D12_FILTER_MIN_MAG_MIP_LINEAR，而本课期望 POINT' },
    lookFor: { en: 'The checker edges are blurred into ramps (real on WebGPU); samples between two texels return a blend, so those checks fail; no message.', zh: '棋盘边缘被模糊成渐变（在 WebGPU 上是真实效果）；两个纹素之间的采样得到混合色，这些检查失败；没有消息。' },
    fix: { en: 'D3D12_FILTER_MIN_MAG_MIP_POINT for texel-exact lookups; LINEAR only when smooth magnification is wanted.', zh: '逐纹素精确取值用 D3D12_FILTER_MIN_MAG_MIP_POINT；想要平滑放大时才用 LINEAR。' },
    messages: [], simulated: false, visible: true,
  }],
  async check(run, pixels) {
    const uv = (u: number, v: number) => `(${u.toFixed(3)}, ${v.toFixed(3)})`;
    return sampledItems(run, pixels, PROBES16, UvMax, checkerAt, (px, py, u, v) => ({
      en: `the point-sampled, wrapped checker at UV ${uv(u, v)} (pixel (${px},${py}))`, zh: `UV ${uv(u, v)}（像素 (${px},${py})）处点采样、重复寻址的棋盘格` }));
  },
};
