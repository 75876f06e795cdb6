// A device's address spaces ([RES-VA-1], [DH-*]): GPU virtual addresses of heaps and resources, CPU and GPU
// descriptor handles, and the lookups that turn an address back into what lives there (a buffer by GPU VA for
// vertex/index/constant buffer views, a descriptor heap slot by handle). Handles are plain numbers, so a
// hard-coded increment or a GPU handle used as a CPU one resolves to another slot, or to nothing, as on hardware.

import type { ID3D12Resource } from './resource';
import type { ID3D12DescriptorHeap } from './descriptors';
import { D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT } from './enums';
import { align } from './layout';

/** A descriptor handle resolved to its heap and slot. */
export interface DescriptorSlotRef {
  heap: ID3D12DescriptorHeap;
  index: number;
}

export class AddressSpace {
  /** First buffer GPU VA: 4 GiB (the model's choice; the docs fix only that buffers have a non-zero VA). */
  private nextVA = 0x1_0000_0000;
  /** First CPU descriptor handle (1 MiB) and first shader-visible GPU descriptor handle (2^37). */
  private nextCpuDescriptor = 0x10_0000;
  private nextGpuDescriptor = 0x20_0000_0000;
  /** Buffers in creation order (views name memory: the newest buffer covering an address wins). */
  private readonly buffers: ID3D12Resource[] = [];
  private readonly descriptorHeaps: ID3D12DescriptorHeap[] = [];

  allocVA(size: number, alignment = D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT): number {
    const va = align(this.nextVA, alignment);
    this.nextVA = va + Math.max(size, alignment);
    return va;
  }

  allocDescriptorRange(bytes: number, gpu: boolean): { cpu: number; gpu: number } {
    const cpu = this.nextCpuDescriptor;
    this.nextCpuDescriptor = align(cpu + bytes + 0x1000, 0x1_0000);
    let g = 0;
    if (gpu) {
      g = this.nextGpuDescriptor;
      this.nextGpuDescriptor = align(g + bytes + 0x1000, 0x1_0000);
    }
    return { cpu, gpu: g };
  }

  addBuffer(r: ID3D12Resource): void {
    this.buffers.push(r);
  }

  /** The buffer a GPU virtual address falls in (vertex/index/constant buffer views name memory, not objects). */
  resourceAtVA(va: number): ID3D12Resource | null {
    for (let k = this.buffers.length - 1; k >= 0; k--) {
      const b = this.buffers[k];
      if (va >= b.gpuVA && va < b.gpuVA + b.desc.Width) return b;
    }
    return null;
  }

  addDescriptorHeap(h: ID3D12DescriptorHeap): void {
    this.descriptorHeaps.push(h);
  }

  /** Resolve a CPU pointer to (heap, slot); null when it is not the start of a slot in any live heap. */
  resolveCpu(ptr: number): DescriptorSlotRef | null {
    for (const h of this.descriptorHeaps) {
      if (h.destroyed) continue;
      const off = ptr - h.cpuBase;
      if (off >= 0 && off < h.increment * h.numDescriptors) {
        if (off % h.increment !== 0) return null;
        return { heap: h, index: off / h.increment };
      }
    }
    return null;
  }

  /** Resolve a GPU pointer (shader-visible heaps only) to (heap, slot). */
  resolveGpu(ptr: number): DescriptorSlotRef | null {
    for (const h of this.descriptorHeaps) {
      if (h.destroyed || !h.shaderVisible) continue;
      const off = ptr - h.gpuBase;
      if (off >= 0 && off < h.increment * h.numDescriptors) {
        if (off % h.increment !== 0) return null;
        return { heap: h, index: off / h.increment };
      }
    }
    return null;
  }
}
