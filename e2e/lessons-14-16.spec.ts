// Lessons 14–16 on live WebGPU (textured draws: the executor binds the texture the table's descriptor names and a
// sampler made from the static sampler), as lessons-11-13.spec.ts: each correct in en and zh, each bug (check fails
// or drops a level; its debug-layer messages with ?debug=1 only; pixels read back in the page differ from the
// correct run), step-through; plus the sampled texels on the canvas.
import { test, expect, type Page } from '@playwright/test';
import {
  waitForGpu,
  openLesson,
  frame,
  correctFrame,
  differingPixels,
  expectCorrectVariant,
  expectBugVariantWithDebugLayer,
  liveLessons,
} from './helpers';
import m14 from '../src/lessons/14-texture-states/meta';
import m15 from '../src/lessons/15-srv-heap/meta';
import m16 from '../src/lessons/16-descriptor-table/meta';

// Each lesson's bugs, the messages they raise and whether they show on the canvas: from the lessons' meta.ts.
const LESSONS = liveLessons([m14, m15, m16]);

const LIGHT = [240, 240, 240];
const BLUE = [32, 96, 192];
const ORANGE = [230, 120, 30];
const BROWN = [70, 35, 10];

const pixel = async (page: Page, x: number, y: number) =>
  (await page.evaluate(([px, py]) => window.d3d12lab.readPixels(px, py, 1, 1), [x, y])).slice(0, 3);

