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
