import { defineLesson } from '../define';
import { runLessonCode } from '../runner';
import { ID3D12Resource } from '../../core';
import { mappedTilesAt } from '../../gpu/executor/tiles';
import type { CheckItem, LessonRun, PixelReader } from '../types';
import { pixelItem, type RGBA } from '../common/checks';
import { FrameTotal, HeapTiles, VirtualSize, ViewTexels, main, tileTexel, viewOrigin, type FrameRow } from './code';
import { VIRTUAL_HLSL, VIRTUAL_WGSL } from './shaders';
import source from './code.ts?raw';
import meta from './meta';

/** The frame the check grades (the camera has moved twice: some tiles were mapped at frame 1, some since). */
export const GradedFrame = 3;
/** Canvas pixels probed on the graded frame, each well inside a 32-texel square of its tile. */
export const PROBES: [number, number][] = [
  [10, 4],
  [42, 4],
  [10, 44],
  [42, 44],
  [42, 58],
];

const rowsOf = (run: LessonRun) => (run.out.rows as FrameRow[] | undefined) ?? [];
const tileName = (t: number, perRow: number) => `(${t % perRow},${Math.floor(t / perRow)})`;

/** The tiles of the virtual texture that had heap memory when frame `row` was presented (from the trace's tile events). */
export function tilesWithMemory(run: LessonRun, row: FrameRow): number[] {
  const res = run.sys.object(Number(run.out.virtualTexture));
  if (!(res instanceof ID3D12Resource)) return [];
  const m = mappedTilesAt(run.sys.trace.events, res, row.present);
  return [...m].flatMap((v, t) => (v ? [t] : []));
}

/** The texel the point-sampled quad shows at canvas pixel (px, py) of frame n (1-based), and its tile. */
export function expectedAt(n: number, px: number, py: number, size = 64): { rgba: RGBA; tile: [number, number] } {
  const [vx, vy] = viewOrigin(n - 1);
  const x = Math.floor(vx + ((px + 0.5) / size) * ViewTexels);
  const y = Math.floor(vy + ((py + 0.5) / size) * ViewTexels);
  const tile = 128;
  return {
    rgba: tileTexel(Math.floor(x / tile), Math.floor(y / tile), x % tile, y % tile),
    tile: [Math.floor(x / tile), Math.floor(y / tile)],
  };
}

/** [TILE-2] Copies into the virtual texture the model found landing in tiles with no memory (writes dropped). */
const droppedWrites = (run: LessonRun) =>
  run.sys.trace.events.filter(
    (e) => e.k === 'hazard' && e.kind === 'unmapped-tile-write' && e.res === Number(run.out.virtualTexture),
  );

