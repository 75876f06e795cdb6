// The playground's sandbox: learner code (which may come from a shared link) runs here, in a worker that holds the
// model and has no DOM. It sends back the call log (plain data) that the page replays; the page ends the worker when
// it runs past its time. Before the code runs, the worker's ways out (network, storage, other workers, messaging,
// code from strings) are removed from its global scope and its guards installed (guards.ts); the server's CSP for
// this script (vite.config.ts) says the same where the host sends it.
import type { LessonDef, LessonEnv } from '../types';
import type { LessonMain } from '../runner';
import { compile, errorLine, evaluate, importsOf, runtimeError } from './evaluate';
import { GUARD, installGuards, isMemory, lockDown } from './guards';
import { runRecorded, type Recorded } from './run';
import { rehearse } from './warm';
import { resolveImport } from './modules';
import { SANDBOX_LIMITS, type FromWorker, type SandboxError, type ToWorker } from './protocol';

const lessons = import.meta.glob<LessonDef>('../*/index.ts', { import: 'default' });
const post: (m: FromWorker) => void = self.postMessage.bind(self);

/** A lesson's definition and the modules its shipped code imports, loaded once (prepare, then run). */
const prepared = new Map<string, Promise<{ def: LessonDef; mods: Map<string, unknown> }>>();
function prepare(lesson: string) {
  let p = prepared.get(lesson);
  if (!p) {
    p = (async () => {
      const load = lessons[`../${lesson}/index.ts`];
      if (!load) throw { code: 'runtime', message: `no lesson ${lesson}` } satisfies SandboxError;
      const def = await load();
      const mods = new Map<string, unknown>();
      for (const { spec } of importsOf(def.source))
        if (!mods.has(spec)) mods.set(spec, await resolveImport(lesson, spec));
      return { def, mods };
    })();
    prepared.set(lesson, p);
  }
  return p;
}

/**
 * Rounds of the shipped code a waiting worker runs (warm.ts). Lesson 14, CPU time of the learner's transpile + run
 * after n rounds: 1 (before): ~110 ms; 3: ~60; 5: ~30; 8 and 12: no better. Five rounds cost ~330 ms of CPU while the
 * worker waits.
 */
const WARM_ROUNDS = 5;
/**
 * A lesson whose shipped run takes longer than this (ms) is run in one rehearsal only, then only transpiled: its own
 * run dwarfs what warming saves (lessons 21, A1, A2, A8 run for 0.3 to 1 s), and a learner's run that arrives during
 * a rehearsal waits for it.
 */
const WARM_RUN_MS = 150;
/**
 * Rehearsals stop once this long (ms) has passed since the first began: on a busy machine they are slower and take
 * a core from the page (another tab's run, the type checker), so they give way there (lesson 14, idle: ~330 ms).
 */
const WARM_BUDGET_MS = 600;
let runStarted = false;
/** While the worker waits for its run: rehearsals of the shipped code, each a task of its own (a run starts after it). */
async function warmUp(lesson: string, env: LessonEnv) {
  const { def, mods } = await prepare(lesson);
  const require = (spec: string) => mods.get(spec) ?? {};
  let run = true;
  const t0 = performance.now();
  for (let i = 0; i < WARM_ROUNDS; i++) {
    await new Promise((r) => setTimeout(r, 0));
    if (runStarted || performance.now() - t0 > WARM_BUDGET_MS) return;
    const r = rehearse(def, env, def.source, require, run);
    if (!r.ok) return;
    if (r.runMs > WARM_RUN_MS) run = false;
  }
}

async function run(msg: Extract<ToWorker, { type: 'run' }>): Promise<Recorded[]> {
  runStarted = true;
  const { def, mods } = await prepare(msg.lesson);
  const compiled = compile(msg.source);
  if ('error' in compiled) throw compiled.error;

  // imports: only what the shipped code imports, resolved against the lesson's folder
  const allowed = new Set(importsOf(def.source).map((i) => i.spec));
  const resolved = new Map<string, unknown>();
  for (const { spec, line } of importsOf(msg.source)) {
    if (!allowed.has(spec))
      throw {
        code: 'type',
        line,
        message: `Cannot import '${spec}' here: this lesson's code may import ${[...allowed].map((s) => `'${s}'`).join(', ')}`,
      } satisfies SandboxError;
    resolved.set(spec, mods.get(spec));
  }
  const require = (spec: string) => {
    if (!resolved.has(spec)) throw new TypeError(`Cannot import '${spec}' here`);
    return resolved.get(spec) ?? {};
  };

  // where the code is, for the page (which names it if it ends the run at the time limit)
  const where: Extract<FromWorker, { type: 'progress' }> = {
    type: 'progress',
    calls: 0,
    method: null,
    line: null,
    loop: null,
  };
  let lastPost = 0;
  const report = (force: boolean) => {
    const now = performance.now();
    if (force || now - lastPost > 100) {
      lastPost = now;
      post(where);
    }
  };
  // the post above is the worker's own (taken before lockDown removes postMessage from the global scope)
  lockDown();
  const guard = installGuards((loop) => {
    where.loop = loop;
    report(false);
  });
  let exports: Record<string, unknown>;
  try {
    exports = evaluate(compiled.js, require, guard);
  } catch (e) {
    throw runtimeError(e, isMemory);
  }
  const main = exports.main;
  if (typeof main !== 'function')
    throw { code: 'type', message: 'The code must export function main(sys, env, out)' } satisfies SandboxError;

  const recorded = runRecorded(def, msg.env, main as LessonMain, (rec) => {
    rec.onCall = (n, method) => {
      if (n >= SANDBOX_LIMITS.maxCalls)
        throw new RangeError(`${GUARD}: more than ${SANDBOX_LIMITS.maxCalls} D3D12 calls in one run`);
      where.calls = n;
      where.method = method;
      // the line of every call while they are few (the page names the last one if the code then hangs outside an
      // instrumented loop), then a few a second
      if (n < 2000 || performance.now() - lastPost > 100) {
        where.line = errorLine(new Error()) ?? null;
        report(n < 2000);
      }
    };
  });
  if (recorded.error != null) {
    const err = runtimeError(recorded.error, isMemory);
    // the run up to the throw is still shown: the page replays it and says where it stopped
    throw Object.assign(err, { invocations: recorded.invocations });
  }
  return recorded.invocations;
}

self.onmessage = (e: MessageEvent<ToWorker>) => {
  const t0 = performance.now();
  if (e.data?.type === 'prepare') {
    // a failure is reported by the run that needs it
    if (e.data.env) warmUp(e.data.lesson, e.data.env).catch(() => undefined);
    else prepare(e.data.lesson).catch(() => undefined);
    return;
  }
  if (e.data?.type !== 'run') return;
  run(e.data).then(
    (invocations) => post({ type: 'done', invocations, error: null, ms: performance.now() - t0 }),
    (x: unknown) => {
      const known = x && typeof x === 'object' && 'code' in x && 'message' in x;
      const error: SandboxError = known
        ? {
            code: (x as SandboxError).code,
            message: (x as SandboxError).message,
            ...((x as SandboxError).line ? { line: (x as SandboxError).line } : {}),
          }
        : runtimeError(x, isMemory);
      const invocations = known ? ((x as { invocations?: Recorded[] }).invocations ?? null) : null;
      post({ type: 'done', invocations, error, ms: performance.now() - t0 });
    },
  );
};
post({ type: 'ready' });
