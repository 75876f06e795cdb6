import { describe, expect, it } from 'vitest';
import { LESSON_LIST } from '..';
import type { LessonMain } from '../runner';
import type { LessonDef, LessonEnv } from '../types';
import { compile, evaluate, importsOf } from './evaluate';
import { runRecorded } from './run';
import { resolveImport } from './modules';
import { rehearse } from './warm';

/** The learner's `require`: the modules the shipped code imports, resolved as the sandbox worker resolves them. */
async function requireFor(def: LessonDef, folder: string) {
  const mods = new Map<string, unknown>();
  for (const { spec } of importsOf(def.source)) mods.set(spec, await resolveImport(folder, spec));
  return (spec: string): unknown => mods.get(spec) ?? {};
}

const env = (bugs: string[] = []): LessonEnv => ({ debugLayer: true, bugs: new Set(bugs), width: 64, height: 64 });

/** The learner's path through the sandbox: `source` transpiled, evaluated, run behind the recorder. */
function learnerRun(def: LessonDef, require: (spec: string) => unknown, source: string) {
  const c = compile(source);
  if ('error' in c) throw new Error(c.error.message);
  const main = evaluate(c.js, require).main as LessonMain;
  return runRecorded(def, env(), main);
}

describe('playground: a waiting worker rehearses the shipped code', () => {
  for (const def of LESSON_LIST) {
    const folder = `${def.entry.id}-${def.entry.slug}`;
    it(`${folder}: the shipped code rehearses, and a run after rehearsals records exactly what a first run records`, async () => {
      const require = await requireFor(def, folder);
      // an edited source (the learner's: the shipped code with a change that makes no D3D12 call)
      const edited = `// my change\n${def.source}`;
      expect(importsOf(edited).length).toBeGreaterThan(0);
      const first = learnerRun(def, require, edited);
      expect(first.error).toBeNull();
      for (let i = 0; i < 3; i++) expect(rehearse(def, env(), def.source, require).ok).toBe(true);
      expect(rehearse(def, env(), def.source, require, false)).toEqual({ ok: true, runMs: 0 });
      const after = learnerRun(def, require, edited);
      expect(after.error).toEqual(first.error);
      // what goes to the page: every call, memory write, `out` and how main ended
      expect(structuredClone(after.invocations)).toEqual(structuredClone(first.invocations));
      expect(after.run.sys.messages.map((m) => `${m.id}@${m.callIndex}`)).toEqual(
        first.run.sys.messages.map((m) => `${m.id}@${m.callIndex}`),
      );
    });
  }
  it('a source that does not transpile, has no main or throws is no rehearsal', async () => {
    const def = LESSON_LIST[0];
    const require = await requireFor(def, `${def.entry.id}-${def.entry.slug}`);
    expect(rehearse(def, env(), 'export function main( {', require).ok).toBe(false);
    expect(rehearse(def, env(), 'export const x = 1;', require).ok).toBe(false);
    expect(rehearse(def, env(), 'export function main() { throw new Error("no"); }', require).ok).toBe(false);
  });
});
