// The playground: the learner's own version of a lesson's code, run in the sandbox and shown through the same run
// flow as the shipped code (lessonRun.requestRun with the replayed run). One store for the editor's state and the
// last run's outcome; runEdited is what the Run button, Ctrl/Cmd+Enter and window.d3d12lab.runCode call.
import { createStore } from 'zustand/vanilla';
import { failedCalls, indexTrace, type MessageId } from '../core';
import type { CheckReport, LessonDef, LessonEnv, Level } from '../lessons/types';
import { SANDBOX_LIMITS, type SandboxError } from '../lessons/sandbox/protocol';
import { replayRun } from '../lessons/sandbox/run';
import { lessonStore } from './lesson';
import { requestRun } from './lessonRun';
import { runInSandbox } from './sandbox';
import { checkerStore, typeCheck } from './typecheck';

export interface RunCodeResult {
  status: 'pass' | 'fail' | 'error';
  level: Level | 'none';
  messages: { id: MessageId; severity: string; line: number | null }[];
  error?: SandboxError;
}

/** What the editor marks: a debug-layer message, a failed HRESULT or the sandbox's error, on a line. */
export interface Diagnostic {
  line: number;
  severity: 'error' | 'warning' | 'info';
  kind: 'message' | 'hresult' | 'error';
  /** The message's id / the failing API / the error's code. */
  id: string;
  callIndex: number | null;
  /** For messages: the message's index in the run's log (the link into the debug log). */
  messageIndex?: number;
  text: string;
}

export interface PlaygroundState {
  /** The lesson the editor is open on (null: not editing). */
  lesson: string | null;
  text: string;
  running: boolean;
  result: RunCodeResult | null;
  diagnostics: Diagnostic[];
  /** The request (lessonStore.generation) the last edited run became. */
  generation: number;
  /** Time of the last edited run, from Run to the check (ms). */
  ms: number | null;
  /** A notice for the learner (saved edits reset, a link's code unreadable, a link too long). */
  notice: string | null;
}

export const playStore = createStore<PlaygroundState>()(() => ({
  lesson: null,
  text: '',
  running: false,
  result: null,
  diagnostics: [],
  generation: -1,
  ms: null,
  notice: null,
}));

/** Opens the editor on `lesson` with `text` ('' : the editor starts from the saved edit or the lesson's code). */
export const openEditor = (lesson: string, text: string) =>
  playStore.setState((s) =>
    s.lesson === lesson ? { text } : { lesson, text, result: null, diagnostics: [], notice: null },
  );
export const closeEditor = () => playStore.setState({ lesson: null, result: null, diagnostics: [], notice: null });
export const setEditorText = (text: string) => playStore.setState({ text });

/** The check of request `gen`, once it is published (null if a newer request replaced it first). */
function settledCheck(gen: number): Promise<CheckReport | null> {
  return new Promise((resolve) => {
    const test = () => {
      const s = lessonStore.getState();
      if (s.generation !== gen) return null;
      return s.check;
    };
    const now = test();
    if (now || lessonStore.getState().generation !== gen) return resolve(now);
    const off = lessonStore.subscribe((s) => {
      if (s.generation !== gen) {
        off();
        resolve(null);
      } else if (s.check) {
        off();
        resolve(s.check);
      }
    });
  });
}

/** The learner's line for a call: its own, or the nearest earlier call's (a call made inside a shared helper). */
export function lineOfCall(lines: readonly (number | null)[], call: number): number | null {
  for (let n = call; n >= 0; n--) if (lines[n] != null) return lines[n];
  return null;
}

const typeDiagnostic = (t: SandboxError): Diagnostic => ({
  line: t.line ?? 1,
  severity: 'error',
  kind: 'error',
  id: t.code,
  callIndex: null,
  text: t.message,
});

const SEVERITY: Record<string, Diagnostic['severity']> = {
  CORRUPTION: 'error',
  ERROR: 'error',
  WARNING: 'warning',
  INFO: 'info',
  MESSAGE: 'info',
};

/**
 * Runs `source` as `def`'s code in the sandbox; the page then shows that run exactly as a shipped run (canvas, check,
 * messages, panels, cursor). Resolves once the check is settled, with the automation contract's result.
 */
