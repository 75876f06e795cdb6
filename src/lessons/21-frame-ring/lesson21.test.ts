// Lesson 21: the frame ring. Correct: 63 frames, three in flight, each slot's allocator Reset only after the fence
// value of its previous frame; GPU-bound (the default 8 ms a frame against 4 ms of CPU work) the CPU waits ~4 ms a
// frame, CPU-bound (GPU 1 ms) it never waits. reset-before-wait: harmless while CPU-bound, COMMAND_ALLOCATOR_SYNC
// (layer on) and dropped frames (the executor's plan, layer on or off) once the GPU is the slower side.
import { describe, expect, it } from 'vitest';
import { checkLesson } from '../runner';
import { planReplay } from '../../gpu/executor/plan';
import type { LessonEnv } from '../types';
import { FrameTotal, GradedFrame, type FrameRow } from './code';
import { lesson21, unsafeResets, waitedMs } from './index';

const env = (bugs: string[] = [], debugLayer = true, gpuMs?: number): LessonEnv => ({
  debugLayer,
  bugs: new Set(bugs),
  width: 64,
  height: 64,
  ...(gpuMs ? { params: { gpuMs } } : {}),
});

describe('lesson 21: frame ring', () => {
  it('correct, GPU-bound by default: the CPU waits about 4 ms a frame at the fence; no message, no unsafe reset', async () => {
    const run = lesson21.run(env());
    expect(run.stopped).toBeNull();
    expect(run.sys.messages).toEqual([]);
    const rows = run.out.rows as FrameRow[];
    expect(rows).toHaveLength(FrameTotal);
    expect(rows.slice(0, 4).map((r) => [r.slot, r.backBuffer, r.awaited, r.signalled])).toEqual([
      [1, 0, '0', '1'],
      [2, 1, '0', '2'],
      [0, 2, '0', '3'],
      [1, 0, '1', '4'],
    ]);
    const w = waitedMs(run);
    expect(w.get(GradedFrame)).toBeGreaterThan(3.5);
    expect(w.get(GradedFrame)).toBeLessThan(4.5);
    expect(unsafeResets(run)).toEqual([]);
    const report = await checkLesson(lesson21, run, null, env());
    expect(report.items.filter((i) => !i.ok).every((i) => i.got.startsWith('no WebGPU'))).toBe(true);
    expect(lesson21.gradeAt!(run)).toBe(rows[GradedFrame - 1].present);
    expect(lesson21.frames!(run)).toEqual(rows.map((r) => r.present));
  });

  it('correct, CPU-bound (GPU 1 ms a frame): the CPU never waits', () => {
    const run = lesson21.run(env([], true, 1));
    expect(run.sys.messages).toEqual([]);
    expect([...waitedMs(run).values()].filter((ms) => ms > 0.01)).toEqual([]);
  });

  it('reset-before-wait while CPU-bound: no message, no hazard (the race is there, it just never loses)', () => {
    const run = lesson21.run(env(['reset-before-wait'], true, 1));
    expect(run.sys.messages).toEqual([]);
    expect(unsafeResets(run)).toEqual([]);
  });

  it('reset-before-wait, GPU-bound: COMMAND_ALLOCATOR_SYNC at the Resets (layer on only); the graded frame is dropped either way', async () => {
    for (const debugLayer of [true, false]) {
      const run = lesson21.run(env(['reset-before-wait'], debugLayer));
      expect(run.stopped).toBeNull();
      const unsafe = unsafeResets(run);
      expect(unsafe.length).toBeGreaterThan(50);
      const msgs = run.sys.messages.filter((m) => m.id === 'COMMAND_ALLOCATOR_SYNC');
      expect(msgs.length).toBe(debugLayer ? unsafe.length : 0);
      const call = run.sys.trace.events.find((e) => e.k === 'call' && msgs[0] && e.i === msgs[0].callIndex);
      if (debugLayer) expect(call && call.k === 'call' && call.api).toBe('ID3D12CommandAllocator::Reset');
      // the executor drops the graded frame's submission: the GPU read command memory already overwritten
      const plan = planReplay(run.sys, lesson21.gradeAt!(run));
      expect(plan.submissions.at(-1)?.commandMemoryReused).toBe(true);
      const report = await checkLesson(lesson21, run, null, env(['reset-before-wait'], debugLayer));
      expect(report.status).toBe('fail');
      expect(report.items.find((i) => i.expected.includes('0 unsafe resets'))?.ok).toBe(false);
    }
    // the correct run replays every frame
    const ok = lesson21.run(env());
    expect(planReplay(ok.sys, ok.sys.callIndex).submissions.some((s) => s.commandMemoryReused)).toBe(false);
  });
});
