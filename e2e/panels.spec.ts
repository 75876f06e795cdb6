// The debugger panels in the browser, on /bench/panels with the lesson-sized trace the model produces
// (src/ui/panels/traces.ts: an upload, a forgotten barrier -> INVALID_SUBRESOURCE_STATE, the fix in two steps, two
// aliasing transients, a fence with a timed-out wait). Everything is checked through data attributes, as a
// lesson's e2e would.

import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { PANEL_NAMES } from '../src/lessons/panels';

const ALL = `/bench/panels?panels=${PANEL_NAMES.join(',')}`;

async function open(page: Page, url = ALL) {
  await page.goto(url);
  await expect(page.getByTestId('debugger-panels')).toBeVisible();
  // the bench page's API appears once every open panel has rendered (PanelSlot.tsx: those out of sight of a dense
  // trace render after the first paint); a test that steps the cursor at once would race it
  await page.waitForFunction(() => !!window.__panelsBench);
  return Number(await page.getByTestId('debugger-panels').getAttribute('data-max-call'));
}

test('panels show resources, states, barriers, fence values and messages', async ({ page }) => {
  const max = await open(page);
  await expect(page.getByTestId('cursor-label')).toHaveText(`call ${max} / ${max}`);
  // heap timeline: the two placed resources alias, with an aliasing barrier
  await expect(page.locator('[data-testid=heap-chart] [data-alias]')).toHaveCount(1);
  await expect(page.locator('[data-testid=heap-chart] [data-barrier="aliasing"]')).toHaveCount(1);
  // resource states: texture ends in PIXEL_SHADER_RESOURCE after two transitions; blur temp B is promoted by its
  // first copy, the vertex buffer decays back to COMMON
  await expect(page.locator('[data-testid=states-chart] [data-state="PIXEL_SHADER_RESOURCE"]').first()).toBeAttached();
  await expect(page.locator('[data-testid=states-chart] [data-barrier="transition"]')).toHaveCount(2);
  await expect(page.locator('[data-testid=states-chart] [data-barrier="promotion"]')).toHaveCount(1);
  await expect(page.locator('[data-testid=states-chart] [data-barrier="decay"]')).toHaveCount(1);
  // fences: completed 4 of 4, one timed-out wait
  await expect(page.locator('.fence-summary [data-fence]')).toHaveAttribute('data-fence-completed', '4');
  await expect(page.locator('[data-testid=fences-chart] [data-timeout]')).toHaveCount(1);
  // debug log
  await expect(page.locator('[data-message-id="INVALID_SUBRESOURCE_STATE"][data-severity="ERROR"]')).toHaveCount(1);
  await expect(page.locator('[data-message-id="RESOURCE_BARRIER_ZERO_BARRIERS"][data-severity="WARNING"]')).toHaveCount(
    1,
  );
  await expect(page.locator('[data-panel-tab="log"]')).toHaveAttribute('data-errors', '1');
  // descriptors: SRV of the texture in slot 0, two free slots
  await expect(page.locator('[data-testid=panel-descriptors] [data-slot="0"]')).toHaveAttribute('data-view', 'SRV');
  await expect(page.locator('[data-testid=panel-descriptors] [data-slot-status="free"]')).toHaveCount(2);
  // events: the marker group from BeginEvent/EndEvent (the list is windowed around the cursor: go to the upload)
  await page.evaluate(() => window.__panelsBench!.setCursor(5));
  await expect(page.locator('[data-testid=panel-events] [data-group="marker"]').first()).toContainText(
    'upload texture',
  );
});

test('scrubbing rewinds every panel', async ({ page }) => {
  const max = await open(page);
  const range = page.getByTestId('cursor-range');
  await range.focus();
  await page.keyboard.press('Home');
  await expect(page.getByTestId('cursor-label')).toHaveText(`call 0 / ${max}`);
  await expect(page.locator('[data-message-id]')).toHaveCount(0);
  await expect(page.locator('[data-testid=heap-chart] [data-alias]')).toHaveCount(0);
  // step forward with the arrow key until the first error appears
  await page.keyboard.press('End');
  await expect(page.locator('[data-message-id]')).toHaveCount(2);
  const errCall = Number(await page.locator('[data-message-id="INVALID_SUBRESOURCE_STATE"]').getAttribute('data-call'));
  await page.keyboard.press('Home');
  await page.getByTestId('break-next').click();
  await expect(page.getByTestId('cursor-label')).toHaveText(`call ${errCall} / ${max}`);
  await expect(page.getByTestId('bench-breaks')).toHaveText(String(errCall));
  await expect(page.locator('[data-message-id]')).toHaveCount(1);
  await range.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('cursor-label')).toHaveText(`call ${errCall - 1} / ${max}`);
  await expect(page.locator('[data-message-id]')).toHaveCount(0);
});

