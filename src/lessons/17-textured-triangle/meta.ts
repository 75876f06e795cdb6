// Lesson 17: the catalogue's facts and bug texts (pure data); prose only for now.
import type { LessonMeta } from '../types';

export default {
  id: '17',
  slug: 'textured-triangle',
  title: {
    en: 'Textured triangle',
    zh: '贴图三角形',
  },
  bugs: [
    {
      id: 'uv-flip',
      messages: [],
      simulated: false,
      name: {
        en: 'V coordinates written with the OpenGL convention (v = 1 − v): the top vertex gets v = 1, the bottom ones v = 0',
        zh: 'V 坐标按 OpenGL 约定写（v = 1 − v）：顶部顶点取 v = 1，底部顶点取 v = 0',
      },
      lookFor: {
        en: 'The image on the triangle is upside down: on the checkerboard the marked corner appears at the bottom, on the real image the picture is mirrored vertically. The 4-UV pixel checks fail; no debug message, since any UV is legal.',
        zh: '三角形上的图像上下颠倒：棋盘格上做了标记的角跑到了下方，真实图片则是垂直镜像。4 个 UV 处的像素检查失败；没有调试消息，因为任何 UV 都是合法的。',
      },
      fix: {
        en: "Use D3D's convention, v = 0 at the top row of the texture, in the vertex data (top vertex (0.5, 0), bottom-left (0, 1), bottom-right (1, 1)); do not flip the image when loading.",
        zh: '顶点数据按 D3D 约定写，纹理最上面一行 v = 0（顶部顶点 (0.5, 0)，左下 (0, 1)，右下 (1, 1)）；加载图片时不要翻转。',
      },
    },
  ],
} satisfies LessonMeta;
