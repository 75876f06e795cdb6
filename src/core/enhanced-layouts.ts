// Enhanced barriers ([EB-*] in SPEC.md §5.2): the structs of ID3D12GraphicsCommandList7::Barrier and the tables the
// debug layer checks them against, from the D3D12 Enhanced Barriers spec (microsoft/DirectX-Specs
// D3D12EnhancedBarriers.md: "Layout Access Compatibility", "Access Bits Barrier Sync Compatibility", "Command Queue
// Layout Compatibility", "Equivalent D3D12_BARRIER_LAYOUT for each D3D12_RESOURCE_STATES bit"). Pure data + lookups.

import type { ID3D12Resource } from './resource';
import {
  D3D12_BARRIER_ACCESS_COMMON,
  D3D12_BARRIER_ACCESS_CONSTANT_BUFFER,
  D3D12_BARRIER_ACCESS_COPY_DEST,
  D3D12_BARRIER_ACCESS_COPY_SOURCE,
  D3D12_BARRIER_ACCESS_DEPTH_STENCIL_READ,
  D3D12_BARRIER_ACCESS_DEPTH_STENCIL_WRITE,
  D3D12_BARRIER_ACCESS_INDEX_BUFFER,
  D3D12_BARRIER_ACCESS_INDIRECT_ARGUMENT,
  D3D12_BARRIER_ACCESS_NO_ACCESS,
  D3D12_BARRIER_ACCESS_RENDER_TARGET,
  D3D12_BARRIER_ACCESS_RESOLVE_DEST,
  D3D12_BARRIER_ACCESS_RESOLVE_SOURCE,
  D3D12_BARRIER_ACCESS_SHADER_RESOURCE,
  D3D12_BARRIER_ACCESS_SHADING_RATE_SOURCE,
  D3D12_BARRIER_ACCESS_STREAM_OUTPUT,
  D3D12_BARRIER_ACCESS_UNORDERED_ACCESS,
  D3D12_BARRIER_ACCESS_VERTEX_BUFFER,
  D3D12_BARRIER_LAYOUT_COMMON,
  D3D12_BARRIER_LAYOUT_COMPUTE_QUEUE_COMMON,
  D3D12_BARRIER_LAYOUT_COMPUTE_QUEUE_COPY_DEST,
  D3D12_BARRIER_LAYOUT_COPY_DEST,
  D3D12_BARRIER_LAYOUT_COPY_SOURCE,
  D3D12_BARRIER_LAYOUT_DEPTH_STENCIL_READ,
  D3D12_BARRIER_LAYOUT_DEPTH_STENCIL_WRITE,
  D3D12_BARRIER_LAYOUT_DIRECT_QUEUE_COMMON,
  D3D12_BARRIER_LAYOUT_DIRECT_QUEUE_COPY_DEST,
  D3D12_BARRIER_LAYOUT_GENERIC_READ,
  D3D12_BARRIER_LAYOUT_RENDER_TARGET,
  D3D12_BARRIER_LAYOUT_RESOLVE_DEST,
  D3D12_BARRIER_LAYOUT_RESOLVE_SOURCE,
  D3D12_BARRIER_LAYOUT_SHADER_RESOURCE,
  D3D12_BARRIER_LAYOUT_SHADING_RATE_SOURCE,
  D3D12_BARRIER_LAYOUT_UNDEFINED,
  D3D12_BARRIER_LAYOUT_UNORDERED_ACCESS,
  D3D12_BARRIER_LAYOUT_VIDEO_QUEUE_COMMON,
  D3D12_BARRIER_SYNC_ALL,
  D3D12_BARRIER_SYNC_ALL_SHADING,
  D3D12_BARRIER_SYNC_COMPUTE_SHADING,
  D3D12_BARRIER_SYNC_COPY,
  D3D12_BARRIER_SYNC_DEPTH_STENCIL,
  D3D12_BARRIER_SYNC_DRAW,
  D3D12_BARRIER_SYNC_EXECUTE_INDIRECT,
  D3D12_BARRIER_SYNC_INPUT_ASSEMBLER,
  D3D12_BARRIER_SYNC_NON_PIXEL_SHADING,
  D3D12_BARRIER_SYNC_PIXEL_SHADING,
  D3D12_BARRIER_SYNC_RENDER_TARGET,
  D3D12_BARRIER_SYNC_RESOLVE,
  D3D12_BARRIER_SYNC_SPLIT,
  D3D12_BARRIER_SYNC_VERTEX_SHADING,
  D3D12_COMMAND_LIST_TYPE_COMPUTE,
  D3D12_COMMAND_LIST_TYPE_COPY,
  D3D12_COMMAND_LIST_TYPE_DIRECT,
  D3D12_RESOURCE_STATE_COMMON,
  D3D12_RESOURCE_STATE_COPY_DEST,
  D3D12_RESOURCE_STATE_COPY_SOURCE,
  D3D12_RESOURCE_STATE_DEPTH_READ,
  D3D12_RESOURCE_STATE_DEPTH_WRITE,
  D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE,
  D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE,
  D3D12_RESOURCE_STATE_RENDER_TARGET,
  D3D12_RESOURCE_STATE_RESOLVE_DEST,
  D3D12_RESOURCE_STATE_RESOLVE_SOURCE,
  D3D12_RESOURCE_STATE_SHADING_RATE_SOURCE,
  D3D12_RESOURCE_STATE_UNORDERED_ACCESS,
  enumName,
} from './enums';

