import { findLesson } from '../catalog';
import { runLessonCode } from '../runner';
import { hazardsOf, indexTrace, resourceStateShort } from '../../core';
import type { CheckItem, LessonDef, LessonRun } from '../types';
import { BLUE, LIGHT, TexSize, main } from './code';
import { TEXTURED_HLSL, TEXTURED_WGSL } from './shaders';
import { sampledItems, type RGBA } from './sample';
import source from './code.ts?raw';

/** Canvas pixels probed: the quad maps UV 0..1 onto 64 × 64, so each of the 4 × 4 texels covers 16 × 16 pixels. */
export const PROBES: [number, number][] = [[8, 8], [24, 8], [8, 24], [40, 40], [56, 24]];

/** The checkerboard, point sampled with wrap: what the lesson's draw must return at (u, v). */
export function checkerAt(u: number, v: number): RGBA {
  const x = ((Math.floor(u * TexSize) % TexSize) + TexSize) % TexSize;
  const y = ((Math.floor(v * TexSize) % TexSize) + TexSize) % TexSize;
  return ((x + y) % 2 === 0 ? LIGHT : BLUE) as RGBA;
}

/** [ST-SRV-2] The model's verdict on the texture's state where the draw sampled it: no invalid-state hazard on it. */
export function stateAtDrawItem(run: LessonRun): CheckItem {
  const tex = run.out.texture as number | undefined;
  const bad = tex === undefined ? undefined : hazardsOf(indexTrace(run.sys.trace), 'invalid-state', tex)[0];
  const state = (s: unknown) => resourceStateShort(Number(s));
  return {
    level: 'correct', ok: tex !== undefined && !bad,
    what: { en: 'the texture is in PIXEL_SHADER_RESOURCE where the draw samples it', zh: '绘制采样时纹理处于 PIXEL_SHADER_RESOURCE 状态' },
    expected: 'PIXEL_SHADER_RESOURCE',
    got: tex === undefined ? 'no texture' : bad ? `${state(bad.detail.state)} at call ${bad.i} (${String(bad.detail.op)})` : 'PIXEL_SHADER_RESOURCE',
  };
}

export const lesson14: LessonDef = {
  entry: findLesson('14')!,
  source,
  panels: ['states', 'descriptors', 'log'],
  canvas: true,
  shaders: { hlsl: TEXTURED_HLSL, wgsl: TEXTURED_WGSL },
  run: (env) => runLessonCode(main, env),
  bugs: [{
    id: 'missing-barrier',
    name: { en: 'No COPY_DEST → PIXEL_SHADER_RESOURCE barrier between the copy and the draw that samples the texture', zh: '拷贝和采样这张纹理的绘制之间缺少 COPY_DEST → PIXEL_SHADER_RESOURCE 屏障' },
    lookFor: { en: 'The quad is black (the model\'s outcome) and the texel check fails; with the debug layer INVALID_SUBRESOURCE_STATE at SetGraphicsRootDescriptorTable (root signature 1.1, static range).', zh: '四边形是黑的（模型的结果），纹素检查失败；打开调试层时在 SetGraphicsRootDescriptorTable 处报告 INVALID_SUBRESOURCE_STATE（1.1 版根签名、静态范围）。' },
    fix: { en: 'Transition the texture COPY_DEST → PIXEL_SHADER_RESOURCE after CopyTextureRegion and before the draw.', zh: '在 CopyTextureRegion 之后、绘制之前把纹理从 COPY_DEST 转换到 PIXEL_SHADER_RESOURCE。' },
    realHardware: { en: 'Undefined: black, garbage, or the right image on one GPU and not another.', zh: '未定义：黑色、乱码，或者在一块 GPU 上正确、换一块就错。' },
    messages: ['INVALID_SUBRESOURCE_STATE'], simulated: true, visible: true,
  }],
  async check(run, pixels) {
    const texel = (u: number, v: number) => `texel (${Math.floor(u * TexSize)},${Math.floor(v * TexSize)})`;
    return [
      stateAtDrawItem(run),
      ...await sampledItems(run, pixels, PROBES, 1, checkerAt, (px, py, u, v) => ({
        en: `the checker's ${texel(u, v)} at pixel (${px},${py})`, zh: `像素 (${px},${py}) 处棋盘格的${texel(u, v).replace('texel', '纹素')}` })),
    ];
  },
};
