// Lesson 10: the catalogue's facts and bug texts (pure data); its code runs (index.ts).
import type { LessonMeta } from '../types';

export default {
  id: '10',
  slug: 'triangle',
  title: {
    en: 'The first triangle',
    zh: '第一个三角形',
  },
  canvas: true,
  panels: ['states', 'log'],
  bugs: [
    {
      id: 'cull-mode-flip',
      messages: [],
      simulated: false,
      visible: true,
      name: {
        en: 'RasterizerState.FrontCounterClockwise = TRUE while the vertices are clockwise on screen (CullMode = D3D12_CULL_MODE_BACK)',
        zh: 'RasterizerState.FrontCounterClockwise = TRUE，而顶点在屏幕上是顺时针（CullMode = D3D12_CULL_MODE_BACK）',
      },
      lookFor: {
        en: 'The triangle vanishes: the canvas is plain magenta and the three corner-pixel checks fail while the background check passes. Events show the draw as usual, the debug log is silent (culling is a valid outcome), and the PSO panel shows the flipped flag.',
        zh: '三角形消失：画布只剩品红，三个角的像素检查失败，背景检查通过。事件面板里绘制调用一切如常，调试日志一声不响（剔除是合法结果），PSO 面板显示那个被翻转的标志。',
      },
      fix: {
        en: 'Keep FrontCounterClockwise = FALSE for clockwise vertex data (or reorder the vertices); to confirm a culling problem, try D3D12_CULL_MODE_NONE.',
        zh: '顺时针的顶点数据保持 FrontCounterClockwise = FALSE（或者调换顶点顺序）；要确认是不是剔除问题，临时改成 D3D12_CULL_MODE_NONE 试一下。',
      },
    },
  ],
} satisfies LessonMeta;
