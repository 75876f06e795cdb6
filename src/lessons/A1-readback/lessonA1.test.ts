// Lesson A1: blocking and pipelined readback through READBACK buffers, in three stages (DIRECT render, COPY readback
// waiting on the render fence, CPU read after the copy fence). The correct run reads back every frame as it was
// rendered and pipelining the three stages nearly triples the modelled frame rate; map-before-fence reads stale bytes (no
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
  it('correct: every frame read back equals the frame rendered; pipelined ≈ 3× blocking; no message', async () => {
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
    // three stages of ~4 ms each: above the two-stage ceiling of 2, below the three-stage ceiling of 3
    expect(ratio).toBeGreaterThan(2.5);
    expect(ratio).toBeLessThanOrEqual(3);
    expect(run.sys.trace.events.filter((e) => e.k === 'hazard')).toEqual([]);
    const report = await checkLesson(lessonA1, run, null, env());
    // without WebGPU only the canvas comparison cannot be made
    expect(report.items.filter((i) => !i.ok).map((i) => i.got)).toEqual([
      'no WebGPU: the canvas could not be read back',
    ]);
  });

  it('three lanes: renders on the DIRECT queue, copies on the COPY queue (16 KiB over 12 GB/s, at least the 4 ms a list), each copy after its render and overlapping the next render when pipelined', () => {
    const run = lessonA1.run(env());
    const q = run.out.queues as { direct: number; copy: number };
    const gpu = run.sys.trace.events.flatMap((e) => (e.k === 'gpu' ? [e] : []));
    const direct = gpu.filter((e) => e.queue === q.direct);
    const copy = gpu.filter((e) => e.queue === q.copy);
    expect([direct.length, copy.length]).toEqual([2 * FramesPerMode, 2 * FramesPerMode]);
    // [TIME-COPY-1] the copy engine: 64 × 64 × 4 bytes at 12e6 bytes a ms is 1.4 µs, under the 4 ms a list
    for (const c of copy) expect((c.end - c.start) / 1e6).toBeCloseTo(4, 6);
    // what the throughput chart shows under its bars
    expect((run.out.throughput as { stages: unknown }).stages).toEqual({ cpu: 4, direct: 4, copy: 4 });
    // the copy queue's Wait on the render fence: copy n starts no earlier than render n ends
    copy.forEach((c, k) => expect(c.start).toBeGreaterThanOrEqual(direct[k].end - 1)); // ns, rounding
    // blocking: nothing overlaps; pipelined: some copy runs while the next frame renders
    const overlaps = (a: (typeof gpu)[number], b: (typeof gpu)[number]) => a.start < b.end && b.start < a.end;
    const blocking = (k: number) => k < FramesPerMode;
    expect(copy.some((c, k) => blocking(k) && overlaps(c, direct[k + 1]))).toBe(false);
    expect(copy.filter((c, k) => !blocking(k) && k + 1 < direct.length && overlaps(c, direct[k + 1])).length).toBe(
      FramesPerMode - 1,
    );
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
