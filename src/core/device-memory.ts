// A device's memory ledger ([MEM-*]): every live allocation (the implicit heap of a committed resource, an explicit
// heap) with its size, its DXGI segment group and its residency count; the usage QueryVideoMemoryInfo reports;
// the allocation budget; MakeResident / Evict; and the recently freed allocations DRED's page-fault output lists.

import type { IUnknown } from './object';
import type { HRESULT } from './messages';
import type { DeviceContext } from './kernel';
import type { D3D12_HEAP_PROPERTIES } from './structs';
import { ID3D12Heap, ID3D12Resource } from './resource';
import {
  D3D12_HEAP_TYPE_CUSTOM,
  D3D12_HEAP_TYPE_DEFAULT,
  D3D12_HEAP_TYPE_GPU_UPLOAD,
  D3D12_MEMORY_POOL_L1,
} from './enums';

/** One allocation: the pageable object that owns it, its bytes, its segment group and its residency count. */
export interface Allocation {
  bytes: number;
  local: boolean;
  residency: number;
  obj: IUnknown;
}

/** An allocation that was freed (DRED page-fault output: "recently freed allocations"). */
export interface FreedAllocation {
  id: number;
  name: string | null;
  va: number;
  size: number;
}

type Device = Pick<DeviceContext, 'sys' | 'facts' | 'removed' | 'msg'>;

export class MemoryLedger {
  /**
   * [MEM-RES-1] Bytes of resident allocations per DXGI memory segment group (what QueryVideoMemoryInfo reports as
   * CurrentUsage): LOCAL = video memory (L1 / DEFAULT on a discrete part; everything on UMA), NON_LOCAL = system
   * memory (L0 / UPLOAD / READBACK on a discrete part). Evicted allocations do not count.
   */
  localUsage = 0;
  nonLocalUsage = 0;
  /** Every live allocation by pageable object id. */
  readonly allocations = new Map<number, Allocation>();
  readonly freedAllocations: FreedAllocation[] = [];

  constructor(private readonly dev: Device) {}

  /** Which segment group an allocation on these heap properties counts against ([MEM-RES-1]). */
  isLocal(p: D3D12_HEAP_PROPERTIES): boolean {
    if (this.dev.facts.uma) return true;
    return (
      p.Type === D3D12_HEAP_TYPE_DEFAULT ||
      p.Type === D3D12_HEAP_TYPE_GPU_UPLOAD ||
      (p.Type === D3D12_HEAP_TYPE_CUSTOM && p.MemoryPoolPreference === D3D12_MEMORY_POOL_L1)
    );
  }

  /** Memory pools of the adapter per segment group (UMA: one local pool). */
  pools(): { local: number; nonLocal: number } {
    const f = this.dev.facts;
    return f.uma
      ? { local: f.SharedSystemMemory + f.DedicatedVideoMemory, nonLocal: 0 }
      : { local: f.DedicatedVideoMemory, nonLocal: f.SharedSystemMemory };
  }

  /** [MEM-BUDGET-1] Allocations beyond the adapter's memory (all live allocations, resident or not) fail with E_OUTOFMEMORY. */
  canAllocate(size: number, local: boolean): boolean {
    let total = 0;
    for (const a of this.allocations.values()) if (a.local === local) total += a.bytes;
    const pools = this.pools();
    return total + size <= (local ? pools.local : pools.nonLocal);
  }

  /** Track a new allocation (resident unless created with CREATE_NOT_RESIDENT). */
  track(obj: IUnknown, bytes: number, local: boolean, resident: boolean): void {
    this.allocations.set(obj.id, { bytes, local, residency: resident ? 1 : 0, obj });
    if (resident) this.addUsage(local, bytes);
  }

  release(id: number): void {
    const a = this.allocations.get(id);
    if (!a) return;
    if (a.residency > 0) this.addUsage(a.local, -a.bytes);
    this.allocations.delete(id);
  }

  /** The memory of an allocation went away: it leaves the ledger and joins DRED's recently freed list. */
  freed(obj: { id: number; name: string | null }, va: number, size: number): void {
    this.release(obj.id);
    this.freedAllocations.push({ id: obj.id, name: obj.name, va, size });
  }

  private addUsage(local: boolean, bytes: number): void {
    if (local) this.localUsage += bytes;
    else this.nonLocalUsage += bytes;
  }

