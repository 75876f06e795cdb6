// `npm run bench` (panels part): the debugger panels over a 100,000-event trace in headless Chromium. Builds
// dist/ when it is older than src/, serves it with `vite preview` on a free port, opens /bench/panels, and
// times redraws with the page's own performance.now() while a script scrubs the cursor across the whole trace
// (0 -> last call -> 0, one move per animation frame) and zooms each timeline in turn (see
// src/ui/pages/PanelsBenchPage.tsx). A frame's time is the React commit, canvas draws and the style/layout
// they cause. Warm-up: 5 frames of each, not counted. Targets: < 16 ms per frame, < 200 MB.
// The machine is shared: the load average is printed with the figures.

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { cpus as cpuList, loadavg } from 'node:os';
import { chromium } from '@playwright/test';

const ROOT = join(import.meta.dirname, '..', '..');
const ARGS = [
  '--no-sandbox',
  '--enable-unsafe-webgpu',
  '--enable-features=Vulkan',
  '--use-vulkan=swiftshader',
  '--use-angle=swiftshader',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const EVENTS = 100_000;
const cpus = cpuList().length;
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
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`vite preview did not answer at ${url}`);
}

function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * q))];
}
const p95 = (xs: number[]) => quantile(xs, 0.95);
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

export async function benchPanels(print: (line: string) => void): Promise<void> {
  const dist = join(ROOT, 'dist', 'index.html');
  if (!existsSync(dist) || statSync(dist).mtimeMs < newestMtime(join(ROOT, 'src'))) {
    const b = spawnSync('npx', ['vite', 'build'], { cwd: ROOT, stdio: 'ignore' });
    if (b.status !== 0) throw new Error('vite build failed');
  }
  const port = await freePort();
  // own process group, so stopping it also stops the server npx started
  const server: ChildProcess = spawn('npx', ['vite', 'preview', '--port', String(port), '--strictPort'], {
    cwd: ROOT,
    stdio: 'ignore',
    detached: true,
  });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
  try {
    await waitForServer(`http://localhost:${port}/`, 30_000);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`http://localhost:${port}/bench/panels?events=${EVENTS}&panels=heap,states,fences,log`);
    await page.waitForFunction(() => !!window.__panelsBench, null, { timeout: 120_000 });
    const loadBefore = load();
    const r = await page.evaluate(async (frames) => {
      const b = window.__panelsBench!;
      await b.scrub(5); // warm-up: JIT and the first draw of each cursor layer, not counted
      const scrub = await b.scrub(frames);
      await b.zoom(5);
      const zoom = await b.zoom(frames);
      return {
        events: b.events,
        maxCall: b.maxCall,
        renderMs: b.renderMs,
        scrub,
        zoom,
        heapMB: Math.max(scrub.heapMB, zoom.heapMB),
      };
    }, FRAMES);
    const cursors = r.scrub.steps.map(Number);
    const charts = [...new Set(r.zoom.steps.map((s) => s.split(' ')[0]))];
    const fmt = (v: number) => v.toFixed(1);
    print(`panels.load_avg: ${loadBefore} (1/5/15 min, ${cpus} cores) before, ${load()} after`);
    print(`panels.events: ${r.events} events`);
    print(`panels.render100k.ms: ${fmt(r.renderMs)} ms`);
    print(
      `panels.scrub.frames: ${cursors.length} frames over calls ${Math.min(...cursors)}..${Math.max(...cursors)} of 0..${r.maxCall}`,
    );
    print(`panels.scrub.median_ms: ${fmt(quantile(r.scrub.msPerFrame, 0.5))} ms`);
    print(`panels.scrub.p95_ms: ${fmt(p95(r.scrub.msPerFrame))} ms`);
    print(`panels.scrub.max_ms: ${fmt(Math.max(...r.scrub.msPerFrame))} ms`);
    print(`panels.scrub.frame_interval_p95_ms: ${fmt(p95(r.scrub.frameIntervalMs))} ms`);
    print(`panels.zoom.frames: ${r.zoom.steps.length} frames over ${charts.join(', ')}`);
    print(`panels.zoom.median_ms: ${fmt(quantile(r.zoom.msPerFrame, 0.5))} ms`);
    print(`panels.zoom.p95_ms: ${fmt(p95(r.zoom.msPerFrame))} ms`);
    print(`panels.zoom.max_ms: ${fmt(Math.max(...r.zoom.msPerFrame))} ms`);
    for (const c of charts) {
      const mine = r.zoom.msPerFrame.filter((_, k) => r.zoom.steps[k].startsWith(`${c} `));
      print(`panels.zoom.${c}.p95_ms: ${fmt(p95(mine))} ms`);
    }
    print(`panels.zoom.frame_interval_p95_ms: ${fmt(p95(r.zoom.frameIntervalMs))} ms`);
    print(`panels.heap_mb: ${Number.isFinite(r.heapMB) ? fmt(r.heapMB) : 'n/a'} MB`);
  } finally {
    await browser.close();
    if (server.pid) {
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
    }
  }
}
