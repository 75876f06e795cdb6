import { describe, expect, it } from 'vitest';
import { PROGRESS_CORRUPT_KEY, PROGRESS_KEY, PROGRESS_VERSION, createProgressStore } from './progress';

function memory(init: Record<string, string> = {}) {
  const data: Record<string, string> = { ...init };
  return {
    data,
    getItem: (k: string) => data[k] ?? null,
    setItem: (k: string, v: string) => void (data[k] = v),
    removeItem: (k: string) => void delete data[k],
  };
}

describe('progress', () => {
  it('keeps the lessons brought to correct and the last lesson, versioned, across a reload', () => {
    const mem = memory();
    const a = createProgressStore(() => mem).getState();
    a.markCorrect('04');
    a.markCorrect('14');
    a.markCorrect('04');
    a.visit('14');
    const b = createProgressStore(() => mem).getState();
    expect(b.correct).toEqual(['04', '14']);
    expect(b.last).toBe('14');
    expect(b.recoveredFromCorrupt).toBe(false);
    expect(JSON.parse(mem.data[PROGRESS_KEY]).version).toBe(PROGRESS_VERSION);
  });

  it('corrupt or unknown saved data: reset, kept aside, and said', () => {
    for (const bad of [
      '{not json',
      JSON.stringify({ version: 99, state: { correct: ['04'], last: null } }),
      JSON.stringify({ version: PROGRESS_VERSION, state: { correct: ['<script>'], last: null } }),
      JSON.stringify({ version: PROGRESS_VERSION, state: { correct: 'all', last: 3 } }),
    ]) {
      const mem = memory({ [PROGRESS_KEY]: bad });
      const s = createProgressStore(() => mem).getState();
      expect(s.correct, bad).toEqual([]);
      expect(s.last).toBeNull();
      expect(s.recoveredFromCorrupt).toBe(true);
      expect(mem.data[PROGRESS_CORRUPT_KEY]).toBe(bad);
      s.markCorrect('01');
      expect(createProgressStore(() => mem).getState().correct).toEqual(['01']);
    }
  });

  it('never throws when storage is missing or full', () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => {},
    };
    const s = createProgressStore(() => full).getState();
    s.markCorrect('02');
    expect(createProgressStore(() => undefined).getState().correct).toEqual([]);
  });
});
