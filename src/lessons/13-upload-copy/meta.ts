// Lesson 13: the catalogue's facts and bug texts (pure data); its code runs (index.ts).
import type { LessonMeta } from '../types';

export default {
  id: '13',
  slug: 'upload-copy',
  title: {
    en: 'Upload buffer, Map/Unmap, CopyTextureRegion',
    zh: '上传缓冲、Map/Unmap 与 CopyTextureRegion',
  },
  canvas: true,
  panels: ['heap', 'fences', 'states', 'log'],
  bugs: [
    {
      id: 'copy-before-write',
      messages: [],
      simulated: true,
      visible: true,
      name: {
        en: 'ExecuteCommandLists with the copy is called before the CPU has written the pixels into the upload buffer',
        zh: '包含拷贝的 ExecuteCommandLists 在 CPU 把像素写进上传缓冲之前就调用了',
      },
      lookFor: {
        en: 'The texel check fails: the texture holds whatever the upload buffer contained when the GPU ran the copy (here zeros, so black). Events show the memcpy after the submission; the debug log is silent, because Map does no synchronisation and the layer cannot see CPU writes. On real hardware this is a race: the result depends on timing.',
        zh: '纹素检查失败：纹理里是 GPU 执行拷贝那一刻上传缓冲里的内容（这里是零，所以是黑色）。事件面板里 memcpy 出现在提交之后；调试日志一声不响，因为 Map 不做任何同步，调试层也看不到 CPU 写入。真实硬件上这是一场竞争：结果取决于时序。',
      },
      fix: {
        en: 'Finish every CPU write (Map, row copies, Unmap) before the ExecuteCommandLists that contains the CopyTextureRegion.',
        zh: '在包含 CopyTextureRegion 的 ExecuteCommandLists 之前，完成所有 CPU 写入（Map、逐行拷贝、Unmap）。',
      },
      realHardware: {
        en: 'A race: the copy may see old bytes, new bytes or a mix, depending on timing.',
        zh: '一场竞争：拷贝可能看到旧字节、新字节或两者混合，取决于时序。',
      },
    },
  ],
} satisfies LessonMeta;
