// Lesson A6: the catalogue's facts and bug texts (pure data); prose only for now.
import type { LessonMeta } from '../types';

export default {
  id: 'A6',
  slug: 'descriptor-free-list',
  title: {
    en: 'Descriptor free list with deferred release',
    zh: '描述符空闲链表与延迟释放',
  },
  bugs: [
    {
      id: 'immediate-free',
      messages: [],
      simulated: true,
      name: {
        en: "Free(slot) pushes the index straight onto the free stack instead of retiring it with the current frame's fence value, so the next CreateShaderResourceView rewrites a slot that in-flight frames still read",
        zh: 'Free(slot) 把索引直接压回空闲栈，而不是带上当前帧的围栏值放入回收队列，于是下一次 CreateShaderResourceView 改写了在途帧仍在读取的槽位',
      },
      lookFor: {
        en: 'With the GPU slowed down, quads flash the wrong texture for a frame or two after a texture is streamed out; the check reports the slot, the frame that rewrote it and the frame still executing that reads it. In the descriptors panel a slot goes from in use to in use again without a retired phase. The debug log stays empty: the real layer does not detect a valid descriptor rewritten under an in-flight draw. On real hardware what the draw reads depends on timing.',
        zh: '把 GPU 放慢后，纹理被卸载之后的一两帧里，四边形会闪现错误的纹理；检查报告出问题的槽位、改写它的帧，以及仍在执行并读取它的帧。描述符面板上，槽位从"使用中"直接又变成"使用中"，没有经过待回收阶段。调试日志为空：真实的调试层检测不到在途绘制下被改写的合法描述符。在真实硬件上，绘制读到什么取决于时机。',
      },
      fix: {
        en: 'In Free, append (slot, fence value of the frame being recorded) to a retire queue; at the start of each frame move entries whose value is at most fence->GetCompletedValue() back to the free stack.',
        zh: '在 Free 中把（槽位，正在录制的那一帧的围栏值）追加到回收队列；每帧开始时，把围栏值不超过 fence->GetCompletedValue() 的项移回空闲栈。',
      },
    },
  ],
} satisfies LessonMeta;