test('selecting a resource in one panel highlights it in the others', async ({ page }) => {
  await open(page);
  const texture = await page
    .locator('[data-testid=states-chart] [data-state="COPY_DEST"]')
    .first()
    .getAttribute('data-resource');
  await page.locator(`[data-testid=heap-chart] [data-resource="${texture}"]`).first().click();
  await expect(page.getByTestId('bench-selection')).toHaveText(`resource ${texture}`);
  await expect(
    page.locator(`[data-testid=heap-chart] [data-resource="${texture}"][data-selected=true]`).first(),
  ).toBeAttached();
  await expect(
    page.locator(`[data-testid=states-chart] [data-resource="${texture}"][data-selected=true]`).first(),
  ).toBeAttached();
  await expect(page.locator(`[data-testid=panel-descriptors] .hl[data-resource="${texture}"]`)).toHaveCount(1);
  // a message selects itself, and its call moves the cursor
  await page.locator('[data-message-id="INVALID_SUBRESOURCE_STATE"] .msg-id').click();
  await expect(page.getByTestId('bench-selection')).toHaveText('message 0');
  await expect(page.locator('[data-testid=states-chart] [data-pin-message-id][data-selected=true]')).toHaveCount(1);
});

test('export: Perfetto trace-event JSON, and a panel as SVG', async ({ page }) => {
  await open(page);
  const [dl] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-trace').click()]);
  const json = JSON.parse(readFileSync(await dl.path(), 'utf8'));
  expect(Array.isArray(json.traceEvents)).toBe(true);
  expect(json.traceEvents.length).toBeGreaterThan(50);
  for (const e of json.traceEvents) {
    expect(typeof e.ph).toBe('string');
    expect(typeof e.pid).toBe('number');
    if (e.ph !== 'M' && e.ph !== 'C') {
      expect(typeof e.ts).toBe('number');
      expect(typeof e.tid).toBe('number');
    }
  }
  expect(
    json.traceEvents.some(
      (e: { ph: string; name: string }) => e.ph === 'X' && e.name.startsWith('ExecuteCommandLists'),
    ),
  ).toBe(true);
  const [svg] = await Promise.all([page.waitForEvent('download'), page.getByTestId('heap-export-svg').click()]);
  expect(readFileSync(await svg.path(), 'utf8')).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  const [png] = await Promise.all([page.waitForEvent('download'), page.getByTestId('states-export-png').click()]);
  expect(
    readFileSync(await png.path())
      .subarray(1, 4)
      .toString(),
  ).toBe('PNG');
});

test('zoom by keyboard and brush changes the visible range', async ({ page }) => {
  await open(page, '/bench/panels?panels=states');
  await expect(page.getByTestId('states-domain')).toContainText('whole trace');
  await page.locator('[data-testid=panel-states] .chart-scroll').focus();
  await page.keyboard.press('+');
  await expect(page.getByTestId('states-domain')).toContainText('call');
  await page.keyboard.press('0');
  await expect(page.getByTestId('states-domain')).toContainText('whole trace');
});

test('a 20,000-event trace is drawn on canvas and stays responsive', async ({ page }) => {
  const max = await open(page, '/bench/panels?events=20000&panels=heap,states,fences');
  await expect(page.locator('[data-testid=heap-chart]')).toHaveAttribute('data-renderer', 'canvas');
  const r = await page.evaluate(() => window.__panelsBench!.scrub(10));
  expect(r.msPerFrame).toHaveLength(10);
  // the sweep crosses the whole trace: both ends and the middle
  expect(r.steps.map(Number)).toEqual(expect.arrayContaining([0, max]));
});

