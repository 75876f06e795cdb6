// Runs every scenario file under src/core/scenarios/** (and ../shared/scenarios when present) and compares the
// JSON Lines with its .expected.jsonl, line by line.
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

const root = join(__dirname, '..', 'scenarios');
const shared = join(__dirname, '..', '..', '..', '..', 'shared', 'scenarios');
const files = [...collect(root), ...collect(shared)];

describe('[SCN-RUN-1] scenario files match their expected output', () => {
  it('finds the three public scenarios', () => {
    expect(files.filter((f) => /p[123]_/.test(f)).length).toBeGreaterThanOrEqual(3);
  });
  for (const f of files) {
    it(relative(join(__dirname, '..', '..', '..'), f), () => {
      const out = runScenario(readFileSync(f, 'utf8'), f);
      const expected = readFileSync(f.replace(/\.json$/, '.expected.jsonl'), 'utf8').trim().split('\n');
      // the error line names the file as given; compare without it
      const norm = (l: string) => l.replace(/,"file":"[^"]*"/, '');
      expect(out.lines.map(norm)).toEqual(expected.map(norm));
    });
  }
});
