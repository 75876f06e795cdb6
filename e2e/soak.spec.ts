// Every check settles once, whatever order the learner clicks in: client-side navigation through every live
// lesson three times round, fast "next" clicks, fast bug toggles, a device lost mid-run, a language switch
// mid-run. The status log (status-log.ts) sees every value data-status takes, so a check that first says
// `fail` and then flips to `pass` is caught even when it flips before the test looks.
import { test, expect, type Page } from '@playwright/test';
import { installStatusLog, checkLog } from './status-log';
import { waitForGpu } from './helpers';

const settled = (page: Page) =>
  expect(page.getByTestId('lesson-check')).toHaveAttribute('data-status', /^(pass|fail)$/, { timeout: 30_000 });

async function heapAfterGc(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  // settle first: the last arrival's work (draws, readbacks, the panels' lazy layouts) ends before the count
  await page.waitForTimeout(500);
  for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return usedSize;
}

test("soak: three rounds through every live lesson by the app's own links; each check settles once, heap flat", async ({
  page,
}) => {
  test.setTimeout(8 * 60_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await installStatusLog(page);
  await page.goto('/?lang=en&debug=1');
  await waitForGpu(page);
  // the live lessons, as the home page lists them (the planned ones are marked)
  const items = page.locator('[data-testid^="lesson-list-"] li');
  const total = await items.count();
  const planned = await items.filter({ has: page.locator('em') }).count();
  const liveCount = total - planned;
  expect(liveCount).toBeGreaterThanOrEqual(19);

  const heaps: number[] = [];
  for (let round = 0; round < 3; round++) {
    if (round > 0) await page.locator('a.brand').click();
    await page.locator('[data-testid="lesson-list-core"] li[data-lesson="01"] a').click();
    let arrivals = 0;
    for (;;) {
      const id = /\/lessons\/([^-/?]+)/.exec(page.url())?.[1] ?? '';
      const main = page.locator(`main.lesson[data-lesson="${id}"]`);
      await expect(main).toBeAttached();
      if ((await main.getAttribute('data-generation')) != null) {
        arrivals++;
        await settled(page);
        await expect(
          page.getByTestId('lesson-check'),
          await page.getByTestId('lesson-check').innerText(),
        ).toHaveAttribute('data-status', 'pass');
      }
      const next = page.getByTestId('next-lesson');
      if (!(await next.count())) break;
      // the path, not the whole URL: an animated lesson rewrites its own ?step= as it plays
      const from = new URL(page.url()).pathname;
      await next.click();
      await expect.poll(() => new URL(page.url()).pathname).not.toBe(from);
    }
    expect(arrivals).toBe(liveCount);
    heaps.push(await heapAfterGc(page));
  }

  const log = (await checkLog(page)).filter((e) => e.live);
  expect(log.length).toBe(3 * liveCount);
  // exactly running → pass for every arrival: never a fail first, never a second settle
  const wrong = log
    .filter((e) => e.statuses.join('>') !== 'running>pass')
    .map((e) => `${e.path}: ${e.statuses.join(' > ')}`);
  expect(wrong, 'arrivals whose first settled status was not their final one').toEqual([]);
  const growth = heaps[2] - heaps[0];
  test
    .info()
    .annotations.push({ type: 'heap', description: heaps.map((h) => `${(h / 1048576).toFixed(1)} MB`).join(' → ') });
  expect(growth).toBeLessThan(5 * 1024 * 1024);
  expect(pageErrors).toEqual([]);
});

test('back-to-back page loads of every live lesson settle once each', async ({ page }) => {
  test.setTimeout(5 * 60_000);
  await installStatusLog(page);
  await page.goto('/?lang=en&debug=1');
  const items = page.locator('[data-testid^="lesson-list-"] li');
  const live = await items.evaluateAll((els) =>
    els.filter((el) => !el.querySelector('em')).map((el) => el.querySelector('a')?.getAttribute('href') ?? ''),
  );
  expect(live.length).toBeGreaterThanOrEqual(19);
  const wrong: string[] = [];
  for (const href of live) {
    await page.goto(href);
    await settled(page);
    const log = (await checkLog(page)).filter((e) => e.live);
    const seq = log.map((e) => e.statuses.join('>'));
    // a bare link's check may be known before the page shows it (the boot request, state/lessonBoot.ts): then the
    // line's first status is already pass. Either way it settles once, never a fail first or a second settle.
    if (!/^(running>)?pass$/.test(seq.join(' | '))) wrong.push(`${href}: ${seq.join(' | ')}`);
  }
  expect(wrong).toEqual([]);
});

test('five "next" clicks 100 ms apart land on the fifth lesson, which passes; no earlier one settles on screen', async ({
  page,
}) => {
  await installStatusLog(page);
  await page.goto('/lessons/01-adapters?lang=en&debug=1');
  await waitForGpu(page);
  await settled(page);
  for (let i = 0; i < 5; i++) {
    await page.getByTestId('next-lesson').click();
    await page.waitForTimeout(100);
  }
  await expect(page).toHaveURL(/\/lessons\/06-shaders/);
  await settled(page);
  await expect(page.getByTestId('lesson-check')).toHaveAttribute('data-status', 'pass');
  await expect(page.getByTestId('lesson-check')).toHaveAttribute('data-level', 'correct');
  const log = (await checkLog(page)).filter((e) => e.live);
  // lessons passed through may never settle (superseded), but none may show a fail or settle twice
  for (const e of log)
    expect(['running', 'running>pass'], `${e.path}: ${e.statuses.join(' > ')}`).toContain(e.statuses.join('>'));
  expect(log[log.length - 1].statuses.join('>')).toBe('running>pass');
});

test('seven fast toggles of a bug leave it on (fail, with its message); one more turns it off (pass)', async ({
  page,
}) => {
  await page.goto('/lessons/04-clear?lang=en&debug=1');
  await waitForGpu(page);
  await settled(page);
  const toggle = page.getByTestId('bug-toggle-list-not-closed');
  for (let i = 0; i < 7; i++) await toggle.click({ delay: 0 });
  await expect(toggle).toBeChecked();
  await expect(page).toHaveURL(/bugs=list-not-closed/);
  await expect(page.getByTestId('lesson-check')).toHaveAttribute('data-status', 'fail', { timeout: 30_000 });
  await expect(page.locator('[data-message-id="EXECUTECOMMANDLISTS_OPENCOMMANDLIST"]').first()).toBeAttached();
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await expect(page.getByTestId('lesson-check')).toHaveAttribute('data-status', 'pass', { timeout: 30_000 });
  await expect(page.locator('[data-message-id="EXECUTECOMMANDLISTS_OPENCOMMANDLIST"]')).toHaveCount(0);
});

test('two clicks on a bug toggle in one task (before the page renders again) leave it off', async ({ page }) => {
  await page.goto('/lessons/04-clear?lang=en&debug=1');
  await waitForGpu(page);
  await settled(page);
  const toggle = page.getByTestId('bug-toggle-list-not-closed');
  // both clicks land before React renders the first one's navigation: each must start from the link as it is
  await toggle.evaluate((el) => {
    (el as HTMLInputElement).click();
    (el as HTMLInputElement).click();
  });
  await expect(toggle).not.toBeChecked();
  await expect(page).not.toHaveURL(/bugs=/);
  await expect(page.getByTestId('lesson-check')).toHaveAttribute('data-status', 'pass', { timeout: 30_000 });
  // and a third turns it on
  await toggle.evaluate((el) => (el as HTMLInputElement).click());
  await expect(page).toHaveURL(/bugs=list-not-closed/);
  await expect(toggle).toBeChecked();
});

for (const lang of ['en', 'zh'] as const) {
  test(`a device lost mid-run (${lang}): the check settles once, on the new device, and a notice says so`, async ({
    page,
  }) => {
    await installStatusLog(page);
    await page.goto(`/lessons/10-triangle?lang=${lang}&debug=1`);
    await waitForGpu(page);
    // lose the device while the first run is still drawing or checking
    expect(await page.evaluate(() => window.d3d12lab.loseDevice())).toBe(true);
    const badge = page.getByTestId('webgpu-status');
    await expect(badge).toHaveAttribute('data-recoveries', '1');
    await settled(page);
    await expect(page.getByTestId('lesson-check')).toHaveAttribute('data-status', 'pass');
    const log = (await checkLog(page)).filter((e) => e.live);
    expect(log.map((e) => e.statuses.join('>'))).toEqual(['running>pass']);
    const notice = page.getByTestId('gpu-recovered-notice');
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(lang === 'zh' ? 'GPU 设备' : 'GPU device');
    // the frame on screen came from the new device: the triangle's centre is drawn
    const px = await page.evaluate(() => window.d3d12lab.readPixels(32, 36, 1, 1));
    expect(px[3]).toBe(255);
    await notice.getByRole('button').click();
    await expect(notice).toHaveCount(0);
  });
}

test('switching language mid-run: the check settles once and reads in the new language', async ({ page }) => {
  await installStatusLog(page);
  await page.goto('/lessons/12-row-pitch?lang=en&debug=1');
  await page.getByRole('button', { name: '中文' }).click();
  await settled(page);
  await expect(page.getByTestId('lesson-check')).toHaveAttribute('data-status', 'pass');
  await expect(page.getByTestId('lesson-check')).toContainText('结果正确');
  const log = (await checkLog(page)).filter((e) => e.live);
  expect(log.map((e) => e.statuses.join('>'))).toEqual(['running>pass']);
});

for (const lang of ['en', 'zh'] as const) {
  test(`an unknown ?bugs= id is named on the page with the valid ones; the rest of the URL still applies (${lang})`, async ({
    page,
  }) => {
    await page.goto(`/lessons/12-row-pitch?bugs=no-such-bug,unaligned-pitch&lang=${lang}&debug=1`);
    const notice = page.getByTestId('unknown-bugs');
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('no-such-bug');
    await expect(notice).toContainText('unaligned-pitch');
    await expect(notice).toContainText(lang === 'zh' ? '未知' : /unknown/i);
    await expect(page.getByTestId('bug-toggle-unaligned-pitch')).toBeChecked();
    await expect(page.getByTestId('lesson-check')).toHaveAttribute('data-status', 'fail', { timeout: 30_000 });
    await notice.getByRole('button').click();
    await expect(notice).toHaveCount(0);
  });
}

for (const lang of ['en', 'zh'] as const) {
  test(`a URL parameter with a bad value is named and ignored; the rest of the link applies (${lang})`, async ({
    page,
  }) => {
    await page.goto(`/lessons/04-clear?debug=maybe&panels=heap,nope&lang=${lang}&bugs=list-not-closed`);
    const notice = page.getByTestId('query-notice');
    await expect(notice).toContainText('debug=maybe');
    await expect(notice).toContainText('panels=heap,nope');
    await expect(notice).toContainText(lang === 'zh' ? '已忽略' : 'ignored');
    await expect(page.getByTestId('bug-toggle-list-not-closed')).toBeChecked();
    await expect(page.getByTestId('lesson-check')).toHaveAttribute('data-status', 'fail', { timeout: 30_000 });
    await notice.getByRole('button').click();
    await expect(notice).toHaveCount(0);
  });
}

test('a lesson route or page that does not exist says so, in the chosen language', async ({ page }) => {
  await page.goto('/lessons/99-nowhere?lang=en');
  await expect(page.getByRole('alert')).toContainText('There is no lesson "99-nowhere"');
  await page.goto('/lessons/99-nowhere?lang=zh');
  await expect(page.getByRole('alert')).toContainText('没有名为「99-nowhere」的课程');
  await page.goto('/no/such/page?lang=en');
  await expect(page.getByRole('alert')).toContainText('Page not found');
});
