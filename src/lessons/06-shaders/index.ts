import { defineLesson } from '../define';
import { runLessonCode } from '../runner';
import { pixelItem } from '../common/checks';
import { TRIANGLE_HLSL, TRIANGLE_WGSL } from '../common/shaders';
import { main } from './code';
import source from './code.ts?raw';
import meta from './meta';

type Sem = { SemanticName: string; SemanticIndex: number };
type El = Sem & { Format: number; AlignedByteOffset: number };
const FMT: Record<number, string> = {
  2: 'R32G32B32A32_FLOAT',
  6: 'R32G32B32_FLOAT',
  16: 'R32G32_FLOAT',
  28: 'R8G8B8A8_UNORM',
};
const HLSL_TYPE: Record<string, number> = { POSITION: 6, COLOR: 2 };

export const lesson06 = defineLesson(meta, {
  source,
  shaders: { hlsl: TRIANGLE_HLSL, wgsl: TRIANGLE_WGSL },
  run(env) {
    const run = runLessonCode(main, env);
    const ins = (run.out.vsInputs as Sem[] | undefined) ?? [];
    const layout = (run.out.inputLayout as El[] | undefined) ?? [];
    run.out.table = {
      title: { en: 'VS input signature vs input layout', zh: 'VS 输入签名与输入布局' },
      columns: [
        { en: 'VS input', zh: 'VS 输入' },
        { en: 'Input element', zh: '输入元素' },
        { en: 'Format', zh: '格式' },
        { en: 'Offset', zh: '偏移' },
      ],
      rows: ins.map((s, i) => {
        const e = layout.find((x) => x.SemanticName === s.SemanticName && x.SemanticIndex === s.SemanticIndex);
        return [
          `${s.SemanticName}${s.SemanticIndex || ''}`,
          e ? e.SemanticName : `✘ missing (layout[${i}] = ${layout[i]?.SemanticName ?? '—'})`,
          e ? `DXGI_FORMAT_${FMT[e.Format] ?? e.Format}` : '—',
          e ? `${e.AlignedByteOffset} B` : '—',
        ];
      }),
      testId: 'input-layout-table',
    };
    return run;
  },
  async check(run, pixels) {
    const ins = (run.out.vsInputs as Sem[] | undefined) ?? [];
    const layout = (run.out.inputLayout as El[] | undefined) ?? [];
    const bad = ins.filter((s) => {
      const e = layout.find((x) => x.SemanticName === s.SemanticName && x.SemanticIndex === s.SemanticIndex);
      return !e || (HLSL_TYPE[s.SemanticName] !== undefined && HLSL_TYPE[s.SemanticName] !== e.Format);
    });
    return [
      {
        level: 'correct',
        ok: ins.length > 0 && bad.length === 0,
        what: {
          en: 'every VS input semantic is in the input layout, with a matching format',
          zh: '每个 VS 输入语义都在输入布局里，格式匹配',
        },
        expected: ins.map((s) => s.SemanticName).join(', '),
        got: bad.length
          ? `missing: ${bad.map((s) => s.SemanticName).join(', ')}`
          : layout.map((e) => e.SemanticName).join(', '),
      },
      {
        level: 'correct',
        ok: typeof run.out.pso === 'number',
        what: { en: 'the pipeline state object was created', zh: '管线状态对象已创建' },
        expected: 'ID3D12PipelineState',
        got: typeof run.out.pso === 'number' ? `object #${String(run.out.pso)}` : 'none',
      },
      await pixelItem(pixels, 4, 4, [255, 0, 255, 255], {
        en: 'the frame clears to the background colour',
        zh: '画面清成背景色',
      }),
    ];
  },
});

export default lesson06;
