// Lessons 23 and 25 on live WebGPU. 23 (no canvas: graded on the model): correct in en and zh; the GBV-only case
// raises its message only in the GBV launch; the message browser shows every earlier bug's declared messages for
// its variant, filters by severity and category, and its break-on-severity stops the cursor at the call. 25: correct in en and zh, the marker tree in the event list, unnamed-resources
// (check fails, no message, addresses in the capture's object table); a capture saved through the page's download
// and loaded back through the file picker replays to the same pixels (read back), a file edited by hand replays
// the edit (so the pixels come from the file), and bad files (not JSON, wrong version, truncated, 200 MB dropped)
// each get their error while the page keeps its frame and its check.
import { test, expect, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import {
  waitForGpu,
  openLesson,
  frame,
  differingPixels,
  expectCorrectVariant,
  expectBugVariantWithDebugLayer,
  liveLessons,
} from './helpers';
import m23 from '../src/lessons/23-gpu-validation/meta';
import m25 from '../src/lessons/25-capture/meta';

const [L23, L25] = liveLessons([m23, m25]);

async function saveByDownload(page: Page): Promise<Buffer> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('capture-save').click()]);
  expect(download.suggestedFilename()).toMatch(/\.json$/);
  return readFile((await download.path())!);
}

/** Pick a file in the capture tool; resolves when the page has settled again. */
async function pick(page: Page, name: string, buffer: Buffer) {
  await page.getByTestId('capture-file').setInputFiles({ name, mimeType: 'application/json', buffer });
}

async function settled(page: Page, generationBefore: string | null) {
  await expect(page.locator('main.lesson')).not.toHaveAttribute('data-generation', generationBefore ?? '');
  await expect(page.getByTestId('lesson-check')).toHaveAttribute('data-status', /^(pass|fail)$/, { timeout: 30_000 });
  await waitForGpu(page);
}

