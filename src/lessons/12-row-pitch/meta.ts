// Lesson 12: the catalogue's facts and bug texts (pure data); its code runs (index.ts).
import type { LessonMeta } from '../types';

export default {
  id: '12',
  slug: 'row-pitch',
  title: {
    en: 'Row pitch: 256-byte alignment and copyable footprints',
    zh: '行距：256 字节对齐与可复制足迹',
  },
  canvas: true,
  panels: ['heap', 'log'],
  bugs: [
    {
      id: 'unaligned-pitch',
      messages: [],
      simulated: false,
      visible: true,
      name: {
        en: 'Rows written tightly packed (width × 4 bytes apart) into an upload buffer whose footprint says RowPitch = align(width × 4, 256)',
        zh: '上传缓冲的足迹写着 RowPitch = align(width × 4, 256)，却把各行紧密排列（相隔 width × 4 字节）写进去',
      },
      lookFor: {
        en: "The canvas shows the texture skewed, 'pushed over': each row starts further to the side than the one above, with a diagonal seam. This is a real effect of the copy on WebGPU, not a simulation. The check on the footprint still passes and the debug layer is silent: the footprint is valid, only its contents are wrong.",
        zh: '画布上的纹理是歪的，像被"推倒"了：每一行都比上一行更往一侧偏，出现一条斜向接缝。这是 WebGPU 上拷贝的真实效果，不是模拟。足迹检查照样通过，调试层也不出声：足迹本身是合法的，错的只是里面的内容。',
      },
      fix: {
        en: 'Copy row by row: destination offset fp.Offset + y × fp.Footprint.RowPitch, source offset y × width × 4, length RowSizeInBytes (or use UpdateSubresources).',
        zh: '逐行拷贝：目标偏移 fp.Offset + y × fp.Footprint.RowPitch，源偏移 y × width × 4，长度 RowSizeInBytes（或者直接用 UpdateSubresources）。',
      },
    },
  ],
} satisfies LessonMeta;
