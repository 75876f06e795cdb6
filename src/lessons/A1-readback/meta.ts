// Lesson A1: the catalogue's facts and bug texts (pure data); prose only for now.
import type { LessonMeta } from '../types';

export default {
  id: 'A1',
  slug: 'readback',
  title: {
    en: 'Readback heap: blocking and pipelined',
    zh: '回读堆：阻塞与流水线',
  },
  bugs: [
    {
      id: 'map-before-fence',
      messages: [],
      simulated: true,
      name: {
        en: "Map on the readback buffer right after ExecuteCommandLists, without waiting until the fence reaches the copy's value",
        zh: 'ExecuteCommandLists 之后立刻 Map 回读缓冲，没有等围栏到达复制对应的值',
      },
      lookFor: {
        en: "The check fails: the read-back frame differs from the canvas (the previous frame's pixels, or zeros on the first frame). Fences & queues shows the Map call before the copy's execution bar ends. The debug log stays empty: Map returns S_OK and the real layer has nothing to say, because Map never synchronises. On real hardware what you read depends on timing: old, partly new, or by luck correct bytes.",
        zh: '检查失败：回读帧和画布不一致（是上一帧的像素，第一帧则全是零）。围栏与队列面板上，Map 调用落在复制的执行条结束之前。调试日志是空的：Map 返回 S_OK，真实的调试层也无话可说，因为 Map 从不做同步。在真实硬件上读到什么取决于时机：旧数据、一半新一半旧，或者碰巧正确。',
      },
      fix: {
        en: 'Wait until fence->GetCompletedValue() ≥ the value signalled after the copy (SetEventOnCompletion and a wait whose result you check), or, pipelined, map only a buffer whose fence value has already completed.',
        zh: '等到 fence->GetCompletedValue() ≥ 复制之后 Signal 的值（SetEventOnCompletion 加一次检查返回值的等待）；流水线模式下，只映射围栏值已经完成的缓冲。',
      },
    },
    {
      id: 'readback-as-srv',
      messages: ['RESOURCE_BARRIER_INVALID_HEAP'],
      simulated: false,
      name: {
        en: 'The readback buffer is created on the READBACK heap with InitialState D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, so that a shader could read it',
        zh: '在 READBACK 堆上创建回读缓冲时把 InitialState 设为 D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE，想让着色器读取它',
      },
      lookFor: {
        en: 'CreateCommittedResource returns E_INVALIDARG and the builds level of the check fails; there is no buffer to copy into. With the debug layer on, the debug log names the rule: resources on READBACK heaps require COPY_DEST (or RESOLVE_DEST).',
        zh: 'CreateCommittedResource 返回 E_INVALIDARG，检查的"构建"一级失败；没有缓冲可以接收复制。打开调试层时，调试日志会指出规则：READBACK 堆上的资源要求 COPY_DEST（或 RESOLVE_DEST）。',
      },
      fix: {
        en: 'Create the readback buffer in D3D12_RESOURCE_STATE_COPY_DEST and use it only as a copy destination. Data a shader must read belongs in a DEFAULT-heap resource; copy it there if needed.',
        zh: '以 D3D12_RESOURCE_STATE_COPY_DEST 创建回读缓冲，并且只把它当复制目标。需要给着色器读的数据应放在 DEFAULT 堆的资源里，必要时复制过去。',
      },
    },
  ],
} satisfies LessonMeta;
