// Calls made inside a shared helper (src/lessons/common/*.ts) have no line in the lesson's own code. This maps
// each of them to the helper and the line in the helper's source that made it, for the code view's call-stack
// line ("in createFrame, common/frame.ts:131", which opens that helper's code), and finds the lesson line that
// called the helper. Same matching as callsite.ts, restricted to the helper's body.
import { indexTrace, type D3D12System } from '../core';
import { helpersAt } from './common/hidden';
import { callLines, methodOf } from './callsite';

const sources = import.meta.glob<string>(['./common/*.ts', '!./common/*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

export interface HelperSite {
  /** the innermost helper that made the call */
  fn: string;
  /** 'common/frame.ts' */
  file: string;
  /** 1-based line in that file, or null when no line names the method */
  line: number | null;
  /** the helpers, innermost first (the last is the one the lesson called) */
  stack: string[];
}

export interface HelperSource {
  file: string;
  source: string;
  /** 1-based lines of the function's body: [first, last] */
  body: [number, number];
  /** the file's call lines by method (callLines), worked out once: every call the helper made looks its method up */
  calls: Map<string, number[]>;
}

const bodies = new Map<string, HelperSource | null>();
const fileCalls = new Map<string, Map<string, number[]>>();

/** Where a helper of common/*.ts is defined: its file, the file's text and the function's line range. */
export function helperSource(fn: string): HelperSource | null {
  if (bodies.has(fn)) return bodies.get(fn)!;
  let found: HelperSource | null = null;
  for (const [path, source] of Object.entries(sources)) {
    // one regex over the file (one per line, made anew for each, was most of this on a page's first render)
    const m = new RegExp(String.raw`^export function ${fn}\b`, 'm').exec(source);
    if (!m) continue;
    const lines = source.split('\n');
    const start = source.slice(0, m.index).split('\n').length - 1;
    let end = start;
    while (end < lines.length - 1 && lines[end] !== '}') end++;
    let calls = fileCalls.get(path);
    if (!calls) fileCalls.set(path, (calls = callLines(source)));
    found = { file: path.replace(/^\.\//, ''), source, body: [start + 1, end + 1], calls };
    break;
  }
  bodies.set(fn, found);
  return found;
}

/** For every call index, where in a helper it was made (null: the lesson's own call, or an unnamed helper). */
export function helperSites(sys: D3D12System): (HelperSite | null)[] {
  const out: (HelperSite | null)[] = [];
  // per helper invocation (its first call index), the line its last call was matched to
  const at = new Map<string, number>();
  for (const e of indexTrace(sys.trace).calls) {
    if (!e) continue;
    const stack = helpersAt(sys, e.i);
    if (!stack.length) {
      out[e.i] = null;
      continue;
    }
    const { helper, from } = stack[0];
    const src = helperSource(helper);
    if (!src) {
      out[e.i] = null;
      continue;
    }
    const [first, last] = src.body;
    const cands = (src.calls.get(methodOf(e.api)) ?? []).filter((l) => l >= first && l <= last);
    const key = `${helper}@${from}`;
    const prev = at.get(key) ?? first;
    const line = cands.find((l) => l >= prev) ?? cands[0] ?? null;
    if (line !== null) at.set(key, line);
    out[e.i] = { fn: helper, file: src.file, line, stack: stack.map((s) => s.helper) };
  }
  return out;
}

/**
 * The lesson line that called `fn` (its outermost helper), nearest at or after `after` (the last line the
 * lesson itself ran), else its first call; null when the lesson's code does not call it by name.
 */
export function lessonLineOfHelper(source: string, fn: string, after: number | null): number | null {
  const re = new RegExp(String.raw`\b${fn}\s*\(`);
  const lines = source.split('\n');
  const hits: number[] = [];
  lines.forEach((l, k) => {
    if (re.test(l.replace(/\/\/.*$/, '')) && !/\bfunction\s/.test(l)) hits.push(k + 1);
  });
  if (!hits.length) return null;
  return hits.find((l) => l >= (after ?? 0)) ?? hits[0];
}
