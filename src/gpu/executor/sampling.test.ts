// Static sampler → WebGPU sampler, and the WGSL bindings textures and samplers go to (register order).
import { describe, expect, it } from 'vitest';
import {
  D3D12_FILTER_MIN_MAG_MIP_LINEAR,
  D3D12_FILTER_MIN_MAG_MIP_POINT,
  D3D12_TEXTURE_ADDRESS_MODE_CLAMP,
  D3D12_TEXTURE_ADDRESS_MODE_WRAP,
} from '../../core';
import { samplerDescriptor, wgslBindings } from './sampling';

describe('sampling', () => {
  it('maps filter bits and address modes', () => {
    expect(
      samplerDescriptor({
        Filter: D3D12_FILTER_MIN_MAG_MIP_POINT,
        AddressU: D3D12_TEXTURE_ADDRESS_MODE_WRAP,
        AddressV: D3D12_TEXTURE_ADDRESS_MODE_CLAMP,
      }),
    ).toMatchObject({
      magFilter: 'nearest',
      minFilter: 'nearest',
      mipmapFilter: 'nearest',
      addressModeU: 'repeat',
      addressModeV: 'clamp-to-edge',
    });
    expect(samplerDescriptor({ Filter: D3D12_FILTER_MIN_MAG_MIP_LINEAR })).toMatchObject({
      magFilter: 'linear',
      minFilter: 'linear',
      mipmapFilter: 'linear',
    });
    expect(samplerDescriptor({ Filter: 0x4 })).toMatchObject({ magFilter: 'linear', minFilter: 'nearest' }); // MIN_POINT_MAG_LINEAR_MIP_POINT
  });

  it('reads texture and sampler bindings from WGSL, in binding order', () => {
    const w =
      '@group(0) @binding(3) var b: texture_2d<f32>;\n@group(0) @binding(0) var a: texture_2d<f32>;\n@group(0) @binding(1) var s: sampler;';
    expect(wgslBindings(w)).toEqual({ textures: [0, 3], samplers: [1] });
    expect(wgslBindings('@vertex fn v() {}')).toEqual({ textures: [], samplers: [] });
  });
});
