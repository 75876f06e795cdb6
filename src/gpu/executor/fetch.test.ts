import { describe, expect, it } from 'vitest';
import { fetchElement } from './fetch';

const floats = (a: number[]) => new Uint8Array(new Float32Array(a).buffer);
const asFloats = (b: Uint8Array) => Array.from(new Float32Array(b.buffer, 0, b.byteLength / 4));

describe('input-assembler fetch', () => {
  const vb = floats([0, 0.5, 0, 1, 0, 0, 1, /**/ 0.5, -0.5, 0, 0, 1, 0, 1, /**/ -0.5, -0.5, 0, 0, 0, 1, 1]);
  it('with the right stride, element 1 of each vertex is its colour', () => {
    expect(asFloats(fetchElement(vb, 0, 84, 28, 12, 16, 3))).toEqual([1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1]);
  });
  it("with stride 12, vertex 1 takes its position from vertex 0's colour (the garbled triangle)", () => {
    expect(asFloats(fetchElement(vb, 0, 84, 12, 0, 12, 3))).toEqual([0, 0.5, 0, 1, 0, 0, 1, 0.5, -0.5]);
  });
  it('bytes past the end of the view read as 0', () => {
    expect(asFloats(fetchElement(vb, 0, 84, 40, 12, 16, 3)).slice(8)).toEqual([0, 0, 0, 0]);
  });
});
