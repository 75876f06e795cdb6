// Lesson A6: the catalogue's facts and bug texts (pure data); its code runs (index.ts).
import type { LessonMeta } from '../types';

export default {
  id: 'A6',
  slug: 'descriptor-free-list',
  title: {
    en: 'Descriptor free list with deferred release',
    zh: '描述符空闲链表与延迟释放',
  },
  canvas: true,
  panels: ['descriptors', 'fences', 'log'],
  bugs: [
    {
      id: 'immediate-free',
      messages: [],
      simulated: true,
      visible: true,
      name: {
        en: "Free(slot) pushes the index straight onto the free stack instead of retiring it with the current frame's fence value, so the next CreateShaderResourceView rewrites a slot that in-flight frames still read",
        zh: 'Free(slot) 把索引直接压回空闲栈，而不是带上当前帧的围栏值放入回收队列，于是下一次 CreateShaderResourceView 改写了在途帧仍在读取的槽位',
      },
      lookFor: {
        en: "The streamer frees quad 2's slot after frame 6 and the very next Allocate hands the same slot out again, so texture 6's SRV is written over the descriptor frame 6 (still in flight) reads: the bottom-left quad shows orange where it should show blue. The check reports each slot rewritten under a frame in flight (three, one per swap) and the texture the GPU read. The free-list table shows no retired entries at all. The debug log stays empty: the real layer does not detect a valid descriptor rewritten under an in-flight draw. On real hardware what the draw reads depends on timing.",
        zh: '流式更新在第 6 帧之后释放四边形 2 的槽位，紧接着的 Allocate 又把同一个槽位分了出去，于是纹理 6 的 SRV 写在了第 6 帧（仍在途）要读的描述符上：左下角的四边形本该是蓝色，却显示为橙色。检查报告每一个在途帧之下被改写的槽位（三次交换各一个）以及 GPU 实际读到的纹理。空闲链表表格里根本没有待回收的项。调试日志为空：真实的调试层检测不到在途绘制下被改写的合法描述符。在真实硬件上，绘制读到什么取决于时机。',
      },
      realHardware: {
        en: 'The GPU may have read the descriptor before the rewrite (correct picture), after it (the new texture), or, on some hardware, a torn mix of the two descriptors; the lab shows the GPU reading the new descriptor.',
        zh: 'GPU 可能在改写之前就读了描述符（画面正确），也可能在之后读（新纹理），在某些硬件上甚至读到两个描述符混杂的结果；实验里显示的是 GPU 读到新描述符。',
      },
      fix: {
        en: 'In Free, append (slot, fence value of the frame being recorded) to a retire queue; at the start of each frame move entries whose value is at most fence->GetCompletedValue() back to the free stack.',
        zh: '在 Free 中把（槽位，正在录制的那一帧的围栏值）追加到回收队列；每帧开始时，把围栏值不超过 fence->GetCompletedValue() 的项移回空闲栈。',
      },
    },
  ],
} satisfies LessonMeta;
