import { defineLesson } from '../define';
import { runLessonCode } from '../runner';
import { D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT } from '../../core';
import { pixelItem } from '../common/checks';
import { main } from './code';
import source from './code.ts?raw';
import meta from './meta';

type Norm = {
  version: number;
  flags: number;
  params: { ParameterType: number; ShaderVisibility: number; ShaderRegister: number; Num32BitValues: number }[];
};
const PT = ['DESCRIPTOR_TABLE', '32BIT_CONSTANTS', 'CBV', 'SRV', 'UAV'];
const VIS = ['ALL', 'VERTEX', 'HULL', 'DOMAIN', 'GEOMETRY', 'PIXEL'];

export const lesson05 = defineLesson(meta, {
  source,
  run(env) {
    const run = runLessonCode(main, env);
    const n = run.out.blob as Norm | undefined;
    run.out.table = {
      title: {
        en: `Serialised root signature${run.out.blobSize ? ` (${String(run.out.blobSize)} bytes)` : ''}`,
        zh: `序列化后的根签名${run.out.blobSize ? `（${String(run.out.blobSize)} 字节）` : ''}`,
      },
      columns: [
        { en: 'Field', zh: '字段' },
        { en: 'Value', zh: '值' },
      ],
      rows: n
        ? [
            ['Version', n.version === 2 ? 'D3D_ROOT_SIGNATURE_VERSION_1_1' : 'D3D_ROOT_SIGNATURE_VERSION_1_0'],
            [
              'Flags',
              n.flags & D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT
                ? 'ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT'
                : `0x${n.flags.toString(16)}`,
            ],
            ...n.params.map((p, i) => [
              `Parameters[${i}]`,
              `${PT[p.ParameterType]} b${p.ShaderRegister} × ${p.Num32BitValues} DWORDs, SHADER_VISIBILITY_${VIS[p.ShaderVisibility]}`,
            ]),
            ['Device HighestVersion', Number(run.out.highestVersion) === 2 ? '1_1' : '1_0'],
          ]
        : [['ErrorBlob', String(run.out.errorBlob ?? '—')]],
      testId: 'root-signature-table',
    };
    return run;
  },
  async check(run, pixels, env) {
    return [
      {
        level: 'correct',
        ok: typeof run.out.rootSignature === 'number' && !!run.out.blob,
        what: { en: 'the root signature was serialised and created', zh: '根签名已序列化并创建' },
        expected: 'blob + ID3D12RootSignature',
        got: run.out.blob
          ? `${String(run.out.blobSize)}-byte blob, object #${String(run.out.rootSignature)}`
          : `error blob: ${String(run.out.errorBlob ?? 'none')}`,
      },
      await pixelItem(pixels, env.width / 2, env.height / 2, [255, 0, 255, 255], {
        en: 'the frame still clears to magenta',
        zh: '画面仍然清成品红',
      }),
    ];
  },
});

export default lesson05;
