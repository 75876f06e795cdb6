// Type checking of the learner's code, with TypeScript's own language service, against the real sources of the
// lesson API (the model in src/core, the lessons' shared modules and the lesson's own helpers: one source per fact,
// nothing generated to keep in sync). The learner's file stands in the lesson's folder as its code.ts, so its
// imports resolve exactly as the shipped code's do. Only the learner's file is checked; a file it imports is read
// when the checker needs it. This module takes `ts` and the files as arguments: the typecheck worker hands it the
// bundled compiler and sources, the unit test Node's.
import type * as TS from 'typescript';
import type { SandboxError } from './protocol';

/** The libraries the checker knows: the project's ES level and a worker's globals (where the code runs). */
export const LIBS = ['lib.es2023.d.ts', 'lib.webworker.d.ts'];
const LIB_DIR = '/lib/';
/** npm packages lessons import (with their package.json and .d.ts files, under /node_modules/…). */
export const PACKAGES = ['fast-png', 'iobuffer', 'fflate'];

export interface TypeChecker {
  /** The type errors of `source` as lesson `lesson`'s code (1-based lines), in source order: its syntax errors if it
   * has any, else its type errors. */
  check(lesson: string, source: string): SandboxError[];
}

/**
 * `sources`: project files by absolute path ('/src/core/index.ts', '/node_modules/fast-png/lib/index.d.ts');
 * `libs`: TypeScript's lib files by name ('lib.es5.d.ts').
 */
export function createTypeChecker(
  ts: typeof TS,
  sources: ReadonlyMap<string, string>,
  libs: ReadonlyMap<string, string>,
): TypeChecker {
  const options: TS.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    noImplicitOverride: true,
    esModuleInterop: true,
    skipLibCheck: true,
    noEmit: true,
    isolatedModules: true,
    lib: LIBS,
    types: [],
  };
  let learner = { path: '', text: '', version: 0 };
  const dirs = new Set<string>(['/lib', '/']);
  for (const path of sources.keys())
    for (let i = path.lastIndexOf('/'); i > 0; i = path.lastIndexOf('/', i - 1)) dirs.add(path.slice(0, i));
  const read = (path: string): string | undefined => {
    if (path === learner.path) return learner.text;
    if (path.startsWith(LIB_DIR)) return libs.get(path.slice(LIB_DIR.length));
    return sources.get(path);
  };
  const host: TS.LanguageServiceHost = {
    getCompilationSettings: () => options,
    getScriptFileNames: () => (learner.path ? [learner.path] : []),
    getScriptVersion: (path) => (path === learner.path ? String(learner.version) : '0'),
    getScriptSnapshot: (path) => {
      const text = read(path);
      return text == null ? undefined : ts.ScriptSnapshot.fromString(text);
    },
    getCurrentDirectory: () => '/',
    getDefaultLibFileName: () => `${LIB_DIR}${LIBS[0]}`,
    fileExists: (path) => read(path) != null,
    readFile: read,
    directoryExists: (dir) => dirs.has(dir.replace(/\/$/, '')),
    getDirectories: () => [],
  };
  const service = ts.createLanguageService(host, ts.createDocumentRegistry());

  return {
    check(lesson, source) {
      learner = { path: `/src/lessons/${lesson}/code.ts`, text: source, version: learner.version + 1 };
      const file = learner.path;
      const syntax = service.getSyntacticDiagnostics(file);
      const diagnostics = syntax.length ? syntax : service.getSemanticDiagnostics(file);
      return diagnostics
        .filter((d) => d.category === ts.DiagnosticCategory.Error && d.file && d.start != null)
        .sort((a, b) => a.start! - b.start!)
        .map((d) => ({
          code: syntax.length ? ('syntax' as const) : ('type' as const),
          line: d.file!.getLineAndCharacterOfPosition(d.start!).line + 1,
          message: `TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
        }));
    },
  };
}
