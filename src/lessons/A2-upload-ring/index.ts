import { D3D12_HEAP_TYPE_UPLOAD, ID3D12Resource } from '../../core';
import { defineLesson } from '../define';
import { runLessonCode } from '../runner';
import type { CheckItem, LessonRun, PixelReader } from '../types';
import { pixelItem, type RGBA } from '../common/checks';
import { TEXTURED_HLSL, TEXTURED_WGSL } from '../14-texture-states/shaders';
import { Cell, RingSize, TexSize, TextureCount, cellOf, colourOf, main, type RingRow } from './code';
import source from './code.ts?raw';
import meta from './meta';

const KiB = (n: number) => `${Math.round((n / 1024) * 10) / 10} KiB`;

/**
 * Upload memory over the run, from the trace's alloc/free events: the bytes of UPLOAD heaps and committed UPLOAD
 * resources live at once, at their peak (a placed resource lives inside its heap and is not counted twice).
 */
export function uploadPeak(run: LessonRun): { peak: number; allocations: number } {
  const live = new Map<number, number>();
  let now = 0;
  let peak = 0;
  let allocations = 0;
  for (const e of run.sys.trace.events) {
    if (e.k === 'alloc' && e.heapType === D3D12_HEAP_TYPE_UPLOAD && e.placement !== 'placed') {
      live.set(e.res, e.size);
      now += e.size;
      allocations++;
      peak = Math.max(peak, now);
    } else if (e.k === 'free' && live.has(e.res)) {
      now -= live.get(e.res) ?? 0;
      live.delete(e.res);
    }
  }
  return { peak, allocations };
}

/** The vertex buffer's upload bytes (a committed UPLOAD buffer of its own, as in lessons 14–16). */
function vertexBufferBytes(run: LessonRun): number {
  const id = run.out.vertexBuffer as number | undefined;
  const e = run.sys.trace.events.find((x) => x.k === 'alloc' && x.res === id);
  return e && e.k === 'alloc' ? e.size : 0;
}

/** Textures whose modelled texels are not their colour after the copies (a ring span reused too early shows here). */
function wrongTextures(run: LessonRun): number[] {
  const ids = (run.out.textures as number[] | undefined) ?? [];
  const bad: number[] = [];
  ids.forEach((id, t) => {
    const r = run.sys.object(id);
    if (!(r instanceof ID3D12Resource)) return bad.push(t);
    const st = r.storage();
    const c = colourOf(t);
    for (let y = 0; y < TexSize; y += 7)
      for (let x = 0; x < TexSize; x += 7)
        if ([0, 1, 2, 3].some((k) => st[y * 256 + x * 4 + k] !== c[k])) return bad.push(t);
  });
  return bad;
}

/** Cells the check reads back: the diagonal, plus the last texture. */
export const PROBED = [0, 11, 22, 33, 44, 55, 66, 77, 88, 99, 9, 90];

export const lessonA2 = defineLesson(meta, {
  source,
  shaders: { hlsl: TEXTURED_HLSL, wgsl: TEXTURED_WGSL },
  run(env) {
    const run = runLessonCode(main, env);
    const rows = (run.out.rows as RingRow[] | undefined) ?? [];
    const { peak, allocations } = uploadPeak(run);
    run.out.table = {
      title: {
        en: `The upload ring frame by frame (${KiB(RingSize)}; upload memory at its peak: ${KiB(peak)} in ${allocations} allocations)`,
        zh: `上传环逐帧情况（${KiB(RingSize)}；上传内存峰值：${KiB(peak)}，共 ${allocations} 次分配）`,
      },
      columns: [
        { en: 'Frame', zh: '帧' },
        { en: 'Textures', zh: '纹理数' },
        { en: 'Ring offsets', zh: '环内偏移' },
        { en: 'Wrapped to 0', zh: '回绕到 0' },
        { en: 'Waited for fence (ring full)', zh: '因环满而等待的围栏值' },
        { en: 'Signal value', zh: 'Signal 值' },
      ],
      rows: rows.map((r) => [
        r.frame,
        r.textures,
        r.first < 0 ? '—' : `${KiB(r.first)} → ${KiB(r.last)}`,
        r.wrapped ? 'yes' : '—',
        r.waits.length ? r.waits.join(', ') : '—',
        r.signalled,
      ]),
      testId: 'ring-table',
    };
    return run;
  },
  async check(run, pixels: PixelReader) {
    const items: CheckItem[] = [];
    const { peak, allocations } = uploadPeak(run);
    const bound = RingSize + vertexBufferBytes(run);
    items.push({
      level: 'correct',
      ok: peak > 0 && peak <= bound,
      what: {
        en: `upload memory bounded: at most the ring (${KiB(RingSize)}) plus the vertex buffer live at once, measured on the heap timeline`,
        zh: `上传内存有上限：同时存在的上传内存至多为环（${KiB(RingSize)}）加顶点缓冲，按堆时间线测得`,
      },
      expected: `≤ ${KiB(bound)}`,
      got: `${KiB(peak)} at the peak (${allocations} UPLOAD allocations)`,
    });
    const ids = (run.out.textures as number[] | undefined) ?? [];
    const bad = wrongTextures(run);
    items.push({
      level: 'correct',
      ok: ids.length === TextureCount && bad.length === 0,
      what: {
        en: `all ${TextureCount} textures hold their own texels after the copies (none read a reused ring span)`,
        zh: `复制之后全部 ${TextureCount} 张纹理都是各自的纹素（没有读到被提前复用的环空间）`,
      },
      expected: `${TextureCount} textures, 0 wrong`,
      got: `${ids.length} textures, ${bad.length} wrong${bad.length ? ` (${bad.slice(0, 5).join(', ')})` : ''}`,
    });
    for (const t of PROBED.filter((t) => t < ids.length)) {
      const [x, y] = cellOf(t);
      items.push(
        await pixelItem(pixels, x + Cell / 2, y + Cell / 2, colourOf(t) as RGBA, {
          en: `texture ${t} is drawn in its cell`,
          zh: `纹理 ${t} 画在它的格子里`,
        }),
      );
    }
    return items;
  },
});

export default lessonA2;
