// Lesson 14: the transition barrier between the copy and the sampling draw, and missing-barrier: the model samples
// black and, with the debug layer, reports INVALID_SUBRESOURCE_STATE at SetGraphicsRootDescriptorTable.
import { describe, expect, it } from 'vitest';
import { checkLesson } from '../runner';
import { drawnTexture } from './sample';
import { lesson14 } from './index';

const env = (bugs: string[] = [], debugLayer = true) => ({ debugLayer, bugs: new Set(bugs), width: 64, height: 64 });

describe('lesson 14: texture states', () => {
  it('correct: no message, the draw samples the uploaded checker through t0 with a point/wrap sampler', async () => {
    const run = lesson14.run(env());
    expect(run.stopped).toBeNull();
    expect(run.sys.messages).toEqual([]);
    const drawn = drawnTexture(run);
    expect(drawn.srv?.resource?.id).toBe(run.out.texture);
    expect(Array.from(drawn.texels ?? [])).toEqual(Array.from(run.out.source as Uint8Array));
    const report = await checkLesson(lesson14, run, null, env());
    expect(report.items.filter((i) => !i.ok).every((i) => i.got.startsWith('no WebGPU'))).toBe(true);
    expect(report.items.filter((i) => i.ok).length).toBeGreaterThanOrEqual(6);
  });

  it('missing-barrier: INVALID_SUBRESOURCE_STATE at SetGraphicsRootDescriptorTable; black; the check fails', async () => {
    const run = lesson14.run(env(['missing-barrier']));
    expect(run.stopped).toBeNull();
    const msg = run.sys.messages.filter((m) => m.id === 'INVALID_SUBRESOURCE_STATE');
    expect(msg).toHaveLength(1);
    const call = run.sys.trace.events.find((e) => e.k === 'call' && e.i === msg[0].callIndex);
    expect(call && call.k === 'call' && call.api).toBe('ID3D12GraphicsCommandList::SetGraphicsRootDescriptorTable');
    expect(drawnTexture(run).srv?.hazard).toMatch(/sampled as black/);
    const report = await checkLesson(lesson14, run, null, env(['missing-barrier']));
    expect(report.status).toBe('fail');
    expect(report.items.find((i) => i.what.en.startsWith('the texture is in'))?.ok).toBe(false);
    expect(report.items.filter((i) => i.what.en.startsWith('the draw samples')).every((i) => !i.ok)).toBe(true);
  });

  it('missing-barrier without the debug layer: no message, the same hazard and black', () => {
    const run = lesson14.run(env(['missing-barrier'], false));
    expect(run.sys.messages).toEqual([]);
    expect(
      run.sys.trace.events.some((e) => e.k === 'hazard' && e.kind === 'invalid-state' && e.res === run.out.texture),
    ).toBe(true);
    expect(drawnTexture(run).texels).toBeNull();
  });
});
