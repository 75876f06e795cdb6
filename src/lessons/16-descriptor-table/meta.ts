// Lesson 16: the catalogue's facts and bug texts (pure data); its code runs (index.ts).
import type { LessonMeta } from '../types';

export default {
  id: '16',
  slug: 'descriptor-table',
  title: {
    en: 'Root descriptor table and static sampler',
    zh: '根描述符表与静态采样器',
  },
  canvas: true,
  panels: ['descriptors', 'states', 'log'],
  bugs: [
    {
      id: 'clamp-vs-wrap',
      messages: [],
      simulated: false,
      visible: true,
      name: {
        en: 'Static sampler AddressU/V = D3D12_TEXTURE_ADDRESS_MODE_CLAMP where the lesson expects WRAP',
        zh: '静态采样器 AddressU/V 设成了 D3D12_TEXTURE_ADDRESS_MODE_CLAMP，而本课期望 WRAP',
      },
      lookFor: {
        en: 'Inside 0 to 1 the canvas looks the same; outside it the checkerboard stops repeating and the edge texels are smeared into stripes. The checks at UVs beyond 1.0 fail. No debug message: both modes are valid.',
        zh: '0 到 1 之内画面一样；超出这个范围后棋盘格不再重复，边缘纹素被拉成条纹。UV 超过 1.0 处的检查失败。没有调试消息：两种模式都合法。',
      },
      fix: {
        en: 'Set AddressU, AddressV and AddressW to D3D12_TEXTURE_ADDRESS_MODE_WRAP in the D3D12_STATIC_SAMPLER_DESC (or keep CLAMP and keep UVs inside 0 to 1).',
        zh: '在 D3D12_STATIC_SAMPLER_DESC 里把 AddressU、AddressV、AddressW 设为 D3D12_TEXTURE_ADDRESS_MODE_WRAP（或者保留 CLAMP，但让 UV 留在 0 到 1 之内）。',
      },
    },
    {
      id: 'point-vs-linear',
      messages: [],
      simulated: false,
      visible: true,
      name: {
        en: 'Static sampler Filter = D3D12_FILTER_MIN_MAG_MIP_LINEAR where the lesson expects POINT',
        zh: '静态采样器 Filter 设成了 D3D12_FILTER_MIN_MAG_MIP_LINEAR，而本课期望 POINT',
      },
      lookFor: {
        en: 'The checker edges on the canvas are blurred into grey ramps; samples taken between two texels return a blend instead of pure black or white, so those checks fail. No debug message: both filters are valid.',
        zh: '画布上棋盘边缘被模糊成灰色渐变；在两个纹素之间采样得到的是混合色，而不是纯黑或纯白，这些检查因此失败。没有调试消息：两种过滤都合法。',
      },
      fix: {
        en: 'Use D3D12_FILTER_MIN_MAG_MIP_POINT for pixel-exact lookups; use LINEAR when smooth magnification is what you want.',
        zh: '需要逐纹素精确取值时用 D3D12_FILTER_MIN_MAG_MIP_POINT；想要平滑放大时才用 LINEAR。',
      },
    },
  ],
} satisfies LessonMeta;
