// Lesson 25: the catalogue's facts and bug texts (pure data); its code runs (index.ts).
import type { LessonMeta } from '../types';

export default {
  id: '25',
  slug: 'capture',
  title: {
    en: 'Capture: event markers, frame capture, resource history',
    zh: '捕获：事件标记、帧捕获与资源历史',
  },
  canvas: true,
  panels: ['events', 'states', 'heap', 'log'],
  bugs: [
    {
      id: 'unnamed-resources',
      messages: [],
      simulated: false,
      visible: false,
      name: {
        en: 'No SetName on any object: queue, allocator, list, heaps, back buffers, root signature, PSO, vertex buffer',
        zh: '没有对任何对象调用 SetName：队列、分配器、命令列表、堆、后台缓冲、根签名、PSO、顶点缓冲',
      },
      lookFor: {
        en: "The frame renders and replays to the same pixels, but the capture's object table lists every object by a bare address (0x…) where its name was, and the event list and panels say 'Resource #7' instead of 'triangleVertices'. The check's naming item fails. No debug message: naming is optional.",
        zh: '帧照样渲染、回放后像素也相同，但捕获的对象表里每个对象原本显示名字的地方只剩一个裸地址（0x…），事件列表和各面板写的是 "Resource #7" 而不是 "triangleVertices"。检查里"命名"一项失败。没有调试消息：命名是可选的。',
      },
      fix: {
        en: 'Call SetName right after creating each object (a SetName-with-index helper for arrays such as the back buffers), with a name that says what it holds.',
        zh: '每个对象创建后立刻调用 SetName（后台缓冲这类数组用带序号的辅助函数），名字要说明它装的是什么。',
      },
    },
  ],
} satisfies LessonMeta;
