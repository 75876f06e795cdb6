// Lesson A8: the cache evicts and makes resident to stay under the budget QueryVideoMemoryInfo reports, and the
// usage measured from the trace agrees with the model's own CurrentUsage; ignore-budget goes past the budget.
import { describe, expect, it } from 'vitest';
import { checkLesson } from '../runner';
import { lessonA8, localUsage, usagePerFrame } from './index';
import { PATH, type ResidencyRow } from './code';

const env = (bugs: string[] = [], debugLayer = true) => ({ debugLayer, bugs: new Set(bugs), width: 64, height: 64 });

describe('lesson A8: budget and residency', () => {
  it('correct: evicts and makes resident under pressure, the measured peak stays under the budget', async () => {
    const run = lessonA8.run(env());
    expect(run.stopped).toBeNull();
    expect(run.sys.messages).toEqual([]);
    const rows = run.out.rows as ResidencyRow[];
    expect(rows.some((r) => r.evicted.length > 0)).toBe(true);
    expect(rows.some((r) => r.madeResident.length > 0)).toBe(true);
    const budget = run.out.budget as number;
    const points = localUsage(run);
    expect(points[points.length - 1].bytes).toBe(run.out.finalUsage);
    expect(Math.max(...points.map((p) => p.bytes))).toBeLessThanOrEqual(budget);
    expect(usagePerFrame(run)).toHaveLength(PATH.length);
    const report = await checkLesson(lessonA8, run, null, env());
    expect(report.items.filter((i) => !i.ok).every((i) => i.got.startsWith('no WebGPU'))).toBe(true);
  });

  it('ignore-budget: no message, no eviction, the measured usage passes the budget and the check fails on it', async () => {
    for (const debugLayer of [true, false]) {
      const run = lessonA8.run(env(['ignore-budget'], debugLayer));
      expect(run.stopped).toBeNull();
      expect(run.sys.messages).toEqual([]);
      const rows = run.out.rows as ResidencyRow[];
      expect(rows.every((r) => r.evicted.length === 0 && r.budget === null)).toBe(true);
      const points = localUsage(run);
      expect(points[points.length - 1].bytes).toBe(run.out.finalUsage);
      expect(Math.max(...points.map((p) => p.bytes))).toBeGreaterThan(run.out.budget as number);
      const report = await checkLesson(lessonA8, run, null, env(['ignore-budget'], debugLayer));
      const own = report.items.filter((i) => !i.ok && !i.got.startsWith('no WebGPU')).map((i) => i.what.en);
      expect(own).toEqual([expect.stringContaining('stays within budget')]);
    }
  });
});
