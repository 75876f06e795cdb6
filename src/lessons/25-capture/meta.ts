// Lesson 25: the catalogue's facts and bug texts (pure data); prose only for now.
import type { LessonMeta } from '../types';

export default {
  id: '25',
  slug: 'capture',
  title: {
    en: 'Capture: event markers, frame capture, resource history',
    zh: '捕获：事件标记、帧捕获与资源历史',
  },
  bugs: [
    {
      id: 'unnamed-resources',
      messages: [],
      simulated: false,
      name: {
        en: 'No SetName on any resource, heap, queue or command list',
        zh: '没有对任何资源、堆、队列或命令列表调用 SetName',
      },
      lookFor: {
        en: "The frame still renders and replays correctly, but the capture, the heap timeline, the resource-states panel and DRED list objects only by address and 'Unnamed ID3D12Resource Object': finding the checkerboard among the allocations means matching sizes by hand. No debug message; naming is optional.",
        zh: '帧照样正确渲染、正确回放，但捕获、堆时间线、资源状态面板和 DRED 只能用地址和 "Unnamed ID3D12Resource Object" 列出对象：要在一堆分配里找出棋盘格纹理，只能手工比对大小。没有调试消息；命名是可选的。',
      },
      fix: {
        en: 'Call SetName (or a SetName-with-index helper) right after creating every object, with a name that says what it holds.',
        zh: '每个对象创建后立刻调用 SetName（或带序号的 SetName 辅助函数），名字要说明它装的是什么。',
      },
    },
  ],
} satisfies LessonMeta;
