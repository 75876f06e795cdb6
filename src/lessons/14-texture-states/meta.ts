// Lesson 14: the catalogue's facts and bug texts (pure data); its code runs (index.ts).
import type { LessonMeta } from '../types';

export default {
  id: '14',
  slug: 'texture-states',
  title: {
    en: 'Texture states: COPY_DEST → PIXEL_SHADER_RESOURCE',
    zh: '纹理状态：COPY_DEST → PIXEL_SHADER_RESOURCE',
  },
  canvas: true,
  panels: ['states', 'descriptors', 'log'],
  bugs: [
    {
      id: 'missing-barrier',
      messages: ['INVALID_SUBRESOURCE_STATE'],
      simulated: true,
      visible: true,
      name: {
        en: 'No COPY_DEST → PIXEL_SHADER_RESOURCE barrier between the copy and the draw that samples the texture',
        zh: '拷贝和采样这张纹理的绘制之间缺少 COPY_DEST → PIXEL_SHADER_RESOURCE 屏障',
      },
      lookFor: {
        en: "The canvas shows the textured area black and the texel check fails; this outcome is the model's choice, real GPUs may show black, garbage or the right image. Resource states show the texture still in COPY_DEST at the draw. With the debug layer on (root signature 1.1, static range) the debug log reports an invalid state at SetGraphicsRootDescriptorTable; with GPU-based validation the report comes after execution.",
        zh: '画布上贴图区域是黑的，纹素检查失败；这个结果是模型的选择，真实 GPU 可能显示黑色、乱码，也可能显示正确的图像。资源状态面板显示绘制时纹理仍处于 COPY_DEST。打开调试层时（1.1 版根签名、静态范围），调试日志在 SetGraphicsRootDescriptorTable 处报告状态非法；开启 GPU 验证时，报告在执行之后出现。',
      },
      fix: {
        en: 'Record a transition barrier from D3D12_RESOURCE_STATE_COPY_DEST to D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE after CopyTextureRegion and before the first draw that samples the texture.',
        zh: '在 CopyTextureRegion 之后、第一次采样该纹理的绘制之前，录制一个从 D3D12_RESOURCE_STATE_COPY_DEST 到 D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE 的转换屏障。',
      },
      realHardware: {
        en: 'Undefined: black, garbage, or the right image on one GPU and not another.',
        zh: '未定义：黑色、乱码，或者在一块 GPU 上正确、换一块就错。',
      },
    },
  ],
} satisfies LessonMeta;
