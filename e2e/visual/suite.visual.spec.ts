// The visual suite catches what it claims to: its committed baselines, altered the way a regression would alter
// them, fail under the very comparator and settings that toHaveScreenshot uses (Playwright's own PNG comparator,
// with this config's threshold and maxDiffPixels). The diff images are attached to the report (and written under
// .tmp/visual-results). The unaltered baseline passes, so a comparator that fails everything would fail here too.
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { decode, encode } from 'fast-png';
import config from '../../playwright.visual.config';

type Comparator = (actual: Buffer, expected: Buffer, options: object) => { errorMessage: string; diff?: Buffer } | null;
// The comparator behind toHaveScreenshot (playwright-core's, same pinned version as @playwright/test).
const { utils } = createRequire(import.meta.url)('playwright-core/lib/coreBundle') as {
  utils: { getComparator(mime: string): Comparator };
};
const compare = utils.getComparator('image/png');
const settings = config.expect!.toHaveScreenshot!;
const baseline = (name: string) => readFileSync(`${import.meta.dirname}/baselines/${name}`);

/** A baseline changed pixel by pixel: f gets the RGBA of (x, y) and returns the new one (or nothing: unchanged). */
function alter(
  png: Buffer,
  f: (px: number[], x: number, y: number, at: (x: number, y: number) => number[]) => number[] | void,
): Buffer {
  const img = decode(png);
  const c = img.channels;
  const at = (x: number, y: number) => [...img.data.slice((y * img.width + x) * c, (y * img.width + x) * c + c)];
  const out = Uint8Array.from(img.data);
  for (let y = 0; y < img.height; y++)
    for (let x = 0; x < img.width; x++) {
      const px = f(at(x, y), x, y, at);
      if (px) out.set(px.slice(0, c), (y * img.width + x) * c);
    }
  return Buffer.from(encode({ width: img.width, height: img.height, data: out, channels: c, depth: 8 }));
}

async function expectCaught(name: string, altered: Buffer, expected: Buffer) {
  expect(altered.equals(expected), 'the alteration changed the image').toBe(false);
  const r = compare(altered, expected, settings);
  expect(r, `${name}: the comparator must reject it`).not.toBeNull();
  await test.info().attach(`${name}-altered.png`, { body: altered, contentType: 'image/png' });
  if (r!.diff) await test.info().attach(`${name}-diff.png`, { body: r!.diff, contentType: 'image/png' });
  return r!.errorMessage;
}

test.describe('visual suite self-test (its comparator settings on deliberately altered baselines)', () => {
  test('the settings are threshold 0 and maxDiffPixels 0, and an unaltered baseline passes', () => {
    expect(settings).toMatchObject({ threshold: 0, maxDiffPixels: 0 });
    for (const name of [
      'lessons/12-row-pitch/correct.png',
      'lessons/04-clear/correct.png',
      'panels/14-texture-states/missing-barrier.zh.states.png',
    ]) {
      expect(compare(baseline(name), baseline(name), settings), name).toBeNull();
    }
  });

  test("a one-row shift of lesson 12's uploaded texture fails", async () => {
    const png = baseline('lessons/12-row-pitch/correct.png');
    // Every row takes the row above it (row 0 keeps its own): the picture moved down by one back-buffer row,
    // which is one texel row of the 50 × 50 texture drawn 1:1.
    const msg = await expectCaught(
      '12-row-pitch-shift',
      alter(png, (_px, x, y, at) => (y > 0 ? at(x, y - 1) : undefined)),
      png,
    );
    expect(msg).toMatch(/pixels? .*different/);
  });

  test("a 1/255 change of lesson 04's clear colour fails", async () => {
    const png = baseline('lessons/04-clear/correct.png');
    // Magenta (255, 0, 255) becomes (254, 0, 255): the smallest change an 8-bit render target can show.
    let changed = 0;
    const altered = alter(png, (px) =>
      px[0] === 255 && px[1] === 0 && px[2] === 255 ? (changed++, [254, 0, 255, 255]) : undefined,
    );
    expect(changed, 'the baseline is cleared to magenta').toBeGreaterThan(1000);
    expect(await expectCaught('04-clear-colour-1of255', altered, png)).toContain(`${changed} pixels`);
  });

  test('a panel colour change fails (resource states: one state colour moved by 1/255)', async () => {
    const png = baseline('panels/14-texture-states/missing-barrier.zh.states.png');
    // The most used colour that is not white nor a grey: a state bar's fill (GENERIC_READ, COPY_DEST …).
    const img = decode(png);
    const count = new Map<string, number>();
    for (let i = 0; i < img.width * img.height; i++) {
      const px = [...img.data.slice(i * img.channels, i * img.channels + 3)];
      if (px.every((v) => v > 240) || (px[0] === px[1] && px[1] === px[2])) continue;
      count.set(px.join(','), (count.get(px.join(',')) ?? 0) + 1);
    }
    const [fill] = [...count.entries()].sort((a, b) => b[1] - a[1])[0];
    const [r, g, b] = fill.split(',').map(Number);
    const altered = alter(png, (px) =>
      px[0] === r && px[1] === g && px[2] === b ? [r, g, b === 255 ? 254 : b + 1, 255] : undefined,
    );
    expect(await expectCaught('panel-states-colour', altered, png)).toMatch(/pixels? .*different/);
  });
});