export interface D3D12_BARRIER_SUBRESOURCE_RANGE {
  IndexOrFirstMipLevel: number;
  NumMipLevels?: number;
  FirstArraySlice?: number;
  NumArraySlices?: number;
  FirstPlane?: number;
  NumPlanes?: number;
}
export interface D3D12_GLOBAL_BARRIER {
  SyncBefore: number;
  SyncAfter: number;
  AccessBefore: number;
  AccessAfter: number;
}
export interface D3D12_TEXTURE_BARRIER extends D3D12_GLOBAL_BARRIER {
  LayoutBefore: number;
  LayoutAfter: number;
  Resource: ID3D12Resource | null;
  Subresources?: D3D12_BARRIER_SUBRESOURCE_RANGE;
  Flags?: number;
}
export interface D3D12_BUFFER_BARRIER extends D3D12_GLOBAL_BARRIER {
  Resource: ID3D12Resource | null;
  Offset?: number | bigint;
  Size?: number | bigint;
}
export interface D3D12_BARRIER_GROUP {
  Type: number;
  NumBarriers?: number;
  GlobalBarriers?: readonly D3D12_GLOBAL_BARRIER[];
  TextureBarriers?: readonly D3D12_TEXTURE_BARRIER[];
  BufferBarriers?: readonly D3D12_BUFFER_BARRIER[];
}

/** What an enhanced barrier carries beyond a legacy transition (kept on the recorded barrier and traced). */
export interface EnhancedInfo {
  syncBefore: number;
  syncAfter: number;
  accessBefore: number;
  accessAfter: number;
  /** texture barriers only (buffers and global barriers have no layout): -1 */
  layoutBefore: number;
  layoutAfter: number;
  /** the subresources a texture barrier names (a range expanded); empty for buffers and global barriers */
  subs: number[];
  discard: boolean;
}

/** A subresource whose state was last set by a legacy barrier, creation or promotion (r.layouts[s]). */
export const LAYOUT_LEGACY = -1;

/** Short names for messages and panels: 'COPY_DEST', 'PIXEL_SHADING|COPY' ... */
export const layoutShort = (v: number) =>
  v < 0 && v !== -1 ? 'UNDEFINED' : enumName('D3D12_BARRIER_LAYOUT', v >>> 0).replace('D3D12_BARRIER_LAYOUT_', '');
export const syncShort = (v: number) =>
  v === 0 ? 'NONE' : enumName('D3D12_BARRIER_SYNC', v >>> 0).replace(/D3D12_BARRIER_SYNC_/g, '');
