// Render-target and depth-stencil views at record time ([DH-CPU-1], [CL-OM-*]): a CPU descriptor handle is read
// when the call is recorded (so rewriting the slot later does not change what the list uses), and must point into
// a heap of the right type. recordClear* are the list's Clear*View methods, which delegate here.

import type { ID3D12GraphicsCommandList } from './commandlist';
import type { CommandOf, RTVBinding } from './commands';
import type { RecordingContext } from './recording';
import type { ID3D12Resource } from './resource';
import type { D3D12_CPU_DESCRIPTOR_HANDLE, D3D12_RECT } from './structs';
import {
  D3D12_CLEAR_FLAG_DEPTH,
  D3D12_CLEAR_FLAG_STENCIL,
  D3D12_DESCRIPTOR_HEAP_TYPE_DSV,
  D3D12_RESOURCE_STATE_DEPTH_WRITE,
  D3D12_RESOURCE_STATE_RENDER_TARGET,
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

/**
 * [CLEAR-VAL-1] Why a clear misses the fast path, or null: the resource was created without an optimized clear
 * value ('none': "The application did not pass any clear value to resource creation", V-LOG d3dcoder/d3d12book#10,
 * Kode/Kore#432, OpenXR-Tutorials#143), or with other values ('differs': "The clear values do not match those passed
 * to resource creation", V-LOG Kode/Kore#432, NVIDIA-RTX/NRI#141). Swap-chain buffers are exempt: DXGI creates them
 * and no clear value can be given (the samples clear them every frame without the warning). A depth-stencil clear
 * compares only the aspects its ClearFlags clear.
 */
export function clearMismatch(
  res: ID3D12Resource,
  color: readonly number[] | null,
  depth?: { flags: number; Depth: number; Stencil: number },
): 'none' | 'differs' | null {
  if (res.swapChain) return null;
  const ocv = res.optimizedClearValue as {
    Color?: number[];
    DepthStencil?: { Depth?: number; Stencil?: number };
  } | null;
  if (!ocv) return 'none';
  if (color) {
    const c = ocv.Color ?? [0, 0, 0, 0];
    return c.length >= 4 && [0, 1, 2, 3].every((k) => c[k] === color[k]) ? null : 'differs';
  }
  if (depth) {
    const ds = ocv.DepthStencil ?? {};
    if (depth.flags & D3D12_CLEAR_FLAG_DEPTH && (ds.Depth ?? 0) !== depth.Depth) return 'differs';
    if (depth.flags & D3D12_CLEAR_FLAG_STENCIL && (ds.Stencil ?? 0) !== depth.Stencil) return 'differs';
  }
  return null;
}

export interface ClearRenderTargetViewArgs {
  RenderTargetView: D3D12_CPU_DESCRIPTOR_HANDLE;
  ColorRGBA: number[];
  NumRects?: number;
  Rects?: D3D12_RECT[] | null;
}

/** ClearRenderTargetView: the RTV read now ([DH-CPU-1]); [CLEAR-VAL-1]; a full clear initialises the subresource. */
export function clearRenderTargetCommand(
  ctx: RecordingContext,
  args: ClearRenderTargetViewArgs,
): CommandOf<'ClearRenderTargetView'> | null {
  const b = viewAt(ctx, args.RenderTargetView?.ptr ?? 0, D3D12_DESCRIPTOR_HEAP_TYPE_RTV);
  if (!b || !b.res) return null;
  const color = (args.ColorRGBA ?? [0, 0, 0, 0]).slice(0, 4);
  const why = clearMismatch(b.res, color);
  if (why) ctx.device.msg('CLEARRENDERTARGETVIEW_MISMATCHINGCLEARVALUE', { resource: b.res.id, reason: why });
  return {
    op: 'ClearRenderTargetView',
    rtv: b,
    ColorRGBA: color,
    Rects: args.Rects ?? null,
    uses: [ctx.use(b.res, b.sub, D3D12_RESOURCE_STATE_RENDER_TARGET, true, !args.Rects || args.Rects.length === 0)],
  };
}

export interface ClearDepthStencilViewArgs {
  DepthStencilView: D3D12_CPU_DESCRIPTOR_HANDLE;
  ClearFlags: number;
  Depth: number;
  Stencil: number;
  NumRects?: number;
  Rects?: D3D12_RECT[] | null;
}

/** ClearDepthStencilView: the DSV read now; [CLEAR-VAL-1] for the aspects cleared (#821). */
export function clearDepthStencilCommand(
  ctx: RecordingContext,
  args: ClearDepthStencilViewArgs,
): CommandOf<'ClearDepthStencilView'> | null {
  const b = viewAt(ctx, args.DepthStencilView?.ptr ?? 0, D3D12_DESCRIPTOR_HEAP_TYPE_DSV);
  if (!b || !b.res) return null;
  const why = clearMismatch(b.res, null, { flags: args.ClearFlags ?? 0, Depth: args.Depth, Stencil: args.Stencil });
  if (why) ctx.device.msg('CLEARDEPTHSTENCILVIEW_MISMATCHINGCLEARVALUE', { resource: b.res.id, reason: why });
  return {
    op: 'ClearDepthStencilView',
    dsv: b,
    ClearFlags: args.ClearFlags,
    Depth: args.Depth,
    Stencil: args.Stencil,
    uses: [ctx.use(b.res, -1, D3D12_RESOURCE_STATE_DEPTH_WRITE, true, true)],
  };
}

export function recordClearRenderTargetView(list: ID3D12GraphicsCommandList, args: ClearRenderTargetViewArgs): void {
  const c = list.rec('ID3D12GraphicsCommandList::ClearRenderTargetView', args);
  if (!c) return;
  const cmd = clearRenderTargetCommand(list, args);
  if (cmd) list.commands.push(cmd);
  list.sys.endCall(c, null);
}

export function recordClearDepthStencilView(list: ID3D12GraphicsCommandList, args: ClearDepthStencilViewArgs): void {
  const c = list.rec('ID3D12GraphicsCommandList::ClearDepthStencilView', args);
  if (!c) return;
  const cmd = clearDepthStencilCommand(list, args);
  if (cmd) list.commands.push(cmd);
  list.sys.endCall(c, null);
}
