// Lessons 17–18 on live WebGPU, as lessons-14-16.spec.ts: each correct in en and zh, each bug (check fails below
// "correct"; no debug-layer message, with the layer on or off; pixels read back in the page differ from the correct
// run), step-through; plus the texels and numbers each lesson is about, read back from the canvas.
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
import m17 from '../src/lessons/17-textured-triangle/meta';
import m18 from '../src/lessons/18-srgb/meta';

const LESSONS = liveLessons([m17, m18]);

const pixel = async (page: Page, x: number, y: number) =>
  (await page.evaluate(([px, py]) => window.d3d12lab.readPixels(px, py, 1, 1), [x, y])).slice(0, 3);

test.describe('lessons 17–18', () => {
  for (const l of LESSONS) {
    for (const lang of ['en', 'zh'] as const) {
      test(`${l.path}: correct variant passes at level "correct" (${lang})`, async ({ page }) => {
        await expectCorrectVariant(page, l.path, lang);
        await waitForGpu(page);
        await expect(page.locator('[data-message-id]')).toHaveCount(0);
      });
    }

    for (const bug of l.bugs) {
      test(`${l.path} bug ${bug.id}: check fails; messages only with the debug layer; pixels differ`, async ({
        page,
      }) => {
        const reference = await correctFrame(page, l.path);
        await expectBugVariantWithDebugLayer(page, l.path, bug);
        if (bug.messages.length === 0) await expect(page.locator('[data-message-id]')).toHaveCount(0);
        if (bug.visible) {
          await waitForGpu(page);
          await expect
            .poll(async () => differingPixels(reference, await frame(page)), 'pixels changed by the bug')
            .toBeGreaterThan(100);
        }
        await openLesson(page, l.path, `bugs=${bug.id}&debug=0`);
        await expect(page.getByTestId('lesson-check')).toHaveAttribute('data-status', 'fail');
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

  test('17: the orange marker is at the tip, the sky above the ground; uv-flip turns both upside down', async ({
    page,
  }) => {
    const ORANGE = [230, 120, 30];
    await openLesson(page, '17-textured-triangle', 'debug=1&lang=en');
    await waitForGpu(page);
    // checker, UV (0.5, 0.1) → pixel (16,19): the marker; landscape pixel (48,19) is sky (blue dominant), (48,44) ground
    await expect.poll(() => pixel(page, 16, 19)).toEqual(ORANGE);
    const sky = await pixel(page, 48, 19);
    const ground = await pixel(page, 48, 44);
    expect(sky[2]).toBeGreaterThan(sky[0] + 80);
    expect(ground[0]).toBeGreaterThan(ground[2]);
    await openLesson(page, '17-textured-triangle', 'bugs=uv-flip&debug=1&lang=en');
    await waitForGpu(page);
    await expect.poll(() => pixel(page, 16, 19)).not.toEqual(ORANGE);
    // flipped: the marker's texel row (row 0) now lands on the bottom rows of the triangle
    expect(await pixel(page, 16, 44)).toEqual(ORANGE);
    const top = await pixel(page, 48, 19);
    expect(top[0]).toBeGreaterThan(top[2]); // ground colours at the tip
  });

  test('18: mid-grey through the views, read back: colour 128 → 0.216 → 128, data 128 → 0.502 → 188; each bug moves one half', async ({
    page,
  }) => {
    const red = async (x: number, y: number) => (await pixel(page, x, y))[0];
    const near = (want: number) => (v: number) => Math.abs(v - want) <= 2;
    await openLesson(page, '18-srgb', 'debug=1&lang=en');
    await waitForGpu(page);
    await expect.poll(async () => near(128)(await red(20, 8))).toBe(true); // colour mid-grey texel (2,0)
    expect(near(188)(await red(36, 8))).toBe(true); // the normal map's flat texel (0,0): 0.502 written through the sRGB RTV
    const table = page.getByTestId('srgb-numbers');
    await expect(table).toContainText('0.216');
    await expect(table).toContainText('0.502');
    await expect(table).toContainText('DXGI_FORMAT_R8G8B8A8_TYPELESS / DXGI_FORMAT_R8G8B8A8_UNORM_SRGB');

    await openLesson(page, '18-srgb', 'bugs=srgb-on-data&debug=1&lang=en');
    await waitForGpu(page);
    await expect.poll(async () => near(128)(await red(36, 8))).toBe(true); // too dark: 0.216 instead of 0.502
    expect(near(128)(await red(20, 8))).toBe(true); // the colour half is untouched
    await expect(page.getByTestId('srgb-numbers')).not.toContainText('0.502');

    await openLesson(page, '18-srgb', 'bugs=no-srgb-on-colour&debug=1&lang=zh');
    await waitForGpu(page);
    await expect.poll(async () => near(188)(await red(20, 8))).toBe(true); // washed out: encoded twice
    expect(near(188)(await red(36, 8))).toBe(true);
    expect(await red(4, 8)).toBe(0); // black stays black, white stays white: only the mid-tones rise
  });
});
