import { defineLesson } from '../define';
import { runLessonCode } from '../runner';
import type { CheckItem, LearnerPng, LessonRun, PixelReader } from '../types';
import { pixelItem } from '../common/checks';
import { DXGI_FORMAT_R8G8B8A8_UNORM, enumName } from '../../core';
import { main, type DecodedImage, type UploadView } from './code';
import { TEST_IMAGES, type TestImage } from './files';
import source from './code.ts?raw';
import meta from './meta';

const hex = (b: ArrayLike<number>) => Array.from(b, (v) => v.toString(16).padStart(2, '0')).join('');
const COLOR_TYPE: Record<number, string> = { 0: 'greyscale', 2: 'RGB', 3: 'palette', 4: 'grey + alpha', 6: 'RGBA' };
const name = (path: string) => path.split('/').pop() ?? path;
const fmt = (ct: number, depth: number, ch: number, pal: number) =>
  `${COLOR_TYPE[ct] ?? ct}, ${depth}-bit, ${ch} ch${pal ? `, ${pal} colours` : ''}`;
/** The first `n` bytes of a hex string, spaced. */
const head = (h: string, n = 8) => (h.slice(0, n * 2).match(/../g) ?? []).join(' ');
/** Pixel x of a file's first row, as RGBA, from the reference. */
const refPixel = (t: TestImage, x: number) =>
  [0, 1, 2, 3].map((k) => parseInt(t.firstRowRGBA.slice((x * 4 + k) * 2, (x * 4 + k) * 2 + 2), 16)) as [
    number,
    number,
    number,
    number,
  ];
export const PROBE_X = 12;

export const lesson11 = defineLesson(meta, {
  source,
  acceptsPng: true,
  run(env) {
    const run = runLessonCode(main, env);
    const images = (run.out.images as DecodedImage[] | undefined) ?? [];
    run.out.table = {
      title: {
        en: "Decoded: the file's layout, and the converter's R8G8B8A8_UNORM output",
        zh: '解码结果：文件自身的布局，以及转换器输出的 R8G8B8A8_UNORM',
      },
      columns: [
        { en: 'File', zh: '文件' },
        { en: 'Size', zh: '尺寸' },
        { en: 'In the file', zh: '文件中' },
        { en: 'First bytes (file)', zh: '前几个字节（文件）' },
        { en: 'Output', zh: '输出' },
        { en: 'First bytes (RGBA)', zh: '前几个字节（RGBA）' },
      ],
      rows: images.map((im) => [
        name(im.path),
        `${im.width}×${im.height}`,
        fmt(im.source.colorType, im.source.bitDepth, im.source.channels, im.source.paletteSize),
        head(hex(im.source.firstBytes)),
        `${enumName('DXGI_FORMAT', im.format)}, row ${im.rowPitch} B`,
        head(hex(im.pixels.subarray(0, 8))),
      ]),
      testId: 'decode-table',
    };
    return run;
  },
  async check(run, pixels, env) {
    const images = (run.out.images as DecodedImage[] | undefined) ?? [];
    const tops = (run.out.placement as number[] | undefined) ?? [];
    const items: CheckItem[] = [];
    for (const [k, t] of TEST_IMAGES.entries()) {
      const im = images.find((i) => i.path === t.path);
      const n = name(t.path);
      items.push({
        level: 'correct',
        ok: !!im && im.width === t.width && im.height === t.height,
        what: { en: `${n}: decoded size matches the file`, zh: `${n}：解码尺寸与文件一致` },
        expected: `${t.width}×${t.height}`,
        got: im ? `${im.width}×${im.height}` : 'not decoded',
      });
      const want = `${fmt(t.colorType, t.bitDepth, t.channels, t.paletteSize)} → DXGI_FORMAT_R8G8B8A8_UNORM`;
      const got = im
        ? `${fmt(im.source.colorType, im.source.bitDepth, im.source.channels, im.source.paletteSize)} → ${enumName('DXGI_FORMAT', im.format)}`
        : 'not decoded';
      items.push({
        level: 'correct',
        ok: !!im && got === want && im.format === DXGI_FORMAT_R8G8B8A8_UNORM,
        what: { en: `${n}: format in the file, and the converted format`, zh: `${n}：文件中的格式与转换后的格式` },
        expected: want,
        got,
      });
      const row = im ? hex(im.pixels.subarray(0, t.width * 4)) : '';
      const bad =
        row === t.firstRowRGBA
          ? -1
          : ([...Array(t.width * 4).keys()].find(
              (i) => row.slice(i * 2, i * 2 + 2) !== t.firstRowRGBA.slice(i * 2, i * 2 + 2),
            ) ?? 0);
      items.push({
        level: 'correct',
        ok: !!im && bad < 0,
        what: {
          en: `${n}: the first row's ${t.width * 4} RGBA bytes match the file`,
          zh: `${n}：第一行的 ${t.width * 4} 个 RGBA 字节与文件一致`,
        },
        expected: `${head(t.firstRowRGBA, 12)} …`,
        got: bad < 0 ? 'equal' : `${head(row, 12)} … (first difference at byte ${bad})`,
      });
      const top = tops[k];
      if (top !== undefined) {
        const want = refPixel(t, PROBE_X);
        items.push(
          await pixelItem(pixels, PROBE_X, top, want, {
            en: `${n} on the canvas: pixel (${PROBE_X},${top}) is the file's`,
            zh: `画布上的 ${n}：像素 (${PROBE_X},${top}) 与文件一致`,
          }),
        );
      }
    }
    if (env.image) items.push(...(await learnerItems(run, pixels, env.image)));
    return items;
  },
});

