// The build's text assets gzip-compressed once, at build time, and served as such by `vite preview` (npm start, the
// browser suites and the bench all serve dist/ through it). Why (issue 16): vite preview compresses every response
// again as it sends it; a lesson link's first visit asks for ~900 KB of JavaScript, ~60 ms of the server's CPU per
// visit, taken from the same two cores the browser needs for that visit (alternating loads of lesson 10, served
// each way: 898 vs 746 ms median). A static host serves precompressed files the same way; the bytes are the same.
import { readdirSync, statSync, writeFileSync, readFileSync, type Stats } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

/** What is worth compressing: text the page fetches (source maps only devtools reads: left as they are). */
export const COMPRESSIBLE = /\.(js|mjs|css|svg|json|wasm|txt)$/;
const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain',
};
/** Smaller than this, a gzip stream saves nothing worth a file. */
const MIN_BYTES = 1024;

function walk(dir: string): string[] {
  // dot folders (.vite's manifest) are the build's notes, never served
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.name.startsWith('.') ? [] : d.isDirectory() ? walk(join(dir, d.name)) : [join(dir, d.name)],
  );
}

/** Writes `<file>.gz` (gzip -9) beside each compressible file of `dir` that gets smaller; returns how many. */
export function precompressDir(dir: string): number {
  let n = 0;
  for (const file of walk(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const raw = readFileSync(file);
    if (raw.length < MIN_BYTES) continue;
    const gz = gzipSync(raw, { level: 9 });
    if (gz.length >= raw.length) continue;
    writeFileSync(`${file}.gz`, gz);
    n++;
  }
  return n;
}

function acceptsGzip(req: IncomingMessage): boolean {
  const ae = String(req.headers['accept-encoding'] ?? '');
  // "gzip" listed and not refused with q=0
  return ae.split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    if (name.trim().toLowerCase() !== 'gzip') return false;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
    return !q || Number(q[1]) > 0;
  });
}

function statOrNull(path: string): Stats | null {
  try {
    const s = statSync(path);
    return s.isFile() ? s : null;
  } catch {
    return null;
  }
}

/**
 * Connect middleware: a GET or HEAD for a file of `root` that has a `.gz` beside it, from a client that accepts
 * gzip, is answered with the `.gz` (Content-Encoding: gzip, the original's type, an ETag); anything else goes on.
 */
export function servePrecompressed(root: string) {
  const base = resolve(root);
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !acceptsGzip(req)) return next();
    let path: string;
    try {
      path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    } catch {
      return next(); // a malformed escape: the server's own handling answers it
    }
    if (!COMPRESSIBLE.test(path)) return next();
    const file = resolve(base, `.${path}`);
    if (!file.startsWith(base + sep)) return next(); // never outside dist/
    const gz = statOrNull(`${file}.gz`);
    const orig = gz && statOrNull(file);
    if (!gz || !orig) return next();
    const cached = { ETag: `W/"gz-${orig.size}-${Math.floor(orig.mtimeMs)}"`, Vary: 'Accept-Encoding' };
    // as vite preview's own files: revalidated, never stale
    const headers = { ...cached, 'Cache-Control': 'no-cache' };
    if (req.headers['if-none-match'] === cached.ETag) return void res.writeHead(304, headers).end();
    res.writeHead(200, {
      ...headers,
      'Content-Type': TYPES[extname(path)] ?? 'application/octet-stream',
      'Content-Encoding': 'gzip',
      'Content-Length': gz.size,
    });
    // read whole (the largest is ~150 KB): simpler than a stream, and no slower for files this size
    res.end(req.method === 'HEAD' ? undefined : readFileSync(`${file}.gz`));
  };
}
