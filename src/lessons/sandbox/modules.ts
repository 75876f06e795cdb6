// The modules a lesson's code may import in the sandbox, as its code.ts means them: the model, the lessons' modules
// (its own helpers, the shared ones, the runner, another lesson's code: lesson 13 reads its PNG with lesson 11's
// ReadFile) and the packages the shipped code imports. The sandbox hands the learner's code only those its lesson's
// shipped code imports (sandbox.worker.ts); tests and metas are not API.
import * as core from '../../core';

const modules = import.meta.glob<Record<string, unknown>>([
  '../*/*.ts',
  '../*.ts',
  '!../**/*.test.ts',
  '!../*/index.ts',
  '!../*/meta.ts',
  '!../sandbox/**',
]);
/** Packages by name (a bare specifier is not a path): every one a lesson's code.ts imports. */
const packages: Record<string, () => Promise<unknown>> = {
  'fast-png': () => import('fast-png'),
};

/** `spec` as imported by lesson `lesson`'s code (null: a module with types only, or none). */
export async function resolveImport(lesson: string, spec: string): Promise<unknown> {
  if (!spec.startsWith('.')) return packages[spec] ? await packages[spec]() : null;
  const path = new URL(spec, `https://lab/src/lessons/${lesson}/code.ts`).pathname;
  if (path === '/src/core') return core;
  const get = modules[`..${path.slice('/src/lessons'.length)}.ts`];
  return get ? await get() : null;
}
