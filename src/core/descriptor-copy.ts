// ID3D12Device::CopyDescriptorsSimple / CopyDescriptors ([DH-COPY-1], [DH-COPY-2]): descriptor contents copied
// between CPU handles of one heap type, one descriptor at a time, as the runtime's memcpy of the slots does.

import type { DeviceContext } from './kernel';
import type { D3D12_CPU_DESCRIPTOR_HANDLE } from './structs';

/**
 * Copy one descriptor slot. A handle that is not a slot of a heap of `type` is INVALID_DESCRIPTOR_HANDLE (the
 * copy stops there: returns false). Rewriting a slot GPU work in flight reads is the hazard
 * `descriptor-overwritten-in-flight` ([DH-FREE-1]).
 */
function copyOne(dev: DeviceContext, srcPtr: number, dstPtr: number, type: number, via: string): boolean {
  const src = dev.address.resolveCpu(srcPtr);
  const dst = dev.address.resolveCpu(dstPtr);
  if (!src || !dst || src.heap.type !== type || dst.heap.type !== type) {
    dev.msg('INVALID_DESCRIPTOR_HANDLE', { ptr: src ? dstPtr : srcPtr });
    return false;
  }
  if (dst.heap.inflightReads[dst.index] > 0) {
    // [DH-FREE-1] the slot is rewritten while GPU work that reads it is in flight (A6 "immediate-free")
    dev.sys.hazard('descriptor-overwritten-in-flight', src.heap.slots[src.index]?.res ?? 0, {
      heap: dst.heap.id,
      index: dst.index,
      via,
      outcome: 'GPU reads the new descriptor',
    });
  }
  dst.heap.slots[dst.index] = src.heap.slots[src.index];
  dev.sys.trace.push({
    k: 'descriptor',
    i: dev.sys.callIndex,
    heap: dst.heap.id,
    index: dst.index,
    view: src.heap.slots[src.index]?.kind ?? 'NULL',
    res: src.heap.slots[src.index]?.res ?? 0,
  });
  return true;
}

/** [DH-COPY-1] CopyDescriptorsSimple: NumDescriptors consecutive slots. */
export function copyDescriptorsSimple(
  dev: DeviceContext,
  args: {
    NumDescriptors: number;
    DestDescriptorRangeStart: D3D12_CPU_DESCRIPTOR_HANDLE;
    SrcDescriptorRangeStart: D3D12_CPU_DESCRIPTOR_HANDLE;
    DescriptorHeapsType: number;
  },
): void {
  const inc = dev.incrementSize(args.DescriptorHeapsType);
  for (let k = 0; k < args.NumDescriptors; k++) {
    const s = args.SrcDescriptorRangeStart.ptr + k * inc;
    const d = args.DestDescriptorRangeStart.ptr + k * inc;
    if (!copyOne(dev, s, d, args.DescriptorHeapsType, 'CopyDescriptorsSimple')) break;
  }
}

export interface CopyDescriptorsArgs {
  NumDestDescriptorRanges: number;
  DestDescriptorRangeStarts: D3D12_CPU_DESCRIPTOR_HANDLE[];
  DestDescriptorRangeSizes?: number[] | null;
  NumSrcDescriptorRanges: number;
  SrcDescriptorRangeStarts: D3D12_CPU_DESCRIPTOR_HANDLE[];
  SrcDescriptorRangeSizes?: number[] | null;
  DescriptorHeapsType: number;
}

/** The descriptor pointers a list of ranges covers, in order (a NULL sizes array means ranges of 1). */
function flatten(n: number, starts: D3D12_CPU_DESCRIPTOR_HANDLE[], sizes: number[] | null | undefined, inc: number) {
  const out: number[] = [];
  for (let r = 0; r < n && r < starts.length; r++) {
    const size = sizes ? (sizes[r] ?? 0) : 1;
    for (let k = 0; k < size; k++) out.push((starts[r]?.ptr ?? 0) + k * inc);
  }
  return out;
}

/**
 * [DH-COPY-2] CopyDescriptors: the source ranges, read in order, are written into the destination ranges in order
 * (ranges of different sizes on each side are fine, "as long as the total number of descriptors is the same"; the
 * CopyDescriptors reference page). Totals that differ are COPY_DESCRIPTORS_INVALID_RANGES and nothing is copied;
 * a bad handle stops the copy with INVALID_DESCRIPTOR_HANDLE as in CopyDescriptorsSimple.
 */
export function copyDescriptors(dev: DeviceContext, args: CopyDescriptorsArgs): void {
  const inc = dev.incrementSize(args.DescriptorHeapsType);
  const dst = flatten(
    args.NumDestDescriptorRanges ?? 0,
    args.DestDescriptorRangeStarts ?? [],
    args.DestDescriptorRangeSizes,
    inc,
  );
  const src = flatten(
    args.NumSrcDescriptorRanges ?? 0,
    args.SrcDescriptorRangeStarts ?? [],
    args.SrcDescriptorRangeSizes,
    inc,
  );
  if (dst.length !== src.length) {
    dev.msg('COPY_DESCRIPTORS_INVALID_RANGES', { src: src.length, dst: dst.length });
    return;
  }
  for (let k = 0; k < src.length; k++) {
    if (!copyOne(dev, src[k], dst[k], args.DescriptorHeapsType, 'CopyDescriptors')) break;
  }
}
