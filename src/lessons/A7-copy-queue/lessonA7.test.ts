// Lesson A7: uploads on a COPY queue overlapping rendering on the DIRECT queue, ordered by a queue Wait on the copy
// fence. Without the Wait the draw reads the texture the copy engine is still writing: a hazard (no message with the
// layer on or off: the real layer does not flag cross-queue reads), and the replay shows the texture torn.
import { describe, expect, it } from 'vitest';
import {
  D3D12_RESOURCE_STATE_COMMON,
  D3D12_RESOURCE_STATE_COPY_DEST,
  D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE,
} from '../../core';
import { planReplay } from '../../gpu/executor/plan';
import { readRaces } from '../../gpu/executor/race';
import { checkLesson } from '../runner';
import { Frames } from './code';
import { lessonA7, overlaps, races } from './index';

const env = (bugs: string[] = [], debugLayer = true) => ({ debugLayer, bugs: new Set(bugs), width: 64, height: 64 });

describe('lesson A7: copy queue and cross-queue fences', () => {
  it('correct: copies overlap draws, no hazard, no message; textures promoted and decayed through COMMON', async () => {
    const run = lessonA7.run(env());
    expect(run.stopped).toBeNull();
    expect(run.sys.messages).toEqual([]);
    expect(overlaps(run).pairs).toBeGreaterThanOrEqual(Frames - 1);
    expect(races(run)).toEqual([]);
    const tex = (run.out.textures as number[])[0];
    const q = run.out.queues as { copy: number; direct: number };
    const changes = run.sys.trace.events.filter((e) => e.k === 'state' && e.res === tex);
    // on the copy queue: COMMON → COPY_DEST (promotion), then decay; on the direct queue: COMMON → PSR, then decay
    expect(
      changes.some(
        (e) =>
          e.k === 'state' && e.kind === 'promotion' && e.queue === q.copy && e.after === D3D12_RESOURCE_STATE_COPY_DEST,
      ),
    ).toBe(true);
    expect(
      changes.some(
        (e) =>
          e.k === 'state' &&
          e.kind === 'promotion' &&
          e.queue === q.direct &&
          e.after === D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE,
      ),
    ).toBe(true);
    expect(
      changes
        .filter((e) => e.k === 'state' && e.kind === 'decay')
        .every((e) => e.k === 'state' && e.after === D3D12_RESOURCE_STATE_COMMON),
    ).toBe(true);
    expect(run.sys.trace.events.some((e) => e.k === 'submit' && e.queue === q.copy)).toBe(true);
    const report = await checkLesson(lessonA7, run, null, env());
    expect(report.items.filter((i) => !i.ok).every((i) => i.got.startsWith('no WebGPU'))).toBe(true);
  });

  it('no-cross-queue-wait: each draw races its upload (hazard only, no message on or off); the replay tears the texture', async () => {
    for (const debugLayer of [true, false]) {
      const run = lessonA7.run(env(['no-cross-queue-wait'], debugLayer));
      expect(run.stopped).toBeNull();
      expect(run.sys.messages).toEqual([]);
      expect(races(run).length).toBe(Frames);
      const plan = planReplay(run.sys, run.sys.callIndex);
      const torn = readRaces(run.sys.trace.events, plan.submissions);
      expect(torn.length).toBe(Frames);
      expect(torn.every((r) => r.done < 0.1)).toBe(true);
      const report = await checkLesson(lessonA7, run, null, env(['no-cross-queue-wait'], debugLayer));
      expect(report.status).toBe('fail');
      expect(report.items.find((i) => i.what.en.startsWith('no hazard'))?.ok).toBe(false);
    }
  });
});
