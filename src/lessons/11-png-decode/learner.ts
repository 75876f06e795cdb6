// The footprint a learner's image gets, as the model's GetCopyableFootprints gives it for one R8G8B8A8_UNORM
// subresource (the automation contract's decodePng reports it; the lesson's own run calls it again in code.ts).
import {
  D3D12System,
  D3D_FEATURE_LEVEL_11_0,
  D3D12_RESOURCE_DIMENSION_TEXTURE2D,
  D3D12_TEXTURE_LAYOUT_UNKNOWN,
  DXGI_FORMAT_R8G8B8A8_UNORM,
  DXGI_GPU_PREFERENCE_HIGH_PERFORMANCE,
} from '../../core';
import { ThrowIfFailed } from '../runner';

export interface Footprint {
  Offset: number;
  RowPitch: number;
  TotalBytes: number;
}

export function modelFootprint(Width: number, Height: number): Footprint {
  const sys = new D3D12System();
  const factory = ThrowIfFailed(sys.CreateDXGIFactory2({ Flags: 0 }));
  const adapter = ThrowIfFailed(
    factory.EnumAdapterByGpuPreference({ Adapter: 0, GpuPreference: DXGI_GPU_PREFERENCE_HIGH_PERFORMANCE }),
  );
  const device = ThrowIfFailed(
    sys.D3D12CreateDevice({ Adapter: adapter, MinimumFeatureLevel: D3D_FEATURE_LEVEL_11_0 }),
  );
  const fp = device.GetCopyableFootprints({
    ResourceDesc: {
      Dimension: D3D12_RESOURCE_DIMENSION_TEXTURE2D,
      Width,
      Height,
      DepthOrArraySize: 1,
      MipLevels: 1,
      Format: DXGI_FORMAT_R8G8B8A8_UNORM,
      SampleDesc: { Count: 1, Quality: 0 },
      Layout: D3D12_TEXTURE_LAYOUT_UNKNOWN,
    },
    FirstSubresource: 0,
    NumSubresources: 1,
    BaseOffset: 0,
  });
  return { Offset: fp.Layouts[0].Offset, RowPitch: fp.Layouts[0].Footprint.RowPitch, TotalBytes: fp.TotalBytes };
}
