// The shared fixture of the panel-layout tests (*.test.ts here): a lesson-sized trace the model produced
// (traces.ts: an upload, a forgotten barrier, the fix in two steps, two aliasing transients, fences with a
// timed-out wait), its index, and small helpers. Split out of layouts.test.ts when it was split by panel; each
// test file gets its own copy (vitest isolates test files).

import { smallTrace } from '../traces';
import {
  D3D12System,
  D3D12_RESOURCE_DIMENSION_BUFFER,
  D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE,
  D3D12_TEXTURE_LAYOUT_ROW_MAJOR,
  D3D_FEATURE_LEVEL_11_0,
  indexTrace,
} from '../../../core';
import type { Mark } from './shapes';

export const { trace, ids } = smallTrace();
export const ix = indexTrace(trace);
export const END = ix.maxCall;
export const data = (marks: Mark[], key: string) => marks.filter((m) => m.data && key in m.data);
export const KiB = 1024;
export const PSR = D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE;
export const buffer = (Width: number) => ({
  Dimension: D3D12_RESOURCE_DIMENSION_BUFFER,
  Width,
  Height: 1,
  DepthOrArraySize: 1,
  MipLevels: 1,
  SampleDesc: { Count: 1, Quality: 0 },
  Layout: D3D12_TEXTURE_LAYOUT_ROW_MAJOR,
});

/** A device on a fresh system (debug layer on): what the small programs in the tests start from. */
export function device() {
  const sys = new D3D12System();
  sys.debugLayerEnabled = true;
  return { sys, dev: sys.D3D12CreateDevice({ MinimumFeatureLevel: D3D_FEATURE_LEVEL_11_0 }).out! };
}
