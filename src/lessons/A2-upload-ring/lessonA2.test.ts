// Lesson A2: the ring bounds upload memory at its size while 100 textures arrive (it wraps and, in the burst, waits
// for a fence); one-upload-buffer-per-texture draws the same frame but its measured upload peak grows past the bound.
import { describe, expect, it } from 'vitest';
import { checkLesson } from '../runner';
import { lessonA2, uploadPeak } from './index';
import { RingSize, TextureCount, type RingRow } from './code';

const env = (bugs: string[] = [], debugLayer = true) => ({ debugLayer, bugs: new Set(bugs), width: 64, height: 64 });

describe('lesson A2: upload ring', () => {
  it('correct: 100 textures, the ring wraps and waits only in the burst, the upload peak is the ring plus the quad', async () => {
    const run = lessonA2.run(env());
    expect(run.stopped).toBeNull();
    expect(run.sys.messages).toEqual([]);
    const rows = run.out.rows as RingRow[];
    expect(rows.reduce((n, r) => n + r.textures, 0)).toBe(TextureCount);
    expect(rows.some((r) => r.wrapped)).toBe(true);
    const waited = rows.filter((r) => r.waits.length > 0).map((r) => r.frame);
    expect(waited.length).toBeGreaterThan(0);
    expect(waited.length).toBeLessThan(rows.length);
    const { peak } = uploadPeak(run);
    expect(peak).toBeGreaterThanOrEqual(RingSize);
    expect(peak).toBeLessThanOrEqual(RingSize + 64 * 1024);
    const report = await checkLesson(lessonA2, run, null, env());
    const failing = report.items.filter((i) => !i.ok);
    expect(failing.every((i) => i.got.startsWith('no WebGPU'))).toBe(true);
  });

  it('one-upload-buffer-per-texture: no message, same textures, but the measured upload peak grows with the count', async () => {
    const run = lessonA2.run(env(['one-upload-buffer-per-texture']));
    expect(run.stopped).toBeNull();
    expect(run.sys.messages).toEqual([]);
    const { peak, allocations } = uploadPeak(run);
    expect(allocations).toBe(TextureCount + 1);
    expect(peak).toBeGreaterThan(20 * RingSize);
    const report = await checkLesson(lessonA2, run, null, env(['one-upload-buffer-per-texture']));
    const failing = report.items.filter((i) => !i.ok && !i.got.startsWith('no WebGPU'));
    expect(failing.map((i) => i.what.en)).toEqual([expect.stringContaining('upload memory bounded')]);
  });
});
