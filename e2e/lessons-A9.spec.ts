// Lesson A9 (enhanced barriers) on live WebGPU: the correct variant passes in en and zh, with the legacy half and
// the enhanced half of the canvas identical, the history table listing states and layouts, and the resource-states
// panel showing enhanced barriers (data-barrier=enhanced, with sync scopes) and layouts (data-layout). Each bug fails
// the check, shows its message only with the debug layer, and changes the canvas only where it is marked visible.
import { test, expect } from '@playwright/test';
import {
  openLesson,
  expectCorrectVariant,
  expectBugVariantWithDebugLayer,
  liveLessons,
  differingPixels,
  frame,
  waitForGpu,
} from './helpers';
import mA9 from '../src/lessons/A9-enhanced-barriers/meta';

const [A9] = liveLessons([mA9]);

/** Pixels of the left (legacy) half that differ from the same spot of the right (enhanced) half. */
function halvesDiffer(px: number[]): number {
  let n = 0;
  for (let y = 0; y < 64; y++)
    for (let x = 0; x < 32; x++) {
      const a = (y * 64 + x) * 4;
      const b = a + 32 * 4;
      if ([0, 1, 2].some((k) => Math.abs(px[a + k] - px[b + k]) > 1)) n++;
    }
  return n;
}

test.describe(`lesson A9: ${A9.title.en}`, () => {
  for (const lang of ['en', 'zh'] as const)
    test(`correct variant passes at "correct"; both halves identical; layouts and sync on the states panel (${lang})`, async ({
      page,
    }) => {
      await expectCorrectVariant(page, A9.path, lang);
      await waitForGpu(page);
      await expect(page.locator('[data-message-id]')).toHaveCount(0);
      const px = await frame(page);
      expect(halvesDiffer(px)).toBe(0);
      // top row: mip 0's copied colour; bottom row: mip 1's clear colour (both halves)
      expect(px.slice((16 * 64 + 48) * 4, (16 * 64 + 48) * 4 + 3)).toEqual([40, 120, 220]);
      expect(px.slice((48 * 64 + 48) * 4, (48 * 64 + 48) * 4 + 3)).toEqual([230, 51, 128]);
      const rows = page.getByTestId('layout-history-table').locator('tbody tr');
      await expect(rows).toHaveCount(4);
      await expect(rows.nth(3)).toContainText('layout RENDER_TARGET (barrier) → layout SHADER_RESOURCE (barrier)');
      await openLesson(page, A9.path, `debug=1&lang=${lang}&panels=states`);
      const chart = page.getByTestId('states-chart');
      await expect(chart.locator('[data-barrier="enhanced"]').first()).toBeAttached();
      await expect(chart.locator('[data-barrier="enhanced"][data-sync="COPY→PIXEL_SHADING"]').first()).toBeAttached();
      await expect(chart.locator('[data-layout="SHADER_RESOURCE"]').first()).toBeAttached();
      // the legacy texture beside it: a plain transition (its promotions fall at the same ExecuteCommandLists)
      await expect(chart.locator('[data-barrier="transition"]').first()).toBeAttached();
    });

  for (const bug of A9.bugs)
    test(`bug ${bug.id}: check fails; messages only with the debug layer; pixels ${bug.visible ? 'differ' : 'unchanged'}`, async ({
      page,
    }) => {
      await openLesson(page, A9.path, 'debug=1&lang=en');
      const reference = await frame(page);
      await expectBugVariantWithDebugLayer(page, A9.path, bug);
      const buggy = await frame(page);
      if (bug.visible) {
        expect(differingPixels(reference, buggy)).toBeGreaterThan(20);
        // only the enhanced (right) half changed
        expect(differingPixels(reference.slice(0, 4), buggy.slice(0, 4))).toBe(0);
        expect(halvesDiffer(buggy)).toBeGreaterThan(20);
      } else expect(differingPixels(reference, buggy)).toBe(0);
      const off = await openLesson(page, A9.path, `bugs=${bug.id}&debug=0&lang=en`);
      expect(off.status).toBe('fail');
      await expect(page.locator('[data-message-id]')).toHaveCount(0);
    });

  test('wrong-layout: the states panel shows the enhanced texture left in the RENDER_TARGET layout', async ({
    page,
  }) => {
    await openLesson(page, A9.path, 'bugs=wrong-layout&debug=1&lang=en&panels=states');
    await expect(page.getByTestId('layout-history-table').locator('tbody tr').nth(3)).toContainText(
      'layout COPY_DEST (barrier) → layout RENDER_TARGET (barrier)',
    );
    await expect(page.locator('[data-message-id="INCOMPATIBLE_BARRIER_LAYOUT"]').first()).toBeAttached();
  });
});
