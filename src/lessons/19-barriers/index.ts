import { findLesson } from '../catalog';
import { runLessonCode } from '../runner';
import type { LessonDef, LessonRun } from '../types';
import {
  D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES, D3D12_RESOURCE_BARRIER_TYPE_TRANSITION, callsOf, indexTrace, resourceStateShort, stateChangesOf,
  type D3D12_RESOURCE_BARRIER,
} from '../../core';
import { main } from './code';
import source from './code.ts?raw';

const short = resourceStateShort;

/** The expected state history, per subresource: state (what changed it). Listed in the check's explanation. */
export const EXPECTED: { name: string; res: 'texture' | 'buffer'; sub: number; history: string }[] = [
  { name: 'texture mip 0', res: 'texture', sub: 0, history: 'COMMON (initial) → COPY_DEST (promotion) → PIXEL_SHADER_RESOURCE (barrier)' },
  { name: 'texture mip 1', res: 'texture', sub: 1, history: 'COMMON (initial) → COPY_DEST (promotion) → RENDER_TARGET (barrier) → PIXEL_SHADER_RESOURCE (barrier)' },
  { name: 'buffer', res: 'buffer', sub: 0, history: 'COMMON (initial) → COPY_DEST (promotion) → COMMON (decay)' },
];

/** The state history the trace recorded for one subresource. */
export function historyOf(run: LessonRun, res: number, sub: number): string {
  return stateChangesOf(indexTrace(run.sys.trace), res, sub).map((e) => `${short(e.after)} (${e.kind})`).join(' → ');
}

/** Explicit transitions whose StateBefore was not the state the subresource was in (the queue's own record). */
export function beforeMismatches(run: LessonRun, res: number, subCount: number): string[] {
  const ix = indexTrace(run.sys.trace);
  const given: { sub: number; before: number }[] = [];
  for (const e of callsOf(ix, 'ID3D12GraphicsCommandList::ResourceBarrier')) {
    const bs = (e.args as { Barriers?: readonly D3D12_RESOURCE_BARRIER[] }).Barriers ?? [];
    for (const b of bs) if (b.Type === D3D12_RESOURCE_BARRIER_TYPE_TRANSITION && b.Transition?.Resource?.id === res) given.push({ sub: b.Transition.Subresource, before: b.Transition.StateBefore });
  }
  const applied = stateChangesOf(ix, res).filter((e) => e.kind === 'barrier');
  const bad: string[] = [];
  let k = 0;
  for (const g of given) {
    const n = g.sub === D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES ? subCount : 1;
    for (const a of applied.slice(k, k + n)) if (a.before !== g.before) bad.push(`mip ${a.sub}: StateBefore ${short(g.before)}, was ${short(a.before)}`);
    k += n;
  }
  return bad;
}

