// Lesson 01 — Adapters: enumerate them, then pick the GPU by preference.
// This file is the code the lab runs: every call goes to the D3D12/DXGI model, with the parameter names of
// the C++ headers (minus the p/pp prefixes) and the same HRESULTs.
import {
  type D3D12System,
  type IDXGIAdapter1,
  D3D_FEATURE_LEVEL_11_0,
  DXGI_ADAPTER_FLAG_SOFTWARE,
  DXGI_GPU_PREFERENCE_HIGH_PERFORMANCE,
  SUCCEEDED,
} from '../../core';
import { ThrowIfFailed } from '../runner';
import type { LessonEnv } from '../types';

export function main(sys: D3D12System, env: LessonEnv, out: Record<string, unknown>) {
  const bug = (id: string) => env.bugs.has(id);

  // IDXGIFactory6 (CreateDXGIFactory2 gives the newest factory interface)
  const factory = ThrowIfFailed(sys.CreateDXGIFactory2({ Flags: 0 }));

  // Index 0 is the best match for the preference; the loop ends at DXGI_ERROR_NOT_FOUND.
  const found: { adapter: IDXGIAdapter1; desc: Record<string, unknown> }[] = [];
  for (let i = 0; ; ++i) {
    const r = factory.EnumAdapterByGpuPreference({ Adapter: i, GpuPreference: DXGI_GPU_PREFERENCE_HIGH_PERFORMANCE });
    if (r.hr === 'DXGI_ERROR_NOT_FOUND') break;
    const adapter = ThrowIfFailed(r);
    const desc = adapter.GetDesc1().out;
    found.push({ adapter, desc });
  }

  let chosen: IDXGIAdapter1 | null = null;
  if (bug('adapter-zero')) {
    // BUG adapter-zero: "adapter 0 is the GPU" (it is the one driving the primary display)
    chosen = ThrowIfFailed(factory.EnumAdapters1({ Adapter: 0 }));
  } else {
    for (const { adapter, desc } of found) {
      if (Number(desc.Flags) & DXGI_ADAPTER_FLAG_SOFTWARE) continue; // skip WARP
      // Would a device work here? (a null ppDevice in C++; the model creates and we keep it)
      if (SUCCEEDED(sys.D3D12CreateDevice({ Adapter: adapter, MinimumFeatureLevel: D3D_FEATURE_LEVEL_11_0 }).hr)) {
        chosen = adapter;
        break;
      }
    }
  }
  if (!chosen) throw new Error('no hardware adapter supports D3D_FEATURE_LEVEL_11_0');
  const chosenDesc = chosen.GetDesc1().out;

  out.adapters = found.map((f) => ({ ...f.desc, index: f.adapter.index }));
  out.chosen = { ...chosenDesc, index: chosen.index };
}
