// Lesson 09: the catalogue's facts and bug texts (pure data); its code runs (index.ts).
import type { LessonMeta } from '../types';

export default {
  id: '09',
  slug: 'viewport',
  title: {
    en: 'Viewport and scissor',
    zh: '视口与裁剪矩形',
  },
  canvas: true,
  panels: ['events', 'log'],
  bugs: [
    {
      id: 'zero-scissor',
      messages: ['DRAW_EMPTY_SCISSOR_RECTANGLE'],
      simulated: false,
      visible: true,
      name: {
        en: 'Scissor rectangle left empty: RSSetScissorRects omitted, or called with {0, 0, 0, 0}',
        zh: '裁剪矩形为空：漏掉了 RSSetScissorRects，或者传的是 {0, 0, 0, 0}',
      },
      lookFor: {
        en: 'The canvas shows only the clear colour: every pixel of the triangle is discarded. Nothing fails and the draw appears in Events as usual. With the debug layer on, the debug log warns at the draw that viewport 0 is non-empty while its scissor rectangle is empty, so nothing will be written.',
        zh: '画布上只有清屏色：三角形的每个像素都被丢弃了。没有任何调用失败，事件面板里的绘制调用一切如常。打开调试层时，调试日志在绘制时警告：0 号视口非空而对应的裁剪矩形为空，不会写入任何内容。',
      },
      fix: {
        en: 'Call RSSetScissorRects(1, &rect) in every recording with rect = {0, 0, width, height}, matching the viewport.',
        zh: '每次录制都调用 RSSetScissorRects(1, &rect)，rect = {0, 0, width, height}，与视口一致。',
      },
    },
    {
      id: 'depth-range',
      messages: [],
      simulated: false,
      visible: false,
      name: {
        en: "Viewport MaxDepth = 0.0 (MinDepth = MaxDepth = 0), the seed's suspected cause of a vanished triangle",
        zh: '视口 MaxDepth = 0.0（MinDepth = MaxDepth = 0），也就是种子文章怀疑让三角形消失的原因',
      },
      lookFor: {
        en: "The triangle is still drawn and the pixel check still passes: only the depth readout changes, every pixel's depth is 0.0. The check flags the viewport's depth range as not 0.0 to 1.0. The debug log is silent; this is legal. It becomes visible only with a depth test (lesson 10 has none).",
        zh: '三角形照样画出来，像素检查也照样通过：变的只有深度读数，每个像素的深度都是 0.0。检查会标出视口深度范围不是 0.0 到 1.0。调试日志一声不响：这是合法的。只有开启深度测试时才看得出差别（第 10 课没有深度测试）。',
      },
      fix: {
        en: 'Use MinDepth = 0.0f and MaxDepth = 1.0f. If a triangle vanishes, look at culling, the scissor and the depth test, not at clipping by the viewport.',
        zh: '用 MinDepth = 0.0f、MaxDepth = 1.0f。三角形消失时，去查剔除、裁剪矩形和深度测试，而不是视口造成的裁剪。',
      },
    },
  ],
} satisfies LessonMeta;
