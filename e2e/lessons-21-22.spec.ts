// Lessons 21 (frame ring, animated) and 22 (back-buffer index, resize), on live WebGPU: each correct in en and zh,
// each bug (check fails; its debug-layer messages with ?debug=1 and none with ?debug=0; pixels read back where the
// symptom shows), and each lesson's own behaviour: 21 plays its frames (the canvas changes while it animates, pause
// and single steps move one frame) under a GPU-slowdown knob; 22 resizes the canvas for real.
import { test, expect, type Page } from '@playwright/test';
import {
  openLesson,
  expectCorrectVariant,
  expectBugVariantWithDebugLayer,
  liveLessons,
  differingPixels,
} from './helpers';
import m21 from '../src/lessons/21-frame-ring/meta';
import m22 from '../src/lessons/22-backbuffer-resize/meta';

const [L21, L22] = liveLessons([m21, m22]);

/** The whole presented frame (size × size), read back from the GPU in the page. */
const frameOf = (page: Page, size = 64) => page.evaluate((s) => window.d3d12lab.readPixels(0, 0, s, s), size);
const frameNo = async (page: Page) => Number(await page.getByTestId('frame-player').getAttribute('data-frame'));

/** Stop the animation and put frame n on the canvas (with ?play=0 the page starts at the end of the run). */
async function showFrame(page: Page, n: number) {
  const player = page.getByTestId('frame-player');
  await expect(player).toHaveAttribute('data-playing', 'false');
  let k = await frameNo(page);
  while (k > n) {
    const drawn = Number(await page.getByTestId('lesson-canvas').getAttribute('data-frames'));
    await page.getByTestId('frame-prev').click();
    await expect(player).toHaveAttribute('data-frame', String(k - 1));
    await expect
      .poll(async () => Number(await page.getByTestId('lesson-canvas').getAttribute('data-frames')))
      .toBeGreaterThan(drawn);
    k--;
  }
}

test.describe('lesson 21: frame ring', () => {
  for (const lang of ['en', 'zh'] as const) {
    test(`correct variant passes at "correct" and animates (${lang})`, async ({ page }) => {
      await expectCorrectVariant(page, L21.path, lang);
      await expect(page.getByTestId('ring-table')).toBeVisible();
      // it plays: the frame number grows and the canvas changes between frames
      const player = page.getByTestId('frame-player');
      await expect(player).toHaveAttribute('data-frames', '63');
      await expect.poll(() => frameNo(page)).toBeGreaterThan(1);
      const a = await frameOf(page);
      const fa = await frameNo(page);
      await expect.poll(() => frameNo(page), { timeout: 30_000 }).toBeGreaterThan(fa + 1);
      // the canvas changes as it plays (read until it does: frames repeat their colour every few frames, and at the
      // player's pace a single later read can land on one that looks like the first)
      await expect.poll(async () => differingPixels(a, await frameOf(page)), { timeout: 30_000 }).toBeGreaterThan(20);
      // the check stays the one graded on frame 60, whatever frame is on screen
      await expect(page.getByTestId('lesson-check')).toHaveAttribute('data-status', 'pass');
    });
  }

  test('pause and step one frame at a time; the fences panel follows the frame', async ({ page }) => {
    await openLesson(page, L21.path, 'debug=1&lang=en&panels=fences');
    const player = page.getByTestId('frame-player');
    const canvas = page.getByTestId('lesson-canvas');
    const fence = page.getByTestId('panel-fences').locator('[data-fence-completed]').filter({ hasText: 'frame fence' });
    await expect.poll(() => frameNo(page)).toBeGreaterThan(4);
    await page.getByTestId('frame-play').click(); // pause
    await expect(player).toHaveAttribute('data-playing', 'false');
    const k = await frameNo(page);
    await page.waitForTimeout(500); // a draw that was in flight when paused lands
    expect(await frameNo(page)).toBe(k); // paused: stays
    const drawn = Number(await canvas.getAttribute('data-frames'));
    const before = await frameOf(page);
    const completedBefore = Number(await fence.getAttribute('data-fence-completed'));
    await page.getByTestId('frame-next').click();
    await expect(player).toHaveAttribute('data-frame', String(k + 1));
    await expect.poll(async () => Number(await canvas.getAttribute('data-frames'))).toBeGreaterThan(drawn);
    const after = await frameOf(page);
    expect(differingPixels(before, after)).toBeGreaterThan(20);
    // GPU-bound, one more frame on screen is one more frame the GPU finished
    expect(Number(await fence.getAttribute('data-fence-completed'))).toBe(completedBefore + 1);
    await page.getByTestId('frame-prev').click();
    await expect(player).toHaveAttribute('data-frame', String(k));
    await expect(page.getByTestId('lesson-check')).toHaveAttribute('data-status', 'pass');
  });

  test('bug reset-before-wait: COMMAND_ALLOCATOR_SYNC with the layer on; off and GPU-bound, frame 60 is dropped (pixels)', async ({
    page,
  }) => {
    const bug = L21.bugs[0];
    await expectBugVariantWithDebugLayer(page, L21.path, bug);
    await expect(page.getByTestId('lesson-check')).toContainText('unsafe reset');
    // layer off, GPU at the default 8 ms (slower than the CPU's 4 ms): no message, the check still fails, and frame
    // 60 differs from the correct run's frame 60
    const off = await openLesson(page, L21.path, `bugs=${bug.id}&debug=0&play=0`);
    expect(off.status).toBe('fail');
    await expect(page.locator('[data-message-id]')).toHaveCount(0);
    await showFrame(page, 60);
    const buggy = await frameOf(page);
    await openLesson(page, L21.path, 'debug=0&play=0');
    await showFrame(page, 60);
    const correct = await frameOf(page);
    expect(differingPixels(correct, buggy)).toBeGreaterThan(20);
  });

  test('the GPU slowdown knob: at 2 ms the CPU is the slower side, nothing waits and reset-before-wait goes unseen', async ({
    page,
  }) => {
    await openLesson(page, L21.path, 'bugs=reset-before-wait&debug=1&lang=en&play=0');
    const slider = page.getByTestId('control-gpuMs');
    await expect(slider).toHaveValue('8');
    await slider.fill('2');
    await expect(page).toHaveURL(/gpuMs=2/);
    await expect(page.getByTestId('lesson-check')).toHaveAttribute('data-status', 'pass', { timeout: 30_000 });
    await expect(page.getByTestId('ring-table')).toContainText('GPU 2 ms');
    await expect(page.locator('[data-message-id]')).toHaveCount(0);
    const waits = await page.getByTestId('ring-table').locator('tbody tr td:nth-child(6)').allInnerTexts();
    expect(waits.every((w) => w === '0.00')).toBe(true);
  });
});

