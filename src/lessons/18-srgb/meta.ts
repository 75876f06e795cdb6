// Lesson 18: the catalogue's facts and bug texts (pure data); its code runs (index.ts).
import type { LessonMeta } from '../types';

export default {
  id: '18',
  slug: 'srgb',
  title: {
    en: 'sRGB: colour textures vs data textures',
    zh: 'sRGB：颜色纹理与数据纹理',
  },
  canvas: true,
  panels: ['descriptors', 'states', 'log'],
  bugs: [
    {
      id: 'srgb-on-data',
      messages: [],
      simulated: false,
      visible: true,
      name: {
        en: 'The data texture (a normal map) sampled through an R8G8B8A8_UNORM_SRGB view',
        zh: '数据纹理（法线贴图）通过 R8G8B8A8_UNORM_SRGB 视图采样',
      },
      lookFor: {
        en: "The normal map on the right half of the canvas turns too dark: its flat texel (128, 128, 255) samples as 0.216 instead of 0.502 and shows as 128 instead of 188. The sampler 'decoded' numbers that were never sRGB; in a lit scene this bends every normal. A real effect on WebGPU (an rgba8unorm-srgb view); no debug message, the view is legal.",
        zh: '画布右半边的法线贴图变得太暗：平坦纹素 (128, 128, 255) 采样得到 0.216 而不是 0.502，显示为 128 而不是 188。采样器把本来就不是 sRGB 的数值"解码"了；在有光照的场景里，这会让每一条法线都弯折。这是 WebGPU 上的真实效果（rgba8unorm-srgb 视图）；没有调试消息，这个视图是合法的。',
      },
      fix: {
        en: 'Give data textures (normals, roughness, masks, lookup tables) a plain DXGI_FORMAT_R8G8B8A8_UNORM view; keep _SRGB for colour art.',
        zh: '数据纹理（法线、粗糙度、遮罩、查找表）用普通的 DXGI_FORMAT_R8G8B8A8_UNORM 视图；_SRGB 只留给颜色美术资源。',
      },
    },
    {
      id: 'no-srgb-on-colour',
      messages: [],
      simulated: false,
      visible: true,
      name: {
        en: 'The colour texture sampled through a plain R8G8B8A8_UNORM view while the render target encodes sRGB',
        zh: '颜色纹理通过普通的 R8G8B8A8_UNORM 视图采样，而渲染目标会做 sRGB 编码',
      },
      lookFor: {
        en: 'The colour half on the left looks washed out, too bright and low in contrast: bytes that were already sRGB-encoded are encoded a second time on output. The mid-grey texel samples as 0.502 instead of 0.216 and shows as 188 instead of 128. A real effect on WebGPU; no debug message, the view is legal.',
        zh: '左半边的颜色纹理发白、偏亮、对比度低：已经做过 sRGB 编码的字节在输出时又被编码了一次。中灰纹素采样得到 0.502 而不是 0.216，显示为 188 而不是 128。这是 WebGPU 上的真实效果；没有调试消息，这个视图是合法的。',
      },
      fix: {
        en: "Sample colour textures through a DXGI_FORMAT_R8G8B8A8_UNORM_SRGB view (of a resource created _TYPELESS or _UNORM_SRGB), so that the render target's encode undoes the sampler's decode.",
        zh: '颜色纹理通过 DXGI_FORMAT_R8G8B8A8_UNORM_SRGB 视图采样（资源以 _TYPELESS 或 _UNORM_SRGB 创建），让渲染目标的编码正好抵消采样器的解码。',
      },
    },
  ],
} satisfies LessonMeta;
