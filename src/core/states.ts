// Resource-state rules shared by recording and ExecuteCommandLists validation (legacy barriers):
// implicit promotion and decay ([ST-PROMO-*], [ST-DECAY-1]), list-type state limits ([ST-LIST-1]).

import {
  D3D12_COMMAND_LIST_TYPE_COMPUTE,
  D3D12_COMMAND_LIST_TYPE_COPY,
  D3D12_RESOURCE_STATE_COMMON,
  D3D12_RESOURCE_STATE_COPY_DEST,
  D3D12_RESOURCE_STATE_COPY_SOURCE,
  D3D12_RESOURCE_STATE_DEPTH_READ,
  D3D12_RESOURCE_STATE_DEPTH_WRITE,
  D3D12_RESOURCE_STATE_INDEX_BUFFER,
  D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE,
  D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE,
  D3D12_RESOURCE_STATE_RENDER_TARGET,
  D3D12_RESOURCE_STATE_RESOLVE_DEST,
  D3D12_RESOURCE_STATE_RESOLVE_SOURCE,
  D3D12_RESOURCE_STATE_STREAM_OUT,
  D3D12_RESOURCE_STATE_UNORDERED_ACCESS,
  D3D12_RESOURCE_STATE_GENERIC_READ,
  D3D12_RESOURCE_STATE_VIDEO_DECODE_WRITE,
  D3D12_RESOURCE_STATE_VIDEO_PROCESS_WRITE,
  D3D12_RESOURCE_STATE_VIDEO_ENCODE_WRITE,
} from './enums';
import { enumName } from './enums';

/** Write states are exclusive: they may not be combined with any other bit. */
export const WRITE_STATES =
  D3D12_RESOURCE_STATE_RENDER_TARGET |
  D3D12_RESOURCE_STATE_UNORDERED_ACCESS |
  D3D12_RESOURCE_STATE_DEPTH_WRITE |
  D3D12_RESOURCE_STATE_STREAM_OUT |
  D3D12_RESOURCE_STATE_COPY_DEST |
  D3D12_RESOURCE_STATE_RESOLVE_DEST |
  D3D12_RESOURCE_STATE_VIDEO_DECODE_WRITE |
  D3D12_RESOURCE_STATE_VIDEO_PROCESS_WRITE |
  D3D12_RESOURCE_STATE_VIDEO_ENCODE_WRITE;

export const READ_STATES =
  D3D12_RESOURCE_STATE_GENERIC_READ | D3D12_RESOURCE_STATE_DEPTH_READ | D3D12_RESOURCE_STATE_RESOLVE_SOURCE;

export function isReadOnly(state: number): boolean {
  return state !== 0 && (state & WRITE_STATES) === 0;
}

/** [ST-COMB-1] A write state combined with any other bit is an invalid combination. */
export function invalidCombination(state: number): boolean {
  const w = state & WRITE_STATES;
  if (w === 0) return false;
  return (w & (w - 1)) !== 0 || (state & ~w) !== 0;
}

/** [ST-PROMO-2] Non-simultaneous textures promote from COMMON only to these states (and read combinations of them). */
export const TEXTURE_PROMOTABLE =
  D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE |
  D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE |
  D3D12_RESOURCE_STATE_COPY_SOURCE |
  D3D12_RESOURCE_STATE_COPY_DEST;

/** [ST-LIST-1] States a barrier may name on a COPY list (COMMON, COPY_DEST, COPY_SOURCE) or a COMPUTE list (no graphics-only bits). */
export const COPY_LIST_STATES = D3D12_RESOURCE_STATE_COPY_DEST | D3D12_RESOURCE_STATE_COPY_SOURCE;
export const COMPUTE_LIST_FORBIDDEN =
  D3D12_RESOURCE_STATE_RENDER_TARGET |
  D3D12_RESOURCE_STATE_DEPTH_WRITE |
  D3D12_RESOURCE_STATE_DEPTH_READ |
  D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE |
  D3D12_RESOURCE_STATE_INDEX_BUFFER |
  D3D12_RESOURCE_STATE_STREAM_OUT |
  D3D12_RESOURCE_STATE_RESOLVE_DEST |
  D3D12_RESOURCE_STATE_RESOLVE_SOURCE;

