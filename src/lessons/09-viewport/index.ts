import { defineLesson } from '../define';
import { runLessonCode } from '../runner';
import { pixelItem } from '../common/checks';
import { TRIANGLE_HLSL, TRIANGLE_WGSL } from '../common/shaders';
import { main } from './code';
import source from './code.ts?raw';
import meta from './meta';

type VP = { TopLeftX: number; TopLeftY: number; Width: number; Height: number; MinDepth: number; MaxDepth: number };
type R = { left: number; top: number; right: number; bottom: number };

export const lesson09 = defineLesson(meta, {
  source,
  shaders: { hlsl: TRIANGLE_HLSL, wgsl: TRIANGLE_WGSL },
  run: (env) => runLessonCode(main, env),
  async check(run, pixels, env) {
    const vp = run.out.viewport as VP | undefined;
    const sc = run.out.scissor as R | undefined;
    const { width: w, height: h } = env;
    return [
      {
        level: 'correct',
        ok:
          !!vp &&
          vp.TopLeftX === 0 &&
          vp.TopLeftY === 0 &&
          vp.Width === w &&
          vp.Height === h &&
          vp.MinDepth === 0 &&
          vp.MaxDepth === 1,
        what: { en: 'full-frame viewport with depth range 0..1', zh: '全帧视口，深度范围 0..1' },
        expected: `0,0 ${w}×${h} px, depth 0..1`,
        got: vp
          ? `${vp.TopLeftX},${vp.TopLeftY} ${vp.Width}×${vp.Height} px, depth ${vp.MinDepth}..${vp.MaxDepth}`
          : '—',
      },
      {
        level: 'correct',
        ok: !!sc && sc.left === 0 && sc.top === 0 && sc.right === w && sc.bottom === h,
        what: { en: 'the scissor covers the frame', zh: '裁剪矩形覆盖整帧' },
        expected: `{0,0,${w},${h}}`,
        got: sc ? `{${sc.left},${sc.top},${sc.right},${sc.bottom}}` : '—',
      },
      await pixelItem(
        pixels,
        32,
        36,
        [255, 0, 255, 255],
        { en: 'the triangle is drawn at (32,36) (not the background)', zh: '(32,36) 处画出了三角形（不是背景色）' },
        2,
        true,
      ),
    ];
  },
});

export default lesson09;