/** RGB of pixel (x, y) of a size × size frame. */
const px = (f: number[] | Uint8Array, size: number, x: number, y: number) =>
  Array.from(f.slice((y * size + x) * 4, (y * size + x) * 4 + 3));
const FRAME8 = [128, 128, 255];
const FRAME7 = [255, 128, 0];
const near = (a: number[], b: number[]) => a.every((v, k) => Math.abs(v - b[k]) <= 3);

test.describe('lesson 22: back-buffer index, resize', () => {
  for (const lang of ['en', 'zh'] as const) {
    test(`correct variant passes at "correct"; the canvas is the resized 96 px window showing frame 8 (${lang})`, async ({
      page,
    }) => {
      await expectCorrectVariant(page, L22.path, lang);
      await expect(page.getByTestId('lesson-canvas')).toHaveAttribute('width', '96');
      const f = await frameOf(page, 96);
      expect(near(px(f, 96, 4, 4), FRAME8)).toBe(true);
      expect(near(px(f, 96, 92, 92), FRAME8)).toBe(true);
      await expect(page.getByTestId('backbuffer-table').locator('tbody tr')).toHaveCount(8);
    });
  }

  test('picking a size resizes the canvas element and drives ResizeBuffers to it', async ({ page }) => {
    await openLesson(page, L22.path, 'debug=1&lang=en');
    await page.getByTestId('control-size-128').click();
    await expect(page).toHaveURL(/size=128/);
    await expect(page.getByTestId('lesson-canvas')).toHaveAttribute('width', '128');
    await expect(page.getByTestId('lesson-check')).toHaveAttribute('data-status', 'pass', { timeout: 30_000 });
    await expect(page.getByTestId('backbuffer-table').locator('tbody tr').last()).toContainText('128×128');
    const f = await frameOf(page, 128);
    expect(near(px(f, 128, 124, 124), FRAME8)).toBe(true);
    await page.getByTestId('control-size-64').click();
    await expect(page.getByTestId('lesson-canvas')).toHaveAttribute('width', '64');
    await expect(page.getByTestId('lesson-check')).toHaveAttribute('data-status', 'pass', { timeout: 30_000 });
  });

  test('bug stale-backbuffer-index: WRONGSWAPCHAINBUFFERREFERENCE with the layer on; off, the canvas shows frame 7 (stale)', async ({
    page,
  }) => {
    const bug = L22.bugs.find((b) => b.id === 'stale-backbuffer-index')!;
    await expectBugVariantWithDebugLayer(page, L22.path, bug);
    const off = await openLesson(page, L22.path, `bugs=${bug.id}&debug=0`);
    expect(off.status).toBe('fail');
    await expect(page.locator('[data-message-id]')).toHaveCount(0);
    await expect(page.getByTestId('lesson-check')).toContainText('frame 8: drew buffer 1, presented buffer 0');
    const buggy = await frameOf(page, 96);
    expect(near(px(buggy, 96, 4, 4), FRAME7)).toBe(true);
    await openLesson(page, L22.path, 'debug=0');
    expect(differingPixels(await frameOf(page, 96), buggy)).toBeGreaterThan(20);
  });

  test('bug resize-without-release: ResizeBuffers → DXGI_ERROR_INVALID_CALL, no D3D12 message; the frame stays the old one', async ({
    page,
  }) => {
    for (const debug of ['1', '0']) {
      const r = await openLesson(page, L22.path, `bugs=resize-without-release&debug=${debug}`);
      expect(r).toEqual({ status: 'fail', level: 'none' });
      await expect(page.getByTestId('lesson-check')).toContainText('IDXGISwapChain::ResizeBuffers');
      await expect(page.getByTestId('lesson-check')).toContainText(
        'DXGI_ERROR_INVALID_CALL (0x887A0001): 3 back buffer reference(s) still held',
      );
      await expect(page.locator('[data-message-id]')).toHaveCount(0);
    }
    const buggy = await frameOf(page, 96);
    expect(near(px(buggy, 96, 4, 4), FRAME8)).toBe(false); // frame 4's colour, not frame 8's
    await openLesson(page, L22.path, 'debug=0');
    expect(differingPixels(await frameOf(page, 96), buggy)).toBeGreaterThan(20);
  });
});
