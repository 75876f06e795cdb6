// The transpiled learner code, instrumented for the sandbox's guards (acorn parses sucrase's output, which keeps
// every line where the learner wrote it):
// - each loop body starts with `G.l(line)`: the worker knows which loop the code is in (the page names it when it
//   ends a run at the time limit) and reports it a few times a second;
// - each array / object literal and each function made is charged to the memory guard through `G.a` / `G.o`, so an
//   allocation storm of plain values ends with the `memory` error (the worker's patched built-ins charge the rest:
//   Array(n), push, Map.set, String.repeat, typed arrays).
// A dynamic `import()` left in the code is refused: modules come only through `require` (the lesson's API).
import { parse, type Node } from 'acorn';
import type { SandboxError } from './protocol';

/** The guard object's name in the learner's module scope (a parameter of the module function). */
export const GUARD_NAME = '__d3d12lab';

/** Estimated bytes of a fresh object with `n` properties / an array with `n` elements (V8: header + slots). */
export const objectBytes = (n: number) => 32 + 16 * n;
export const arrayBytes = (n: number) => 32 + 8 * n;

interface Edit {
  pos: number;
  text: string;
  /** Left-to-right order among edits at one position: closers (inner first), then openers (outer first). */
  rank: number;
}

type AnyNode = Node & Record<string, unknown>;
const LOOPS = new Set(['WhileStatement', 'DoWhileStatement', 'ForStatement', 'ForInStatement', 'ForOfStatement']);

function children(n: AnyNode): AnyNode[] {
  const out: AnyNode[] = [];
  for (const k of Object.keys(n)) {
    if (k === 'loc') continue;
    const v = n[k];
    if (Array.isArray(v)) {
      for (const c of v) if (c && typeof c === 'object' && typeof (c as Node).type === 'string') out.push(c as AnyNode);
    } else if (v && typeof v === 'object' && typeof (v as Node).type === 'string') out.push(v as AnyNode);
  }
  return out;
}

export function instrument(js: string): { js: string } | { error: SandboxError } {
  let ast: AnyNode;
  try {
    ast = parse(js, {
      ecmaVersion: 'latest',
      sourceType: 'script',
      locations: true,
      allowReturnOutsideFunction: true,
    }) as unknown as AnyNode;
  } catch (e) {
    const loc = (e as { loc?: { line?: number } }).loc;
    return {
      error: { code: 'syntax', message: String((e as Error).message), ...(loc?.line ? { line: loc.line } : {}) },
    };
  }
  const edits: Edit[] = [];
  const open = (pos: number, text: string, depth: number) => edits.push({ pos, text, rank: depth });
  const close = (pos: number, text: string, depth: number) => edits.push({ pos, text, rank: -1e6 - depth });
  let refused: SandboxError | null = null;
  const methods = new Set<AnyNode>();

  const visit = (n: AnyNode, depth: number) => {
    if (n.type === 'ImportExpression' && !refused)
      refused = {
        code: 'type',
        line: n.loc?.start.line,
        message: "import() is not available here: this lesson's code may use only its own imports",
      };
    if (LOOPS.has(n.type)) {
      const body = n.body as AnyNode;
      const guard = `${GUARD_NAME}.l(${n.loc!.start.line});`;
      if (body.type === 'BlockStatement') open(body.start + 1, guard, depth + 1);
      else {
        open(body.start, `{${guard}`, depth + 1);
        close(body.end, '}', depth + 1);
      }
    } else if (n.type === 'ArrayExpression') {
      open(n.start, `${GUARD_NAME}.a(`, depth);
      close(n.end, ')', depth);
    } else if (n.type === 'ObjectExpression') {
      open(n.start, `${GUARD_NAME}.o(`, depth);
      close(n.end, `,${(n.properties as unknown[]).length})`, depth);
    } else if ((n.type === 'FunctionExpression' && !methods.has(n)) || n.type === 'ArrowFunctionExpression') {
      open(n.start, `${GUARD_NAME}.o((`, depth);
      close(n.end, `),4)`, depth);
    }
    // a method's function (class methods, sucrase's field initialisers `__init() {…}`, object methods, accessors)
    // starts at its parameters: wrapped, `name(…) {…}` would become `name__d3d12lab.o((…) {…}),4)`. It is part of its
    // class or object literal, which is charged already.
    if (n.type === 'MethodDefinition' || (n.type === 'Property' && (n.method || n.kind !== 'init')))
      methods.add(n.value as AnyNode);
    for (const c of children(n)) visit(c, depth + 2);
  };
  visit(ast, 0);
  if (refused) return { error: refused };
  // apply from the end; at one position the last-ranked text goes in first (each insertion lands before the earlier)
  edits.sort((a, b) => b.pos - a.pos || b.rank - a.rank);
  let out = js;
  for (const e of edits) out = out.slice(0, e.pos) + e.text + out.slice(e.pos);
  return { js: out };
}
