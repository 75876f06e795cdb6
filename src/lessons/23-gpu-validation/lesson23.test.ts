// Lesson 23: the GBV-only case (an uninitialised descriptor read through a DESCRIPTORS_VOLATILE table) is silent
// on the CPU side and reported by GBV after the GPU ran the draw; the browser's runs and break-on-severity.
import { describe, expect, it } from 'vitest';
import { checkLesson } from '../runner';
import type { LessonEnv } from '../types';
import { LESSON_LIST } from '../index';
import { lesson23 } from './index';
import { earlierLessons, nextBreak, runVariant } from './browse';

const env = (debugLayer = true): LessonEnv => ({ debugLayer, bugs: new Set(), width: 64, height: 64 });

describe('lesson 23', () => {
  it('GBV-only case: no message from the CPU-side layer, GPU_BASED_VALIDATION_DESCRIPTOR_UNINITIALIZED with GBV, after the ECL', async () => {
    const run = lesson23.run(env());
    expect(run.out.cpuOnlyMessages).toEqual([]);
    const ids = run.sys.messages.map((m) => m.id);
    expect(ids).toEqual(['GPU_BASED_VALIDATION_DESCRIPTOR_UNINITIALIZED']);
    expect(run.sys.messages[0].callIndex).toBeGreaterThan(run.out.executeCall as number);
    const report = await checkLesson(lesson23, run, null, env());
    expect(report).toMatchObject({ status: 'pass', level: 'correct' });
  });

  it('with the debug layer off, GBV cannot run either: no message, the check fails', async () => {
    const run = lesson23.run(env(false));
    expect(run.sys.messages).toEqual([]);
    expect((await checkLesson(lesson23, run, null, env(false))).status).toBe('fail');
  });

  it('the browser covers every earlier lesson with bugs; break-on-severity stops at the first message at or above it', () => {
    const lessons = earlierLessons(LESSON_LIST);
    expect(lessons.map((d) => d.entry.id)).toContain('14');
    expect(lessons.every((d) => Number(d.entry.id) < 23)).toBe(true);
    const d14 = lessons.find((d) => d.entry.id === '14')!;
    const run = runVariant(d14, 'missing-barrier');
    const first = nextBreak(run.sys.messages, 'ERROR', -1)!;
    expect(first.id).toBe('INVALID_SUBRESOURCE_STATE');
    expect(nextBreak(run.sys.messages, 'ERROR', first.callIndex)?.callIndex ?? Infinity).toBeGreaterThan(
      first.callIndex,
    );
    expect(nextBreak(runVariant(d14, null).sys.messages, 'WARNING', -1)).toBeNull();
  });
});
