// Lesson A5: the catalogue's facts and bug texts (pure data); its code runs (index.ts).
import type { LessonMeta } from '../types';

export default {
  id: 'A5',
  slug: 'render-graph',
  title: {
    en: 'Render graph: lifetimes, aliasing, aliasing barriers',
    zh: '渲染图：生命周期、内存别名与别名屏障',
  },
  canvas: true,
  panels: ['heap', 'states', 'log'],
  bugs: [
    {
      id: 'missing-aliasing-barrier',
      // DEBUG_LAYER.md row 39: the real layer (and GPU-based validation) says nothing about a missing aliasing barrier
      messages: [],
      simulated: true,
      visible: true,
      name: {
        en: "GraphBarriers drops the compile's D3D12_RESOURCE_BARRIER_TYPE_ALIASING barrier: BlurB starts using the bytes Bright used without one",
        zh: 'GraphBarriers 丢掉了编译得出的 D3D12_RESOURCE_BARRIER_TYPE_ALIASING 屏障：BlurB 在没有别名屏障的情况下开始使用 Bright 用过的字节',
      },
      lookFor: {
        en: "The right (aliased) half of the canvas is corrupted: in a checkerboard of tiles the bloom shows Bright's stale, unblurred bytes instead of BlurB's, so it no longer matches the left half and the check fails on 'same image'. This is the model's simulated hazard (aliasing-corruption). The debug log stays empty even with the debug layer on: the real D3D12 debug layer and GPU-based validation do not check aliasing barriers. The barriers table marks the ALIASING barrier as not recorded; the heap timeline still shows a correct layout.",
        zh: '画布右半（使用别名的一半）被破坏：在棋盘格状的图块里，泛光显示的是 Bright 残留的、未模糊的字节而不是 BlurB 的内容，所以它和左半不再相同，检查在"同一幅图"一项失败。这是模型模拟的隐患（aliasing-corruption）。即使打开调试层，调试日志也是空的：真实的 D3D12 调试层和 GPU 验证都不检查别名屏障。屏障表把 ALIASING 屏障标为未录制；堆时间线上的布局依然正确。',
      },
      fix: {
        en: 'Record every ALIASING barrier the compile derives (ResourceBefore = the last user of the bytes, ResourceAfter = the new one) before the new resource is first used, then initialise it with ClearRenderTargetView, DiscardResource or a full copy.',
        zh: '在新资源首次使用之前录制编译得出的每个 ALIASING 屏障（ResourceBefore 为这段字节的上一个使用者，ResourceAfter 为新资源），然后用 ClearRenderTargetView、DiscardResource 或完整复制对它进行初始化。',
      },
      realHardware: {
        en: 'The real D3D12 debug layer has no message for a missing aliasing barrier (GPU-based validation does not check it either), so the debug log stays empty. On hardware the result is undefined and vendor-dependent: stale data, compression-metadata garbage, flicker, or the right image on one GPU and not another.',
        zh: '真实的 D3D12 调试层对缺少别名屏障没有任何消息（GPU 验证也不检查），所以调试日志为空。在硬件上结果未定义，因厂商而异：残留数据、压缩元数据造成的乱码、闪烁，或者在一块 GPU 上正确、换一块就错。',
      },
    },
    {
      id: 'overlap-lifetimes',
      messages: [],
      simulated: false,
      visible: true,
      name: {
        en: "PackSlots' interval test uses <= instead of <, so lifetimes that meet at a pass count as disjoint: Bright, BlurA and BlurB are all given one slot",
        zh: 'PackSlots 的区间判断用了 <= 而不是 <，于是在某个 pass 相接的生命周期被当作不重叠：Bright、BlurA 和 BlurB 被分到同一个槽位',
      },
      lookFor: {
        en: "Nothing is submitted and the canvas stays black: compileGraph rejects the placement and names the clash, 'Bright' and 'BlurA' share heap bytes but are both alive in pass 'BlurH' (the compile-error table; the placement table marks both). The debug log is empty because no D3D12 call was wrong; this is the graph's own check.",
        zh: "什么都没有提交，画布保持黑色：compileGraph 拒绝了这个放置并指出冲突：'Bright' 和 'BlurA' 共用堆字节，却在 pass 'BlurH' 中同时存活（见编译错误表；放置表标出了这两个资源）。调试日志为空，因为没有哪个 D3D12 调用出错；这是渲染图自己的检查。",
      },
      fix: {
        en: "A slot is free for a resource only when its occupant's last use comes strictly before the resource's first use (lastUse < first). The bloom chain then needs three slots: SceneColor, Bright (later BlurB), BlurA.",
        zh: '只有当槽位上一个住户的最后一次使用严格早于新资源的第一次使用（lastUse < first）时，这个槽位才空闲。这样泛光链需要三个槽位：SceneColor、Bright（之后是 BlurB）、BlurA。',
      },
    },
  ],
} satisfies LessonMeta;
