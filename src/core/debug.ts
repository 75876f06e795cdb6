// The debug interfaces: ID3D12Debug (EnableDebugLayer, SetEnableGPUBasedValidation) and DRED (settings,
// auto-breadcrumbs and page-fault output captured at device removal) ([DBG-*], [DRED-*]).

import { IUnknown } from './object';
import type { DeviceContext, ProcessContext } from './kernel';
import type { HRESULT } from './messages';
import type { ID3D12Resource } from './resource';
import { D3D12_DRED_ENABLEMENT_FORCED_ON } from './enums';
import { commandUses, type CommandOp } from './commands';

export class ID3D12Debug extends IUnknown {
  readonly iface = 'ID3D12Debug';
  constructor(private readonly process: ProcessContext) {
    super(process, 0, 'ID3D12Debug');
  }
  override implements(iface: string): boolean {
    return /^ID3D12Debug\d?$/.test(iface) || super.implements(iface);
  }

  /**
   * [DBG-ON-1] EnableDebugLayer affects devices created afterwards. [DBG-ON-2] Calling it while a device exists
   * removes that device (the docs: "will cause the D3D12 runtime to remove the device"); the existing device never
   * gets the layer, so it reports nothing.
   */
  EnableDebugLayer(): void {
    const c = this.sys.beginCall('ID3D12Debug::EnableDebugLayer', this.id, null);
    this.process.debugLayerEnabled = true;
    for (const d of this.process.devices) if (!d.removed && !d.debugLayer) d.remove('DXGI_ERROR_DEVICE_REMOVED');
    this.sys.endCall(c, null);
  }

  /** [DBG-GBV-1] GPU-based validation (ID3D12Debug1): takes effect for devices created afterwards, with the layer on. */
  SetEnableGPUBasedValidation(args: { Enable: boolean }): void {
    const c = this.sys.beginCall('ID3D12Debug1::SetEnableGPUBasedValidation', this.id, args);
    this.process.gpuBasedValidation = !!args.Enable;
    this.sys.endCall(c, null);
  }
}

export class ID3D12DeviceRemovedExtendedDataSettings extends IUnknown {
  readonly iface = 'ID3D12DeviceRemovedExtendedDataSettings';
  constructor(private readonly process: ProcessContext) {
    super(process, 0, 'ID3D12DeviceRemovedExtendedDataSettings');
  }
  override implements(iface: string): boolean {
    return /^ID3D12DeviceRemovedExtendedDataSettings\d?$/.test(iface) || super.implements(iface);
  }
  /** [DRED-1] DRED settings apply to devices created afterwards. */
  SetAutoBreadcrumbsEnablement(args: { Enablement: number }): void {
    const c = this.sys.beginCall(
      'ID3D12DeviceRemovedExtendedDataSettings::SetAutoBreadcrumbsEnablement',
      this.id,
      args,
    );
    this.process.dredAutoBreadcrumbs = args.Enablement === D3D12_DRED_ENABLEMENT_FORCED_ON;
    this.sys.endCall(c, null);
  }
  SetPageFaultEnablement(args: { Enablement: number }): void {
    const c = this.sys.beginCall('ID3D12DeviceRemovedExtendedDataSettings::SetPageFaultEnablement', this.id, args);
    this.process.dredPageFault = args.Enablement === D3D12_DRED_ENABLEMENT_FORCED_ON;
    this.sys.endCall(c, null);
  }
  SetWatsonDumpEnablement(args: { Enablement: number }): void {
    const c = this.sys.beginCall('ID3D12DeviceRemovedExtendedDataSettings::SetWatsonDumpEnablement', this.id, args);
    this.sys.endCall(c, null);
  }
}

export interface BreadcrumbNode {
  CommandListDebugName: string | null;
  CommandQueueDebugName: string | null;
  BreadcrumbCount: number;
  /** Number of operations the GPU completed in this list */
  LastBreadcrumbValue: number;
  CommandHistory: string[];
}

export interface DredCapture {
  breadcrumbs: BreadcrumbNode[] | null;
  pageFault: {
    PageFaultVA: number;
    HeadExistingAllocationNode: { ObjectName: string | null; AllocationType: string }[];
    HeadRecentFreedAllocationNode: { ObjectName: string | null; AllocationType: string }[];
  } | null;
}

/**
 * D3D12_AUTO_BREADCRUMB_OP names of the recorded operations; null for the commands that set state and leave no
 * breadcrumb. A total map: a new command op must say which it is.
 */
const OP_NAMES: Record<CommandOp, string | null> = {
  SetMarker: 'SETMARKER',
  BeginEvent: 'BEGINEVENT',
  EndEvent: 'ENDEVENT',
  DrawInstanced: 'DRAWINSTANCED',
  DrawIndexedInstanced: 'DRAWINDEXEDINSTANCED',
  CopyBufferRegion: 'COPYBUFFERREGION',
  CopyTextureRegion: 'COPYTEXTUREREGION',
  CopyResource: 'COPYRESOURCE',
  ClearRenderTargetView: 'CLEARRENDERTARGETVIEW',
  ClearDepthStencilView: 'CLEARDEPTHSTENCILVIEW',
  ResourceBarrier: 'RESOURCEBARRIER',
  DiscardResource: 'DISCARDRESOURCE',
  OMSetRenderTargets: null,
  RSSetViewports: null,
  RSSetScissorRects: null,
  SetGraphicsRootSignature: null,
  SetPipelineState: null,
  SetDescriptorHeaps: null,
  SetGraphicsRootDescriptorTable: null,
  SetGraphicsRoot32BitConstants: null,
  SetGraphicsRootConstantBufferView: null,
  IASetPrimitiveTopology: null,
  IASetVertexBuffers: null,
  IASetIndexBuffer: null,
  Dispatch: 'DISPATCH',
  BeginQuery: null,
  EndQuery: null,
  ResolveQueryData: 'RESOLVEQUERYDATA',
  ResolveSubresource: 'RESOLVESUBRESOURCE',
  ResolveSubresourceRegion: 'RESOLVESUBRESOURCEREGION',
};

