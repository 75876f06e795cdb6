import { defineLesson } from '../define';
import { runLessonCode } from '../runner';
import type { LessonRun } from '../types';
import { indexTrace } from '../../core';
import { type FenceRow, Submissions, TimeoutMs, main } from './code';
import source from './code.ts?raw';
import meta from './meta';

/** Modelled time each WaitForSingleObject blocked, in ms, in call order (the trace's `wait` intervals). */
export function waitedMs(run: LessonRun): number[] {
  return indexTrace(run.sys.trace).waits.map((e) => Math.round((e.end - e.start) / 1e4) / 100);
}

export const lesson20 = defineLesson(meta, {
  source,
  run(env) {
    const run = runLessonCode(main, env);
    const rows = (run.out.rows as FenceRow[] | undefined) ?? [];
    const waited = waitedMs(run);
    let w = 0;
    run.out.table = {
      title: {
        en: 'Fence values per submission (Signal, SetEventOnCompletion, WaitForSingleObject with a 2000 ms timeout)',
        zh: '每次提交的围栏值（Signal、SetEventOnCompletion、超时 2000 毫秒的 WaitForSingleObject）',
      },
      columns: [
        { en: 'Submission', zh: '提交' },
        { en: 'Signal(fence, value)', zh: 'Signal(fence, value)' },
        { en: 'Awaited value', zh: '等待的值' },
        { en: 'GetCompletedValue() before', zh: '等待前 GetCompletedValue()' },
        { en: 'WaitForSingleObject', zh: 'WaitForSingleObject' },
        { en: 'Waited (modelled ms)', zh: '等待时长（模拟毫秒）' },
        { en: 'GetCompletedValue() after', zh: '等待后 GetCompletedValue()' },
      ],
      rows: rows.map((r) => [
        String(r.submission),
        r.signalled,
        r.awaited,
        r.before,
        r.wait,
        r.wait === 'not needed' ? '0' : String(waited[w++] ?? '—'),
        r.after,
      ]),
      testId: 'fence-table',
    };
    return run;
  },
  async check(run) {
    const rows = (run.out.rows as FenceRow[] | undefined) ?? [];
    const bad = rows.filter(
      (r) => (r.wait !== 'WAIT_OBJECT_0' && r.wait !== 'not needed') || BigInt(r.after) < BigInt(r.awaited),
    );
    const waited = waitedMs(run);
    return [
      {
        level: 'correct',
        ok: rows.length === Submissions && bad.length === 0,
        what: {
          en: `each wait ends with WAIT_OBJECT_0 within ${TimeoutMs} ms and GetCompletedValue() then reaches the signalled value`,
          zh: `每次等待都在 ${TimeoutMs} 毫秒内以 WAIT_OBJECT_0 结束，随后 GetCompletedValue() 达到 Signal 的值`,
        },
        expected: `${Submissions} × WAIT_OBJECT_0, completed ≥ target (1, 2, 3)`,
        got: bad.length
          ? bad
              .map(
                (r) =>
                  `submission ${r.submission}: ${r.wait}${r.wait === 'WAIT_TIMEOUT' ? ` after ${waited[waited.length - 1]} ms` : ''}, awaited ${r.awaited}, reached ${r.after}`,
              )
              .join('; ')
          : `${rows.length} × ${rows.map((r) => r.wait).join(', ')}; values ${rows.map((r) => r.after).join(', ')}`,
      },
    ];
  },
});

export default lesson20;
