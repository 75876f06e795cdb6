import { test, expect } from '@playwright/test';
import { pngPixel, readPixels, waitForGpu } from './helpers';

test('live WebGPU clears the smoke canvas to magenta (in-page readback and screenshot)', async ({ page }) => {
  await page.goto('/smoke');
  await waitForGpu(page);
  await expect(page.getByTestId('smoke-canvas')).toHaveAttribute('data-frames', /[1-9]/);
  // First line: pixels read back from the GPU in the page (copyTextureToBuffer + mapAsync).
  expect(await readPixels(page, 32, 32)).toEqual([255, 0, 255, 255]);
  const corner = await readPixels(page, 0, 0, 2, 2);
  expect(corner).toEqual([255, 0, 255, 255, 255, 0, 255, 255, 255, 0, 255, 255, 255, 0, 255, 255]);
  await expect(page.getByTestId('smoke-readback')).toHaveAttribute('data-bytes', '255,0,255,255');
  // Second line: what the compositor shows, via a page screenshot of the canvas element.
  await page.waitForTimeout(1000);
  const shot = await page.getByTestId('smoke-canvas').screenshot();
  const [r, g, b] = pngPixel(shot, 128, 128);
  expect([r, g, b]).toEqual([255, 0, 255]);
});

test('adapter facts are shown when WebGPU is available', async ({ page }) => {
  await page.goto('/smoke');
  await waitForGpu(page);
  const facts = page.getByTestId('adapter-facts');
  await expect(facts).toContainText('rgba8unorm');
  await expect(facts).toContainText(/swiftshader|google/i);
});
