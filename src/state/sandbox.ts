// The page's side of the playground sandbox: a fresh worker per run (learner code may have changed its globals),
// one kept warm in advance, ended when the run passes its time limit. The rest of the page never waits on it.
import type { LessonEnv } from '../lessons/types';
import { SANDBOX_LIMITS, type FromWorker, type SandboxError, type ToWorker } from '../lessons/sandbox/protocol';
import type { Recorded } from '../lessons/sandbox/run';

export interface SandboxOutcome {
  invocations: Recorded[] | null;
  error: SandboxError | null;
  /** Wall time from posting the code to the answer, worker start excluded when it was warm. */
  ms: number;
}

let spare: Worker | null = null;

function spawn(): Worker {
  return new Worker(new URL('../lessons/sandbox/sandbox.worker.ts', import.meta.url), {
    type: 'module',
    name: 'd3d12lab-sandbox',
  });
}

let spareLesson: string | null = null;
/** Runs whose worker is still running (a spare started meanwhile would rehearse on a core the run needs). */
let inFlight = 0;
/** How long after a run its successor's worker is started (a run's page work takes a few hundred ms). */
const SPARE_DELAY_MS = 300;

/**
 * Start a worker now, loading `lesson`'s modules, so the first Run does not wait for them (editing starts). With
 * `env` the worker also runs the lesson's shipped code while it waits, so that the learner's run finds its
 * transpiler and the model warm (in a fresh worker they ran cold: the worker's part of a run took 3 to 4 times as long).
 */
export function warmSandbox(lesson?: string, env?: LessonEnv): void {
  if (typeof Worker === 'undefined') return;
  if (!spare) {
    spare = spawn();
    spareLesson = null;
  }
  if (lesson && spareLesson !== lesson) {
    spare.postMessage({ type: 'prepare', lesson, ...(env ? { env } : {}) } satisfies ToWorker);
    spareLesson = lesson;
  }
}

type Progress = Extract<FromWorker, { type: 'progress' }>;

/** Where the code was: the loop it was running (instrument.ts), and its last D3D12 call. */
export function where(p: Progress | null): { text: string; line?: number } {
  const calls = p?.method
    ? `after ${p.calls + 1} D3D12 calls; the last was ${p.method}${p.line ? ` on line ${p.line}` : ''}`
    : 'before its first D3D12 call';
  if (p?.loop) return { text: `in the loop on line ${p.loop} (${calls})`, line: p.loop };
  return { text: calls, ...(p?.line ? { line: p.line } : {}) };
}

/** Runs `source` as lesson `lesson`'s code in a sandbox worker. Never rejects. */
export function runInSandbox(
  lesson: string,
  source: string,
  env: LessonEnv,
  timeoutMs: number = SANDBOX_LIMITS.timeoutMs,
  /** Ends the run early (the type checker found an error: the run's outcome no longer matters). */
  signal?: AbortSignal,
): Promise<SandboxOutcome> {
  const worker = spare ?? spawn();
  spare = null;
  inFlight++;
  const t0 = performance.now();
  return new Promise((resolve) => {
    let progress: Progress | null = null;
    let settled = false;
    const done = (o: Omit<SandboxOutcome, 'ms'>) => {
      if (settled) return;
      settled = true;
      inFlight--;
      clearTimeout(timer);
      worker.terminate();
      resolve({ ...o, ms: performance.now() - t0 });
      // the next run's spare starts once this run's page work (replay, draw, check) is past: started with the run,
      // its module loading took one of the two cores from the run and the replay. Not while another run is in its
      // worker (runs back to back): that run's end starts the spare.
      setTimeout(() => {
        if (inFlight === 0) warmSandbox(lesson, env);
      }, SPARE_DELAY_MS);
    };
    const timer = setTimeout(() => {
      const w = where(progress);
      done({
        invocations: null,
        error: {
          code: 'timeout',
          message: `Stopped after ${timeoutMs / 1000} s: the code was still running ${w.text}.`,
          ...(w.line ? { line: w.line } : {}),
        },
      });
    }, timeoutMs);
    worker.onmessage = (e: MessageEvent<FromWorker>) => {
      const m = e.data;
      if (m.type === 'progress') progress = m;
      else if (m.type === 'done') done({ invocations: m.invocations, error: m.error });
    };
    worker.onerror = (e) => {
      e.preventDefault();
      done({ invocations: null, error: { code: 'runtime', message: `the sandbox failed: ${e.message || 'error'}` } });
    };
    worker.onmessageerror = () =>
      done({
        invocations: null,
        error: { code: 'runtime', message: 'the sandbox answered with data the page cannot read' },
      });
    signal?.addEventListener('abort', () =>
      done({ invocations: null, error: { code: 'runtime', message: 'the run was cancelled' } }),
    );
    worker.postMessage({ type: 'run', lesson, source, env });
  });
}
