// The playground's type checker: TypeScript's compiler in its own worker (a lazily loaded chunk: the page starts it
// when editing starts), checking the learner's code against the lesson API's real sources (typecheck.ts). It only
// reads the code, never runs it, so one worker serves every check of the page.
import ts from 'typescript';
import { shownSource } from '../shown';
import { createTypeChecker, type TypeChecker } from './typecheck';
import type { CheckFromWorker, CheckToWorker } from './protocol';
// TypeScript's lib files (by name) and the .d.ts files of the npm packages lessons import (vite.config.ts)
import { libs as LIBS, packages as PACKAGES } from 'virtual:d3d12lab-typecheck-files';

const SOURCES = import.meta.glob<string>(
  ['/src/core/**/*.ts', '/src/lessons/**/*.ts', '!/src/**/*.test.ts', '!/src/lessons/sandbox/**'],
  // (the options must be written here: vite reads them from the source)
  { query: '?raw', import: 'default', eager: true },
);

let checker: TypeChecker | null = null;
function get(): TypeChecker {
  if (!checker) {
    const sources = new Map([...Object.entries(SOURCES), ...Object.entries(PACKAGES)]);
    checker = createTypeChecker(ts, sources, new Map(Object.entries(LIBS)));
  }
  return checker;
}

const post: (m: CheckFromWorker) => void = self.postMessage.bind(self);
self.onmessage = (e: MessageEvent<CheckToWorker>) => {
  const m = e.data;
  if (m?.type === 'prepare') {
    // the lesson's own code once: the libraries and the modules it imports are read and bound before the first Run
    const t0 = performance.now();
    const code = SOURCES[`/src/lessons/${m.lesson}/code.ts`];
    try {
      if (code != null) get().check(m.lesson, shownSource(code));
      post({ type: 'prepared', lesson: m.lesson, ms: performance.now() - t0 });
    } catch {
      /* the check that needs it reports the failure */
    }
  } else if (m?.type === 'check') {
    const t0 = performance.now();
    try {
      post({
        type: 'checked',
        id: m.id,
        lesson: m.lesson,
        errors: get().check(m.lesson, m.source),
        ms: performance.now() - t0,
      });
    } catch (x) {
      // the checker failing is not the learner's error: the run goes on unchecked
      post({ type: 'checked', id: m.id, lesson: m.lesson, errors: [], ms: performance.now() - t0, failed: String(x) });
    }
  }
};
