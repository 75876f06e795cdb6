// Lessons A3 (committed vs placed vs reserved; heap tiers; alignment) and A4 (reserved tiles, a virtual-texture page
// table), on live WebGPU: each correct in en and zh; each bug: the check fails, its debug-layer messages with
// ?debug=1 and none with ?debug=0 (A4's bug has none either way: the real layer does not validate tile accesses),
// and A4's symptom in pixels read back from the GPU. A3 draws nothing: its proof is the HRESULT, the message and the
// placed offsets on the heap timeline.
import { test, expect, type Page } from '@playwright/test';
import {
  openLesson,
  expectCorrectVariant,
  expectBugVariantWithDebugLayer,
  liveLessons,
  differingPixels,
} from './helpers';
import mA3 from '../src/lessons/A3-placed-reserved/meta';
import mA4 from '../src/lessons/A4-tiled-resources/meta';

const [A3, A4] = liveLessons([mA3, mA4]);
const frameOf = (page: Page) => page.evaluate(() => window.d3d12lab.readPixels(0, 0, 64, 64));
const frameNo = async (page: Page) => Number(await page.getByTestId('frame-player').getAttribute('data-frame'));

test.describe('lesson A3: committed vs placed vs reserved', () => {
  for (const lang of ['en', 'zh'] as const) {
    test(`correct variant passes at "correct" (${lang}); tables show the tiers, offsets and costs`, async ({
      page,
    }) => {
      await expectCorrectVariant(page, A3.path, lang);
      await expect(page.getByTestId('tier-table')).toContainText('D3D12_RESOURCE_HEAP_TIER_1');
      await expect(page.getByTestId('tier-table')).toContainText('D3D12_RESOURCE_HEAP_TIER_2');
      // the MSAA target at 4 MiB on the discrete GPU's shared heap, after the 4 MiB alignment's padding
      await expect(page.getByTestId('placement-table')).toContainText('0x400000 (4,096 KiB)');
      await expect(page.getByTestId('cost-table')).toContainText('256 KiB');
      await expect(page.getByTestId('cost-table')).toContainText('128 KiB');
    });
  }

  test('the heap timeline shows the placed resources at their offsets', async ({ page }) => {
    await openLesson(page, A3.path, 'debug=1&lang=en&panels=heap');
    const heap = page.getByTestId('panel-heap');
    await expect(heap.locator('[data-placement="placed"][data-offset="4194304"]').first()).toBeAttached();
    await expect(heap.locator('[data-placement="placed"][data-offset="131072"]').first()).toBeAttached();
    // the reserved texture lives where its two mapped tiles are: the first two tiles of the tile pool
    await expect(heap.locator('[data-placement="reserved"][data-heap-tile="0"][data-count="2"]')).toHaveCount(1);
  });

  test('bug unaligned-placement: E_INVALIDARG at offset 100000, CREATERESOURCE_INVALIDALIGNMENT with the layer on, none off', async ({
    page,
  }) => {
    const bug = A3.bugs[0];
    await expectBugVariantWithDebugLayer(page, A3.path, bug);
    const check = page.getByTestId('lesson-check');
    await expect(check).toHaveAttribute('data-level', 'none');
    await expect(check).toContainText('E_INVALIDARG');
    await expect(check).toContainText('100000 % 65536');
    await expect(page.getByTestId('placement-table')).toContainText('E_INVALIDARG');
    const off = await openLesson(page, A3.path, `bugs=${bug.id}&debug=0`);
    expect(off).toEqual({ status: 'fail', level: 'none' });
    await expect(page.getByTestId('lesson-check')).toContainText('E_INVALIDARG');
    await expect(page.locator('[data-message-id]')).toHaveCount(0);
  });
});

test.describe('lesson A4: reserved (tiled) resources', () => {
  for (const lang of ['en', 'zh'] as const) {
    test(`correct variant passes at "correct" and animates (${lang})`, async ({ page }) => {
      await expectCorrectVariant(page, A4.path, lang);
      await expect(page.getByTestId('page-table')).toBeVisible();
      const player = page.getByTestId('frame-player');
      await expect(player).toHaveAttribute('data-frames', '10');
      await expect.poll(() => frameNo(page), { timeout: 30_000 }).toBeGreaterThan(1);
      // the camera moves: the canvas changes from frame to frame. The player plays once and stops on the last frame (on
      // a loaded machine it may get there before a first read), so compare the last frame with frame 5, stepped back to
      await expect(player).toHaveAttribute('data-playing', 'false', { timeout: 60_000 });
      const a = await frameOf(page);
      for (let k = 0; k < 5; k++) await page.getByTestId('frame-prev').click();
      await expect(player).toHaveAttribute('data-frame', '5');
      await expect.poll(async () => differingPixels(a, await frameOf(page)), { timeout: 30_000 }).toBeGreaterThan(20);
      await expect(page.getByTestId('lesson-check')).toHaveAttribute('data-status', 'pass');
    });
  }

  test('the heap timeline shows the virtual texture tiles coming and going in the tile pool', async ({ page }) => {
    await openLesson(page, A4.path, 'debug=1&lang=en&panels=heap&play=0');
    const tiles = page.getByTestId('panel-heap').locator('[data-placement="reserved"]');
    await expect.poll(() => tiles.count()).toBeGreaterThan(4);
    // some mappings were replaced along the way (tiles left the view), some are still there at the end
    await expect(
      page.getByTestId('panel-heap').locator('[data-placement="reserved"][data-alive="0"]').first(),
    ).toBeAttached();
    await expect(
      page.getByTestId('panel-heap').locator('[data-placement="reserved"][data-alive="1"]').first(),
    ).toBeAttached();
  });

  test('bug unmapped-tile-read: the check fails, no message on or off, and the tiles that came into view read black', async ({
    page,
  }) => {
    const bug = A4.bugs[0];
    await expectBugVariantWithDebugLayer(page, A4.path, bug);
    await expect(page.locator('[data-message-id]')).toHaveCount(0);
    await expect(page.getByTestId('lesson-check')).toContainText('visible without memory');
    await expect(page.getByTestId('lesson-check')).toContainText('Tiled Resources Tier 3: these reads return 0');
    // Tier 3 defines what the dropped tile writes do: the canvas notes say so instead of calling them simulated
    await expect(page.getByTestId('defined-hazard')).toContainText('Defined on this adapter');
    await expect(
      page.getByTestId('defined-hazard').locator('[data-hazard="unmapped-tile-write"]').first(),
    ).toBeAttached();
    await expect(page.getByTestId('simulated-hazard')).toHaveCount(0);
    // layer off, the last frame: every visible tile came into view after frame 1, so none has memory (zeros: black)
    const off = await openLesson(page, A4.path, `bugs=${bug.id}&debug=0&play=0`);
    expect(off.status).toBe('fail');
    await expect(page.locator('[data-message-id]')).toHaveCount(0);
    await expect(page.getByTestId('frame-player')).toHaveAttribute('data-frame', '10');
    const centre = (f: number[] | Uint8Array) => Array.from(f.slice((32 * 64 + 32) * 4, (32 * 64 + 32) * 4 + 3));
    await expect.poll(async () => centre(await frameOf(page))).toEqual([0, 0, 0]);
    const buggy = await frameOf(page);
    await openLesson(page, A4.path, 'debug=0&play=0');
    await expect(page.getByTestId('frame-player')).toHaveAttribute('data-frame', '10');
    await expect.poll(async () => centre(await frameOf(page))).not.toEqual([0, 0, 0]);
    const correct = await frameOf(page);
    expect(differingPixels(correct, buggy)).toBeGreaterThan(1000);
  });
});