test('scrubbing a dense trace moves the cursor layer and rewinds the readouts', async ({ page }) => {
  const max = await open(page, '/bench/panels?events=20000&panels=heap,states,fences');
  const marks = await page.locator('[data-testid=heap-chart]').getAttribute('data-marks');
  const completedAtEnd = Number(
    await page.locator('.fence-summary [data-fence]').first().getAttribute('data-fence-completed'),
  );
  expect(completedAtEnd).toBeGreaterThan(10);
  for (const id of ['heap', 'states', 'fences'])
    await expect(page.getByTestId(`${id}-cursor`)).toHaveAttribute('data-cursor', String(max));
  await page.evaluate(() => window.__panelsBench!.setCursor(0));
  for (const id of ['heap', 'states', 'fences'])
    await expect(page.getByTestId(`${id}-cursor`)).toHaveAttribute('data-cursor', '0');
  await expect(page.locator('.fence-summary [data-fence]').first()).toHaveAttribute('data-fence-completed', '0');
  await expect(page.locator('[data-testid=fences-cursor] [data-fence-completed]').first()).toHaveAttribute(
    'data-fence-completed',
    '0',
  );
  const mid = Math.round(max / 2);
  await page.evaluate((n) => window.__panelsBench!.setCursor(n), mid);
  // the fence panel may be out of sight (PanelSlot.tsx): it catches up once the cursor rests
  const fenceSummary = async () =>
    Number(await page.locator('.fence-summary [data-fence]').first().getAttribute('data-fence-completed'));
  await expect.poll(fenceSummary).toBeGreaterThan(0);
  const completedMid = await fenceSummary();
  expect(completedMid).toBeLessThan(completedAtEnd);
  await expect(page.locator('[data-testid=fences-cursor] [data-fence-completed]').first()).toHaveAttribute(
    'data-fence-completed',
    String(completedMid),
  );
  // the chart itself was laid out once: scrubbing did not change its marks
  await expect(page.locator('[data-testid=heap-chart]')).toHaveAttribute('data-marks', marks!);
  // the state table follows the cursor: the first resource's state at the end, nothing before it was created
  await page.getByTestId('table-toggle').click();
  const first = page.locator('[data-testid=states-table] tr[data-resource]').first();
  await page.evaluate((n) => window.__panelsBench!.setCursor(n), max);
  await expect(first).toHaveAttribute('data-state', /^[A-Z_]+$/);
  await page.evaluate(() => window.__panelsBench!.setCursor(0));
  await expect(first).toHaveAttribute('data-state', '');
});

test('over a dense trace a panel out of sight catches up when the cursor rests; one in sight follows every step', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const max = await open(page, '/bench/panels?events=20000&panels=heap,states,fences');
  await page.waitForFunction(() => !!window.__panelsBench);
  // every open panel has rendered by the time the bench API appears, those out of sight too
  await expect(page.locator('[data-panel-pending]')).toHaveCount(0);
  const heapSlot = page.locator('.panel-slot[data-panel=heap]');
  const fenceSlot = page.locator('.panel-slot[data-panel=fences]');
  await expect(heapSlot).toHaveAttribute('data-live', 'true');
  await expect(fenceSlot).toHaveAttribute('data-live', 'false');
  const readouts = () =>
    page.evaluate(() => ({
      heap: document.querySelector('[data-testid=heap-cursor]')?.getAttribute('data-cursor'),
      fences: document.querySelector('[data-testid=fences-cursor]')?.getAttribute('data-cursor'),
    }));
  // one step, read in the same task: the panel in sight has followed, the one out of sight still shows the end
  const first = await page.evaluate(() => {
    window.__panelsBench!.setCursor(0);
    return {
      heap: document.querySelector('[data-testid=heap-cursor]')?.getAttribute('data-cursor'),
      fences: document.querySelector('[data-testid=fences-cursor]')?.getAttribute('data-cursor'),
    };
  });
  expect(first).toEqual({ heap: '0', fences: String(max) });
  // the cursor rests: the fence panel catches up
  await expect.poll(async () => (await readouts()).fences).toBe('0');
  // scrolled into sight it follows every step again
  await fenceSlot.scrollIntoViewIfNeeded();
  await expect(fenceSlot).toHaveAttribute('data-live', 'true');
  const mid = Math.round(max / 2);
  const second = await page.evaluate((n) => {
    window.__panelsBench!.setCursor(n);
    return document.querySelector('[data-testid=fences-cursor]')?.getAttribute('data-cursor');
  }, mid);
  expect(second).toBe(String(mid));
});

