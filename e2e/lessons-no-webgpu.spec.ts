// Lessons without WebGPU: the model, the code, the steps and the check levels that need no pixels still work.
import { test, expect, chromium } from '@playwright/test';
import { CHROMIUM, WEBGPU_FLAGS } from '../playwright.config';

test('without WebGPU: lesson 1 is correct from the model alone; lesson 4 reaches "runs" and says the pixel needs WebGPU', async ({
  baseURL,
}) => {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: WEBGPU_FLAGS.filter((f) => f !== '--enable-unsafe-webgpu'),
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    await page.goto(`${baseURL}/lessons/01-adapters?debug=1`);
    await expect(page.getByTestId('webgpu-status')).toHaveAttribute('data-status', 'unavailable', { timeout: 30_000 });
    await expect(page.getByTestId('lesson-check')).toHaveAttribute('data-status', 'pass');
    await expect(page.getByTestId('lesson-check')).toHaveAttribute('data-level', 'correct');
    await expect(page.getByTestId('adapter-table')).toContainText('Modelled Discrete GPU');

    await page.goto(`${baseURL}/lessons/04-clear?debug=1&bugs=cpu-handle-mixup`);
    await expect(page.getByTestId('lesson-check')).toHaveAttribute('data-status', 'fail', { timeout: 30_000 });
    await expect(page.locator('[data-message-id="INVALID_DESCRIPTOR_HANDLE"]').first()).toBeAttached();
    await page.goto(`${baseURL}/lessons/04-clear?debug=1`);
    await expect(page.getByTestId('lesson-check')).toHaveAttribute('data-level', 'runs', { timeout: 30_000 });
    await expect(page.getByTestId('lesson-check')).toContainText('no WebGPU');
    await page.getByTestId('step-first').click();
    await expect(page.getByTestId('step-cursor')).toHaveAttribute('data-cursor', '0');
  } finally {
    await browser.close();
  }
});
