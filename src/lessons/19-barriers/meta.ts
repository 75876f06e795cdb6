// Lesson 19: the catalogue's facts and bug texts (pure data); its code runs (index.ts).
import type { LessonMeta } from '../types';

export default {
  id: '19',
  slug: 'barriers',
  title: {
    en: 'Barriers in depth: subresources, promotion and decay',
    zh: '深入屏障：子资源、隐式提升与衰减',
  },
  canvas: false,
  panels: ['states', 'log', 'events'],
  bugs: [
    {
      id: 'rely-on-promotion',
      messages: ['INVALID_SUBRESOURCE_STATE'],
      simulated: true,
      visible: false,
      name: {
        en: 'A COMMON texture is filled by a copy (promoted to COPY_DEST) in one submission and sampled in the next with no barrier, assuming it decayed back to COMMON',
        zh: 'COMMON 状态的纹理在一次提交里被拷贝填充（提升为 COPY_DEST），下一次提交不加屏障就采样，以为它已衰减回 COMMON',
      },
      lookFor: {
        en: "Resource states show the texture still in COPY_DEST at the draw: a write-promoted texture on a direct queue does not decay. Without the debug layer the error is hidden and the canvas shows the model's pick for undefined behaviour; with it, the debug log reports INVALID_SUBRESOURCE_STATE at the draw: the texture is in COPY_DEST (where the copy's promotion left it) while the draw needs PIXEL_SHADER_RESOURCE.",
        zh: '资源状态面板显示绘制时纹理仍处于 COPY_DEST：直接队列上被写提升的纹理不会衰减。不开调试层时错误被藏起来，画布显示的是模型为这种未定义行为选定的结果；打开调试层时，调试日志在绘制处报告 INVALID_SUBRESOURCE_STATE：纹理处于 COPY_DEST（拷贝的提升把它留在那里），而绘制需要 PIXEL_SHADER_RESOURCE。',
      },
      fix: {
        en: 'Record an explicit COPY_DEST → PIXEL_SHADER_RESOURCE barrier after the copy; count on promotion only for the first use of a resource in COMMON, and on decay only for the cases that decay.',
        zh: '拷贝之后录制一个显式的 COPY_DEST → PIXEL_SHADER_RESOURCE 屏障；只在资源处于 COMMON 时的第一次使用上依赖提升，只在确实会衰减的情况下依赖衰减。',
      },
      realHardware: {
        en: 'Undefined: often the texture samples fine, sometimes compressed or stale data.',
        zh: '未定义：纹理常常采样正常，有时得到压缩态或旧的数据。',
      },
    },
    {
      id: 'before-state-wrong',
      messages: ['RESOURCE_BARRIER_BEFORE_AFTER_MISMATCH'],
      simulated: true,
      visible: false,
      name: {
        en: 'Transition barrier whose StateBefore is not the state the resource is in (PIXEL_SHADER_RESOURCE → RENDER_TARGET on a texture still in COPY_DEST)',
        zh: '转换屏障的 StateBefore 不是资源当前的真实状态（对仍处于 COPY_DEST 的纹理写 PIXEL_SHADER_RESOURCE → RENDER_TARGET）',
      },
      lookFor: {
        en: 'With the debug layer on, the debug log reports that the before state does not match the state set by the previous barrier (at record time in the same list, otherwise at ExecuteCommandLists). The resource-states panel shows the two histories disagreeing. The documented runtime response is to drop the call and remove the device; release runtimes often stay silent and the result is undefined.',
        zh: '打开调试层时，调试日志报告前状态与上一次屏障设定的状态不一致（同一命令列表内在录制时报告，否则在 ExecuteCommandLists 时）。资源状态面板显示两份历史对不上。文档规定运行时会丢弃这次调用并移除设备；发行版运行时往往一声不吭，结果未定义。',
      },
      fix: {
        en: "Set StateBefore to the resource's actual current state, as tracked by your own state tracker or shown in the resource-states panel.",
        zh: '把 StateBefore 设为资源当前的真实状态——由你自己的状态跟踪器记录，或者在资源状态面板里查看。',
      },
      realHardware: {
        en: 'Documented as dropping the call and removing the device; release runtimes often stay silent.',
        zh: '文档规定丢弃调用并移除设备；发行版运行时往往一声不吭。',
      },
    },
  ],
} satisfies LessonMeta;
