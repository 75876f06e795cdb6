import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { shownSource } from '../shown';
import { createTypeChecker, PACKAGES, type TypeChecker } from './typecheck';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const LIB = join(ROOT, 'node_modules/typescript/lib');

/** The same files the typecheck worker bundles (typecheck.worker.ts): the model's and the lessons' sources. */
function sources(): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (dir: string, pkg = false) => {
    for (const d of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, d.name);
      const take = pkg
        ? /\.d\.(ts|mts|cts)$/.test(d.name) || d.name === 'package.json'
        : d.name.endsWith('.ts') && !d.name.endsWith('.test.ts');
      if (d.isDirectory()) walk(p, pkg);
      else if (take) out.set(`/${relative(ROOT, p)}`, readFileSync(p, 'utf8'));
    }
  };
  walk(join(ROOT, 'src/core'));
  walk(join(ROOT, 'src/lessons'));
  for (const pkg of PACKAGES) walk(join(ROOT, 'node_modules', pkg), true);
  return out;
}
function libs(): Map<string, string> {
  const out = new Map<string, string>();
  for (const f of readdirSync(LIB)) if (/^lib\..*\.d\.ts$/.test(f)) out.set(f, readFileSync(join(LIB, f), 'utf8'));
  return out;
}

const LESSONS = readdirSync(join(ROOT, 'src/lessons'), { withFileTypes: true })
  .filter((d) => d.isDirectory() && /^[0-9A]/.test(d.name))
  .map((d) => d.name);
const code = (lesson: string) => readFileSync(join(ROOT, 'src/lessons', lesson, 'code.ts'), 'utf8');

describe('playground: type checking against the lesson API', () => {
  let checker: TypeChecker;
  beforeAll(() => {
    checker = createTypeChecker(ts, sources(), libs());
  });

  it("every lesson's code, as the editor starts with it, has no type error", () => {
    const found = LESSONS.flatMap((lesson) =>
      checker.check(lesson, shownSource(code(lesson))).map((e) => `${lesson}:${e.line}: ${e.message}`),
    );
    expect(found).toEqual([]);
  }, 120_000);

  it('a type error names its line: a misspelled method, a wrong argument, an unknown name', () => {
    const src = shownSource(code('04-clear')).split('\n');
    const at = src.findIndex((l) => l.includes('const frameIndex'));
    src.splice(at + 1, 0, '  device.CreateFense(0, 0);', "  const n: number = 'x';", '  UNKNOWN_NAME;');
    const errors = checker.check('04-clear', src.join('\n'));
    expect(errors.map((e) => e.line)).toEqual([at + 2, at + 3, at + 4]);
    expect(errors[0]).toMatchObject({ code: 'type' });
    expect(errors[0].message).toContain("'CreateFense'");
    expect(errors[2].message).toContain('UNKNOWN_NAME');
  });
});