/**
 * [DRED-2] At removal, breadcrumbs list the operations of every list still in flight with how many completed
 * (the faulting list stops at its first operation touching freed memory); [DRED-3] the page-fault output names
 * the faulting VA and the recently freed allocation that covered it.
 */
/** The device DRED reads at removal. */
export interface DredDevice extends Pick<DeviceContext, 'sync' | 'memory'> {
  readonly dredBreadcrumbs: boolean;
  readonly dredPageFault: boolean;
}

export function captureDred(device: DredDevice, fault?: { va: number; resource: ID3D12Resource | null }): DredCapture {
  const cap: DredCapture = { breadcrumbs: null, pageFault: null };
  if (device.dredBreadcrumbs) {
    cap.breadcrumbs = [];
    for (const q of device.sync.queues) {
      let first = true;
      for (const lists of q.pendingLists()) {
        for (const l of lists) {
          const crumbs = l.recordedCommands().filter((c) => OP_NAMES[c.op] !== null);
          // an enhanced barrier is recorded as a ResourceBarrier command; its breadcrumb is D3D12_AUTO_BREADCRUMB_OP_BARRIER
          const ops = crumbs.map((c) =>
            c.op === 'ResourceBarrier' && c.barriers[0]?.enh ? 'BARRIER' : (OP_NAMES[c.op] ?? ''),
          );
          let done = 0;
          if (first && fault?.resource) {
            const idx = crumbs.findIndex((c) => (commandUses(c) ?? []).some((u) => u.res === fault.resource));
            done = idx < 0 ? ops.length : idx;
          }
          cap.breadcrumbs.push({
            CommandListDebugName: l.name,
            CommandQueueDebugName: q.name,
            BreadcrumbCount: ops.length,
            LastBreadcrumbValue: done,
            CommandHistory: ops,
          });
          first = false;
        }
      }
    }
  }
  if (device.dredPageFault && fault) {
    const freed = device.memory.freedAllocations
      .filter((a) => fault.va >= a.va && fault.va < a.va + Math.max(a.size, 1))
      .map((a) => ({ ObjectName: a.name, AllocationType: 'RESOURCE' }));
    if (fault.resource && freed.length === 0)
      freed.push({ ObjectName: fault.resource.name, AllocationType: 'RESOURCE' });
    cap.pageFault = { PageFaultVA: fault.va, HeadExistingAllocationNode: [], HeadRecentFreedAllocationNode: freed };
  }
  return cap;
}

export class ID3D12DeviceRemovedExtendedData extends IUnknown {
  readonly iface = 'ID3D12DeviceRemovedExtendedData';
  constructor(
    readonly device: DeviceContext & {
      readonly dredBreadcrumbs: boolean;
      readonly dredPageFault: boolean;
      readonly dred: DredCapture | null;
    },
  ) {
    super(device.sys, device.id, 'ID3D12DeviceRemovedExtendedData');
  }
  override implements(iface: string): boolean {
    return /^ID3D12DeviceRemovedExtendedData\d?$/.test(iface) || super.implements(iface);
  }
  /**
   * [DRED-4] (GetAutoBreadcrumbsOutput / GetPageFaultAllocationOutput reference pages) `DXGI_ERROR_UNSUPPORTED` when
   * the feature was not enabled through ID3D12DeviceRemovedExtendedDataSettings before the device was created,
   * `DXGI_ERROR_NOT_CURRENTLY_AVAILABLE` while the device is not removed, else S_OK with the output (a removal that
   * was not a page fault gives PageFaultVA 0 and empty allocation lists).
   */
  GetAutoBreadcrumbsOutput(): { hr: HRESULT; out?: { HeadAutoBreadcrumbNode: BreadcrumbNode[] } } {
    const c = this.sys.beginCall('ID3D12DeviceRemovedExtendedData::GetAutoBreadcrumbsOutput', this.id, null);
    const hr: HRESULT = !this.device.dredBreadcrumbs
      ? 'DXGI_ERROR_UNSUPPORTED'
      : !this.device.removed
        ? 'DXGI_ERROR_NOT_CURRENTLY_AVAILABLE'
        : 'S_OK';
    const b = hr === 'S_OK' ? (this.device.dred?.breadcrumbs ?? []) : null;
    this.sys.endCall(c, hr);
    return b ? { hr, out: { HeadAutoBreadcrumbNode: b } } : { hr };
  }
  GetPageFaultAllocationOutput(): { hr: HRESULT; out?: NonNullable<DredCapture['pageFault']> } {
    const c = this.sys.beginCall('ID3D12DeviceRemovedExtendedData::GetPageFaultAllocationOutput', this.id, null);
    const hr: HRESULT = !this.device.dredPageFault
      ? 'DXGI_ERROR_UNSUPPORTED'
      : !this.device.removed
        ? 'DXGI_ERROR_NOT_CURRENTLY_AVAILABLE'
        : 'S_OK';
    const p =
      hr === 'S_OK'
        ? (this.device.dred?.pageFault ?? {
            PageFaultVA: 0,
            HeadExistingAllocationNode: [],
            HeadRecentFreedAllocationNode: [],
          })
        : null;
    this.sys.endCall(c, hr);
    return p ? { hr, out: p } : { hr };
  }
}
