// Query heaps and bundles in the debugger panels, in the browser: /bench/panels?events=queries runs the model's
// queries program (src/ui/panels/trace-programs/queries.ts: two frames timed with timestamps, an occlusion query
// around ExecuteBundle, a pipeline-statistics query, ResolveQueryData into a READBACK buffer, GetTimestampFrequency).
// What a learner reads: the timestamps on the queue lane with ticks and µs on hover, the query spans with their
// counts, each heap's slots (never performed / written / resolved), the bundle's calls under ExecuteBundle with the
// state it inherited, and a click on one of them stepping the cursor to where the bundle recorded it.

import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

const URL = '/bench/panels?events=queries&panels=fences,descriptors,events';

async function open(page: Page, url = URL) {
  await page.goto(url);
  await expect(page.getByTestId('debugger-panels')).toBeVisible();
  // the bench page's API appears once every open panel has rendered (PanelSlot.tsx: those out of sight of a dense
  // trace render after the first paint); a test that steps the cursor at once would race it
  await page.waitForFunction(() => !!window.__panelsBench);
  return Number(await page.getByTestId('debugger-panels').getAttribute('data-max-call'));
}

const stamps = '[data-testid=fences-chart] [data-query-op="end"]';

test('timestamps sit on the queue lane at their GPU times, with ticks and µs on hover', async ({ page }) => {
  const max = await open(page);
  await expect(page.getByTestId('cursor-label')).toHaveText(`call ${max} / ${max}`);
  await expect(page.locator(stamps)).toHaveCount(4);
  const first = page.locator(stamps).nth(0);
  const second = page.locator(stamps).nth(1);
  const ticks = [
    Number(await first.getAttribute('data-query-ticks')),
    Number(await second.getAttribute('data-query-ticks')),
  ];
  expect(ticks[1]).toBeGreaterThan(ticks[0]);
  // the hover text converts ticks with GetTimestampFrequency (12 MHz on the default adapter) and gives the interval
  const title = await second.locator('title').textContent();
  const us = ((ticks[1] / 12_000_000) * 1e6).toFixed(3);
  expect(title).toContain(`${ticks[1]} ticks ÷ 12,000,000 Hz (GetTimestampFrequency) = ${us} µs`);
  expect(title).toContain(`${(((ticks[1] - ticks[0]) / 12_000_000) * 1e6).toFixed(3)} µs after [0]`);
  // later in time is further right on the lane
  const x = async (i: number) => (await page.locator(stamps).nth(i).boundingBox())!.x;
  expect(await x(1)).toBeGreaterThan(await x(0));
  expect(await x(3)).toBeGreaterThan(await x(2));
  // occlusion and pipeline statistics: a span from BeginQuery to EndQuery with the count
  const occ = page.locator('[data-testid=fences-chart] [data-query-op="span"][data-query-type="OCCLUSION"]');
  await expect(occ).toHaveAttribute('data-query-value', '4096');
  expect(await occ.locator('title').textContent()).toContain('4096 samples passed');
  await expect(page.locator('[data-testid=fences-chart] [data-query-op="resolve"]')).toHaveCount(3);
});

test('query heaps list their slots as of the cursor; a timestamp mark selects its slot', async ({ page }) => {
  await open(page);
  const heaps = page.getByTestId('query-heaps');
  await expect(heaps.locator('[data-query-heap]')).toHaveCount(3);
  const timer = heaps.locator('[data-query-heap]').first();
  await expect(timer.locator('[data-query-status]')).toHaveCount(4);
  const statuses = await timer
    .locator('[data-query-status]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-query-status')));
  expect(statuses).toEqual(['resolved', 'resolved', 'written', 'written']);
  await expect(heaps.locator('[data-query-heap]').nth(1).locator('[data-query-status]')).toHaveText([/R/, /—/]);
  await expect(timer.locator('[data-query-slot="0"] button')).toHaveAttribute('title', /GetTimestampFrequency.*µs/);
  // clicking the second timestamp on the lane highlights slot 1 of the timer heap
  await page.locator(stamps).nth(1).click();
  await expect(page.getByTestId('bench-selection')).toHaveText(/^descriptor \d+$/);
  await expect(timer.locator('[data-query-slot="1"]')).toHaveClass(/hl/);
  // rewound before the GPU ran anything: every slot never performed, no marks on the lane
  await page.evaluate(() => window.__panelsBench!.setCursor(20));
  await expect(heaps.locator('[data-query-status="written"], [data-query-status="resolved"]')).toHaveCount(0);
  expect(await heaps.locator('[data-query-status="never"]').count()).toBeGreaterThanOrEqual(4);
  await expect(page.locator(stamps)).toHaveCount(0);
  const axe = await new AxeBuilder({ page }).include('[data-testid=panel-descriptors]').analyze();
  // as panels.spec.ts: serious and critical violations (the panels' h4 headings follow the page's h1: heading-order)
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
});

test("a bundle's calls appear under ExecuteBundle with the state it inherited, and step to where it recorded them", async ({
  page,
}) => {
  const max = await open(page);
  const events = page.getByTestId('panel-events');
  // the list is a window around the cursor: bring the first frame's ExecuteBundle into it
  await page.evaluate(() => window.__panelsBench!.setCursor(Math.floor(window.__panelsBench!.maxCall / 2)));
  const group = events.locator('[data-group="bundle"]').first();
  await expect(group).toContainText('draw bundle');
  await expect(group.locator('[data-inherits]')).toHaveAttribute(
    'data-inherits',
    'OMSetRenderTargets,RSSetViewports,RSSetScissorRects,SetGraphicsRootSignature',
  );
  await expect(group.locator('[data-sets]')).toHaveAttribute('data-sets', 'SetPipelineState,IASetPrimitiveTopology');
  await expect(group).toContainText(
    'inherits from the parent list: OMSetRenderTargets, RSSetViewports, RSSetScissorRects, SetGraphicsRootSignature; sets itself (the PSO and topology are never inherited',
  );
  const draw = events.locator('[data-bundle-call][data-api="ID3D12GraphicsCommandList::DrawInstanced"]').first();
  const origin = Number(await draw.getAttribute('data-bundle-call'));
  expect(origin).toBeLessThan(Number(await group.getAttribute('data-first-call')));
  await draw.getByRole('button').click();
  await expect(page.getByTestId('cursor-label')).toHaveText(`call ${origin} / ${max}`);
  // the cursor is now on the bundle's own DrawInstanced, in its recording
  await expect(events.locator(`[data-call="${origin}"]`)).toHaveAttribute('aria-current', 'step');
  // collapsing the bundle group hides its calls
  const groupAfter = events.locator('[data-group="bundle"]').first();
  const nested = events.locator('[data-bundle-call]');
  const before = await nested.count();
  await groupAfter.getByRole('button').click();
  await expect(nested).toHaveCount(before - 3);
});

test('the query heaps and the bundle note read in Chinese', async ({ page }) => {
  await open(page, `${URL}&lang=zh`);
  await expect(page.getByTestId('query-heaps')).toContainText('查询堆');
  await expect(page.getByTestId('query-heaps')).toContainText('时间戳时钟 12,000,000 Hz');
  await page.evaluate(() => window.__panelsBench!.setCursor(Math.floor(window.__panelsBench!.maxCall / 2)));
  await expect(page.locator('[data-group="bundle"]').first()).toContainText('从父命令列表继承');
});
