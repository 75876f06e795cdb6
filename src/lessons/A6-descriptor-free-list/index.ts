import { ID3D12DescriptorHeap } from '../../core';
import { defineLesson } from '../define';
import { runLessonCode } from '../runner';
import type { CheckItem, LessonRun } from '../types';
import { pixelItem, type RGBA } from '../common/checks';
import { TEXTURED_HLSL, TEXTURED_WGSL } from '../14-texture-states/shaders';
import { COLOURS, type FreeListRow, main, quadOrigin } from './code';
import source from './code.ts?raw';
import meta from './meta';

const rowsOf = (run: LessonRun) => (run.out.rows as FreeListRow[] | undefined) ?? [];

/** Slots of the lesson's heap rewritten while a submitted frame that binds them was still executing ([DH-FREE-1]). */
export function rewrittenInFlight(run: LessonRun): { call: number; slot: number }[] {
  const heap = run.out.heap as number | undefined;
  const out: { call: number; slot: number }[] = [];
  for (const e of run.sys.trace.events)
    if (e.k === 'hazard' && e.kind === 'descriptor-overwritten-in-flight' && Number(e.detail.heap) === heap)
      out.push({ call: e.i, slot: Number(e.detail.index) });
  return out;
}

/** The texture each quad's slot names when the GPU runs the last frame (the heap as the GPU reads it then). */
export function gpuReadTextures(run: LessonRun): number[] {
  const rows = rowsOf(run);
  const heap = run.sys.object(run.out.heap as number);
  const ids = (run.out.textures as number[] | undefined) ?? [];
  if (!rows.length || !(heap instanceof ID3D12DescriptorHeap)) return [];
  return rows[rows.length - 1].slots.map((s) => ids.indexOf(heap.slots[s]?.res ?? -1));
}

export const lessonA6 = defineLesson(meta, {
  source,
  shaders: { hlsl: TEXTURED_HLSL, wgsl: TEXTURED_WGSL },
  run(env) {
    const run = runLessonCode(main, env);
    run.out.table = {
      title: {
        en: 'The free list frame by frame (slots of the shader-visible heap; retired = waiting for a fence value)',
        zh: '空闲链表逐帧情况（着色器可见堆的槽位；待回收 = 等待某个围栏值）',
      },
      columns: [
        { en: 'Frame', zh: '帧' },
        { en: 'GetCompletedValue() at start', zh: '帧开始时 GetCompletedValue()' },
        { en: 'Slots bound (quads 0–3)', zh: '绑定的槽位（四边形 0–3）' },
        { en: 'Signal value', zh: 'Signal 值' },
        { en: 'Streamer after the frame', zh: '帧后的流式更新' },
        { en: 'Free stack (top first)', zh: '空闲栈（栈顶在前）' },
        { en: 'Retired (slot @ fence value)', zh: '待回收（槽位 @ 围栏值）' },
      ],
      rows: rowsOf(run).map((r) => [
        r.frame,
        r.completed,
        r.slots.join(', '),
        r.signalled,
        r.streamed || '—',
        r.free.join(', ') || '—',
        r.retired.join(', ') || '—',
      ]),
      testId: 'free-list-table',
    };
    return run;
  },
  async check(run, pixels, env) {
    const items: CheckItem[] = [];
    const rewritten = rewrittenInFlight(run);
    items.push({
      level: 'correct',
      ok: rowsOf(run).length > 0 && rewritten.length === 0,
      what: {
        en: 'no slot of the shader-visible heap was rewritten while a frame in flight could still read it',
        zh: '着色器可见堆的任何槽位都没有在在途帧仍可能读取它时被改写',
      },
      expected: '0 slots',
      got: rewritten.length ? rewritten.map((r) => `slot ${r.slot} at call ${r.call}`).join('; ') : '0 slots',
    });
    const bound = (run.out.lastFrameTextures as number[] | undefined) ?? [];
    const read = gpuReadTextures(run);
    items.push({
      level: 'correct',
      ok: bound.length === 4 && read.join() === bound.join(),
      what: {
        en: 'the last frame: each quad reads, when the GPU runs it, the texture it bound when it was recorded',
        zh: '最后一帧：每个四边形在 GPU 执行时读到的纹理，就是录制时绑定的纹理',
      },
      expected: `textures ${bound.join(', ')}`,
      got: `textures ${read.join(', ')}`,
    });
    for (let q = 0; q < bound.length; q++) {
      const [x, y] = quadOrigin(q, env.width);
      items.push(
        await pixelItem(pixels, x + env.width / 4, y + env.height / 4, COLOURS[bound[q]] as RGBA, {
          en: `quad ${q} shows texture ${bound[q]}`,
          zh: `四边形 ${q} 显示纹理 ${bound[q]}`,
        }),
      );
    }
    return items;
  },
});

export default lessonA6;
