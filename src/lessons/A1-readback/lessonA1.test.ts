// Lesson A1: blocking and pipelined readback through READBACK buffers. The correct run reads back every frame as it
// was rendered and pipelining roughly doubles the modelled frame rate; map-before-fence reads stale bytes (no
// message, layer on or off); readback-as-srv fails creation with E_INVALIDARG (+ RESOURCE_BARRIER_INVALID_HEAP only
// with the layer on).
import { describe, expect, it } from 'vitest';
import { checkLesson } from '../runner';
import type { ReadBack } from './code';
import { FramesPerMode } from './code';
import { lessonA1, modelledFps, wrongPixels, expectedPixel } from './index';

const env = (bugs: string[] = [], debugLayer = true) => ({ debugLayer, bugs: new Set(bugs), width: 64, height: 64 });
const rows = (r: { out: Record<string, unknown> }) => r.out.readBack as ReadBack[];

describe('lesson A1: readback', () => {
  it('correct: every frame read back equals the frame rendered; pipelined ≈ 2× blocking; no message', async () => {
    const run = lessonA1.run(env());
    expect(run.stopped).toBeNull();
    expect(run.sys.messages).toEqual([]);
    expect(rows(run).map((r) => r.frame)).toEqual(Array.from({ length: 2 * FramesPerMode }, (_, k) => k + 1));
    expect(rows(run).every((r) => wrongPixels(r, 64, 64) === 0)).toBe(true);
    // the read-back bytes of the last frame hold its square
    const last = rows(run)[rows(run).length - 1];
    const o = (32 * 64 + 16 * 1) * 4;
    expect(Array.from(last.pixels.subarray(o, o + 4))).toEqual(expectedPixel(last.frame, 16, 32));
    const ratio = modelledFps(run, 'pipelined') / modelledFps(run, 'blocking');
    expect(ratio).toBeGreaterThan(1.9);
    expect(ratio).toBeLessThanOrEqual(2);
    const report = await checkLesson(lessonA1, run, null, env());
    // without WebGPU only the canvas comparison cannot be made
    expect(report.items.filter((i) => !i.ok).map((i) => i.got)).toEqual([
      'no WebGPU: the canvas could not be read back',
    ]);
  });

  it('map-before-fence: Map sees the bytes from before the copy (stale), no message with the layer on or off', async () => {
    for (const debugLayer of [true, false]) {
      const run = lessonA1.run(env(['map-before-fence'], debugLayer));
      expect(run.stopped).toBeNull();
      expect(run.sys.messages).toEqual([]);
      const stale = rows(run).filter((r) => wrongPixels(r, 64, 64) > 0);
      expect(stale.length).toBeGreaterThanOrEqual(FramesPerMode);
      expect(stale.every((r) => BigInt(r.completedAtMap) < BigInt(r.value))).toBe(true);
      expect(wrongPixels(rows(run)[0], 64, 64)).toBe(64 * 64); // frame 1: zeros
      const report = await checkLesson(lessonA1, run, null, env(['map-before-fence'], debugLayer));
      expect(report.status).toBe('fail');
      expect(report.items.find((i) => i.what.en.startsWith('every frame read back'))?.ok).toBe(false);
    }
  });

  it('readback-as-srv: CreateCommittedResource → E_INVALIDARG; RESOURCE_BARRIER_INVALID_HEAP only with the layer on', async () => {
    for (const debugLayer of [true, false]) {
      const run = lessonA1.run(env(['readback-as-srv'], debugLayer));
      expect(run.stopped?.hr).toBe('E_INVALIDARG');
      expect(run.sys.messages.map((m) => m.id)).toEqual(debugLayer ? ['RESOURCE_BARRIER_INVALID_HEAP'] : []);
      expect(run.sys.trace.events.some((e) => e.k === 'present')).toBe(false);
      const report = await checkLesson(lessonA1, run, null, env(['readback-as-srv'], debugLayer));
      expect(report).toMatchObject({ status: 'fail', level: 'none' });
    }
  });
});
