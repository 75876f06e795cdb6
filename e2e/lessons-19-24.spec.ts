// Lessons 19, 20 and 24, as lessons-01-10.spec.ts: each correct in en and zh, each bug (check fails or drops a
// level; its debug-layer messages with ?debug=1 and none with ?debug=0); plus each lesson's own table.
// They have no canvas: the checks run on the model alone.
import { test, expect } from '@playwright/test';
import { openLesson, expectCorrectVariant, expectBugVariantWithDebugLayer, liveLessons } from './helpers';
import m19 from '../src/lessons/19-barriers/meta';
import m20 from '../src/lessons/20-fences/meta';
import m24 from '../src/lessons/24-dred/meta';

// Each lesson's bugs and the messages they raise: from the lessons' meta.ts; the table each lesson shows is ours.
const TABLES: Record<string, string> = { '19': 'state-history-table', '20': 'fence-table', '24': 'dred-table' };
const LESSONS = liveLessons([m19, m20, m24]).map((l) => ({ ...l, table: TABLES[l.id] }));

test.describe('lessons 19, 20, 24', () => {
  for (const l of LESSONS) {
    for (const lang of ['en', 'zh'] as const) {
      test(`${l.path}: correct variant passes at level "correct" (${lang})`, async ({ page }) => {
        await expectCorrectVariant(page, l.path, lang);
        await expect(page.getByTestId(l.table)).toBeVisible();
      });
    }

    for (const bug of l.bugs) {
      test(`${l.path} bug ${bug.id}: check fails or drops; messages only with the debug layer`, async ({ page }) => {
        await expectBugVariantWithDebugLayer(page, l.path, bug);
        if (bug.messages.length === 0) await expect(page.locator('[data-message-id]')).toHaveCount(0);
        const off = await openLesson(page, l.path, `bugs=${bug.id}&debug=0`);
        expect(off.status).toBe('fail');
        for (const id of bug.messages) await expect(page.locator(`[data-message-id="${id}"]`)).toHaveCount(0);
        await expect(page.locator('[data-message-id]')).toHaveCount(0);
      });
    }
  }

  test('19: the state-history table lists expected and recorded histories; rely-on-promotion leaves mip 0 in COPY_DEST', async ({
    page,
  }) => {
    await openLesson(page, '19-barriers', 'debug=1&lang=en');
    const table = page.getByTestId('state-history-table');
    await expect(table.locator('tr', { hasText: 'texture mip 1' })).toContainText(
      'RENDER_TARGET (barrier) → PIXEL_SHADER_RESOURCE (barrier)',
    );
    await expect(table.locator('tr', { hasText: 'buffer' })).toContainText('COMMON (decay)');
    await openLesson(page, '19-barriers', 'bugs=rely-on-promotion&debug=0&lang=en');
    const row = table.locator('tr', { hasText: 'texture mip 0' });
    await expect(row.locator('td').last()).toHaveText('COMMON (initial) → COPY_DEST (promotion)');
    await expect(page.getByTestId('lesson-check')).toContainText(
      'texture mip 0: COMMON (initial) → COPY_DEST (promotion)',
    );
  });

  test('20: the fence table shows values 1, 2, 3 and WAIT_OBJECT_0; fence-not-incremented reports WAIT_TIMEOUT, expected vs reached', async ({
    page,
  }) => {
    await openLesson(page, '20-fences', 'debug=1&lang=en');
    const table = page.getByTestId('fence-table');
    await expect(table.locator('tbody tr')).toHaveCount(3);
    await expect(table.locator('tbody tr').nth(2)).toContainText('WAIT_OBJECT_0');
    await expect(table.locator('tbody tr').nth(2).locator('td').last()).toHaveText('3');
    await openLesson(page, '20-fences', 'bugs=fence-not-incremented&debug=1&lang=en');
    await expect(table.locator('tbody tr')).toHaveCount(1);
    await expect(table.locator('tbody tr').first()).toContainText('WAIT_TIMEOUT');
    await expect(table.locator('tbody tr').first()).toContainText('2000');
    await expect(page.getByTestId('lesson-check')).toContainText('WAIT_TIMEOUT after 2000 ms, awaited 1, reached 0');
  });

  test('24: the injected hang is read back from DRED; use-after-release shows the page fault in the freed "upload"', async ({
    page,
  }) => {
    await openLesson(page, '24-dred', 'debug=1&lang=en');
    const table = page.getByTestId('dred-table');
    const value = (field: string) =>
      table
        .locator('tr', { has: page.locator('td', { hasText: field }) })
        .first()
        .locator('td')
        .last();
    await expect(value('GetDeviceRemovedReason()')).toHaveText('DXGI_ERROR_DEVICE_HUNG');
    await expect(value('hangList: first incomplete operation')).toHaveText('RESOURCEBARRIER (#0)');
    await expect(value('PageFaultVA')).toHaveText('0 (no page fault)');
    // the removal the lesson causes is the layer's #232, expected; nothing else
    await expect(page.locator('[data-message-id="DEVICE_REMOVAL_PROCESS_AT_FAULT"]').first()).toBeAttached();
    await openLesson(page, '24-dred', 'bugs=use-after-release&debug=0&lang=en');
    await expect(value('HeadRecentFreedAllocationNode')).toHaveText('upload');
    await expect(value('uploadList: first incomplete operation')).toHaveText('COPYTEXTUREREGION (#1)');
    await expect(page.getByTestId('lesson-check')).toContainText('in recently freed "upload"');
  });
});
