import { defineLesson } from '../define';
import { runLessonCode } from '../runner';
import type { CheckItem, LessonDef } from '../types';
import { pixelItem } from '../common/checks';
import { TRIANGLE_HLSL, TRIANGLE_WGSL } from '../common/shaders';
import { main } from './code';
import source from './code.ts?raw';
import meta from './meta';

/** A pixel near a vertex is dominated by that vertex's colour channel. */
async function dominant(
  pixels: Parameters<LessonDef['check']>[1],
  x: number,
  y: number,
  ch: 0 | 1 | 2,
  name: { en: string; zh: string },
): Promise<CheckItem> {
  const what = {
    en: `pixel (${x},${y}) near the ${name.en} vertex is mostly ${name.en}`,
    zh: `靠近${name.zh}顶点的像素 (${x},${y}) 以${name.zh}为主`,
  };
  const expected = `channel ${'RGB'[ch]} > 128 and the largest`;
  if (!pixels)
    return { level: 'correct', ok: false, what, expected, got: 'no WebGPU: the pixel could not be read back' };
  const p = await pixels(x, y);
  const ok = p[ch] > 128 && [0, 1, 2].every((k) => k === ch || p[k] < p[ch]);
  return { level: 'correct', ok, what, expected, got: `(${p.slice(0, 3).join(',')})` };
}

export const lesson10 = defineLesson(meta, {
  source,
  shaders: { hlsl: TRIANGLE_HLSL, wgsl: TRIANGLE_WGSL },
  run: (env) => runLessonCode(main, env),
  async check(run, pixels) {
    // Which way the triangle winds on screen (y down), and whether this PSO keeps it: the rasterizer's decision,
    // computed here from the vertex data so the check also works without WebGPU.
    const v = (run.out.vertices as number[] | undefined) ?? [];
    const sx = (k: number) => v[k * 7];
    const sy = (k: number) => -v[k * 7 + 1];
    const cross = (sx(1) - sx(0)) * (sy(2) - sy(0)) - (sy(1) - sy(0)) * (sx(2) - sx(0));
    const clockwise = cross > 0;
    const front = clockwise !== Boolean(run.out.frontCounterClockwise);
    return [
      {
        level: 'correct',
        ok: v.length > 0 && front,
        what: {
          en: "the triangle faces the viewer under the PSO's rasterizer state (CULL_MODE_BACK keeps front faces)",
          zh: '按 PSO 的光栅化状态三角形朝向观察者（CULL_MODE_BACK 保留正面）',
        },
        expected: 'front face',
        got: `${clockwise ? 'clockwise' : 'counter-clockwise'} on screen, FrontCounterClockwise=${String(Boolean(run.out.frontCounterClockwise)).toUpperCase()}: ${front ? 'front face' : 'back face, culled'}`,
      },
      await dominant(pixels, 32, 20, 0, { en: 'red', zh: '红色' }),
      await dominant(pixels, 44, 46, 1, { en: 'green', zh: '绿色' }),
      await dominant(pixels, 20, 46, 2, { en: 'blue', zh: '蓝色' }),
      await pixelItem(pixels, 4, 4, [255, 0, 255, 255], {
        en: 'the background pixel (4,4) is the clear colour',
        zh: '背景像素 (4,4) 是清屏颜色',
      }),
    ];
  },
});

export default lesson10;
