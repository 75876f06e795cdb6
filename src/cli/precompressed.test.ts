// The build's precompressed assets and the preview middleware that serves them (src/cli/precompressed.ts), over a
// real HTTP server: what a browser would get, byte for byte.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, request, type Server } from 'node:http';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { precompressDir, servePrecompressed } from './precompressed';

const dir = mkdtempSync(join(tmpdir(), 'precompressed-'));
const dist = join(dir, 'dist');
const script = `export const words = ${JSON.stringify('a lesson '.repeat(400))};\n`; // 3.6 KB, compresses well
let server: Server;
let port = 0;

function get(path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((done, fail) => {
    const req = request({ port, path, method, headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (b: Buffer) => parts.push(b));
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
    });
    req.on('error', fail);
    req.end();
  });
}

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'assets', 'app.js'), script);
  writeFileSync(join(dist, 'assets', 'app.js.map'), '{"x":"' + 'y'.repeat(4000) + '"}');
  writeFileSync(join(dist, 'assets', 'tiny.js'), 'export {};\n');
  writeFileSync(join(dist, 'assets', 'style.css'), 'body { color: red; }\n'.repeat(100));
  writeFileSync(join(dist, 'picture.png'), Buffer.alloc(4000, 7));
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify({ x: 'y'.repeat(4000) }));
  writeFileSync(join(dir, 'outside.js'), script); // beside dist/, never served
  writeFileSync(join(dir, 'outside.js.gz'), readFileSync(join(dist, 'assets', 'app.js')));
  const serve = servePrecompressed(dist);
  // what follows the middleware in vite preview (its own static files and compression) answers 404 here
  server = createServer((req, res) => serve(req, res, () => res.writeHead(404, { 'X-Next': '1' }).end()));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as { port: number }).port;
});
afterAll(() => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('precompressDir (the build step)', () => {
  it('writes a .gz of every compressible file worth it, and nothing for source maps, tiny files, images or the build notes', () => {
    expect(precompressDir(dist)).toBe(2);
    expect(gunzipSync(readFileSync(join(dist, 'assets', 'app.js.gz'))).toString()).toBe(script);
    expect(existsSync(join(dist, 'assets', 'style.css.gz'))).toBe(true);
    expect(existsSync(join(dist, 'assets', 'app.js.map.gz'))).toBe(false);
    expect(existsSync(join(dist, 'assets', 'tiny.js.gz'))).toBe(false);
    expect(existsSync(join(dist, 'picture.png.gz'))).toBe(false);
    expect(existsSync(join(dist, '.vite', 'manifest.json.gz'))).toBe(false);
  });
});

describe('servePrecompressed (the preview middleware)', () => {
  it('answers a gzip-accepting GET with the .gz: its type, encoding and length, the original bytes once inflated', async () => {
    const r = await get('/assets/app.js', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('text/javascript');
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(r.headers.vary).toBe('Accept-Encoding');
    expect(Number(r.headers['content-length'])).toBe(r.body.length);
    expect(r.body.length).toBeLessThan(script.length / 4);
    expect(gunzipSync(r.body).toString()).toBe(script);
    const css = await get('/assets/style.css?v=2', { 'Accept-Encoding': 'gzip' });
    expect(css.headers['content-type']).toBe('text/css');
  });

  it('revalidates by ETag: the same tag answers 304 with no body', async () => {
    const first = await get('/assets/app.js', { 'Accept-Encoding': 'gzip' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"gz-\d+-\d+"$/);
    const again = await get('/assets/app.js', { 'Accept-Encoding': 'gzip', 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('answers HEAD with the headers only', async () => {
    const r = await get('/assets/app.js', { 'Accept-Encoding': 'gzip' }, 'HEAD');
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(r.body.length).toBe(0);
  });

  it.each([
    ['a client that does not accept gzip', '/assets/app.js', {}],
    ['a client that refuses gzip (q=0)', '/assets/app.js', { 'Accept-Encoding': 'gzip;q=0, br' }],
    ['a file with no .gz beside it', '/assets/tiny.js', { 'Accept-Encoding': 'gzip' }],
    ['a source map', '/assets/app.js.map', { 'Accept-Encoding': 'gzip' }],
    ['a missing file', '/assets/gone.js', { 'Accept-Encoding': 'gzip' }],
    ['a path out of dist/', '/..%2foutside.js', { 'Accept-Encoding': 'gzip' }],
    ['a malformed escape', '/assets/%E0%A4%A.js', { 'Accept-Encoding': 'gzip' }],
  ])('leaves %s to the server', async (_what, path, headers) => {
    const r = await get(path, headers);
    expect(r.status).toBe(404);
    expect(r.headers['x-next']).toBe('1');
  });
});
