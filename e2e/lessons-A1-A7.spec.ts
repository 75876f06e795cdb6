// Lessons A1 (readback heap, blocking and pipelined) and A7 (copy queue and cross-queue fences), on live WebGPU: each
// correct in en and zh; each bug fails the check, shows its debug-layer messages with ?debug=1 and none with ?debug=0,
// and changes the canvas where its symptom is visible (pixels read back from the GPU). A1 also measures readback
// throughput live in the page (real mapAsync, both modes in one run) beside the modelled chart.
import { test, expect } from '@playwright/test';
import {
  openLesson,
  expectCorrectVariant,
  expectBugVariantWithDebugLayer,
  liveLessons,
  differingPixels,
  frame,
  correctFrame,
} from './helpers';
import mA1 from '../src/lessons/A1-readback/meta';
import mA7 from '../src/lessons/A7-copy-queue/meta';

const LESSONS = liveLessons([mA1, mA7]);
const [A1, A7] = LESSONS;

for (const L of LESSONS) {
  test.describe(`lesson ${L.id}: ${L.title.en}`, () => {
    for (const lang of ['en', 'zh'] as const)
      test(`correct variant passes at "correct" (${lang})`, async ({ page }) => {
        await expectCorrectVariant(page, L.path, lang);
      });

    for (const bug of L.bugs)
      test(`bug ${bug.id}: check fails; messages only with the debug layer; pixels ${bug.visible ? 'differ' : 'unchanged'}`, async ({
        page,
      }) => {
        const reference = await correctFrame(page, L.path, 'debug=1&lang=en');
        await expectBugVariantWithDebugLayer(page, L.path, bug);
        const buggy = await frame(page);
        if (bug.visible) expect(differingPixels(reference, buggy)).toBeGreaterThan(20);
        else expect(differingPixels(reference, buggy)).toBe(0);
        // with the debug layer off: the check still fails, and no message is printed
        const off = await openLesson(page, L.path, `bugs=${bug.id}&debug=0&lang=en`);
        expect(off.status).toBe('fail');
        await expect(page.locator('[data-message-id]')).toHaveCount(0);
      });
  });
}

test('A1: the check says which frames were stale; the readback table lists all 16 frames', async ({ page }) => {
  await openLesson(page, A1.path, 'bugs=map-before-fence&debug=1&lang=en');
  await expect(page.getByTestId('lesson-check')).toContainText(/16 frames, (9|1\d) wrong: frames 1, 2, 3/);
  await expect(page.getByTestId('readback-table').locator('tbody tr')).toHaveCount(16);
});

test('A1: modelled throughput chart, and a live measurement with real mapAsync (both modes, same run)', async ({
  page,
}) => {
  await openLesson(page, A1.path, 'debug=1&lang=en');
  const modelled = page.getByTestId('readback-chart-modelled');
  await expect(modelled).toBeVisible();
  const fps = async (id: string) => Number((await page.getByTestId(id).textContent())?.split(' ')[0]);
  const blocking = await fps('readback-chart-modelled-0');
  const pipelined = await fps('readback-chart-modelled-1');
  // three stages (CPU, DIRECT render, COPY readback) of ~4 ms each: above two stages' ceiling of 2, at most 3
  expect(pipelined / blocking).toBeGreaterThan(2.5);
  expect(pipelined / blocking).toBeLessThanOrEqual(3);
  await expect(page.getByTestId('readback-stages')).toContainText(
    'CPU work 4.0 ms · DIRECT render 4.0 ms · COPY readback 4.0 ms',
  );
  await page.getByTestId('readback-live-button').click();
  const live = page.getByTestId('readback-live-result');
  await expect(live).toBeVisible({ timeout: 60_000 });
  const lb = Number(await live.getAttribute('data-blocking'));
  const lp = Number(await live.getAttribute('data-pipelined'));
  expect(lb).toBeGreaterThan(0);
  expect(lp).toBeGreaterThan(0);
  await expect(page.getByTestId('readback-live-wrong')).toContainText(': 0');
  console.log(
    `A1 live readback in Chromium/SwiftShader: blocking ${lb.toFixed(1)} fps, pipelined ${lp.toFixed(1)} fps`,
  );
});

test('A1: the fences & queues panel has the three lanes: CPU, directQueue renders, copyQueue readback copies', async ({
  page,
}) => {
  await openLesson(page, A1.path, 'debug=1&lang=en&panels=fences');
  const panel = page.getByTestId('panel-fences');
  for (const name of ['CPU', 'directQueue', 'copyQueue', 'render fence', 'copy fence'])
    await expect(panel).toContainText(name);
  // one lane per queue, one bar per ExecuteCommandLists: 16 renders on one queue, 16 copies on the other
  await expect(panel.locator('[data-queue-label]')).toHaveCount(2);
  const bars = await panel
    .locator('[data-submit][data-queue]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-queue')));
  const perQueue = [...new Set(bars)].map((q) => bars.filter((b) => b === q).length);
  expect(perQueue).toEqual([16, 16]);
});

test('A7: the copy queue overlaps the direct queue; without the Wait the texture is torn (old image below row 1)', async ({
  page,
}) => {
  await openLesson(page, A7.path, 'debug=1&lang=en&panels=fences');
  // the fences & queues panel has a lane for each queue (the overlap is drawn there) and both fences
  const panel = page.getByTestId('panel-fences');
  for (const name of ['copyQueue', 'directQueue', 'copyFence', 'directFence']) await expect(panel).toContainText(name);
  const rows = page.getByTestId('queues-table').locator('tbody tr');
  await expect(rows).toHaveCount(12);
  await expect(rows.filter({ hasText: 'COPY' })).toHaveCount(6);
  const good = await frame(page);
  await openLesson(page, A7.path, 'bugs=no-cross-queue-wait&debug=1&lang=en');
  const torn = await frame(page);
  const px = (f: number[], x: number, y: number) => f.slice((y * 64 + x) * 4, (y * 64 + x) * 4 + 3);
  // row 0 was written before the draw started: the new image, as in the correct run; lower rows: two frames older
  expect(px(torn, 32, 0)).toEqual(px(good, 32, 0));
  expect(differingPixels(px(good, 32, 40), px(torn, 32, 40))).toBe(1);
  await expect(page.getByTestId('lesson-check')).toContainText('no hazard');
});
