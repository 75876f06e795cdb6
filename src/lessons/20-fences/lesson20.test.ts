// Lesson 20: Signal / SetEventOnCompletion / WaitForSingleObject with a timeout. The correct run waits three times
// and each wait ends with WAIT_OBJECT_0; fence-not-incremented waits for a value nobody signals: WAIT_TIMEOUT after
// the 2000 ms timeout (modelled time), reported, no hang, and no debug message (the runtime does not check values).
import { describe, expect, it } from 'vitest';
import { checkLesson } from '../runner';
import type { FenceRow } from './code';
import { lesson20, waitedMs } from './index';

const env = (bugs: string[] = [], debugLayer = true) => ({ debugLayer, bugs: new Set(bugs), width: 64, height: 64 });

describe('lesson 20: fences', () => {
  it('correct: three waits end with WAIT_OBJECT_0, values 1, 2, 3; check passes from the model alone', async () => {
    const run = lesson20.run(env());
    expect(run.stopped).toBeNull();
    expect(run.sys.messages).toEqual([]);
    const rows = run.out.rows as FenceRow[];
    expect(rows.map((r) => [r.signalled, r.awaited, r.wait, r.after])).toEqual([
      ['1', '1', 'WAIT_OBJECT_0', '1'],
      ['2', '2', 'WAIT_OBJECT_0', '2'],
      ['3', '3', 'WAIT_OBJECT_0', '3'],
    ]);
    // each wait lasts about one modelled GPU list (1 ms), far below the timeout
    expect(waitedMs(run).every((ms) => ms > 0 && ms < 2)).toBe(true);
    expect(run.sys.trace.events.filter((e) => e.k === 'wait').every((e) => e.k === 'wait' && !e.timedOut)).toBe(true);
    const report = await checkLesson(lesson20, run, null, env());
    expect(report).toMatchObject({ status: 'pass', level: 'correct' });
    expect((run.out.table as { rows: string[][] }).rows.length).toBe(3);
  });

  it('fence-not-incremented: WAIT_TIMEOUT after 2000 ms, expected 1 vs reached 0; no message; check drops to runs', async () => {
    for (const debugLayer of [true, false]) {
      const run = lesson20.run(env(['fence-not-incremented'], debugLayer));
      expect(run.stopped).toBeNull();
      expect(run.sys.messages).toEqual([]);
      const rows = run.out.rows as FenceRow[];
      expect(rows).toEqual([
        { submission: 1, signalled: '0', awaited: '1', before: '0', wait: 'WAIT_TIMEOUT', after: '0' },
      ]);
      const wait = run.sys.trace.events.find((e) => e.k === 'wait');
      expect(wait && wait.k === 'wait' && wait.timedOut && !wait.deadlock).toBe(true);
      expect(waitedMs(run)).toEqual([2000]);
      const report = await checkLesson(lesson20, run, null, env(['fence-not-incremented'], debugLayer));
      expect(report).toMatchObject({ status: 'fail', level: 'runs' });
      expect(report.items.find((i) => i.level === 'correct')?.got).toBe(
        'submission 1: WAIT_TIMEOUT after 2000 ms, awaited 1, reached 0',
      );
    }
  });
});
