// A waiting sandbox worker rehearses: it transpiles and runs the lesson's shipped code (the app's own, trusted) the
// way a learner's run will, so that the run finds the transpiler (sucrase, acorn), the recording proxy and the model
// compiled by the engine. Every run gets a fresh worker (lockDown empties its global scope), and in a fresh worker
// these ran cold: for lesson 14, ~110 ms of CPU to transpile and run the learner's code, against ~30 once warm.
// Nothing of a rehearsal reaches the run: each run of a lesson builds its own D3D12System, and neither the model nor
// the recorder keeps state outside one (the model's caches are keyed by system and trace); warm.test.ts checks it.
import type { LessonMain } from '../runner';
import type { LessonDef, LessonEnv } from '../types';
import { compile, evaluate } from './evaluate';
import { runRecorded } from './run';

/**
 * One rehearsal: `source` transpiled, and unless `run` is false evaluated and run as `def`'s code, unguarded.
 * Answers whether it went through, and how long the run took (ms; 0 when not run).
 */
export function rehearse(
  def: LessonDef,
  env: LessonEnv,
  source: string,
  require: (spec: string) => unknown,
  run = true,
): { ok: boolean; runMs: number } {
  const compiled = compile(source);
  if ('error' in compiled) return { ok: false, runMs: 0 };
  if (!run) return { ok: true, runMs: 0 };
  const t0 = performance.now();
  try {
    const main = evaluate(compiled.js, require).main;
    if (typeof main !== 'function') return { ok: false, runMs: 0 };
    const ok = runRecorded(def, env, main as LessonMain).error == null;
    return { ok, runMs: performance.now() - t0 };
  } catch {
    return { ok: false, runMs: performance.now() - t0 };
  }
}
