// Lesson 21: the catalogue's facts and bug texts (pure data); its code runs (index.ts).
import type { LessonMeta } from '../types';

export default {
  id: '21',
  slug: 'frame-ring',
  title: {
    en: 'Frame ring: one allocator per frame, 3 frames in flight',
    zh: '帧环：每帧一个分配器，3 帧在途',
  },
  canvas: true,
  panels: ['fences', 'events', 'log'],
  bugs: [
    {
      id: 'reset-before-wait',
      messages: ['COMMAND_ALLOCATOR_SYNC'],
      simulated: true,
      visible: true,
      name: {
        en: "The slot's allocator is Reset before waiting for the fence value of the frame that last used it",
        zh: '在等待上一次使用该槽位那一帧的围栏值之前，就 Reset 了槽位的分配器',
      },
      lookFor: {
        en: "Move the GPU slowdown slider down to 4 ms or less (the CPU is then the slower side) and nothing shows: the slot's frame is always done before its allocator is Reset. At the default 8 ms the GPU is slower than the CPU, and each Reset hits a frame still executing: the executor drops those frames (the canvas flickers and frame 60 shows a stale or black back buffer) and the check counts the unsafe resets. With the debug layer on, the debug log reports COMMAND_ALLOCATOR_SYNC at every such Reset; without it, only the dropped frames tell.",
        zh: '把"GPU 减速"滑块拉到 4 毫秒或更低（这时 CPU 是较慢的一方），什么也看不出来：槽位的那一帧总在它的分配器被 Reset 之前就执行完了。默认的 8 毫秒下 GPU 比 CPU 慢，每次 Reset 都撞上一帧仍在执行的工作：执行器丢掉这些帧（画布闪烁，第 60 帧显示过时的或全黑的后台缓冲），检查统计不安全的重置次数。打开调试层时，每次这样的 Reset 都会在调试日志里报 COMMAND_ALLOCATOR_SYNC；不开调试层时，只有丢掉的帧会告诉你。',
      },
      fix: {
        en: "Before allocator->Reset() (and before rewriting the slot's upload memory), wait until fence->GetCompletedValue() ≥ the value signalled after that slot's last submission.",
        zh: '调用 allocator->Reset() 之前（以及改写槽位的上传内存之前），等到 fence->GetCompletedValue() ≥ 该槽位最后一次提交之后 Signal 的值。',
      },
      realHardware: {
        en: 'Undefined: the GPU reads command memory the CPU is rewriting; corrupted or missing draws, a page fault, or a hang (DXGI_ERROR_DEVICE_HUNG).',
        zh: '未定义：GPU 读到 CPU 正在改写的命令内存；绘制损坏或缺失、页错误，或者挂起（DXGI_ERROR_DEVICE_HUNG）。',
      },
    },
  ],
} satisfies LessonMeta;
