// Lesson A2: the catalogue's facts and bug texts (pure data); prose only for now.
import type { LessonMeta } from '../types';

export default {
  id: 'A2',
  slug: 'upload-ring',
  title: {
    en: 'Upload ring: one large upload heap, placed buffers',
    zh: '上传环：一个大上传堆与放置缓冲',
  },
  bugs: [
    {
      id: 'one-upload-buffer-per-texture',
      messages: [],
      simulated: false,
      name: {
        en: 'Each texture gets its own CreateCommittedResource buffer on D3D12_HEAP_TYPE_UPLOAD, kept until the end of the run instead of suballocating from the ring',
        zh: '每张纹理都用 CreateCommittedResource 在 D3D12_HEAP_TYPE_UPLOAD 上单独建一个缓冲，并一直保留到运行结束，而不是从环里子分配',
      },
      lookFor: {
        en: "The textures still look right, but the check fails on 'upload memory bounded'. The heap timeline shows a new UPLOAD allocation per texture, each rounded up to a multiple of 64 KiB, and the total climbing to about 25 MiB instead of staying at the ring's 8 MiB. The debug log is silent: nothing here is illegal, only wasteful.",
        zh: '纹理看起来仍然正确，但检查在"上传内存有上限"一项失败。堆时间线上每张纹理都多出一次 UPLOAD 分配，每次都向上取整到 64 KiB 的倍数，总量一路涨到约 25 MiB，而不是停在环的 8 MiB。调试日志没有任何输出：这里没有违规，只是浪费。',
      },
      fix: {
        en: "Suballocate each texture's footprints from the one persistently mapped ring buffer and reclaim space by fence value. If you do keep per-texture buffers, release each one once the fence shows its copy has completed.",
        zh: '从那一个持久映射的环形缓冲里为每张纹理的足迹子分配，并按围栏值回收空间。如果确实要每张纹理一个缓冲，就在围栏表明它的复制完成后逐个释放。',
      },
    },
  ],
} satisfies LessonMeta;
