// Lesson A8: the catalogue's facts and bug texts (pure data); prose only for now.
import type { LessonMeta } from '../types';

export default {
  id: 'A8',
  slug: 'residency',
  title: {
    en: 'Memory budget and residency',
    zh: '显存预算与驻留',
  },
  bugs: [
    {
      id: 'ignore-budget',
      messages: [],
      simulated: true,
      name: {
        en: 'The texture cache never calls QueryVideoMemoryInfo and never evicts: it keeps every streamed heap resident and keeps loading',
        zh: '纹理缓存从不调用 QueryVideoMemoryInfo，也从不驱逐：所有流式加载的堆都保持驻留，并且一直加载',
      },
      lookFor: {
        en: "When the lab lowers the budget, the usage curve in the heap timeline stays above the budget line and keeps rising; the check fails on 'stays within budget under pressure'. Later, once the modelled pool is full, a CreateHeap returns E_OUTOFMEMORY. The debug log has nothing to say about budgets. On real Windows the first effect would be paging and frame hitches rather than an error, and how soon depends on the OS and the other applications: the lab's timeline of that pressure is a model.",
        zh: '实验降低预算后，堆时间线上的占用曲线停在预算线之上并继续上升；检查在"在压力下保持在预算之内"一项失败。之后当所模拟的显存池占满时，某次 CreateHeap 返回 E_OUTOFMEMORY。调试日志对预算无话可说。在真实的 Windows 上，最先出现的是换页和帧时间卡顿，而不是错误，何时出现取决于操作系统和其他应用：实验里这种压力的时间线是模拟的。',
      },
      fix: {
        en: 'Query DXGI_MEMORY_SEGMENT_GROUP_LOCAL every frame (and on the budget-change event); while CurrentUsage plus the next loads exceeds Budget, evict least recently used heaps whose last-use fence value has completed, or load lower mips.',
        zh: '每帧（以及预算变化事件触发时）查询 DXGI_MEMORY_SEGMENT_GROUP_LOCAL；只要 CurrentUsage 加上接下来要加载的量超过 Budget，就驱逐最久未使用、且最后使用的围栏值已完成的堆，或者改为加载更低的 mip。',
      },
    },
  ],
} satisfies LessonMeta;