export function stateAllowedOnList(listType: number, state: number): boolean {
  if (listType === D3D12_COMMAND_LIST_TYPE_COPY) return (state & ~COPY_LIST_STATES) === 0;
  if (listType === D3D12_COMMAND_LIST_TYPE_COMPUTE) return (state & COMPUTE_LIST_FORBIDDEN) === 0;
  return true;
}

/** Queue type classes for the cross-queue COMMON rule ([ST-XQ-1]): not used on a queue yet, 3D/compute, copy. */
export const QUEUE_CLASS_NONE = 0;
export const QUEUE_CLASS_3D = 1;
export const QUEUE_CLASS_COPY = 2;

export function queueClass(listType: number): number {
  return listType === D3D12_COMMAND_LIST_TYPE_COPY ? QUEUE_CLASS_COPY : QUEUE_CLASS_3D;
}

/** How a subresource was promoted during one ExecuteCommandLists ([ST-PROMO-3], [ST-DECAY-1]). */
export const PROMOTED_NONE = 0;
export const PROMOTED_READ = 1;
export const PROMOTED_WRITE = 2;

/** Does state `cur` satisfy a use that needs all bits of `need`? */
export function satisfies(cur: number, need: number): boolean {
  return need === D3D12_RESOURCE_STATE_COMMON ? cur === 0 : (cur & need) === need;
}

/**
 * [ST-PROMO-1] Implicit promotion from COMMON: buffers and simultaneous-access textures promote to any state;
 * other textures only to the TEXTURE_PROMOTABLE set. [ST-PROMO-3] A subresource promoted to a read state in this
 * ExecuteCommandLists may promote further to other read states; a write-promoted one may not.
 * Returns the new state, or -1 when the use is not satisfied and cannot be promoted.
 */
export function promote(cur: number, promotedKind: number, need: number, bufferOrSimultaneous: boolean): number {
  if (cur === D3D12_RESOURCE_STATE_COMMON && promotedKind === PROMOTED_NONE) {
    if (bufferOrSimultaneous) return need;
    if ((need & ~TEXTURE_PROMOTABLE) === 0 && !invalidCombination(need)) return need;
    return -1;
  }
  if (promotedKind === PROMOTED_READ && isReadOnly(need)) {
    if (bufferOrSimultaneous || (need & ~TEXTURE_PROMOTABLE) === 0) return cur | need;
  }
  return -1;
}

/**
 * [BAR-BEFORE-1] Does a transition's StateBefore match the state the subresource is in? For a subresource in COMMON
 * (not yet promoted) the barrier page allows "either COMMON or any promotable state as the BeforeState": the runtime
 * treats the resource as promoted to it first. Any other mismatch is RESOURCE_BARRIER_BEFORE_AFTER_MISMATCH.
 */
export function beforeMatches(
  cur: number,
  before: number,
  promotedKind: number,
  bufferOrSimultaneous: boolean,
): boolean {
  if (cur === before) return true;
  return (
    cur === D3D12_RESOURCE_STATE_COMMON &&
    promotedKind === PROMOTED_NONE &&
    promote(cur, PROMOTED_NONE, before, bufferOrSimultaneous) !== -1
  );
}

/** Full D3D12 name of a state value; flag combinations print as their bits joined by `|` (GENERIC_READ and COMMON by name). */
export function resourceStateName(value: number): string {
  if (value === D3D12_RESOURCE_STATE_COMMON) return 'D3D12_RESOURCE_STATE_COMMON';
  if (value === D3D12_RESOURCE_STATE_GENERIC_READ) return 'D3D12_RESOURCE_STATE_GENERIC_READ';
  return enumName('D3D12_RESOURCE_STATES', value >>> 0);
}

/** The name without the D3D12_RESOURCE_STATE_ prefix (COPY_DEST, RENDER_TARGET|COPY_SOURCE ...). */
export function resourceStateShort(value: number): string {
  return resourceStateName(value)
    .split('|')
    .map((p) => p.replace('D3D12_RESOURCE_STATE_', ''))
    .join('|');
}
