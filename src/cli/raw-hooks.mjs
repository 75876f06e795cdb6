// Node module hooks for `import text from './file.ts?raw'` (Vite's raw import, which the lessons use to show their
// own code): outside Vite, the harnesses that tsx runs (test-gpu) load the file's text the same way.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const RAW = '?raw';

export async function resolve(specifier, context, next) {
  if (!specifier.endsWith(RAW)) return next(specifier, context);
  const r = await next(specifier.slice(0, -RAW.length), context);
  return { url: `${r.url}${RAW}`, shortCircuit: true };
}

export async function load(url, context, next) {
  if (!url.endsWith(RAW)) return next(url, context);
  const text = await readFile(fileURLToPath(url.slice(0, -RAW.length)), 'utf8');
  return { format: 'module', source: `export default ${JSON.stringify(text)};`, shortCircuit: true };
}
