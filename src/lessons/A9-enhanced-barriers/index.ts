import { defineLesson } from '../define';
import { runLessonCode } from '../runner';
import type { CheckItem, LessonRun } from '../types';
import {
  D3D12_BARRIER_TYPE_TEXTURE,
  accessShort,
  callsOf,
  indexTrace,
  layoutShort,
  resourceStateShort,
  stateChangesOf,
  syncAccessProblem,
  syncShort,
  type D3D12_BARRIER_GROUP,
} from '../../core';
import { pixelItem } from '../common/checks';
import { MIP0_RGBA, MIP1_CLEAR, PS_HLSL, SAMPLE_LEVEL_WGSL, main } from './code';
import source from './code.ts?raw';
import meta from './meta';

type Which = 'legacy' | 'enhanced';
/** The expected history per subresource: legacy states (with promotion), enhanced layouts (barriers only). */
export const EXPECTED: { name: string; res: Which; sub: number; history: string }[] = [
  {
    name: 'legacyTexture mip 0',
    res: 'legacy',
    sub: 0,
    history: 'COMMON (initial) → COPY_DEST (promotion) → PIXEL_SHADER_RESOURCE (barrier)',
  },
  {
    name: 'legacyTexture mip 1',
    res: 'legacy',
    sub: 1,
    history: 'COMMON (initial) → COPY_DEST (promotion) → RENDER_TARGET (barrier) → PIXEL_SHADER_RESOURCE (barrier)',
  },
  {
    name: 'enhancedTexture mip 0',
    res: 'enhanced',
    sub: 0,
    history: 'layout COMMON (initial) → layout COPY_DEST (barrier) → layout SHADER_RESOURCE (barrier)',
  },
  {
    name: 'enhancedTexture mip 1',
    res: 'enhanced',
    sub: 1,
    history:
      'layout COMMON (initial) → layout COPY_DEST (barrier) → layout RENDER_TARGET (barrier) → layout SHADER_RESOURCE (barrier)',
  },
];

const KIND_ZH: Record<string, string> = { initial: '初始', promotion: '隐式提升', barrier: '屏障', decay: '隐式衰减' };
const historyZh = (h: string) =>
  h
    .replace(/ \((initial|promotion|barrier|decay)\)/g, (_m, k: string) => `（${KIND_ZH[k]}）`)
    .replace(/layout /g, '布局 ');

/** The history the trace recorded: states for legacy changes, layouts for the changes an enhanced barrier made. */
export function historyOf(run: LessonRun, res: number, sub: number): string {
  const ch = stateChangesOf(indexTrace(run.sys.trace), res, sub);
  const enhanced = ch.some((e) => e.enh);
  return ch
    .map((e) => {
      if (e.enh) return `layout ${layoutShort(e.enh.layoutAfter)} (${e.kind})`;
      return `${enhanced && e.kind === 'initial' ? 'layout ' : ''}${resourceStateShort(e.after)} (${e.kind})`;
    })
    .join(' → ');
}

/** Barriers whose Before (legacy StateBefore or enhanced LayoutBefore) was not what the subresource was in: the model's hazards. */
export function beforeMismatches(run: LessonRun): string[] {
  return run.sys.trace.events
    .filter((e) => e.k === 'hazard' && e.kind === 'before-after-mismatch')
    .map((e) => {
      const d = (e.k === 'hazard' ? e.detail : {}) as Record<string, number | boolean>;
      const name = (v: number) => (d.layout ? layoutShort(v) : resourceStateShort(v));
      return `call ${e.i}: subresource ${String(d.subresource)}: Before ${name(Number(d.before))}, was ${name(Number(d.current))}`;
    });
}

/** Enhanced barriers whose sync scope cannot perform the access it names (from the calls as the program made them). */
export function syncProblems(run: LessonRun): string[] {
  const bad: string[] = [];
  for (const c of callsOf(indexTrace(run.sys.trace), 'ID3D12GraphicsCommandList7::Barrier')) {
    const groups = (c.args as { BarrierGroups?: readonly D3D12_BARRIER_GROUP[] }).BarrierGroups ?? [];
    for (const g of groups) {
      const bs =
        g.Type === D3D12_BARRIER_TYPE_TEXTURE
          ? (g.TextureBarriers ?? [])
          : (g.BufferBarriers ?? g.GlobalBarriers ?? []);
      for (const b of bs)
        for (const [side, sync, access] of [
          ['Before', b.SyncBefore, b.AccessBefore],
          ['After', b.SyncAfter, b.AccessAfter],
        ] as const)
          if (syncAccessProblem(sync >>> 0, access >>> 0))
            bad.push(
              `call ${c.i}: Sync${side} ${syncShort(sync >>> 0)} with Access${side} ${accessShort(access >>> 0)}`,
            );
    }
  }
  return bad;
}

