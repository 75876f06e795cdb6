import { D3D12System } from '../../core';
import { defineLesson } from '../define';
import { runLessonCode } from '../runner';
import type { CheckItem, LessonRun, PixelReader } from '../types';
import { CpuWorkMs, FramesPerMode, GpuMsPerFrame, SQUARE, SQUARE_TOP, Slots, main, squareLeft } from './code';
import source from './code.ts?raw';
import { at, modelledFps, readBackOf, sizeOf, stageMs, wrongPixels } from './frames';

export { expectedPixel, modelledFps, wrongPixels } from './frames';
import meta from './meta';

/** Canvas pixels compared with the last read-back frame: background corners, inside the square, beside it. */
export function probes(frame: number): [number, number][] {
  const l = squareLeft(frame);
  return [
    [0, 0],
    [63, 63],
    [l + SQUARE / 2, SQUARE_TOP + SQUARE / 2],
    [(l + SQUARE + 8) % 64, SQUARE_TOP + 4],
  ];
}

async function canvasItem(run: LessonRun, pixels: PixelReader): Promise<CheckItem> {
  const rows = readBackOf(run);
  const size = sizeOf(run);
  const last = rows.find((r) => r.frame === 2 * FramesPerMode);
  const what = {
    en: `the last frame read back (frame ${2 * FramesPerMode}, through its READBACK buffer) equals the canvas`,
    zh: `最后读回的一帧（第 ${2 * FramesPerMode} 帧，经由它的 READBACK 缓冲）与画布一致`,
  };
  const item = { level: 'correct' as const, what, expected: 'equal at 4 probes' };
  if (!last || !size) return { ...item, ok: false, got: 'no frame read back' };
  if (!pixels) return { ...item, ok: false, got: 'no WebGPU: the canvas could not be read back' };
  const bad: string[] = [];
  for (const [x, y] of probes(last.frame)) {
    const c = await pixels(x, y);
    const r = at(last.pixels, size.width, x, y);
    if ([0, 1, 2].some((k) => Math.abs(c[k] - r[k]) > 2))
      bad.push(`(${x},${y}): read back (${r.slice(0, 3).join(',')}), canvas (${c.slice(0, 3).join(',')})`);
  }
  return { ...item, ok: bad.length === 0, got: bad.length ? bad.join('; ') : 'equal at 4 probes' };
}

export const lessonA1 = defineLesson(meta, {
  source,
  run(env) {
    const run = runLessonCode(
      main,
      env,
      () => new D3D12System({ settings: { keepGpuReads: true, gpuMsPerList: GpuMsPerFrame } }),
    );
    const rows = readBackOf(run);
    const size = sizeOf(run);
    if (rows.length && size) {
      run.out.table = {
        title: {
          en: `Each frame read back (DIRECT queue ${GpuMsPerFrame} ms a frame, COPY queue the bytes over PCIe at 12 GB/s but at least ${GpuMsPerFrame} ms, CPU ${CpuWorkMs} ms of work on each read-back frame)`,
          zh: `每一帧的读回（DIRECT 队列每帧 ${GpuMsPerFrame} 毫秒，COPY 队列为字节经 PCIe（12 GB/s）传输的时间，但至少 ${GpuMsPerFrame} 毫秒，CPU 对每帧读回数据工作 ${CpuWorkMs} 毫秒）`,
        },
        columns: [
          { en: 'Frame', zh: '帧' },
          { en: 'Mode', zh: '模式' },
          { en: 'Readback buffer', zh: '回读缓冲' },
          { en: 'Copy fence value of its copy', zh: '其复制的复制围栏值' },
          { en: 'copyFence->GetCompletedValue() at Map', zh: 'Map 时的 copyFence->GetCompletedValue()' },
          { en: 'Pixels not of this frame', zh: '不属于这一帧的像素' },
        ],
        rows: rows.map((r) => [
          String(r.frame),
          r.mode,
          `readback[${r.slot}]`,
          r.value,
          r.completedAtMap,
          String(wrongPixels(r, size.width, size.height)),
        ]),
        testId: 'readback-table',
      };
      run.out.throughput = {
        blocking: modelledFps(run, 'blocking'),
        pipelined: modelledFps(run, 'pipelined'),
        slots: Slots,
        stages: stageMs(run, CpuWorkMs),
      };
    }
    return run;
  },
  async check(run, pixels) {
    const rows = readBackOf(run);
    const size = sizeOf(run);
    const wrong = size ? rows.filter((r) => wrongPixels(r, size.width, size.height) > 0) : rows;
    const blocking = modelledFps(run, 'blocking');
    const pipelined = modelledFps(run, 'pipelined');
    return [
      {
        level: 'correct',
        ok: rows.length === 2 * FramesPerMode && wrong.length === 0,
        what: {
          en: 'every frame read back after its fence is the frame that was rendered',
          zh: '每一帧在围栏之后读回的数据都是当时渲染的那一帧',
        },
        expected: `${2 * FramesPerMode} frames, 0 wrong`,
        got: `${rows.length} frames, ${wrong.length} wrong${wrong.length ? `: frames ${wrong.map((r) => r.frame).join(', ')}` : ''}`,
      },
      await canvasItem(run, pixels),
      {
        level: 'correct',
        ok: blocking > 0 && pipelined >= blocking,
        what: {
          en: `pipelined readback (${Slots} frames in flight) is at least as fast as blocking, in frames per modelled second`,
          zh: `流水线回读（${Slots} 帧在途）至少和阻塞回读一样快（按每模拟秒帧数）`,
        },
        expected: 'pipelined ≥ blocking',
        got: `blocking ${blocking.toFixed(1)} fps, pipelined ${pipelined.toFixed(1)} fps (× ${(pipelined / (blocking || 1)).toFixed(2)})`,
      },
    ];
  },
});

export default lessonA1;
