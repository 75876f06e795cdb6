// The first paint before the app's code runs (index.html's static shell, src/ui/bootShell.ts): the title and, on
// a lesson link, "Loading the lesson…" in the language the app will use; React replaces it on its first render.

import { test, expect, type Page } from '@playwright/test';

/** Opens `url` with the requests for files matching `held` held back (an earlier hold lifted). Returns the release. */
async function withHeld(page: Page, url: string, held: RegExp) {
  await page.unrouteAll();
  let release = () => {};
  const gate = new Promise<void>((r) => (release = r));
  await page.route(held, async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto(url, { waitUntil: 'commit' });
  return release;
}

/** The entry script held back: what shows is index.html alone. */
const withAppHeld = (page: Page, url: string) => withHeld(page, url, /\/assets\/index-[^/]+\.js$/);
/** The app's UI (src/ui/main.tsx's chunk) held back: the entry runs, the React app does not. */
const withUiHeld = (page: Page, url: string) => withHeld(page, url, /\/assets\/main-[^/]+\.js$/);

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

/** Pixels of the boot view's canvas (what the check graded), read in the page. */
const bootPixel = (page: Page, x: number, y: number) =>
  page.evaluate(
    ([px, py]) => [
      ...document.querySelector<HTMLCanvasElement>('.boot-verdict canvas')!.getContext('2d')!.getImageData(px, py, 1, 1)
        .data,
    ],
    [x, y],
  );

test("a bare lesson link shows its checked frame and the check's verdict before the app's UI loads; the lesson page then replaces them", async ({
  page,
}) => {
  const release = await withUiHeld(page, '/lessons/10-triangle');
  const verdict = page.getByTestId('boot-check');
  await expect(verdict).toHaveAttribute('data-status', 'pass', { timeout: 30_000 });
  await expect(verdict).toHaveAttribute('data-level', 'correct');
  await expect(verdict).toHaveText('Check: ● builds ● runs ● correct — pass');
  await expect(shell(page).locator('.boot-lesson')).toHaveText('10 The first triangle');
  // the frame is the one the check graded: magenta clear, the triangle's red corner near the top
  expect(await bootPixel(page, 4, 4)).toEqual([255, 0, 255, 255]);
  const red = await bootPixel(page, 32, 20);
  expect(red[0]).toBeGreaterThan(128);
  expect(red[0]).toBeGreaterThan(Math.max(red[1], red[2]));
  // no UI yet: no lesson page, no step keys
  await expect(page.getByTestId('lesson-check')).toHaveCount(0);
  expect(await page.evaluate(() => performance.getEntriesByName('lab:check-end').length)).toBe(1);
  release();
  await expect(page.locator('[data-generation] [data-testid="lesson-check"]')).toHaveAttribute('data-status', 'pass', {
    timeout: 30_000,
  });
  await expect(verdict).toHaveCount(0);
  await expect(shell(page)).toHaveCount(0);
  // the boot request was the page's run: checked once
  expect(await page.evaluate(() => performance.getEntriesByName('lab:check-end').length)).toBe(1);
  // and nothing of the UI's code (the app, React) was asked for before that check was known
  const early = await page.evaluate(() => {
    const checked = performance.getEntriesByName('lab:check-end')[0].startTime;
    return performance
      .getEntriesByType('resource')
      .filter((e) => /\/assets\/(main|react|react-dom)-[^/]+\.js$/.test(e.name) && e.startTime < checked)
      .map((e) => e.name);
  });
  expect(early).toEqual([]);
  expect(
    await page.evaluate(
      () => performance.getEntriesByType('resource').filter((e) => /\/assets\/react-dom-/.test(e.name)).length,
    ),
  ).toBe(1);
});

test('the verdict speaks the page language; a link with options (a bug, the debug layer) has no boot view', async ({
  page,
}) => {
  let release = await withUiHeld(page, '/lessons/04-clear?lang=zh');
  await expect(page.getByTestId('boot-check')).toHaveText('检查: ● 可构建 ● 可运行 ● 结果正确 — 通过', {
    timeout: 30_000,
  });
  release();
  await expect(page.getByTestId('lesson-check')).toHaveAttribute('data-status', 'pass', { timeout: 30_000 });

  // options are the page's to read: the app loads at once and runs the lesson itself
  await page.addInitScript(() => {
    const w = window as unknown as { __bootViews: number };
    w.__bootViews = 0;
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="boot-check"]')) w.__bootViews++;
    }).observe(document, { subtree: true, childList: true });
  });
  release = await withUiHeld(page, '/lessons/04-clear?bugs=list-not-closed&debug=1');
  release();
  await expect(page.getByTestId('lesson-check')).toHaveAttribute('data-status', 'fail', { timeout: 30_000 });
  expect(await page.evaluate(() => (window as unknown as { __bootViews: number }).__bootViews)).toBe(0);
});
