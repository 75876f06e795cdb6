import { test, expect } from '@playwright/test';
import { openLesson } from './helpers';

// Issue 13 point 4: data-level is the highest level reached (`none` when not even "builds" holds, and the page
// says so); a lesson whose correct run raises a message on purpose says so in its check.
for (const lang of ['en', 'zh'] as const) {
  test(`no level reached (${lang}): data-level is none, no level is marked, the page says why`, async ({ page }) => {
    const r = await openLesson(page, '03-device', `bugs=min-level-too-high&debug=1&lang=${lang}`);
    expect(r).toEqual({ status: 'fail', level: 'none' });
    const check = page.getByTestId('lesson-check');
    await expect(check.locator('[data-level-reached="true"]')).toHaveCount(0);
    await expect(page.getByTestId('check-none')).toContainText(lang === 'zh' ? '未达到任何级别' : 'no level reached');
  });

  test(`lesson 02's deliberate message (${lang}): the check names it instead of "0 · got 0"`, async ({ page }) => {
    const r = await openLesson(page, '02-debug-layer', `debug=1&lang=${lang}`);
    expect(r).toEqual({ status: 'pass', level: 'correct' });
    const item = page.getByTestId('lesson-check').locator('li', { hasText: 'raised as intended' });
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('DESCRIPTOR_HEAP_NOT_SHADER_VISIBLE');
    await expect(item).toContainText(lang === 'zh' ? '故意' : 'deliberate');
    await expect(item).not.toContainText(/got: 0$/);
  });
}

test('a failing build still reports the levels it reached', async ({ page }) => {
  const r = await openLesson(page, '14-texture-states', 'bugs=missing-barrier&debug=1');
  expect(r.status).toBe('fail');
  expect(['builds', 'runs']).toContain(r.level);
  await expect(page.getByTestId('lesson-check').locator('[data-level-reached="true"]').first()).toBeVisible();
});