export const accessShort = (v: number) =>
  v === 0 ? 'COMMON' : enumName('D3D12_BARRIER_ACCESS', v >>> 0).replace(/D3D12_BARRIER_ACCESS_/g, '');

const SRV = D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE | D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE;
/** The direct/compute-queue layouts (18–29) as their queue-neutral base layout. */
const QUEUE_BASE = [
  D3D12_BARRIER_LAYOUT_COMMON,
  D3D12_BARRIER_LAYOUT_GENERIC_READ,
  D3D12_BARRIER_LAYOUT_UNORDERED_ACCESS,
  D3D12_BARRIER_LAYOUT_SHADER_RESOURCE,
  D3D12_BARRIER_LAYOUT_COPY_SOURCE,
  D3D12_BARRIER_LAYOUT_COPY_DEST,
];

/** DIRECT_QUEUE_X / COMPUTE_QUEUE_X → X (the accesses and the equivalent state are the same). */
export function baseLayout(layout: number): number {
  if (layout >= D3D12_BARRIER_LAYOUT_DIRECT_QUEUE_COMMON && layout <= D3D12_BARRIER_LAYOUT_COMPUTE_QUEUE_COPY_DEST)
    return QUEUE_BASE[(layout - D3D12_BARRIER_LAYOUT_DIRECT_QUEUE_COMMON) % 6];
  if (layout === D3D12_BARRIER_LAYOUT_VIDEO_QUEUE_COMMON) return D3D12_BARRIER_LAYOUT_COMMON;
  return layout;
}

/**
 * [EB-STATE-1] The legacy state a layout stands for, which drives the use checks and hazards ([ST-USE-1]) and the
 * executor: COMMON layouts are COMMON (so COPY/SRV uses promote, as the spec's "COMMON Layout and Access" allows),
 * GENERIC_READ is shader resource + copy source. UNDEFINED (contents discarded) counts as COMMON.
 */
export function layoutState(layout: number): number {
  switch (baseLayout(layout)) {
    case D3D12_BARRIER_LAYOUT_GENERIC_READ:
      return SRV | D3D12_RESOURCE_STATE_COPY_SOURCE;
    case D3D12_BARRIER_LAYOUT_RENDER_TARGET:
      return D3D12_RESOURCE_STATE_RENDER_TARGET;
    case D3D12_BARRIER_LAYOUT_UNORDERED_ACCESS:
      return D3D12_RESOURCE_STATE_UNORDERED_ACCESS;
    case D3D12_BARRIER_LAYOUT_DEPTH_STENCIL_WRITE:
      return D3D12_RESOURCE_STATE_DEPTH_WRITE;
    case D3D12_BARRIER_LAYOUT_DEPTH_STENCIL_READ:
      return D3D12_RESOURCE_STATE_DEPTH_READ;
    case D3D12_BARRIER_LAYOUT_SHADER_RESOURCE:
      return SRV;
    case D3D12_BARRIER_LAYOUT_COPY_SOURCE:
      return D3D12_RESOURCE_STATE_COPY_SOURCE;
    case D3D12_BARRIER_LAYOUT_COPY_DEST:
      return D3D12_RESOURCE_STATE_COPY_DEST;
    case D3D12_BARRIER_LAYOUT_RESOLVE_SOURCE:
      return D3D12_RESOURCE_STATE_RESOLVE_SOURCE;
    case D3D12_BARRIER_LAYOUT_RESOLVE_DEST:
      return D3D12_RESOURCE_STATE_RESOLVE_DEST;
    case D3D12_BARRIER_LAYOUT_SHADING_RATE_SOURCE:
      return D3D12_RESOURCE_STATE_SHADING_RATE_SOURCE;
    default:
      return D3D12_RESOURCE_STATE_COMMON;
  }
}

