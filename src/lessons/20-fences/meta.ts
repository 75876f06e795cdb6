// Lesson 20: the catalogue's facts and bug texts (pure data); its code runs (index.ts).
import type { LessonMeta } from '../types';

export default {
  id: '20',
  slug: 'fences',
  title: {
    en: 'Fences: Signal, SetEventOnCompletion, waits with a timeout',
    zh: '围栏：Signal、SetEventOnCompletion 与超时等待',
  },
  canvas: false,
  panels: ['fences', 'events', 'log'],
  bugs: [
    {
      id: 'fence-not-incremented',
      messages: [],
      simulated: false,
      visible: false,
      name: {
        en: 'The queue signals the old fenceValue while the CPU waits for fenceValue + 1 (the counter is never incremented before Signal)',
        zh: '队列 Signal 的是旧的 fenceValue，而 CPU 等待 fenceValue + 1（Signal 之前从不递增计数器）',
      },
      lookFor: {
        en: 'Fences & queues shows the fence stuck below the awaited value although the GPU queue is idle; WaitForSingleObject returns WAIT_TIMEOUT after 2000 ms and the lab reports expected vs reached values instead of hanging. The debug log is silent: the runtime does not check fence values.',
        zh: '围栏与队列面板显示 GPU 队列已经空闲，围栏值却停在等待值之下；WaitForSingleObject 在 2000 毫秒后返回 WAIT_TIMEOUT，实验报告期望值与实际到达的值，而不是卡死。调试日志一声不响：运行时不检查围栏值。',
      },
      fix: {
        en: 'Increment the counter once per submission and use the same value for Signal and for SetEventOnCompletion (const UINT64 v = ++fenceValue; Signal(fence, v); ... SetEventOnCompletion(v, ev)).',
        zh: '每次提交递增一次计数器，Signal 和 SetEventOnCompletion 用同一个值（const UINT64 v = ++fenceValue; Signal(fence, v); ... SetEventOnCompletion(v, ev)）。',
      },
    },
  ],
} satisfies LessonMeta;
