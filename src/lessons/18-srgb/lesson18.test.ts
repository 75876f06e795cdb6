// Lesson 18: colour through an _SRGB SRV, data through a UNORM SRV, both written through an _SRGB RTV of the UNORM
// back buffer. Each bug changes one view's format: legal, so no message; the numbers (and the check) show it.
import { describe, expect, it } from 'vitest';
import { checkLesson } from '../runner';
import { DXGI_FORMAT_R8G8B8A8_TYPELESS, DXGI_FORMAT_R8G8B8A8_UNORM, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB } from '../../core';
import { lesson18, linearToSrgb, numbers, srgbToLinear } from './index';

const env = (bugs: string[] = [], debugLayer = true) => ({ debugLayer, bugs: new Set(bugs), width: 64, height: 64 });
const modelFails = async (bugs: string[]) => {
  const run = lesson18.run(env(bugs));
  expect(run.stopped).toBeNull();
  expect(run.sys.messages).toEqual([]);
  const report = await checkLesson(lesson18, run, null, env(bugs));
  return {
    run,
    report,
    failing: report.items.filter((i) => !i.ok && !i.got.startsWith('no WebGPU')).map((i) => i.what.en),
  };
};

describe('lesson 18: sRGB, colour vs data', () => {
  it('the transfer functions: 128 decodes to 0.216 and back; 0.502 encodes to 188', () => {
    expect(srgbToLinear(128 / 255)).toBeCloseTo(0.2158, 3);
    expect(Math.round(linearToSrgb(srgbToLinear(128 / 255)) * 255)).toBe(128);
    expect(Math.round(linearToSrgb(128 / 255) * 255)).toBe(188);
  });

  it('correct: TYPELESS colour resource with an _SRGB SRV, UNORM data with a UNORM SRV, an _SRGB RTV; no message', async () => {
    const { run, report, failing } = await modelFails([]);
    expect(failing).toEqual([]);
    expect(report.items.filter((i) => !i.ok).every((i) => i.got.startsWith('no WebGPU'))).toBe(true);
    expect(numbers(run, 0)).toMatchObject({
      stored: 128,
      resourceFormat: DXGI_FORMAT_R8G8B8A8_TYPELESS,
      srvFormat: DXGI_FORMAT_R8G8B8A8_UNORM_SRGB,
      rtvFormat: DXGI_FORMAT_R8G8B8A8_UNORM_SRGB,
      displayed: 128,
    });
    expect(numbers(run, 1)).toMatchObject({ stored: 128, srvFormat: DXGI_FORMAT_R8G8B8A8_UNORM, displayed: 188 });
    const table = run.out.table as { rows: unknown[][] };
    expect(table.rows.map((r) => [r[1], r[3], r[5]])).toEqual([
      [128, '0.216', 128],
      [128, '0.502', 188],
    ]);
  });

  it('srgb-on-data: only the data texel is wrong, too dark (0.216, shown as 128)', async () => {
    const { run, report, failing } = await modelFails(['srgb-on-data']);
    expect(report.status).toBe('fail');
    expect(failing).toEqual([expect.stringContaining('data (normal map)')]);
    expect(numbers(run, 1)).toMatchObject({ srvFormat: DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, displayed: 128 });
    expect(numbers(run, 0)?.displayed).toBe(128);
  });

  it('no-srgb-on-colour: only the colour texel is wrong, washed out (0.502, shown as 188)', async () => {
    const { run, report, failing } = await modelFails(['no-srgb-on-colour']);
    expect(report.status).toBe('fail');
    expect(failing).toEqual([expect.stringContaining('colour (albedo)')]);
    expect(numbers(run, 0)).toMatchObject({ srvFormat: DXGI_FORMAT_R8G8B8A8_UNORM, displayed: 188 });
  });
});