/** [EB-INTEROP-1] The layout a legacy state stands for ("Equivalent D3D12_BARRIER_LAYOUT for each D3D12_RESOURCE_STATES bit"). */
export function stateLayout(state: number): number {
  if (state === D3D12_RESOURCE_STATE_COMMON) return D3D12_BARRIER_LAYOUT_COMMON;
  for (let l = D3D12_BARRIER_LAYOUT_GENERIC_READ; l <= D3D12_BARRIER_LAYOUT_SHADING_RATE_SOURCE; l++)
    if (l !== D3D12_BARRIER_LAYOUT_GENERIC_READ && layoutState(l) === state) return l;
  if ((state & ~(SRV | D3D12_RESOURCE_STATE_COPY_SOURCE)) === 0) return D3D12_BARRIER_LAYOUT_GENERIC_READ;
  return D3D12_BARRIER_LAYOUT_COMMON;
}

/** [EB-ACCESS-1] "Layout Access Compatibility": the access bits a texture in a layout may name. */
export function layoutAccesses(layout: number): number {
  switch (baseLayout(layout)) {
    case D3D12_BARRIER_LAYOUT_UNDEFINED:
      return 0;
    case D3D12_BARRIER_LAYOUT_COMMON:
      return D3D12_BARRIER_ACCESS_SHADER_RESOURCE | D3D12_BARRIER_ACCESS_COPY_DEST | D3D12_BARRIER_ACCESS_COPY_SOURCE;
    case D3D12_BARRIER_LAYOUT_GENERIC_READ:
      return D3D12_BARRIER_ACCESS_SHADER_RESOURCE | D3D12_BARRIER_ACCESS_COPY_SOURCE;
    case D3D12_BARRIER_LAYOUT_RENDER_TARGET:
      return D3D12_BARRIER_ACCESS_RENDER_TARGET;
    case D3D12_BARRIER_LAYOUT_UNORDERED_ACCESS:
      return D3D12_BARRIER_ACCESS_UNORDERED_ACCESS;
    case D3D12_BARRIER_LAYOUT_DEPTH_STENCIL_WRITE:
      return D3D12_BARRIER_ACCESS_DEPTH_STENCIL_READ | D3D12_BARRIER_ACCESS_DEPTH_STENCIL_WRITE;
    case D3D12_BARRIER_LAYOUT_DEPTH_STENCIL_READ:
      return D3D12_BARRIER_ACCESS_DEPTH_STENCIL_READ;
    case D3D12_BARRIER_LAYOUT_SHADER_RESOURCE:
      return D3D12_BARRIER_ACCESS_SHADER_RESOURCE;
    case D3D12_BARRIER_LAYOUT_COPY_SOURCE:
      return D3D12_BARRIER_ACCESS_COPY_SOURCE;
    case D3D12_BARRIER_LAYOUT_COPY_DEST:
      return D3D12_BARRIER_ACCESS_COPY_DEST | D3D12_BARRIER_ACCESS_COPY_SOURCE;
    case D3D12_BARRIER_LAYOUT_RESOLVE_SOURCE:
      return D3D12_BARRIER_ACCESS_RESOLVE_SOURCE;
    case D3D12_BARRIER_LAYOUT_RESOLVE_DEST:
      return D3D12_BARRIER_ACCESS_RESOLVE_DEST;
    case D3D12_BARRIER_LAYOUT_SHADING_RATE_SOURCE:
      return D3D12_BARRIER_ACCESS_SHADING_RATE_SOURCE;
    default:
      return 0x7fffffff; // video layouts: not modelled further
  }
}

/** Access bits whose accesses are not incompatible with anything in a layout check (COMMON, NO_ACCESS). */
export function accessFitsLayout(access: number, layout: number): boolean {
  const a = (access & ~D3D12_BARRIER_ACCESS_NO_ACCESS) >>> 0;
  if (a === D3D12_BARRIER_ACCESS_COMMON) return true;
  return (a & ~layoutAccesses(layout)) === 0;
}

