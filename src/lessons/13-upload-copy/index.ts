import { defineLesson } from '../define';
import { runLessonCode } from '../runner';
import type { CheckItem } from '../types';
import { pixelItem, type RGBA } from '../common/checks';
import { texelDiff } from '../12-row-pitch';
import { DstY, main } from './code';
import source from './code.ts?raw';
import meta from './meta';

/** Texels compared one by one in the table and probed on the canvas. */
export const PROBES: [number, number][] = [
  [0, 0],
  [12, 5],
  [40, 10],
  [63, 19],
];
const texel = (b: Uint8Array | undefined, w: number, x: number, y: number) =>
  b ? Array.from(b.subarray((y * w + x) * 4, (y * w + x) * 4 + 4)) : [];

export const lesson13 = defineLesson(meta, {
  source,
  run(env) {
    const run = runLessonCode(main, env);
    const size = run.out.size as { width: number; height: number } | undefined;
    if (size) {
      run.out.table = {
        title: {
          en: 'Texels: the decoded image and the texture read back after the fence',
          zh: '纹素：解码后的图像，以及围栏之后读回的纹理',
        },
        columns: [
          { en: 'Texel', zh: '纹素' },
          { en: 'Source (RGBA)', zh: '源（RGBA）' },
          { en: 'Read back (RGBA)', zh: '读回（RGBA）' },
        ],
        rows: PROBES.map(([x, y]) => [
          `(${x},${y})`,
          texel(run.out.source as Uint8Array, size.width, x, y).join(','),
          texel(run.out.readBack as Uint8Array, size.width, x, y).join(','),
        ]),
        testId: 'texel-table',
      };
    }
    return run;
  },
  async check(run, pixels) {
    const size = run.out.size as { width: number; height: number } | undefined;
    const src = run.out.source as Uint8Array | undefined;
    const diff = texelDiff(src, run.out.readBack as Uint8Array | undefined, size?.width ?? 1);
    const items: CheckItem[] = [
      {
        level: 'correct',
        ok: diff.count === 0,
        what: {
          en: 'every texel read back (CopyTextureRegion texture → READBACK buffer, fence, Map) equals the source',
          zh: '读回的每个纹素（CopyTextureRegion 纹理 → READBACK 缓冲，围栏，Map）都与源一致',
        },
        expected: size ? `${size.width * size.height} texels equal` : 'texels',
        got:
          diff.count === 0
            ? 'equal'
            : diff.count < 0
              ? diff.first
              : `${diff.count} texels differ, first at ${diff.first}`,
      },
    ];
    if (size && src) {
      const [x, y] = PROBES[1];
      items.push(
        await pixelItem(pixels, x, DstY + y, texel(src, size.width, x, y) as RGBA, {
          en: `texel (${x},${y}) on the canvas is the source's`,
          zh: `画布上的纹素 (${x},${y}) 与源一致`,
        }),
      );
    }
    return items;
  },
});

export default lesson13;
