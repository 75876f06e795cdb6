// Lesson 08: the catalogue's facts and bug texts (pure data); its code runs (index.ts).
import type { LessonMeta } from '../types';

export default {
  id: '08',
  slug: 'vertex-buffer',
  title: {
    en: 'Vertex buffer on an upload heap',
    zh: '上传堆上的顶点缓冲',
  },
  canvas: true,
  panels: ['heap', 'log'],
  bugs: [
    {
      id: 'wrong-stride',
      messages: ['COMMAND_LIST_DRAW_VERTEX_BUFFER_STRIDE_TOO_SMALL'],
      simulated: false,
      visible: true,
      name: {
        en: 'StrideInBytes = 16 (sizeof(float4), "like SV_POSITION") instead of sizeof(Vertex) = 28',
        zh: 'StrideInBytes 写成 16（sizeof(float4)，"和 SV_POSITION 一样"），而不是 sizeof(Vertex) = 28',
      },
      lookFor: {
        en: "The byte comparison still passes (the buffer holds the right data), but the decoded-vertex table and the canvas show a garbled triangle: vertex n is fetched from byte 16·n, so vertex 1 takes its position from the tail of vertex 0's colour and the start of vertex 1, and vertex 2 from the middle of vertex 1. With the debug layer on, the debug log warns at the draw that the stride is smaller than the input layout needs (the COLOR element ends at byte 28).",
        zh: '逐字节比较照样通过（缓冲里的数据没错），但解码顶点表和画布上是一个乱掉的三角形：第 n 个顶点从第 16·n 字节开始读取，于是第 1 个顶点的位置取自第 0 个顶点颜色的后半段和第 1 个顶点的开头，第 2 个顶点取自第 1 个顶点的中间。打开调试层时，调试日志在绘制时警告步长小于输入布局的需要（COLOR 元素结束于第 28 字节）。',
      },
      fix: {
        en: "Set D3D12_VERTEX_BUFFER_VIEW::StrideInBytes to sizeof(Vertex), the distance between consecutive vertices (28 bytes here), and keep the input layout's offsets (0 and 12) inside it.",
        zh: '把 D3D12_VERTEX_BUFFER_VIEW::StrideInBytes 设为 sizeof(Vertex)，即相邻顶点之间的距离（这里是 28 字节），并保证输入布局的偏移（0 和 12）落在其中。',
      },
    },
  ],
} satisfies LessonMeta;
