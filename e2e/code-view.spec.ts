import { test, expect, type Page } from '@playwright/test';
import { openLesson } from './helpers';

// Issue 13 point 1-2: the lesson code in CodeMirror (highlighting, line numbers, wrap, search, call marks) shown as
// it ran (no bug plumbing; with a bug on, the differing lines as a diff); the shader tabs and the prose highlighted.

/** Every line of the code view, read by scrolling its box (CodeMirror renders only the lines in view). */
async function allLines(page: Page): Promise<Map<number, string>> {
  const rows = await page
    .getByTestId('code-view')
    .locator('.cm-scroller')
    .evaluate(async (box) => {
      const seen: [number, string][] = [];
      const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      for (let top = 0; ; top += box.clientHeight / 2) {
        box.scrollTop = top;
        await frame();
        for (const l of box.querySelectorAll<HTMLElement>('.cm-content > .cm-line[data-line]'))
          seen.push([Number(l.dataset.line), l.textContent ?? '']);
        if (top >= box.scrollHeight) break;
      }
      return seen;
    });
  return new Map(rows);
}

/** Lines whose text runs past the code box (clipped), among those rendered now. */
const clipped = (page: Page) =>
  page
    .getByTestId('code-view')
    .locator('.cm-scroller')
    .evaluate((box) => {
      const out: string[] = [];
      if (box.scrollWidth > box.clientWidth + 1)
        out.push(`box scrolls sideways: ${box.scrollWidth} > ${box.clientWidth}`);
      const right = box.getBoundingClientRect().right;
      for (const l of box.querySelectorAll<HTMLElement>('.cm-line'))
        if (l.getBoundingClientRect().right > right + 1 || l.scrollWidth > l.clientWidth + 1)
          out.push(l.textContent ?? '');
      return out;
    });

for (const lang of ['en', 'zh'] as const) {
  test(`lesson 14 at 1280×720 (${lang}): highlighted, numbered, wrapped code without bug plumbing; the current call marked`, async ({
    page,
  }) => {
    await openLesson(page, '14-texture-states', `debug=1&lang=${lang}`);
    const code = page.getByTestId('code-view');
    await expect(code.locator('.cm-editor')).toBeVisible();
    await expect(code.locator('.cm-lineNumbers .cm-gutterElement').nth(3)).toBeVisible();
    // highlighted: the lines in view carry token classes (properties, names, keywords…); CodeMirror parses in idle
    // time after it shows the text, and it loads after the first check (issue 16), so read until it has
    await expect.poll(() => code.locator('.cm-content [class*="tok-"]').count()).toBeGreaterThan(10);
    const current = page.getByTestId('code-line-current');
    await expect(current).toHaveCount(1);
    await expect(current).toHaveAttribute('aria-current', 'step');
    expect(await clipped(page)).toEqual([]);
    const lines = await allLines(page);
    expect(lines.size).toBeGreaterThan(100);
    const text = [...lines.values()].join('\n');
    expect(text).not.toMatch(/\bbug\(|bugs\.has|BUG missing-barrier/);
    // the statement as it reads, whatever its line breaks (the code is prettier-formatted)
    expect(text.replace(/\s+/g, ' ')).toContain(
      'list.ResourceBarrier({ NumBarriers: 1, Barriers: [Transition(texture, D3D12_RESOURCE_STATE_COPY_DEST',
    );
    expect(await clipped(page)).toEqual([]);
    await expect(code.locator('[data-diff="on"]')).toHaveCount(0);
    await expect(page.getByTestId('code-diff-note')).toHaveCount(0);
  });

  test(`lesson 14 with missing-barrier (${lang}): the code as it ran, the removed barrier shown as a diff`, async ({
    page,
  }) => {
    await openLesson(page, '14-texture-states', `bugs=missing-barrier&debug=1&lang=${lang}`);
    await expect(page.getByTestId('code-diff-note')).toContainText(lang === 'zh' ? '红色' : 'red');
    const code = page.getByTestId('code-view');
    await expect(code).toHaveAttribute('data-diff', 'on');
    const lines = await allLines(page);
    const text = [...lines.values()].join('\n');
    expect(text).not.toMatch(/\bbug\(/);
    expect(text.replace(/\s+/g, ' ')).not.toContain(
      'Transition(texture, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE)],',
    );
    // the barrier that did not run is a removed line; the bug's note an added one
    const removed = code.locator('.cm-deletedChunk');
    await removed.first().scrollIntoViewIfNeeded();
    await expect(removed.first()).toContainText('ResourceBarrier');
    await expect(code.locator('.cm-changedLine').first()).toContainText('BUG missing-barrier');
  });
}

test('search finds text in the code view', async ({ page }) => {
  await openLesson(page, '14-texture-states', 'debug=1');
  await page.getByTestId('code-view-search').click();
  const field = page.getByTestId('code-view').locator('.cm-search input[name="search"]');
  await expect(field).toBeFocused();
  await field.fill('ResourceBarrier');
  await field.press('Enter');
  await expect(page.getByTestId('code-view').locator('.cm-searchMatch').first()).toBeVisible();
});

test('the shader tabs are highlighted as HLSL and WGSL; prose code blocks and tables render through Markdown', async ({
  page,
}) => {
  await openLesson(page, '06-shaders', 'debug=1');
  await expect(page.getByTestId('hlsl-source')).toContainText('float4 PSMain(PSInput input) : SV_TARGET');
  expect(await page.getByTestId('hlsl-source').locator('.tok-typeName, .tok-keyword').count()).toBeGreaterThan(2);
  expect(await page.getByTestId('wgsl-source').locator('.tok-keyword').count()).toBeGreaterThan(2);
  await expect(page.getByTestId('wgsl-source').locator('.tok-meta').first()).toContainText('@');
  const prose = page.getByTestId('lesson-prose');
  const block = prose.locator('pre.md-code[data-lang]').first();
  await expect(block).toBeVisible();
  expect(await block.locator('[class^="tok-"]').count()).toBeGreaterThan(0);
});
