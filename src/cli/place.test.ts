// [RG-CLI] `npx d3d12-place IN.csv` end to end: the placement it prints is valid and optimal on MiniMalloc's
// example; a malformed file exits 2 with exactly one line (line number and field) on stderr, nothing on stdout.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { parseCsv, type CsvTable } from '../core/rg/csv';

const CLI = new URL('./d3d12-place.mjs', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'rg-cli-'));
const EXAMPLE = 'id,lower,upper,size\nb1,0,3,4\nb2,3,9,4\nb3,0,9,4\nb4,9,21,4\nb5,0,21,4\n';

function table(text: string): CsvTable {
  const r = parseCsv(text);
  if ('error' in r) throw new Error(r.error.message);
  return r.table;
}

function runCli(content: string | null, ...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const files: string[] = [];
  if (content !== null) {
    const f = join(dir, `in${Math.random().toString(36).slice(2)}.csv`);
    writeFileSync(f, content);
    files.push(f);
  }
  const r = spawnSync(process.execPath, [CLI, ...args, ...files], { encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('d3d12-place CLI', () => {
  it('[RG-CLI-1] prints id,lower,upper,size,offset for every buffer, a valid placement at the optimum', () => {
    const r = runCli(EXAMPLE);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const out = table(r.stdout);
    expect(r.stdout.split('\n')[0]).toBe('id,lower,upper,size,offset');
    expect(out.buffers.map((b) => b.id)).toEqual(['b1', 'b2', 'b3', 'b4', 'b5']);
    const b = out.buffers;
    for (const x of b)
      for (const y of b) {
        if (x === y || !(x.lower < y.upper && y.lower < x.upper)) continue;
        expect(x.offset! + x.size <= y.offset! || y.offset! + y.size <= x.offset!).toBe(true);
      }
    expect(Math.max(...b.map((x) => x.offset! + x.size))).toBe(12); // MiniMalloc's example: capacity 12 is optimal
  });

  it.each([
    ['id,lower,upper,size\nb1,0,3,4\nb2,3,x,4\n', /:3: field 'upper'/],
    ['id,lower,upper,size\nb1,0,3\n', /:2: field 'size'/],
    ['name,lower,upper,size\n', /:1: field 'name'/],
  ])('[RG-CLI-2] malformed file: exit 2, one line naming line and field, nothing on stdout', (content, pattern) => {
    const r = runCli(content);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.endsWith('\n')).toBe(true);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(pattern);
  });

  it('[RG-CLI-3] missing file or no argument: exit 2 with one line', () => {
    for (const r of [runCli(null, join(dir, 'nope.csv')), runCli(null)]) {
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    }
  });
});
