// ID3D12Heap and ID3D12Resource: memory, per-subresource states, Map/Unmap with real bytes for CPU-visible
// heaps (so uploads and vertex data carry real data to the executor), tile mappings of reserved resources. Map/Unmap
// (resource-map.ts) and Write/ReadFromSubresource (resource-cpu-access.ts) are functions the methods delegate to.

import { IUnknown } from './object';
import type { DeviceContext } from './kernel';
import type { HRESULT } from './messages';
import {
  D3D12_CPU_PAGE_PROPERTY_NOT_AVAILABLE,
  D3D12_CPU_PAGE_PROPERTY_WRITE_BACK,
  D3D12_CPU_PAGE_PROPERTY_WRITE_COMBINE,
  D3D12_HEAP_TYPE_CUSTOM,
  D3D12_HEAP_TYPE_DEFAULT,
  D3D12_HEAP_TYPE_GPU_UPLOAD,
  D3D12_HEAP_TYPE_READBACK,
  D3D12_HEAP_TYPE_UPLOAD,
  D3D12_RESOURCE_FLAG_ALLOW_SIMULTANEOUS_ACCESS,
  D3D12_TILED_RESOURCE_TILE_SIZE_IN_BYTES,
  D3D12_RESOURCE_STATE_COPY_DEST,
  D3D12_RESOURCE_STATE_GENERIC_READ,
  D3D12_HEAP_FLAG_CREATE_NOT_ZEROED,
  D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET,
  D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL,
} from './enums';
import { arraySize, copyableFootprints, isBuffer, mipLevels, subresourceCount } from './layout';
import type { D3D12_HEAP_PROPERTIES, D3D12_RANGE, D3D12_RESOURCE_DESC } from './structs';
import { resourceMap, resourceUnmap } from './resource-map';
import {
  readFromSubresource,
  writeToSubresource,
  type ReadFromSubresourceArgs,
  type WriteToSubresourceArgs,
} from './resource-cpu-access';

export type Placement = 'committed' | 'placed' | 'reserved' | 'swapchain';

/** Effective CPU page property of a heap (resolves the abstract types against the adapter's architecture). */
export function cpuPageProperty(p: D3D12_HEAP_PROPERTIES, cacheCoherentUMA: boolean): number {
  switch (p.Type) {
    case D3D12_HEAP_TYPE_DEFAULT:
      return D3D12_CPU_PAGE_PROPERTY_NOT_AVAILABLE;
    // [HEAP-CPU-1] UPLOAD is write-combined, except on cache-coherent UMA where it is write-back.
    case D3D12_HEAP_TYPE_UPLOAD:
      return cacheCoherentUMA ? D3D12_CPU_PAGE_PROPERTY_WRITE_BACK : D3D12_CPU_PAGE_PROPERTY_WRITE_COMBINE;
    case D3D12_HEAP_TYPE_READBACK:
      return D3D12_CPU_PAGE_PROPERTY_WRITE_BACK;
    case D3D12_HEAP_TYPE_GPU_UPLOAD:
      return D3D12_CPU_PAGE_PROPERTY_WRITE_COMBINE;
    case D3D12_HEAP_TYPE_CUSTOM:
      return p.CPUPageProperty;
    default:
      return D3D12_CPU_PAGE_PROPERTY_NOT_AVAILABLE;
  }
}

export class ID3D12Heap extends IUnknown {
  readonly iface = 'ID3D12Heap';
  /** Real bytes, allocated on first CPU access of a resource placed in a CPU-visible heap. */
  bytes: Uint8Array | null = null;
  readonly placed = new Set<ID3D12Resource>();

  constructor(
    readonly device: DeviceContext,
    readonly SizeInBytes: number,
    readonly Properties: D3D12_HEAP_PROPERTIES,
    readonly Alignment: number,
    readonly Flags: number,
    readonly gpuVA: number,
  ) {
    super(device.sys, device.id, 'ID3D12Heap');
  }

  override implements(iface: string): boolean {
    return iface === 'ID3D12Heap' || iface === 'ID3D12Heap1' || super.implements(iface);
  }

  GetDesc(): { SizeInBytes: number; Properties: D3D12_HEAP_PROPERTIES; Alignment: number; Flags: number } {
    return {
      SizeInBytes: this.SizeInBytes,
      Properties: { ...this.Properties },
      Alignment: this.Alignment,
      Flags: this.Flags,
    };
  }

  /** Placed resources released while the heap was alive (their GPU work faults once the heap's memory is freed). */
  readonly releasedPlaced: ID3D12Resource[] = [];
  memoryFreed = false;

  storage(): Uint8Array {
    if (!this.bytes) this.bytes = new Uint8Array(Math.min(this.SizeInBytes, 1 << 26));
    return this.bytes;
  }

