// Runs every scenario file under test/scenarios/** (and ../shared/scenarios when present) and compares the JSON
// Lines with its .expected.jsonl, line by line; and checks that the generated files are what their definitions in
// test/scenarios/_generator/ make (a hand edit to a generated file, or a definition not regenerated, fails here).
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { runScenario } from './runner';

function collect(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const e of readdirSync(dir)) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) collect(p, out);
    else if (p.endsWith('.json') && existsSync(p.replace(/\.json$/, '.expected.jsonl'))) out.push(p);
  }
  return out;
}

const repo = join(__dirname, '..', '..', '..');
const root = join(repo, 'test', 'scenarios');
const shared = join(repo, '..', 'shared', 'scenarios');
const files = [...collect(root), ...collect(shared)];

describe('[SCN-RUN-1] scenario files match their expected output', () => {
  it('finds the three public scenarios (copies of ../shared/scenarios p1–p3) and the generated ones', () => {
    const names = files.map((f) => JSON.parse(readFileSync(f, 'utf8')).name as string);
    expect(names).toEqual(
      expect.arrayContaining([
        'programs/upload_buffer_to_texture_copy',
        'ID3D12CommandQueue/ExecuteCommandLists/copy_dest_in_wrong_state',
        'ID3D12Device/CreateDescriptorHeap/rtv_heap_shader_visible',
      ]),
    );
    expect(files.length).toBeGreaterThan(350);
  });
  it('names every scenario after its place in the tree (<Interface>/<Method>/<aspect>)', () => {
    for (const f of files.filter((x) => x.startsWith(root))) {
      expect(JSON.parse(readFileSync(f, 'utf8')).name).toBe(relative(root, f).replace(/\.json$/, ''));
    }
  });
  for (const f of files) {
    it(relative(repo, f), () => {
      const out = runScenario(readFileSync(f, 'utf8'), f);
      const expected = readFileSync(f.replace(/\.json$/, '.expected.jsonl'), 'utf8')
        .trim()
        .split('\n');
      // the error line names the file as given; compare without it
      const norm = (l: string) => l.replace(/,"file":"[^"]*"/, '');
      expect(out.lines.map(norm)).toEqual(expected.map(norm));
    });
  }
});

describe('test/scenarios/_generator', () => {
  it('the generated files equal what their definitions make', async () => {
    const { generatedFiles, ROOT } = await import('../../../test/scenarios/_generator/generate.mjs');
    const files = generatedFiles();
    expect(files.size).toBeGreaterThan(600);
    const differ = [...files]
      .filter(([f, text]) => !existsSync(join(ROOT, f)) || readFileSync(join(ROOT, f), 'utf8') !== text)
      .map(([f]) => f);
    expect(differ).toEqual([]);
  });
});
