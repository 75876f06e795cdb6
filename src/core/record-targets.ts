// Render-target and depth-stencil views at record time ([DH-CPU-1], [CL-OM-*]): a CPU descriptor handle is read
// when the call is recorded (so rewriting the slot later does not change what the list uses), and must point into
// a heap of the right type.

import type { RTVBinding } from './commands';
import type { RecordingContext } from './recording';
import type { ID3D12Resource } from './resource';
import type { D3D12_CPU_DESCRIPTOR_HANDLE } from './structs';
import {
  D3D12_DESCRIPTOR_HEAP_TYPE_DSV,
  D3D12_DESCRIPTOR_HEAP_TYPE_RTV,
  D3D12_SIMULTANEOUS_RENDER_TARGET_COUNT,
} from './enums';

export interface OMSetRenderTargetsArgs {
  NumRenderTargetDescriptors: number;
  RenderTargetDescriptors?: D3D12_CPU_DESCRIPTOR_HANDLE[] | null;
  RTsSingleHandleToDescriptorRange?: boolean;
  DepthStencilDescriptor?: D3D12_CPU_DESCRIPTOR_HANDLE | null;
}

/** [DH-CPU-1] The view a CPU handle names; null (after INVALID_DESCRIPTOR_HANDLE) when it is not a slot of a heap of that type. */
export function viewAt(ctx: RecordingContext, ptr: number, heapType: number): RTVBinding | null {
  const loc = ctx.device.address.resolveCpu(ptr);
  if (!loc || loc.heap.type !== heapType) {
    ctx.device.msg('INVALID_DESCRIPTOR_HANDLE', { ptr, expectedHeapType: heapType });
    ctx.sys.hazard('invalid-descriptor-handle', 0, { ptr });
    return null;
  }
  const content = loc.heap.slots[loc.index];
  if (!content || !content.resource) return { res: null, sub: 0, format: 0, heap: loc.heap.id, index: loc.index };
  return {
    res: content.resource,
    sub: content.subs[0] ?? 0,
    format: content.format,
    heap: loc.heap.id,
    index: loc.index,
  };
}

/** OMSetRenderTargets: at most 8 render targets (SET_RENDER_TARGETS_INVALID, a runtime error); each handle resolved now. */
export function renderTargets(
  ctx: RecordingContext,
  args: OMSetRenderTargetsArgs,
): { rtvs: RTVBinding[]; dsv: RTVBinding | null } {
  const n = args.NumRenderTargetDescriptors ?? 0;
  const handles = args.RenderTargetDescriptors ?? [];
  const rtvs: RTVBinding[] = [];
  if (n > D3D12_SIMULTANEOUS_RENDER_TARGET_COUNT) ctx.fail('SET_RENDER_TARGETS_INVALID', { count: n });
  for (let k = 0; k < n && k < D3D12_SIMULTANEOUS_RENDER_TARGET_COUNT; k++) {
    const ptr = args.RTsSingleHandleToDescriptorRange
      ? (handles[0]?.ptr ?? 0) + k * ctx.device.incrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_RTV)
      : (handles[k]?.ptr ?? 0);
    const b = viewAt(ctx, ptr, D3D12_DESCRIPTOR_HEAP_TYPE_RTV);
    if (b) rtvs.push(b);
  }
  const dsv = args.DepthStencilDescriptor
    ? viewAt(ctx, args.DepthStencilDescriptor.ptr, D3D12_DESCRIPTOR_HEAP_TYPE_DSV)
    : null;
  return { rtvs, dsv };
}

/** ClearRenderTargetView with a colour other than the resource's OptimizedClearValue warns (MISMATCHINGCLEARVALUE). */
export function clearValueMatches(res: ID3D12Resource, color: readonly number[] | undefined): boolean {
  const ocv = res.optimizedClearValue as { Color?: number[] } | null;
  return !(ocv && Array.isArray(ocv.Color) && color && ocv.Color.some((v, k) => v !== color[k]));
}
