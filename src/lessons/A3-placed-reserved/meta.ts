// Lesson A3: the catalogue's facts and bug texts (pure data); its code runs (index.ts).
import type { LessonMeta } from '../types';

export default {
  id: 'A3',
  slug: 'placed-reserved',
  title: {
    en: 'Committed vs placed vs reserved; heap tiers; alignment',
    zh: '提交、放置与保留资源；堆层级；对齐',
  },
  canvas: false,
  panels: ['heap', 'log', 'events'],
  bugs: [
    {
      id: 'unaligned-placement',
      messages: ['CREATERESOURCE_INVALIDALIGNMENT'],
      simulated: false,
      visible: false,
      name: {
        en: "The next HeapOffset is the previous offset plus the buffer's raw Width (100 000 bytes) instead of AlignUp(offset + SizeInBytes, Alignment)",
        zh: '下一个 HeapOffset 取的是上一个偏移加缓冲的原始 Width（100 000 字节），而不是 AlignUp(offset + SizeInBytes, Alignment)',
      },
      lookFor: {
        en: "On the discrete GPU's shared heap the second CreatePlacedResource (the albedo texture) returns E_INVALIDARG, the code stops there and the builds level of the check fails; 'placed offsets aligned' names the offset (100 000, not a multiple of 65 536). The heap timeline shows a gap where the resource should be. With the debug layer on, the debug log reports the alignment rule for placed resources.",
        zh: '在独立显卡的共享堆上，第二次 CreatePlacedResource（反照率纹理）返回 E_INVALIDARG，代码停在那里，检查的"构建"一级失败；"放置偏移已对齐"一项指出该偏移（100 000，不是 65 536 的倍数）。堆时间线上本该放资源的地方是一段空白。打开调试层时，调试日志报告放置资源的对齐规则。',
      },
      fix: {
        en: 'Take Alignment and SizeInBytes from GetResourceAllocationInfo and place the next resource at AlignUp(previousOffset + SizeInBytes, Alignment).',
        zh: '从 GetResourceAllocationInfo 取得 Alignment 和 SizeInBytes，把下一个资源放在 AlignUp(上一个偏移 + SizeInBytes, Alignment)。',
      },
    },
  ],
} satisfies LessonMeta;
