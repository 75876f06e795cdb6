// Lesson A7: the catalogue's facts and bug texts (pure data); prose only for now.
import type { LessonMeta } from '../types';

export default {
  id: 'A7',
  slug: 'copy-queue',
  title: {
    en: 'Copy queue and cross-queue fences',
    zh: '复制队列与跨队列围栏',
  },
  bugs: [
    {
      id: 'no-cross-queue-wait',
      messages: ['OBJECT_ACCESSED_WHILE_STILL_IN_USE'],
      simulated: true,
      name: {
        en: "The direct queue executes the list that samples the streamed texture without directQueue->Wait(copyFence, copyValue) after the copy queue's Signal",
        zh: '直接队列执行采样流式纹理的列表之前，没有在复制队列 Signal 之后调用 directQueue->Wait(copyFence, copyValue)',
      },
      lookFor: {
        en: "Fences & queues shows the direct queue's draw bar starting while the copy bar for the same texture is still running, with no arrow between them; the check fails on 'no hazard'. The canvas shows the new texture half-written or still the old one for a frame, and the result changes with the GPU speed slider. With the debug layer on, the debug log reports the texture accessed on the direct queue while the copy queue still uses it. On real hardware the outcome depends on timing.",
        zh: '围栏与队列面板上，直接队列的绘制条在同一张纹理的复制条还没结束时就开始了，两者之间没有箭头；检查在"无冒险"一项失败。画布上的新纹理只写了一半，或者有一帧仍是旧纹理，而且结果随 GPU 速度滑块变化。打开调试层时，调试日志报告该纹理在复制队列仍在使用时被直接队列访问。在真实硬件上，结果取决于时机。',
      },
      fix: {
        en: 'After copyQueue->Signal(copyFence, v), call directQueue->Wait(copyFence, v) before the ExecuteCommandLists whose lists read the texture.',
        zh: '在 copyQueue->Signal(copyFence, v) 之后、执行读取该纹理的 ExecuteCommandLists 之前，调用 directQueue->Wait(copyFence, v)。',
      },
    },
  ],
} satisfies LessonMeta;
