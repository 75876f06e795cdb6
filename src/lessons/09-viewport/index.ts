import { findLesson } from '../catalog';
import { runLessonCode } from '../runner';
import type { LessonDef } from '../types';
import { pixelItem } from '../common/checks';
import { TRIANGLE_HLSL, TRIANGLE_WGSL } from '../common/shaders';
import { main } from './code';
import source from './code.ts?raw';

type VP = { TopLeftX: number; TopLeftY: number; Width: number; Height: number; MinDepth: number; MaxDepth: number };
type R = { left: number; top: number; right: number; bottom: number };

export const lesson09: LessonDef = {
  entry: findLesson('09')!,
  source,
  panels: ['events', 'log'],
  canvas: true,
  shaders: { hlsl: TRIANGLE_HLSL, wgsl: TRIANGLE_WGSL },
  run: (env) => runLessonCode(main, env),
  bugs: [{
    id: 'zero-scissor',
    name: { en: 'Scissor rectangle left zero-initialised {0,0,0,0}', zh: '裁剪矩形保持零初始化 {0,0,0,0}' },
    lookFor: { en: 'Nothing is drawn: every pixel is outside an empty scissor (real on WebGPU).', zh: '什么都没画：所有像素都在空的裁剪矩形之外（在 WebGPU 上是真实效果）。' },
    fix: { en: 'RSSetScissorRects with {0, 0, width, height} (right and bottom, not width and height).', zh: '用 {0, 0, width, height} 调用 RSSetScissorRects（是 right 和 bottom，不是宽和高）。' },
    messages: ['DRAW_EMPTY_SCISSOR_RECTANGLE'], simulated: false, visible: true,
  }, {
    id: 'depth-range',
    name: { en: 'Viewport MaxDepth = 0', zh: '视口 MaxDepth = 0' },
    lookFor: { en: 'The triangle still draws: clipping happens in clip space before the viewport; MinDepth = MaxDepth = 0 only flattens depth to 0. It would fail a depth test later.', zh: '三角形照样画出来：裁剪发生在视口变换之前的裁剪空间；MinDepth = MaxDepth = 0 只是把深度压成 0。以后开深度测试才会出问题。' },
    fix: { en: 'MinDepth = 0.0, MaxDepth = 1.0 (D3D12_MIN_DEPTH / D3D12_MAX_DEPTH).', zh: 'MinDepth = 0.0，MaxDepth = 1.0（D3D12_MIN_DEPTH / D3D12_MAX_DEPTH）。' },
    messages: [], simulated: false, visible: false,
  }],
  async check(run, pixels, env) {
    const vp = run.out.viewport as VP | undefined;
    const sc = run.out.scissor as R | undefined;
    const { width: w, height: h } = env;
    return [{
      level: 'correct', ok: !!vp && vp.TopLeftX === 0 && vp.TopLeftY === 0 && vp.Width === w && vp.Height === h && vp.MinDepth === 0 && vp.MaxDepth === 1,
      what: { en: 'full-frame viewport with depth range 0..1', zh: '全帧视口，深度范围 0..1' },
      expected: `0,0 ${w}×${h} px, depth 0..1`, got: vp ? `${vp.TopLeftX},${vp.TopLeftY} ${vp.Width}×${vp.Height} px, depth ${vp.MinDepth}..${vp.MaxDepth}` : '—',
    }, {
      level: 'correct', ok: !!sc && sc.left === 0 && sc.top === 0 && sc.right === w && sc.bottom === h,
      what: { en: 'the scissor covers the frame', zh: '裁剪矩形覆盖整帧' },
      expected: `{0,0,${w},${h}}`, got: sc ? `{${sc.left},${sc.top},${sc.right},${sc.bottom}}` : '—',
    }, await pixelItem(pixels, 32, 36, [255, 0, 255, 255], { en: 'the triangle is drawn at (32,36) (not the background)', zh: '(32,36) 处画出了三角形（不是背景色）' }, 2, true)];
  },
};
