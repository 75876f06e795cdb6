// Lesson A3: placed resources at aligned offsets on a Tier 1 and a Tier 2 GPU, the albedo texture committed / placed /
// reserved with each one's measured memory cost, and unaligned-placement: CreatePlacedResource returns E_INVALIDARG
// with CREATERESOURCE_INVALIDALIGNMENT when the layer is on, and nothing is said with it off.
import { describe, expect, it } from 'vitest';
import { checkLesson } from '../runner';
import { lessonA3 } from './index';
import type { Placement } from './code';

const env = (bugs: string[] = [], debugLayer = true) => ({ debugLayer, bugs: new Set(bugs), width: 64, height: 64 });

describe('lesson A3: committed vs placed vs reserved', () => {
  it('correct: passes at "correct"; offsets are multiples of 64 KiB / 4 MiB; costs committed 256 KiB, placed 0, reserved 128 KiB', async () => {
    const run = lessonA3.run(env());
    expect(run.stopped).toBeNull();
    expect(run.sys.messages).toEqual([]);
    const p = run.out.placements as Placement[];
    const discrete = p.filter((x) => x.device === 'discrete').map((x) => [x.offset, x.alignment]);
    expect(discrete).toEqual([
      [0, 65536],
      [131072, 65536],
      [4194304, 4194304],
    ]);
    expect(new Set(p.filter((x) => x.tier === 1).map((x) => x.heap)).size).toBe(3);
    expect((run.out.costs as { bytes: number }[]).map((c) => c.bytes)).toEqual([262144, 0, 131072]);
    const report = await checkLesson(lessonA3, run, null, env());
    expect(report.items.filter((i) => !i.ok)).toEqual([]);
    expect(report).toMatchObject({ status: 'pass', level: 'correct' });
  });

  it('unaligned-placement: E_INVALIDARG at offset 100000 with CREATERESOURCE_INVALIDALIGNMENT; the check fails at builds', async () => {
    const run = lessonA3.run(env(['unaligned-placement']));
    expect(run.stopped?.hr).toBe('E_INVALIDARG');
    expect(run.sys.messages.map((m) => m.id)).toEqual(['CREATERESOURCE_INVALIDALIGNMENT']);
    const p = run.out.placements as Placement[];
    expect(p.at(-1)).toMatchObject({ resource: 'albedo', offset: 100000, hr: 'E_INVALIDARG' });
    const report = await checkLesson(lessonA3, run, null, env(['unaligned-placement']));
    expect(report.status).toBe('fail');
    expect(report.level).toBe('none');
    expect(report.items.find((i) => i.what.en.startsWith('placed offsets aligned'))?.got).toContain('100000 % 65536');
  });

  it('unaligned-placement without the debug layer: the same E_INVALIDARG, no message', () => {
    const run = lessonA3.run(env(['unaligned-placement'], false));
    expect(run.stopped?.hr).toBe('E_INVALIDARG');
    expect(run.sys.messages).toEqual([]);
  });
});
