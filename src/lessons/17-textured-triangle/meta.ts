// Lesson 17: the catalogue's facts and bug texts (pure data); its code runs (index.ts).
import type { LessonMeta } from '../types';

export default {
  id: '17',
  slug: 'textured-triangle',
  title: {
    en: 'Textured triangle',
    zh: '贴图三角形',
  },
  canvas: true,
  panels: ['descriptors', 'states', 'log'],
  bugs: [
    {
      id: 'uv-flip',
      messages: [],
      simulated: false,
      visible: true,
      name: {
        en: 'V coordinates written with the OpenGL convention (v = 1 − v): the top vertex gets v = 1, the bottom ones v = 0',
        zh: 'V 坐标按 OpenGL 约定写（v = 1 − v）：顶部顶点取 v = 1，底部顶点取 v = 0',
      },
      lookFor: {
        en: 'Both triangles show their texture upside down: the orange marker of the checkerboard moves from the tip to the bottom edge, and the landscape has its ground at the top and its sky at the bottom. The checks at the 4 UVs fail; no debug message, since any UV is legal.',
        zh: '两个三角形上的纹理都上下颠倒：棋盘格的橙色标记从顶尖跑到了底边，风景图的地面到了上方、天空到了下方。4 个 UV 处的检查失败；没有调试消息，因为任何 UV 都是合法的。',
      },
      fix: {
        en: "Use D3D's convention, v = 0 at the top row of the texture, in the vertex data (top vertex (0.5, 0), bottom right (1, 1), bottom left (0, 1)); do not flip the image when loading.",
        zh: '顶点数据按 D3D 约定写，纹理最上面一行 v = 0（顶部顶点 (0.5, 0)，右下 (1, 1)，左下 (0, 1)）；加载图片时不要翻转。',
      },
    },
  ],
} satisfies LessonMeta;
