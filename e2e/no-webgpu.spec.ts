import { test, expect, chromium } from '@playwright/test';
import { CHROMIUM, WEBGPU_FLAGS } from '../playwright.config';

test.describe('without WebGPU', () => {
  test('Chromium without --enable-unsafe-webgpu: the app says what is missing, why and what to try; the rest works', async ({
    baseURL,
  }) => {
    // Measured here: Chromium 156 on Linux exposes navigator.gpu without the flag, but requestAdapter() gives null.
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: WEBGPU_FLAGS.filter((f) => f !== '--enable-unsafe-webgpu'),
    });
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
      await page.goto(`${baseURL}/`);
      await expect(page.getByTestId('webgpu-status')).toHaveAttribute('data-status', 'unavailable');
      const problem = page.getByTestId('gpu-problem');
      await expect(problem).toHaveAttribute('data-problem', /no-adapter|no-navigator-gpu/);
      await expect(problem).toContainText('--enable-unsafe-webgpu');
      await expect(problem).toContainText('still works');
      // Navigation, language and the lesson pages work without a canvas.
      await expect(page.getByTestId('lesson-list-core').locator('li')).toHaveCount(25);
      await page.getByRole('link', { name: /Queue, allocator/ }).click();
      await expect(page).toHaveURL(/\/lessons\/04-clear$/);
      await expect(page.getByTestId('lesson-check')).toHaveAttribute('data-status', /running|pass|fail/);
      await expect(page.getByText('WebGPU is not available here')).toBeVisible();
      await page.getByRole('button', { name: '中文' }).click();
      await expect(page.getByTestId('webgpu-status')).toHaveText('WebGPU：不可用');
      await expect(page.evaluate(() => window.d3d12lab.readPixels(0, 0, 1, 1))).rejects.toThrow(
        /has not presented a frame/,
      );
    } finally {
      await browser.close();
    }
  });

  test('a browser without navigator.gpu is told so', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'gpu', { get: () => undefined });
    });
    await page.goto('/');
    await expect(page.getByTestId('webgpu-status')).toHaveAttribute('data-status', 'unavailable');
    await expect(page.getByTestId('gpu-problem')).toHaveAttribute('data-problem', 'no-navigator-gpu');
    await expect(page.getByTestId('gpu-problem')).toContainText('navigator.gpu is missing');
  });

  test('requestAdapter() returning null is reported as "no adapter", with the reason', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(GPU.prototype, 'requestAdapter', { value: async () => null });
    });
    await page.goto('/');
    await expect(page.getByTestId('webgpu-status')).toHaveAttribute('data-status', 'unavailable');
    await expect(page.getByTestId('gpu-problem')).toHaveAttribute('data-problem', 'no-adapter');
    await expect(page.getByTestId('gpu-problem')).toContainText('requestAdapter()');
  });

  test('requestDevice() failing is reported with the adapter facts still shown', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(GPUAdapter.prototype, 'requestDevice', {
        value: async () => {
          throw new Error('OperationError: simulated device creation failure');
        },
      });
    });
    await page.goto('/');
    await expect(page.getByTestId('webgpu-status')).toHaveAttribute('data-status', 'unavailable');
    await expect(page.getByTestId('gpu-problem')).toHaveAttribute('data-problem', 'device-failed');
    await expect(page.getByTestId('gpu-problem')).toContainText('simulated device creation failure');
    await expect(page.getByTestId('adapter-facts')).toContainText('rgba8unorm');
  });
});
