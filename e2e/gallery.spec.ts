// /gallery: every lesson × variant from the metas (found from the lesson folders, as the visual suite finds
// them), each with its expected picture (the committed baseline, served by the build), its bug, its message IDs
// and a link that opens that variant live; in English and Chinese.
import { test, expect } from '@playwright/test';
import { VISUAL_LESSONS } from './visual/variants';

const EXPECTED = VISUAL_LESSONS.flatMap((l) => l.variants.map((v) => `${l.id}/${v.bug}`)).sort();

test('the gallery lists every lesson × variant, its messages and a live link, and every picture loads', async ({
  page,
}) => {
  await page.goto('/gallery?lang=en');
  const items = page.getByTestId('gallery-item');
  await expect(items).toHaveCount(EXPECTED.length);
  const listed = await items.evaluateAll((els) =>
    els.map((e) => `${e.getAttribute('data-lesson')}/${e.getAttribute('data-bug')}`),
  );
  expect(listed.sort()).toEqual(EXPECTED);
  await expect(page.getByTestId('gallery-missing')).toHaveCount(0);

  for (const l of VISUAL_LESSONS) {
    for (const v of l.variants) {
      const item = page.locator(`[data-testid="gallery-item"][data-lesson="${l.id}"][data-bug="${v.bug}"]`);
      await expect(item.getByTestId('gallery-open')).toHaveAttribute(
        'href',
        `/lessons/${l.path}?${v.bug ? `bugs=${v.bug}&` : ''}debug=1`,
      );
      const bug = l.bugs.find((b) => b.id === v.bug);
      for (const m of bug?.messages ?? []) await expect(item.locator(`[data-message="${m}"]`)).toHaveText(m);
      const img = item.getByTestId('gallery-image');
      await img.scrollIntoViewIfNeeded();
      // a picture that loads has a size; a missing file would switch the item to its "no baseline yet" note
      await expect
        .poll(() => img.evaluate((e: HTMLImageElement) => e.complete && e.naturalWidth), {
          message: `${l.path} ${v.name}`,
        })
        .toBeGreaterThan(0);
    }
  }
});

test('the gallery in Chinese, and its link opens the variant live', async ({ page }) => {
  await page.goto('/gallery?lang=zh');
  await expect(page.locator('h1')).toContainText('图库');
  const l = VISUAL_LESSONS.find((x) => x.canvas && x.bugs.length > 0)!;
  const bug = l.bugs[0];
  const item = page.locator(`[data-testid="gallery-item"][data-lesson="${l.id}"][data-bug="${bug.id}"]`);
  await expect(item).toContainText(bug.name.zh);
  await item.getByTestId('gallery-open').click();
  await expect(page).toHaveURL(new RegExp(`/lessons/${l.path}\\?`));
  await expect(page.getByTestId(`bug-toggle-${bug.id}`)).toBeChecked();
});