const SHADING = D3D12_BARRIER_SYNC_VERTEX_SHADING | D3D12_BARRIER_SYNC_PIXEL_SHADING | D3D12_BARRIER_SYNC_ALL_SHADING;
/** [EB-SYNC-2] "Access Bits Barrier Sync Compatibility": for each access bit, the sync bits one of which must be set. */
const ACCESS_SYNC: [number, number][] = [
  [
    D3D12_BARRIER_ACCESS_VERTEX_BUFFER,
    D3D12_BARRIER_SYNC_VERTEX_SHADING | D3D12_BARRIER_SYNC_DRAW | D3D12_BARRIER_SYNC_ALL_SHADING,
  ],
  [
    D3D12_BARRIER_ACCESS_CONSTANT_BUFFER,
    SHADING | D3D12_BARRIER_SYNC_COMPUTE_SHADING | D3D12_BARRIER_SYNC_DRAW | D3D12_BARRIER_SYNC_NON_PIXEL_SHADING,
  ],
  [D3D12_BARRIER_ACCESS_INDEX_BUFFER, D3D12_BARRIER_SYNC_INPUT_ASSEMBLER | D3D12_BARRIER_SYNC_DRAW],
  [D3D12_BARRIER_ACCESS_RENDER_TARGET, D3D12_BARRIER_SYNC_RENDER_TARGET | D3D12_BARRIER_SYNC_DRAW],
  [
    D3D12_BARRIER_ACCESS_UNORDERED_ACCESS,
    SHADING | D3D12_BARRIER_SYNC_COMPUTE_SHADING | D3D12_BARRIER_SYNC_DRAW | D3D12_BARRIER_SYNC_NON_PIXEL_SHADING,
  ],
  [D3D12_BARRIER_ACCESS_DEPTH_STENCIL_WRITE, D3D12_BARRIER_SYNC_DEPTH_STENCIL | D3D12_BARRIER_SYNC_DRAW],
  [D3D12_BARRIER_ACCESS_DEPTH_STENCIL_READ, D3D12_BARRIER_SYNC_DEPTH_STENCIL | D3D12_BARRIER_SYNC_DRAW],
  [
    D3D12_BARRIER_ACCESS_SHADER_RESOURCE,
    SHADING | D3D12_BARRIER_SYNC_COMPUTE_SHADING | D3D12_BARRIER_SYNC_DRAW | D3D12_BARRIER_SYNC_NON_PIXEL_SHADING,
  ],
  [
    D3D12_BARRIER_ACCESS_STREAM_OUTPUT,
    D3D12_BARRIER_SYNC_VERTEX_SHADING | D3D12_BARRIER_SYNC_DRAW | D3D12_BARRIER_SYNC_ALL_SHADING,
  ],
  [D3D12_BARRIER_ACCESS_INDIRECT_ARGUMENT, D3D12_BARRIER_SYNC_EXECUTE_INDIRECT],
  [D3D12_BARRIER_ACCESS_COPY_DEST, D3D12_BARRIER_SYNC_COPY],
  [D3D12_BARRIER_ACCESS_COPY_SOURCE, D3D12_BARRIER_SYNC_COPY],
  [D3D12_BARRIER_ACCESS_RESOLVE_DEST, D3D12_BARRIER_SYNC_RESOLVE],
  [D3D12_BARRIER_ACCESS_RESOLVE_SOURCE, D3D12_BARRIER_SYNC_RESOLVE],
];

/**
 * [EB-SYNC-1] / [EB-SYNC-2] Is an access paired with a sync scope that can perform it? SYNC_NONE means "no work
 * before/after": its access must be NO_ACCESS (or COMMON, which the compatibility table pairs with SYNC_NONE). Otherwise each access bit needs one of its sync bits (SYNC_ALL and
 * SYNC_SPLIT cover all). Returns the first offending access bit, or 0.
 */
export function syncAccessProblem(sync: number, access: number): number {
  if (sync === 0) return access === 0 || access & D3D12_BARRIER_ACCESS_NO_ACCESS ? 0 : access;
  if (access & D3D12_BARRIER_ACCESS_NO_ACCESS) return 0;
  if (sync & (D3D12_BARRIER_SYNC_ALL | D3D12_BARRIER_SYNC_SPLIT)) return 0;
  for (const [bit, syncs] of ACCESS_SYNC) if (access & bit && (sync & syncs) === 0) return bit;
  return 0;
}

