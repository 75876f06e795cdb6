// The first paint before the app's code runs (index.html's static shell, src/ui/bootShell.ts): the title and, on
// a lesson link, "Loading the lesson…" in the language the app will use; React replaces it on its first render.

import { test, expect, type Page } from '@playwright/test';

/** Opens `url` with the entry script held back (an earlier hold lifted): what shows is index.html alone. Returns the release. */
async function withAppHeld(page: Page, url: string) {
  await page.unrouteAll();
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(url, { waitUntil: 'commit' });
  return release;
}

const shell = (page: Page) => page.locator('[data-boot-shell]');

test('a lesson link paints its title and a loading line before the app runs, then the lesson replaces them', async ({
  page,
}) => {
  const release = await withAppHeld(page, '/lessons/10-triangle');
  await expect(shell(page).locator('.brand')).toHaveText('D3D12 Lab');
  await expect(shell(page).getByRole('status')).toHaveText('Loading the lesson…');
  // painted, with nothing of the app's code run yet
  await expect.poll(() => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length)).toBe(1);
  expect(await page.evaluate(() => performance.getEntriesByName('lab:main').length)).toBe(0);
  release();
  await expect(page.getByTestId('lesson-check')).toHaveAttribute('data-status', 'pass', { timeout: 30_000 });
  await expect(shell(page)).toHaveCount(0);
  await expect(page.locator('header.topbar')).toHaveCount(1);
  await expect(page.locator('main#main')).toHaveCount(1);
});

test('the shell speaks the language the app will: ?lang= first, then the saved preference; corrupt saves read as English', async ({
  page,
}) => {
  let release = await withAppHeld(page, '/lessons/04-clear?lang=zh');
  await expect(shell(page).locator('.brand')).toHaveText('D3D12 实验室');
  await expect(shell(page).getByRole('status')).toHaveText('正在加载课程…');
  release();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('清屏为品红');

  await page.evaluate(() =>
    localStorage.setItem('d3d12lab.prefs', JSON.stringify({ state: { lang: 'zh' }, version: 2 })),
  );
  release = await withAppHeld(page, '/');
  await expect(shell(page).locator('.brand')).toHaveText('D3D12 实验室');
  // not a lesson: no loading line
  await expect(shell(page).getByRole('status')).toHaveCount(0);
  release();
  await expect(page.getByRole('heading', { name: '25 节课' })).toBeVisible();
  await expect(shell(page)).toHaveCount(0);

  await page.evaluate(() => localStorage.setItem('d3d12lab.prefs', '{"state": {"lang": "zh"'));
  release = await withAppHeld(page, '/lessons/04-clear?lang=xx');
  await expect(shell(page).locator('.brand')).toHaveText('D3D12 Lab');
  await expect(shell(page).getByRole('status')).toHaveText('Loading the lesson…');
  release();
  await expect(page.getByTestId('lesson-check')).toBeVisible({ timeout: 30_000 });
});
