import { D3D12System, D3D_FEATURE_LEVEL_12_1, defaultAdapters } from '../../core';
import { defineLesson } from '../define';
import { runLessonCode } from '../runner';
import { main } from './code';
import source from './code.ts?raw';
import meta from './meta';

const FL: Record<number, string> = { 0xb000: '11_0', 0xb100: '11_1', 0xc000: '12_0', 0xc100: '12_1', 0xc200: '12_2' };
const fl = (v: unknown) => `D3D_FEATURE_LEVEL_${FL[Number(v)] ?? Number(v).toString(16)}`;

/**
 * This lesson's modelled machine: the same two GPUs as lesson 1, but the discrete one is a generation older and
 * tops out at D3D_FEATURE_LEVEL_12_1, as many learners' cards do (so "I need 12_2" has somewhere to fail).
 */
export function lesson03System(): D3D12System {
  const adapters = defaultAdapters();
  adapters[1] = {
    ...adapters[1],
    Description: 'Modelled Discrete GPU (previous generation)',
    maxFeatureLevel: D3D_FEATURE_LEVEL_12_1,
    highestShaderModel: 0x65,
  };
  return new D3D12System({ adapters });
}

export const lesson03 = defineLesson(meta, {
  source,
  run(env) {
    const run = runLessonCode(main, env, lesson03System);
    const f = run.out.features as Record<string, unknown> | undefined;
    if (f) {
      const rows: [string, string][] = [
        ['MaxSupportedFeatureLevel', fl(f.MaxSupportedFeatureLevel)],
        ['ResourceBindingTier', `TIER_${f.ResourceBindingTier}`],
        ['ResourceHeapTier', `TIER_${f.ResourceHeapTier}`],
        ['TiledResourcesTier', `TIER_${f.TiledResourcesTier}`],
        ['UMA / CacheCoherentUMA', `${f.UMA} / ${f.CacheCoherentUMA}`],
        ['Root signature HighestVersion', Number(f.HighestVersion) === 2 ? '1_1' : '1_0'],
        ['HighestShaderModel', `6_${Number(f.HighestShaderModel) & 0xf}`],
      ];
      run.out.table = {
        title: {
          en: `CheckFeatureSupport on ${String(run.out.adapter)}`,
          zh: `${String(run.out.adapter)} 的 CheckFeatureSupport 结果`,
        },
        columns: [
          { en: 'Feature', zh: '特性' },
          { en: 'Supported', zh: '支持情况' },
        ],
        rows: rows,
        testId: 'feature-table',
      };
    }
    return run;
  },
  async check(run) {
    const f = run.out.features as Record<string, unknown> | undefined;
    const max = Number(f?.MaxSupportedFeatureLevel ?? 0);
    return [
      {
        level: 'correct',
        ok: run.out.createHr === 'S_OK' && max >= 0xb000,
        what: { en: 'a device exists at feature level ≥ 11_0', zh: '设备已创建，功能级别 ≥ 11_0' },
        expected: 'S_OK, ≥ D3D_FEATURE_LEVEL_11_0',
        got: `${String(run.out.createHr)}${f ? `, ${fl(max)}` : ''}`,
      },
      {
        level: 'correct',
        ok: !!f && f.ResourceBindingTier !== undefined && f.HighestShaderModel !== undefined,
        what: { en: 'the feature-support table is filled', zh: '特性支持表已填好' },
        expected: 'levels, options, architecture, root signature, shader model',
        got: f ? 'filled' : 'empty',
      },
    ];
  },
});

export default lesson03;
