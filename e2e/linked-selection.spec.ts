import { test, expect } from '@playwright/test';

// Issue 5: selecting a message, resource or call in a panel moves the code view to its line.
test('selecting a debug message or a resource in the panels shows its line in the code view', async ({ page }) => {
  await page.goto('/lessons/04-clear?bugs=rtv-heap-shader-visible&debug=1&panels=log,states');
  await expect(page.getByTestId('lesson-check')).toHaveAttribute('data-status', /pass|fail/);
  const code = page.getByTestId('code-view');
  await expect(code).toHaveAttribute('data-selected-line', '');

  // The message raised by CreateDescriptorHeap: its line holds that call.
  const row = page.getByTestId('panel-log').locator('[data-message-id="CREATE_DESCRIPTOR_HEAP_INVALID_DESC"]').first();
  await row.getByRole('button', { name: /CREATE_DESCRIPTOR_HEAP_INVALID_DESC/ }).click();
  const line = await code.getAttribute('data-selected-line');
  expect(Number(line)).toBeGreaterThan(0);
  await expect(code.locator(`.cm-line[data-line="${line}"]`)).toContainText('CreateDescriptorHeap');
  await expect(code.locator('.cm-line.cm-selected-call')).toHaveCount(1);

  // A resource lane in the state history: its line is the call that created it (the swap chain's buffers come
  // from the shared set-up, so the nearest own line at or before that call is shown).
  const lane = page.getByTestId('panel-states').locator('[data-resource]').first();
  await lane.click();
  const resourceLine = await code.getAttribute('data-selected-line');
  expect(resourceLine).not.toBe(line);
  expect(Number(resourceLine)).toBeGreaterThan(0);
});
