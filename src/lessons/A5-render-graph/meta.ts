// Lesson A5: the catalogue's facts and bug texts (pure data); prose only for now.
import type { LessonMeta } from '../types';

export default {
  id: 'A5',
  slug: 'render-graph',
  title: {
    en: 'Render graph: lifetimes, aliasing, aliasing barriers',
    zh: '渲染图：生命周期、内存别名与别名屏障',
  },
  bugs: [
    {
      id: 'missing-aliasing-barrier',
      messages: [],
      simulated: true,
      name: {
        en: "The compile step places BlurB over Bright correctly but records no D3D12_RESOURCE_BARRIER_TYPE_ALIASING barrier (and so no initialising Discard or Clear) before BlurB's first write",
        zh: '编译步骤正确地把 BlurB 放在了 Bright 的位置上，但在 BlurB 首次写入之前没有录制 D3D12_RESOURCE_BARRIER_TYPE_ALIASING 屏障（因此也没有用于初始化的 Discard 或 Clear）',
      },
      lookFor: {
        en: "The canvas shows a corrupted bloom: blocky smears and stale bright-pass patches that change from frame to frame; the check fails on 'image identical'. The heap timeline still shows a correct layout, and the resource-states panel has no aliasing marker between Bright's last read and BlurB's first write. The debug log is empty: the real debug layer does not validate aliasing. On real hardware the result depends on caches and compression and varies by vendor.",
        zh: '画布上的泛光被破坏：块状拖影，以及逐帧变化的残留亮部斑块；检查在"图像完全相同"一项失败。堆时间线显示的布局依然正确，资源状态面板里在 Bright 最后一次读和 BlurB 第一次写之间没有别名标记。调试日志为空：真实的调试层不验证别名。在真实硬件上，结果取决于缓存和压缩，因厂商而异。',
      },
      fix: {
        en: 'Before the first use of every aliased resource, record an aliasing barrier (before = previous occupant, after = new resource), then initialise it with ClearRenderTargetView, DiscardResource or a full copy.',
        zh: '在每个别名资源首次使用之前录制别名屏障（before 为上一任住户，after 为新资源），然后用 ClearRenderTargetView、DiscardResource 或完整复制对它进行初始化。',
      },
    },
    {
      id: 'overlap-lifetimes',
      messages: [],
      simulated: false,
      name: {
        en: 'The interval test treats lifetimes that meet at a pass as disjoint (end less than or equal to start instead of strictly less), so Bright, BlurA and BlurB are all given one slot',
        zh: '区间判断把在某个 pass 相接的生命周期当作不重叠（用"结束 ≤ 开始"而不是严格小于），于是 Bright、BlurA 和 BlurB 被分到同一个槽位',
      },
      lookFor: {
        en: "Nothing is submitted: the graph's validator stops the compile and the check reports that Bright and BlurA share a slot while both are live in pass 2 (BlurH), and BlurA and BlurB in pass 3. The heap timeline shows the proposed single band highlighted in red. The debug log is empty because no D3D12 call was made; this is the graph's own error.",
        zh: '什么都没有提交：渲染图的校验器终止了编译，检查报告 Bright 与 BlurA 共用一个槽位而两者在 pass 2（BlurH）中同时存活，BlurA 与 BlurB 在 pass 3 中同样如此。堆时间线把提议的那条单一条带标成红色。调试日志为空，因为根本没有调用任何 D3D12 函数；这是渲染图自身的错误。',
      },
      fix: {
        en: 'Treat two lifetimes as overlapping when they share any pass (first use of one ≤ last use of the other, both ways). The bloom chain then gets two slots: Bright and BlurB in one, BlurA in the other.',
        zh: '只要两个生命周期共享任何一个 pass 就视为重叠（双向判断：一方的首次使用 ≤ 另一方的最后使用）。这样泛光链得到两个槽位：Bright 和 BlurB 共用一个，BlurA 占另一个。',
      },
    },
  ],
} satisfies LessonMeta;
