import { describe, expect, it } from 'vitest';
import { LESSON_DEFS } from '../../../lessons';
import { LESSONS } from '../../../lessons/catalog';
import {
  EVIDENCE,
  MIN_BUG_CHOICES,
  NO_BUG,
  evidenceOf,
  gradeAnswer,
  hash32,
  newSeed,
  pickMystery,
  quizChoices,
} from './mystery';

/** Seeds as the Mystery button makes them (six base-36 characters), from a fixed generator. */
function seeds(n: number): string[] {
  let a = 12345;
  const next = () => (a = (Math.imul(a, 1103515245) + 12345) >>> 0) / 4294967296;
  return Array.from({ length: n }, () => newSeed(next));
}

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

  it('offers at least four bugs (the lesson\'s own, then earlier lessons\') plus "nothing is wrong", every lesson', () => {
    for (const l of LESSONS) {
      if (!l.bugs.length) continue;
      const c = quizChoices('abc123', l.id, LESSONS);
      const ids = c.map((x) => x.id);
      expect(ids.length, l.id).toBeGreaterThanOrEqual(MIN_BUG_CHOICES + 1);
      expect(new Set(ids).size, l.id).toBe(ids.length);
      expect(ids[ids.length - 1]).toBe(NO_BUG);
      // every bug of the lesson is a choice; the others come from earlier lessons whenever there are enough
      for (const b of l.bugs) expect(ids, l.id).toContain(b.id);
      const at = LESSONS.indexOf(l);
      const earlierBugs = LESSONS.slice(0, at).reduce((n, x) => n + x.bugs.length, 0);
      const others = c.filter((x) => x.id !== NO_BUG && x.lesson !== l.id);
      if (earlierBugs >= MIN_BUG_CHOICES)
        for (const o of others)
          expect(
            LESSONS.findIndex((x) => x.id === o.lesson),
            l.id,
          ).toBeLessThan(at);
      // the same seed gives the same choices (a class shares them)
      expect(quizChoices('abc123', l.id, LESSONS)).toEqual(c);
    }
  });

  it('the seed spreads evenly: over every outcome of each lesson, and over the places the answer takes', () => {
    const N = 6000;
    const all = seeds(N);
    for (const l of LESSONS) {
      if (!l.bugs.length) continue;
      const ids = l.bugs.map((b) => b.id);
      const outcomes = [NO_BUG, ...ids];
      const count = new Map(outcomes.map((o) => [o, 0]));
      const place = new Map<number, number>();
      for (const s of all) {
        const truth = pickMystery(s, l.id, ids);
        count.set(truth, count.get(truth)! + 1);
        if (truth === NO_BUG) continue;
        const k = quizChoices(s, l.id, LESSONS).findIndex((c) => c.id === truth);
        place.set(k, (place.get(k) ?? 0) + 1);
      }
      // each outcome within 10% of N / outcomes (6000 seeds: a fair die stays well inside that)
      for (const [o, n] of count)
        expect(Math.abs(n / (N / outcomes.length) - 1), `${l.id} ${o || 'none'} ${n}`).toBeLessThan(0.1);
      // the answer lands on every bug place, each within 15% of even
      const bugPlaces = quizChoices('x', l.id, LESSONS).length - 1;
      expect(place.size, l.id).toBe(bugPlaces);
      const hits = N - count.get(NO_BUG)!;
      for (const [k, n] of place)
        expect(Math.abs(n / (hits / bugPlaces) - 1), `${l.id} place ${k} ${n}`).toBeLessThan(0.15);
    }
  });
});
