// D3D12 names for numbers shown in the UI (states by their D3D12 names, never raw bits alone).
const STATES: [number, string][] = [
  [0x1, 'VERTEX_AND_CONSTANT_BUFFER'],
  [0x2, 'INDEX_BUFFER'],
  [0x4, 'RENDER_TARGET'],
  [0x8, 'UNORDERED_ACCESS'],
  [0x10, 'DEPTH_WRITE'],
  [0x20, 'DEPTH_READ'],
  [0x40, 'NON_PIXEL_SHADER_RESOURCE'],
  [0x80, 'PIXEL_SHADER_RESOURCE'],
  [0x100, 'STREAM_OUT'],
  [0x200, 'INDIRECT_ARGUMENT'],
  [0x400, 'COPY_DEST'],
  [0x800, 'COPY_SOURCE'],
  [0x1000, 'RESOLVE_DEST'],
  [0x2000, 'RESOLVE_SOURCE'],
];

export function stateName(s: number): string {
  if (s === 0) return 'COMMON / PRESENT';
  if (s === 0xac3) return 'GENERIC_READ';
  const parts = STATES.filter(([b]) => (s & b) === b).map(([, n]) => n);
  return parts.length ? parts.join(' | ') : `0x${s.toString(16)}`;
}
