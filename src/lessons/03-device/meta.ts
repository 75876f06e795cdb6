// Lesson 03: the catalogue's facts and bug texts (pure data); its code runs (index.ts).
import type { LessonMeta } from '../types';

export default {
  id: '03',
  slug: 'device',
  title: {
    en: 'Device, feature levels, CheckFeatureSupport',
    zh: '设备、功能级别与 CheckFeatureSupport',
  },
  canvas: false,
  panels: ['events', 'log'],
  bugs: [
    {
      id: 'min-level-too-high',
      messages: [],
      simulated: false,
      visible: false,
      name: {
        en: 'MinimumFeatureLevel set higher than the adapter supports (D3D_FEATURE_LEVEL_12_2 on a 12_1 adapter)',
        zh: 'MinimumFeatureLevel 高于适配器的能力（在只到 12_1 的适配器上要求 D3D_FEATURE_LEVEL_12_2）',
      },
      lookFor: {
        en: "D3D12CreateDevice returns DXGI_ERROR_UNSUPPORTED (0x887A0004) in Events, there is no device, and the check stops at 'builds'. The page shows the path a game launcher reports as \"DirectX 12 is not supported\", with the real reason: the adapter's highest level is below the requested minimum. The debug log is empty: there is no device to report through.",
        zh: '事件面板里 D3D12CreateDevice 返回 DXGI_ERROR_UNSUPPORTED（0x887A0004），没有设备，检查停在"能构建"这一级。页面展示的正是游戏启动器报"DirectX 12 is not supported"的那条路径，并给出真实原因：适配器的最高级别低于要求的最低级别。调试日志为空：没有设备，也就没有报告的渠道。',
      },
      fix: {
        en: 'Pass D3D_FEATURE_LEVEL_11_0 (the real minimum your code needs) and query the highest supported level with CheckFeatureSupport(D3D12_FEATURE_FEATURE_LEVELS, ...).',
        zh: '传 D3D_FEATURE_LEVEL_11_0（代码真正需要的最低级别），再用 CheckFeatureSupport(D3D12_FEATURE_FEATURE_LEVELS, ...) 查询支持的最高级别。',
      },
    },
  ],
} satisfies LessonMeta;
