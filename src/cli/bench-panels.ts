// `npm run bench` (panels part): the debugger panels over a 100,000-event trace in headless Chromium. Builds
// dist/ when it is older than src/, serves it with `vite preview` on a free port, opens /bench/panels, and
// times redraws with the page's own performance.now() while a script scrubs the cursor and zooms the
// timelines (see src/ui/pages/PanelsBenchPage.tsx). Targets: < 16 ms per frame, < 200 MB.

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

const ROOT = join(import.meta.dirname, '..', '..');
const ARGS = [
  '--no-sandbox', '--enable-unsafe-webgpu', '--enable-features=Vulkan', '--use-vulkan=swiftshader', '--use-angle=swiftshader',
  '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync',
];
const EVENTS = 100_000;
const FRAMES = 120;

function newestMtime(dir: string): number {
  let newest = 0;
  for (const name of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, name.name);
    newest = Math.max(newest, name.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, () => {
      const a = s.address();
      s.close(() => (a && typeof a === 'object' ? resolve(a.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForServer(url: string, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`vite preview did not answer at ${url}`);
}

function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * q))];
}
const p95 = (xs: number[]) => quantile(xs, 0.95);

export async function benchPanels(print: (line: string) => void): Promise<void> {
  const dist = join(ROOT, 'dist', 'index.html');
  if (!existsSync(dist) || statSync(dist).mtimeMs < newestMtime(join(ROOT, 'src'))) {
    const b = spawnSync('npx', ['vite', 'build'], { cwd: ROOT, stdio: 'ignore' });
    if (b.status !== 0) throw new Error('vite build failed');
  }
  const port = await freePort();
  // own process group, so stopping it also stops the server npx started
  const server: ChildProcess = spawn('npx', ['vite', 'preview', '--port', String(port), '--strictPort'], { cwd: ROOT, stdio: 'ignore', detached: true });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
  try {
    await waitForServer(`http://localhost:${port}/`, 30_000);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`http://localhost:${port}/bench/panels?events=${EVENTS}&panels=heap,states,fences,log`);
    await page.waitForFunction(() => !!window.__panelsBench, null, { timeout: 120_000 });
    const r = await page.evaluate(async (frames) => {
      const b = window.__panelsBench!;
      await b.scrub(10); // warm-up: JIT and first layouts of each panel, not counted
      const scrub = await b.scrub(frames);
      await b.zoom(4);
      const zoom = await b.zoom(frames);
      return { events: b.events, renderMs: b.renderMs, scrub: scrub.msPerFrame, zoom: zoom.msPerFrame, heapMB: Math.max(scrub.heapMB, zoom.heapMB) };
    }, FRAMES);
    print(`panels.events: ${r.events} events`);
    print(`panels.render100k.ms: ${r.renderMs.toFixed(1)} ms`);
    print(`panels.scrub.p95_ms: ${p95(r.scrub).toFixed(1)} ms`);
    print(`panels.scrub.median_ms: ${quantile(r.scrub, 0.5).toFixed(1)} ms`);
    print(`panels.zoom.p95_ms: ${p95(r.zoom).toFixed(1)} ms`);
    print(`panels.heap_mb: ${Number.isFinite(r.heapMB) ? r.heapMB.toFixed(1) : 'n/a'} MB`);
  } finally {
    await browser.close();
    if (server.pid) {
      try { process.kill(-server.pid, 'SIGTERM'); } catch { /* already gone */ }
    }
  }
}
