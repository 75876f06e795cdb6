// Lesson 15: slots at start + slot × queried increment; hardcoded-increment lands the SRVs at the wrong slots (the
// table reads the stripes, no message); srv-in-rtv-heap writes into the RTV heap (INVALID_DESCRIPTOR_HANDLE, zeros).
import { describe, expect, it } from 'vitest';
import type { ID3D12DescriptorHeap } from '../../core';
import { checkLesson } from '../runner';
import { drawnTexture } from '../14-texture-states/sample';
import { lesson15 } from './index';

const env = (bugs: string[] = [], debugLayer = true) => ({ debugLayer, bugs: new Set(bugs), width: 64, height: 64 });
const heapOf = (run: ReturnType<typeof lesson15.run>) => run.sys.object(run.out.heap as number) as ID3D12DescriptorHeap;

describe('lesson 15: SRV heap and increment', () => {
  it('correct: increment 32; stripes in slot 1, checker in slot 2; the table reads the checker', async () => {
    const run = lesson15.run(env());
    expect(run.stopped).toBeNull();
    expect(run.sys.messages).toEqual([]);
    expect(run.out.increment).toBe(32);
    const heap = heapOf(run);
    expect(heap.slots.slice(0, 5).map((s) => s?.res ?? 0)).toEqual([0, run.out.stripes, run.out.texture, 0, 0]);
    expect(drawnTexture(run).srv).toMatchObject({ slot: 2, hazard: null });
    const report = await checkLesson(lesson15, run, null, env());
    expect(report.items.filter((i) => !i.ok).every((i) => i.got.startsWith('no WebGPU'))).toBe(true);
  });

  it('hardcoded-increment: SRVs at slots 2 and 4; the table reads the stripes; no message; check fails', async () => {
    const run = lesson15.run(env(['hardcoded-increment']));
    expect(run.sys.messages).toEqual([]);
    const heap = heapOf(run);
    expect(heap.slots.slice(0, 5).map((s) => s?.res ?? 0)).toEqual([0, 0, run.out.stripes, 0, run.out.texture]);
    expect(drawnTexture(run).srv?.resource?.id).toBe(run.out.stripes);
    const report = await checkLesson(lesson15, run, null, env(['hardcoded-increment']));
    expect(report.status).toBe('fail');
    const item = report.items.find((i) => i.what.en.startsWith('the descriptor at the slot'));
    expect(item?.ok).toBe(false);
    expect(item?.got).toContain('stripes');
  });

  it('srv-in-rtv-heap: INVALID_DESCRIPTOR_HANDLE with the layer only; the SRV heap stays empty; zeros are sampled', async () => {
    const run = lesson15.run(env(['srv-in-rtv-heap']));
    expect(run.sys.messages.map((m) => m.id)).toContain('INVALID_DESCRIPTOR_HANDLE');
    expect(heapOf(run).slots.every((s) => !s)).toBe(true);
    expect(run.sys.trace.events.some((e) => e.k === 'hazard' && e.kind === 'descriptor-wrong-heap-type')).toBe(true);
    expect(drawnTexture(run).srv?.hazard).toMatch(/never written/);
    const report = await checkLesson(lesson15, run, null, env(['srv-in-rtv-heap']));
    expect(report.status).toBe('fail');
    const off = lesson15.run(env(['srv-in-rtv-heap'], false));
    expect(off.sys.messages).toEqual([]);
    expect(drawnTexture(off).texels).toBeNull();
  });
});
