// Each lesson's check against the model alone (no WebGPU: pixel items report "could not be read back").
import { describe, expect, it } from 'vitest';
import { LESSON_LIST } from './index';
import { checkLesson } from './runner';
import type { LessonDef, LessonEnv } from './types';

const env = (bugs: string[] = [], debugLayer = true): LessonEnv => ({
  debugLayer,
  bugs: new Set(bugs),
  width: 64,
  height: 64,
});

async function grade(def: LessonDef, e: LessonEnv) {
  const run = def.run(e);
  return { run, report: await checkLesson(def, run, def.canvas ? null : null, e) };
}

describe.each(LESSON_LIST.map((l) => [l.entry.id, l] as const))('lesson %s', (_id, def) => {
  it('correct variant: builds and runs with no debug-layer error; correct unless it needs pixels', async () => {
    const { report, run } = await grade(def, env());
    const failing = report.items.filter((i) => !i.ok);
    if (def.canvas) {
      expect(failing.every((i) => i.got.startsWith('no WebGPU'))).toBe(true);
      expect(report.level).toBe('runs');
    } else {
      expect(failing).toEqual([]);
      expect(report.level).toBe('correct');
    }
    expect(run.stopped).toBeNull();
  });

  for (const bug of def.bugs) {
    it(`bug ${bug.id}: the check fails or drops a level; its messages appear only with the debug layer`, async () => {
      const { report, run } = await grade(def, env([bug.id]));
      expect(report.status).toBe('fail');
      const correct = await grade(def, env());
      const order = ['none', 'builds', 'runs', 'correct'];
      const dropped = order.indexOf(report.level) < order.indexOf(correct.report.level);
      const ownFails = report.items.some((i) => !i.ok && !i.got.startsWith('no WebGPU'));
      expect(dropped || ownFails).toBe(true);
      for (const m of bug.messages) expect(run.sys.messages.map((x) => x.id)).toContain(m);
      const off = def.run(env([bug.id], false));
      for (const m of bug.messages) expect(off.sys.messages.map((x) => x.id)).not.toContain(m);
    });
  }
});

describe('lesson 01 with the live WebGPU adapter', () => {
  it('lists it beside the modelled ones and still picks the high-performance GPU', async () => {
    const { lesson01 } = await import('./01-adapters');
    const e = {
      ...env(),
      liveAdapter: { description: 'SwiftShader Device', vendor: 'google', maxBufferSize: 2 ** 31 },
    };
    const run = lesson01.run(e);
    const rows = (run.out.table as { rows: string[][]; highlight: number }).rows;
    expect(rows.map((r) => r[0])).toContain('WebGPU: SwiftShader Device');
    expect(rows[(run.out.table as { highlight: number }).highlight][0]).toBe('Modelled Discrete GPU');
    expect((await checkLesson(lesson01, run, null, e)).status).toBe('pass');
  });
});