const align = (v: number, a: number) => Math.ceil(v / a) * a;

/** The learner's own file: its footprint, its rows in the upload buffer (payload where it belongs), its pixels on the canvas. */
async function learnerItems(run: LessonRun, pixels: PixelReader, img: LearnerPng): Promise<CheckItem[]> {
  const up = run.out.learner as (UploadView & { top?: number }) | undefined;
  const { width: w, height: h } = img.info;
  const n = img.name;
  const items: CheckItem[] = [];
  const pitch = align(w * 4, 256);
  items.push({
    level: 'correct',
    ok: !!up && up.RowPitch === pitch && up.TotalBytes === pitch * (h - 1) + w * 4,
    what: {
      en: `${n}: footprint from GetCopyableFootprints (RowPitch = ${w} × 4 rounded up to 256)`,
      zh: `${n}：GetCopyableFootprints 给出的布局（RowPitch = ${w} × 4 向上对齐到 256）`,
    },
    expected: `RowPitch ${pitch}, TotalBytes ${pitch * (h - 1) + w * 4}`,
    got: up ? `RowPitch ${up.RowPitch}, TotalBytes ${up.TotalBytes}` : 'no upload',
  });
  const rows = up
    ? Math.min(up.NumRows, Math.floor(up.head.length / up.RowPitch) + (up.head.length % up.RowPitch >= w * 4 ? 1 : 0))
    : 0;
  let bad = -1;
  for (let y = 0; y < rows && bad < 0 && up; y++) {
    const a = up.head.subarray(y * up.RowPitch, y * up.RowPitch + w * 4),
      b = img.rgba.subarray(y * w * 4, (y + 1) * w * 4);
    if (a.some((v, i) => v !== b[i])) bad = y;
  }
  items.push({
    level: 'correct',
    ok: !!up && rows > 0 && bad < 0,
    what: {
      en: `${n}: each of the first ${rows} rows sits at Offset + y × RowPitch in the upload buffer`,
      zh: `${n}：前 ${rows} 行都位于上传缓冲区的 Offset + y × RowPitch 处`,
    },
    expected: 'the decoded rows',
    got: !up ? 'no upload' : bad < 0 ? 'equal' : `row ${bad} differs`,
  });
  if (up?.top !== undefined) {
    const x = Math.min(w, 64) >> 1,
      y = up.top + (Math.min(h, 64 - up.top) >> 1);
    const o = ((y - up.top) * w + x) * 4;
    const want = [img.rgba[o], img.rgba[o + 1], img.rgba[o + 2], img.rgba[o + 3]] as [number, number, number, number];
    items.push(
      await pixelItem(pixels, x, y, want, {
        en: `${n} on the canvas: pixel (${x},${y}) is the file's`,
        zh: `画布上的 ${n}：像素 (${x},${y}) 与文件一致`,
      }),
    );
  }
  return items;
}

export default lesson11;
