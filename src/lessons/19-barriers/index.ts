import { defineLesson } from '../define';
import { runLessonCode } from '../runner';
import type { LessonRun } from '../types';
import {
  D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES,
  D3D12_RESOURCE_BARRIER_TYPE_TRANSITION,
  callsOf,
  indexTrace,
  resourceStateShort,
  stateChangesOf,
  type D3D12_RESOURCE_BARRIER,
} from '../../core';
import { main } from './code';
import source from './code.ts?raw';
import meta from './meta';

const short = resourceStateShort;

/** The expected state history, per subresource: state (what changed it). Listed in the check's explanation. */
export const EXPECTED: { name: string; res: 'texture' | 'buffer'; sub: number; history: string }[] = [
  {
    name: 'texture mip 0',
    res: 'texture',
    sub: 0,
    history: 'COMMON (initial) → COPY_DEST (promotion) → PIXEL_SHADER_RESOURCE (barrier)',
  },
  {
    name: 'texture mip 1',
    res: 'texture',
    sub: 1,
    history: 'COMMON (initial) → COPY_DEST (promotion) → RENDER_TARGET (barrier) → PIXEL_SHADER_RESOURCE (barrier)',
  },
  { name: 'buffer', res: 'buffer', sub: 0, history: 'COMMON (initial) → COPY_DEST (promotion) → COMMON (decay)' },
];

/** A history as the zh check line reads it: the kinds of change in Chinese, the D3D12 state names as they are. */
const KIND_ZH: Record<string, string> = { initial: '初始', promotion: '隐式提升', barrier: '屏障', decay: '隐式衰减' };
function historyZh(h: string): string {
  return h.replace(/ \((initial|promotion|barrier|decay)\)/g, (_m, k: string) => `（${KIND_ZH[k]}）`);
}

/** The state history the trace recorded for one subresource. */
export function historyOf(run: LessonRun, res: number, sub: number): string {
  return stateChangesOf(indexTrace(run.sys.trace), res, sub)
    .map((e) => `${short(e.after)} (${e.kind})`)
    .join(' → ');
}

/** Explicit transitions whose StateBefore was not the state the subresource was in (the queue's own record). */
export function beforeMismatches(run: LessonRun, res: number, subCount: number): string[] {
  const ix = indexTrace(run.sys.trace);
  const given: { sub: number; before: number }[] = [];
  for (const e of callsOf(ix, 'ID3D12GraphicsCommandList::ResourceBarrier')) {
    const bs = (e.args as { Barriers?: readonly D3D12_RESOURCE_BARRIER[] }).Barriers ?? [];
    for (const b of bs)
      if (b.Type === D3D12_RESOURCE_BARRIER_TYPE_TRANSITION && b.Transition?.Resource?.id === res)
        given.push({ sub: b.Transition.Subresource, before: b.Transition.StateBefore });
  }
  const applied = stateChangesOf(ix, res).filter((e) => e.kind === 'barrier');
  const bad: string[] = [];
  let k = 0;
  for (const g of given) {
    const n = g.sub === D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES ? subCount : 1;
    for (const a of applied.slice(k, k + n))
      if (a.before !== g.before) bad.push(`mip ${a.sub}: StateBefore ${short(g.before)}, was ${short(a.before)}`);
    k += n;
  }
  return bad;
}

export const lesson19 = defineLesson(meta, {
  source,
  run(env) {
    const run = runLessonCode(main, env);
    const ids = { texture: run.out.texture as number | undefined, buffer: run.out.buffer as number | undefined };
    run.out.table = {
      title: {
        en: 'State history per subresource (trace): expected and recorded',
        zh: '每个子资源的状态历史（trace）：预期与实际记录',
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
      testId: 'state-history-table',
    };
    return run;
  },
  async check(run) {
    const ids = { texture: run.out.texture as number | undefined, buffer: run.out.buffer as number | undefined };
    const got = EXPECTED.map((x) => (ids[x.res] === undefined ? '' : historyOf(run, ids[x.res]!, x.sub)));
    const wrong = EXPECTED.filter((x, k) => got[k] !== x.history);
    const bad = ids.texture === undefined ? ['no texture'] : beforeMismatches(run, ids.texture, 2);
    return [
      {
        level: 'correct',
        ok: ids.texture !== undefined && wrong.length === 0,
        what: {
          en: `the resource-state history in the trace matches the expected sequence: ${EXPECTED.map((x) => `${x.name}: ${x.history}`).join('; ')}`,
          zh: `跟踪记录中的资源状态历史与预期序列一致：${EXPECTED.map((x) => `${x.name.replace('texture', '纹理').replace('buffer', '缓冲')}：${historyZh(x.history)}`).join('；')}`,
        },
        expected: 'all three histories as listed',
        got:
          wrong.length === 0
            ? 'as listed'
            : wrong.map((x) => `${x.name}: ${got[EXPECTED.indexOf(x)] || '—'}`).join('; '),
      },
      {
        level: 'correct',
        ok: bad.length === 0,
        what: {
          en: "every transition's StateBefore is the state the subresource was in",
          zh: '每个转换屏障的 StateBefore 都是子资源当时的状态',
        },
        expected: 'StateBefore = recorded state',
        got: bad.length ? bad.join('; ') : 'all match',
      },
    ];
  },
});

export default lesson19;
