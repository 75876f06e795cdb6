// Lesson 11: the catalogue's facts and bug texts (pure data); its code runs (index.ts).
import type { LessonMeta } from '../types';

export default {
  id: '11',
  slug: 'png-decode',
  title: {
    en: 'PNG decode: the WIC step in the browser',
    zh: 'PNG 解码：浏览器里的 WIC 步骤',
  },
  canvas: true,
  panels: ['heap', 'log'],
  bugs: [
    {
      id: 'ignore-palette',
      messages: [],
      simulated: false,
      visible: true,
      name: {
        en: 'Palette (colour type 3) PNG copied as if its bytes were colours: indices are not looked up in the PLTE table',
        zh: '把调色板 PNG（颜色类型 3）的字节直接当颜色拷贝：没有用 PLTE 表查索引',
      },
      lookFor: {
        en: 'The decode table shows 1 byte per pixel and a palette, but the output rows hold index values: the first-row comparison fails and the image looks like a dark greyscale pattern instead of its colours.',
        zh: '解码表显示每像素 1 字节并带调色板，但输出的行里装的是索引值：第一行比较失败，图像看起来是一片偏暗的灰度图案，而不是原来的颜色。',
      },
      fix: {
        en: "Expand each index through the palette (and its transparency chunk, if any) into four RGBA bytes, the step WIC's format converter does when asked for GUID_WICPixelFormat32bppRGBA.",
        zh: '把每个索引通过调色板（以及透明度块，如果有的话）展开成 4 个 RGBA 字节——这正是要求 GUID_WICPixelFormat32bppRGBA 时 WIC 格式转换器做的事。',
      },
    },
    {
      id: 'wrong-channels',
      messages: [],
      simulated: false,
      visible: true,
      name: {
        en: 'An RGB PNG (3 bytes per pixel) copied as if it were RGBA (4 bytes per pixel)',
        zh: '把 RGB PNG（每像素 3 字节）当成 RGBA（每像素 4 字节）来拷贝',
      },
      lookFor: {
        en: 'The first-row bytes drift out of step after the first pixel; the image shows diagonal colour bands and is skewed, because each row consumes 4/3 of the source it should.',
        zh: '第一行字节从第二个像素起就错位了；图像出现斜向的彩色条纹并且歪斜，因为每一行都多吃掉了三分之一的源数据。',
      },
      fix: {
        en: 'Read the colour type from the header and convert 3-channel pixels to 4 by adding alpha = 255 (WIC: convert to GUID_WICPixelFormat32bppRGBA).',
        zh: '从文件头读出颜色类型，把 3 通道像素补上 alpha = 255 变成 4 通道（WIC：转换成 GUID_WICPixelFormat32bppRGBA）。',
      },
    },
  ],
} satisfies LessonMeta;
