// Lesson A6: deferred release keeps every slot a frame in flight binds untouched until its fence completes;
// immediate-free rewrites the slot the last frame (still in flight) reads, and the modelled GPU reads the new texture.
import { describe, expect, it } from 'vitest';
import { checkLesson } from '../runner';
import { gpuReadTextures, lessonA6, rewrittenInFlight } from './index';
import { DescriptorFreeList, type FreeListRow } from './code';

const env = (bugs: string[] = [], debugLayer = true) => ({ debugLayer, bugs: new Set(bugs), width: 64, height: 64 });

describe('lesson A6: descriptor free list', () => {
  it('correct: freed slots wait in the retire queue, no in-flight rewrite, the GPU reads what each quad bound', async () => {
    const run = lessonA6.run(env());
    expect(run.stopped).toBeNull();
    expect(run.sys.messages).toEqual([]);
    const rows = run.out.rows as FreeListRow[];
    expect(rows.map((r) => r.retired.length > 0)).toContain(true);
    expect(rewrittenInFlight(run)).toEqual([]);
    expect(gpuReadTextures(run)).toEqual([4, 5, 2, 3]);
    const report = await checkLesson(lessonA6, run, null, env());
    expect(report.items.filter((i) => !i.ok).every((i) => i.got.startsWith('no WebGPU'))).toBe(true);
  });

  it('immediate-free: no message, the freed slot is reused at once; the in-flight last frame reads texture 6', async () => {
    for (const debugLayer of [true, false]) {
      const run = lessonA6.run(env(['immediate-free'], debugLayer));
      expect(run.stopped).toBeNull();
      expect(run.sys.messages).toEqual([]);
      expect(rewrittenInFlight(run).length).toBe(3);
      expect(gpuReadTextures(run)).toEqual([4, 5, 6, 3]);
      const report = await checkLesson(lessonA6, run, null, env(['immediate-free'], debugLayer));
      const own = report.items.filter((i) => !i.ok && !i.got.startsWith('no WebGPU')).map((i) => i.what.en);
      expect(own).toHaveLength(2);
    }
  });

  it('the free list: a retired slot comes back only once the completed value reaches its fence value', () => {
    const fl = new DescriptorFreeList(3, false);
    const a = fl.Allocate();
    fl.Free(a, 5);
    expect(fl.Allocate()).not.toBe(a);
    fl.Reclaim(4);
    expect(fl.free).not.toContain(a);
    fl.Reclaim(5);
    expect(fl.Allocate()).toBe(a);
    const bad = new DescriptorFreeList(3, true);
    const b = bad.Allocate();
    bad.Free(b, 5);
    expect(bad.Allocate()).toBe(b);
  });
});
