// DXGI -> WebGPU formats for lesson 18's views: a TYPELESS resource is stored as its UNORM twin, and an _SRGB SRV or
// RTV of a UNORM (or TYPELESS) resource becomes a view in the -srgb twin (listed in the texture's viewFormats).
import { describe, expect, it } from 'vitest';
import {
  DXGI_FORMAT_R32_FLOAT,
  DXGI_FORMAT_R8G8B8A8_TYPELESS,
  DXGI_FORMAT_R8G8B8A8_UNORM,
  DXGI_FORMAT_R8G8B8A8_UNORM_SRGB,
} from '../../core';
import { textureFormat, viewFormatOf, viewFormats } from './formats';

const tex = (format: GPUTextureFormat) => ({ format }) as GPUTexture;

describe('executor formats', () => {
  it('a TYPELESS resource is stored as rgba8unorm and may be viewed as rgba8unorm-srgb', () => {
    expect(textureFormat(DXGI_FORMAT_R8G8B8A8_TYPELESS)).toBe('rgba8unorm');
    expect(viewFormats('rgba8unorm')).toEqual(['rgba8unorm-srgb']);
    expect(viewFormats('rgba8unorm-srgb')).toEqual(['rgba8unorm']);
    expect(viewFormats('rgba16float')).toEqual([]);
  });

  it("the view format: the twin for an _SRGB / UNORM view, the texture's own (undefined) otherwise", () => {
    expect(viewFormatOf(tex('rgba8unorm'), DXGI_FORMAT_R8G8B8A8_UNORM_SRGB)).toBe('rgba8unorm-srgb');
    expect(viewFormatOf(tex('rgba8unorm-srgb'), DXGI_FORMAT_R8G8B8A8_UNORM)).toBe('rgba8unorm');
    expect(viewFormatOf(tex('rgba8unorm'), DXGI_FORMAT_R8G8B8A8_UNORM)).toBeUndefined();
    expect(viewFormatOf(tex('rgba8unorm'), DXGI_FORMAT_R32_FLOAT)).toBeUndefined();
    expect(viewFormatOf(tex('rgba8unorm'), undefined)).toBeUndefined();
  });
});
