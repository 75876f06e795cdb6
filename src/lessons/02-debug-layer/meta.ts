// Lesson 02: the catalogue's facts and bug texts (pure data); its code runs (index.ts).
import type { LessonMeta } from '../types';

export default {
  id: '02',
  slug: 'debug-layer',
  title: {
    en: 'Debug layer and DRED before the device',
    zh: '先开调试层和 DRED，再建设备',
  },
  canvas: false,
  panels: ['log', 'events'],
  bugs: [
    {
      id: 'debug-after-device',
      messages: [],
      simulated: false,
      visible: false,
      name: {
        en: 'EnableDebugLayer (and the DRED settings) called after D3D12CreateDevice',
        zh: '在 D3D12CreateDevice 之后才调用 EnableDebugLayer（以及 DRED 设置）',
      },
      lookFor: {
        en: 'The debug log stays empty: the device was created without the layer, so the deliberate test error is never reported and the check fails. The call that enables the layer late also removes the device: the next creation call in Events returns DXGI_ERROR_DEVICE_REMOVED and the fence in Fences & queues reads UINT64_MAX.',
        zh: '调试日志一直是空的：设备创建时没有调试层，故意制造的错误不会被报告，检查失败。而且晚开调试层的那次调用会让设备被移除：事件面板里下一次创建调用返回 DXGI_ERROR_DEVICE_REMOVED，围栏与队列面板里围栏值读出 UINT64_MAX。',
      },
      fix: {
        en: 'Call D3D12GetDebugInterface, EnableDebugLayer and the DRED Set*Enablement calls before the first D3D12CreateDevice, and log the HRESULT of D3D12GetDebugInterface.',
        zh: '在第一次 D3D12CreateDevice 之前调用 D3D12GetDebugInterface、EnableDebugLayer 和 DRED 的各个 Set*Enablement，并把 D3D12GetDebugInterface 的返回值写进日志。',
      },
    },
  ],
} satisfies LessonMeta;
