// Lessons A2 (upload ring), A6 (descriptor free list) and A8 (budget and residency) on live WebGPU, as
// lessons-14-16.spec.ts: each correct in en and zh; each bug fails the check, has no debug-layer message with the
// layer on or off (the real layer says nothing about any of them), and, where its meta says the canvas shows it,
// changes the pixels read back in the page; plus what each lesson measures and shows.
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
import mA2 from '../src/lessons/A2-upload-ring/meta';
import mA6 from '../src/lessons/A6-descriptor-free-list/meta';
import mA8 from '../src/lessons/A8-residency/meta';

const LESSONS = liveLessons([mA2, mA6, mA8]);

const pixel = async (page: Page, x: number, y: number) =>
  (await page.evaluate(([px, py]) => window.d3d12lab.readPixels(px, py, 1, 1), [x, y])).slice(0, 3);
const failing = (page: Page) => page.locator('[data-testid="lesson-check"] li[data-ok="false"]');

test.describe('lessons A2, A6, A8', () => {
  for (const l of LESSONS) {
    for (const lang of ['en', 'zh'] as const) {
      test(`${l.path}: correct variant passes at level "correct" (${lang})`, async ({ page }) => {
        await expectCorrectVariant(page, l.path, lang);
        await waitForGpu(page);
        await expect(page.locator('[data-message-id]')).toHaveCount(0);
      });
    }

    for (const bug of l.bugs) {
      test(`${l.path} bug ${bug.id}: check fails; no message with the layer on or off; pixels ${bug.visible ? 'differ' : 'unchanged'}`, async ({
        page,
      }) => {
        const reference = await correctFrame(page, l.path);
        await expectBugVariantWithDebugLayer(page, l.path, bug);
        await expect(page.locator('[data-message-id]')).toHaveCount(0);
        await waitForGpu(page);
        if (bug.visible)
          await expect
            .poll(async () => differingPixels(reference, await frame(page)), 'pixels changed by the bug')
            .toBeGreaterThan(20);
        else expect(differingPixels(reference, await frame(page))).toBe(0);
        await openLesson(page, l.path, `bugs=${bug.id}&debug=0`);
        await expect(page.locator('[data-message-id]')).toHaveCount(0);
      });
    }
  }

  test('A2: the ring wraps and waits only in the burst; one buffer per texture fails on the measured upload peak', async ({
    page,
  }) => {
    await openLesson(page, 'A2-upload-ring', 'debug=1&lang=en');
    const table = page.getByTestId('ring-table');
    await expect(table).toContainText('peak: 320 KiB in 2 allocations');
    await expect(table.locator('tr', { hasText: 'yes' })).not.toHaveCount(0);
    await waitForGpu(page);
    // texture 0 top left, texture 99 bottom right, each in its colour
    await expect.poll(() => pixel(page, 5, 5)).toEqual([20, 20, 160]);
    expect(await pixel(page, 59, 59)).toEqual([236, 236, 160]);
    await openLesson(page, 'A2-upload-ring', 'bugs=one-upload-buffer-per-texture&debug=1&lang=en');
    await expect(table).toContainText('peak: 6464 KiB in 101 allocations');
    await expect(failing(page)).toHaveCount(1);
    await expect(failing(page)).toContainText('upload memory bounded');
  });

  test('A2: the heap timeline holds one UPLOAD heap with the ring; with the bug, a committed UPLOAD buffer per texture', async ({
    page,
  }) => {
    const uploads = async (bugs: string) => {
      await openLesson(page, 'A2-upload-ring', `bugs=${bugs}&debug=1&lang=en&panels=heap`);
      await page.getByTestId('table-toggle').click();
      const rows = page.getByTestId('heap-table').locator('tbody tr');
      await expect(rows.first()).toBeAttached();
      // the heap column names the band: `heap:<id>` for an explicit heap, `committed:<D3D12_HEAP_TYPE>` (UPLOAD = 2)
      const bands = await rows.locator('td:nth-child(2)').allInnerTexts();
      const names = await rows.locator('td:nth-child(1)').allInnerTexts();
      return {
        committed: bands.filter((b) => b.trim() === 'committed:2').length,
        ring: names.filter((n) => n.includes('upload ring')).length,
      };
    };
    // correct: the ring (placed in its UPLOAD heap) and the quad's vertex buffer
    expect(await uploads('')).toEqual({ committed: 1, ring: 1 });
    // the bug: no ring; 100 committed upload buffers beside the vertex buffer
    expect(await uploads('one-upload-buffer-per-texture')).toEqual({ committed: 101, ring: 0 });
  });

  test('A6: the bottom-left quad stays blue; immediate-free shows texture 6 (orange) under the frame in flight', async ({
    page,
  }) => {
    await openLesson(page, 'A6-descriptor-free-list', 'debug=1&lang=en');
    await expect(page.getByTestId('free-list-table')).toContainText('@');
    await waitForGpu(page);
    await expect.poll(() => pixel(page, 16, 48)).toEqual([60, 90, 220]);
    expect(await pixel(page, 16, 16)).toEqual([60, 210, 220]);
    await openLesson(page, 'A6-descriptor-free-list', 'bugs=immediate-free&debug=1&lang=en');
    await waitForGpu(page);
    await expect.poll(() => pixel(page, 16, 48)).toEqual([240, 140, 30]);
    await expect(page.getByTestId('lesson-check')).toContainText('rewritten while a frame in flight');
    await expect(page.getByTestId('free-list-table').locator('td', { hasText: '@' })).toHaveCount(0);
  });

  test('A6: the descriptors panel marks the slots frame 6 still reads when the streamer writes', async ({ page }) => {
    for (const bugs of ['', 'immediate-free']) {
      await openLesson(page, 'A6-descriptor-free-list', `bugs=${bugs}&debug=1&lang=en`);
      const text = await page.getByTestId('free-list-table').locator('tbody tr').last().innerText();
      const [, slot, call] = /→ slot (\d+) \(call (\d+)\)/.exec(text)!;
      await openLesson(page, 'A6-descriptor-free-list', `bugs=${bugs}&debug=1&lang=en&panels=descriptors&step=${call}`);
      const inFlight = page.getByTestId('panel-descriptors').getByTestId('slots-in-flight');
      await expect(inFlight).toHaveAttribute('data-slots', /^\d+(,\d+){3}$/);
      const slots = ((await inFlight.getAttribute('data-slots')) ?? '').split(',');
      // deferred release writes a slot no frame in flight reads; immediate-free writes one frame 6 still reads
      expect(slots.includes(slot)).toBe(bugs === 'immediate-free');
      await expect(page.locator(`[data-testid=panel-descriptors] li[data-in-flight="true"]`)).toHaveCount(4);
    }
  });

  test('A8: the budget chart stays under the line; ignore-budget crosses it and fails on the measured usage', async ({
    page,
  }) => {
    await openLesson(page, 'A8-residency', 'debug=1&lang=en');
    await expect(page.getByTestId('memory-table')).toContainText('Modelled Discrete GPU');
    const chart = page.getByTestId('budget-chart');
    await expect(chart).toHaveAttribute('data-over', '0');
    await expect(page.getByTestId('residency-table')).toContainText('7.20 GiB');
    await openLesson(page, 'A8-residency', 'bugs=ignore-budget&debug=1&lang=zh');
    await expect(chart).toHaveAttribute('data-over', '15');
    await expect(chart).toContainText('预算');
    await expect(failing(page)).toHaveCount(1);
    await expect(failing(page)).toContainText('预算');
  });
});
