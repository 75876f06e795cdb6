// Lesson A4: the catalogue's facts and bug texts (pure data); its code runs (index.ts).
import type { LessonMeta } from '../types';

export default {
  id: 'A4',
  slug: 'tiled-resources',
  title: {
    en: 'Reserved (tiled) resources and a virtual-texture page table',
    zh: '保留（平铺）资源与虚拟纹理页表',
  },
  canvas: true,
  panels: ['heap', 'events', 'log'],
  bugs: [
    {
      id: 'unmapped-tile-read',
      messages: [],
      simulated: false,
      visible: true,
      name: {
        en: 'When the view moves, the page table is updated for the newly visible tiles but UpdateTileMappings is never called for them, so the shader samples tiles with no memory behind them',
        zh: '视野移动时，为新出现的图块更新了页表，却从未对它们调用 UpdateTileMappings，于是着色器去采样背后没有内存的图块',
      },
      lookFor: {
        en: "Black squares, one per 128 × 128-texel tile, appear on the canvas where new tiles came into view; the check fails on 'only visible tiles mapped' and names the missing tiles. The debug log is silent: the real layer does not validate tile accesses. Zeros are the documented result on Tiled Resources Tier 2 and above (the lab's discrete adapter); on Tier 1 the read would be undefined.",
        zh: '画布上新进入视野的地方出现黑色方块，每块对应一个 128 × 128 纹素的图块；检查在"只映射可见图块"一项失败，并列出缺失的图块。调试日志没有输出：真实的调试层不验证图块访问。在平铺资源层级 2 及以上（实验里的独立显卡），读到零是文档规定的结果；在层级 1 上读取结果未定义。',
      },
      fix: {
        en: 'Map every newly visible tile (ID3D12CommandQueue::UpdateTileMappings), copy its texels in on the same queue, and only then mark it resident in the page table the pixel shader reads first.',
        zh: '对每个新出现的图块调用 ID3D12CommandQueue::UpdateTileMappings 进行映射，在同一队列上把纹素复制进去，然后才在像素着色器先读的页表里把它标为已驻留。',
      },
    },
  ],
} satisfies LessonMeta;
