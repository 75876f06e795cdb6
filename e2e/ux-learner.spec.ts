// What a learner sees (issue 13): the state panel's two rows (as the list records it / on the queue), the mystery
// quiz, presentation mode, the pages' notices and next steps, progress. In both languages where words show.
import { test, expect, type Page } from '@playwright/test';

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
