// `npm run bench` (bundle part): the JavaScript a first visit downloads before anything runs, from the production
// build's manifest (dist/.vite/manifest.json): the entry chunk and every chunk it imports statically, followed
// transitively (dynamic imports are not followed: they load on demand). Sizes are gzip level 9 of the built files,
// what a server sending them compressed would send. Goal (issue 16): <= 150 KB.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT, ensureBuilt } from './bench-browser';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export function readManifest(): Manifest {
  return JSON.parse(readFileSync(join(ROOT, 'dist', '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

export const gzipKB = (file: string) => gzipSync(readFileSync(join(ROOT, 'dist', file)), { level: 9 }).length / 1024;

/** The files a chunk pulls in before it runs: itself and its static imports, transitively. */
export function staticClosure(m: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const k of m[key]?.imports ?? []) staticClosure(m, k, seen);
  return seen;
}

export async function benchBundle(print: (line: string) => void): Promise<void> {
  ensureBuilt();
  const m = readManifest();
  const entries = Object.keys(m).filter((k) => m[k].isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry chunk, found ${entries.length}`);
  const initial = [...staticClosure(m, entries[0])].map((k) => m[k].file);
  const kb = initial.reduce((s, f) => s + gzipKB(f), 0);
  const all = new Set(Object.values(m).map((c) => c.file));
  const allKb = [...all].filter((f) => f.endsWith('.js')).reduce((s, f) => s + gzipKB(f), 0);
  print(`bundle.initial_kb_gzip: ${kb.toFixed(1)} KB (${initial.length} files: ${initial.join(', ')})`);
  print(`bundle.all_js_kb_gzip: ${allKb.toFixed(1)} KB (every chunk, for scale)`);
}