export const lesson19: LessonDef = {
  entry: findLesson('19')!,
  source,
  panels: ['states', 'log', 'events'],
  canvas: false,
  run(env) {
    const run = runLessonCode(main, env);
    const ids = { texture: run.out.texture as number | undefined, buffer: run.out.buffer as number | undefined };
    run.out.table = {
      title: { en: 'State history per subresource (trace): expected and recorded', zh: '每个子资源的状态历史（trace）：预期与实际记录' },
      columns: [{ en: 'Subresource', zh: '子资源' }, { en: 'Expected', zh: '预期' }, { en: 'Recorded', zh: '实际记录' }],
      rows: EXPECTED.map((x) => [x.name, x.history, ids[x.res] === undefined ? '—' : historyOf(run, ids[x.res]!, x.sub)]),
      testId: 'state-history-table',
    };
    return run;
  },
  bugs: [{
    id: 'rely-on-promotion',
    name: { en: 'A COMMON texture filled by a copy (promoted to COPY_DEST) is sampled in the next submission with no barrier', zh: 'COMMON 纹理被拷贝填充（提升为 COPY_DEST）后，下一次提交不加屏障就采样' },
    lookFor: { en: 'Mip 0 stays in COPY_DEST: a write-promoted texture on a direct queue does not decay. Record time is silent; with the debug layer, ExecuteCommandLists reports INVALID_SUBRESOURCE_STATE for the draw.', zh: 'mip 0 一直停在 COPY_DEST：直接队列上被写提升的纹理不会衰减。录制时没有报错；打开调试层时，ExecuteCommandLists 为这次绘制报告 INVALID_SUBRESOURCE_STATE。' },
    fix: { en: 'Record an explicit COPY_DEST → PIXEL_SHADER_RESOURCE barrier after the copy.', zh: '拷贝之后录制一个显式的 COPY_DEST → PIXEL_SHADER_RESOURCE 屏障。' },
    realHardware: { en: 'Undefined: often the texture samples fine, sometimes compressed or stale data.', zh: '未定义：纹理常常采样正常，有时得到压缩态或旧的数据。' },
    messages: ['INVALID_SUBRESOURCE_STATE'], simulated: true, visible: false,
  }, {
    id: 'before-state-wrong',
    name: { en: 'StateBefore PIXEL_SHADER_RESOURCE on mip 1, which is still in COPY_DEST', zh: '对仍处于 COPY_DEST 的 mip 1 写 StateBefore = PIXEL_SHADER_RESOURCE' },
    lookFor: { en: 'With the debug layer, RESOURCE_BARRIER_BEFORE_AFTER_MISMATCH at the ResourceBarrier call (the list knows the promoted state). The check compares each StateBefore with the recorded state.', zh: '打开调试层时，ResourceBarrier 调用处报告 RESOURCE_BARRIER_BEFORE_AFTER_MISMATCH（列表知道提升后的状态）。检查项把每个 StateBefore 与记录的状态比对。' },
    fix: { en: 'StateBefore = the state the subresource is in: COPY_DEST after the promoting copy.', zh: 'StateBefore 取子资源当时的状态：被拷贝提升之后就是 COPY_DEST。' },
    realHardware: { en: 'Documented as dropping the call and removing the device; release runtimes often stay silent.', zh: '文档规定丢弃调用并移除设备；发行版运行时往往一声不吭。' },
    messages: ['RESOURCE_BARRIER_BEFORE_AFTER_MISMATCH'], simulated: true, visible: false,
  }],
  async check(run) {
    const ids = { texture: run.out.texture as number | undefined, buffer: run.out.buffer as number | undefined };
    const got = EXPECTED.map((x) => (ids[x.res] === undefined ? '' : historyOf(run, ids[x.res]!, x.sub)));
    const wrong = EXPECTED.filter((x, k) => got[k] !== x.history);
    const bad = ids.texture === undefined ? ['no texture'] : beforeMismatches(run, ids.texture, 2);
    return [{
      level: 'correct', ok: ids.texture !== undefined && wrong.length === 0,
      what: {
        en: `the resource-state history in the trace matches the expected sequence: ${EXPECTED.map((x) => `${x.name}: ${x.history}`).join('; ')}`,
        zh: `trace 中的资源状态历史与预期序列一致：${EXPECTED.map((x) => `${x.name.replace('texture', '纹理').replace('buffer', '缓冲')}：${x.history}`).join('；')}`,
      },
      expected: 'all three histories as listed',
      got: wrong.length === 0 ? 'as listed' : wrong.map((x) => `${x.name}: ${got[EXPECTED.indexOf(x)] || '—'}`).join('; '),
    }, {
      level: 'correct', ok: bad.length === 0,
      what: { en: 'every transition\'s StateBefore is the state the subresource was in', zh: '每个转换屏障的 StateBefore 都是子资源当时的状态' },
      expected: 'StateBefore = recorded state', got: bad.length ? bad.join('; ') : 'all match',
    }];
  },
};