test.describe('lesson 25: capture', () => {
  for (const lang of ['en', 'zh'] as const) {
    test(`${L25.path}: correct variant passes at level "correct" (${lang}); objects named in the capture`, async ({
      page,
    }) => {
      await expectCorrectVariant(page, L25.path, lang);
      await expect(page.locator('[data-message-id]')).toHaveCount(0);
      await expect(page.getByTestId('capture-objects')).toContainText('triangleVertices');
      await expect(page.getByTestId('capture-tool')).toContainText(
        lang === 'zh' ? '保存这一帧的捕获' : 'Save capture of this frame',
      );
    });
  }

  test('the event list groups the frame by its markers: Frame 0 › Clear, Draw triangle, To PRESENT', async ({
    page,
  }) => {
    await openLesson(page, L25.path, 'debug=1&lang=en&panels=events');
    const panel = page.getByTestId('panel-events');
    const frameGroup = panel.locator('[data-group="marker"]', { hasText: 'Frame 0' });
    await expect(frameGroup).toHaveAttribute('aria-level', '1');
    for (const name of ['Clear', 'Draw triangle', 'To PRESENT'])
      await expect(panel.locator('[data-group="marker"]', { hasText: name })).toHaveAttribute('aria-level', '3');
    await expect(panel.locator('[data-group="list"][aria-level="2"]')).toContainText('frameList');
    // collapsing "Frame 0" hides the calls inside it
    const inside = panel.locator('[data-api="ID3D12GraphicsCommandList::DrawInstanced"]');
    await expect(inside).toHaveCount(1);
    await frameGroup.getByRole('button').click();
    await expect(inside).toHaveCount(0);
  });

  for (const bug of L25.bugs) {
    test(`${L25.path} bug ${bug.id}: check fails, no message either way, addresses where names were, same pixels`, async ({
      page,
    }) => {
      await openLesson(page, L25.path, 'debug=1');
      await waitForGpu(page);
      const reference = await frame(page);
      await expectBugVariantWithDebugLayer(page, L25.path, bug);
      await expect(page.locator('[data-message-id]')).toHaveCount(0);
      const cells = page.getByTestId('capture-objects').locator('tbody tr td:last-child');
      await expect(cells.first()).toHaveText(/^0x[0-9A-F]{16} \(Unnamed ID3D12\w+ Object\)$/);
      for (const t of await cells.allInnerTexts()) expect(t).toMatch(/^0x[0-9A-F]{16} /);
      await expect(page.getByTestId('lesson-check')).toContainText('shown by address only');
      await waitForGpu(page);
      expect(differingPixels(reference, await frame(page))).toBe(0);
      const off = await openLesson(page, L25.path, `bugs=${bug.id}&debug=0`);
      expect(off.status).toBe('fail');
      await expect(page.locator('[data-message-id]')).toHaveCount(0);
    });
  }

  test('a capture saved as a file and picked again replays to the same pixels; an edited file replays the edit', async ({
    page,
  }) => {
    await openLesson(page, L25.path, 'debug=1&lang=en');
    await waitForGpu(page);
    const live = await frame(page);
    const saved = await saveByDownload(page);
    const json = JSON.parse(saved.toString('utf8')) as {
      format: string;
      version: number;
      calls: { api: string; args: { ColorRGBA?: number[] } }[];
      bytes: unknown[];
    };
    expect([json.format, json.version]).toEqual(['d3d12lab-capture', 1]);
    expect(json.bytes.length).toBeGreaterThan(0);

    // the edit first: a green clear colour in the file turns the background green (the pixels come from the file)
    const edited = structuredClone(json);
    edited.calls.find((c) => c.api.endsWith('::ClearRenderTargetView'))!.args.ColorRGBA = [0, 1, 0, 1];
    let gen = await page.locator('main.lesson').getAttribute('data-generation');
    await pick(page, 'edited.json', Buffer.from(JSON.stringify(edited)));
    await settled(page, gen);
    await expect(page.getByTestId('capture-status')).toHaveAttribute('data-state', 'replay');
    await expect(page.getByTestId('capture-status')).toContainText('edited.json');
    await expect
      .poll(async () => (await page.evaluate(() => window.d3d12lab.readPixels(4, 4, 1, 1))).slice(0, 3))
      .toEqual([0, 255, 0]);
    expect(differingPixels(live, await frame(page))).toBeGreaterThan(1000);

    // the file as saved: the same pixels as the live frame, read back
    gen = await page.locator('main.lesson').getAttribute('data-generation');
    await pick(page, 'frame.json', saved);
    await settled(page, gen);
    await expect(page.getByTestId('capture-status')).toContainText('frame.json');
    await expect.poll(async () => differingPixels(live, await frame(page))).toBe(0);
    await expect(page.getByTestId('lesson-check')).toHaveAttribute('data-status', 'pass');

    // back to the code
    gen = await page.locator('main.lesson').getAttribute('data-generation');
    await page.getByTestId('capture-back').click();
    await settled(page, gen);
    await expect(page.getByTestId('capture-status')).toHaveAttribute('data-state', 'live');
  });

  test('bad capture files: each gets a clear error (en and zh) and the page keeps its frame and check', async ({
    page,
  }) => {
    await openLesson(page, L25.path, 'debug=1&lang=en');
    await waitForGpu(page);
    const live = await frame(page);
    const saved = await saveByDownload(page);
    const text = saved.toString('utf8');
    const cases: [string, Buffer, string, RegExp][] = [
      ['notjson.json', Buffer.from('this is not JSON'), 'not-json', /not JSON/],
      [
        'v2.json',
        Buffer.from(text.replace('"version":1', '"version":2')),
        'wrong-version',
        /version 2; this page reads version 1/,
      ],
      ['cut.json', saved.subarray(0, Math.floor(saved.length / 2)), 'truncated', /ends in the middle/],
      ['other.json', Buffer.from('{"hello":"world"}'), 'not-a-capture', /not a D3D12 Lab capture/],
    ];
    for (const [name, buffer, code, message] of cases) {
      await pick(page, name, buffer);
      const error = page.getByTestId('capture-error');
      await expect(error).toHaveAttribute('data-error-code', code);
      await expect(error).toHaveText(message);
      await expect(page.getByTestId('capture-status')).toHaveAttribute('data-state', 'live');
      await expect(page.getByTestId('lesson-check')).toHaveAttribute('data-status', 'pass');
    }
    // 200 MB, dropped: refused by its size before a byte is read
    await page.evaluate(() => {
      const big = new File([new Uint8Array(200 * 1024 * 1024)], 'huge.json', { type: 'application/json' });
      const dt = new DataTransfer();
      dt.items.add(big);
      document
        .querySelector('[data-testid="capture-drop"]')!
        .dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    });
    await expect(page.getByTestId('capture-error')).toHaveAttribute('data-error-code', 'too-large');
    await expect(page.getByTestId('capture-error')).toHaveText(/200 MiB.*It was not read/);
    // nothing else broke: same frame, check still passes, stepping still works
    expect(differingPixels(live, await frame(page))).toBe(0);
    await expect(page.getByTestId('lesson-check')).toHaveAttribute('data-status', 'pass');
    // the same error in Chinese
    await openLesson(page, L25.path, 'debug=1&lang=zh');
    await pick(page, 'v2.json', Buffer.from(text.replace('"version":1', '"version":2')));
    await expect(page.getByTestId('capture-error')).toHaveText(/版本是 2；本页面只能读取版本 1/);
  });
});

