import { describe, expect, it } from 'vitest';
import { LESSON_DEFS } from '../../../lessons';
import { EVIDENCE, NO_BUG, evidenceOf, gradeAnswer, hash32, newSeed, pickMystery } from './mystery';

describe('mystery bug', () => {
  it('is deterministic per (seed, lesson): a class sharing a link shares the mystery', () => {
    const ids = ['a', 'b', 'c', 'd'];
    for (const seed of ['1', 'abc', 'class7']) expect(pickMystery(seed, '04', ids)).toBe(pickMystery(seed, '04', ids));
    expect(hash32('x')).toBe(hash32('x'));
  });

  it('covers every bug and "no bug", roughly evenly, so guessing is not free', () => {
    const ids = ['only-bug'];
    const counts = new Map<string, number>();
    for (let i = 0; i < 2000; i++) {
      const m = pickMystery(`s${i}`, '08', ids);
      counts.set(m, (counts.get(m) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual([NO_BUG, 'only-bug'].sort());
    for (const n of counts.values()) expect(n).toBeGreaterThan(800);
  });

  it('new seeds are short tokens', () => {
    expect(newSeed(() => 0)).toBe('000000');
    expect(newSeed(() => 0.999999)).toMatch(/^[0-9a-z]{6}$/);
  });

  it('grades the bug, not the evidence; the evidence is reported separately', () => {
    expect(gradeAnswer('x', 'x', 'canvas', ['message'])).toEqual({ correct: true, evidenceSeen: false });
    expect(gradeAnswer('x', NO_BUG, 'message', ['message'])).toEqual({ correct: false, evidenceSeen: true });
    expect(gradeAnswer(NO_BUG, NO_BUG, null, [])).toEqual({ correct: true, evidenceSeen: false });
  });

  it("finds where each lesson bug's evidence is by comparing with the correct run", () => {
    for (const def of LESSON_DEFS.values()) {
      const env = { debugLayer: true, bugs: new Set<string>(), width: 64, height: 64 };
      const correct = def.run(env);
      expect(evidenceOf(def, correct, correct, false)).toEqual([]);
      for (const bug of def.bugs) {
        const where = evidenceOf(def, def.run({ ...env, bugs: new Set([bug.id]) }), correct, bug.visible);
        // every bug leaves a trace somewhere a learner can look
        expect(where.length, `${def.entry.id} ${bug.id}`).toBeGreaterThan(0);
        for (const w of where) expect(EVIDENCE).toContain(w);
        if (bug.messages.length) expect(where, `${def.entry.id} ${bug.id}`).toContain('message');
      }
    }
  });
});