  /**
   * [HEAP-LIFE-1] Placed resources hold a reference on their heap: the heap's memory is freed when the application
   * released the heap and the last placed resource in it is gone.
   */
  protected override onFinalRelease(): void {
    super.onFinalRelease();
    if (this.placed.size === 0) this.freeMemory();
  }

  freeMemory(): void {
    if (this.memoryFreed) return;
    this.memoryFreed = true;
    for (const r of this.releasedPlaced) r.freed = true;
    this.device.memory.freed(this, this.gpuVA, this.SizeInBytes);
    this.sys.trace.push({
      k: 'free',
      i: this.sys.callIndex,
      res: this.id,
      heap: this.id,
      offset: 0,
      size: this.SizeInBytes,
    });
  }
}

export class ID3D12Resource extends IUnknown {
  readonly iface = 'ID3D12Resource';
  readonly subCount: number;
  readonly mips: number;
  readonly arraySize: number;
  readonly isBuffer: boolean;
  readonly simultaneous: boolean;
  /** [ST-TRACK-1] Queue-tracked state per subresource (what the debug layer validates the next ECL against). */
  readonly state: Uint32Array;
  /** Per subresource, during one ExecuteCommandLists: 0 = not promoted, 1 = promoted to read, 2 = promoted to write. */
  readonly promoted: Uint8Array;
  /** [EB-ECL-1] Per subresource, the D3D12_BARRIER_LAYOUT an enhanced barrier left (-1: follows legacy states); absent until one does. */
  layouts: number[] | undefined = undefined;
  /** Queue type class the resource was last used on: 0 none yet, 1 = 3D/compute, 2 = copy ([ST-XQ-1]). */
  lastClass = 0;
  /** UPLOAD / READBACK resources have a fixed state ([ST-HEAP-1]); -1 for normally tracked resources. */
  readonly fixedState: number;
  readonly heapType: number;
  readonly cpuPage: number;
  /** Executions in flight that reference this resource (OBJECT_DELETED_WHILE_STILL_IN_USE, [OBJ-REL-2]). */
  gpuRefs = 0;
  /** Last queue that used it and the submission sequence (OBJECT_ACCESSED_WHILE_STILL_IN_USE, [SYNC-XQ-2]). */
  lastUse: { queue: number; seq: number; write: boolean } | null = null;
  readonly mapCount: Uint16Array;
  private ownBytes: Uint8Array | null = null;
  /** Reserved resources: tile -> heap id (or 0 unmapped) and the heap tile. */
  tiles: { heap: Int32Array; heapTile: Int32Array } | null = null;
  swapChain: { chain: number; index: number } | null = null;
  /** True when the memory was freed (placed heap released, or the resource itself). */
  freed = false;
  optimizedClearValue: unknown = null;
  /** Aliasing bookkeeping ([ALIAS-1]): when the resource was last activated / touched on the GPU timeline. */
  aliasActivated = 0;
  aliasTouched = 0;
  aliasNeedsInit = false;
  /** [INIT-NZ-1] RT/DS resource on CREATE_NOT_ZEROED memory not yet initialised by a clear, discard or full copy. */
  notZeroedNeedsInit = false;

  constructor(
    readonly device: DeviceContext,
    readonly desc: D3D12_RESOURCE_DESC,
    readonly heapProps: D3D12_HEAP_PROPERTIES,
    readonly heapFlags: number,
    readonly placement: Placement,
    readonly heap: ID3D12Heap | null,
    readonly heapOffset: number,
    readonly size: number,
    readonly gpuVA: number,
    initialState: number,
  ) {
    super(device.sys, device.id, 'ID3D12Resource');
    this.isBuffer = isBuffer(desc);
    this.mips = mipLevels(desc);
    this.arraySize = arraySize(desc);
    this.subCount = subresourceCount(desc);
    this.simultaneous = (desc.Flags & D3D12_RESOURCE_FLAG_ALLOW_SIMULTANEOUS_ACCESS) !== 0;
    this.heapType = heapProps.Type;
    this.cpuPage = cpuPageProperty(heapProps, device.facts.cacheCoherentUMA);
    this.fixedState =
      this.heapType === D3D12_HEAP_TYPE_UPLOAD
        ? D3D12_RESOURCE_STATE_GENERIC_READ
        : this.heapType === D3D12_HEAP_TYPE_READBACK
          ? D3D12_RESOURCE_STATE_COPY_DEST
          : -1;
    this.state = new Uint32Array(this.subCount).fill(initialState >>> 0);
    this.promoted = new Uint8Array(this.subCount);
    this.mapCount = new Uint16Array(this.subCount);
    if (this.isBuffer) device.address.addBuffer(this);
    this.notZeroedNeedsInit =
      ((heapFlags | (heap ? heap.Flags : 0)) & D3D12_HEAP_FLAG_CREATE_NOT_ZEROED) !== 0 &&
      (desc.Flags & (D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET | D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL)) !== 0;
    if (placement === 'reserved') {
      const n = Math.ceil(size / D3D12_TILED_RESOURCE_TILE_SIZE_IN_BYTES);
      this.tiles = { heap: new Int32Array(n), heapTile: new Int32Array(n) };
    }
    // [ST-INIT-1] trace the initial state of every subresource
    for (let s = 0; s < this.subCount; s++) {
      this.sys.trace.push({
        k: 'state',
        i: this.sys.callIndex,
        res: this.id,
        sub: s,
        before: initialState,
        after: initialState,
        kind: 'initial',
        queue: -1,
      });
    }
    if (placement !== 'reserved') {
      this.sys.trace.push({
        k: 'alloc',
        i: this.sys.callIndex,
        res: this.id,
        heap: heap ? heap.id : -1,
        heapType: this.heapType,
        offset: heapOffset,
        size,
        placement: placement === 'swapchain' ? 'committed' : placement,
      });
    }
  }

