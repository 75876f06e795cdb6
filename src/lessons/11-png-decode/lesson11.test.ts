// Lesson 11: the files the page serves are the files the lesson decodes; the decoder's output matches what the
// generator wrote; each bug breaks the file it is about; the display copies read the bytes the GPU saw.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decode } from 'fast-png';
import { planReplay } from '../../gpu/executor/plan';
import { ConvertTo32bppRGBA, ReadFile, type DecodedImage, type UploadView } from './code';
import { modelFootprint } from './learner';
import { decodePngToRgba } from '../common/png-decode';
import { TEST_IMAGES } from './files';
import { lesson11 } from './index';
import { checkLesson } from '../runner';

const env = (bugs: string[] = [], debugLayer = true) => ({ debugLayer, bugs: new Set(bugs), width: 64, height: 64 });
const hex = (b: ArrayLike<number>) => Array.from(b, (v) => v.toString(16).padStart(2, '0')).join('');

describe('lesson 11: PNG decode', () => {
  it('public/lessons/11/*.png are byte for byte the files the lesson reads', () => {
    for (const t of TEST_IMAGES) {
      const served = new Uint8Array(readFileSync(new URL(`../../../public${t.path}`, import.meta.url)));
      expect(Array.from(ReadFile(t.path))).toEqual(Array.from(served));
    }
  });

  it('the converter turns RGBA, palette and RGB files into the rows the generator wrote', () => {
    const ct = { 6: 4, 3: 1, 2: 3 } as Record<number, number>;
    for (const t of TEST_IMAGES) {
      const png = decode(ReadFile(t.path));
      expect([png.width, png.height, png.depth, png.channels, png.palette?.length ?? 0]).toEqual([
        t.width,
        t.height,
        t.bitDepth,
        ct[t.colorType],
        t.paletteSize,
      ]);
      const rgba = ConvertTo32bppRGBA(png);
      expect(rgba.length).toBe(t.width * t.height * 4);
      expect(hex(rgba.subarray(0, t.width * 4))).toBe(t.firstRowRGBA);
    }
  });

  it('ignore-palette leaves index values (dark grey); wrong-channels skews 3-byte pixels; RGBA is untouched by both', () => {
    const [rgba, pal, rgb] = TEST_IMAGES.map((t) => decode(ReadFile(t.path)));
    const ip = ConvertTo32bppRGBA(pal, new Set(['ignore-palette']));
    expect(Array.from(ip.subarray(0, 4))).toEqual([0, 0, 0, 255]);
    expect(Math.max(...ip.filter((_, i) => i % 4 !== 3))).toBeLessThan(4);
    const wc = ConvertTo32bppRGBA(rgb, new Set(['wrong-channels']));
    // pixel 1 should be white (bar 0), it reads the next pixel's bytes shifted by one
    expect(hex(wc.subarray(0, 4))).toBe('ffffffff');
    expect(hex(wc.subarray(4 * 6, 4 * 7))).not.toBe(hex(ConvertTo32bppRGBA(rgb).subarray(4 * 6, 4 * 7)));
    for (const b of ['ignore-palette', 'wrong-channels'])
      expect(hex(ConvertTo32bppRGBA(rgba, new Set([b])))).toBe(hex(ConvertTo32bppRGBA(rgba)));
  });

  it.each([[[]], [['ignore-palette']], [['wrong-channels']]])(
    'bugs %j: no debug message, no HRESULT failure; the check fails exactly on the buggy file',
    async (bugs) => {
      const run = lesson11.run(env(bugs));
      expect(run.stopped).toBeNull();
      expect(run.sys.messages).toEqual([]);
      const report = await checkLesson(lesson11, run, null, env(bugs));
      const own = report.items
        .filter((i) => !i.ok && !i.got.startsWith('no WebGPU'))
        .map((i) => i.what.en.split(':')[0]);
      const expected =
        bugs[0] === 'ignore-palette'
          ? ['stripes-palette.png']
          : bugs[0] === 'wrong-channels'
            ? ['stripes-palette.png', 'bars-rgb.png']
            : [];
      expect([...new Set(own)]).toEqual(expected);
      expect((run.out.images as DecodedImage[]).length).toBe(3);
    },
  );

  it('the display copy replays with the upload bytes as the GPU read them', () => {
    const run = lesson11.run(env());
    const plan = planReplay(run.sys, run.sys.callIndex);
    const s = plan.submissions.find((x) => (x.commands ?? []).flat().some((c) => c.op === 'CopyTextureRegion'));
    expect(s?.reads?.size).toBe(1);
    expect((s?.commands ?? []).flat().filter((c) => c.op === 'CopyTextureRegion')).toHaveLength(3);
  });
});

describe("lesson 11 on a learner's PNG (model side; the canvas is e2e/lesson-11-png.spec.ts)", () => {
  const learner = (file: string) => {
    const r = decodePngToRgba(
      new Uint8Array(readFileSync(new URL(`../../../e2e/fixtures/png/${file}`, import.meta.url))),
    );
    if (!r.ok) throw new Error(file);
    return { name: file, info: r.info, rgba: r.rgba };
  };

  it('uploads the file at the footprint GetCopyableFootprints gives (RowPitch 256 for 37 pixels), padding left between rows', async () => {
    const image = learner('palette-4.png');
    const run = lesson11.run({ ...env(), image });
    const up = run.out.learner as UploadView & { top: number };
    expect([up.top, up.Offset, up.RowPitch, up.RowSizeInBytes, up.NumRows, up.TotalBytes]).toEqual([
      0,
      0,
      256,
      148,
      23,
      256 * 22 + 148,
    ]);
    expect(up.RowPitch).toBe(modelFootprint(37, 23).RowPitch);
    expect(Array.from(up.head.subarray(256, 256 + 148))).toEqual(Array.from(image.rgba.subarray(148, 296)));
    expect(up.head.subarray(148, 256).every((v) => v === 0)).toBe(true);
    // the learner's 23 rows go first; the lesson's own 20-row files follow below while there is room (2-row gaps)
    expect(run.out.placement).toEqual([25, 47]);
    const report = await checkLesson(lesson11, run, null, { ...env(), image });
    const mine = report.items.filter((i) => i.what.en.startsWith('palette-4.png'));
    expect(mine.map((i) => i.ok)).toEqual([true, true, false]); // the third is the canvas pixel: no WebGPU here
    expect(mine[2].got).toMatch(/no WebGPU/);
  });

  it("wide files: RowPitch = width × 4 rounded up to 256, TotalBytes without the last row's padding", () => {
    expect(modelFootprint(4096, 3)).toEqual({ Offset: 0, RowPitch: 16384, TotalBytes: 49152 });
    expect(modelFootprint(4000, 3)).toEqual({ Offset: 0, RowPitch: 16128, TotalBytes: 16128 * 2 + 16000 });
    expect(modelFootprint(1, 1)).toEqual({ Offset: 0, RowPitch: 256, TotalBytes: 4 });
  });
});
