import { defineLesson } from '../define';
import { runLessonCode } from '../runner';
import type { CheckItem, LessonRun } from '../types';
import { pixelItem } from '../common/checks';
import { TEXTURED_HLSL, TEXTURED_WGSL } from '../14-texture-states/shaders';
import { Frames, imageColor, main } from './code';
import source from './code.ts?raw';
import meta from './meta';

interface Bar {
  queue: 'copy' | 'direct';
  start: number;
  end: number;
  submitCall: number;
}

/** The executions on the modelled GPU timeline of the two queues, in ms. */
export function gpuBars(run: LessonRun): Bar[] {
  const q = run.out.queues as { copy: number; direct: number } | undefined;
  if (!q) return [];
  const bars: Bar[] = [];
  for (const e of run.sys.trace.events)
    if (e.k === 'gpu' && (e.queue === q.copy || e.queue === q.direct))
      bars.push({
        queue: e.queue === q.copy ? 'copy' : 'direct',
        start: e.start / 1e6,
        end: e.end / 1e6,
        submitCall: e.submitCall,
      });
  return bars;
}

/** Copy executions that ran while a direct-queue execution ran (the overlap the copy queue is for), ms of overlap. */
export function overlaps(run: LessonRun): { pairs: number; ms: number } {
  const bars = gpuBars(run);
  let pairs = 0;
  let ms = 0;
  for (const c of bars.filter((b) => b.queue === 'copy'))
    for (const d of bars.filter((b) => b.queue === 'direct')) {
      const o = Math.min(c.end, d.end) - Math.max(c.start, d.start);
      if (o > 1e-9) {
        pairs++;
        ms += o;
      }
    }
  return { pairs, ms };
}

/** The model's cross-queue hazards: a queue used a texture another queue was still writing, unsynchronised. */
export const races = (run: LessonRun) =>
  run.sys.trace.events.filter((e) => e.k === 'hazard' && e.kind === 'cross-queue-race');

export const lessonA7 = defineLesson(meta, {
  source,
  shaders: { hlsl: TEXTURED_HLSL, wgsl: TEXTURED_WGSL },
  run(env) {
    const run = runLessonCode(main, env);
    const bars = gpuBars(run);
    if (bars.length)
      run.out.table = {
        title: {
          en: 'The two queues on the modelled GPU timeline (each execution, ms)',
          zh: '模拟 GPU 时间线上的两个队列（每次执行，毫秒）',
        },
        columns: [
          { en: 'Queue', zh: '队列' },
          { en: 'ExecuteCommandLists (call)', zh: 'ExecuteCommandLists（调用）' },
          { en: 'GPU start (ms)', zh: 'GPU 开始（毫秒）' },
          { en: 'GPU end (ms)', zh: 'GPU 结束（毫秒）' },
        ],
        rows: bars
          .slice()
          .sort((a, b) => a.start - b.start || a.submitCall - b.submitCall)
          .map((b) => [
            b.queue === 'copy' ? 'COPY' : 'DIRECT',
            String(b.submitCall),
            b.start.toFixed(3),
            b.end.toFixed(3),
          ]),
        testId: 'queues-table',
      };
    return run;
  },
  async check(run, pixels) {
    const o = overlaps(run);
    const r = races(run);
    const last = imageColor(Frames);
    const items: CheckItem[] = [
      {
        level: 'correct',
        ok: o.pairs >= Frames - 1,
        what: {
          en: "the copy queue's uploads overlap the direct queue's rendering on the modelled GPU timeline",
          zh: '在模拟 GPU 时间线上，复制队列的上传与直接队列的渲染相互重叠',
        },
        expected: `≥ ${Frames - 1} overlapping copy/draw executions`,
        got: `${o.pairs} overlapping (${o.ms.toFixed(2)} ms in all)`,
      },
      {
        level: 'correct',
        ok: r.length === 0,
        what: {
          en: 'no hazard: the direct queue never read a texture the copy queue was still writing',
          zh: '无冒险：直接队列从未读取复制队列仍在写入的纹理',
        },
        expected: '0 cross-queue races',
        got: r.length
          ? r.map((e) => `ExecuteCommandLists call ${e.i}: resource #${e.k === 'hazard' ? e.res : 0}`).join('; ')
          : '0',
      },
    ];
    for (const y of [2, 61])
      items.push(
        await pixelItem(pixels, 32, y, last, {
          en: `the last frame shows image ${Frames} (${y < 32 ? 'top' : 'bottom'} row of the texture)`,
          zh: `最后一帧显示第 ${Frames} 幅图像（纹理的${y < 32 ? '顶部' : '底部'}一行）`,
        }),
      );
    return items;
  },
});

export default lessonA7;
