import { D3D12System } from '../../core';
import { defineLesson } from '../define';
import { runLessonCode } from '../runner';
import { controlValue, type CheckItem, type LessonControl, type LessonRun } from '../types';
import { pixelItem, type RGBA } from '../common/checks';
import { TRIANGLE_HLSL, TRIANGLE_WGSL } from '../common/shaders';
import {
  CLEAR,
  CpuWorkMs,
  FramesInFlight,
  FrameTotal,
  GradedFrame,
  SQUARE,
  type FrameRow,
  main,
  squareLeft,
} from './code';
import source from './code.ts?raw';
import meta from './meta';

/** The "GPU slowdown" knob: the model's gpuMsPerList, the GPU time each executed command list takes. */
export const GPU_MS: LessonControl = {
  id: 'gpuMs',
  kind: 'range',
  min: 1,
  max: 16,
  step: 1,
  default: 8,
  unit: 'ms',
  label: {
    en: "GPU slowdown: GPU time per frame (the model's gpuMsPerList)",
    zh: 'GPU 减速：每帧的 GPU 时间（模型的 gpuMsPerList）',
  },
};

const rowsOf = (run: LessonRun) => (run.out.rows as FrameRow[] | undefined) ?? [];
const rgb = (c: number[]): RGBA => [Math.round(c[0] * 255), Math.round(c[1] * 255), Math.round(c[2] * 255), 255];
export const ORANGE: RGBA = [255, 153, 0, 255];
export const BACKGROUND: RGBA = rgb(CLEAR);

/** Modelled ms the CPU waited in each frame (the `wait` trace events between one Present and the next). */
export function waitedMs(run: LessonRun): Map<number, number> {
  const rows = rowsOf(run);
  const out = new Map<number, number>();
  let k = 0;
  for (const e of run.sys.trace.events) {
    if (e.k !== 'wait') continue;
    while (k < rows.length && rows[k].present < e.i) k++;
    if (k >= rows.length) break;
    out.set(rows[k].frame, (out.get(rows[k].frame) ?? 0) + (e.end - e.start) / 1e6);
  }
  return out;
}

/** Allocator resets the model found unsafe (the GPU still ran the slot's previous frame), by frame. */
export function unsafeResets(run: LessonRun): number[] {
  const allocs = new Set((run.out.allocators as number[] | undefined) ?? []);
  const rows = rowsOf(run);
  const frames: number[] = [];
  for (const e of run.sys.trace.events) {
    if (e.k !== 'hazard' || e.kind !== 'command-memory-reused' || !allocs.has(e.res)) continue;
    const row = rows.find((r) => r.present > e.i);
    if (row) frames.push(row.frame);
  }
  return frames;
}

export const lesson21 = defineLesson(meta, {
  source,
  shaders: { hlsl: TRIANGLE_HLSL, wgsl: TRIANGLE_WGSL },
  controls: [GPU_MS],
  run(env) {
    const gpuMsPerList = controlValue(GPU_MS, env);
    const run = runLessonCode(main, env, () => new D3D12System({ settings: { keepGpuReads: true, gpuMsPerList } }));
    const rows = rowsOf(run);
    const waited = waitedMs(run);
    const shown = rows.filter((r) => r.frame <= 6 || r.frame > FrameTotal - 6);
    run.out.table = {
      title: {
        en: `The ring, frame by frame (frames 1–6 and ${FrameTotal - 5}–${FrameTotal}; GPU ${gpuMsPerList} ms a frame, CPU ${CpuWorkMs} ms)`,
        zh: `逐帧看帧环（第 1–6 帧和第 ${FrameTotal - 5}–${FrameTotal} 帧；GPU 每帧 ${gpuMsPerList} 毫秒，CPU ${CpuWorkMs} 毫秒）`,
      },
      columns: [
        { en: 'Frame', zh: '帧' },
        { en: 'Slot', zh: '槽位' },
        { en: 'Back buffer', zh: '后台缓冲' },
        { en: 'Awaited fenceValues[slot]', zh: '等待的 fenceValues[slot]' },
        { en: 'GetCompletedValue()', zh: 'GetCompletedValue()' },
        { en: 'CPU waited (modelled ms)', zh: 'CPU 等待（模拟毫秒）' },
        { en: 'Signalled', zh: 'Signal 的值' },
      ],
      rows: shown.map((r) => [
        String(r.frame),
        String(r.slot),
        String(r.backBuffer),
        r.awaited,
        r.completedBefore,
        (waited.get(r.frame) ?? 0).toFixed(2),
        r.signalled,
      ]),
      highlight: shown.findIndex((r) => r.frame === GradedFrame),
      testId: 'ring-table',
    };
    return run;
  },
  frames: (run) => rowsOf(run).map((r) => r.present),
  gradeAt: (run) => rowsOf(run).find((r) => r.frame === GradedFrame)?.present ?? run.sys.callIndex,
  async check(run, pixels) {
    const rows = rowsOf(run);
    const unsafe = unsafeResets(run);
    const graded = rows.find((r) => r.frame === GradedFrame);
    const items: CheckItem[] = [
      {
        level: 'correct',
        ok: rows.length === FrameTotal && unsafe.length === 0,
        what: {
          en: `${FrameTotal} frames with ${FramesInFlight} in flight, and no allocator Reset while the GPU still ran its slot's previous frame`,
          zh: `${FrameTotal} 帧、${FramesInFlight} 帧在途，没有一次在 GPU 仍执行该槽位上一帧时 Reset 分配器`,
        },
        expected: `${FrameTotal} frames, 0 unsafe resets`,
        got: `${rows.length} frames, ${unsafe.length} unsafe reset(s)${unsafe.length ? `: frames ${unsafe.slice(0, 8).join(', ')}${unsafe.length > 8 ? ' …' : ''}` : ''}`,
      },
    ];
    if (!graded) return items;
    const inside = squareLeft(GradedFrame) + SQUARE / 2;
    const before = squareLeft(GradedFrame - FramesInFlight) + SQUARE / 2;
    items.push(
      await pixelItem(
        pixels,
        inside,
        32,
        ORANGE,
        {
          en: `frame ${GradedFrame}: its square is drawn at x = ${squareLeft(GradedFrame)}…${squareLeft(GradedFrame) + SQUARE - 1}`,
          zh: `第 ${GradedFrame} 帧：方块画在 x = ${squareLeft(GradedFrame)}…${squareLeft(GradedFrame) + SQUARE - 1}`,
        },
        3,
      ),
    );
    items.push(
      await pixelItem(
        pixels,
        before,
        32,
        BACKGROUND,
        {
          en: `frame ${GradedFrame}: no square left where frame ${GradedFrame - FramesInFlight} drew it in the same back buffer`,
          zh: `第 ${GradedFrame} 帧：同一个后台缓冲里第 ${GradedFrame - FramesInFlight} 帧画过方块的地方已经没有方块`,
        },
        3,
      ),
    );
    return items;
  },
});

export default lesson21;
