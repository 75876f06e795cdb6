// DXGI formats -> WebGPU formats for render targets and vertex attributes.
import {
  DXGI_FORMAT_B8G8R8A8_UNORM,
  DXGI_FORMAT_B8G8R8A8_UNORM_SRGB,
  DXGI_FORMAT_R10G10B10A2_UNORM,
  DXGI_FORMAT_R16G16B16A16_FLOAT,
  DXGI_FORMAT_R32G32B32A32_FLOAT,
  DXGI_FORMAT_R32G32B32_FLOAT,
  DXGI_FORMAT_R32G32_FLOAT,
  DXGI_FORMAT_R8G8B8A8_UNORM,
  DXGI_FORMAT_R8G8B8A8_UNORM_SRGB,
  DXGI_FORMAT_R8G8B8A8_TYPELESS,
  DXGI_FORMAT_B8G8R8A8_TYPELESS,
} from '../../core';

const TEXTURE: Record<number, GPUTextureFormat> = {
  [DXGI_FORMAT_R8G8B8A8_UNORM]: 'rgba8unorm',
  [DXGI_FORMAT_R8G8B8A8_UNORM_SRGB]: 'rgba8unorm-srgb',
  [DXGI_FORMAT_B8G8R8A8_UNORM]: 'bgra8unorm',
  [DXGI_FORMAT_B8G8R8A8_UNORM_SRGB]: 'bgra8unorm-srgb',
  [DXGI_FORMAT_R16G16B16A16_FLOAT]: 'rgba16float',
  [DXGI_FORMAT_R10G10B10A2_UNORM]: 'rgb10a2unorm',
  // A TYPELESS resource has no WebGPU twin: it is stored as the UNORM member of its family, and its views pick the
  // typed format (viewFormats below), as D3D12's views of a typeless resource do.
  [DXGI_FORMAT_R8G8B8A8_TYPELESS]: 'rgba8unorm',
  [DXGI_FORMAT_B8G8R8A8_TYPELESS]: 'bgra8unorm',
};

/** The formats WebGPU lets views of a texture take besides its own: the sRGB / non-sRGB twin (the one cast D3D12's
 * families of these formats need here: UNORM <-> UNORM_SRGB). */
const TWIN: Partial<Record<GPUTextureFormat, GPUTextureFormat>> = {
  rgba8unorm: 'rgba8unorm-srgb',
  'rgba8unorm-srgb': 'rgba8unorm',
  bgra8unorm: 'bgra8unorm-srgb',
  'bgra8unorm-srgb': 'bgra8unorm',
};

export function viewFormats(format: GPUTextureFormat): GPUTextureFormat[] {
  const t = TWIN[format];
  return t ? [t] : [];
}

/** The WebGPU format of a D3D12 view (SRV/RTV Format) of `tex`, when the texture can be viewed so; else undefined (its own). */
export function viewFormatOf(tex: GPUTexture, dxgi: number | undefined): GPUTextureFormat | undefined {
  const f = dxgi ? textureFormat(dxgi) : null;
  return f && f !== tex.format && TWIN[tex.format] === f ? f : undefined;
}

export function textureFormat(dxgi: number): GPUTextureFormat | null {
  return TEXTURE[dxgi] ?? null;
}

const VERTEX: Record<number, GPUVertexFormat> = {
  [DXGI_FORMAT_R32G32B32A32_FLOAT]: 'float32x4',
  [DXGI_FORMAT_R32G32B32_FLOAT]: 'float32x3',
  [DXGI_FORMAT_R32G32_FLOAT]: 'float32x2',
  [DXGI_FORMAT_R8G8B8A8_UNORM]: 'unorm8x4',
};

export function vertexFormat(dxgi: number): GPUVertexFormat | null {
  return VERTEX[dxgi] ?? null;
}

export const VERTEX_FORMAT_BYTES: Record<string, number> = { float32x4: 16, float32x3: 12, float32x2: 8, unorm8x4: 4 };