export async function runEdited(
  def: LessonDef,
  env: LessonEnv,
  source: string,
  opts: { modelOnly: boolean },
): Promise<RunCodeResult> {
  const t0 = performance.now();
  const folder = `${def.entry.id}-${def.entry.slug}`;
  playStore.setState({ running: true, text: source });
  try {
    // the type check runs beside the run. Once the checker has read the lesson's API (checkerStore.ready, soon after
    // editing starts) a check takes about as long as a run: then a type error is the answer and ends the run at once
    // (an endless loop after it does not hold the answer back), and once the run is over the check gets a little
    // longer. While the checker is cold (it loads when the learner starts typing: seconds), the run does not wait for
    // it: its errors join the editor's problems when they come.
    const warm = checkerStore.getState().ready === folder;
    const cancel = new AbortController();
    const checkNow = () =>
      typeCheck(folder, source).then((c) => {
        if (warm && c.errors.length) cancel.abort();
        return c;
      });
    // a cold checker starts after the run, so that its start does not slow the run down
    const early = warm ? checkNow() : null;
    performance.mark('play:sandbox-start');
    const out = await runInSandbox(folder, source, env, undefined, cancel.signal);
    performance.mark('play:sandbox-end');
    const typed = early
      ? await Promise.race([
          early,
          new Promise<{ errors: [] }>((r) => setTimeout(() => r({ errors: [] }), SANDBOX_LIMITS.typecheckGraceMs)),
        ])
      : { errors: [] };
    // a cold checker starts once the run is shown (finally, below): started earlier, it took a core from the replay
    const checkCold = () =>
      void checkNow().then((c) => {
        const s = playStore.getState();
        if (!c.errors.length || s.text !== source || s.running) return;
        playStore.setState({ diagnostics: [...s.diagnostics, ...c.errors.map(typeDiagnostic)] });
      });
    // the transpiler's syntax error first (it names what the run stumbled on), then the checker's errors
    const typeError = out.error?.code === 'syntax' ? undefined : typed.errors[0];
    if (typeError) out.invocations = null;
    let error = typeError ?? out.error ?? undefined;
    const diagnostics: Diagnostic[] = [];
    let check: CheckReport | null = null;
    let messages: RunCodeResult['messages'] = [];
    if (out.invocations) {
      let run;
      try {
        run = replayRun(def, env, out.invocations);
        performance.mark('play:replay-end');
      } catch (e) {
        error ??= { code: 'runtime', message: `the page could not replay the run: ${String(e)}` };
      }
      if (run) {
        requestRun(def, env, { modelOnly: opts.modelOnly, edited: { run, source } });
        const gen = lessonStore.getState().generation;
        playStore.setState({ generation: gen });
        check = await settledCheck(gen);
        const lines = lessonStore.getState().generation === gen ? lessonStore.getState().lines : [];
        messages = run.sys.messages.map((m) => ({
          id: m.id,
          severity: m.severity,
          line: lineOfCall(lines, m.callIndex),
        }));
        run.sys.messages.forEach((m, i) => {
          const line = lineOfCall(lines, m.callIndex);
          if (line != null)
            diagnostics.push({
              line,
              severity: SEVERITY[m.severity] ?? 'info',
              kind: 'message',
              id: m.id,
              callIndex: m.callIndex,
              messageIndex: i,
              text: '',
            });
        });
        for (const f of failedCalls(indexTrace(run.sys.trace))) {
          if (def.expectedFailures?.some((x) => x.api === f.api && x.hr === f.hr)) continue;
          const line = lineOfCall(lines, f.i);
          if (line != null)
            diagnostics.push({
              line,
              severity: 'error',
              kind: 'hresult',
              id: f.api,
              callIndex: f.i,
              text: `${f.api} returned ${f.hr}`,
            });
        }
      }
    }
    for (const t of typeError ? typed.errors.slice(1) : []) diagnostics.push(typeDiagnostic(t));
    if (error)
      diagnostics.push({
        line: error.line ?? 1,
        severity: 'error',
        kind: 'error',
        id: error.code,
        callIndex: null,
        text: error.message,
      });
    const result: RunCodeResult = {
      status: error ? 'error' : (check?.status ?? 'fail'),
      level: check?.level ?? 'none',
      messages,
      ...(error ? { error } : {}),
    };
    playStore.setState({ result, diagnostics, running: false, ms: performance.now() - t0 });
    if (!warm) checkCold();
    return result;
  } catch (e) {
    const result: RunCodeResult = {
      status: 'error',
      level: 'none',
      messages: [],
      error: { code: 'runtime', message: String(e) },
    };
    playStore.setState({ result, diagnostics: [], running: false });
    return result;
  }
}