test.describe('lessons 14–16', () => {
  for (const l of LESSONS) {
    for (const lang of ['en', 'zh'] as const) {
      test(`${l.path}: correct variant passes at level "correct" (${lang})`, async ({ page }) => {
        await expectCorrectVariant(page, l.path, lang);
        await waitForGpu(page);
        await expect(page.locator('[data-message-id]')).toHaveCount(0);
      });
    }

    for (const bug of l.bugs) {
      test(`${l.path} bug ${bug.id}: check fails or drops; messages only with the debug layer; pixels differ`, async ({
        page,
      }) => {
        const reference = await correctFrame(page, l.path);
        await expectBugVariantWithDebugLayer(page, l.path, bug);
        if (bug.messages.length === 0) await expect(page.locator('[data-message-id]')).toHaveCount(0);
        if (bug.visible) {
          await waitForGpu(page);
          await expect
            .poll(async () => differingPixels(reference, await frame(page)), 'pixels changed by the bug')
            .toBeGreaterThan(20);
        }
        await openLesson(page, l.path, `bugs=${bug.id}&debug=0`);
        await expect(page.locator('[data-message-id]')).toHaveCount(0);
      });
    }

    test(`${l.path} step-through: the first call shows nothing presented, the end shows the frame`, async ({
      page,
    }) => {
      await openLesson(page, l.path, 'debug=1');
      await waitForGpu(page);
      const end = await frame(page);
      const cursor = page.getByTestId('step-cursor');
      const last = Number(await cursor.getAttribute('data-last'));
      await page.getByTestId('step-first').click();
      await expect(cursor).toHaveAttribute('data-cursor', '0');
      await expect(page.getByTestId('presented-at')).toHaveAttribute('data-presented-at', '-1');
      await expect.poll(async () => differingPixels(end, await frame(page))).toBeGreaterThan(1000);
      await page.getByTestId('step-end').click();
      await expect(cursor).toHaveAttribute('data-cursor', String(last));
      await expect.poll(async () => differingPixels(end, await frame(page))).toBe(0);
    });
  }

  test('14: the quad shows the 4×4 checker (16 px a texel); missing-barrier samples black', async ({ page }) => {
    await openLesson(page, '14-texture-states', 'debug=1&lang=en');
    await waitForGpu(page);
    await expect.poll(() => pixel(page, 8, 8)).toEqual(LIGHT);
    expect(await pixel(page, 24, 8)).toEqual(BLUE);
    expect(await pixel(page, 8, 24)).toEqual(BLUE);
    expect(await pixel(page, 40, 40)).toEqual(LIGHT);
    await openLesson(page, '14-texture-states', 'bugs=missing-barrier&debug=1&lang=en');
    await waitForGpu(page);
    await expect.poll(() => pixel(page, 8, 8)).toEqual([0, 0, 0]);
    expect(await pixel(page, 24, 8)).toEqual([0, 0, 0]);
    await expect(page.getByTestId('lesson-check')).toContainText('sampled as black');
  });

  test('15: slots 32 bytes apart, the checker in slot 2; hardcoded-increment shows the stripes; srv-in-rtv-heap samples black', async ({
    page,
  }) => {
    await openLesson(page, '15-srv-heap', 'debug=1&lang=en');
    const table = page.getByTestId('slot-table');
    await expect(table).toContainText('32 bytes apart');
    await expect(table.locator('tr', { hasText: 'checker' }).locator('td').first()).toHaveText('2');
    await waitForGpu(page);
    await expect.poll(() => pixel(page, 8, 8)).toEqual(LIGHT);
    expect(await pixel(page, 24, 8)).toEqual(BLUE);
    await openLesson(page, '15-srv-heap', 'bugs=hardcoded-increment&debug=1&lang=en');
    await expect(table.locator('tr', { hasText: 'checker' }).locator('td').first()).toHaveText('4');
    await expect(table.locator('tr', { hasText: 'stripes' }).locator('td').first()).toHaveText('2');
    await waitForGpu(page);
    await expect.poll(() => pixel(page, 8, 8)).toEqual(ORANGE);
    expect(await pixel(page, 24, 8)).toEqual(BROWN);
    await expect(page.getByTestId('lesson-check')).toContainText('stripes');
    await openLesson(page, '15-srv-heap', 'bugs=srv-in-rtv-heap&debug=1&lang=en');
    await waitForGpu(page);
    await expect.poll(() => pixel(page, 8, 8)).toEqual([0, 0, 0]);
    await expect(page.getByTestId('lesson-check')).toContainText('never written');
  });

  test('16: UVs 0..2 wrap the checker, point filtering keeps texels exact; CLAMP stretches the edge, LINEAR blends', async ({
    page,
  }) => {
    await openLesson(page, '16-descriptor-table', 'debug=1&lang=en');
    await expect(page.getByTestId('sampler-table')).toContainText('MIN_MAG_MIP_POINT');
    await waitForGpu(page);
    await expect.poll(() => pixel(page, 4, 4)).toEqual(LIGHT);
    expect(await pixel(page, 12, 4)).toEqual(BLUE);
    expect(await pixel(page, 8, 4)).toEqual(BLUE);
    expect(await pixel(page, 36, 4)).toEqual(LIGHT);
    expect(await pixel(page, 44, 52)).toEqual(BLUE);
    const correct = await frame(page);
    await openLesson(page, '16-descriptor-table', 'bugs=clamp-vs-wrap&debug=1&lang=en');
    await expect(page.getByTestId('sampler-table')).toContainText('CLAMP');
    await waitForGpu(page);
    await expect.poll(() => pixel(page, 36, 4)).toEqual(BLUE);
    expect(await pixel(page, 44, 52)).toEqual(LIGHT);
    expect(await pixel(page, 4, 4)).toEqual(LIGHT);
    // inside UV 0..1 (the top-left 32 × 32) nothing changes
    const clamped = await frame(page);
    let inside = 0;
    for (let y = 0; y < 32; y++)
      for (let x = 0; x < 32; x++) {
        const i = (y * 64 + x) * 4;
        if (clamped[i] !== correct[i] || clamped[i + 2] !== correct[i + 2]) inside++;
      }
    expect(inside).toBe(0);
    await openLesson(page, '16-descriptor-table', 'bugs=point-vs-linear&debug=1&lang=en');
    await expect(page.getByTestId('sampler-table')).toContainText('MIN_MAG_MIP_LINEAR');
    await waitForGpu(page);
    await expect
      .poll(async () => {
        const p = await pixel(page, 8, 4);
        return [0, 1, 2].every(
          (k) => p[k] > Math.min(LIGHT[k], BLUE[k]) + 20 && p[k] < Math.max(LIGHT[k], BLUE[k]) - 20,
        );
      })
      .toBe(true);
  });
});
