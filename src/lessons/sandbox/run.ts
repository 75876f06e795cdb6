// A lesson's own run() with the learner's main in its place: recorded in the sandbox worker, replayed on the page.
// The lesson's run() keeps what is the lesson's (its modelled machine, a second launch, the tables it builds from
// `out`), so an edited lesson reaches the page exactly as the shipped one does.
import type { D3D12System } from '../../core';
import { withMain, type LessonMain } from '../runner';
import { HrError, type LessonDef, type LessonEnv, type LessonRun } from '../types';
import { setSharedRanges, sharedRanges, type SharedRange } from '../common/hidden';
import { Recorder, replay, toWire, type Invocation } from './record';

export type Recorded = Invocation & { shared: SharedRange[] };

/** `out` as plain data: values that cannot travel (functions, objects the model did not hand out) are left out. */
function outToWire(out: Record<string, unknown>, rec: Recorder): Record<string, unknown> {
  const r: Record<string, unknown> = {};
  for (const k of Object.keys(out)) {
    try {
      r[k] = toWire(out[k], rec.h, rec.unwrap);
    } catch {
      /* not data: the page's tables and checks read data only */
    }
  }
  return r;
}

/**
 * Runs def.run(env) with `learnerMain` as the lesson's main, behind a recording proxy. `onRecorder` sees each
 * launch's recorder before the code runs (the sandbox hooks its limits there). The first error that is not a
 * failed HRESULT (ThrowIfFailed) is returned: the sandbox reports it with its line.
 */
export function runRecorded(
  def: LessonDef,
  env: LessonEnv,
  learnerMain: LessonMain,
  onRecorder?: (rec: Recorder) => void,
): { invocations: Recorded[]; run: LessonRun; error: unknown } {
  const invocations: Recorded[] = [];
  let error: unknown = null;
  const main: LessonMain = (sys, e, out, ...extra) => {
    const rec = new Recorder(sys);
    onRecorder?.(rec);
    const proxy = rec.wrap(sys) as D3D12System;
    let thrown: Invocation['thrown'] = null;
    try {
      learnerMain(proxy, e, out, ...extra);
    } catch (x) {
      if (x instanceof HrError) thrown = { hr: x.hr, what: x.what, message: x.message };
      else {
        error ??= x;
        thrown = { hr: null, what: 'error', message: x instanceof Error ? x.message : String(x) };
      }
      throw x;
    } finally {
      invocations.push({
        calls: rec.calls,
        endWrites: rec.flushWrites(),
        out: outToWire(out, rec),
        thrown,
        shared: sharedRanges(proxy),
      });
    }
  };
  const run = withMain(main, () => def.run(env));
  return { invocations, run, error };
}

/** The page's side: def.run(env) with each launch's log replayed on the lesson's own model. */
export function replayRun(def: LessonDef, env: LessonEnv, invocations: readonly Recorded[]): LessonRun {
  let k = 0;
  const main: LessonMain = (sys, _e, out) => {
    const inv = invocations[k++];
    if (!inv) throw new Error('replay: the lesson launched its code more often than in the sandbox');
    replay(sys, inv, out);
    setSharedRanges(sys, inv.shared);
    if (inv.thrown) throw inv.thrown.hr ? new HrError(inv.thrown.hr, inv.thrown.what) : new Error(inv.thrown.message);
  };
  return withMain(main, () => def.run(env));
}
