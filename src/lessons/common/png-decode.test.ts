// The validator and decoder on the whole corpus (e2e/fixtures/png, written by gen-corpus.mjs): every valid file
// gives the R8G8B8A8 the generator computed from its samples, every malformed one its named error, in time.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { decode } from 'fast-png';
import { decodePngToRgba } from './png-decode';
import { validatePng } from './png-validate';
import { PNG_ERROR_CODES, pngErrorText, type PngErrorCode } from './png-errors';

const DIR = new URL('../../../e2e/fixtures/png/', import.meta.url);
type Entry = {
  file: string;
  expect:
    | {
        ok: true;
        width: number;
        height: number;
        bitDepth: number;
        colorType: number;
        channels: number;
        rgbaSha256: string;
      }
    | { ok: false; code: PngErrorCode };
};
const corpus = JSON.parse(readFileSync(new URL('corpus.json', DIR), 'utf8')) as Entry[];
const bytesOf = (f: string) => new Uint8Array(readFileSync(new URL(f, DIR)));

describe('PNG corpus', () => {
  it('has valid files of every colour type and bit depth, interlaced and tRNS, and the hostile ones', () => {
    const okTypes = new Set(corpus.flatMap((c) => (c.expect.ok ? [`${c.expect.colorType}/${c.expect.bitDepth}`] : [])));
    expect([...okTypes].sort()).toEqual([
      '0/1',
      '0/16',
      '0/2',
      '0/4',
      '0/8',
      '2/16',
      '2/8',
      '3/1',
      '3/2',
      '3/4',
      '3/8',
      '4/16',
      '4/8',
      '6/16',
      '6/8',
    ]);
    expect(corpus.some((c) => c.file.startsWith('interlaced'))).toBe(true);
    for (const code of [
      'not-png',
      'bad-crc',
      'truncated',
      'iend-missing',
      'too-large',
      'inflate-too-much',
      'plte-bad-length',
      'palette-index-out-of-range',
    ])
      expect(
        corpus.some((c) => !c.expect.ok && c.expect.code === code),
        code,
      ).toBe(true);
  });

  for (const c of corpus) {
    it(`${c.file} → ${c.expect.ok ? 'decodes' : c.expect.code}`, () => {
      const bytes = bytesOf(c.file);
      const t0 = performance.now();
      const r = decodePngToRgba(bytes);
      const ms = performance.now() - t0;
      expect(ms).toBeLessThan(1000);
      if (c.expect.ok) {
        if (!r.ok) throw new Error(`${c.file}: ${pngErrorText(r.error).en}`);
        const { width, height, bitDepth, colorType, channels } = r.info;
        expect({
          ok: true,
          width,
          height,
          bitDepth,
          colorType,
          channels,
          rgbaSha256: createHash('sha256').update(r.rgba).digest('hex'),
        }).toEqual(c.expect);
      } else {
        expect(r.ok).toBe(false);
        if (!r.ok) expect(r.error.code).toBe(c.expect.code);
      }
    });
  }

  it('refuses a bomb before inflating past the size its header implies', () => {
    // the 16×16 grey header needs 16 × 17 = 272 bytes; 64 MiB of zeros follow
    const v = validatePng(bytesOf('bomb-16x16-64MiB.png'));
    expect(v.ok && v.value.inflatedSize).toBe(272);
    const r = decodePngToRgba(bytesOf('bomb-16x16-64MiB.png'));
    expect(!r.ok && r.error).toMatchObject({ code: 'inflate-too-much', params: { want: 272 } });
  });

  it('agrees with fast-png on the 8-bit non-interlaced files (a second decoder)', () => {
    for (const f of ['rgb-8.png', 'rgba-8.png', 'grey-alpha-8.png', 'grey-8.png']) {
      const mine = decodePngToRgba(bytesOf(f));
      const theirs = decode(bytesOf(f));
      if (!mine.ok) throw new Error(f);
      const n = theirs.width * theirs.height,
        ch = theirs.channels;
      for (let p = 0; p < n; p += 7) {
        const s = Array.from(theirs.data.subarray(p * ch, p * ch + ch));
        const want =
          ch === 1 ? [s[0], s[0], s[0], 255] : ch === 2 ? [s[0], s[0], s[0], s[1]] : ch === 3 ? [...s, 255] : s;
        expect(Array.from(mine.rgba.subarray(p * 4, p * 4 + 4)), `${f} pixel ${p}`).toEqual(want);
      }
    }
  });

  it('never throws, whatever the bytes (every prefix of a valid file, random bytes after a signature)', () => {
    const full = bytesOf('interlaced-ct3-4.png');
    for (let n = 0; n <= full.length; n++) expect(() => decodePngToRgba(full.subarray(0, n))).not.toThrow();
    let seed = 1;
    const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) & 255;
    for (let k = 0; k < 200; k++) {
      const b = Uint8Array.from(full);
      for (let j = 0; j < 4; j++) b[8 + ((rnd() * 7) % (b.length - 8))] = rnd();
      const r = decodePngToRgba(b);
      if (!r.ok) expect(r.error.code).not.toBe('worker-failed');
    }
    expect(decodePngToRgba('not bytes' as unknown as Uint8Array)).toMatchObject({
      ok: false,
      error: { code: 'not-bytes' },
    });
  });

  it('every error has a sentence in en and zh that names no placeholder', () => {
    for (const code of PNG_ERROR_CODES) {
      const t = pngErrorText({
        code,
        params: {
          chunk: 'IDAT',
          at: 1,
          length: 2,
          width: 3,
          height: 4,
          max: 5,
          pixels: 6,
          colorType: 7,
          bitDepth: 8,
          allowed: '8',
          value: 9,
          want: 10,
          got: 11,
          row: 12,
          filter: 13,
          x: 1,
          y: 2,
          index: 3,
          size: 4,
          ms: 5,
          why: 'x',
          extra: 1,
        },
      });
      for (const s of [t.en, t.zh]) {
        expect(s.length).toBeGreaterThan(10);
        expect(s).not.toMatch(/undefined/);
      }
      expect(t.zh).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});
