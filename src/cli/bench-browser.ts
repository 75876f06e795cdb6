// What the browser benches share (`npm run bench` panels and nav): a production build that is not older than src/,
// served by `vite preview` on a free port, and headless Chromium with the flag set of ../shared/BROWSER.md.
import { chromium, type Browser } from '@playwright/test';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { cpus as cpuList, loadavg } from 'node:os';

export const ROOT = join(import.meta.dirname, '..', '..');
export const CHROMIUM_ARGS = [
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
export const CPUS = cpuList().length;

function newestMtime(dir: string): number {
  let newest = 0;
  for (const name of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, name.name);
    newest = Math.max(newest, name.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/** Builds dist/ when it is missing or older than src/ or content/. */
export function ensureBuilt(): void {
  const dist = join(ROOT, 'dist', 'index.html');
  const newest = Math.max(newestMtime(join(ROOT, 'src')), newestMtime(join(ROOT, 'content')));
  if (existsSync(dist) && statSync(dist).mtimeMs >= newest) return;
  const b = spawnSync('npx', ['vite', 'build'], { cwd: ROOT, stdio: 'ignore' });
  if (b.status !== 0) throw new Error('vite build failed');
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

/** `vite preview` of dist/ on a free port; stop() ends it (its own process group, so the server npx started too). */
export async function serveDist(): Promise<{ origin: string; stop: () => void }> {
  const port = await freePort();
  const server: ChildProcess = spawn('npx', ['vite', 'preview', '--port', String(port), '--strictPort'], {
    cwd: ROOT,
    stdio: 'ignore',
    detached: true,
  });
  const stop = () => {
    if (!server.pid) return;
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  };
  try {
    await waitForServer(`http://localhost:${port}/`, 30_000);
  } catch (e) {
    stop();
    throw e;
  }
  return { origin: `http://localhost:${port}`, stop };
}

/** `fn` with the production build served and headless Chromium launched; both are stopped after it, whatever happens. */
export async function withServedBrowser<T>(fn: (browser: Browser, origin: string) => Promise<T>): Promise<T> {
  ensureBuilt();
  const { origin, stop } = await serveDist();
  try {
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
    try {
      return await fn(browser, origin);
    } finally {
      await browser.close();
    }
  } finally {
    stop();
  }
}

export function quantile(xs: readonly number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * q))];
}
export const p95 = (xs: readonly number[]) => quantile(xs, 0.95);
export const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
export const loadAvg = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

/**
 * Starts a meter of the CPU time the hypervisor gave to other guests while this VM wanted it ("steal", /proc/stat):
 * on this shared machine it ran 10-36 % in some benchmark runs and 0-1 % in others, and every browser figure slows with
 * it. Its reading is the percentage of all CPU time since the start, or 'n/a' where /proc/stat is not there.
 */
export function stealMeter(): () => string {
  const read = (): number[] | null => {
    try {
      const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
      return cpu.length >= 8 ? cpu : null;
    } catch {
      return null;
    }
  };
  const a = read();
  return () => {
    const b = read();
    if (!a || !b) return 'n/a';
    const total = b.reduce((s, x, k) => s + x - (a[k] ?? 0), 0);
    return total > 0 ? (((b[7] - a[7]) / total) * 100).toFixed(1) : 'n/a';
  };
}
