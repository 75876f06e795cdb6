// [SCN-FUZZ-1] Bounded fuzzing of the runner: random and mutated scenarios never throw, never hang, never print a
// stack trace; every output is JSON Lines ending in an `end` line or consisting of one `error` line.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { runScenario } from './runner';
import { METHODS } from './schema';

let seed = 12345;
const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
const pick = <T>(a: readonly T[]): T => a[Math.floor(rnd() * a.length)];

const corpusDir = join(__dirname, '..', '..', '..', 'test', 'scenarios');
function corpus(dir: string, out: unknown[] = []): unknown[] {
  if (!existsSync(dir)) return out;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) corpus(p, out);
    else if (e.name.endsWith('.json') && out.length < 400) {
      try {
        out.push(JSON.parse(readFileSync(p, 'utf8')));
      } catch {
        /* not a scenario */
      }
    }
  }
  return out;
}

const WEIRD: unknown[] = [
  null,
  0,
  -1,
  1.5,
  1e300,
  'D3D12_RESOURCE_STATE_COPY_DEST',
  'DXGI_FORMAT_R8G8B8A8_UNORM',
  'nope',
  [],
  {},
  true,
  'dev',
  'list',
  { heap: 'rtvHeap', index: 99 },
  4294967295,
  'D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES',
];

function mutate(v: unknown, depth = 0): unknown {
  if (depth > 6) return v;
  if (Array.isArray(v)) {
    const a = v.map((x) => mutate(x, depth + 1));
    const r = rnd();
    if (r < 0.08 && a.length) a.splice(Math.floor(rnd() * a.length), 1);
    else if (r < 0.14 && a.length) a.splice(Math.floor(rnd() * a.length), 0, a[Math.floor(rnd() * a.length)]);
    else if (r < 0.18 && a.length > 1) {
      const k = Math.floor(rnd() * a.length);
      [a[0], a[k]] = [a[k], a[0]];
    }
    return a;
  }
  if (v && typeof v === 'object') {
    const o: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      const r = rnd();
      if (r < 0.03) continue;
      o[k] = r < 0.08 ? pick(WEIRD) : mutate(x, depth + 1);
    }
    return o;
  }
  return rnd() < 0.05 ? pick(WEIRD) : v;
}

function randomScenario(): unknown {
  const names = Object.keys(METHODS);
  const calls: unknown[] = [
    { call: 'D3D12CreateDevice', args: { MinimumFeatureLevel: 'D3D_FEATURE_LEVEL_11_0' }, out: 'dev' },
  ];
  const n = 1 + Math.floor(rnd() * 25);
  for (let k = 0; k < n; k++) {
    const call = rnd() < 0.1 ? pick(['@gpu.idle', '@gpu.advance']) : pick(names);
    calls.push({
      call,
      this: pick(['dev', 'list', 'queue', 'x']),
      args: call === '@gpu.advance' ? { ms: rnd() * 10 } : {},
      out: `o${k}`,
    });
  }
  return { name: 'fuzz', debugLayer: rnd() < 0.7, gpuBasedValidation: rnd() < 0.2, calls };
}

function check(doc: unknown) {
  const text = typeof doc === 'string' ? doc : JSON.stringify(doc);
  const out = runScenario(text, 'fuzz.json');
  expect(out.lines.length).toBeGreaterThan(0);
  for (const l of out.lines) {
    const o = JSON.parse(l) as Record<string, unknown>;
    expect(typeof o).toBe('object');
    expect(l).not.toMatch(/\n\s+at /);
    expect(l).not.toMatch(/internal error/);
  }
  const last = JSON.parse(out.lines[out.lines.length - 1]) as Record<string, unknown>;
  if (out.exitCode === 0) expect(last.end).toBe(true);
  else expect(typeof last.error).toBe('string');
}

describe('[SCN-FUZZ-1] the runner survives random and mutated input', () => {
  const docs = corpus(corpusDir);
  it('300 mutated + random + broken scenarios, bounded time', () => {
    const t0 = Date.now();
    for (let k = 0; k < 300; k++) {
      const r = rnd();
      if (r < 0.6 && docs.length) check(mutate(pick(docs)));
      else if (r < 0.9) check(randomScenario());
      else check(JSON.stringify(pick(docs) ?? {}).slice(0, Math.floor(rnd() * 200)));
    }
    expect(Date.now() - t0).toBeLessThan(20000);
  });
});
