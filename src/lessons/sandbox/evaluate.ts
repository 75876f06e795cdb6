// The learner's TypeScript → a module in the sandbox: sucrase strips the types and turns imports into `require`
// (it keeps every line where it was, so an error's line is the learner's line); `require` hands out only the modules
// the lesson's shipped code imports.
import { transform } from 'sucrase';
import { GUARD_NAME, instrument } from './instrument';
import type { SandboxError } from './protocol';

// taken when the module loads: the sandbox's lockDown refuses `Function` to the learner's code afterwards
const FunctionCtor = Function;

export const SOURCE_URL = 'lesson-code.ts';

/** The module specifiers a source imports (type-only imports included: they cost nothing at run time). */
export function importsOf(source: string): { spec: string; line: number }[] {
  const out: { spec: string; line: number }[] = [];
  const re =
    /(?:\bimport\b[^'"`;]*?\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*|\bexport\b[^'"`;]*?\bfrom\s*)['"]([^'"]+)['"]/g;
  for (const m of source.matchAll(re)) out.push({ spec: m[1], line: source.slice(0, m.index).split('\n').length });
  return out;
}

export function compile(source: string): { js: string } | { error: SandboxError } {
  try {
    const { code } = transform(source, { transforms: ['typescript', 'imports'], production: true });
    return instrument(code);
  } catch (e) {
    const loc = (e as { loc?: { line?: number } }).loc;
    const message = e instanceof Error ? e.message : String(e);
    return { error: { code: 'syntax', message, ...(loc?.line ? { line: loc.line } : {}) } };
  }
}

let offset: number | null = null;
/** How many lines the Function constructor puts before the body (engine-specific: measured once). */
function lineOffset(): number {
  if (offset != null) return offset;
  try {
    new FunctionCtor(`throw new Error('probe')\n//# sourceURL=${SOURCE_URL}`)();
  } catch (e) {
    const m = new RegExp(`${SOURCE_URL.replace('.', '\\.')}:(\\d+)`).exec(String((e as Error).stack));
    offset = m ? Number(m[1]) - 1 : 0;
  }
  return offset ?? 0;
}

/** The learner's line an error was thrown at (its innermost frame in the learner's code), if its stack says. */
export function errorLine(e: unknown): number | undefined {
  const stack = e instanceof Error ? String(e.stack) : '';
  const m = new RegExp(`${SOURCE_URL.replace('.', '\\.')}:(\\d+)`).exec(stack);
  return m ? Math.max(1, Number(m[1]) - lineOffset()) : undefined;
}

/** What the instrumented code calls (guards.ts installs the sandbox's; this one lets everything through). */
export interface Guard {
  l(line: number): void;
  a<T extends unknown[]>(a: T): T;
  o<T>(o: T, n: number): T;
}
export const NO_GUARD: Guard = { l: () => undefined, a: (a) => a, o: (o) => o };

/** Runs the module body; its exports come back. `require` is the only way out of it. */
export function evaluate(
  js: string,
  require: (spec: string) => unknown,
  guard: Guard = NO_GUARD,
): Record<string, unknown> {
  lineOffset();
  const exports: Record<string, unknown> = {};
  const module = { exports };
  new FunctionCtor('require', 'exports', 'module', GUARD_NAME, `${js}\n//# sourceURL=${SOURCE_URL}`)(
    require,
    exports,
    module,
    guard,
  );
  return module.exports;
}

/** A thrown value → the contract's error: its kind and the learner's line. */
export function runtimeError(e: unknown, memoryGuard: (e: unknown) => boolean): SandboxError {
  const line = errorLine(e);
  const message = e instanceof Error ? `${e.name}: ${e.message}` : `thrown: ${String(e)}`;
  const code = memoryGuard(e) ? 'memory' : e instanceof TypeError || e instanceof ReferenceError ? 'type' : 'runtime';
  return { code, message, ...(line ? { line } : {}) };
}