export const lessonA4 = defineLesson(meta, {
  source,
  shaders: { hlsl: VIRTUAL_HLSL, wgsl: VIRTUAL_WGSL },
  run(env) {
    const run = runLessonCode(main, env);
    const rows = rowsOf(run);
    const perRow = Number(run.out.perRow ?? 8);
    const list = (ts: number[]) => (ts.length ? ts.map((t) => tileName(t, perRow)).join(' ') : '—');
    run.out.table = {
      title: {
        en: `The page table, frame by frame (a ${VirtualSize} × ${VirtualSize} texture of ${perRow * perRow} tiles; a pool of ${HeapTiles} tiles)`,
        zh: `逐帧看页表（${VirtualSize} × ${VirtualSize} 的纹理共 ${perRow * perRow} 个图块；图块池 ${HeapTiles} 个）`,
      },
      columns: [
        { en: 'Frame', zh: '帧' },
        { en: 'View (texels)', zh: '视野（纹素）' },
        { en: 'Visible tiles', zh: '可见图块' },
        { en: 'Mapped now', zh: '本帧映射' },
        { en: 'Unmapped now', zh: '本帧解除映射' },
        { en: 'Tiles with memory', zh: '有内存的图块' },
        { en: 'Memory (KiB)', zh: '内存（KiB）' },
      ],
      rows: rows.map((r) => {
        const m = tilesWithMemory(run, r);
        return [
          String(r.frame),
          `(${r.view[0]},${r.view[1]})`,
          list(r.visible),
          list(r.mapped),
          list(r.unmapped),
          list(m),
          String(m.length * 64),
        ];
      }),
      highlight: rows.findIndex((r) => r.frame === GradedFrame),
      testId: 'page-table',
    };
    return run;
  },
  frames: (run) => rowsOf(run).map((r) => r.present),
  gradeAt: (run) => rowsOf(run).find((r) => r.frame === GradedFrame)?.present ?? run.sys.callIndex,
  async check(run, pixels: PixelReader) {
    const rows = rowsOf(run);
    const perRow = Number(run.out.perRow ?? 8);
    const wrong: string[] = [];
    let most = 0;
    for (const r of rows) {
      const m = tilesWithMemory(run, r);
      most = Math.max(most, m.length);
      const missing = r.visible.filter((t) => !m.includes(t));
      const extra = m.filter((t) => !r.visible.includes(t));
      if (missing.length || extra.length)
        wrong.push(
          `frame ${r.frame}: ${missing.length ? `visible without memory ${missing.map((t) => tileName(t, perRow)).join(' ')}` : ''}${extra.length ? ` mapped out of view ${extra.map((t) => tileName(t, perRow)).join(' ')}` : ''}`.trim(),
        );
    }
    const dropped = droppedWrites(run);
    // [TILE-2] the read side: tiles the page table lists as resident (the shader samples them) with no memory behind
    const res = run.sys.object(Number(run.out.virtualTexture));
    const tier = res instanceof ID3D12Resource ? res.device.facts.tiledResourcesTier : 0;
    const unmappedReads: string[] = [];
    for (const r of rows) {
      const m = tilesWithMemory(run, r);
      const bad = r.visible.filter((t) => r.resident.includes(t) && !m.includes(t));
      if (bad.length) unmappedReads.push(`frame ${r.frame}: ${bad.map((t) => tileName(t, perRow)).join(' ')}`);
    }
    const items: CheckItem[] = [
      {
        level: 'correct',
        ok: rows.length === FrameTotal && wrong.length === 0,
        what: {
          en: 'only visible tiles mapped: at every frame the tiles with heap memory are exactly the tiles in view',
          zh: '只映射可见图块：每一帧有堆内存的图块正好是视野里的图块',
        },
        expected: `${FrameTotal} frames, mapped = visible`,
        got: wrong.length
          ? `${wrong.slice(0, 3).join('; ')}${wrong.length > 3 ? ' …' : ''}`
          : `${rows.length} frames, mapped = visible`,
      },
      {
        level: 'correct',
        ok: rows.length > 0 && dropped.length === 0,
        what: {
          en: 'every tile copy landed in mapped memory (no write dropped by an unmapped tile)',
          zh: '每次图块拷贝都写进了已映射的内存（没有写入因图块未映射而被丢弃）',
        },
        expected: '0 unmapped-tile-write hazards',
        got: dropped.length
          ? `${dropped.length} copies into unmapped tiles (writes dropped), first at call ${dropped[0].i}`
          : '0',
      },
      {
        level: 'correct',
        ok: rows.length > 0 && unmappedReads.length === 0,
        what: {
          en: 'the shader never samples an unmapped tile (every tile the page table lists has memory)',
          zh: '着色器从不采样未映射的图块（页表列出的每个图块都有内存）',
        },
        expected: '0 resident tiles without memory',
        got: unmappedReads.length
          ? `${unmappedReads.slice(0, 2).join('; ')}${unmappedReads.length > 2 ? ' …' : ''} — ${tier >= 2 ? `Tiled Resources Tier ${tier}: these reads return 0 (black)` : 'Tiled Resources Tier 1: these reads are undefined'}`
          : '0',
      },
      {
        level: 'correct',
        ok: most > 0 && most <= HeapTiles,
        what: {
          en: `memory stays within the ${HeapTiles}-tile pool (${HeapTiles * 64} KiB for a ${(VirtualSize * VirtualSize * 4) / 1048576} MiB texture)`,
          zh: `内存不超过 ${HeapTiles} 个图块的池（${HeapTiles * 64} KiB，对应 ${(VirtualSize * VirtualSize * 4) / 1048576} MiB 的纹理）`,
        },
        expected: `≤ ${HeapTiles} tiles mapped`,
        got: `at most ${most} tiles (${most * 64} KiB)`,
      },
    ];
    for (const [px, py] of PROBES) {
      const e = expectedAt(GradedFrame, px, py);
      items.push(
        await pixelItem(
          pixels,
          px,
          py,
          e.rgba,
          {
            en: `frame ${GradedFrame}: pixel (${px},${py}) shows tile (${e.tile.join(',')}) of the virtual texture`,
            zh: `第 ${GradedFrame} 帧：像素 (${px},${py}) 显示虚拟纹理的图块 (${e.tile.join(',')})`,
          },
          3,
        ),
      );
    }
    return items;
  },
});

export default lessonA4;
