// Lesson A9: the catalogue's facts and bug texts (pure data); its code runs (index.ts).
import type { LessonMeta } from '../types';

export default {
  id: 'A9',
  slug: 'enhanced-barriers',
  title: {
    en: 'Enhanced barriers: layouts, sync and access',
    zh: '增强型屏障：布局、同步与访问',
  },
  canvas: true,
  panels: ['states', 'log', 'events'],
  bugs: [
    {
      id: 'wrong-layout',
      messages: ['INCOMPATIBLE_BARRIER_LAYOUT'],
      simulated: true,
      visible: true,
      name: {
        en: "The enhanced path leaves out mip 1's RENDER_TARGET → SHADER_RESOURCE barrier after the clear, so the draw samples a texture still in the RENDER_TARGET layout",
        zh: '增强型路径在清除之后漏掉了 mip 1 的 RENDER_TARGET → SHADER_RESOURCE 屏障，于是绘制采样的纹理仍处于 RENDER_TARGET 布局',
      },
      lookFor: {
        en: "The right half of the canvas (the enhanced texture) is black, the left half (legacy) is as before. The resource-states panel shows enhancedTexture's mip 1 still labelled 'layout RENDER_TARGET' at the draw. With the debug layer on, the log reports INCOMPATIBLE_BARRIER_LAYOUT at the second ExecuteCommandLists: the draw reads mip 1 through an SRV while it is in layout RENDER_TARGET. Without the layer the log stays empty and the canvas shows the model's pick for undefined behaviour.",
        zh: '画布右半边（增强型纹理）变黑，左半边（旧式）不变。资源状态面板显示绘制时 enhancedTexture 的 mip 1 仍标着「layout RENDER_TARGET」。打开调试层时，日志在第二次 ExecuteCommandLists 处报告 INCOMPATIBLE_BARRIER_LAYOUT：绘制通过 SRV 读取 mip 1，而它处于 RENDER_TARGET 布局。不开调试层时日志为空，画布显示的是模型为这种未定义行为选定的结果。',
      },
      fix: {
        en: 'After the clear, record a texture barrier on mip 1: LayoutBefore RENDER_TARGET → LayoutAfter SHADER_RESOURCE, SyncBefore RENDER_TARGET → SyncAfter PIXEL_SHADING, AccessBefore RENDER_TARGET → AccessAfter SHADER_RESOURCE.',
        zh: '清除之后，为 mip 1 录制一个纹理屏障：LayoutBefore RENDER_TARGET → LayoutAfter SHADER_RESOURCE，SyncBefore RENDER_TARGET → SyncAfter PIXEL_SHADING，AccessBefore RENDER_TARGET → AccessAfter SHADER_RESOURCE。',
      },
      realHardware: {
        en: 'Undefined: a render-target layout is often compressed, so the shader may read garbage, stale data or the right colours.',
        zh: '未定义：渲染目标布局往往是压缩的，着色器可能读到乱码、旧数据，也可能读到正确的颜色。',
      },
    },
    {
      id: 'layout-before-mismatch',
      messages: ['INCOMPATIBLE_BARRIER_LAYOUT'],
      simulated: true,
      visible: false,
      name: {
        en: "Mip 1's barrier after the copies says LayoutBefore COMMON (the layout it was created in), but the first barrier already moved it to COPY_DEST",
        zh: '拷贝之后 mip 1 的屏障写的 LayoutBefore 是 COMMON（创建时的布局），但第一个屏障早已把它转到了 COPY_DEST',
      },
      lookFor: {
        en: "The check fails on 'every barrier's Before is what the subresource was in'. With the debug layer on, the log reports INCOMPATIBLE_BARRIER_LAYOUT at the first ExecuteCommandLists: LayoutBefore COMMON, while enhancedTexture's mip 1 is in COPY_DEST. The resource-states panel's tooltip on that barrier shows the layout it really left (COPY_DEST → RENDER_TARGET). Enhanced barriers have no promotion: a layout changes only when a barrier says so, so the claim is simply wrong. The canvas does not change here.",
        zh: '检查在「每个屏障的前置值都是子资源当时所处的状态或布局」一项失败。打开调试层时，日志在第一次 ExecuteCommandLists 处报告 INCOMPATIBLE_BARRIER_LAYOUT：LayoutBefore 为 COMMON，而 enhancedTexture 的 mip 1 处于 COPY_DEST。资源状态面板上该屏障的提示显示它真正离开的布局（COPY_DEST → RENDER_TARGET）。增强型屏障没有隐式提升：布局只在屏障说了才变，所以这个声明就是错的。这里画布不变。',
      },
      fix: {
        en: 'Write the layout the subresource is in now as LayoutBefore (COPY_DEST, set by the barrier before the copies), or D3D12_BARRIER_LAYOUT_UNDEFINED when its contents may be thrown away.',
        zh: '把子资源此刻所处的布局写成 LayoutBefore（COPY_DEST，由拷贝之前的屏障设定）；若它的内容可以丢弃，则写 D3D12_BARRIER_LAYOUT_UNDEFINED。',
      },
      realHardware: {
        en: 'Undefined: the driver may decompress or convert from the wrong layout; often nothing visible, sometimes corrupt texels.',
        zh: '未定义：驱动可能按错误的布局解压或转换；常常看不出来，有时纹素损坏。',
      },
    },
    {
      id: 'sync-none-with-access',
      messages: ['INCOMPATIBLE_BARRIER_SYNC'],
      simulated: false,
      visible: false,
      name: {
        en: "Mip 0's barrier after the copies says SyncBefore NONE (nothing to wait for) while AccessBefore still names the copy's COPY_DEST writes",
        zh: '拷贝之后 mip 0 的屏障写的 SyncBefore 是 NONE（没有要等的工作），而 AccessBefore 仍指向拷贝的 COPY_DEST 写入',
      },
      lookFor: {
        en: "The check fails on 'every enhanced barrier's sync scopes can perform its accesses'. With the debug layer on, the log reports INCOMPATIBLE_BARRIER_SYNC at the Barrier call itself: SyncBefore NONE pairs only with AccessBefore NO_ACCESS. The resource-states panel's tooltip shows 'sync NONE → PIXEL_SHADING, access COPY_DEST → SHADER_RESOURCE' on mip 0 of enhancedTexture. The canvas does not change in the model; on a GPU the pixel shader would not wait for the copy.",
        zh: '检查在「每个增强型屏障的同步范围都能完成它的访问」一项失败。打开调试层时，日志在 Barrier 调用本身处报告 INCOMPATIBLE_BARRIER_SYNC：SyncBefore NONE 只能与 AccessBefore NO_ACCESS 搭配。资源状态面板上 enhancedTexture 的 mip 0 提示显示「sync NONE → PIXEL_SHADING, access COPY_DEST → SHADER_RESOURCE」。模型里画布不变；在 GPU 上像素着色器将不会等待拷贝完成。',
      },
      fix: {
        en: 'Set SyncBefore to the stage that did the writes, D3D12_BARRIER_SYNC_COPY: the barrier then waits for the copies and flushes their COPY_DEST writes before pixel shaders read.',
        zh: '把 SyncBefore 设为执行写入的阶段 D3D12_BARRIER_SYNC_COPY：这样屏障会等待拷贝完成，并在像素着色器读取之前刷新它们的 COPY_DEST 写入。',
      },
    },
  ],
} satisfies LessonMeta;
