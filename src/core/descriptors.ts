// ID3D12DescriptorHeap and descriptor writes. Handles are numeric pointers in a modelled address space, so a
// hard-coded increment, a GPU handle used as a CPU one, or a slot of the wrong heap type behave as on real
// hardware: they resolve to some other slot, or to nothing ([DH-*]).

import { IUnknown } from './object';
import type { DeviceContext } from './kernel';
import type { D3D12_CPU_DESCRIPTOR_HANDLE, D3D12_GPU_DESCRIPTOR_HANDLE } from './structs';
import type { ID3D12Resource } from './resource';
import {
  D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE,
  D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
  D3D12_DESCRIPTOR_HEAP_TYPE_DSV,
  D3D12_DESCRIPTOR_HEAP_TYPE_RTV,
  D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER,
  D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET,
} from './enums';
import { formatInfo, viewFormatCompatible } from './formats';
import { calcSubresource } from './layout';

export type ViewKind = 'RTV' | 'DSV' | 'SRV' | 'UAV' | 'CBV' | 'SAMPLER';

/** What a descriptor slot holds (the executor reads it when it replays a draw). */
export interface DescriptorContent {
  kind: ViewKind;
  resource: ID3D12Resource | null;
  res: number;
  format: number;
  /** subresources the view covers */
  subs: number[];
  desc: unknown;
  writtenAt: number;
}

const HEAP_FOR: Record<ViewKind, number> = {
  RTV: D3D12_DESCRIPTOR_HEAP_TYPE_RTV,
  DSV: D3D12_DESCRIPTOR_HEAP_TYPE_DSV,
  SRV: D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
  UAV: D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
  CBV: D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
  SAMPLER: D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER,
};

export class ID3D12DescriptorHeap extends IUnknown {
  readonly iface = 'ID3D12DescriptorHeap';
  readonly slots: (DescriptorContent | null)[];
  readonly cpuBase: number;
  readonly gpuBase: number;
  readonly increment: number;
  /** Per slot: executions in flight that may read it ([DH-FREE-1], deferred reuse of shader-visible slots). */
  readonly inflightReads: Uint16Array;

  constructor(
    readonly device: DeviceContext,
    readonly type: number,
    readonly numDescriptors: number,
    readonly flags: number,
  ) {
    super(device.sys, device.id, 'ID3D12DescriptorHeap');
    this.increment = device.incrementSize(type);
    this.slots = new Array(numDescriptors).fill(null);
    this.inflightReads = new Uint16Array(numDescriptors);
    const r = device.address.allocDescriptorRange(
      this.increment * numDescriptors,
      (flags & D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE) !== 0,
    );
    this.cpuBase = r.cpu;
    this.gpuBase = r.gpu;
  }

  protected override inFlightOn(): DeviceContext | null {
    return this.inflightReads.some((n) => n > 0) ? this.device : null;
  }

  get shaderVisible(): boolean {
    return (this.flags & D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE) !== 0;
  }

  GetDesc(): { Type: number; NumDescriptors: number; Flags: number; NodeMask: number } {
    return { Type: this.type, NumDescriptors: this.numDescriptors, Flags: this.flags, NodeMask: 0 };
  }

  GetCPUDescriptorHandleForHeapStart(): D3D12_CPU_DESCRIPTOR_HANDLE {
    const c = this.sys.beginCall('ID3D12DescriptorHeap::GetCPUDescriptorHandleForHeapStart', this.id, null);
    this.sys.endCall(c, null);
    return { ptr: this.cpuBase };
  }

  /** [DH-GPU-1] A heap that is not shader visible has no GPU handle: NULL plus DESCRIPTOR_HEAP_NOT_SHADER_VISIBLE. */
  GetGPUDescriptorHandleForHeapStart(): D3D12_GPU_DESCRIPTOR_HANDLE {
    const c = this.sys.beginCall('ID3D12DescriptorHeap::GetGPUDescriptorHandleForHeapStart', this.id, null);
    if (!this.shaderVisible) this.device.msg('DESCRIPTOR_HEAP_NOT_SHADER_VISIBLE', { heap: this.id, type: this.type });
    this.sys.endCall(c, null);
    return { ptr: this.shaderVisible ? this.gpuBase : 0 };
  }
}

interface ViewDesc {
  Format?: number;
  ViewDimension?: number;
  Texture2D?: { MipSlice?: number; MostDetailedMip?: number; MipLevels?: number; PlaneSlice?: number };
  Texture2DArray?: {
    MipSlice?: number;
    MostDetailedMip?: number;
    MipLevels?: number;
    FirstArraySlice?: number;
    ArraySize?: number;
    PlaneSlice?: number;
  };
  SizeInBytes?: number;
  BufferLocation?: number;
}

