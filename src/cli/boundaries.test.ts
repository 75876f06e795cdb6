// Proves the one-way dependency rule is enforced, not just written down: lint rejects forbidden imports
// and globals per folder, and src/core's own tsconfig (no DOM lib) turns DOM use into a type error.
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

const eslint = new ESLint({ cwd: new URL('../../', import.meta.url).pathname });

async function ruleHits(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-globals')
    .map((m) => m.message);
}

// ESLint and a TypeScript program start slowly on a loaded machine (the first test of each pays for it)
const SLOW = { timeout: 60_000 };

describe('folder boundaries (lint)', SLOW, () => {
  it.each([
    ["import { useState } from 'react';", 'react'],
    ["import { createStore } from 'zustand/vanilla';", 'zustand'],
    ["import { scaleLinear } from 'd3-scale';", 'd3'],
    ["import { GpuHost } from '../gpu/host';", 'src/gpu'],
    ["import { App } from '../ui/App';", 'src/ui'],
    ["import { sessionStore } from '../state/session';", 'src/state'],
    ["import { readFileSync } from 'node:fs';", 'node'],
  ])('src/core may not import %s (%s)', async (code) => {
    const hits = await ruleHits(`${code}\nexport const x = 1;\n`, 'src/core/device.ts');
    expect(hits.length).toBe(1);
    expect(hits[0]).toMatch(/pure D3D12 model/);
  });

  it('src/core may not use DOM globals', async () => {
    const hits = await ruleHits(
      'export const w = document.body; export const n = navigator.gpu;\n',
      'src/core/device.ts',
    );
    expect(hits.length).toBe(2);
  });

  it('src/core may import itself', async () => {
    expect(await ruleHits("import { x } from './other';\nexport const y = x;\n", 'src/core/device.ts')).toEqual([]);
  });

  it('gpu, lessons, state and ui import the model through src/core (its index.ts), not its files', async () => {
    const deep = "import { Trace } from '../core/trace';\nexport const t = Trace;\n";
    for (const f of ['src/gpu/x.ts', 'src/lessons/x.ts', 'src/state/x.ts', 'src/ui/x.ts']) {
      const hits = await ruleHits(deep, f);
      expect(hits).toHaveLength(1);
      expect(hits[0]).toMatch(/through src\/core/);
    }
    expect(await ruleHits("import { Trace } from '../core';\nexport const t = Trace;\n", 'src/lessons/x.ts')).toEqual(
      [],
    );
    expect(await ruleHits("import { Trace } from '../core/index';\nexport const t = Trace;\n", 'src/ui/x.ts')).toEqual(
      [],
    );
    expect(
      await ruleHits("import { Trace } from '../../core/trace';\nexport const t = Trace;\n", 'src/ui/panels/x.tsx'),
    ).toHaveLength(1);
  });

  it('src/core imports what it uses only as a type with `import type` (so runtime edges are real)', async () => {
    const [result] = await eslint.lintText(
      "import { ID3D12Resource } from './resource';\nexport let r: ID3D12Resource | null = null;\n",
      { filePath: 'src/core/x.ts' },
    );
    expect(result.messages.map((m) => m.ruleId)).toContain('@typescript-eslint/consistent-type-imports');
  });

  it('src/gpu may not import ui or state; lessons may not import ui; state may not import react', async () => {
    expect(await ruleHits("import { App } from '../ui/App';\nexport const a = App;\n", 'src/gpu/x.ts')).toHaveLength(1);
    expect(
      await ruleHits(
        "import { sessionStore } from '../state/session';\nexport const a = sessionStore;\n",
        'src/gpu/x.ts',
      ),
    ).toHaveLength(1);
    expect(
      await ruleHits("import { App } from '../ui/App';\nexport const a = App;\n", 'src/lessons/x.ts'),
    ).toHaveLength(1);
    expect(
      await ruleHits("import { useState } from 'react';\nexport const a = useState;\n", 'src/state/x.ts'),
    ).toHaveLength(1);
    expect(
      await ruleHits("import { GpuHost } from '../gpu/host';\nexport const a = GpuHost;\n", 'src/state/x.ts'),
    ).toEqual([]);
  });
});

