// Lesson 17: the textured triangle; uv-flip samples the other rows (no message: any UV is legal). The shipped PNG is
// the generator's image, byte for byte.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkLesson } from '../runner';
import { LANDSCAPE_PNG_BASE64 } from './image';
import { landscape } from './gen-image';
import { LoadImage } from './code';
import { UVS, lesson17, probe, texelAt } from './index';

const env = (bugs: string[] = [], debugLayer = true) => ({ debugLayer, bugs: new Set(bugs), width: 64, height: 64 });
const modelItems = (items: { what: { en: string }; ok: boolean }[]) =>
  items.filter((i) => i.what.en.startsWith('the modelled draw'));

describe('lesson 17: textured triangle', () => {
  it("the image: the embedded PNG is public/lessons/17/landscape.png and decodes to the generator's pixels", () => {
    expect(Buffer.from(LANDSCAPE_PNG_BASE64, 'base64').equals(readFileSync('public/lessons/17/landscape.png'))).toBe(
      true,
    );
    const img = LoadImage(LANDSCAPE_PNG_BASE64);
    expect([img.width, img.height]).toEqual([32, 32]);
    expect(Array.from(img.pixels)).toEqual(Array.from(landscape()));
  });

  it('correct: no message; the modelled draw samples the expected texel at all 4 UVs of both textures', async () => {
    const run = lesson17.run(env());
    expect(run.stopped).toBeNull();
    expect(run.sys.messages).toEqual([]);
    const report = await checkLesson(lesson17, run, null, env());
    const model = modelItems(report.items);
    expect(model).toHaveLength(2 * UVS.length);
    expect(model.every((i) => i.ok)).toBe(true);
    expect(report.items.filter((i) => !i.ok).every((i) => i.got.startsWith('no WebGPU'))).toBe(true);
  });

  it('uv-flip: no message, and every probe away from the middle row samples another texel', async () => {
    const run = lesson17.run(env(['uv-flip']));
    expect(run.stopped).toBeNull();
    expect(run.sys.messages).toEqual([]);
    const report = await checkLesson(lesson17, run, null, env(['uv-flip']));
    expect(report.status).toBe('fail');
    expect(modelItems(report.items).filter((i) => !i.ok).length).toBeGreaterThanOrEqual(6);
  });

  it('probes: the pixel centre is inside the triangle and the flip changes the expected texel there', () => {
    const img = LoadImage(LANDSCAPE_PNG_BASE64);
    for (const [u, v] of UVS) {
      const p = probe(1, u, v);
      expect(Math.abs(p.u - 0.5)).toBeLessThanOrEqual(p.v / 2);
      if (v !== 0.55) expect(texelAt(img, p.u, 1 - p.v)).not.toEqual(texelAt(img, p.u, p.v));
    }
  });
});