  override implements(iface: string): boolean {
    return (
      iface === 'ID3D12Resource' ||
      iface === 'ID3D12Resource1' ||
      iface === 'ID3D12Resource2' ||
      super.implements(iface)
    );
  }

  get cpuVisible(): boolean {
    return (
      this.cpuPage === D3D12_CPU_PAGE_PROPERTY_WRITE_BACK || this.cpuPage === D3D12_CPU_PAGE_PROPERTY_WRITE_COMBINE
    );
  }

  /** The real bytes behind a CPU-visible buffer (placed buffers alias their heap's bytes). */
  storage(): Uint8Array {
    if (this.heap) {
      const hb = this.heap.storage();
      return hb.subarray(
        Math.min(this.heapOffset, hb.length),
        Math.min(this.heapOffset + this.byteLength(), hb.length),
      );
    }
    if (!this.ownBytes) this.ownBytes = new Uint8Array(Math.min(this.byteLength(), 1 << 26));
    return this.ownBytes;
  }

  byteLength(): number {
    return this.isBuffer ? this.desc.Width : copyableFootprints(this.desc, 0, this.subCount, 0).TotalBytes;
  }

  GetDesc(): D3D12_RESOURCE_DESC {
    return { ...this.desc, SampleDesc: { ...this.desc.SampleDesc } };
  }

  /** [RES-VA-1] Buffers have a GPU virtual address; textures return 0. */
  GetGPUVirtualAddress(): number {
    const c = this.sys.beginCall('ID3D12Resource::GetGPUVirtualAddress', this.id, null);
    this.sys.endCall(c, null);
    return this.isBuffer ? this.gpuVA : 0;
  }

  /** [MAP-1] [MAP-2] Map (resource-map.ts). */
  Map(args: { Subresource: number; ReadRange?: D3D12_RANGE | null; Data?: null | undefined }): {
    hr: HRESULT;
    out?: Uint8Array;
  } {
    return resourceMap(this, args);
  }

  /** [MAP-3] Unmap (resource-map.ts). */
  Unmap(args: { Subresource: number; WrittenRange?: D3D12_RANGE | null }): void {
    resourceUnmap(this, args);
  }

  isMapped(): boolean {
    for (let s = 0; s < this.subCount; s++) if (this.mapCount[s] > 0) return true;
    return false;
  }

  /** [OBJ-REL-2] Releasing a resource still referenced by GPU work in flight: OBJECT_DELETED_WHILE_STILL_IN_USE. */
  protected override onFinalRelease(): void {
    super.onFinalRelease();
    if (this.gpuRefs > 0)
      this.device.msg('OBJECT_DELETED_WHILE_STILL_IN_USE', { object: this.id, type: 'ID3D12Resource' });
    if (this.swapChain) return; // swap-chain buffers stay owned by the swap chain
    this.freed = this.placement !== 'placed';
    if (this.placement === 'placed' && this.heap) {
      this.heap.placed.delete(this);
      this.heap.releasedPlaced.push(this);
      if (this.heap.destroyed && this.heap.placed.size === 0) this.heap.freeMemory();
    }
    if (this.placement === 'committed' || this.placement === 'swapchain') {
      this.device.memory.freed(this, this.gpuVA, this.size);
      this.sys.trace.push({ k: 'free', i: this.sys.callIndex, res: this.id, heap: -1, offset: 0, size: this.size });
    }
  }

  // ------------------------------------------------------------------ CPU access to CUSTOM heaps

  /** [CPU-ACCESS-1] WriteToSubresource (resource-cpu-access.ts). */
  WriteToSubresource(args: WriteToSubresourceArgs): HRESULT {
    return writeToSubresource(this, args);
  }

  /** [CPU-ACCESS-1] ReadFromSubresource (resource-cpu-access.ts). */
  ReadFromSubresource(args: ReadFromSubresourceArgs): { hr: HRESULT; out?: Uint8Array } {
    return readFromSubresource(this, args);
  }
}
