import { describe, expect, it } from 'vitest';
import { differingPixels } from './readback';

describe('differingPixels (the "bug is visible" measure of e2e and test:gpu)', () => {
  it('counts a pixel only past a rounding step: |ΔR|+|ΔG|+|ΔB| > 6, alpha ignored', () => {
    const a = [230, 51, 128, 255, 0, 0, 0, 255, 10, 10, 10, 255];
    const b = [229, 51, 127, 0, 7, 0, 0, 255, 12, 12, 12, 255];
    expect(differingPixels(a, b)).toBe(1);
    expect(differingPixels(a, a)).toBe(0);
    expect(differingPixels(new Uint8Array(a), new Uint8Array([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]))).toBe(2);
  });
});
