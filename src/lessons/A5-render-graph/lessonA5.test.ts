// Lesson A5: the bloom graph compiles to an aliased placement (BlurB over Bright) with one ALIASING barrier, no
// message and no hazard; missing-aliasing-barrier leaves the model's aliasing-corruption hazard and still no message
// (the real layer has none); overlap-lifetimes is refused by the graph compile, naming both resources and the pass.
import { describe, expect, it } from 'vitest';
import { checkLesson } from '../runner';
import { lessonA5 } from './index';

const env = (bugs: string[] = [], debugLayer = true) => ({ debugLayer, bugs: new Set(bugs), width: 64, height: 64 });
const hazards = (run: ReturnType<typeof lessonA5.run>, kind: string) =>
  run.sys.trace.events.filter((e) => e.k === 'hazard' && e.kind === kind);

describe('lesson A5: render graph', () => {
  it('correct: three 64 KiB slots instead of four, BlurB over Bright behind an ALIASING barrier, no message or hazard', async () => {
    const run = lessonA5.run(env());
    expect(run.stopped).toBeNull();
    expect(run.sys.messages).toEqual([]);
    expect(run.out.heapBytes).toBe(192 * 1024);
    expect(run.out.unaliasedBytes).toBe(256 * 1024);
    expect(hazards(run, 'aliasing-corruption')).toEqual([]);
    expect(hazards(run, 'aliased-not-initialized')).toEqual([]);
    const barriers = run.out.barriers as { rows: string[][] };
    const alias = barriers.rows.filter((r) => r[1] === 'ALIASING');
    expect(alias).toEqual([['before 3 BlurV', 'ALIASING', 'BlurB', 'ResourceBefore Bright → ResourceAfter BlurB']]);
    expect(barriers.rows.filter((r) => r[2] === 'BackBuffer').map((r) => r[3])).toEqual([
      'PRESENT → RENDER_TARGET',
      'RENDER_TARGET → PRESENT',
    ]);
    const report = await checkLesson(lessonA5, run, null, env());
    expect(report.items.filter((i) => !i.ok).every((i) => i.got.startsWith('no WebGPU'))).toBe(true);
    expect(report.items.find((i) => i.what.en.startsWith('every aliased'))?.ok).toBe(true);
  });

  it('missing-aliasing-barrier: the aliasing-corruption hazard on BlurB over Bright, no debug-layer message', async () => {
    for (const debugLayer of [true, false]) {
      const run = lessonA5.run(env(['missing-aliasing-barrier'], debugLayer));
      expect(run.stopped).toBeNull();
      expect(run.sys.messages).toEqual([]);
      const h = hazards(run, 'aliasing-corruption');
      expect(h).toHaveLength(1);
      const name = (id: unknown) => run.sys.object(Number(id))?.name;
      expect(h[0].k === 'hazard' && [name(h[0].res), name(h[0].detail.other)]).toEqual([
        'BlurB (aliased)',
        'Bright (aliased)',
      ]);
      const report = await checkLesson(lessonA5, run, null, env(['missing-aliasing-barrier'], debugLayer));
      expect(report.status).toBe('fail');
      expect(report.items.find((i) => i.what.en.startsWith('every aliased'))?.ok).toBe(false);
    }
  });

  it('overlap-lifetimes: the compile names Bright, BlurA and pass BlurH; nothing is submitted', async () => {
    const run = lessonA5.run(env(['overlap-lifetimes']));
    expect(run.stopped?.what).toBe(
      "render graph compile: 'Bright' and 'BlurA' share heap bytes but are both alive in pass 'BlurH'",
    );
    expect(run.sys.trace.events.some((e) => e.k === 'call' && /ExecuteCommandLists/.test(e.api))).toBe(false);
    expect(run.sys.messages).toEqual([]);
    const report = await checkLesson(lessonA5, run, null, env(['overlap-lifetimes']));
    expect(report.level).toBe('none');
    expect(report.items.find((i) => i.what.en.startsWith('the graph compiles'))?.got).toMatch(/overlap-lifetimes/);
  });
});
