import { describe, expect, it } from 'vitest';
import { compile, evaluate, importsOf, runtimeError } from './evaluate';

const run = (src: string, require: (s: string) => unknown = () => ({})) => {
  const c = compile(src);
  if ('error' in c) return { error: c.error };
  try {
    const ex = evaluate(c.js, require);
    (ex.main as () => void)();
    return { ok: true };
  } catch (e) {
    return { error: runtimeError(e, () => false) };
  }
};

describe('playground: transpile and evaluate learner code', () => {
  it('a syntax error names its line', () => {
    expect(run('export function main() {\n  const a = 1;\n  const = 2;\n}\n').error).toMatchObject({
      code: 'syntax',
      line: 3,
    });
  });
  it('types are stripped and imports go through require', () => {
    const seen: string[] = [];
    const r = run(
      "import { X } from '../../core';\nimport type { Y } from '../types';\nexport function main(a: number = X as number): void {}\n",
      (s) => (seen.push(s), { X: 1 }),
    );
    expect(r).toEqual({ ok: true });
    expect(seen).toEqual(['../../core']);
  });
  it('a thrown error and a TypeError name the learner line (sucrase keeps lines)', () => {
    const src =
      "import { X } from '../../core';\n\nexport function main() {\n  const a = 1;\n  if (a) throw new Error('boom');\n}\n";
    expect(run(src).error).toMatchObject({ code: 'runtime', line: 5, message: 'Error: boom' });
    const t = 'export function main() {\n  const d: any = {};\n\n  d.CreateComittedResource();\n}\n';
    expect(run(t).error).toMatchObject({ code: 'type', line: 4 });
  });
  it('importsOf finds every form with its line', () => {
    expect(
      importsOf(
        "import a from 'x';\nimport {\n  b,\n} from 'y';\nimport type { C } from 'z';\nconst d = import('w');\n",
      ),
    ).toEqual([
      { spec: 'x', line: 1 },
      { spec: 'y', line: 2 },
      { spec: 'z', line: 5 },
      { spec: 'w', line: 6 },
    ]);
  });
});
