// `npm run bench` (playground part): the first run of an edited lesson against the shipped lesson's run, in headless
// Chromium on the built app. Both are timed in the page from the action to the settled check (run, replay or model
// run, draw on the canvas, read-back, grade): the shipped run as a new request of the lesson's own code (the shipped
// code again: the editor's Reset), the edited run by window.d3d12lab.runCode on the same code with one comment added,
// on a fresh page where Edit was pressed (the sandbox worker starts then, as for a learner who opens the editor).
// Target: playground.run_over_shipped ≤ 1.5.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';

const ROOT = join(import.meta.dirname, '..', '..');
const ARGS = [
  '--no-sandbox',
  '--enable-unsafe-webgpu',
  '--enable-features=Vulkan',
  '--use-vulkan=swiftshader',
  '--use-angle=swiftshader',
];
const LESSON = '14-texture-states';
const ROUNDS = 3;

async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, () => {
      const a = s.address();
      s.close(() => (a && typeof a === 'object' ? resolve(a.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForServer(url: string, ms: number) {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 200)))
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
  throw new Error(`vite preview did not answer at ${url}`);
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const d of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, d.name);
    newest = Math.max(newest, d.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function settled(page: Page) {
  await page.waitForFunction(
    () =>
      /^(pass|fail)$/.test(document.querySelector('[data-testid="lesson-check"]')?.getAttribute('data-status') ?? ''),
    null,
    { timeout: 60_000 },
  );
}

// (page scripts as text: tsx would wrap named functions in a helper the page does not have)
/** Milliseconds from a click on the editor's Reset (the page runs the shipped code again, the editor stays open) to the settled check. */
function timeShipped(page: Page): Promise<number> {
  return page.evaluate(`(async () => {
    const gen = () => Number(document.querySelector('main.lesson')?.getAttribute('data-generation'));
    const status = () => document.querySelector('[data-testid="lesson-check"]')?.getAttribute('data-status') ?? '';
    const before = gen();
    const t0 = performance.now();
    document.querySelector('[data-testid="playground-reset"]').click();
    while (!(gen() > before && /^(pass|fail)$/.test(status()))) await new Promise((r) => setTimeout(r, 0));
    return performance.now() - t0;
  })()`);
}

/** Milliseconds of window.d3d12lab.runCode on the lesson's code with one comment added (it must pass). */
function timeEdited(page: Page): Promise<{ ms: number; status: string }> {
  return page.evaluate(`(async () => {
    const code = '// my change\\n' + window.d3d12lab.lessonSource();
    const t0 = performance.now();
    const res = await window.d3d12lab.runCode(code);
    return { ms: performance.now() - t0, status: res.status };
  })()`);
}

export async function benchPlayground(print: (line: string) => void): Promise<void> {
  const dist = join(ROOT, 'dist', 'index.html');
  if (!existsSync(dist) || statSync(dist).mtimeMs < newestMtime(join(ROOT, 'src'))) {
    const b = spawnSync('npx', ['vite', 'build'], { cwd: ROOT, stdio: 'ignore' });
    if (b.status !== 0) throw new Error('vite build failed');
  }
  const port = await freePort();
  const server: ChildProcess = spawn('npx', ['vite', 'preview', '--port', String(port), '--strictPort'], {
    cwd: ROOT,
    stdio: 'ignore',
    detached: true,
  });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
  try {
    const base = `http://localhost:${port}`;
    await waitForServer(`${base}/`, 30_000);
    const shipped: number[] = [];
    const edited: number[] = [];
    const cold: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // a fresh page, the editor open (its worker started, as for a learner who opens it and types), then the first
      // edited run; then Reset: the page runs the shipped code again, through the same flow
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.goto(`${base}/lessons/${LESSON}?debug=1`);
      await settled(page);
      await page.getByTestId('playground-edit').click();
      await page.getByTestId('playground-editor').waitFor();
      await page.waitForTimeout(1500);
      const r = await timeEdited(page);
      if (r.status !== 'pass') throw new Error(`the edited lesson did not pass: ${r.status}`);
      edited.push(r.ms);
      // the edited run started the type checker after it (cold): let it finish, so it does not slow the shipped run
      await page
        .waitForSelector('[data-testid="playground-editor"][data-typecheck="ready"]', { timeout: 60_000 })
        .catch(() => undefined);
      shipped.push(await timeShipped(page));
      await page.close();

      // runCode on a page where the editor was never opened: the worker starts with the run
      const p = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await p.goto(`${base}/lessons/${LESSON}?debug=1`);
      await settled(p);
      cold.push((await timeEdited(p)).ms);
      await p.close();
    }
    const s = median(shipped);
    const e = median(edited);
    print(`playground.shipped_run_ms: ${s.toFixed(0)} ms (lesson ${LESSON}, median of ${ROUNDS})`);
    print(`playground.edited_first_run_ms: ${e.toFixed(0)} ms (editor open, median of ${ROUNDS})`);
    print(`playground.edited_cold_run_ms: ${median(cold).toFixed(0)} ms (runCode without opening the editor first)`);
    print(`playground.run_over_shipped: ${(e / s).toFixed(2)} ratio`);
  } finally {
    await browser.close();
    if (server.pid)
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
  }
}
