// ID3D12Heap and ID3D12Resource: memory, per-subresource states, Map/Unmap with real bytes for CPU-visible
// heaps (so uploads and vertex data carry real data to the executor), tile mappings of reserved resources.

import { IUnknown } from './object';
import type { DeviceContext } from './kernel';
import type { HRESULT, MessageId } from './messages';
import { formatInfo } from './formats';
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
  D3D12_TEXTURE_LAYOUT_ROW_MAJOR,
  D3D12_TILED_RESOURCE_TILE_SIZE_IN_BYTES,
  D3D12_RESOURCE_STATE_COPY_DEST,
  D3D12_RESOURCE_STATE_GENERIC_READ,
  D3D12_HEAP_FLAG_CREATE_NOT_ZEROED,
  D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET,
  D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL,
} from './enums';
import { arraySize, copyableFootprints, isBuffer, mipLevels, subresourceCount, subresourceSize } from './layout';
import type { D3D12_BOX, D3D12_HEAP_PROPERTIES, D3D12_RANGE, D3D12_RESOURCE_DESC } from './structs';

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

  /**
   * [MAP-1] Map never synchronises with the GPU and never looks at resource states. It fails (E_INVALIDARG) only for
   * a heap without CPU access, a bad subresource, or a data pointer on an UNKNOWN-layout texture.
   * [MAP-2] A NULL ReadRange on a WRITE_BACK heap warns (MAP_INVALID_NULLRANGE).
   */
  Map(args: { Subresource: number; ReadRange?: D3D12_RANGE | null; Data?: null | undefined }): {
    hr: HRESULT;
    out?: Uint8Array;
  } {
    const c = this.sys.beginCall('ID3D12Resource::Map', this.id, args);
    const dev = this.device;
    const sub = args.Subresource >>> 0;
    let hr: HRESULT = 'S_OK';
    if (dev.removed) {
      // [DEV-RM-3] Map on a removed device fails with DXGI_ERROR_DEVICE_REMOVED (no message)
      this.sys.endCall(c, 'DXGI_ERROR_DEVICE_REMOVED');
      return { hr: 'DXGI_ERROR_DEVICE_REMOVED' };
    }
    if (!this.cpuVisible) {
      dev.msg('MAP_INVALIDHEAP', { resource: this.id, heapType: this.heapType });
      hr = 'E_INVALIDARG';
    } else if (sub >= this.subCount) {
      dev.msg('MAP_INVALIDSUBRESOURCE', { resource: this.id, subresource: sub });
      hr = 'E_INVALIDARG';
    } else if (!this.isBuffer && this.desc.Layout !== D3D12_TEXTURE_LAYOUT_ROW_MAJOR && args.Data !== null) {
      dev.msg('MAP_INVALIDDATAPOINTER', { resource: this.id });
      hr = 'E_INVALIDARG';
    }
    if (hr !== 'S_OK') {
      dev.msg('MAP_INVALIDARG_RETURN', { resource: this.id });
      this.sys.endCall(c, hr);
      return { hr };
    }
    // (with a NULL data pointer, used before Write/ReadFromSubresource, the CPU reads nothing through Map: no warning)
    if (
      this.cpuPage === D3D12_CPU_PAGE_PROPERTY_WRITE_BACK &&
      (args.ReadRange === null || args.ReadRange === undefined) &&
      args.Data !== null
    ) {
      dev.msg('MAP_INVALID_NULLRANGE', { resource: this.id });
    }
    if (this.rangeInvalid(args.ReadRange))
      dev.msg('MAP_INVALIDRANGE', { resource: this.id, begin: args.ReadRange!.Begin, end: args.ReadRange!.End });
    this.mapCount[sub]++;
    this.sys.trace.push({ k: 'map', i: this.sys.callIndex, res: this.id, sub, unmap: false });
    const out = this.isBuffer ? this.storage() : undefined;
    this.sys.endCall(c, 'S_OK');
    return out ? { hr: 'S_OK', out } : { hr: 'S_OK' };
  }

  /** [MAP-3] Unmap: NULL WrittenRange on WRITE_BACK warns; a non-empty WrittenRange on READBACK warns. */
  Unmap(args: { Subresource: number; WrittenRange?: D3D12_RANGE | null }): void {
    const c = this.sys.beginCall('ID3D12Resource::Unmap', this.id, args);
    const dev = this.device;
    const sub = args.Subresource >>> 0;
    if (!this.cpuVisible) dev.msg('UNMAP_INVALIDHEAP', { resource: this.id });
    else if (sub >= this.subCount) dev.msg('UNMAP_INVALIDSUBRESOURCE', { resource: this.id, subresource: sub });
    else if (this.mapCount[sub] === 0) dev.msg('RESOURCE_UNMAP_NOTMAPPED', { resource: this.id, subresource: sub });
    else {
      const wr = args.WrittenRange;
      if (this.cpuPage === D3D12_CPU_PAGE_PROPERTY_WRITE_BACK && (wr === null || wr === undefined)) {
        dev.msg('UNMAP_INVALID_NULLRANGE', { resource: this.id });
      }
      if (this.heapType === D3D12_HEAP_TYPE_READBACK && wr && wr.End > wr.Begin) {
        dev.msg('UNMAP_RANGE_NOT_EMPTY', { resource: this.id, begin: wr.Begin, end: wr.End });
      } else if (this.rangeInvalid(wr))
        dev.msg('UNMAP_INVALIDRANGE', { resource: this.id, begin: wr!.Begin, end: wr!.End });
      this.mapCount[sub]--;
      this.sys.trace.push({ k: 'map', i: this.sys.callIndex, res: this.id, sub, unmap: true });
    }
    this.sys.endCall(c, null);
  }

  /**
   * [MAP-4] A non-empty range (End > Begin) must lie inside a buffer, and must not be given at all for a texture with an
   * opaque (UNKNOWN) layout: MAP_INVALIDRANGE / UNMAP_INVALIDRANGE (V-LOG DirectX-Graphics-Samples#224 for Unmap).
   */
  private rangeInvalid(r: D3D12_RANGE | null | undefined): boolean {
    if (!r || !(r.End > r.Begin)) return false;
    if (!this.isBuffer) return this.desc.Layout !== D3D12_TEXTURE_LAYOUT_ROW_MAJOR;
    return r.End > this.desc.Width;
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

  /** Byte layout of one subresource inside the resource's CPU storage (buffers: the whole width). */
  private subLayout(sub: number): {
    offset: number;
    rowPitch: number;
    rowBytes: number;
    rows: number;
    depth: number;
    w: number;
    h: number;
    bpe: number;
    block: number;
  } {
    if (this.isBuffer)
      return {
        offset: 0,
        rowPitch: this.desc.Width,
        rowBytes: this.desc.Width,
        rows: 1,
        depth: 1,
        w: this.desc.Width,
        h: 1,
        bpe: 1,
        block: 1,
      };
    const fp = copyableFootprints(this.desc, 0, sub + 1, 0);
    const L = fp.Layouts[sub];
    const fi = formatInfo(this.desc.Format);
    const size = subresourceSize(this.desc, sub);
    return {
      offset: L.Offset,
      rowPitch: L.Footprint.RowPitch,
      rowBytes: fp.RowSizeInBytes[sub],
      rows: fp.NumRows[sub],
      depth: L.Footprint.Depth,
      w: size.w,
      h: size.h,
      bpe: fi ? fi.bytes : 4,
      block: fi ? fi.block : 1,
    };
  }

  /** Shared checks of WriteToSubresource / ReadFromSubresource; returns the HRESULT and the clipped box. */
  private cpuAccessCheck(
    write: boolean,
    sub: number,
    box: D3D12_BOX | null | undefined,
  ): { hr: HRESULT; empty: boolean; box: D3D12_BOX } {
    const dev = this.device;
    const P = write ? 'WRITETOSUBRESOURCE' : 'READFROMSUBRESOURCE';
    const full = (): D3D12_BOX => {
      const l = this.subLayout(Math.min(sub, this.subCount - 1));
      return { left: 0, top: 0, front: 0, right: l.w, bottom: l.h, back: l.depth };
    };
    if (dev.removed) return { hr: 'DXGI_ERROR_DEVICE_REMOVED', empty: false, box: full() };
    // [CPU-ACCESS-1] only CPU-visible CUSTOM heaps (the UMA path for textures, CORRECTIONS 000-6/000-7)
    if (this.heapType !== D3D12_HEAP_TYPE_CUSTOM || !this.cpuVisible) {
      dev.msg(`${P}_INVALIDHEAP` as MessageId, { resource: this.id, heapType: this.heapType });
      return { hr: 'E_INVALIDARG', empty: false, box: full() };
    }
    if (sub >= this.subCount) {
      dev.msg(`${P}_INVALIDSUBRESOURCE` as MessageId, { resource: this.id, subresource: sub });
      return { hr: 'E_INVALIDARG', empty: false, box: full() };
    }
    // "The resource should first be mapped using Map" (for textures: Map with a NULL data pointer)
    if (this.mapCount[sub] === 0) {
      dev.msg(`${P}_INVALIDRESOURCE` as MessageId, { resource: this.id, subresource: sub, reason: 'not-mapped' });
      return { hr: 'E_INVALIDARG', empty: false, box: full() };
    }
    const b = box
      ? {
          left: box.left ?? 0,
          top: box.top ?? 0,
          front: box.front ?? 0,
          right: box.right ?? 0,
          bottom: box.bottom ?? 0,
          back: box.back ?? 0,
        }
      : full();
    if (box && (b.left >= b.right || b.top >= b.bottom || b.front >= b.back)) {
      dev.msg(`${P}_EMPTYBOX` as MessageId, { resource: this.id, subresource: sub });
      return { hr: 'S_OK', empty: true, box: b };
    }
    const l = this.subLayout(sub);
    if (b.right > l.w || b.bottom > l.h || b.back > l.depth) {
      dev.msg(`${P}_INVALIDBOX` as MessageId, {
        resource: this.id,
        subresource: sub,
        right: b.right,
        bottom: b.bottom,
        back: b.back,
      });
      return { hr: 'E_INVALIDARG', empty: false, box: b };
    }
    // "Textures must be in the COMMON state for CPU access through WriteToSubresource / ReadFromSubresource"
    if (!this.isBuffer && this.state[sub] !== 0) {
      this.sys.hazard('cpu-access-not-common', this.id, {
        subresource: sub,
        state: this.state[sub],
        outcome: write ? 'written-anyway' : 'stale-data',
      });
    }
    return { hr: 'S_OK', empty: false, box: b };
  }

  /** Copy between the resource's storage and a tightly described CPU buffer (block-compressed rows in blocks). */
  private cpuCopy(
    sub: number,
    b: D3D12_BOX,
    data: Uint8Array,
    rowPitch: number,
    depthPitch: number,
    write: boolean,
  ): number {
    const l = this.subLayout(sub);
    const st = this.storage();
    const x0 = Math.floor(b.left / l.block) * l.bpe;
    const rowBytes = Math.ceil((b.right - b.left) / l.block) * l.bpe;
    const r0 = Math.floor(b.top / l.block);
    const rows = Math.ceil((b.bottom - b.top) / l.block);
    let n = 0;
    for (let z = 0; z < b.back - b.front; z++) {
      for (let y = 0; y < rows; y++) {
        const dst = l.offset + ((b.front + z) * l.rows + r0 + y) * l.rowPitch + x0;
        const src = z * depthPitch + y * rowPitch;
        if (dst >= st.length) continue;
        const len = Math.max(0, Math.min(rowBytes, st.length - dst, write ? data.length - src : data.length - src));
        if (len <= 0) continue;
        if (write) st.set(data.subarray(src, src + len), dst);
        else data.set(st.subarray(dst, dst + len), src);
        n += len;
      }
    }
    return n;
  }

  /**
   * [CPU-ACCESS-1] ID3D12Resource::WriteToSubresource: the CPU writes a box of a subresource of a resource on a
   * CPU-visible CUSTOM heap (the resource must be mapped; textures must be in COMMON, else a hazard). No GPU
   * synchronisation, like Map. Bad heap / subresource / box: WRITETOSUBRESOURCE_* + E_INVALIDARG; empty box: no-op.
   */
  WriteToSubresource(args: {
    DstSubresource: number;
    DstBox?: D3D12_BOX | null;
    SrcData?: Uint8Array | ArrayLike<number> | null;
    SrcRowPitch: number;
    SrcDepthPitch: number;
  }): HRESULT {
    const c = this.sys.beginCall('ID3D12Resource::WriteToSubresource', this.id, args);
    const sub = (args.DstSubresource ?? 0) >>> 0;
    const r = this.cpuAccessCheck(true, sub, args.DstBox);
    if (r.hr === 'S_OK' && !r.empty) {
      const l = this.subLayout(sub);
      const rowPitch = args.SrcRowPitch || Math.ceil((r.box.right - r.box.left) / l.block) * l.bpe;
      const depthPitch = args.SrcDepthPitch || rowPitch * Math.ceil((r.box.bottom - r.box.top) / l.block);
      const raw = args.SrcData;
      const data =
        raw instanceof Uint8Array
          ? raw
          : raw
            ? Uint8Array.from(raw as ArrayLike<number>)
            : new Uint8Array(depthPitch * (r.box.back - r.box.front));
      const n = this.cpuCopy(sub, r.box, data, rowPitch, depthPitch, true);
      this.sys.trace.push({ k: 'cpu-access', i: this.sys.callIndex, res: this.id, sub, write: true, bytes: n });
    }
    this.sys.endCall(c, r.hr);
    return r.hr;
  }

  /** [CPU-ACCESS-1] ID3D12Resource::ReadFromSubresource: the mirror of WriteToSubresource; `out` holds the bytes read. */
  ReadFromSubresource(args: {
    DstData?: unknown;
    DstRowPitch: number;
    DstDepthPitch: number;
    SrcSubresource: number;
    SrcBox?: D3D12_BOX | null;
  }): { hr: HRESULT; out?: Uint8Array } {
    const c = this.sys.beginCall('ID3D12Resource::ReadFromSubresource', this.id, args);
    const sub = (args.SrcSubresource ?? 0) >>> 0;
    const r = this.cpuAccessCheck(false, sub, args.SrcBox);
    let out: Uint8Array | undefined;
    if (r.hr === 'S_OK' && !r.empty) {
      const l = this.subLayout(sub);
      const rowPitch = args.DstRowPitch || Math.ceil((r.box.right - r.box.left) / l.block) * l.bpe;
      const depthPitch = args.DstDepthPitch || rowPitch * Math.ceil((r.box.bottom - r.box.top) / l.block);
      out = args.DstData instanceof Uint8Array ? args.DstData : new Uint8Array(depthPitch * (r.box.back - r.box.front));
      const n = this.cpuCopy(sub, r.box, out, rowPitch, depthPitch, false);
      this.sys.trace.push({ k: 'cpu-access', i: this.sys.callIndex, res: this.id, sub, write: false, bytes: n });
    }
    this.sys.endCall(c, r.hr);
    return out ? { hr: r.hr, out } : { hr: r.hr };
  }
}
