// Lesson 03 — The device: a minimum feature level, then ask what the hardware really supports.
// D3D12CreateDevice takes the MINIMUM level the program needs; create with 11_0 and query the rest.
import {
  type D3D12System,
  type ID3D12Debug,
  D3D_FEATURE_LEVEL_11_0,
  D3D_FEATURE_LEVEL_11_1,
  D3D_FEATURE_LEVEL_12_0,
  D3D_FEATURE_LEVEL_12_1,
  D3D_FEATURE_LEVEL_12_2,
  D3D_ROOT_SIGNATURE_VERSION_1_1,
  D3D12_FEATURE_ARCHITECTURE,
  D3D12_FEATURE_D3D12_OPTIONS,
  D3D12_FEATURE_FEATURE_LEVELS,
  D3D12_FEATURE_ROOT_SIGNATURE,
  D3D12_FEATURE_SHADER_MODEL,
  DXGI_GPU_PREFERENCE_HIGH_PERFORMANCE,
} from '../../core';
import { ThrowIfFailed } from '../runner';
import type { LessonEnv } from '../types';

export function main(sys: D3D12System, env: LessonEnv, out: Record<string, unknown>) {
  const bug = (id: string) => env.bugs.has(id);
  if (env.debugLayer)
    (ThrowIfFailed(sys.D3D12GetDebugInterface({ riid: 'ID3D12Debug' })) as ID3D12Debug).EnableDebugLayer();

  const factory = ThrowIfFailed(sys.CreateDXGIFactory2({ Flags: 0 }));
  const adapter = ThrowIfFailed(
    factory.EnumAdapterByGpuPreference({ Adapter: 0, GpuPreference: DXGI_GPU_PREFERENCE_HIGH_PERFORMANCE }),
  );
  out.adapter = adapter.GetDesc1().out.Description;

  // BUG min-level-too-high: "my renderer wants 12_2", asked as the minimum: no device at all on 12_1 hardware
  const minimum = bug('min-level-too-high') ? D3D_FEATURE_LEVEL_12_2 : D3D_FEATURE_LEVEL_11_0;
  const created = sys.D3D12CreateDevice({ Adapter: adapter, MinimumFeatureLevel: minimum });
  out.createHr = created.hr;
  const device = ThrowIfFailed(created); // DXGI_ERROR_UNSUPPORTED: "DirectX 12 is not supported on your system"

  const levels = ThrowIfFailed(
    device.CheckFeatureSupport({
      Feature: D3D12_FEATURE_FEATURE_LEVELS,
      FeatureSupportData: {
        NumFeatureLevels: 5,
        FeatureLevelsRequested: [
          D3D_FEATURE_LEVEL_11_0,
          D3D_FEATURE_LEVEL_11_1,
          D3D_FEATURE_LEVEL_12_0,
          D3D_FEATURE_LEVEL_12_1,
          D3D_FEATURE_LEVEL_12_2,
        ],
      },
    }),
  );
  const options = ThrowIfFailed(device.CheckFeatureSupport({ Feature: D3D12_FEATURE_D3D12_OPTIONS }));
  const arch = ThrowIfFailed(
    device.CheckFeatureSupport({ Feature: D3D12_FEATURE_ARCHITECTURE, FeatureSupportData: { NodeIndex: 0 } }),
  );
  const rootSig = ThrowIfFailed(
    device.CheckFeatureSupport({
      Feature: D3D12_FEATURE_ROOT_SIGNATURE,
      FeatureSupportData: { HighestVersion: D3D_ROOT_SIGNATURE_VERSION_1_1 },
    }),
  );
  const shaderModel = ThrowIfFailed(
    device.CheckFeatureSupport({
      Feature: D3D12_FEATURE_SHADER_MODEL,
      FeatureSupportData: { HighestShaderModel: 0x66 },
    }),
  );

  out.features = { ...levels, ...options, ...arch, ...rootSig, ...shaderModel };
}
