// Lesson 21: the catalogue's facts and bug texts (pure data); prose only for now.
import type { LessonMeta } from '../types';

export default {
  id: '21',
  slug: 'frame-ring',
  title: {
    en: 'Frame ring: one allocator per frame, 3 frames in flight',
    zh: '帧环：每帧一个分配器，3 帧在途',
  },
  bugs: [
    {
      id: 'reset-before-wait',
      messages: ['COMMAND_ALLOCATOR_SYNC'],
      simulated: true,
      name: {
        en: "The slot's allocator is Reset before waiting for the fence value of the frame that last used it",
        zh: '在等待上一次使用该槽位那一帧的围栏值之前，就 Reset 了槽位的分配器',
      },
      lookFor: {
        en: "With the GPU at normal speed nothing shows. Slow the GPU down and the check reports resets while the slot's frame is still executing; Fences & queues shows the Reset inside that frame's execution bar, and frames are dropped or drawn with corrupted commands. With the debug layer on, the debug log reports an allocator reset before its previous executions completed. On real hardware the GPU reads overwritten command memory: corruption, a page fault or a hang.",
        zh: 'GPU 以正常速度运行时什么也看不出来。把 GPU 调慢，检查就会报告槽位所属的帧仍在执行时发生了重置；围栏与队列面板上，Reset 落在那一帧的执行条之内，帧被丢弃或者用损坏的命令绘制。打开调试层时，调试日志报告分配器在之前的执行完成前就被重置。真实硬件上，GPU 读到的是被覆盖的命令内存：画面损坏、页错误或挂起。',
      },
      fix: {
        en: "Before allocator->Reset(), wait until fence->GetCompletedValue() ≥ the value signalled after that slot's last submission.",
        zh: '调用 allocator->Reset() 之前，等到 fence->GetCompletedValue() ≥ 该槽位最后一次提交之后 Signal 的值。',
      },
    },
  ],
} satisfies LessonMeta;
