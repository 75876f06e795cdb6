// What a learner sees (issue 13): the state panel's two rows (as the list records it / on the queue), the mystery
// quiz, presentation mode, the pages' notices and next steps, progress. In both languages where words show.
import { test, expect, type Page } from '@playwright/test';
import { existsSync, readdirSync } from 'node:fs';

test.describe.configure({ mode: 'parallel' });

async function settled(page: Page) {
  await expect(page.getByTestId('lesson-check')).toHaveAttribute('data-status', /^(pass|fail)$/, { timeout: 30_000 });
}

/** The call index of the first call of `api` in the lesson's exported trace. */
async function firstCallOf(page: Page, api: string): Promise<number> {
  const t = (await page.evaluate(() => window.d3d12lab.exportTrace())) as {
    events: { k: string; i: number; api?: string }[];
  };
  const c = t.events.find((e) => e.k === 'call' && e.api === api);
  if (!c) throw new Error(`no ${api} in the trace`);
  return c.i;
}

const rows = (page: Page) => page.locator('[data-testid=states-table] tr[data-resource]');

async function statesAt(page: Page, path: string, lang: 'en' | 'zh', api: string) {
  await page.goto(`/lessons/${path}?debug=1&lang=${lang}&panels=states`);
  await settled(page);
  const at = await firstCallOf(page, api);
  await page.goto(`/lessons/${path}?debug=1&lang=${lang}&panels=states&step=${at}`);
  await settled(page);
  await expect(page.getByTestId('step-cursor')).toHaveAttribute('data-cursor', String(at));
  await page.getByTestId('table-toggle').click();
  await expect(rows(page).first()).toBeAttached();
  return at;
}

for (const lang of ['en', 'zh'] as const) {
  test(`states: lesson 14's texture reads PIXEL_SHADER_RESOURCE as recorded at the draw, COPY_DEST on the queue (${lang})`, async ({
    page,
  }) => {
    await statesAt(page, '14-texture-states', lang, 'ID3D12GraphicsCommandList::DrawInstanced');
    const tex = rows(page).filter({ has: page.locator('xpath=self::*[@data-recorded-state="PIXEL_SHADER_RESOURCE"]') });
    await expect(tex).toHaveCount(1);
    await expect(tex).toHaveAttribute('data-state', 'COPY_DEST');
    await expect(tex).not.toHaveAttribute('data-recorded-by', 'queue');
    // the chart draws the two rows, told apart in words
    const chart = page.getByTestId('panel-states');
    await expect(chart.locator('[data-rec-state="PIXEL_SHADER_RESOURCE"]').first()).toBeAttached();
    await expect(page.getByTestId('states-rows-legend')).toContainText(
      lang === 'zh' ? '命令列表录制' : 'as the command list records it',
    );
    const id = await tex.getAttribute('data-resource');
    // the step cursor moves both rows: at the end the queue has it too and the list row follows the queue again
    await page.keyboard.press('End');
    const end = rows(page).and(page.locator(`[data-resource="${id}"]`));
    await expect(end).toHaveAttribute('data-state', 'PIXEL_SHADER_RESOURCE');
    await expect(end).toHaveAttribute('data-recorded-by', 'queue');
  });
}

test("states: lesson 04's back buffer shows RENDER_TARGET on the recorded row at the clear", async ({ page }) => {
  await statesAt(page, '04-clear', 'en', 'ID3D12GraphicsCommandList::ClearRenderTargetView');
  const bb = rows(page).and(page.locator('[data-recorded-state="RENDER_TARGET"]'));
  await expect(bb).toHaveCount(1);
  await expect(bb).toHaveAttribute('data-state', 'COMMON');
  await expect(bb).toContainText('D3D12_RESOURCE_STATE_RENDER_TARGET');
});

for (const lang of ['en', 'zh'] as const) {
  test(`quiz: the check and the bug list are hidden while it is open; ≥ 4 bugs plus "nothing is wrong" (${lang})`, async ({
    page,
  }) => {
    // lesson 10 has one bug of its own: the other choices come from earlier lessons
    await page.goto(`/lessons/10-triangle?mystery=q1w2e3&debug=1&lang=${lang}`);
    await settled(page);
    await expect(page.getByTestId('mystery')).toBeVisible();
    await expect(page.getByTestId('lesson-check')).toBeHidden();
    await expect(page.getByTestId('check-hidden')).toBeVisible();
    await expect(page.getByTestId('bug-panel')).toHaveCount(0);
    const choices = page.locator('input[name="mystery-what"]');
    expect(await choices.count()).toBeGreaterThanOrEqual(5);
    const labels = await page.locator('label.choice:has(input[name="mystery-what"])').allInnerTexts();
    expect(labels[labels.length - 1].trim()).toBe(lang === 'zh' ? '没有错误' : 'Nothing is wrong');
    expect(new Set(labels).size).toBe(labels.length);
    // ending the quiz brings the check and the bug list back
    await page.getByTestId('mystery-end').click();
    await expect(page.getByTestId('lesson-check')).toBeVisible();
    await expect(page.getByTestId('check-hidden')).toHaveCount(0);
  });
}

