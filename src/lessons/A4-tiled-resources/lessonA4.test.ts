// Lesson A4: a virtual texture on a reserved resource. Correct: at every frame the tiles with heap memory are the
// tiles in view, no copy lands in an unmapped tile, the pool is never exceeded, and no debug message. The bug
// unmapped-tile-read: new tiles are never mapped, their copies are dropped (hazard unmapped-tile-write), the check
// fails, and the debug layer stays silent either way (the real layer does not validate tile accesses).
import { describe, expect, it } from 'vitest';
import { checkLesson } from '../runner';
import { lessonA4, tilesWithMemory, expectedAt, PROBES, GradedFrame } from './index';
import type { FrameRow } from './code';

const env = (bugs: string[] = [], debugLayer = true) => ({ debugLayer, bugs: new Set(bugs), width: 64, height: 64 });
const rowsOf = (run: ReturnType<typeof lessonA4.run>) => run.out.rows as FrameRow[];

describe('lesson A4: reserved (tiled) resources', () => {
  it('correct: mapped = visible at every frame, at most 9 of 12 pool tiles, no message; only pixel items need WebGPU', async () => {
    const run = lessonA4.run(env());
    expect(run.stopped).toBeNull();
    expect(run.sys.messages).toEqual([]);
    const rows = rowsOf(run);
    expect(rows).toHaveLength(10);
    for (const r of rows) expect(tilesWithMemory(run, r)).toEqual([...r.visible].sort((a, b) => a - b));
    // the camera really moves: tiles are unmapped along the way
    expect(rows.some((r) => r.unmapped.length > 0)).toBe(true);
    const report = await checkLesson(lessonA4, run, null, env());
    const failing = report.items.filter((i) => !i.ok);
    expect(failing.length).toBe(PROBES.length);
    expect(failing.every((i) => i.got.startsWith('no WebGPU'))).toBe(true);
    expect(lessonA4.frames!(run)).toHaveLength(10);
  });

  it('unmapped-tile-read: new tiles stay unmapped, their copies are dropped, the check fails; no message with the layer on', async () => {
    const run = lessonA4.run(env(['unmapped-tile-read']));
    expect(run.stopped).toBeNull();
    expect(run.sys.messages).toEqual([]);
    const graded = rowsOf(run).find((r) => r.frame === GradedFrame)!;
    const withMemory = tilesWithMemory(run, graded);
    expect(graded.visible.filter((t) => !withMemory.includes(t)).length).toBeGreaterThan(0);
    const dropped = run.sys.trace.events.filter((e) => e.k === 'hazard' && e.kind === 'unmapped-tile-write');
    expect(dropped.length).toBeGreaterThan(0);
    expect(dropped.every((e) => e.k === 'hazard' && e.detail.outcome === 'dropped')).toBe(true);
    const report = await checkLesson(lessonA4, run, null, env(['unmapped-tile-read']));
    expect(report.status).toBe('fail');
    expect(report.items.find((i) => i.what.en.startsWith('only visible tiles mapped'))?.ok).toBe(false);
    // the read hazard, by the device's tier (the discrete GPU: Tier 3, zeros)
    const reads = report.items.find((i) => i.what.en.startsWith('the shader never samples an unmapped tile'));
    expect(reads?.ok).toBe(false);
    expect(reads?.got).toContain('Tiled Resources Tier 3: these reads return 0');
  });

  it('unmapped-tile-read without the debug layer: no message either, the same dropped writes', () => {
    const run = lessonA4.run(env(['unmapped-tile-read'], false));
    expect(run.sys.messages).toEqual([]);
    expect(run.sys.trace.events.some((e) => e.k === 'hazard' && e.kind === 'unmapped-tile-write')).toBe(true);
  });

  it('the probes: two land in tiles mapped at frame 1, three in tiles that came into view later', () => {
    const run = lessonA4.run(env());
    const first = rowsOf(run)[0].visible;
    const perRow = Number(run.out.perRow);
    const inFirst = PROBES.map(([x, y]) => expectedAt(GradedFrame, x, y).tile).filter(([tx, ty]) =>
      first.includes(ty * perRow + tx),
    );
    expect(inFirst).toHaveLength(2);
  });
});
