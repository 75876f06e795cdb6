// Lesson 12: the footprint of a 50-pixel-wide RGBA8 texture, the row-by-row upload at its pitch, and what a
// tightly packed upload does to the texture (each row read 256 bytes after the previous: the skew).
import { describe, expect, it } from 'vitest';
import { planReplay } from '../../gpu/executor/plan';
import { checkLesson } from '../runner';
import { StripeImage, TexHeight, TexWidth } from './code';
import { lesson12, texelDiff, type Footprint } from './index';

const env = (bugs: string[] = [], debugLayer = true) => ({ debugLayer, bugs: new Set(bugs), width: 64, height: 64 });

describe('lesson 12: row pitch', () => {
  it('[COPY-FP-1] the footprint: RowPitch 256 for 200-byte rows, 50 rows, TotalBytes = 256 × 49 + 200', () => {
    const run = lesson12.run(env());
    expect(run.out.footprint as Footprint).toEqual({
      Offset: 0,
      RowPitch: 256,
      Width: 50,
      Height: 50,
      NumRows: 50,
      RowSizeInBytes: 200,
      TotalBytes: 256 * 49 + 200,
    });
    expect(run.sys.messages).toEqual([]);
    expect(texelDiff(run.out.source as Uint8Array, run.out.readBack as Uint8Array, TexWidth).count).toBe(0);
  });

  it('unaligned-pitch: no message, the footprint check passes, the texture holds row y from byte y × 256 of the packed image', async () => {
    const run = lesson12.run(env(['unaligned-pitch']));
    expect(run.sys.messages).toEqual([]);
    expect(run.stopped).toBeNull();
    const src = StripeImage(TexWidth, TexHeight);
    const got = run.out.readBack as Uint8Array;
    for (const [x, y] of [
      [0, 0],
      [25, 30],
      [49, 10],
      [3, 38],
    ]) {
      const at = y * 256 + x * 4; // where the texel was read from in the tightly packed upload
      const expected = at + 4 <= src.length ? Array.from(src.subarray(at, at + 4)) : [0, 0, 0, 0];
      expect(Array.from(got.subarray((y * TexWidth + x) * 4, (y * TexWidth + x) * 4 + 4))).toEqual(expected);
    }
    // past the packed image's end the upload buffer holds zeros
    expect(Array.from(got.subarray((49 * TexWidth + 49) * 4, (49 * TexWidth + 50) * 4))).toEqual([0, 0, 0, 0]);
    const report = await checkLesson(lesson12, run, null, env(['unaligned-pitch']));
    expect(report.items.filter((i) => !i.ok && !i.got.startsWith('no WebGPU')).map((i) => i.what.en)).toEqual([
      'the texture, copied back into a READBACK buffer (fence, Map), equals the source image',
    ]);
    // the texel the canvas is probed at lands on another stripe
    const i = (30 * TexWidth + 25) * 4;
    expect(Array.from(got.subarray(i, i + 3))).not.toEqual(Array.from(src.subarray(i, i + 3)));
  });

  it('the executor replays the upload copy with the footprint (pitch 256) and the bytes the GPU read', () => {
    for (const bugs of [[], ['unaligned-pitch']]) {
      const run = lesson12.run(env(bugs));
      const [s] = planReplay(run.sys, run.sys.callIndex).submissions.filter((x) =>
        (x.commands ?? []).flat().some((c) => c.op === 'CopyTextureRegion'),
      );
      const copies = (s.commands ?? []).flat().filter((c) => c.op === 'CopyTextureRegion');
      expect(copies).toHaveLength(3);
      const first = copies[0];
      expect(first.op === 'CopyTextureRegion' && first.src.PlacedFootprint?.Footprint.RowPitch).toBe(256);
      expect(s.reads?.size).toBe(1);
    }
  });
});
