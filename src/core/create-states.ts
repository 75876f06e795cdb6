// Initial states and optimized clear values at resource creation ([ST-HEAP-1], [ST-INIT-2], [RES-STATE-1],
// [RES-CLEAR-1]): which state a new resource may start in on its heap type, which states its flags allow, and which
// resources may carry an optimized clear value. Shared by CreateCommittedResource / CreatePlacedResource /
// CreateReservedResource (resource-create.ts) and, for the bind-flag rule, by ResourceBarrier (record-barriers.ts).

import type { DeviceContext } from './kernel';
import type { D3D12_RESOURCE_DESC } from './structs';
import { invalidCombination } from './states';
import {
  D3D12_HEAP_TYPE_READBACK,
  D3D12_HEAP_TYPE_UPLOAD,
  D3D12_RESOURCE_DIMENSION_BUFFER,
  D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL,
  D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET,
  D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS,
  D3D12_RESOURCE_FLAG_DENY_SHADER_RESOURCE,
  D3D12_RESOURCE_STATE_COMMON,
  D3D12_RESOURCE_STATE_COPY_DEST,
  D3D12_RESOURCE_STATE_DEPTH_READ,
  D3D12_RESOURCE_STATE_DEPTH_WRITE,
  D3D12_RESOURCE_STATE_GENERIC_READ,
  D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE,
  D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE,
  D3D12_RESOURCE_STATE_RENDER_TARGET,
  D3D12_RESOURCE_STATE_RESOLVE_DEST,
  D3D12_RESOURCE_STATE_RESOLVE_SOURCE,
  D3D12_RESOURCE_STATE_UNORDERED_ACCESS,
} from './enums';

/**
 * [RES-STATE-1] States that need a resource flag: RENDER_TARGET needs ALLOW_RENDER_TARGET, DEPTH_WRITE/DEPTH_READ
 * ALLOW_DEPTH_STENCIL, UNORDERED_ACCESS ALLOW_UNORDERED_ACCESS; the shader-resource states are refused to a resource
 * with DENY_SHADER_RESOURCE. Returns the state bits the flags do not allow (0 when all are allowed).
 */
export function statesWithoutFlags(flags: number, state: number): number {
  let bad = 0;
  if (state & D3D12_RESOURCE_STATE_RENDER_TARGET && !(flags & D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET))
    bad |= D3D12_RESOURCE_STATE_RENDER_TARGET;
  const depth = D3D12_RESOURCE_STATE_DEPTH_WRITE | D3D12_RESOURCE_STATE_DEPTH_READ;
  if (state & depth && !(flags & D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL)) bad |= state & depth;
  if (state & D3D12_RESOURCE_STATE_UNORDERED_ACCESS && !(flags & D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS))
    bad |= D3D12_RESOURCE_STATE_UNORDERED_ACCESS;
  const srv = D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE | D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE;
  if (state & srv && flags & D3D12_RESOURCE_FLAG_DENY_SHADER_RESOURCE) bad |= state & srv;
  return bad;
}

/**
 * The state a new resource starts in, or `ok: false` (E_INVALIDARG) with the message raised.
 * [ST-HEAP-1] UPLOAD needs GENERIC_READ (read-only subsets, COMMON and RESOLVE_SOURCE accepted), READBACK COPY_DEST
 * (COMMON and RESOLVE_DEST accepted): otherwise RESOURCE_BARRIER_INVALID_HEAP. [ST-INIT-2] DEFAULT-heap buffers
 * ignore InitialState and start in COMMON (CREATERESOURCE_STATE_IGNORED warning). [RES-STATE-1] A texture's initial
 * state follows the barrier rules: a write state combined with any other bit (RENDER_TARGET|PIXEL_SHADER_RESOURCE)
 * and a state its flags do not allow (RENDER_TARGET without ALLOW_RENDER_TARGET) fail with E_INVALIDARG
 * (vkd3d-proton test_create_committed_resource asserts the native E_INVALIDARG for both; the message IDs are INF).
 */
export function initialState(
  dev: DeviceContext,
  d: D3D12_RESOURCE_DESC,
  heapType: number,
  state: number,
): { ok: boolean; state: number } {
  if (heapType === D3D12_HEAP_TYPE_UPLOAD) {
    if ((state & ~(D3D12_RESOURCE_STATE_GENERIC_READ | D3D12_RESOURCE_STATE_RESOLVE_SOURCE)) !== 0) {
      dev.msg('RESOURCE_BARRIER_INVALID_HEAP', { heapType, state });
      return { ok: false, state };
    }
    return { ok: true, state };
  }
  if (heapType === D3D12_HEAP_TYPE_READBACK) {
    if ((state & ~(D3D12_RESOURCE_STATE_COPY_DEST | D3D12_RESOURCE_STATE_RESOLVE_DEST)) !== 0) {
      dev.msg('RESOURCE_BARRIER_INVALID_HEAP', { heapType, state });
      return { ok: false, state };
    }
    return { ok: true, state };
  }
  if (d.Dimension === D3D12_RESOURCE_DIMENSION_BUFFER) {
    if (state !== D3D12_RESOURCE_STATE_COMMON) {
      dev.msg('CREATERESOURCE_STATE_IGNORED', { state });
      return { ok: true, state: D3D12_RESOURCE_STATE_COMMON };
    }
    return { ok: true, state };
  }
  if (invalidCombination(state)) {
    dev.msg('RESOURCE_BARRIER_INVALID_COMBINATION', { before: state, after: state, initial: true });
    return { ok: false, state };
  }
  const bad = statesWithoutFlags(d.Flags, state);
  if (bad) {
    dev.msg('RESOURCE_BARRIER_MISSING_BIND_FLAGS', { state, missing: bad, flags: d.Flags, initial: true });
    return { ok: false, state };
  }
  return { ok: true, state };
}

/**
 * [RES-CLEAR-1] pOptimizedClearValue: "When you use D3D12_RESOURCE_DIMENSION_BUFFER, you must set
 * pOptimizedClearValue to nullptr" (CreateCommittedResource page; vkd3d-proton asserts the native E_INVALIDARG).
 * Returns false (E_INVALIDARG, CREATERESOURCE_INVALIDCLEARVALUE) for a buffer with a clear value.
 */
export function clearValueAllowed(dev: DeviceContext, d: D3D12_RESOURCE_DESC, clear: unknown): boolean {
  if (d.Dimension === D3D12_RESOURCE_DIMENSION_BUFFER && clear) {
    dev.msg('CREATERESOURCE_INVALIDCLEARVALUE', { reason: 'buffer' });
    return false;
  }
  return true;
}