const inView = async (page: Page, sel: string) => {
  const b = await page.locator(sel).first().boundingBox();
  expect(b, sel).not.toBeNull();
  expect(b!.y, sel).toBeGreaterThanOrEqual(0);
  expect(b!.x + b!.width, sel).toBeLessThanOrEqual(1280 + 0.5);
  return b!;
};

for (const lang of ['en', 'zh'] as const) {
  test(`presentation fits 1280×720: title, ≥ 60 code columns, canvas, the link's panels; per link, not sticky (${lang})`, async ({
    browser,
    baseURL,
  }) => {
    const ctx = await browser.newContext({ baseURL, permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await ctx.newPage();
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(`/lessons/14-texture-states?present=1&panels=heap&lang=${lang}`);
    await settled(page);
    await expect(page.getByTestId('presentation-toggle')).toHaveAttribute('aria-pressed', 'true');
    // the page itself does not scroll: everything below is on the one screen
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(720);
    const title = await inView(page, '.topbar .current');
    expect(title.y + title.height).toBeLessThanOrEqual(720);
    const code = await inView(page, '.code .cm-editor');
    expect(code.y + code.height).toBeLessThanOrEqual(720);
    expect(code.height).toBeGreaterThan(150);
    // visible columns: the text area's width over the width of one character of the code font
    const columns = await page.evaluate(() => {
      const content = document.querySelector('.code .cm-content') as HTMLElement;
      const scroller = document.querySelector('.code .cm-scroller') as HTMLElement;
      const gutter = (document.querySelector('.code .cm-gutters') as HTMLElement | null)?.offsetWidth ?? 0;
      const probe = document.createElement('span');
      probe.textContent = 'x'.repeat(100);
      probe.style.font = getComputedStyle(content).font;
      probe.style.position = 'absolute';
      probe.style.whiteSpace = 'pre';
      document.body.append(probe);
      const ch = probe.getBoundingClientRect().width / 100;
      probe.remove();
      return Math.floor((scroller.clientWidth - gutter) / ch);
    });
    expect(columns).toBeGreaterThanOrEqual(60);
    const canvas = await inView(page, 'canvas');
    expect(canvas.y + canvas.height).toBeLessThanOrEqual(720);
    // the link's panel: heap is open and on screen (tab and the panel's head)
    await expect(page.locator('[data-panel-tab][aria-pressed="true"]')).toHaveCount(1);
    await expect(page.locator('[data-panel-tab="heap"]')).toHaveAttribute('aria-pressed', 'true');
    const heap = await inView(page, '[data-testid=panel-heap]');
    expect(heap.y + 60).toBeLessThanOrEqual(720);
    // Copy link keeps presentation and the panels
    await page.getByTestId('copy-link').click();
    const link = await page.getByTestId('share-link').inputValue();
    expect(new URL(link).searchParams.get('present')).toBe('1');
    expect(new URL(link).searchParams.get('panels')).toBe('heap');
    // not sticky: the same lesson without ?present= is the ordinary page
    await page.goto(`/lessons/14-texture-states?lang=${lang}`);
    await settled(page);
    await expect(page.getByTestId('presentation-toggle')).toHaveAttribute('aria-pressed', 'false');
    await expect(page.locator('.app.presentation')).toHaveCount(0);
    await ctx.close();
  });
}

// ---- the zh page has no English left: the check lines and the canvas notes of every live lesson
const LIVE = readdirSync('src/lessons').filter(
  (f) => /^(\d\d|A\d)-/.test(f) && existsSync(`src/lessons/${f}/index.ts`),
);
/** D3D12/WebGPU names that stay as they are in every language (single words that read like English). */
const NAMES = new Set(
  // with the struct fields a check line quotes ("Alignment", "Budget"), as the D3D12 docs spell them
  'Present Map Unmap Close Reset Signal Wait Release Draw Dispatch Copy Clear WebGPU GPU CPU HLSL WGSL DXGI PIX DRED PNG RGBA RGB sRGB KiB MiB ms ns px UV UVs mip Alignment Budget Width Height Format Flags'.split(
    ' ',
  ),
);
/** English left in an element: words that are neither identifiers (CAPS_WITH_UNDERSCORES, CamelCase) nor names. */
async function englishIn(page: Page, sel: string): Promise<string[]> {
  const texts = await page.locator(sel).evaluateAll((els) =>
    els.map((el) => {
      const c = el.cloneNode(true) as HTMLElement;
      c.querySelectorAll('code, [data-no-translate]').forEach((x) => x.remove());
      return c.textContent ?? '';
    }),
  );
  const out: string[] = [];
  for (const t of texts)
    for (const w of t.match(/[A-Za-z][A-Za-z0-9_]*/g) ?? []) {
      if (NAMES.has(w)) continue;
      if (/^[A-Z0-9_]+$/.test(w) && w.length > 1) continue; // COPY_DEST, S_OK, RTV
      if (/^[A-Z]{2,}[a-z]/.test(w)) continue; // RTVFormats, PSOs
      if (/^[A-Z][a-z0-9]+(?:[A-Z][A-Za-z0-9]*)+$/.test(w)) continue; // ExecuteCommandLists
      if (/^(?:ID3D12|IDXGI|D3D|DXGI_|D3D12_)/.test(w)) continue;
      if (/^[a-z]+\d[a-z0-9]*$/.test(w)) continue; // bgra8unorm, rgba8unorm-srgb
      if (w.length < 2) continue;
      out.push(w);
    }
  return out;
}

for (const folder of LIVE) {
  test(`zh: no English in the check and the canvas notes of ${folder}`, async ({ page }) => {
    await page.goto(`/lessons/${folder}?lang=zh&debug=1`);
    await settled(page);
    const left = [
      ...(await englishIn(page, '[data-testid=lesson-check]')),
      ...(await englishIn(page, '[data-testid=canvas-notes]')),
    ];
    expect(left, `${folder}: ${left.join(' ')}`).toEqual([]);
  });
}

for (const lang of ['en', 'zh'] as const) {
  test(`pages (${lang}): unknown ?bugs= is named; a lost-and-recovered device is told; the page ends with what to do next`, async ({
    page,
  }) => {
    await page.goto(`/lessons/14-texture-states?bugs=no-such-bug&lang=${lang}`);
    await settled(page);
    await expect(page.getByTestId('unknown-bugs')).toBeVisible();
    await expect(page.getByTestId('unknown-bugs')).toContainText('no-such-bug');
    await expect(page.getByTestId('unknown-bugs')).toContainText('missing-barrier');
    // what to do next, at the end of the page: the next lesson and the lessons the text mentions, linked
    const next = page.getByTestId('next-steps');
    await expect(next.locator('[data-next="next"] a')).toHaveAttribute('href', '/lessons/15-srv-heap');
    await expect(next.locator('[data-next="mentioned"][data-lesson-link="13"] a')).toHaveAttribute(
      'href',
      '/lessons/13-upload-copy',
    );
    await expect(next.locator('[data-lesson-link="19"]')).toHaveCount(1);
    // nothing after it: it ends the page (what is below its bottom is only its own margin)
    const last = await page.evaluate(() => {
      const nav = document.querySelector('[data-testid=next-steps]')!;
      return document.documentElement.scrollHeight - (nav.getBoundingClientRect().bottom + window.scrollY) < 60;
    });
    expect(last).toBe(true);
    await next.locator('[data-next="next"] a').click();
    await expect(page).toHaveURL(/\/lessons\/15-srv-heap/);
    await settled(page);
    // the device goes and comes back: a notice the learner sees on the lesson page
    expect(await page.evaluate(() => window.d3d12lab.loseDevice())).toBe(true);
    const notice = page.getByTestId('gpu-recovered-notice');
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(lang === 'zh' ? 'GPU' : 'GPU');
    await expect(page.getByTestId('webgpu-status')).toHaveAttribute('data-status', 'ok');
  });

  test(`not found (${lang}): says so, links home and to the nearest lesson`, async ({ page }) => {
    await page.goto(`/lessons/texture-statez?lang=${lang}`);
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page.getByTestId('not-found-home')).toHaveAttribute('href', '/');
    await expect(page.getByTestId('not-found-nearest')).toHaveAttribute('href', '/lessons/14-texture-states');
    await page.goto(`/no/such/page?lang=${lang}`);
    await expect(page.getByTestId('not-found')).toContainText(lang === 'zh' ? '页面不存在' : 'Page not found');
    await expect(page.getByTestId('not-found-home')).toHaveAttribute('href', '/');
    await expect(page.getByTestId('not-found-nearest')).toHaveAttribute('href', /^\/lessons\//);
    await page.goto(`/lessons/fences?lang=${lang}`);
    await page.getByTestId('not-found-nearest').click();
    await expect(page).toHaveURL(/\/lessons\/20-fences/);
  });
}

for (const lang of ['en', 'zh'] as const) {
  test(`progress (${lang}): the home page marks lessons brought to correct and offers to continue; corrupt data is reset and said`, async ({
    page,
  }) => {
    await page.goto(`/?lang=${lang}`);
    await expect(page.getByTestId('continue-link')).toHaveAttribute('data-lesson-link', '01');
    await expect(page.locator('.lesson-list li[data-done]')).toHaveCount(0);
    // lesson 04's correct variant passes: marked
    await page.goto(`/lessons/04-clear?debug=1&lang=${lang}`);
    await settled(page);
    await expect(page.getByTestId('lesson-check')).toHaveAttribute('data-level', 'correct');
    // lesson 14 with a bug: opened (so it is where to continue) but not marked
    await page.goto(`/lessons/14-texture-states?bugs=missing-barrier&debug=1&lang=${lang}`);
    await settled(page);
    await page.goto(`/?lang=${lang}`);
    await expect(page.locator('.lesson-list li[data-done]')).toHaveCount(1);
    await expect(page.locator('.lesson-list li[data-lesson="04"]')).toHaveAttribute('data-done', 'true');
    await expect(page.locator('.lesson-list li[data-lesson="04"] .done')).toHaveText(/✔/);
    await expect(page.getByTestId('continue')).toContainText(
      lang === 'zh' ? '从上次离开的地方继续' : 'Continue where you left off',
    );
    await page.getByTestId('continue-link').click();
    await expect(page).toHaveURL(/\/lessons\/14-texture-states/);
    // the link opens lesson 14 as it is meant to run: once its check passes, it is marked too (waited for: navigating
    // away first made the count depend on how fast the check settled)
    await settled(page);
    await expect(page.getByTestId('lesson-check')).toHaveAttribute('data-level', 'correct');
    // kept across a reload; corrupt saved data: reset, kept aside, and said
    await page.goto(`/?lang=${lang}`);
    await expect(page.locator('.lesson-list li[data-done]')).toHaveCount(2);
    await expect(page.locator('.lesson-list li[data-lesson="14"]')).toHaveAttribute('data-done', 'true');
    await page.evaluate(() => localStorage.setItem('d3d12lab.progress', '{"version":1,"state":'));
    await page.reload();
    await expect(page.getByTestId('progress-corrupt')).toBeVisible();
    await expect(page.locator('.lesson-list li[data-done]')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('d3d12lab.progress.corrupt'))).toBe('{"version":1,"state":');
  });
}

for (const lang of ['en', 'zh'] as const) {
  test(`helper calls (${lang}): a call made in common/*.ts shows "in <helper>, common/<file>:<line>" and opens that code`, async ({
    page,
  }) => {
    await page.goto(`/lessons/14-texture-states?lang=${lang}`);
    await settled(page);
    const dev = await firstCallOf(page, 'D3D12CreateDevice');
    await page.goto(`/lessons/14-texture-states?lang=${lang}&step=${dev}`);
    await settled(page);
    const stack = page.getByTestId('call-stack');
    await expect(stack).toHaveAttribute('data-helper', 'createRingDevice');
    await expect(stack).toHaveAttribute('data-where', /^common\/frame\.ts:\d+$/);
    const where = (await stack.getAttribute('data-where'))!;
    await expect(page.getByTestId('call-stack-link')).toHaveText(
      lang === 'zh' ? `位于 createRingDevice，${where}` : `in createRingDevice, ${where}`,
    );
    // the lesson's own code marks the line that called the helper, not a stale or wrong one
    await expect(page.getByTestId('code-line-current')).toHaveCount(1);
    await expect(page.getByTestId('code-line-current')).toContainText('createFrame(');
    // click: the helper's code, its line marked
    await page.getByTestId('call-stack-link').click();
    const helper = page.getByTestId('helper-code');
    await expect(helper).toBeVisible();
    await expect(helper).toContainText('export function createRingDevice');
    // a call of the lesson's own: no call-stack line
    const draw = await firstCallOf(page, 'ID3D12GraphicsCommandList::DrawInstanced');
    await page.goto(`/lessons/14-texture-states?lang=${lang}&step=${draw}`);
    await settled(page);
    await expect(page.getByTestId('call-stack')).toHaveCount(0);
  });
}
