// Lesson 04: the catalogue's facts and bug texts (pure data); its code runs (index.ts).
import type { LessonMeta } from '../types';

export default {
  id: '04',
  slug: 'clear',
  title: {
    en: 'Queue, allocator, list, swap chain, RTV heap: clear to magenta',
    zh: '队列、分配器、命令列表、交换链、RTV 堆：清屏为品红',
  },
  canvas: true,
  panels: ['states', 'log'],
  bugs: [
    {
      id: 'rtv-heap-shader-visible',
      messages: ['CREATE_DESCRIPTOR_HEAP_INVALID_DESC'],
      simulated: false,
      visible: true,
      name: {
        en: 'RTV heap created with D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE',
        zh: '创建 RTV 堆时带了 D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE',
      },
      lookFor: {
        en: "CreateDescriptorHeap returns E_INVALIDARG in Events; there is no heap, so no RTVs and no clear. The check stops at 'builds'. With the debug layer on, the debug log names the heap description as invalid.",
        zh: '事件面板里 CreateDescriptorHeap 返回 E_INVALIDARG；没有堆，就没有 RTV，也就没有清屏。检查停在"能构建"。打开调试层时，调试日志会指出堆描述无效。',
      },
      fix: {
        en: 'Use D3D12_DESCRIPTOR_HEAP_FLAG_NONE for RTV and DSV heaps; SHADER_VISIBLE is only for CBV/SRV/UAV and sampler heaps.',
        zh: 'RTV 和 DSV 堆用 D3D12_DESCRIPTOR_HEAP_FLAG_NONE；SHADER_VISIBLE 只用于 CBV/SRV/UAV 堆和采样器堆。',
      },
    },
    {
      id: 'no-present-barrier',
      messages: ['INVALID_SUBRESOURCE_STATE'],
      simulated: true,
      visible: false,
      name: {
        en: 'No RENDER_TARGET → PRESENT barrier before Present',
        zh: 'Present 之前缺少 RENDER_TARGET → PRESENT 屏障',
      },
      lookFor: {
        en: 'The canvas usually still shows magenta and the check may pass: the effect on real hardware is undefined (compressed or stale contents are possible). Resource states show the back buffer still in RENDER_TARGET at Present; with the debug layer on, the debug log reports an error at Present saying the buffer is not valid for use as PRESENT_SOURCE.',
        zh: '画布通常仍是品红，检查也可能通过：真实硬件上的后果是未定义的（可能出现压缩数据或旧内容）。资源状态面板显示 Present 时后台缓冲仍处于 RENDER_TARGET；打开调试层时，调试日志在 Present 处报错，说该缓冲不能作为 PRESENT_SOURCE 使用。',
      },
      fix: {
        en: 'Record a transition barrier from D3D12_RESOURCE_STATE_RENDER_TARGET to D3D12_RESOURCE_STATE_PRESENT after the last write and before Close.',
        zh: '在最后一次写入之后、Close 之前，录制一个从 D3D12_RESOURCE_STATE_RENDER_TARGET 到 D3D12_RESOURCE_STATE_PRESENT 的转换屏障。',
      },
      realHardware: {
        en: 'Undefined: often nothing visible; some GPUs show compression artefacts or a stale frame.',
        zh: '未定义：通常看不出异常；某些 GPU 会出现压缩伪影或旧帧。',
      },
    },
    {
      id: 'list-not-closed',
      messages: ['EXECUTECOMMANDLISTS_OPENCOMMANDLIST'],
      simulated: false,
      visible: true,
      name: {
        en: 'ExecuteCommandLists called on a list that was never Closed',
        zh: '对从未 Close 的命令列表调用 ExecuteCommandLists',
      },
      lookFor: {
        en: "The runtime drops the submission: the canvas is never cleared (no magenta), the check fails at 'correct', and Fences & queues shows no work executed for that submission. ExecuteCommandLists returns void, so nothing in your code notices; with the debug layer on, the debug log reports an open command list at ExecuteCommandLists.",
        zh: '运行时丢弃这次提交：画布从未被清成品红，检查停在"正确"之前，围栏与队列面板显示这次提交没有执行任何工作。ExecuteCommandLists 返回 void，代码里察觉不到；打开调试层时，调试日志在 ExecuteCommandLists 处报告命令列表仍处于打开状态。',
      },
      fix: {
        en: 'Call list->Close() after the last recorded command and check its HRESULT before ExecuteCommandLists.',
        zh: '录完最后一条命令后调用 list->Close()，并在 ExecuteCommandLists 之前检查它的 HRESULT。',
      },
    },
    {
      id: 'cpu-handle-mixup',
      messages: ['DESCRIPTOR_HEAP_NOT_SHADER_VISIBLE', 'INVALID_DESCRIPTOR_HANDLE'],
      simulated: true,
      visible: true,
      name: {
        en: "Follows the seed's 'fix': asks the RTV heap for a GPU handle (GetGPUDescriptorHandleForHeapStart) and passes its value as the render-target handle",
        zh: '照种子文章的"修法"：向 RTV 堆要 GPU 句柄（GetGPUDescriptorHandleForHeapStart），再把它的值当渲染目标句柄传进去',
      },
      lookFor: {
        en: 'The GPU-handle call returns a null handle (shown as 0x0 in Descriptors) and, with the debug layer on, the debug log reports that the heap is not shader-visible. The clear then uses a handle that points at no descriptor: the canvas stays uncleared. On real hardware this is undefined and often an access violation inside the runtime.',
        zh: '取 GPU 句柄的调用返回空句柄（描述符面板显示 0x0）；打开调试层时，调试日志报告该堆不是着色器可见的。随后的清屏用的是一个不指向任何描述符的句柄：画布没有被清屏。真实硬件上这是未定义行为，常见结果是运行时内部访问冲突。',
      },
      fix: {
        en: 'Use GetCPUDescriptorHandleForHeapStart plus index × GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_RTV) for both OMSetRenderTargets and ClearRenderTargetView; RTV heaps have no GPU handles.',
        zh: 'OMSetRenderTargets 和 ClearRenderTargetView 都用 GetCPUDescriptorHandleForHeapStart 加上 索引 × GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_RTV)；RTV 堆没有 GPU 句柄。',
      },
      realHardware: {
        en: 'Undefined: a garbage descriptor address; often an access violation in the driver or device removal.',
        zh: '未定义：描述符地址是垃圾值；常见结果是驱动里访问冲突或设备被移除。',
      },
    },
  ],
} satisfies LessonMeta;