/** Subresources a view covers (mip range x array range of plane 0, or the plane slice). */
function viewSubs(r: ID3D12Resource, kind: ViewKind, d: ViewDesc | null): number[] {
  if (r.isBuffer) return [0];
  const t = d?.Texture2D ?? d?.Texture2DArray;
  const plane = t?.PlaneSlice ?? 0;
  const firstSlice = d?.Texture2DArray?.FirstArraySlice ?? 0;
  const slices = d?.Texture2DArray ? (d.Texture2DArray.ArraySize ?? 1) : d?.ViewDimension ? 1 : r.arraySize;
  const subs: number[] = [];
  if (kind === 'SRV') {
    const first = t?.MostDetailedMip ?? 0;
    const n =
      t?.MipLevels === undefined || t.MipLevels === 0xffffffff || t.MipLevels === -1 ? r.mips - first : t.MipLevels;
    for (let a = firstSlice; a < firstSlice + slices; a++)
      for (let m = first; m < first + n && m < r.mips; m++)
        subs.push(calcSubresource(m, a, plane, r.mips, r.arraySize));
  } else {
    const m = t?.MipSlice ?? 0;
    for (let a = firstSlice; a < firstSlice + slices; a++) subs.push(calcSubresource(m, a, plane, r.mips, r.arraySize));
  }
  return subs;
}

/**
 * [DH-WRITE-1] Create*View writes into the slot the CPU handle names. A handle outside every heap, or a slot of a heap
 * of the wrong type (an SRV into an RTV heap), is INVALID_DESCRIPTOR_HANDLE; without the debug layer the write
 * corrupts memory (hazard). [VIEW-FMT-1] A view format outside the resource's cast family (or FLOAT <-> non-FLOAT)
 * is CREATE*VIEW_INVALIDFORMAT and removes the device (Create*View returns void: removal is the runtime's only signal).
 * [DH-FREE-1] Overwriting a shader-visible slot that in-flight GPU work may still read is a hazard (no message).
 */
export function writeDescriptor(
  device: DeviceContext,
  kind: ViewKind,
  res: ID3D12Resource | null,
  rawDesc: unknown,
  handle: D3D12_CPU_DESCRIPTOR_HANDLE,
): void {
  const sys = device.sys;
  const ptr = handle?.ptr ?? 0;
  const loc = device.address.resolveCpu(ptr);
  if (!loc) {
    device.msg('INVALID_DESCRIPTOR_HANDLE', { ptr, view: kind });
    sys.hazard('descriptor-write-invalid-handle', res ? res.id : 0, { ptr, view: kind });
    return;
  }
  if (loc.heap.type !== HEAP_FOR[kind]) {
    device.msg('INVALID_DESCRIPTOR_HANDLE', { ptr, view: kind, heapType: loc.heap.type });
    sys.hazard('descriptor-wrong-heap-type', res ? res.id : 0, { heap: loc.heap.id, index: loc.index, view: kind });
  }
  const d = (rawDesc ?? null) as ViewDesc | null;
  let format = d?.Format ?? 0;
  if (res) {
    if (!format) format = res.desc.Format;
    // [VIEW-FMT-2] the view must name a fully typed format: a TYPELESS one (also a null desc on a TYPELESS resource) has no meaning to sample or write
    const typeless = formatInfo(format)?.cls === 'TYPELESS';
    if (
      (kind === 'SRV' || kind === 'RTV' || kind === 'UAV') &&
      !res.isBuffer &&
      (typeless || !viewFormatCompatible(res.desc.Format, format, device.facts.relaxedCasting))
    ) {
      device.msg(kind === 'RTV' ? 'CREATERENDERTARGETVIEW_INVALIDFORMAT' : 'CREATESHADERRESOURCEVIEW_INVALIDFORMAT', {
        resource: res.id,
        resourceFormat: res.desc.Format,
        viewFormat: format,
      });
      device.msg('DEVICE_REMOVAL_PROCESS_AT_FAULT', { reason: 'DXGI_ERROR_INVALID_CALL' });
      device.remove('DXGI_ERROR_INVALID_CALL');
      return;
    }
    if (kind === 'RTV' && !(res.desc.Flags & D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET)) {
      sys.hazard('rtv-without-allow-render-target', res.id, {});
    }
  }
  if (kind === 'CBV' && d && ((d.SizeInBytes ?? 0) % 256 !== 0 || (d.BufferLocation ?? 0) % 256 !== 0)) {
    device.msg('CREATE_CONSTANT_BUFFER_VIEW_INVALID_DESC', {
      size: d.SizeInBytes ?? 0,
      location: d.BufferLocation ?? 0,
    });
  }
  if (loc.heap.inflightReads[loc.index] > 0) {
    sys.hazard('descriptor-overwritten-in-flight', res ? res.id : 0, { heap: loc.heap.id, index: loc.index });
  }
  const resource = kind === 'CBV' ? device.address.resourceAtVA(d?.BufferLocation ?? 0) : res;
  loc.heap.slots[loc.index] = {
    kind,
    resource,
    res: resource ? resource.id : 0,
    format,
    subs: res ? viewSubs(res, kind, d) : [],
    desc: rawDesc ?? null,
    writtenAt: sys.callIndex,
  };
  sys.trace.push({
    k: 'descriptor',
    i: sys.callIndex,
    heap: loc.heap.id,
    index: loc.index,
    view: kind,
    res: resource ? resource.id : 0,
  });
}
