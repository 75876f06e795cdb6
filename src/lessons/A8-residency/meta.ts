// Lesson A8: the catalogue's facts and bug texts (pure data); its code runs (index.ts).
import type { LessonMeta } from '../types';

export default {
  id: 'A8',
  slug: 'residency',
  title: {
    en: 'Memory budget and residency',
    zh: '显存预算与驻留',
  },
  canvas: true,
  panels: ['heap', 'log'],
  bugs: [
    {
      id: 'ignore-budget',
      messages: [],
      simulated: true,
      visible: false,
      name: {
        en: 'The texture cache never calls QueryVideoMemoryInfo and never calls Evict: every region heap it loads stays resident',
        zh: '纹理缓存从不调用 QueryVideoMemoryInfo，也从不调用 Evict：它加载的每个区域堆都一直驻留',
      },
      lookFor: {
        en: "The canvas looks the same, but the budget chart's bars climb past the dashed budget line at frame 8 (7.50 GiB resident against a 7.20 GiB budget) and stay there; the residency table shows no QueryVideoMemoryInfo, no Evict and no MakeResident, and the check fails on 'stays within budget under pressure'. The debug log has nothing to say about budgets. On real Windows the first effect of going over is the OS paging memory out under you, with frame hitches rather than an error, and how soon depends on the other applications: the lab's budget is the model's 90 % of the adapter's memory.",
        zh: '画面看起来一样，但预算图中的柱子在第 8 帧越过了虚线预算线（常驻 7.50 GiB，预算 7.20 GiB），并一直停在上面；驻留表格里没有 QueryVideoMemoryInfo、没有 Evict，也没有 MakeResident，检查在"在压力下保持在预算之内"一项失败。调试日志对预算无话可说。在真实的 Windows 上，超出预算的第一个后果是操作系统在你背后把内存换出，表现为帧时间卡顿而不是错误，何时出现取决于其他应用：实验里的预算是模型取的适配器显存的 90%。',
      },
      realHardware: {
        en: 'Over budget, Windows may demote allocations to system memory or page them out; the app keeps running, slower, and may stutter.',
        zh: '超出预算时，Windows 可能把分配降级到系统内存或换出；应用继续运行，但更慢，并可能卡顿。',
      },
      fix: {
        en: 'Query DXGI_MEMORY_SEGMENT_GROUP_LOCAL before loading (and when the budget-change event fires); while CurrentUsage plus what you are about to load exceeds Budget, Evict the least recently used heap the frame does not need, after its last-use fence value has completed. MakeResident it again when the camera comes back.',
        zh: '加载之前（以及预算变化事件触发时）查询 DXGI_MEMORY_SEGMENT_GROUP_LOCAL；只要 CurrentUsage 加上即将加载的量超过 Budget，就在最后使用它的围栏值完成后，Evict 当前帧不需要的、最久未使用的堆。镜头回来时再对它 MakeResident。',
      },
    },
  ],
} satisfies LessonMeta;
