// Per-format facts the rules need: bytes per element (or per 4x4 block), the cast family (formats that may
// view each other: same TYPELESS parent), depth-ness and component class (FLOAT vs integer/normalised casts
// are never allowed, RelaxedCasting spec).

export type ComponentClass = 'FLOAT' | 'UNORM' | 'SNORM' | 'UINT' | 'SINT' | 'TYPELESS' | 'DEPTH' | 'NONE';

export interface FormatInfo {
  readonly bytes: number; // per element, or per 4x4 block for BC formats
  readonly block: number; // 1 or 4
  readonly family: number; // typeless parent format value
  readonly cls: ComponentClass;
  readonly depth: boolean;
  readonly srgb: boolean;
}

const F = (bytes: number, family: number, cls: ComponentClass, extra: Partial<FormatInfo> = {}): FormatInfo => ({
  bytes,
  block: 1,
  family,
  cls,
  depth: false,
  srgb: false,
  ...extra,
});

export const FORMAT_INFO: ReadonlyMap<number, FormatInfo> = new Map<number, FormatInfo>([
  [1, F(16, 1, 'TYPELESS')],
  [2, F(16, 1, 'FLOAT')],
  [3, F(16, 1, 'UINT')],
  [4, F(16, 1, 'SINT')],
  [5, F(12, 5, 'TYPELESS')],
  [6, F(12, 5, 'FLOAT')],
  [7, F(12, 5, 'UINT')],
  [8, F(12, 5, 'SINT')],
  [9, F(8, 9, 'TYPELESS')],
  [10, F(8, 9, 'FLOAT')],
  [11, F(8, 9, 'UNORM')],
  [12, F(8, 9, 'UINT')],
  [13, F(8, 9, 'SNORM')],
  [14, F(8, 9, 'SINT')],
  [15, F(8, 15, 'TYPELESS')],
  [16, F(8, 15, 'FLOAT')],
  [17, F(8, 15, 'UINT')],
  [18, F(8, 15, 'SINT')],
  [19, F(8, 19, 'TYPELESS')],
  [20, F(8, 19, 'DEPTH', { depth: true })],
  [23, F(4, 23, 'TYPELESS')],
  [24, F(4, 23, 'UNORM')],
  [25, F(4, 23, 'UINT')],
  [26, F(4, 26, 'FLOAT')],
  [27, F(4, 27, 'TYPELESS')],
  [28, F(4, 27, 'UNORM')],
  [29, F(4, 27, 'UNORM', { srgb: true })],
  [30, F(4, 27, 'UINT')],
  [31, F(4, 27, 'SNORM')],
  [32, F(4, 27, 'SINT')],
  [33, F(4, 33, 'TYPELESS')],
  [34, F(4, 33, 'FLOAT')],
  [35, F(4, 33, 'UNORM')],
  [36, F(4, 33, 'UINT')],
  [39, F(4, 39, 'TYPELESS')],
  [40, F(4, 39, 'DEPTH', { depth: true })],
  [41, F(4, 39, 'FLOAT')],
  [42, F(4, 39, 'UINT')],
  [43, F(4, 39, 'SINT')],
  [44, F(4, 44, 'TYPELESS')],
  [45, F(4, 44, 'DEPTH', { depth: true })],
  [46, F(4, 44, 'UNORM')],
  [48, F(2, 48, 'TYPELESS')],
  [49, F(2, 48, 'UNORM')],
  [50, F(2, 48, 'UINT')],
  [53, F(2, 53, 'TYPELESS')],
  [54, F(2, 53, 'FLOAT')],
  [55, F(2, 53, 'DEPTH', { depth: true })],
  [56, F(2, 53, 'UNORM')],
  [57, F(2, 53, 'UINT')],
  [60, F(1, 60, 'TYPELESS')],
  [61, F(1, 60, 'UNORM')],
  [62, F(1, 60, 'UINT')],
  [65, F(1, 65, 'UNORM')],
  [70, F(8, 70, 'TYPELESS', { block: 4 })],
  [71, F(8, 70, 'UNORM', { block: 4 })],
  [72, F(8, 70, 'UNORM', { block: 4, srgb: true })],
  [76, F(16, 76, 'TYPELESS', { block: 4 })],
  [77, F(16, 76, 'UNORM', { block: 4 })],
  [78, F(16, 76, 'UNORM', { block: 4, srgb: true })],
  [85, F(2, 85, 'UNORM')],
  [87, F(4, 90, 'UNORM')],
  [90, F(4, 90, 'TYPELESS')],
  [91, F(4, 90, 'UNORM', { srgb: true })],
  [97, F(16, 97, 'TYPELESS', { block: 4 })],
  [98, F(16, 97, 'UNORM', { block: 4 })],
  [99, F(16, 97, 'UNORM', { block: 4, srgb: true })],
]);

export function formatInfo(format: number): FormatInfo | undefined {
  return FORMAT_INFO.get(format);
}

/**
 * [VIEW-FMT-1] May a view of `viewFormat` look at a resource of `resFormat`? Same format, or a typeless resource
 * of the same family, or (relaxed casting, RS2+) a fully typed resource of the same family as long as neither
 * side is FLOAT while the other is not ("FLOAT <-> non-FLOAT casting is never allowed").
 */
export function viewFormatCompatible(resFormat: number, viewFormat: number, relaxedCasting = true): boolean {
  if (viewFormat === 0 || viewFormat === resFormat) return true;
  const r = FORMAT_INFO.get(resFormat);
  const v = FORMAT_INFO.get(viewFormat);
  if (!r || !v || r.family !== v.family) return false;
  if (r.cls === 'TYPELESS') return true;
  if (!relaxedCasting) return false;
  if ((r.cls === 'FLOAT') !== (v.cls === 'FLOAT')) return false;
  return true;
}