  /** The pageable that owns a resource's memory (the heap of a placed resource), or null (reserved, swap chain). */
  pageableOf(o: IUnknown): IUnknown | null {
    if (o instanceof ID3D12Resource) return o.placement === 'placed' ? o.heap : o.placement === 'committed' ? o : null;
    return o;
  }

  /** [MEM-RES-2] Is the memory behind this resource resident? */
  isResident(r: ID3D12Resource): boolean {
    const p = this.pageableOf(r);
    if (!p) return true;
    const a = this.allocations.get(p.id);
    return !a || a.residency > 0;
  }

  /** Bytes per segment group that making these objects resident would add. */
  private toMakeResident(objs: readonly (IUnknown | null)[]): { local: number; nonLocal: number } {
    const add = { local: 0, nonLocal: 0 };
    for (const o of objs) {
      const p = o ? this.pageableOf(o) : null;
      const a = p ? this.allocations.get(p.id) : undefined;
      if (a && a.residency === 0) {
        if (a.local) add.local += a.bytes;
        else add.nonLocal += a.bytes;
      }
    }
    return add;
  }

  /** [MEM-RES-4] EnqueueMakeResident with DENY_OVERBUDGET: would the objects exceed the budget (90 % of the pool)? */
  overBudget(objs: readonly (IUnknown | null)[]): boolean {
    const add = this.toMakeResident(objs);
    const pools = this.pools();
    return this.localUsage + add.local > pools.local * 0.9 || this.nonLocalUsage + add.nonLocal > pools.nonLocal * 0.9;
  }

  /**
   * [MEM-RES-3] MakeResident / Evict: residency is reference counted (an object is created resident with a count of
   * 1, or 0 with D3D12_HEAP_FLAG_CREATE_NOT_RESIDENT); Evict takes effect when the count reaches 0. Evicting what
   * the GPU still uses is OBJECT_EVICTED_WHILE_STILL_IN_USE. MakeResident is all-or-nothing: E_OUTOFMEMORY when the
   * pool cannot hold the objects. A placed resource stands for its heap.
   */
  residency(
    api: 'MakeResident' | 'Evict',
    args: { NumObjects?: number; Objects?: (IUnknown | null)[] | null },
  ): HRESULT {
    const dev = this.dev;
    const list = args.Objects;
    if (!list || ((args.NumObjects ?? list.length) === 0 && !list.length)) {
      dev.msg(api === 'MakeResident' ? 'MAKERESIDENT_NULLOBJECTARRAY' : 'EVICT_NULLOBJECTARRAY', {});
      return 'E_INVALIDARG';
    }
    if (dev.removed) return 'DXGI_ERROR_DEVICE_REMOVED';
    const objs = list.slice(0, args.NumObjects ?? list.length);
    if (api === 'MakeResident') {
      const add = this.toMakeResident(objs);
      const pools = this.pools();
      if (this.localUsage + add.local > pools.local || this.nonLocalUsage + add.nonLocal > pools.nonLocal)
        return 'E_OUTOFMEMORY';
    }
    const sys = dev.sys;
    for (const o of objs) {
      if (!o) continue;
      const p = this.pageableOf(o);
      const a = p ? this.allocations.get(p.id) : undefined;
      if (!p || !a) continue;
      if (api === 'MakeResident') {
        if (a.residency === 0) this.addUsage(a.local, a.bytes);
        a.residency++;
      } else if (a.residency > 0) {
        a.residency--;
        if (a.residency === 0) {
          this.addUsage(a.local, -a.bytes);
          const inUse =
            p instanceof ID3D12Resource
              ? p.gpuRefs > 0
              : p instanceof ID3D12Heap
                ? [...p.placed].some((r) => r.gpuRefs > 0)
                : false;
          if (inUse) {
            dev.msg('OBJECT_EVICTED_WHILE_STILL_IN_USE', { object: p.id });
            sys.hazard('evicted-while-in-use', p.id, { outcome: 'page fault when the GPU touches it' });
          }
        }
      }
      sys.trace.push({
        k: 'residency',
        i: sys.callIndex,
        obj: p.id,
        resident: a.residency > 0,
        count: a.residency,
        bytes: a.bytes,
        local: a.local,
      });
    }
    return 'S_OK';
  }
}
