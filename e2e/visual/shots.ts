// How the visual suite takes its pictures, in one place: the lesson page settled at one variant, the canvas
// at one CSS pixel per back-buffer pixel, a panel element, and the baseline's file name.
import { test, expect, type Locator, type Page } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decode } from 'fast-png';
import { openLesson, waitForGpu } from '../helpers';

/**
 * The canvas shown 1:1 at (0, 0) while it is photographed (canvas-1to1.css): the page draws it at 256 × 256
 * (pixelated) at a position that may fall on half a pixel (the layout above it has fractional heights), and a
 * half-pixel offset resamples the picture. At 1:1 and whole-pixel coordinates the screenshot is the presented
 * back buffer itself (64 × 64 in most lessons), pixel for pixel. Only CSS changes: the swap chain and its contents stay as they are.
 */
export const CANVAS_1TO1_PATH = join(import.meta.dirname, 'canvas-1to1.css');
/** The page's top bar in the flow while a panel is photographed (panel-unstuck.css says why). */
export const PANEL_UNSTUCK_PATH = join(import.meta.dirname, 'panel-unstuck.css');
const CANVAS_1TO1 = readFileSync(CANVAS_1TO1_PATH, 'utf8');

/** Opens a lesson variant and waits until its check has settled, its frame is presented and nothing plays. */
export async function openVariant(page: Page, path: string, query: string, canvas: boolean) {
  // ?play=0: an animated lesson (a frame player) does not start playing; its cursor stays at the run's end, a fixed
  // frame, so no clock reaches the pixels
  await openLesson(page, path, `${query}&play=0`);
  const player = page.getByTestId('frame-player');
  // ... and the shot is of the frame the check grades (where a bug's dropped frames show), not the run's end
  const graded = (await player.count()) ? await player.getAttribute('data-graded-call') : null;
  if (graded) await openLesson(page, path, `${query}&play=0&step=${graded}`);
  if (canvas) await waitForGpu(page);
  if (await player.count()) await expect(player).toHaveAttribute('data-playing', 'false');
}

/** The baseline's path segments under e2e/visual/baselines/ (also the gallery's URL under /gallery-images/). */
export const baselineName = (...segments: string[]) => segments;

/**
 * toHaveScreenshot against a committed baseline, soft (every variant of a lesson is reported), with a clear
 * failure naming the one command that creates a baseline that does not exist yet (a new lesson or bug).
 */
export async function expectBaseline(
  target: Locator,
  name: string[],
  opts: { stylePath?: string; mask?: Locator[] } = {},
) {
  const info = test.info();
  const file = info.snapshotPath(...name);
  if (info.config.updateSnapshots === 'none' && !existsSync(file)) {
    expect
      .soft(
        existsSync(file),
        `no baseline ${name.join('/')} (expected at ${file}): a new lesson or bug variant? Create it with \`npm run test:visual -- --update\`, look at it, and commit it`,
      )
      .toBe(true);
    return;
  }
  await expect.soft(target).toHaveScreenshot(name, opts);
}

/** The canvas as RGBA bytes, photographed as the baseline is (for comparing variants with each other). */
export async function canvasPixels(page: Page): Promise<{ width: number; height: number; data: Uint8Array }> {
  const canvas = page.getByTestId('lesson-canvas');
  const png = await canvas.screenshot({ style: CANVAS_1TO1, animations: 'disabled', caret: 'hide', scale: 'css' });
  const img = decode(png);
  const size = await canvas.evaluate((c: HTMLCanvasElement) => [c.width, c.height]);
  expect([img.width, img.height], 'the canvas photographed 1:1 (one image pixel per back-buffer pixel)').toEqual(size);
  return { width: img.width, height: img.height, data: rgba(img) };
}

/** fast-png's image as 8-bit RGBA. */
/** An element's picture as RGBA bytes with its size (for comparing two variants' panels). */
export async function elementPixels(target: Locator): Promise<{ width: number; height: number; data: Uint8Array }> {
  const img = decode(await target.screenshot({ animations: 'disabled', caret: 'hide', scale: 'css' }));
  return { width: img.width, height: img.height, data: rgba(img) };
}

export function rgba(img: { data: ArrayLike<number>; channels: number; width: number; height: number }): Uint8Array {
  const out = new Uint8Array(img.width * img.height * 4);
  for (let i = 0, j = 0; i < img.width * img.height; i++, j += img.channels) {
    out.set([img.data[j], img.data[j + 1], img.data[j + 2], img.channels === 4 ? img.data[j + 3] : 255], i * 4);
  }
  return out;
}

/** Pixels whose RGBA differ at all (the suite's threshold 0). */
export function exactDiff(a: Uint8Array, b: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < a.length; i += 4)
    if (a[i] !== b[i] || a[i + 1] !== b[i + 1] || a[i + 2] !== b[i + 2] || a[i + 3] !== b[i + 3]) n++;
  return n;
}
