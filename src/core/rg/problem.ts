// The placement problem shared by the render graph, the d3d12-place CLI and the bench: buffers live over
// [lower, upper) (pass indices, or MiniMalloc's abstract time), need `size` bytes at an offset that is a
// multiple of `alignment`. Two buffers whose lifetimes overlap must not overlap in [offset, offset + size).

export interface PlaceItem {
  lower: number;
  upper: number;
  size: number;
  /** Offset granularity in bytes; 1 when omitted (MiniMalloc's CSVs have none). */
  alignment?: number;
}

export interface Placement {
  /** Offset of item k, in the input order. */
  offsets: number[];
  /** max(offset + size): the heap size this placement needs. */
  peak: number;
}

export function alignUp(x: number, alignment: number): number {
  if (alignment <= 1) return x;
  const r = x % alignment;
  return r === 0 ? x : x + alignment - r;
}

/**
 * LOAD: the largest total size alive at one moment. Every placement's peak is at least this, so it is the
 * lower bound the placer stops at. (Alignment can force a placement above it; it never lowers it.)
 */
export function computeLoad(items: readonly PlaceItem[]): number {
  const ev: [number, number][] = [];
  for (const it of items) {
    if (it.upper <= it.lower || it.size <= 0) continue;
    ev.push([it.lower, it.size], [it.upper, -it.size]);
  }
  // At one instant, ends come before starts: [lower, upper) is half-open.
  ev.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let cur = 0;
  let load = 0;
  for (const [, d] of ev) {
    cur += d;
    if (cur > load) load = cur;
  }
  return load;
}

/**
 * The first problem in a placement, or null: two items alive together that share bytes, or an offset that is
 * not a multiple of its alignment. Quadratic; for tests and for checking input placements, not hot paths.
 */
export function findPlacementError(items: readonly PlaceItem[], offsets: readonly number[]): string | null {
  for (let a = 0; a < items.length; a++) {
    const A = items[a];
    const al = A.alignment ?? 1;
    if (!Number.isInteger(offsets[a]) || offsets[a] < 0)
      return `item ${a}: offset ${offsets[a]} is not a non-negative integer`;
    if (offsets[a] % al !== 0) return `item ${a}: offset ${offsets[a]} is not a multiple of its alignment ${al}`;
    for (let b = a + 1; b < items.length; b++) {
      const B = items[b];
      if (!(A.lower < B.upper && B.lower < A.upper) || A.size === 0 || B.size === 0) continue;
      if (offsets[a] < offsets[b] + B.size && offsets[b] < offsets[a] + A.size) {
        return `items ${a} and ${b} are alive together and overlap in memory`;
      }
    }
  }
  return null;
}
