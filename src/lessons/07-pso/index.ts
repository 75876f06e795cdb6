import { findLesson } from '../catalog';
import { runLessonCode } from '../runner';
import type { LessonDef } from '../types';
import { pixelItem } from '../common/checks';
import { VERTEXID_HLSL, VERTEXID_WGSL } from '../common/shaders';
import { main } from './code';
import source from './code.ts?raw';

const FMT: Record<number, string> = { 28: 'DXGI_FORMAT_R8G8B8A8_UNORM', 87: 'DXGI_FORMAT_B8G8R8A8_UNORM' };

export const lesson07: LessonDef = {
  entry: findLesson('07')!,
  source,
  panels: ['log', 'events'],
  canvas: true,
  shaders: { hlsl: VERTEXID_HLSL, wgsl: VERTEXID_WGSL },
  run: (env) => runLessonCode(main, env),
  bugs: [{
    id: 'rtv-format-mismatch',
    name: { en: 'PSO RTVFormats[0] is B8G8R8A8_UNORM; the render target is R8G8B8A8_UNORM', zh: 'PSO 的 RTVFormats[0] 是 B8G8R8A8_UNORM，渲染目标却是 R8G8B8A8_UNORM' },
    lookFor: { en: 'The PSO is created (S_OK), but the draw does not match the bound target: the check fails on RTVFormats[0] and on the missing triangle. WebGPU refuses such a draw, and says why; real GPUs are undefined here.', zh: 'PSO 能创建（S_OK），但绘制与绑定的目标不匹配：检查在 RTVFormats[0] 和缺失的三角形上失败。WebGPU 会拒绝这种绘制并说明原因；真实 GPU 上是未定义行为。' },
    fix: { en: 'RTVFormats must list the formats of the RTVs bound when drawing: here the swap chain\'s DXGI_FORMAT_R8G8B8A8_UNORM.', zh: 'RTVFormats 必须与绘制时绑定的 RTV 格式一致：这里是交换链的 DXGI_FORMAT_R8G8B8A8_UNORM。' },
    realHardware: { en: 'Undefined: many drivers draw anyway with the channels reinterpreted; others draw nothing.', zh: '未定义：很多驱动照样绘制但通道被错误解释；有的什么也不画。' },
    messages: ['RENDER_TARGET_FORMAT_MISMATCH_PIPELINE_STATE'], simulated: true, visible: true,
  }],
  async check(run, pixels, env) {
    return [{
      level: 'correct', ok: typeof run.out.pso === 'number',
      what: { en: 'the PSO was created', zh: 'PSO 已创建' }, expected: 'ID3D12PipelineState', got: typeof run.out.pso === 'number' ? `object #${String(run.out.pso)}` : 'none',
    }, {
      level: 'correct', ok: run.out.psoFormat === run.out.rtFormat,
      what: { en: 'PSO RTVFormats[0] matches the render target', zh: 'PSO 的 RTVFormats[0] 与渲染目标一致' },
      expected: FMT[Number(run.out.rtFormat)] ?? String(run.out.rtFormat), got: FMT[Number(run.out.psoFormat)] ?? String(run.out.psoFormat),
    }, await pixelItem(pixels, env.width / 2, env.height / 2, [255, 204, 0, 255], { en: 'centre pixel is the triangle\'s yellow (255,204,0)', zh: '中心像素是三角形的黄色 (255,204,0)' })];
  },
};
