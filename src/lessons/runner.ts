// Runs a lesson's code against a fresh model and grades it in three levels (SYLLABUS.md):
// builds (objects created, no HRESULT failure) -> runs (no device removal, no debug-layer error) -> correct.

import { D3D12System, FAILED, failedCalls, indexTrace, removalOf, type HRESULT } from '../core';
import {
  HrError,
  type CheckItem,
  type CheckReport,
  type LessonDef,
  type LessonEnv,
  type LessonRun,
  type Level,
  type PixelReader,
} from './types';

/** A lesson's main; `extra`: what its run() passes besides (lesson 22's new window size, lesson 23's GBV switch). */
export type LessonMain = (sys: D3D12System, env: LessonEnv, out: Record<string, unknown>, ...extra: never[]) => void;

// The playground runs a lesson's own run() (its system, its second launch, its tables) with other code in main's
// place: the learner's code in the sandbox worker, the replay of its log on the page.
let mainOverride: LessonMain | null = null;
export function withMain<T>(main: LessonMain, fn: () => T): T {
  const before = mainOverride;
  mainOverride = main;
  try {
    return fn();
  } finally {
    mainOverride = before;
  }
}

export function runLessonCode(
  main: LessonMain,
  env: LessonEnv,
  makeSystem: () => D3D12System = () => new D3D12System({ settings: { keepGpuReads: true } }),
  extra: readonly unknown[] = [],
): LessonRun {
  const sys = makeSystem();
  const out: Record<string, unknown> = {};
  let stopped: LessonRun['stopped'] = null;
  try {
    // (arguments passed here rather than bound in a closure, so the playground's code in main's place gets them too)
    (mainOverride ?? main)(sys, env, out, ...(extra as never[]));
  } catch (e) {
    // A learner's mistake stops the program as it would on Windows (ThrowIfFailed, or a null object).
    if (e instanceof HrError) {
      const last = failedCalls(indexTrace(sys.trace))
        .reverse()
        .find((c) => c.hr === e.hr);
      stopped = { hr: e.hr, what: last ? `${last.api} returned ${e.hr}` : e.message, callIndex: sys.callIndex };
    } else stopped = { hr: null, what: e instanceof Error ? e.message : String(e), callIndex: sys.callIndex };
  }
  return { sys, out, stopped };
}

/**
 * ThrowIfFailed, as in Microsoft's samples: stop at the first failed HRESULT, else hand back the created
 * object (`ThrowIfFailed(device->CreateCommandQueue(&desc, IID_PPV_ARGS(&queue)))`).
 */
export function ThrowIfFailed<T>(r: { hr: HRESULT; out?: T }): T {
  if (FAILED(r.hr)) throw new HrError(r.hr, 'ThrowIfFailed');
  return r.out as T;
}

/** The builds and runs items every lesson shares. */
export function genericItems(def: LessonDef, run: LessonRun): CheckItem[] {
  const items: CheckItem[] = [];
  const ix = indexTrace(run.sys.trace);
  const failures = failedCalls(ix)
    .filter((e) => !def.expectedFailures?.some((x) => x.api === e.api && x.hr === e.hr))
    .map((e) => `${e.api} → ${e.hr} (call ${e.i})`);
  items.push({
    level: 'builds',
    ok: failures.length === 0 && !run.stopped,
    what: {
      en: 'every D3D12 call returned success and the code ran to its end',
      zh: '每个 D3D12 调用都返回成功，代码运行到结尾',
    },
    expected: 'S_OK',
    got: failures.length
      ? failures.join('; ')
      : run.stopped
        ? `stopped at call ${run.stopped.callIndex}: ${run.stopped.what}`
        : 'S_OK',
  });
  const removed = removalOf(ix);
  const errors = run.sys.messages.filter(
    (m) => (m.severity === 'ERROR' || m.severity === 'CORRUPTION') && !def.expectedMessages?.includes(m.id),
  );
  const intended = def.expectedRemoval;
  items.push({
    level: 'runs',
    ok: !removed || removed.reason === intended,
    what: intended
      ? {
          en: `the device was not removed, except by the lesson's deliberate fault (${intended})`,
          zh: `设备没有被移除，课程故意制造的故障（${intended}）除外`,
        }
      : { en: 'the device was not removed', zh: '设备没有被移除' },
    expected: intended ? `GetDeviceRemovedReason() == S_OK or ${intended}` : 'GetDeviceRemovedReason() == S_OK',
    got: removed ? `${removed.reason} (call ${removed.i})` : 'S_OK',
  });
  // a lesson that raises a message on purpose (lesson 02's test error, lesson 24's removal) says so
  const deliberate = [
    ...new Set(run.sys.messages.filter((m) => def.expectedMessages?.includes(m.id)).map((m) => m.id)),
  ];
  items.push({
    level: 'runs',
    ok: errors.length === 0,
    what: deliberate.length
      ? {
          en: `the debug layer reported no error besides the lesson's deliberate ${deliberate.join(', ')}`,
          zh: `除了课程故意触发的 ${deliberate.join('、')}，调试层没有报告错误`,
        }
      : { en: 'the debug layer reported no error', zh: '调试层没有报告错误' },
    expected: deliberate.length
      ? `0 other ERROR / CORRUPTION messages (${deliberate.join(', ')} expected)`
      : '0 ERROR / CORRUPTION messages',
    got: errors.length
      ? errors.map((m) => `${m.id} (call ${m.callIndex})`).join('; ')
      : deliberate.length
        ? `0 others; ${deliberate.join(', ')} raised as intended`
        : '0',
  });
  return items;
}

/** Levels are cumulative: "runs" counts only if it builds, "correct" only if it runs. */
export function grade(items: CheckItem[]): CheckReport {
  const ok = (l: Level) => items.filter((i) => i.level === l).every((i) => i.ok);
  let level: Level | 'none' = 'none';
  let status: 'pass' | 'fail' = 'fail';
  if (ok('builds')) {
    level = 'builds';
    if (ok('runs')) {
      level = 'runs';
      if (ok('correct')) {
        level = 'correct';
        status = 'pass';
      }
    }
  }
  return { level, status, items };
}

export async function checkLesson(
  def: LessonDef,
  run: LessonRun,
  pixels: PixelReader,
  env: LessonEnv,
): Promise<CheckReport> {
  const own = await def.check(run, pixels, env).catch((e: unknown): CheckItem[] => [
    {
      level: 'correct',
      ok: false,
      what: { en: 'the check itself', zh: '检查本身' },
      expected: 'ran',
      got: String(e),
    },
  ]);
  return grade([...genericItems(def, run), ...own]);
}
