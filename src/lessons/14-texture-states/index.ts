import { defineLesson } from '../define';
import { runLessonCode } from '../runner';
import { hazardsOf, indexTrace, resourceStateShort } from '../../core';
import type { CheckItem, LessonRun } from '../types';
import { BLUE, LIGHT, TexSize, main } from './code';
import { TEXTURED_HLSL, TEXTURED_WGSL } from './shaders';
import { sampledItems, type RGBA } from './sample';
import source from './code.ts?raw';
import meta from './meta';

/** Canvas pixels probed: the quad maps UV 0..1 onto 64 × 64, so each of the 4 × 4 texels covers 16 × 16 pixels. */
export const PROBES: [number, number][] = [
  [8, 8],
  [24, 8],
  [8, 24],
  [40, 40],
  [56, 24],
];

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
    level: 'correct',
    ok: tex !== undefined && !bad,
    what: {
      en: 'the texture is in PIXEL_SHADER_RESOURCE where the draw samples it',
      zh: '绘制采样时纹理处于 PIXEL_SHADER_RESOURCE 状态',
    },
    expected: 'PIXEL_SHADER_RESOURCE',
    got:
      tex === undefined
        ? 'no texture'
        : bad
          ? `${state(bad.detail.state)} at call ${bad.i} (${String(bad.detail.op)})`
          : 'PIXEL_SHADER_RESOURCE',
  };
}

export const lesson14 = defineLesson(meta, {
  source,
  shaders: { hlsl: TEXTURED_HLSL, wgsl: TEXTURED_WGSL },
  run: (env) => runLessonCode(main, env),
  async check(run, pixels) {
    const texel = (u: number, v: number) => `texel (${Math.floor(u * TexSize)},${Math.floor(v * TexSize)})`;
    return [
      stateAtDrawItem(run),
      ...(await sampledItems(run, pixels, PROBES, 1, checkerAt, (px, py, u, v) => ({
        en: `the checker's ${texel(u, v)} at pixel (${px},${py})`,
        zh: `像素 (${px},${py}) 处棋盘格的${texel(u, v).replace('texel', '纹素')}`,
      }))),
    ];
  },
});

export default lesson14;