/** [EB-LIST-1] "Command Queue Layout Compatibility": may a barrier on a list of this type name this layout? */
export function layoutAllowedOnList(listType: number, layout: number): boolean {
  if (layout === D3D12_BARRIER_LAYOUT_UNDEFINED || layout === D3D12_BARRIER_LAYOUT_COMMON) return true;
  const direct =
    layout >= D3D12_BARRIER_LAYOUT_DIRECT_QUEUE_COMMON && layout <= D3D12_BARRIER_LAYOUT_DIRECT_QUEUE_COPY_DEST;
  const compute =
    layout >= D3D12_BARRIER_LAYOUT_COMPUTE_QUEUE_COMMON && layout <= D3D12_BARRIER_LAYOUT_COMPUTE_QUEUE_COPY_DEST;
  if (listType === D3D12_COMMAND_LIST_TYPE_COPY) return false; // copy queues: COMMON only, no layout transitions
  // DIRECT: the queue-neutral layouts up to SHADING_RATE_SOURCE (11) and its own DIRECT_QUEUE_* ones
  if (listType === D3D12_COMMAND_LIST_TYPE_DIRECT) return layout <= D3D12_BARRIER_LAYOUT_SHADING_RATE_SOURCE || direct;
  if (listType === D3D12_COMMAND_LIST_TYPE_COMPUTE) return compute || [1, 3, 6, 7, 8].includes(layout); // GENERIC_READ, UAV, SHADER_RESOURCE, COPY_SOURCE, COPY_DEST
  return true;
}

/** [EB-LIST-2] Sync bits a COPY list may name (ALL, COPY, SPLIT); COMPUTE lists no graphics-stage bits. */
export function syncAllowedOnList(listType: number, sync: number): boolean {
  if (listType === D3D12_COMMAND_LIST_TYPE_COPY)
    return (sync & ~(D3D12_BARRIER_SYNC_ALL | D3D12_BARRIER_SYNC_COPY | D3D12_BARRIER_SYNC_SPLIT)) === 0;
  if (listType === D3D12_COMMAND_LIST_TYPE_COMPUTE)
    return (
      (sync &
        (D3D12_BARRIER_SYNC_DRAW |
          D3D12_BARRIER_SYNC_INPUT_ASSEMBLER |
          D3D12_BARRIER_SYNC_VERTEX_SHADING |
          D3D12_BARRIER_SYNC_PIXEL_SHADING |
          D3D12_BARRIER_SYNC_DEPTH_STENCIL |
          D3D12_BARRIER_SYNC_RENDER_TARGET |
          D3D12_BARRIER_SYNC_RESOLVE)) ===
      0
    );
  return true;
}

/** Is a subresource's current layout one a legacy barrier may start from ([EB-INTEROP-2])? */
export const legacyCompatibleLayout = (layout: number) =>
  layout === LAYOUT_LEGACY || layout === D3D12_BARRIER_LAYOUT_COMMON;

/**
 * [EB-USE-2] A subresource an enhanced barrier left in LAYOUT_COMMON may be copied from, copied into or read as a
 * shader resource with no further barrier, and it stays in COMMON: enhanced barriers have no promotion and no decay
 * (the layout's accesses are SHADER_RESOURCE | COPY_SOURCE | COPY_DEST, layoutAccesses above).
 */
export function commonLayoutAllows(layout: number | undefined, state: number): boolean {
  if (layout === undefined || layout === LAYOUT_LEGACY || baseLayout(layout) !== D3D12_BARRIER_LAYOUT_COMMON)
    return false;
  return (state & ~(SRV | D3D12_RESOURCE_STATE_COPY_SOURCE | D3D12_RESOURCE_STATE_COPY_DEST)) === 0;
}
