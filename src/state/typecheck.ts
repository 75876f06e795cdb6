// The page's side of the playground's type checker (src/lessons/sandbox/typecheck.worker.ts): one worker, started
// when editing starts (or with the first edited run), answering each check by id. It never runs the learner's code;
// a check that fails or runs past its limit leaves the run unchecked (the worker is ended and started afresh).
import { createStore } from 'zustand/vanilla';
import { SANDBOX_LIMITS, type CheckFromWorker, type SandboxError } from '../lessons/sandbox/protocol';

/** The lesson whose API the checker has read (its first check of that lesson's code is then quick). */
export const checkerStore = createStore<{ ready: string | null }>()(() => ({ ready: null }));

export interface CheckOutcome {
  errors: SandboxError[];
  /** False when the checker failed or ran past its limit (the run goes on unchecked). */
  checked: boolean;
  ms: number;
}

let worker: Worker | null = null;
let prepared: string | null = null;
let nextId = 0;
const pending = new Map<number, (o: CheckOutcome) => void>();

function restart() {
  worker?.terminate();
  worker = null;
  prepared = null;
  checkerStore.setState({ ready: null });
  for (const resolve of pending.values()) resolve({ errors: [], checked: false, ms: 0 });
  pending.clear();
}

function spawn(): Worker {
  const w = new Worker(new URL('../lessons/sandbox/typecheck.worker.ts', import.meta.url), {
    type: 'module',
    name: 'd3d12lab-typecheck',
  });
  w.onmessage = (e: MessageEvent<CheckFromWorker>) => {
    const m = e.data;
    if (m.type === 'prepared') return checkerStore.setState({ ready: m.lesson });
    const resolve = pending.get(m.id);
    pending.delete(m.id);
    resolve?.({ errors: m.errors, checked: !m.failed, ms: m.ms });
    if (!m.failed) checkerStore.setState({ ready: m.lesson });
  };
  w.onerror = (e) => {
    e.preventDefault();
    restart();
  };
  return w;
}

/** Start the checker now and read `lesson`'s API, so the first Run does not wait for it (editing starts). */
export function warmTypecheck(lesson: string): void {
  if (typeof Worker === 'undefined') return;
  worker ??= spawn();
  if (prepared !== lesson) {
    checkerStore.setState({ ready: null });
    worker.postMessage({ type: 'prepare', lesson });
    prepared = lesson;
  }
}

/** Type-checks `source` as lesson `lesson`'s code. Never rejects. */
export function typeCheck(
  lesson: string,
  source: string,
  timeoutMs: number = SANDBOX_LIMITS.typecheckMs,
): Promise<CheckOutcome> {
  if (typeof Worker === 'undefined') return Promise.resolve({ errors: [], checked: false, ms: 0 });
  worker ??= spawn();
  prepared = lesson;
  const id = ++nextId;
  const w = worker;
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      if (pending.has(id) && worker === w) restart();
    }, timeoutMs);
    pending.set(id, (o) => {
      clearTimeout(timer);
      resolve(o);
    });
    w.postMessage({ type: 'check', id, lesson, source });
  });
}
