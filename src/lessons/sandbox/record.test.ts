import { describe, expect, it } from 'vitest';
import { LESSON_LIST } from '..';
import type { LessonMain } from '../runner';
import type { LessonEnv, LessonRun } from '../types';
import { replayRun, runRecorded } from './run';

const mains = import.meta.glob<LessonMain>('../*/code.ts', { eager: true, import: 'main' });
const mainOf = (folder: string) => mains[`../${folder}/code.ts`];

/** What a learner and the panels see of a run: every event's kind, call, API, result and time; the messages. */
function summary(run: LessonRun) {
  return {
    events: run.sys.trace.events.map((e) => {
      const r = e as unknown as Record<string, unknown>;
      return [e.k, r.i, r.api ?? r.type ?? '', r.hr ?? '', r.t ?? ''].join(' ');
    }),
    messages: run.sys.messages.map((m) => `${m.id}@${m.callIndex}`),
    stopped: run.stopped?.what ?? null,
    // what the lesson's tables and checks read: `out` as data (model objects by id)
    out: JSON.stringify(run.out, (_k, v: unknown) =>
      v && typeof v === 'object' && 'iface' in v
        ? `#${(v as unknown as { id: number }).id}`
        : ArrayBuffer.isView(v)
          ? [...(v as Uint8Array)]
          : v,
    ),
  };
}

const env = (bugs: string[] = []): LessonEnv => ({ debugLayer: true, bugs: new Set(bugs), width: 64, height: 64 });

describe('playground record → replay', () => {
  for (const def of LESSON_LIST) {
    const folder = `${def.entry.id}-${def.entry.slug}`;
    const variants = [[], ...def.bugs.slice(0, 2).map((b) => [b.id])];
    it(`${folder}: the recorded run and the page's replay are the shipped run`, () => {
      for (const bugs of variants) {
        const shippedRun = def.run(env(bugs));
        const shipped = summary(shippedRun);
        const rec = runRecorded(def, env(bugs), mainOf(folder));
        // a variant the lesson itself stops with a plain error (A5's graph compile) is that error in the sandbox too
        if (shippedRun.stopped && shippedRun.stopped.hr == null)
          expect(rec.error instanceof Error ? rec.error.message : rec.error).toBe(shippedRun.stopped.what);
        else expect(rec.error).toBeNull();
        expect(summary(rec.run)).toEqual(shipped);
        const page = replayRun(def, env(bugs), structuredClone(rec.invocations));
        expect(summary(page)).toEqual(shipped);
      }
    });
  }
});
