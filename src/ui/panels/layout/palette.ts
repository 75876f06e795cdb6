// Colours and patterns. Each resource state gets a hue AND a pattern AND a text label, so the history reads
// in greyscale, for colour-blind readers and in a screen reader's table (UX.md: colour never the only signal).
// Colours are mid-tones that hold on both the light and the dark theme.

import type { Pattern } from './shapes';

/** The charts' text, in every renderer (SVG, canvas, cursor layer). */
export const FONT_FAMILY = 'system-ui, sans-serif';

interface StateStyle {
  fill: string;
  pattern: Pattern;
}

const BY_STATE: Record<number, StateStyle> = {
  0x0: { fill: '#9e9e9e', pattern: 'none' }, // COMMON / PRESENT
  0x1: { fill: '#4e79a7', pattern: 'dots' }, // VERTEX_AND_CONSTANT_BUFFER
  0x2: { fill: '#76b7b2', pattern: 'dots' }, // INDEX_BUFFER
  0x4: { fill: '#e15759', pattern: 'diag' }, // RENDER_TARGET
  0x8: { fill: '#b07aa1', pattern: 'cross' }, // UNORDERED_ACCESS
  0x10: { fill: '#9c755f', pattern: 'rdiag' }, // DEPTH_WRITE
  0x20: { fill: '#c9a77c', pattern: 'horiz' }, // DEPTH_READ
  0x40: { fill: '#59a14f', pattern: 'vert' }, // NON_PIXEL_SHADER_RESOURCE
  0x80: { fill: '#8cd17d', pattern: 'vert' }, // PIXEL_SHADER_RESOURCE
  0xc0: { fill: '#6fb861', pattern: 'vert' }, // ALL_SHADER_RESOURCE
  0x200: { fill: '#bab0ac', pattern: 'horiz' }, // INDIRECT_ARGUMENT
  0x400: { fill: '#f28e2b', pattern: 'rdiag' }, // COPY_DEST
  0x800: { fill: '#edc948', pattern: 'diag' }, // COPY_SOURCE
  0x1000: { fill: '#ff9da7', pattern: 'rdiag' }, // RESOLVE_DEST
  0x2000: { fill: '#d4a6c8', pattern: 'diag' }, // RESOLVE_SOURCE
  0xac3: { fill: '#86bcb6', pattern: 'grid' }, // GENERIC_READ
};

/** Style of a state value; unknown combinations fall back to a neutral grid (their label still names them). */
export function stateStyle(value: number): StateStyle {
  return BY_STATE[value >>> 0] ?? { fill: '#a0a0c0', pattern: 'grid' };
}

export const COLORS = {
  axis: '#8a8a99',
  cursor: '#7a1fa2',
  barrier: '#1b1b22',
  promotion: '#1d7a3a',
  decay: '#8a5a00',
  aliasing: '#b3261e',
  error: '#b3261e',
  warning: '#c77700',
  info: '#3b6fb6',
  free: '#d9d9e3',
  padding: '#efc7c7',
  mapped: '#7a1fa2',
  gpu: '#4e79a7',
  wait: '#c77700',
  timeout: '#b3261e',
  signalled: '#e15759',
  completed: '#1d7a3a',
  highlight: '#ffb000',
  dense: '#7d7d90',
  text: 'currentColor',
};

export const SEVERITY_COLOR: Record<string, string> = {
  CORRUPTION: '#7b0000',
  ERROR: COLORS.error,
  WARNING: '#8a5a00', // darker than the mark colour: text needs 4.5:1 contrast
  INFO: COLORS.info,
  MESSAGE: '#5d5d6b',
};

/** Severities from most to least serious; "break on ERROR" also stops on CORRUPTION. */
export const SEVERITY_RANK: Record<string, number> = { CORRUPTION: 4, ERROR: 3, WARNING: 2, INFO: 1, MESSAGE: 0 };

/** One colour per resource (heap timeline), stable across redraws. */
export function resourceColor(id: number): string {
  const hues = [
    '#4e79a7',
    '#f28e2b',
    '#59a14f',
    '#b07aa1',
    '#76b7b2',
    '#edc948',
    '#ff9da7',
    '#9c755f',
    '#e15759',
    '#bab0ac',
  ];
  return hues[id % hues.length];
}
