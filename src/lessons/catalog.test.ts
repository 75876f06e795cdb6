// The lesson folders are the catalogue: each src/lessons/NN-slug/ has a meta.ts naming that folder, a content
// folder with its prose, and bug texts in both languages in the meta only (one home); runnable lessons are the
// folders with an index.ts.
import { existsSync, readdirSync } from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { LESSONS } from './catalog';
import { LESSON_DEFS, LESSON_LIST } from './index';
import { lessonFolder, type LessonMeta } from './types';

const root = new URL('../../', import.meta.url).pathname;
const LESSON_DIR = /^(\d\d|A\d)-[a-z0-9-]+$/;
const dirs = (path: string) =>
  readdirSync(`${root}${path}`, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
const lessonDirs = dirs('src/lessons')
  .filter((d) => LESSON_DIR.test(d))
  .sort();
const HAN = /[\u4e00-\u9fff]/;

describe('lesson catalogue', () => {
  it('src/lessons holds lesson folders and shared code only, and every lesson folder has a meta.ts', () => {
    // common: helpers lesson code shares; sandbox: the playground's worker that runs a learner's version of it
    expect(dirs('src/lessons').filter((d) => !LESSON_DIR.test(d))).toEqual(['common', 'sandbox']);
    for (const d of lessonDirs) expect(existsSync(`${root}src/lessons/${d}/meta.ts`), d).toBe(true);
  });

  it('each meta names its own folder, and the catalogue lists every folder once, core track then advanced', async () => {
    for (const d of lessonDirs) {
      const meta = (await import(`./${d}/meta.ts`)).default as LessonMeta;
      expect(lessonFolder(meta), `src/lessons/${d}/meta.ts`).toBe(d);
    }
    expect(LESSONS.map(lessonFolder)).toEqual(
      [...lessonDirs].sort((a, b) => Number(a.startsWith('A')) - Number(b.startsWith('A')) || a.localeCompare(b)),
    );
  });

  it('ids run without gaps: 01, 02, … on the core track and A1, A2, … on the advanced one', () => {
    const core = LESSONS.filter((l) => l.track === 'core').map((l) => l.id);
    const advanced = LESSONS.filter((l) => l.track === 'advanced').map((l) => l.id);
    expect(core).toEqual(core.map((_, i) => String(i + 1).padStart(2, '0')));
    expect(advanced).toEqual(advanced.map((_, i) => `A${i + 1}`));
    expect(new Set(LESSONS.map((l) => l.slug)).size).toBe(LESSONS.length);
  });

  it('every lesson has its prose folder (en.md, zh.md), and content/lessons has no other lesson folder', () => {
    for (const l of LESSONS) {
      for (const f of ['en.md', 'zh.md'])
        expect(existsSync(`${root}content/lessons/${lessonFolder(l)}/${f}`), `${lessonFolder(l)}/${f}`).toBe(true);
    }
    expect(dirs('content/lessons').sort()).toEqual(LESSONS.map(lessonFolder).sort());
  });

  it('bug texts have one home, the meta: no content/lessons/*/bugs.json', () => {
    for (const d of dirs('content/lessons')) expect(existsSync(`${root}content/lessons/${d}/bugs.json`), d).toBe(false);
  });

  it('every lesson has a title and every bug its name, what to look for and the fix, in English and in Chinese', () => {
    for (const l of LESSONS) {
      const texts: [string, { en: string; zh: string } | undefined][] = [[`${l.id} title`, l.title]];
      for (const b of l.bugs) {
        for (const f of ['name', 'lookFor', 'fix', 'realHardware'] as const) texts.push([`${l.id} ${b.id} ${f}`, b[f]]);
        // only a simulated symptom needs a word on what real hardware does instead
        if (b.realHardware)
          expect(b.simulated, `${l.id} ${b.id}: realHardware on a bug that is not simulated`).toBe(true);
      }
      for (const [what, t] of texts) {
        if (what.endsWith('realHardware') && !t) continue;
        expect(t?.en.trim(), `${what} (en)`).toBeTruthy();
        expect(t?.zh.trim(), `${what} (zh)`).toBeTruthy();
        expect(HAN.test(t!.zh), `${what} (zh) is Chinese`).toBe(true);
        expect(HAN.test(t!.en), `${what} (en) is English`).toBe(false);
      }
    }
  });

  it('bug IDs are unique within a lesson', () => {
    for (const l of LESSONS) expect(new Set(l.bugs.map((b) => b.id)).size, l.id).toBe(l.bugs.length);
  });

  it('the runnable lessons are the folders with an index.ts, each defined from its own meta', () => {
    expect(LESSON_LIST.map((d) => lessonFolder(d.entry))).toEqual(
      LESSONS.map(lessonFolder).filter((d) => existsSync(`${root}src/lessons/${d}/index.ts`)),
    );
    for (const def of LESSON_DEFS.values()) {
      expect(def.bugs).toBe(def.entry.bugs);
      expect(typeof def.canvas).toBe('boolean');
      for (const b of def.bugs) expect(typeof b.visible, `${def.entry.id} ${b.id}`).toBe('boolean');
    }
  });

  it('lint keeps meta.ts pure data: type imports only, no code', async () => {
    const eslint = new ESLint({ cwd: root });
    const hits = async (code: string) =>
      (await eslint.lintText(code, { filePath: `${root}src/lessons/99-probe/meta.ts` }))[0].messages.filter(
        (m) => m.ruleId === 'no-restricted-syntax',
      ).length;
    const head = "import type { LessonMeta } from '../types';\n";
    expect(
      await hits(
        `${head}export default { id: '99', slug: 'probe', title: { en: 'a', zh: '中' }, bugs: [] } satisfies LessonMeta;\n`,
      ),
    ).toBe(0);
    expect(await hits(`import { LESSONS } from '../catalog';\nexport default { id: String(LESSONS.length) };\n`)).toBe(
      2,
    );
    expect(
      await hits(
        `${head}export default { id: '99', slug: 'probe', title: { en: 'a', zh: '中' }, bugs: [].map(() => 1) };\n`,
      ),
    ).toBe(2);
  }, 60_000); // ESLint loads its config and plugins on the first lint: seconds on a busy machine
});
