import { expect, type Page } from '@playwright/test';
import { decode } from 'fast-png';
import { lessonFolder, type LiveLessonMeta } from '../src/lessons/types';

export async function waitForGpu(page: Page, status: 'ok' | 'unavailable' | 'lost' = 'ok') {
  await expect(page.getByTestId('webgpu-status')).toHaveAttribute('data-status', status, { timeout: 30_000 });
}

export async function readPixels(page: Page, x: number, y: number, w = 1, h = 1): Promise<number[]> {
  return page.evaluate(([a, b, c, d]) => window.d3d12lab.readPixels(a, b, c, d), [x, y, w, h] as const);
}

/** RGBA of one pixel of a PNG screenshot. */
export function pngPixel(png: Buffer, x: number, y: number): number[] {
  const img = decode(png);
  const ch = img.channels;
  const i = (y * img.width + x) * ch;
  const d = img.data;
  return [d[i], d[i + 1], d[i + 2], ch === 4 ? d[i + 3] : 255];
}

/**
 * The lessons a spec covers, from their meta.ts (the one place their bugs, messages and flags are written), each
 * with its route segment as `path`.
 */
export function liveLessons<M extends LiveLessonMeta>(metas: M[]): (M & { path: string })[] {
  return metas.map((m) => ({ ...m, path: lessonFolder(m) }));
}

/** The check's levels, lowest first (automation contract: data-level). */
export const LEVELS = ['builds', 'runs', 'correct'];

/** Opens a lesson and waits for its check to settle; returns data-status and data-level. */
export async function openLesson(page: Page, path: string, query: string) {
  await page.goto(`/lessons/${path}?${query}`);
  const check = page.getByTestId('lesson-check');
  await expect(check).toHaveAttribute('data-status', /^(pass|fail)$/, { timeout: 30_000 });
  return { status: await check.getAttribute('data-status'), level: (await check.getAttribute('data-level')) ?? '' };
}

/**
 * Waits until the lesson page's deferred work after its first check is done: the code viewer and the debugger
 * panels have replaced their stand-ins (their chunks are parsed on the main thread), then the main thread stays
 * free for a while (timers of 50 ms fire on time 6 times in a row). Tests that time the page's own responsiveness
 * to something (a decode, a pick) start their clocks after this, so the page's loading is not counted as that.
 */
export async function waitForPageQuiet(page: Page) {
  await expect(page.locator('.code-loading')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByTestId('debugger-panels')).toBeVisible({ timeout: 30_000 });
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const end = performance.now() + 10_000;
        let calm = 0;
        let last = performance.now();
        const tick = () => {
          const now = performance.now();
          calm = now - last < 80 ? calm + 1 : 0;
          last = now;
          if (calm >= 6 || now > end) resolve();
          else setTimeout(tick, 50);
        };
        setTimeout(tick, 50);
      }),
  );
}

/** The whole 64×64 presented frame, read back from the GPU in the page. */
export const frame = (page: Page) => page.evaluate(() => window.d3d12lab.readPixels(0, 0, 64, 64));

const correctFrames = new Map<string, number[]>();
/**
 * A lesson's correct frame, for a bug variant's to be compared with: opened and read once per lesson and query in a
 * test worker (a page load and a read each time, ~0.4 s of a bug test's 2-4 s). The correct frame is the same on every
 * load (test:gpu and the visual baselines pin it pixel for pixel); a test run alone still opens it itself.
 */
export async function correctFrame(page: Page, path: string, query = 'debug=1'): Promise<number[]> {
  const key = `${path}?${query}`;
  let pixels = correctFrames.get(key);
  if (!pixels) {
    const r = await openLesson(page, path, query);
    expect(r, `${path}: the correct variant, the bug's reference`).toEqual({ status: 'pass', level: 'correct' });
    await waitForGpu(page);
    pixels = await frame(page);
    correctFrames.set(key, pixels);
  }
  return pixels;
}

/** How many RGBA pixels differ by more than a rounding step (one definition, shared with the Node GPU harness). */
export { differingPixels } from '../src/gpu/readback';

/**
 * A lesson's correct variant: the check passes at "correct" in the given language, the prose shows, and the
 * code view highlights exactly one line (the code that runs, at the current call).
 */
export async function expectCorrectVariant(page: Page, path: string, lang: 'en' | 'zh') {
  const r = await openLesson(page, path, `debug=1&lang=${lang}`);
  const items = await page.getByTestId('lesson-check').innerText();
  expect(r, items).toEqual({ status: 'pass', level: 'correct' });
  await expect(page.locator('html')).toHaveAttribute('lang', lang === 'zh' ? 'zh-CN' : 'en');
  await expect(page.getByTestId('lesson-check')).toContainText(lang === 'zh' ? '结果正确' : 'correct');
  await expect(page.getByTestId('lesson-prose')).toBeVisible();
  await expect(page.getByTestId('code-line-current')).toHaveCount(1);
}

/**
 * A bug variant with the debug layer on: the check fails below "correct", the bug's toggle is checked, and each
 * of its expected debug-layer messages is on the page with an error-class severity.
 */
export async function expectBugVariantWithDebugLayer(
  page: Page,
  path: string,
  bug: { id: string; messages: string[] },
) {
  const on = await openLesson(page, path, `bugs=${bug.id}&debug=1`);
  const detail = await page.getByTestId('lesson-check').innerText();
  expect(on.status, detail).toBe('fail');
  expect(LEVELS.indexOf(on.level), detail).toBeLessThan(LEVELS.indexOf('correct'));
  await expect(page.getByTestId(`bug-toggle-${bug.id}`)).toBeChecked();
  for (const id of bug.messages) {
    const el = page.locator(`[data-message-id="${id}"]`).first();
    await expect(el).toBeAttached();
    await expect(el).toHaveAttribute('data-severity', /ERROR|WARNING|CORRUPTION/);
  }
}
