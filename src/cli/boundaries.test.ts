// Proves the one-way dependency rule is enforced, not just written down: lint rejects forbidden imports
// and globals per folder, and src/core's own tsconfig (no DOM lib) turns DOM use into a type error.
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import ts from 'typescript';

const eslint = new ESLint({ cwd: new URL('../../', import.meta.url).pathname });

async function ruleHits(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-globals').map((m) => m.message);
}

// ESLint's first load (typescript-eslint) takes seconds on a busy 2-core machine: not a 5 s unit test
describe('folder boundaries (lint)', { timeout: 60_000 }, () => {
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
    const hits = await ruleHits('export const w = document.body; export const n = navigator.gpu;\n', 'src/core/device.ts');
    expect(hits.length).toBe(2);
  });

  it('src/core may import itself', async () => {
    expect(await ruleHits("import { x } from './other';\nexport const y = x;\n", 'src/core/device.ts')).toEqual([]);
  });

  it('src/gpu may not import ui or state; lessons may not import ui; state may not import react', async () => {
    expect(await ruleHits("import { App } from '../ui/App';\nexport const a = App;\n", 'src/gpu/x.ts')).toHaveLength(1);
    expect(await ruleHits("import { sessionStore } from '../state/session';\nexport const a = sessionStore;\n", 'src/gpu/x.ts')).toHaveLength(1);
    expect(await ruleHits("import { App } from '../ui/App';\nexport const a = App;\n", 'src/lessons/x.ts')).toHaveLength(1);
    expect(await ruleHits("import { useState } from 'react';\nexport const a = useState;\n", 'src/state/x.ts')).toHaveLength(1);
    expect(await ruleHits("import { GpuHost } from '../gpu/host';\nexport const a = GpuHost;\n", 'src/state/x.ts')).toEqual([]);
  });
});

describe('src/core typechecks without DOM types', () => {
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
    const errs = diagnostics('export const a = document.title;\nexport let c: HTMLCanvasElement | undefined;\nexport let g: GPUDevice | undefined;\n');
    expect(errs.join('\n')).toMatch(/Cannot find name 'document'/);
    expect(errs.join('\n')).toMatch(/Cannot find name 'HTMLCanvasElement'/);
    expect(errs.join('\n')).toMatch(/Cannot find name 'GPUDevice'/);
  });

  it('plain ES2023 code is fine', () => {
    expect(diagnostics('export const m = new Map<string, bigint>([["a", 1n]]);\n')).toEqual([]);
  });
});
