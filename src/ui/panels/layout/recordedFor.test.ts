// One resource's recorded-state changes walked over its own events (recordedChangesFor, what the state panel
// reads) are exactly the whole-trace walk's (recordedStates): every resource of every lesson run (each lesson's
// first two bugs too) and of the bench traces.
import { describe, expect, it } from 'vitest';
import { Trace, indexTrace, recordedChangesFor, recordedStates } from '../../../core';
import { LESSON_LIST } from '../../../lessons';
import { frameLoopTrace, queriesTrace, smallTrace } from '../traces';

const env = (bugs: string[] = []) => ({ debugLayer: true, bugs: new Set(bugs), width: 64, height: 64 });

function expectSame(trace: Trace): number {
  const ix = indexTrace(trace);
  const all = recordedStates(ix);
  const ids = new Set([...all.keys(), ...ix.states.keys(), ...ix.resources.keys()]);
  for (const res of ids) expect(recordedChangesFor(ix, res), `resource ${res}`).toEqual(all.get(res) ?? []);
  return [...all.values()].reduce((n, a) => n + a.length, 0);
}

describe('recordedChangesFor', () => {
  it('matches the whole-trace walk on the bench traces', () => {
    expect(expectSame(smallTrace().trace)).toBeGreaterThan(0);
    expect(expectSame(queriesTrace().trace)).toBeGreaterThan(0);
    expect(expectSame(frameLoopTrace(20_000))).toBeGreaterThan(1000);
  });

  for (const def of LESSON_LIST) {
    it(`matches the whole-trace walk on lesson ${def.entry.id}`, () => {
      for (const bugs of [[], ...def.bugs.slice(0, 2).map((b) => [b.id])]) expectSame(def.run(env(bugs)).sys.trace);
    });
  }

  it('follows a growing trace (the lesson page steps)', () => {
    const trace = frameLoopTrace(3000);
    const events = trace.events.slice();
    const grow = new Trace();
    grow.events.push(...events.slice(0, 1000));
    const ix = indexTrace(grow);
    const before = new Map([...ix.states.keys()].map((r) => [r, recordedChangesFor(ix, r).length]));
    grow.events.push(...events.slice(1000));
    indexTrace(grow);
    const all = recordedStates(ix);
    for (const res of ix.states.keys()) expect(recordedChangesFor(ix, res)).toEqual(all.get(res) ?? []);
    expect([...before.values()].some((n) => n > 0)).toBe(true);
  });
});
