import { test, expect } from '@playwright/test';
import { readPixels, waitForGpu } from './helpers';

test('a lost device is recreated, the step re-runs, and the app says so', async ({ page }) => {
  await page.goto('/smoke');
  await waitForGpu(page);
  await expect(page.getByTestId('smoke-canvas')).toHaveAttribute('data-frames', '1');
  expect(await page.evaluate(() => window.d3d12lab.loseDevice())).toBe(true);
  const badge = page.getByTestId('webgpu-status');
  await expect(badge).toHaveAttribute('data-recoveries', '1');
  await expect(badge).toHaveAttribute('data-status', 'ok');
  await expect(page.getByTestId('gpu-recovered')).toContainText('destroyed');
  // The step ran again on the new device: a second frame, and the pixels are right again.
  await expect(page.getByTestId('smoke-canvas')).toHaveAttribute('data-frames', '2');
  expect(await readPixels(page, 10, 10)).toEqual([255, 0, 255, 255]);
});
