import { describe, expect, it } from 'vitest';
import { compile, evaluate, NO_GUARD, type Guard } from './evaluate';
import { instrument } from './instrument';

/** Compiles and runs `src` (its main's result comes back) with a guard that records what the code reported. */
function run(src: string) {
  const c = compile(src);
  if ('error' in c) return { error: c.error, loops: [], bytes: 0 };
  const loops: number[] = [];
  let bytes = 0;
  const guard: Guard = {
    l: (line) => void loops.push(line),
    a: (a) => ((bytes += 32 + 8 * a.length), a),
    o: (o, n) => ((bytes += 32 + 16 * n), o),
  };
  const ex = evaluate(c.js, () => ({}), guard);
  const plain = evaluate(c.js, () => ({}), NO_GUARD);
  return { value: (ex.main as () => unknown)(), plain: (plain.main as () => unknown)(), loops, bytes };
}

describe('playground: loop and allocation instrumentation', () => {
  it('each loop body reports its loop line, block or not', () => {
    const r = run(
      [
        'export function main() {',
        '  let n = 0;',
        '  for (let i = 0; i < 2; i++) n++;',
        '  while (n < 4) { n++; }',
        '  do n++; while (n < 5);',
        '  for (const x of [1]) if (x) n += x;',
        '  for (const k in { a: 1 })',
        '    n += k.length;',
        '  return n;',
        '}',
      ].join('\n'),
    );
    expect(r.value).toBe(7);
    expect(r.plain).toBe(7);
    expect(r.loops).toEqual([3, 3, 4, 4, 5, 6, 7]);
  });

  it('literals and functions are charged where they are made, and still mean the same', () => {
    const r = run(
      [
        'export function main() {',
        '  const f = () => ({ a: [1, 2, ...[3]] });',
        '  const keep: unknown[] = [];',
        '  for (let i = 0; i < 3; i++) keep.push({ x: i, y: [i] }, function () { return i; });',
        '  return [f().a, keep.length, (keep[1] as () => number)()];',
        '}',
      ].join('\n'),
    );
    expect(r.value).toEqual([[1, 2, 3], 6, 0]);
    expect(r.plain).toEqual(r.value);
    // sucrase's { value: true } (1), f (4 slots), [] (0), the returned [..] (3), f's {a} (1) and its arrays ([3], [1,2,3]), 3 × ({x,y}, [i], function)
    const expected = 48 + 96 + 32 + 56 + 48 + 40 + 56 + 3 * (64 + 40 + 96);
    expect(r.bytes).toBe(expected);
  });

  it('edits at one position nest: a literal as a loop body, an arrow returning an object', () => {
    const r = run(
      'export function main() {\n  let o;\n  for (let i = 0; i < 2; i++) o = [{}];\n  return (() => ({}))() && o;\n}',
    );
    expect(r.value).toEqual([{}]);
    expect(r.loops).toEqual([3, 3]);
  });

  it('classes (methods, fields, accessors) and object methods keep working (lesson A2 has a class with fields)', () => {
    const r = run(
      [
        'class Ring {',
        '  tail = 0;',
        '  spans: number[] = [];',
        '  constructor(readonly size: number) {}',
        '  get used() { return this.spans.length; }',
        '  push(n: number) { this.spans.push(n); this.tail += n; return this; }',
        '  static of(n: number) { return new Ring(n); }',
        '}',
        'export function main() {',
        '  const o = { twice(x: number) { return 2 * x; }, get one() { return 1; }, set v(_x: number) {} };',
        '  const ring = Ring.of(8).push(3).push(o.twice(o.one));',
        '  return [ring.size, ring.tail, ring.used];',
        '}',
      ].join('\n'),
    );
    expect(r).not.toHaveProperty('error');
    expect(r.value).toEqual([8, 5, 2]);
    expect(r.plain).toEqual(r.value);
  });

  it('a dynamic import() left in the code is refused with its line (sucrase turns the learner’s into require)', () => {
    expect(instrument("const a = 1;\n\nfor (;;) import('/x.js');\n")).toMatchObject({
      error: { code: 'type', line: 3 },
    });
    expect(compile("export function main() {\n  return import('/x.js');\n}")).not.toHaveProperty('error');
  });
});
