// Node module hooks for `import text from './file.ts?raw'` (Vite's raw import, which the lessons use to show their
// own code): outside Vite, the harnesses that tsx runs (test-gpu) load the file's text the same way. Vite's eager
// import.meta.glob (the lesson catalogue's) is expanded to static imports after tsx has compiled the file.
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expandGlobs } from './glob-expand.mjs';

const RAW = '?raw';

export async function resolve(specifier, context, next) {
  if (!specifier.endsWith(RAW)) return next(specifier, context);
  const r = await next(specifier.slice(0, -RAW.length), context);
  return { url: `${r.url}${RAW}`, shortCircuit: true };
}

export async function load(url, context, next) {
  if (!url.endsWith(RAW)) {
    const r = await next(url, context);
    if (!url.startsWith('file:') || !/\.tsx?$/.test(url) || r.source == null) return r;
    const code = typeof r.source === 'string' ? r.source : new TextDecoder().decode(r.source);
    if (!code.includes('import.meta.glob')) return r;
    const file = fileURLToPath(url);
    return { ...r, source: expandGlobs(code, dirname(file), file) };
  }
  const text = await readFile(fileURLToPath(url.slice(0, -RAW.length)), 'utf8');
  return { format: 'module', source: `export default ${JSON.stringify(text)};`, shortCircuit: true };
}
