// Lesson A7: the catalogue's facts and bug texts (pure data); its code runs (index.ts).
import type { LessonMeta } from '../types';

export default {
  id: 'A7',
  slug: 'copy-queue',
  title: {
    en: 'Copy queue and cross-queue fences',
    zh: '复制队列与跨队列围栏',
  },
  canvas: true,
  panels: ['fences', 'states', 'events', 'log'],
  bugs: [
    {
      id: 'no-cross-queue-wait',
      messages: [],
      simulated: true,
      visible: true,
      name: {
        en: "The direct queue executes the list that samples the streamed texture without directQueue->Wait(copyFence, copyValue) after the copy queue's Signal",
        zh: '直接队列执行采样流式纹理的列表之前，没有在复制队列 Signal 之后调用 directQueue->Wait(copyFence, copyValue)',
      },
      lookFor: {
        en: "The check fails on 'no hazard'. Fences & queues shows each DIRECT execution starting while the COPY execution that fills its texture is still running, with no wait between them (in the table each DIRECT execution starts 0.02 ms after its COPY one, which runs for 1 ms). The canvas shows the texture the copy engine had not finished: here only its top row is the new image, the rest is the image the texture held two frames before (a torn, stale frame). The debug log stays empty, with the layer on or off: the real layer does not flag a read on one queue of what another queue is still writing (it reports unsynchronised writes, OBJECT_ACCESSED_WHILE_STILL_IN_USE), so the model records the race as a hazard.",
        zh: '检查在"无冒险"一项失败。围栏与队列面板显示：每次 DIRECT 执行都在给它填纹理的 COPY 执行还没结束时就开始了，两者之间没有等待（表格里每次 DIRECT 执行只比对应的 COPY 执行晚 0.02 毫秒开始，而 COPY 要运行 1 毫秒）。画布显示的是复制引擎还没写完的纹理：这里只有最上面一行是新图像，其余仍是两帧之前那张图像（撕裂、过时的一帧）。无论调试层开关，调试日志都是空的：真实的调试层不会标记"一个队列读取另一个队列仍在写入的资源"（它只报告未同步的写入，即 OBJECT_ACCESSED_WHILE_STILL_IN_USE），所以模型把这次竞争记为冒险。',
      },
      realHardware: {
        en: 'A race between two engines: the draw may see the old image, the new one, or any mix of rows or tiles, and it changes from run to run.',
        zh: '两个引擎之间的竞争：绘制可能看到旧图像、新图像，或者行与块的任意混合，而且每次运行都可能不同。',
      },
      fix: {
        en: 'After copyQueue->Signal(copyFence, v), call directQueue->Wait(copyFence, v) before the ExecuteCommandLists whose lists read the texture.',
        zh: '在 copyQueue->Signal(copyFence, v) 之后、执行读取该纹理的 ExecuteCommandLists 之前，调用 directQueue->Wait(copyFence, v)。',
      },
    },
  ],
} satisfies LessonMeta;
