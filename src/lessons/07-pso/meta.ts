// Lesson 07: the catalogue's facts and bug texts (pure data); its code runs (index.ts).
import type { LessonMeta } from '../types';

export default {
  id: '07',
  slug: 'pso',
  title: {
    en: 'Pipeline state object',
    zh: '管线状态对象（PSO）',
  },
  canvas: true,
  panels: ['log', 'events'],
  bugs: [
    {
      id: 'rtv-format-mismatch',
      messages: ['RENDER_TARGET_FORMAT_MISMATCH_PIPELINE_STATE'],
      simulated: false,
      visible: true,
      name: {
        en: 'PSO RTVFormats[0] = DXGI_FORMAT_B8G8R8A8_UNORM while the back-buffer RTV is DXGI_FORMAT_R8G8B8A8_UNORM',
        zh: 'PSO 的 RTVFormats[0] 写成 DXGI_FORMAT_B8G8R8A8_UNORM，而后台缓冲的 RTV 是 DXGI_FORMAT_R8G8B8A8_UNORM',
      },
      lookFor: {
        en: 'CreateGraphicsPipelineState still returns S_OK, because the PSO never sees the render target, and the check reaches "runs" with the debug layer on or off. The problem appears at the draw: with the debug layer on, the debug log reports a WARNING that the render-target format in slot 0 does not match the pipeline state (a warning, not an error, so "runs" still holds). On real D3D12 hardware the result is undefined (correct colours, swapped colours or nothing); here WebGPU, which validates every draw, refuses it and shows its validation error under the canvas, so no triangle appears and the check fails at "correct".',
        zh: 'CreateGraphicsPipelineState 照样返回 S_OK，因为 PSO 看不到渲染目标，无论调试层开关，检查都能到达“可运行”。问题在绘制时才出现：打开调试层时，调试日志给出一条警告（WARNING），说 0 号槽的渲染目标格式与管线状态不一致（是警告而不是错误，所以“可运行”仍然成立）。在真实的 D3D12 硬件上结果未定义（颜色正确、红蓝互换或什么都不画）；这里的 WebGPU 会验证每一次绘制，它拒绝这次绘制并在画布下方显示验证错误，因此看不到三角形，检查在“结果正确”一级失败。',
      },
      fix: {
        en: 'Set RTVFormats[0] to the format of the RTV you bind (the swap-chain format, DXGI_FORMAT_R8G8B8A8_UNORM) and keep NumRenderTargets = 1.',
        zh: '把 RTVFormats[0] 设成所绑定 RTV 的格式（交换链格式 DXGI_FORMAT_R8G8B8A8_UNORM），并保持 NumRenderTargets = 1。',
      },
    },
  ],
} satisfies LessonMeta;
