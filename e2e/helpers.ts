import { expect, type Page } from '@playwright/test';
import { decode } from 'fast-png';

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

/** The check's levels, lowest first (automation contract: data-level). */
export const LEVELS = ['builds', 'runs', 'correct'];

/** Opens a lesson and waits for its check to settle; returns data-status and data-level. */
export async function openLesson(page: Page, path: string, query: string) {
  await page.goto(`/lessons/${path}?${query}`);
  const check = page.getByTestId('lesson-check');
  await expect(check).toHaveAttribute('data-status', /^(pass|fail)$/, { timeout: 30_000 });
  return { status: await check.getAttribute('data-status'), level: (await check.getAttribute('data-level')) ?? '' };
}

/** The whole 64×64 presented frame, read back from the GPU in the page. */
export const frame = (page: Page) => page.evaluate(() => window.d3d12lab.readPixels(0, 0, 64, 64));

/** How many RGBA pixels differ by more than a rounding step (sum of |ΔR|+|ΔG|+|ΔB| > 6). */
export function differingPixels(a: number[], b: number[]): number {
  let n = 0;
  for (let i = 0; i < a.length; i += 4) if (Math.abs(a[i] - b[i]) + Math.abs(a[i + 1] - b[i + 1]) + Math.abs(a[i + 2] - b[i + 2]) > 6) n++;
  return n;
}
