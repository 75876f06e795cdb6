// Lesson 01: the catalogue's facts and bug texts (pure data); its code runs (index.ts).
import type { LessonMeta } from '../types';

export default {
  id: '01',
  slug: 'adapters',
  title: {
    en: 'Adapters: enumerate and pick by GPU preference',
    zh: '适配器：枚举并按 GPU 偏好选择',
  },
  canvas: false,
  panels: ['events', 'log'],
  bugs: [
    {
      id: 'adapter-zero',
      messages: [],
      simulated: false,
      visible: false,
      name: {
        en: 'Takes adapter 0 (EnumAdapters1(0) or a null adapter) instead of asking for DXGI_GPU_PREFERENCE_HIGH_PERFORMANCE',
        zh: '直接拿 0 号适配器（EnumAdapters1(0) 或传空适配器），没有按 DXGI_GPU_PREFERENCE_HIGH_PERFORMANCE 选择',
      },
      lookFor: {
        en: 'The check fails: the chosen row in the adapter table is the modelled integrated GPU (small dedicated memory). Nothing fails yet; later lessons run into its lower limits and memory budget.',
        zh: '检查失败：适配器表里被选中的是模拟的集显（专用显存很小）。眼下什么都不会报错，但后续课程会撞上它更低的限制和显存预算。',
      },
      fix: {
        en: 'Enumerate with IDXGIFactory6::EnumAdapterByGpuPreference(i, DXGI_GPU_PREFERENCE_HIGH_PERFORMANCE, ...), skip adapters flagged DXGI_ADAPTER_FLAG_SOFTWARE, and pass the chosen adapter to D3D12CreateDevice.',
        zh: '用 IDXGIFactory6::EnumAdapterByGpuPreference(i, DXGI_GPU_PREFERENCE_HIGH_PERFORMANCE, ...) 枚举，跳过带 DXGI_ADAPTER_FLAG_SOFTWARE 标志的适配器，再把选中的适配器传给 D3D12CreateDevice。',
      },
    },
  ],
} satisfies LessonMeta;
