// Lesson A9: lesson 19's work with legacy barriers and with enhanced barriers side by side. Correct: both paths give
// the expected state / layout history, nothing raised; each bug fails the check with the layer on and off, with its
// message only with the layer, and wrong-layout makes the draw's read of the enhanced texture a hazard (sampled black).
import { describe, expect, it } from 'vitest';
import { checkLesson } from '../runner';
import { EXPECTED, historyOf, lessonA9 } from './index';

const env = (bugs: string[] = [], debugLayer = true) => ({ debugLayer, bugs: new Set(bugs), width: 64, height: 64 });
const ids = (run: ReturnType<typeof lessonA9.run>) => ({
  legacy: run.out.legacy as number,
  enhanced: run.out.enhanced as number,
});

describe('lesson A9: enhanced barriers', () => {
  it('correct: legacy states and enhanced layouts as expected; no message, no hazard; check passes from the model alone', async () => {
    for (const debugLayer of [true, false]) {
      const run = lessonA9.run(env([], debugLayer));
      expect(run.stopped).toBeNull();
      expect(run.out.enhancedBarriersSupported).toBe(true);
      expect(run.sys.messages).toEqual([]);
      expect(run.sys.trace.events.filter((e) => e.k === 'hazard')).toEqual([]);
      for (const x of EXPECTED) expect(historyOf(run, ids(run)[x.res], x.sub)).toBe(x.history);
      const report = await checkLesson(lessonA9, run, null, env([], debugLayer));
      // no WebGPU here: the pixel items cannot pass, every model item does
      expect(report.items.filter((i) => !i.ok).map((i) => i.got)).toEqual(
        Array(4).fill('no WebGPU: the pixel could not be read back'),
      );
    }
  });

  const cases: [string, string, string][] = [
    ['wrong-layout', 'the trace', 'INCOMPATIBLE_BARRIER_LAYOUT'],
    ['layout-before-mismatch', "every barrier's Before", 'INCOMPATIBLE_BARRIER_LAYOUT'],
    ['sync-none-with-access', "every enhanced barrier's sync", 'INCOMPATIBLE_BARRIER_SYNC'],
  ];
  for (const [bug, item, msg] of cases)
    it(`${bug}: ${msg} only with the layer; the check item '${item}…' fails either way`, async () => {
      for (const debugLayer of [true, false]) {
        const run = lessonA9.run(env([bug], debugLayer));
        expect(run.stopped).toBeNull();
        expect(run.sys.messages.map((m) => m.id)).toEqual(debugLayer ? [msg] : []);
        const report = await checkLesson(lessonA9, run, null, env([bug], debugLayer));
        expect(report.status).toBe('fail');
        expect(report.items.find((i) => i.what.en.startsWith(item))?.ok).toBe(false);
      }
    });

  it('wrong-layout: the draw reads mip 1 in the RENDER_TARGET layout — a hazard the executor samples as black; the legacy half is untouched', () => {
    const run = lessonA9.run(env(['wrong-layout']));
    const m = run.sys.messages[0];
    expect(m.args).toMatchObject({ layout: 'RENDER_TARGET', subresource: 1 });
    const h = run.sys.trace.events.filter((e) => e.k === 'hazard');
    expect(h.map((e) => e.k === 'hazard' && [e.kind, e.res, e.detail.outcome])).toEqual([
      ['invalid-state', ids(run).enhanced, 'black'],
    ]);
    expect(historyOf(run, ids(run).enhanced, 1)).toBe(
      'layout COMMON (initial) → layout COPY_DEST (barrier) → layout RENDER_TARGET (barrier)',
    );
  });

  it('layout-before-mismatch: the message names the layout mip 1 was really in (COPY_DEST)', () => {
    const run = lessonA9.run(env(['layout-before-mismatch']));
    expect(run.sys.messages[0].args).toMatchObject({
      layout: 'COPY_DEST',
      expected: 'LayoutBefore COMMON',
      subresource: 1,
    });
  });
});