const MIP1_RGBA = MIP1_CLEAR.map((v) => Math.round(v * 255)) as [number, number, number, number];

export const lessonA9 = defineLesson(meta, {
  source,
  shaders: { hlsl: PS_HLSL, wgsl: SAMPLE_LEVEL_WGSL },
  run(env) {
    const run = runLessonCode(main, env);
    const ids = { legacy: run.out.legacy as number | undefined, enhanced: run.out.enhanced as number | undefined };
    run.out.table = {
      title: {
        en: 'History per subresource (trace): legacy states and enhanced layouts, expected and recorded',
        zh: '每个子资源的历史（trace）：旧式状态与增强型布局，预期与实际记录',
      },
      columns: [
        { en: 'Subresource', zh: '子资源' },
        { en: 'Expected', zh: '预期' },
        { en: 'Recorded', zh: '实际记录' },
      ],
      rows: EXPECTED.map((x) => [
        x.name,
        x.history,
        ids[x.res] === undefined ? '—' : historyOf(run, ids[x.res]!, x.sub),
      ]),
      testId: 'layout-history-table',
    };
    return run;
  },
  async check(run, pixels) {
    const ids = { legacy: run.out.legacy as number | undefined, enhanced: run.out.enhanced as number | undefined };
    const got = EXPECTED.map((x) => (ids[x.res] === undefined ? '' : historyOf(run, ids[x.res]!, x.sub)));
    const wrong = EXPECTED.filter((x, k) => got[k] !== x.history);
    const before = beforeMismatches(run);
    const sync = syncProblems(run);
    const items: CheckItem[] = [
      {
        level: 'correct',
        ok: ids.enhanced !== undefined && wrong.length === 0,
        what: {
          en: `the trace's history matches: ${EXPECTED.map((x) => `${x.name}: ${x.history}`).join('; ')}`,
          zh: `跟踪记录中的历史与预期一致：${EXPECTED.map((x) => `${x.name}：${historyZh(x.history)}`).join('；')}`,
        },
        expected: 'all four histories as listed',
        got:
          wrong.length === 0
            ? 'as listed'
            : wrong.map((x) => `${x.name}: ${got[EXPECTED.indexOf(x)] || '—'}`).join('; '),
      },
      {
        level: 'correct',
        ok: before.length === 0,
        what: {
          en: "every barrier's Before (StateBefore, LayoutBefore) is what the subresource was in",
          zh: '每个屏障的前置值（StateBefore、LayoutBefore）都是子资源当时所处的状态或布局',
        },
        expected: 'no mismatch',
        got: before.length ? before.join('; ') : 'all match',
      },
      {
        level: 'correct',
        ok: sync.length === 0,
        what: {
          en: "every enhanced barrier's sync scopes can perform its accesses (SYNC_NONE only with NO_ACCESS)",
          zh: '每个增强型屏障的同步范围都能完成它的访问（SYNC_NONE 只能配 NO_ACCESS）',
        },
        expected: 'compatible sync and access',
        got: sync.length ? sync.join('; ') : 'all compatible',
      },
    ];
    // same pixels both ways: left half legacy, right half enhanced; top row mip 0, bottom row mip 1
    for (const [x, y] of [
      [16, 16],
      [48, 16],
      [16, 48],
      [48, 48],
    ])
      items.push(
        await pixelItem(pixels, x, y, (y < 32 ? MIP0_RGBA : MIP1_RGBA) as [number, number, number, number], {
          en: `${x < 32 ? 'legacy' : 'enhanced'} texture, mip ${y < 32 ? 0 : 1}: ${y < 32 ? 'the copied colour' : 'the clear colour'} at (${x},${y})`,
          zh: `${x < 32 ? '旧式' : '增强型'}纹理 mip ${y < 32 ? 0 : 1}：(${x},${y}) 处为${y < 32 ? '拷贝的颜色' : '清除颜色'}`,
        }),
      );
    return items;
  },
});

export default lessonA9;
