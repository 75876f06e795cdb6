// Lessons 11–13 on live WebGPU, as lessons-01-10.spec.ts: each correct in en and zh, each bug (check fails or
// drops a level; its debug-layer messages with ?debug=1 only; pixels read back in the page differ from the correct
// run), step-through; plus what is particular to them (the served PNGs, the footprint, the readback).
import { test, expect } from '@playwright/test';
import { decode } from 'fast-png';
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
import m11 from '../src/lessons/11-png-decode/meta';
import m12 from '../src/lessons/12-row-pitch/meta';
import m13 from '../src/lessons/13-upload-copy/meta';

// Each lesson's bugs, the messages they raise and whether they show on the canvas: from the lessons' meta.ts.
const LESSONS = liveLessons([m11, m12, m13]);

test.describe('lessons 11–13', () => {
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
          const buggy = await frame(page);
          expect(differingPixels(reference, buggy), 'pixels changed by the bug').toBeGreaterThan(20);
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

  test('11: the PNGs are served from /lessons/11/ and the decode table matches them', async ({ page, request }) => {
    await openLesson(page, '11-png-decode', 'debug=1&lang=en');
    const table = page.getByTestId('decode-table');
    await expect(table).toBeVisible();
    for (const [file, kind] of [
      ['checker-rgba.png', 'RGBA'],
      ['stripes-palette.png', 'palette'],
      ['bars-rgb.png', 'RGB'],
    ]) {
      const res = await request.get(`/lessons/11/${file}`);
      expect(res.status()).toBe(200);
      const png = decode(await res.body());
      const row = table.locator('tr', { hasText: file });
      await expect(row).toContainText(`${png.width}×${png.height}`);
      await expect(row).toContainText(`${kind}, ${png.depth}-bit`);
      await expect(row).toContainText('DXGI_FORMAT_R8G8B8A8_UNORM');
    }
    // the palette band on the canvas has the palette's colours, not index values
    const px = await page.evaluate(() => window.d3d12lab.readPixels(12, 22, 1, 1));
    expect(px.slice(0, 3)).toEqual([250, 220, 30]);
  });

  test('12: the footprint from the model; the copy with RowPitch 256 lands straight, tightly packed rows lean', async ({
    page,
  }) => {
    await openLesson(page, '12-row-pitch', 'debug=1&lang=en');
    const table = page.getByTestId('footprint-table');
    await expect(table.locator('tr', { hasText: 'Footprint.RowPitch' })).toContainText('256');
    await expect(table.locator('tr', { hasText: 'RowSizeInBytes (width' })).toContainText('200');
    await expect(table.locator('tr', { hasText: 'TotalBytes (' })).toContainText(String(256 * 49 + 200));
    await waitForGpu(page);
    // column 7 + 5 (first stripe, red) is red on every row of the texture when the pitch is right
    const column = async () => (await page.evaluate(() => window.d3d12lab.readPixels(12, 7, 1, 50))) as number[];
    const straight = await column();
    for (let y = 0; y < 50; y++) expect(straight.slice(y * 4, y * 4 + 3)).toEqual([230, 40, 40]);
    await openLesson(page, '12-row-pitch', 'bugs=unaligned-pitch&debug=1&lang=en');
    await waitForGpu(page);
    await expect(table.locator('tr', { hasText: 'Footprint.RowPitch' })).toContainText('256');
    await expect(page.getByTestId('lesson-check')).toContainText('texels differ');
    const leaning = await column();
    const red = Array.from({ length: 50 }, (_, y) => leaning.slice(y * 4, y * 4 + 3).join(',') === '230,40,40').filter(
      Boolean,
    ).length;
    expect(red).toBeLessThan(25);
  });

  test('13: texels read back equal the source; copy-before-write copies zeros, also on the canvas', async ({
    page,
  }) => {
    await openLesson(page, '13-upload-copy', 'debug=1&lang=en');
    const row = page.getByTestId('texel-table').locator('tr', { hasText: '(12,5)' });
    await expect(row).toContainText('0,128,128,255');
    await waitForGpu(page);
    expect((await page.evaluate(() => window.d3d12lab.readPixels(12, 27, 1, 1))).slice(0, 3)).toEqual([0, 128, 128]);
    await openLesson(page, '13-upload-copy', 'bugs=copy-before-write&debug=1&lang=en');
    await expect(row).toContainText('0,0,0,0');
    await expect(page.getByTestId('lesson-check')).toContainText('texels differ');
    await waitForGpu(page);
    await expect
      .poll(async () => (await page.evaluate(() => window.d3d12lab.readPixels(12, 27, 1, 1))).slice(0, 3))
      .toEqual([0, 0, 0]);
  });
});