test.describe('lesson 23: debug layer and GPU-based validation', () => {
  for (const lang of ['en', 'zh'] as const) {
    test(`${L23.path}: correct variant passes at level "correct" (${lang}); GBV-only message only in the GBV launch`, async ({
      page,
    }) => {
      await expectCorrectVariant(page, L23.path, lang);
      const rows = page.getByTestId('gbv-table').locator('tbody tr');
      await expect(rows.nth(0).locator('td').last()).toHaveText('—');
      await expect(rows.nth(1).locator('td').last()).toContainText('GPU_BASED_VALIDATION_DESCRIPTOR_UNINITIALIZED');
      await expect(page.getByTestId('message-list').locator('[data-message-id]')).toHaveCount(1);
      await expect(
        page.getByTestId('message-list').locator('[data-message-id="GPU_BASED_VALIDATION_DESCRIPTOR_UNINITIALIZED"]'),
      ).toHaveAttribute('data-severity', 'ERROR');
      await expect(page.getByTestId('message-browser')).toContainText(lang === 'zh' ? '消息浏览器' : 'Message browser');
    });
  }

  test('with the debug layer off there is no GBV either: no message, the check fails', async ({ page }) => {
    const off = await openLesson(page, L23.path, 'debug=0&lang=en');
    expect(off.status).toBe('fail');
    await expect(page.locator('[data-message-id]')).toHaveCount(0);
    await expect(page.getByTestId('gbv-table').locator('tbody tr').nth(1).locator('td').last()).toHaveText('—');
  });

  test("the browser: every earlier bug's declared messages appear for its variant", async ({ page }) => {
    await openLesson(page, L23.path, 'debug=1&lang=en');
    const browser = page.getByTestId('message-browser');
    // the browser lists the lessons once their definitions have loaded (on demand): wait for the list, then read it
    const options = page.getByTestId('browser-lesson').locator('option');
    await expect.poll(() => options.evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).toContain('14');
    const lessons = await options.evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(lessons).toContain('04');
    let declaredTotal = 0;
    for (const id of lessons) {
      await page.getByTestId('browser-lesson').selectOption(id);
      await expect(browser).toHaveAttribute('data-lesson', id);
      const bugs = (
        await page
          .getByTestId('browser-bug')
          .locator('option')
          .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))
      ).filter(Boolean);
      for (const bug of bugs) {
        await page.getByTestId('browser-bug').selectOption(bug);
        await expect(browser).toHaveAttribute('data-bug', bug);
        const declared = await browser
          .locator('[data-declared]')
          .evaluateAll((es) => es.map((e) => (e as HTMLElement).dataset.declared ?? ''));
        for (const m of declared) {
          await expect(browser.locator(`[data-declared="${m}"]`), `${id} ${bug}: ${m}`).toHaveAttribute(
            'data-raised',
            'true',
          );
          await expect(
            browser.locator(`[data-testid="browser-message"][data-browser-message-id="${m}"]`).first(),
            `${id} ${bug}: ${m}`,
          ).toBeAttached();
        }
        declaredTotal += declared.length;
      }
    }
    expect(declaredTotal).toBeGreaterThanOrEqual(10);
  });

  test('the browser: severity and category filters; break on ERROR stops the cursor at the call that raised it', async ({
    page,
  }) => {
    await openLesson(page, L23.path, 'debug=1&lang=en');
    await page.getByTestId('browser-lesson').selectOption('14');
    await page.getByTestId('browser-bug').selectOption('missing-barrier');
    const msgs = page.getByTestId('browser-message');
    const errors = msgs.and(page.locator('[data-browser-severity="ERROR"]'));
    const n = await errors.count();
    expect(n).toBeGreaterThan(0);
    await page.getByTestId('browser-sev-ERROR').uncheck();
    await expect(errors).toHaveCount(0);
    await page.getByTestId('browser-sev-ERROR').check();
    await expect(errors).toHaveCount(n);
    const cat = await errors.first().getAttribute('data-browser-category');
    await page.getByTestId('browser-category').selectOption(cat!);
    for (const c of await msgs.evaluateAll((es) => es.map((e) => (e as HTMLElement).dataset.browserCategory)))
      expect(c).toBe(cat);
    await page.getByTestId('browser-category').selectOption('');
    // break on ERROR: the cursor stops at the first ERROR's call, with its API and code line
    const firstCall = await errors.first().getAttribute('data-call');
    await page.getByTestId('browser-break-severity').selectOption('ERROR');
    await expect(page.getByTestId('browser-cursor')).toHaveAttribute('data-call', '-1');
    await page.getByTestId('browser-run').click();
    await expect(page.getByTestId('browser-cursor')).toHaveAttribute('data-call', firstCall!);
    await expect(page.getByTestId('browser-cursor')).toContainText(/Stopped at call \d+: .*line \d+/);
    // …and the same stop on the lesson's own page: its step cursor at that call, the message shown up to it
    await page.getByTestId('browser-open').click();
    await expect(page).toHaveURL(new RegExp(`/lessons/14-texture-states\\?.*step=${firstCall}`));
    await expect(page.getByTestId('step-cursor')).toHaveAttribute('data-cursor', firstCall!);
    await expect(page.getByTestId('message-list').locator('[data-severity="ERROR"]').first()).toBeAttached();
    await page.goBack();
    await expect(page.getByTestId('message-browser')).toBeVisible();
    await page.getByTestId('browser-lesson').selectOption('14');
    // the correct variant has nothing to stop at: the cursor runs to the end
    await page.getByTestId('browser-bug').selectOption('');
    await expect(msgs).toHaveCount(0);
    await page.getByTestId('browser-run').click();
    await expect(page.getByTestId('browser-cursor')).toHaveAttribute('data-ended', 'true');
  });
});

test('lessons 23 and 25 (message browser, capture tool) have no serious accessibility violations', async ({ page }) => {
  for (const path of [L23.path, L25.path]) {
    await openLesson(page, path, 'debug=1&lang=en');
    const { violations } = await new AxeBuilder({ page }).include('.stage').analyze();
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }
});
