// The instructor features: a link reproduces the screen, presentation mode, the mystery-bug quiz, the keys.
// Few page loads on purpose: SwiftShader renders on the CPU, so each test does several checks per load.
import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { NO_BUG, pickMystery } from '../src/ui/lesson/instructor/mystery';
import { DEFAULT_PANELS, PANEL_NAMES } from '../src/lessons/panels';
import m04 from '../src/lessons/04-clear/meta';
import m08 from '../src/lessons/08-vertex-buffer/meta';
import m10 from '../src/lessons/10-triangle/meta';

test.describe.configure({ mode: 'parallel' });

const L04 = m04.bugs.map((b) => b.id);
const nameOf = (id: string) => m04.bugs.find((b) => b.id === id)!.name.en;

/** The quiz's radio for a bug, found by the name a learner reads (the choices' order is the seed's). */
const choice = (page: Page, name: string) =>
  page.locator('label.choice', { hasText: name }).locator('input[name="mystery-what"]');

/** The first seed whose mystery for this lesson is `want`: computed, so the test never reads it off the page. */
function seedFor(lessonId: string, ids: string[], want: string): string {
  for (let i = 0; ; i++) if (pickMystery(`t${i}`, lessonId, ids) === want) return `t${i}`;
}

async function settled(page: Page) {
  await expect(page.getByTestId('lesson-check')).toHaveAttribute('data-status', /^(pass|fail)$/, { timeout: 30_000 });
}

const pressedTabs = (page: Page) =>
  page
    .locator('[data-panel-tab][aria-pressed="true"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-panel-tab')));

