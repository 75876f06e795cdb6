// Progress without accounts: the lessons a learner brought to `correct` and the last lesson opened, kept in this
// browser's localStorage. Versioned like the preferences; saved data that cannot be read is kept aside under
// PROGRESS_CORRUPT_KEY (never thrown away), progress starts empty, and the page says so.
import { createStore } from 'zustand/vanilla';
import type { KeyValueStorage } from './prefs';

export const PROGRESS_KEY = 'd3d12lab.progress';
export const PROGRESS_CORRUPT_KEY = 'd3d12lab.progress.corrupt';
export const PROGRESS_VERSION = 1;

export interface Progress {
  /** lesson ids whose correct variant passed at `correct`, in the order they were first passed */
  correct: string[];
  /** the lesson opened last ("continue where you left off"), or null */
  last: string | null;
  /** set when saved progress could not be read (kept aside, started afresh); the page says so */
  recoveredFromCorrupt: boolean;
}

export interface ProgressActions {
  markCorrect(id: string): void;
  visit(id: string): void;
  dismissCorruptNotice(): void;
}

const ID = /^(?:\d{2}|A\d{1,2})$/;
const empty: Progress = { correct: [], last: null, recoveredFromCorrupt: false };

/** The saved form `{ version, state: { correct, last } }` read back; throws on anything else. */
export function parseProgress(raw: string): Pick<Progress, 'correct' | 'last'> {
  const v = JSON.parse(raw) as unknown;
  if (!v || typeof v !== 'object') throw new Error('not an object');
  const { version, state } = v as { version?: unknown; state?: unknown };
  if (version !== PROGRESS_VERSION) throw new Error(`unknown version ${String(version)}`);
  if (!state || typeof state !== 'object') throw new Error('no state');
  const s = state as { correct?: unknown; last?: unknown };
  if (!Array.isArray(s.correct) || !s.correct.every((x) => typeof x === 'string' && ID.test(x)))
    throw new Error('bad lesson list');
  if (s.last !== null && (typeof s.last !== 'string' || !ID.test(s.last))) throw new Error('bad last lesson');
  return { correct: [...new Set(s.correct as string[])], last: s.last };
}

export function createProgressStore(backing: () => KeyValueStorage | undefined) {
  let initial: Progress = empty;
  const store0 = backing();
  let raw: string | null = null;
  try {
    raw = store0?.getItem(PROGRESS_KEY) ?? null;
  } catch {
    raw = null;
  }
  if (raw != null) {
    try {
      initial = { ...parseProgress(raw), recoveredFromCorrupt: false };
    } catch {
      try {
        store0?.setItem(PROGRESS_CORRUPT_KEY, raw);
        store0?.removeItem(PROGRESS_KEY);
      } catch {
        /* storage disabled: nothing to keep aside */
      }
      initial = { ...empty, recoveredFromCorrupt: true };
    }
  }
  const save = (p: Progress) => {
    try {
      backing()?.setItem(
        PROGRESS_KEY,
        JSON.stringify({ version: PROGRESS_VERSION, state: { correct: p.correct, last: p.last } }),
      );
    } catch {
      /* storage full or disabled: progress stays in memory for this visit */
    }
  };
  const store = createStore<Progress & ProgressActions>()((set, get) => ({
    ...initial,
    markCorrect: (id) => {
      if (!ID.test(id) || get().correct.includes(id)) return;
      set({ correct: [...get().correct, id] });
      save(get());
    },
    visit: (id) => {
      if (!ID.test(id) || get().last === id) return;
      set({ last: id });
      save(get());
    },
    dismissCorruptNotice: () => set({ recoveredFromCorrupt: false }),
  }));
  return store;
}