test('over a dense trace the panels in view at the first paint are the ones rendered before it, judged where they end up', async ({
  page,
}) => {
  // placeholders are shorter than the heap and state panels: judged on them, the fence panel looked in view at
  // 1280x900 and was laid out before the first paint, ~900 px below the fold
  for (const height of [900, 1900]) {
    await page.setViewportSize({ width: 1280, height });
    await open(page, '/bench/panels?events=20000&panels=heap,states,fences,log');
    const firstPaint = await page.evaluate(() => window.__panelsBench!.firstPaint);
    // where each panel is once all have rendered (the page is not scrolled), within the slot's view margin (200 px)
    const inView = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.panel-slot')]
        .filter((el) => el.getBoundingClientRect().top < window.innerHeight + 200)
        .map((el) => el.dataset.panel),
    );
    expect(inView.slice(0, 2)).toEqual(['heap', 'states']);
    expect(inView.includes('fences')).toBe(height > 900);
    expect(firstPaint).toEqual(inView);
  }
});

test('a panel out of sight follows a step after a rest at once, and quick steps once they stop', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const max = await open(page);
  await page.waitForFunction(() => !!window.__panelsBench);
  // a lesson-sized trace: every panel rendered at mount, the event list (the last panel) far below the fold
  await expect(page.locator('[data-panel-pending]')).toHaveCount(0);
  expect((await page.locator('.panel-slot[data-panel=events]').boundingBox())!.y).toBeGreaterThan(720 + 400);
  const current = () =>
    page.evaluate(() =>
      document.querySelector('[data-testid=panel-events] li[aria-current=step]')?.getAttribute('data-call'),
    );
  await page.waitForTimeout(300);
  // one step after a rest: the panel out of sight has followed when the step returns
  // (steps near the end: a lesson-sized trace's charts are laid out at the cursor, and early steps shrink them enough
  // to bring the event list into view)
  const single = await page.evaluate((n) => {
    window.__panelsBench!.setCursor(n);
    return document.querySelector('[data-testid=panel-events] li[aria-current=step]')?.getAttribute('data-call');
  }, max - 3);
  expect(single).toBe(String(max - 3));
  await page.waitForTimeout(300);
  // two steps 20 ms apart (a player, a drag): the second is not drawn out of sight until the cursor rests
  const quick = await page.evaluate(async (n) => {
    const read = () =>
      document.querySelector('[data-testid=panel-events] li[aria-current=step]')?.getAttribute('data-call');
    window.__panelsBench!.setCursor(n);
    const first = read();
    await new Promise((r) => setTimeout(r, 20));
    window.__panelsBench!.setCursor(n + 1);
    return [first, read(), document.querySelector('.panel-slot[data-panel=events]')?.getAttribute('data-live')];
  }, max - 2);
  expect(quick).toEqual([String(max - 2), String(max - 2), 'false']);
  await expect.poll(current).toBe(String(max - 1));
  await expect(page.locator('.panel-slot[data-panel=events]')).toHaveAttribute('data-live', 'true');
});

test('zooming a dense chart shows the zoom at once and lays the chart out again when it rests', async ({ page }) => {
  await open(page, '/bench/panels?events=20000&panels=heap');
  const chart = page.getByTestId('heap-chart');
  await expect(chart).toHaveAttribute('data-renderer', 'canvas');
  const marks = await chart.getAttribute('data-marks');
  const before = await chart.screenshot();
  await page.locator('[data-testid=panel-heap] .chart-scroll').focus();
  for (let k = 0; k < 4; k++) await page.keyboard.press('+');
  await expect(page.getByTestId('heap-domain')).toContainText('call');
  // the zoomed view is what the canvas shows (stretched first, then laid out at the new range)...
  expect((await chart.screenshot()).equals(before)).toBe(false);
  // ...and once the zoom rests the chart is laid out over the zoomed range: fewer resources in view
  await expect.poll(async () => Number(await chart.getAttribute('data-marks'))).toBeLessThan(Number(marks));
  // reset: the whole trace again, laid out as at first
  await page.keyboard.press('0');
  await expect(page.getByTestId('heap-domain')).toContainText('whole trace');
  await expect(chart).toHaveAttribute('data-marks', marks!);
});

test('no serious accessibility violations', async ({ page }) => {
  await open(page);
  const results = await new AxeBuilder({ page }).include('[data-testid=debugger-panels]').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map(
      (v) =>
        `${v.id}: ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    ),
  ).toEqual([]);
});
