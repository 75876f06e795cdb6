import { describe, expect, it } from 'vitest';
import ts from 'typescript';
import { LESSON_LIST } from './index';
import { shownSource } from './shown';
import { mapCallsToLines, methodOf } from './callsite';

/** Syntax errors of a TypeScript text (the shown code must still be code). */
function syntaxErrors(text: string): string[] {
  const out = ts.transpileModule(text, {
    reportDiagnostics: true,
    compilerOptions: { target: ts.ScriptTarget.ES2022 },
  });
  return (out.diagnostics ?? []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

const env = (bugs: string[]) => ({ debugLayer: true, bugs: new Set(bugs), width: 64, height: 64, liveAdapter: null });

describe('the code as it ran (shownSource)', () => {
  it('resolves the forms lessons use', () => {
    const src = [
      'const bug = (id: string) => env.bugs.has(id);',
      "if (!bug('a')) {",
      '  keep();',
      '}',
      "if (bug('a')) dropped(); // a note",
      "const x = (bug('b') ? left : right).Call();",
      "const arr = [...(bug('a') ? [] : [one]), two];",
      "if (DEBUG && !bug('a')) on();",
      "f({ Flag: bug('b') });",
      '// BUG a: explained only while a is on',
      "if (bug('b')) { yes(); } else { no(); }",
    ].join('\n');
    expect(shownSource(src)).toBe(
      [
        'keep();',
        'const x = right.Call();',
        'const arr = [one, two];',
        'if (DEBUG) on();',
        'f({ Flag: false });',
        'no();',
      ].join('\n'),
    );
    expect(shownSource(src, new Set(['a', 'b']))).toBe(
      [
        'dropped(); // a note',
        'const x = left.Call();',
        'const arr = [two];',
        'f({ Flag: true });',
        '// BUG a: explained only while a is on',
        'yes();',
      ].join('\n'),
    );
  });

  for (const def of LESSON_LIST) {
    it(`lesson ${def.entry.id}: the correct variant has no bug plumbing, each bug variant differs and parses`, () => {
      const correct = shownSource(def.source);
      expect(correct).not.toMatch(/\bbug\(/);
      expect(correct).not.toMatch(/bugs\.has\(/);
      expect(correct).not.toMatch(/\bBUG [a-z]/);
      expect(syntaxErrors(correct)).toEqual([]);
      for (const b of def.bugs) {
        const shown = shownSource(def.source, new Set([b.id]));
        expect(shown, b.id).not.toMatch(/\bbug\(/);
        expect(syntaxErrors(shown), b.id).toEqual([]);
        // a bug that changes the code shows a different text (bugs that live outside code.ts show the same)
        if (def.source.includes(`bug('${b.id}')`)) expect(shown, b.id).not.toBe(correct);
      }
    });

    it(`lesson ${def.entry.id}: every call of the correct run that maps to a line lands on a line naming that call`, () => {
      const run = def.run(env([]));
      const text = shownSource(def.source);
      const lines = mapCallsToLines(text, run.sys.trace, run.sys);
      const rows = text.split('\n');
      for (const e of run.sys.trace.events) {
        if (e.k !== 'call' || lines[e.i] == null) continue;
        expect(rows[lines[e.i]! - 1], `${e.api}`).toContain(methodOf(e.api));
      }
    });
  }
});
