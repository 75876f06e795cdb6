import { defineLesson } from '../define';
import { runLessonCode } from '../runner';
import type { CheckItem } from '../types';
import { pixelItem, type RGBA } from '../common/checks';
import { DstX, DstY, TexHeight, TexWidth, main } from './code';
import source from './code.ts?raw';
import meta from './meta';

export interface Footprint {
  Offset: number;
  RowPitch: number;
  Width: number;
  Height: number;
  NumRows: number;
  RowSizeInBytes: number;
  TotalBytes: number;
}
const align = (v: number, a: number) => Math.ceil(v / a) * a;

/** Texels of `a` that differ from `b` (RGBA8, same size), and the first one. */
export function texelDiff(
  a: Uint8Array | undefined,
  b: Uint8Array | undefined,
  width: number,
): { count: number; first: string } {
  if (!a || !b || a.length !== b.length) return { count: -1, first: 'no data' };
  let count = 0;
  let first = '';
  for (let i = 0; i < a.length; i += 4) {
    if (a[i] !== b[i] || a[i + 1] !== b[i + 1] || a[i + 2] !== b[i + 2] || a[i + 3] !== b[i + 3]) {
      if (!count)
        first = `(${(i / 4) % width},${Math.floor(i / 4 / width)}): ${Array.from(b.subarray(i, i + 4)).join(',')} instead of ${Array.from(a.subarray(i, i + 4)).join(',')}`;
      count++;
    }
  }
  return { count, first };
}

/** A texel probed on the canvas: where the stripes of a skewed copy land on another stripe. */
export const PROBE = { x: 25, y: 30 };

export const lesson12 = defineLesson(meta, {
  source,
  run(env) {
    const run = runLessonCode(main, env);
    const fp = run.out.footprint as Footprint | undefined;
    if (fp) {
      run.out.table = {
        title: {
          en: `GetCopyableFootprints for a ${TexWidth}×${TexHeight} R8G8B8A8_UNORM texture`,
          zh: `${TexWidth}×${TexHeight} R8G8B8A8_UNORM 纹理的 GetCopyableFootprints`,
        },
        columns: [
          { en: 'Field', zh: '字段' },
          { en: 'Value', zh: '值' },
        ],
        rows: [
          ['Offset', fp.Offset],
          ['Footprint.Width × Height', `${fp.Width} × ${fp.Height}`],
          ['RowSizeInBytes (width × 4)', fp.RowSizeInBytes],
          ['Footprint.RowPitch', fp.RowPitch],
          ['padding per row', fp.RowPitch - fp.RowSizeInBytes],
          ['NumRows', fp.NumRows],
          ['TotalBytes (RowPitch × (NumRows − 1) + RowSizeInBytes)', fp.TotalBytes],
          ['rows written apart (memcpy)', Number(run.out.writtenPitch ?? 0)],
        ],
        testId: 'footprint-table',
      };
    }
    return run;
  },
  async check(run, pixels) {
    const fp = run.out.footprint as Footprint | undefined;
    const src = run.out.source as Uint8Array | undefined;
    const want = align(TexWidth * 4, 256);
    const diff = texelDiff(src, run.out.readBack as Uint8Array | undefined, TexWidth);
    const items: CheckItem[] = [
      {
        level: 'correct',
        ok: fp?.RowPitch === want,
        what: {
          en: `footprint RowPitch = align(width × 4, 256) for width ${TexWidth}`,
          zh: `宽 ${TexWidth} 时足迹 RowPitch = align(width × 4, 256)`,
        },
        expected: `align(${TexWidth * 4}, 256) = ${want}`,
        got: fp
          ? `RowPitch ${fp.RowPitch} (row ${fp.RowSizeInBytes} B + ${fp.RowPitch - fp.RowSizeInBytes} B padding), NumRows ${fp.NumRows}, TotalBytes ${fp.TotalBytes}`
          : 'no footprint',
      },
      {
        level: 'correct',
        ok: diff.count === 0,
        what: {
          en: 'the texture, copied back into a READBACK buffer (fence, Map), equals the source image',
          zh: '纹理拷回 READBACK 缓冲（围栏、Map）后与源图像一致',
        },
        expected: `${TexWidth * TexHeight} texels equal`,
        got:
          diff.count === 0
            ? 'equal'
            : diff.count < 0
              ? diff.first
              : `${diff.count} texels differ, first at ${diff.first}`,
      },
    ];
    if (src) {
      const i = (PROBE.y * TexWidth + PROBE.x) * 4;
      const texel = Array.from(src.subarray(i, i + 4)) as RGBA;
      items.push(
        await pixelItem(pixels, DstX + PROBE.x, DstY + PROBE.y, texel, {
          en: `texel (${PROBE.x},${PROBE.y}) on the canvas is the source's`,
          zh: `画布上的纹素 (${PROBE.x},${PROBE.y}) 与源一致`,
        }),
      );
    }
    return items;
  },
});

export default lesson12;
