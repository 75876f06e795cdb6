// Lesson 18: the catalogue's facts and bug texts (pure data); prose only for now.
import type { LessonMeta } from '../types';

export default {
  id: '18',
  slug: 'srgb',
  title: {
    en: 'sRGB: colour textures vs data textures',
    zh: 'sRGB：颜色纹理与数据纹理',
  },
  bugs: [
    {
      id: 'srgb-on-data',
      messages: [],
      simulated: false,
      name: {
        en: 'A data texture (normal map / mask) sampled through an R8G8B8A8_UNORM_SRGB view',
        zh: '数据纹理（法线贴图/遮罩）通过 R8G8B8A8_UNORM_SRGB 视图采样',
      },
      lookFor: {
        en: "The data image on the canvas is too dark, and the mid-grey check reads about 0.216 instead of 0.502: the sampler 'decoded' numbers that were never sRGB. In a lit scene this bends normals and shifts roughness. A real effect on WebGPU; no debug message.",
        zh: '画布上的数据图像偏暗，中灰检查读到约 0.216 而不是 0.502：采样器把本来就不是 sRGB 的数值"解码"了。在有光照的场景里，这会让法线弯折、粗糙度偏移。这是 WebGPU 上的真实效果；没有调试消息。',
      },
      fix: {
        en: 'Give data textures a plain DXGI_FORMAT_R8G8B8A8_UNORM view (or create them UNORM); reserve _SRGB for colour art.',
        zh: '数据纹理用普通的 DXGI_FORMAT_R8G8B8A8_UNORM 视图（或直接以 UNORM 创建）；_SRGB 只留给颜色美术资源。',
      },
    },
    {
      id: 'no-srgb-on-colour',
      messages: [],
      simulated: false,
      name: {
        en: 'A colour texture sampled through a plain R8G8B8A8_UNORM view while the render target encodes sRGB',
        zh: '颜色纹理通过普通的 R8G8B8A8_UNORM 视图采样，而渲染目标会做 sRGB 编码',
      },
      lookFor: {
        en: 'The photo on the canvas looks washed out, too bright and low in contrast: its already-encoded values are encoded a second time on output. The colour check reads 0.502 for byte 128 and the screen shows about 188 instead of 128. A real effect on WebGPU; no debug message.',
        zh: '画布上的照片发白、偏亮、对比度低：已经编码过的值在输出时又被编码了一次。颜色检查对字节 128 读到 0.502，屏幕上显示约 188 而不是 128。这是 WebGPU 上的真实效果；没有调试消息。',
      },
      fix: {
        en: "Sample colour textures through a DXGI_FORMAT_R8G8B8A8_UNORM_SRGB view (resource created as _UNORM_SRGB or _TYPELESS) so the render target's encode round-trips.",
        zh: '颜色纹理通过 DXGI_FORMAT_R8G8B8A8_UNORM_SRGB 视图采样（资源以 _UNORM_SRGB 或 _TYPELESS 创建），让渲染目标的编码正好还原。',
      },
    },
  ],
} satisfies LessonMeta;
