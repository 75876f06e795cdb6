import { defineLesson } from '../define';
import { runLessonCode } from '../runner';
import { pixelItem } from '../common/checks';
import { VERTEXID_HLSL, VERTEXID_WGSL } from '../common/shaders';
import { main } from './code';
import source from './code.ts?raw';
import meta from './meta';

const FMT: Record<number, string> = { 28: 'DXGI_FORMAT_R8G8B8A8_UNORM', 87: 'DXGI_FORMAT_B8G8R8A8_UNORM' };

export const lesson07 = defineLesson(meta, {
  source,
  shaders: { hlsl: VERTEXID_HLSL, wgsl: VERTEXID_WGSL },
  run: (env) => runLessonCode(main, env),
  async check(run, pixels, env) {
    return [
      {
        level: 'correct',
        ok: typeof run.out.pso === 'number',
        what: { en: 'the PSO was created', zh: 'PSO 已创建' },
        expected: 'ID3D12PipelineState',
        got: typeof run.out.pso === 'number' ? `object #${String(run.out.pso)}` : 'none',
      },
      {
        level: 'correct',
        ok: run.out.psoFormat === run.out.rtFormat,
        what: { en: 'PSO RTVFormats[0] matches the render target', zh: 'PSO 的 RTVFormats[0] 与渲染目标一致' },
        expected: FMT[Number(run.out.rtFormat)] ?? String(run.out.rtFormat),
        got: FMT[Number(run.out.psoFormat)] ?? String(run.out.psoFormat),
      },
      await pixelItem(pixels, env.width / 2, env.height / 2, [255, 204, 0, 255], {
        en: "centre pixel is the triangle's yellow (255,204,0)",
        zh: '中心像素是三角形的黄色 (255,204,0)',
      }),
    ];
  },
});

export default lesson07;
