// Lesson A2: the catalogue's facts and bug texts (pure data); its code runs (index.ts).
import type { LessonMeta } from '../types';

export default {
  id: 'A2',
  slug: 'upload-ring',
  title: {
    en: 'Upload ring: one large upload heap, placed buffers',
    zh: '上传环：一个大上传堆与放置缓冲',
  },
  canvas: true,
  panels: ['heap', 'fences', 'log'],
  bugs: [
    {
      id: 'one-upload-buffer-per-texture',
      messages: [],
      simulated: false,
      visible: false,
      name: {
        en: 'Each texture gets its own CreateCommittedResource buffer on D3D12_HEAP_TYPE_UPLOAD, kept until the end of the run instead of a suballocation from the ring',
        zh: '每张纹理都用 CreateCommittedResource 在 D3D12_HEAP_TYPE_UPLOAD 上单独建一个缓冲，并一直保留到运行结束，而不是从环里子分配',
      },
      lookFor: {
        en: "The grid of 100 textures looks exactly the same, but the check fails on 'upload memory bounded'. The heap timeline shows a new UPLOAD allocation for every texture (each 8 KiB footprint rounded up to a 64 KiB buffer) piling up to about 6.3 MiB, where the ring stays one flat 256 KiB heap. The debug log is silent: nothing here is illegal, only wasteful.",
        zh: '100 张纹理组成的网格看起来完全一样，但检查在"上传内存有上限"一项失败。堆时间线上每张纹理都多出一次 UPLOAD 分配（每个 8 KiB 的足迹都向上取整成 64 KiB 的缓冲），一路堆到约 6.3 MiB；而环始终只是一个 256 KiB 的堆。调试日志没有任何输出：这里没有违规，只是浪费。',
      },
      fix: {
        en: 'Suballocate each footprint from the one persistently mapped ring buffer (GetCopyableFootprints with the ring offset as BaseOffset) and take space back by fence value. If you do keep per-texture buffers, release each one once the fence shows its copy has completed.',
        zh: '从那一个持久映射的环形缓冲里为每个足迹子分配（GetCopyableFootprints 的 BaseOffset 传入环内偏移），并按围栏值回收空间。如果确实要每张纹理一个缓冲，就在围栏表明它的复制完成后逐个释放。',
      },
    },
  ],
} satisfies LessonMeta;