describe('src/core typechecks without DOM types', SLOW, () => {
  function diagnostics(code: string): string[] {
    const config = ts.readConfigFile(new URL('../../tsconfig.core.json', import.meta.url).pathname, ts.sys.readFile);
    const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, new URL('../../', import.meta.url).pathname);
    const fileName = new URL('../core/__probe__.ts', import.meta.url).pathname;
    const host = ts.createCompilerHost(parsed.options);
    const read = host.getSourceFile.bind(host);
    host.getSourceFile = (name, lang) => (name === fileName ? ts.createSourceFile(name, code, lang) : read(name, lang));
    const program = ts.createProgram([fileName], parsed.options, host);
    return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  }

  it('document, HTMLCanvasElement and GPUDevice are type errors in src/core', () => {
    const errs = diagnostics(
      'export const a = document.title;\nexport let c: HTMLCanvasElement | undefined;\nexport let g: GPUDevice | undefined;\n',
    );
    expect(errs.join('\n')).toMatch(/Cannot find name 'document'/);
    expect(errs.join('\n')).toMatch(/Cannot find name 'HTMLCanvasElement'/);
    expect(errs.join('\n')).toMatch(/Cannot find name 'GPUDevice'/);
  });

  it('plain ES2023 code is fine', () => {
    expect(diagnostics('export const m = new Map<string, bigint>([["a", 1n]]);\n')).toEqual([]);
  });
});

// [import-cycles] src/core's modules may refer to each other's types freely (`import type`, erased), but the
// imports that stay at run time must form no cycle: a cycle makes module initialisation order matter, and is how
// "everything reaches through everything" starts. (A type-only import of a class is an upward edge: lint's
// consistent-type-imports makes it `import type`, so it never counts here.)
const CORE = new URL('../core/', import.meta.url).pathname;

function coreFiles(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir)) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) coreFiles(p, out);
    else if (p.endsWith('.ts') && !p.endsWith('.test.ts')) out.push(p);
  }
  return out;
}

/** The modules a file imports at run time: every import/export-from except `import type` / `export type`. */
function runtimeImports(file: string, code = readFileSync(file, 'utf8')): string[] {
  const sf = ts.createSourceFile(file, code, ts.ScriptTarget.ES2022, false);
  const out: string[] = [];
  for (const st of sf.statements) {
    let spec: ts.Expression | undefined;
    if (ts.isImportDeclaration(st) && !st.importClause?.isTypeOnly) spec = st.moduleSpecifier;
    else if (ts.isExportDeclaration(st) && !st.isTypeOnly) spec = st.moduleSpecifier;
    if (!spec || !ts.isStringLiteral(spec) || !spec.text.startsWith('.')) continue;
    const base = join(dirname(file), spec.text);
    const target = [`${base}.ts`, join(base, 'index.ts')].find((f) => existsSync(f));
    if (target) out.push(target);
  }
  return out;
}

/** The first cycle in a graph, as a path that starts and ends at the same node; null when there is none. */
function findCycle(graph: Map<string, string[]>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (n: string): string[] | null => {
    if (state.get(n) === 'done') return null;
    if (state.get(n) === 'open') return [...stack.slice(stack.indexOf(n)), n];
    state.set(n, 'open');
    stack.push(n);
    for (const m of graph.get(n) ?? []) {
      const c = visit(m);
      if (c) return c;
    }
    stack.pop();
    state.set(n, 'done');
    return null;
  };
  for (const n of graph.keys()) {
    const c = visit(n);
    if (c) return c;
  }
  return null;
}

describe('src/core runtime imports', SLOW, () => {
  it('form no cycle', () => {
    const graph = new Map(coreFiles(CORE).map((f) => [f, runtimeImports(f)]));
    expect(graph.size).toBeGreaterThan(20);
    const cycle = findCycle(graph);
    expect(cycle?.map((f) => relative(CORE, f)).join(' -> ') ?? null).toBeNull();
  });

  it('the check sees runtime edges, ignores type-only ones, and reports a cycle as a path', () => {
    const a = join(CORE, 'object.ts');
    expect(
      runtimeImports(
        a,
        "import type { Kernel } from './kernel';\nimport { x } from './device';\nexport { y } from './queue';\nexport type { Z } from './fence';\n",
      ),
    ).toEqual([join(CORE, 'device.ts'), join(CORE, 'queue.ts')]);
    expect(
      findCycle(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['a']],
        ]),
      ),
    ).toEqual(['a', 'b', 'c', 'a']);
    expect(
      findCycle(
        new Map([
          ['a', ['b']],
          ['b', []],
          ['c', ['a', 'b']],
        ]),
      ),
    ).toBeNull();
  });
});
