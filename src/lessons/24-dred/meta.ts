// Lesson 24: the catalogue's facts and bug texts (pure data); its code runs (index.ts).
import type { LessonMeta } from '../types';

export default {
  id: '24',
  slug: 'dred',
  title: {
    en: 'Device removed: DRED breadcrumbs and page faults',
    zh: '设备移除：DRED 面包屑与页错误',
  },
  canvas: false,
  panels: ['fences', 'events', 'heap', 'log'],
  bugs: [
    {
      id: 'use-after-release',
      messages: ['OBJECT_DELETED_WHILE_STILL_IN_USE'],
      simulated: true,
      visible: false,
      name: {
        en: 'The upload buffer (or a texture) is released right after ExecuteCommandLists, while the GPU work that reads it is still in flight',
        zh: 'ExecuteCommandLists 之后立刻释放上传缓冲（或纹理），而读取它的 GPU 工作仍在执行',
      },
      lookFor: {
        en: "With the debug layer on, the debug log reports, at the Release, an object deleted while still referenced by GPU work in flight. The GPU then faults on the freed memory: the device is removed, the fence jumps to UINT64_MAX, and the DRED panel shows the page-fault address inside an allocation in the 'recently freed' list, with its name, plus the breadcrumb of the copy or draw that was running. On real hardware the outcome varies: page fault and removal, or garbage.",
        zh: '打开调试层时，调试日志在 Release 处报告：对象被删除时仍被在途的 GPU 工作引用。随后 GPU 访问已释放的内存出错：设备被移除，围栏跳到 UINT64_MAX，DRED 面板显示页错误地址落在"最近释放"列表中的一笔分配里（带名字），以及当时正在执行的拷贝或绘制的面包屑。真实硬件上后果不一：页错误并移除设备，或者得到乱码。',
      },
      fix: {
        en: 'Keep the resource alive until the fence value signalled after its last use has completed (defer the release to that point).',
        zh: '让资源一直存活，直到它最后一次使用之后 Signal 的围栏值完成（把释放推迟到那时）。',
      },
      realHardware: {
        en: 'Varies: a page fault and removal, or the copy reads garbage.',
        zh: '因硬件而异：页错误并移除设备，或者拷贝读到乱码。',
      },
    },
  ],
} satisfies LessonMeta;
