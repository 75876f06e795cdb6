// Display helpers shared by every panel layout: byte offsets in hex and KiB, times with units, states by their
// D3D12 names (UX.md: "every number has its unit; byte offsets in hex and in KiB; states by their D3D12 names").

import { enumName, resourceStateName, resourceStateShort } from '../../../core';

/** 0x10000 (64 KiB) */
export function fmtOffset(bytes: number): string {
  return `0x${bytes.toString(16).toUpperCase()} (${fmtKiB(bytes)})`;
}

export function fmtKiB(bytes: number): string {
  const k = bytes / 1024;
  return `${Number.isInteger(k) ? k : k.toFixed(k < 10 ? 2 : 1)} KiB`;
}

/** Bytes for a size: KiB below 1 MiB, MiB above. */
export function fmtSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(2).replace(/\.?0+$/, '')} MiB`;
  return fmtKiB(bytes);
}

/** Modelled time is kept in nanoseconds; people read milliseconds. */
export function fmtMs(ns: number): string {
  const ms = ns / 1e6;
  return `${ms >= 100 ? ms.toFixed(0) : ms >= 1 ? ms.toFixed(2) : ms.toFixed(3)} ms`;
}

/** Full D3D12 name of a state value; flag combinations print as their bits joined by `|`. */
export const stateName = resourceStateName;

/** Short label for a segment: the name without the prefix (COPY_DEST, RENDER_TARGET|COPY_SOURCE ...). */
export const stateShort = resourceStateShort;

export function heapTypeName(t: number): string {
  return t < 0 ? 'reserved' : enumName('D3D12_HEAP_TYPE', t).replace('D3D12_HEAP_TYPE_', '');
}