async function seriousA11y(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('copy link → a fresh browser opens the same lesson, step, bugs, debug layer, language and panels', async ({
  browser,
  baseURL,
}) => {
  const ctx = await browser.newContext({ baseURL, permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await ctx.newPage();
  await page.goto('/lessons/04-clear?bugs=no-present-barrier&debug=0&lang=zh&step=6');
  await settled(page);
  await expect(page.getByTestId('step-cursor')).toHaveAttribute('data-cursor', '6');
  await page.locator('[data-panel-tab="heap"]').click();
  await page.locator('[data-panel-tab="log"]').click();
  await expect.poll(() => pressedTabs(page)).toEqual(['heap', 'states']);
  await page.getByTestId('copy-link').click();
  const link = await page.getByTestId('share-link').inputValue();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  expect(link).toMatch(/\/lessons\/04-clear\?/);
  await ctx.close();

  // a fresh context: no saved preferences, so everything comes from the link
  const fresh = await browser.newContext({ baseURL });
  const other = await fresh.newPage();
  await other.goto(link);
  await settled(other);
  await expect(other.getByTestId('step-cursor')).toHaveAttribute('data-cursor', '6');
  await expect(other.getByTestId('bug-toggle-no-present-barrier')).toBeChecked();
  await expect(other.getByTestId('bug-toggle-list-not-closed')).not.toBeChecked();
  await expect(other.getByTestId('debug-layer-toggle')).toHaveAttribute('aria-pressed', 'false');
  await expect(other.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect.poll(() => pressedTabs(other)).toEqual(['heap', 'states']);
  await fresh.close();
});

test("presentation mode: larger type, only the lesson's declared panels; p and ?present=1 toggle it (through the link), and a reload keeps it", async ({
  page,
}) => {
  await page.goto('/lessons/08-vertex-buffer?present=1');
  await settled(page);
  const fontSize = () => page.locator('main').evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  const codeSize = () => page.locator('.step-controls').evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  expect(await fontSize()).toBeGreaterThanOrEqual(19);
  expect(await codeSize()).toBeGreaterThanOrEqual(19);
  await expect(page.getByTestId('presentation-toggle')).toHaveAttribute('aria-pressed', 'true');
  // lesson 08's meta declares its panels: those are open (in display order), and their tabs are the only ones shown
  await expect.poll(() => pressedTabs(page)).toEqual(PANEL_NAMES.filter((p) => (m08.panels as string[]).includes(p)));
  await expect(page.locator('[data-panel-tab]:visible')).toHaveCount(m08.panels.length);
  expect(await seriousA11y(page)).toEqual([]);

  await page.reload();
  await settled(page);
  await expect(page.getByTestId('presentation-toggle')).toHaveAttribute('aria-pressed', 'true');

  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('p');
  await expect(page.getByTestId('presentation-toggle')).toHaveAttribute('aria-pressed', 'false');
  expect(await fontSize()).toBeLessThan(19);
  await expect(page.locator('[data-panel-tab]:visible')).toHaveCount(PANEL_NAMES.length);
  await expect.poll(() => pressedTabs(page)).toEqual([...DEFAULT_PANELS]);
  await page.keyboard.press('p');
  await expect(page.getByTestId('presentation-toggle')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('presentation-toggle').click();
  await expect(page.getByTestId('presentation-toggle')).toHaveAttribute('aria-pressed', 'false');
});

test("mystery: the seeded bug's symptom shows, nothing names it (only a choice among the lesson's bugs); wrong then right answers are graded", async ({
  page,
}) => {
  const bug = 'list-not-closed';
  const seed = seedFor('04', L04, bug);
  await page.goto(`/lessons/04-clear?mystery=${seed}&debug=1`);
  await settled(page);
  const quiz = page.getByTestId('mystery');
  // the symptom: the check fails below "correct" and the bug's debug-layer message is there
  await expect(page.getByTestId('lesson-check')).toHaveAttribute('data-status', 'fail');
  await expect(page.getByTestId('lesson-check')).not.toHaveAttribute('data-level', 'correct');
  await expect(page.locator('[data-message-id="EXECUTECOMMANDLISTS_OPENCOMMANDLIST"]').first()).toBeAttached();
  // but nothing names it: no bug panel, no code with its switch, no ID in the DOM or URL
  await expect(page.getByTestId('bug-panel')).toHaveCount(0);
  await expect(page.getByTestId('bugs-locked')).toBeVisible();
  await expect(page.getByTestId('code-hidden')).toBeVisible();
  expect(await page.content()).not.toContain(bug);
  expect(page.url()).not.toContain(bug);
  // its name is on the page once: as one of the choices, marked no differently from the others
  const name = (await choice(page, nameOf(bug)).locator('..').innerText()).trim();
  expect(name.length).toBeGreaterThan(5);
  expect(await page.evaluate((n) => document.body.innerText.split(n).length - 1, name)).toBe(1);
  await expect(quiz).not.toHaveAttribute('data-grade', /./);
  expect(await seriousA11y(page)).toEqual([]);

  // a wrong answer (another bug of the lesson) is graded wrong, and the reveal names the real one
  await choice(page, nameOf('cpu-handle-mixup')).check();
  await page.getByTestId('mystery-evidence-message').check();
  await page.getByTestId('mystery-answer').click();
  await expect(quiz).toHaveAttribute('data-grade', 'wrong');
  await expect(page.getByTestId('mystery-reveal')).toContainText(bug);
  await expect(page.getByTestId('mystery-where')).toHaveAttribute('data-where', /message/);
  await expect(quiz).toHaveAttribute('data-evidence-grade', 'correct');

  // the same link again (a classmate): the right answer is graded correct
  await page.reload();
  await settled(page);
  await expect(quiz).not.toHaveAttribute('data-grade', /./);
  await choice(page, nameOf(bug)).check();
  await page.getByTestId('mystery-answer').click();
  await expect(quiz).toHaveAttribute('data-grade', 'correct');
  // ending the mystery brings the bug panel and the code back
  await page.getByTestId('mystery-end').click();
  await expect(page).not.toHaveURL(/mystery=/);
  await expect(page.getByTestId('bug-panel')).toBeVisible();
  await expect(page.getByTestId('code-view')).toBeVisible();
});

test('mystery: the button starts one; in a one-bug lesson "nothing is wrong" can be the answer, and another seed is another mystery', async ({
  page,
}) => {
  // the toolbar button: a fresh seed in the URL, the instructor's ?bugs= gone
  await page.goto('/lessons/10-triangle?bugs=cull-mode-flip');
  await settled(page);
  await page.getByTestId('mystery-start').click();
  await expect(page).toHaveURL(/mystery=[0-9a-z]{6}/);
  await expect(page).not.toHaveURL(/bugs=/);
  await expect(page.getByTestId('mystery')).toBeVisible();

  const seed = seedFor('10', ['cull-mode-flip'], NO_BUG);
  await page.goto(`/lessons/10-triangle?mystery=${seed}&bugs=cull-mode-flip`);
  await settled(page);
  // ?bugs= beside a mystery is ignored (and the mystery here is "no bug"): the lesson passes
  await expect(page.getByTestId('lesson-check')).toHaveAttribute('data-status', 'pass');
  await choice(page, m10.bugs[0].name.en).check();
  await page.getByTestId('mystery-answer').click();
  await expect(page.getByTestId('mystery')).toHaveAttribute('data-grade', 'wrong');
  await page.getByTestId('mystery-another').click();
  await expect(page).toHaveURL(/mystery=[0-9a-z]{6}/);
  await expect(page).not.toHaveURL(/bugs=/);
  await settled(page);
  // "nothing is wrong" is always the last choice
  await page.locator('input[name="mystery-what"]').last().check();
  await page.getByTestId('mystery-answer').click();
  const truth = pickMystery(new URL(page.url()).searchParams.get('mystery')!, '10', ['cull-mode-flip']);
  await expect(page.getByTestId('mystery')).toHaveAttribute('data-grade', truth === NO_BUG ? 'correct' : 'wrong');
});

test('keys: b toggles the bug panel and focuses it, ? opens a focus-trapped help that Esc closes, step keys still work, typing is ignored', async ({
  page,
}) => {
  await page.goto('/lessons/04-clear?debug=1');
  await settled(page);
  await page.locator('body').click({ position: { x: 5, y: 700 } });
  await page.keyboard.press('b');
  await expect(page.getByTestId('bug-panel')).toBeHidden();
  await expect(page.getByTestId('bugs-region')).toBeFocused();
  await page.keyboard.press('b');
  await expect(page.getByTestId('bug-panel')).toBeVisible();
  await expect(page.getByTestId('bugs-region')).toBeFocused();

  await page.keyboard.press('?');
  const help = page.getByTestId('key-help');
  await expect(help).toBeVisible();
  await expect(help).toContainText('Presentation mode');
  await expect(page.getByTestId('key-help-close')).toBeFocused();
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press('Tab');
    expect(await help.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
  await expect(page.getByTestId('bugs-region')).toBeFocused();

  // the existing keys: ← steps back, End runs to the end, d toggles the debug layer
  const cursor = page.getByTestId('step-cursor');
  const last = await cursor.getAttribute('data-last');
  await expect(cursor).toHaveAttribute('data-cursor', last ?? '');
  await page.keyboard.press('ArrowLeft');
  await expect(cursor).not.toHaveAttribute('data-cursor', last ?? '');
  await page.keyboard.press('End');
  await expect(cursor).toHaveAttribute('data-cursor', last ?? '');
  await expect(page).not.toHaveURL(/step=/);
  await page.keyboard.press('d');
  await expect(page.getByTestId('debug-layer-toggle')).toHaveAttribute('aria-pressed', 'false');
  // the link's ?debug=1 follows (else the next query change would switch the layer back on)
  await expect(page).toHaveURL(/debug=0/);
  await page.keyboard.press('ArrowLeft');
  await expect(page).toHaveURL(/step=\d+/);
  await expect(page.getByTestId('debug-layer-toggle')).toHaveAttribute('aria-pressed', 'false');

  // typing in a text field is not a shortcut
  await page.getByTestId('copy-link').click();
  await page.getByTestId('share-link').focus();
  await page.keyboard.press('p');
  await page.keyboard.press('b');
  await expect(page.getByTestId('presentation-toggle')).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('bug-panel')).toBeVisible();
});
