// Lesson 16: the table + static sampler; clamp-vs-wrap fails only the probes beyond UV 1.0, point-vs-linear the
// probes a blend changes; neither has a message (both are valid).
import { describe, expect, it } from 'vitest';
import { checkLesson } from '../runner';
import { drawnTexture, sampleTexels } from '../14-texture-states/sample';
import { lesson16 } from './index';

const env = (bugs: string[] = [], debugLayer = true) => ({ debugLayer, bugs: new Set(bugs), width: 64, height: 64 });
const failing = async (bugs: string[]) => {
  const run = lesson16.run(env(bugs));
  expect(run.stopped).toBeNull();
  expect(run.sys.messages).toEqual([]);
  const report = await checkLesson(lesson16, run, null, env(bugs));
  return {
    report,
    run,
    model: report.items
      .filter((i) => i.what.en.startsWith('the draw samples') && !i.ok)
      .map((i) => /pixel \((\d+,\d+)\)/.exec(i.what.en)?.[1]),
  };
};

describe('lesson 16: descriptor table + static sampler', () => {
  it('correct: every modelled sample is the point-sampled, wrapped checker', async () => {
    const { report, model, run } = await failing([]);
    expect(model).toEqual([]);
    expect(report.items.filter((i) => !i.ok).every((i) => i.got.startsWith('no WebGPU'))).toBe(true);
    expect(drawnTexture(run).sampler).toMatchObject({ Filter: 0, AddressU: 1, AddressV: 1, ShaderRegister: 0 });
  });

  it('clamp-vs-wrap: only the probes beyond UV 1.0 fail', async () => {
    const { report, model } = await failing(['clamp-vs-wrap']);
    expect(report.status).toBe('fail');
    expect(model).toEqual(['36,4', '44,52']);
  });

  it('point-vs-linear: the probe between two texels fails (a blend)', async () => {
    const { report, model } = await failing(['point-vs-linear']);
    expect(report.status).toBe('fail');
    expect(model).toContain('8,4');
    const item = report.items.find(
      (i) => i.what.en.includes('pixel (8,4)') && i.what.en.startsWith('the draw samples'),
    );
    expect(item?.got).not.toBe(item?.expected);
  });

  it('the CPU sampler: linear halfway between a light and a blue texel is their mean', () => {
    const t = new Uint8Array([200, 0, 0, 255, 0, 0, 100, 255]);
    expect(sampleTexels(t, 2, 1, 0.5, 0.5, { Filter: 0x15, AddressU: 3, AddressV: 3 })).toEqual([100, 0, 50, 255]);
    expect(sampleTexels(t, 2, 1, 0.4, 0.5, { Filter: 0, AddressU: 3, AddressV: 3 })).toEqual([200, 0, 0, 255]);
    expect(sampleTexels(t, 2, 1, 1.4, 0.5, { Filter: 0, AddressU: 1, AddressV: 1 })).toEqual([200, 0, 0, 255]);
    expect(sampleTexels(t, 2, 1, 1.4, 0.5, { Filter: 0, AddressU: 3, AddressV: 3 })).toEqual([0, 0, 100, 255]);
  });
});
