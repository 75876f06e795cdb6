// The prose and the code agree: every `Field = N` a lesson's text states (BufferCount, NumDescriptors,
// StrideInBytes, RowPitch, Width ...) and every "N back buffers" is checked against the values the lesson's
// correct run really passed to (or got from) D3D12: the call arguments in its trace and its outputs.
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { traceJsonReplacer } from '../core';
import { LESSON_LIST } from './index';
import { lessonFolder } from './types';

const env = { debugLayer: true, bugs: new Set<string>(), width: 64, height: 64 };
const WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, 两: 2, 二: 2, 三: 3, 四: 4 };

interface Claim {
  field: string;
  value: number;
  text: string;
}

/** What a text states: `Name = 3` (the last part of a dotted name is the field), and "three back buffers". */
function claims(md: string): Claim[] {
  const out: Claim[] = [];
  for (const m of md.matchAll(/\b((?:[A-Za-z]+\.)*[A-Z][A-Za-z]*)\s*=\s*(\d+)\b(?!\s*[*+/-])/g))
    out.push({ field: m[1].split('.').pop()!, value: Number(m[2]), text: m[0] });
  for (const m of md.matchAll(/\b(\d+|one|two|three|four) back buffers\b|(\d+|两|二|三|四)\s*个后台缓冲/gi)) {
    const w = (m[1] ?? m[2]).toLowerCase();
    out.push({ field: 'BufferCount', value: WORDS[w] ?? Number(w), text: m[0] });
  }
  return out;
}

/** Every number the run gave a field, by field name: call arguments (trace) and the lesson's outputs. */
function facts(values: unknown[]): Map<string, Set<number>> {
  const map = new Map<string, Set<number>>();
  const walk = (v: unknown, depth: number) => {
    if (depth > 12 || v === null || typeof v !== 'object') return;
    if (Array.isArray(v)) return v.forEach((x) => walk(x, depth + 1));
    for (const [k, x] of Object.entries(v)) {
      if (typeof x === 'number' || (typeof x === 'string' && /^\d+$/.test(x))) {
        const s = map.get(k) ?? new Set<number>();
        s.add(Number(x));
        map.set(k, s);
      } else walk(x, depth + 1);
    }
  };
  for (const v of values) walk(JSON.parse(JSON.stringify(v, traceJsonReplacer) ?? 'null'), 0);
  return map;
}

describe('numbers the prose states about the code', () => {
  it('the text finds what it states', () => {
    expect(claims('`BufferCount = 3`, three back buffers, 两个后台缓冲, desc.Alignment = 4096')).toEqual([
      { field: 'BufferCount', value: 3, text: 'BufferCount = 3' },
      { field: 'Alignment', value: 4096, text: 'desc.Alignment = 4096' },
      { field: 'BufferCount', value: 3, text: 'three back buffers' },
      { field: 'BufferCount', value: 2, text: '两个后台缓冲' },
    ]);
  });

  it('every number a live lesson states about a field its code sets matches its correct run (en and zh)', () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const def of LESSON_LIST) {
      const folder = lessonFolder(def.entry);
      const texts = ['en', 'zh']
        .map((lang) => [lang, `content/lessons/${folder}/${lang}.md`] as const)
        .filter(([, p]) => existsSync(p))
        .map(([lang, p]) => [lang, readFileSync(p, 'utf8')] as const);
      if (!texts.length) continue;
      const run = def.run(env);
      const calls = run.sys.trace.events.flatMap((e) => (e.k === 'call' ? [e.args] : []));
      const known = facts([...calls, run.out]);
      for (const [lang, md] of texts)
        for (const c of claims(md)) {
          const got = known.get(c.field);
          // a field the code never sets: the text speaks of something else (a rule, another API)
          if (!got) continue;
          checked++;
          if (!got.has(c.value)) wrong.push(`${folder} (${lang}): "${c.text}", the run has ${[...got].join(', ')}`);
        }
    }
    expect(wrong).toEqual([]);
    // not vacuous: lesson 04's BufferCount and NumDescriptors and lesson 17's StrideInBytes are among them
    expect(checked).toBeGreaterThanOrEqual(10);
  });
});
