// Lesson A1: the catalogue's facts and bug texts (pure data); its code runs (index.ts).
import type { LessonMeta } from '../types';

export default {
  id: 'A1',
  slug: 'readback',
  title: {
    en: 'Readback heap: blocking and pipelined',
    zh: '回读堆：阻塞与流水线',
  },
  canvas: true,
  panels: ['fences', 'events', 'heap', 'log'],
  bugs: [
    {
      id: 'map-before-fence',
      messages: [],
      simulated: true,
      visible: false,
      realHardware: {
        en: 'Map does not wait for the GPU: the bytes may be old, partly written or, by luck, right, depending on timing.',
        zh: 'Map 不会等待 GPU：读到的字节可能是旧的、写了一半的，或者碰巧正确，取决于时机。',
      },
      name: {
        en: "Map on the readback buffer right after ExecuteCommandLists, without waiting until the copy queue's fence reaches the copy's value",
        zh: 'ExecuteCommandLists 之后立刻 Map 回读缓冲，没有等复制队列的围栏到达复制对应的值',
      },
      lookFor: {
        en: "The check fails on 'every frame read back … is the frame that was rendered': each blocking frame reads what its readback buffer held before (zeros for frame 1, then the previous frame), and in the pipelined part every frame whose copy had not completed when it was mapped (frame 9 here) reads the frame that used its slot before; the table shows GetCompletedValue() at Map below the copy's fence value. The canvas is unchanged: the GPU rendered correctly, only the CPU read too early. The debug log stays empty: Map returns S_OK and never synchronises, so the real layer has nothing to say. On real hardware the bytes depend on timing: old, partly new, or by luck right.",
        zh: '检查在"每一帧在围栏之后读回的数据都是当时渲染的那一帧"一项失败：阻塞模式的每一帧读到的是回读缓冲之前的内容（第 1 帧是零，之后是上一帧），流水线部分里，凡是 Map 时复制还没完成的帧（这里是第 9 帧），读到的都是之前用过同一槽位的帧；表格里 Map 时的 GetCompletedValue() 小于复制的围栏值。画布不变：GPU 渲染得没错，只是 CPU 读得太早。调试日志是空的：Map 返回 S_OK，从不做同步，真实的调试层无话可说。在真实硬件上读到的字节取决于时机：旧的、一半新的，或者碰巧正确。',
      },
      fix: {
        en: 'Wait until copyFence->GetCompletedValue() ≥ the value the copy queue signalled after the copy (SetEventOnCompletion and a wait whose result you check), or, pipelined, map only a buffer whose copy fence value has already completed.',
        zh: '等到 copyFence->GetCompletedValue() ≥ 复制队列在复制之后 Signal 的值（SetEventOnCompletion 加一次检查返回值的等待）；流水线模式下，只映射复制围栏值已经完成的缓冲。',
      },
    },
    {
      id: 'readback-as-srv',
      messages: ['RESOURCE_BARRIER_INVALID_HEAP'],
      simulated: false,
      visible: true,
      name: {
        en: 'The readback buffer is created on the READBACK heap with InitialState D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, so that a shader could read it',
        zh: '在 READBACK 堆上创建回读缓冲时把 InitialState 设为 D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE，想让着色器读取它',
      },
      lookFor: {
        en: 'CreateCommittedResource returns E_INVALIDARG and the builds level of the check fails: ThrowIfFailed stops the program before the first frame, so the canvas stays black. With the debug layer on, the debug log names the rule (RESOURCE_BARRIER_INVALID_HEAP): resources on READBACK heaps require COPY_DEST (or RESOLVE_DEST); with it off, only the HRESULT says so.',
        zh: 'CreateCommittedResource 返回 E_INVALIDARG，检查的"构建"一级失败：ThrowIfFailed 在第一帧之前就停下了程序，所以画布一直是黑的。打开调试层时，调试日志会指出规则（RESOURCE_BARRIER_INVALID_HEAP）：READBACK 堆上的资源要求 COPY_DEST（或 RESOLVE_DEST）；关闭时只有 HRESULT 能说明问题。',
      },
      fix: {
        en: 'Create the readback buffer in D3D12_RESOURCE_STATE_COPY_DEST and use it only as a copy destination. Data a shader must read belongs in a DEFAULT-heap resource; copy it there if needed.',
        zh: '以 D3D12_RESOURCE_STATE_COPY_DEST 创建回读缓冲，并且只把它当复制目标。需要给着色器读的数据应放在 DEFAULT 堆的资源里，必要时复制过去。',
      },
    },
  ],
} satisfies LessonMeta;
