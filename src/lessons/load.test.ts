// The lazy registry (load.ts) knows the same lessons as the eager one (index.ts), without loading any up front,
// and a load gives the very lesson the eager registry holds.
import { describe, expect, it } from 'vitest';
import { LESSON_DEFS, LESSON_LIST } from './index';
import { READY_LESSON_IDS, loadLessonDef } from './load';
import { LESSONS } from './catalog';

describe('lazy lesson registry', () => {
  it('lists exactly the lessons with code, in catalogue order', () => {
    expect([...READY_LESSON_IDS]).toEqual(LESSON_LIST.map((d) => d.entry.id));
  });
  it('loads each lesson to the definition the eager registry has (same module)', async () => {
    for (const id of READY_LESSON_IDS) expect(await loadLessonDef(id)).toBe(LESSON_DEFS.get(id));
  });
  it('has nothing to load for a prose-only lesson', () => {
    const prose = LESSONS.filter((l) => !READY_LESSON_IDS.has(l.id));
    for (const l of prose) expect(loadLessonDef(l.id)).toBeUndefined();
    expect(loadLessonDef('no-such-lesson')).toBeUndefined();
  });
});
