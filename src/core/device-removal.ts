// Device removal and what looks at it ([DEV-RM-1], [SC-REF-1], [DRED-*]): removing the device (queued work dropped,
// fences released, DRED captured), the back-buffer reference check ExecuteCommandLists makes, and QueryInterface,
// which hands out the DRED output interface. ID3D12Device (device.ts) delegates here.

import type { ID3D12Device } from './device';
import type { ID3D12Resource } from './resource';
import type { HRESULT } from './messages';
import type { IUnknown } from './object';
import { ID3D12DeviceRemovedExtendedData, captureDred } from './debug';

/**
 * [DEV-RM-1] Device removal: all later creation fails with DXGI_ERROR_DEVICE_REMOVED, queued GPU work is dropped,
 * every fence of the device reads UINT64_MAX so CPU waits complete; DRED (if enabled) captures its output.
 */
export function removeDevice(
  dev: ID3D12Device,
  reason: HRESULT,
  fault?: { va: number; resource: ID3D12Resource | null },
): void {
  if (dev.removed) return;
  dev.removed = true;
  dev.removedReason = reason;
  dev.sys.trace.push({ k: 'removed', i: dev.sys.callIndex, device: dev.id, reason, t: dev.sys.now });
  dev.dred = captureDred(dev, fault);
  dev.sync.dropAll();
  for (const f of dev.fences) f.onDeviceRemoved();
  dev.sys.gpu.schedule();
}

/** [SC-REF-1] A list that uses a back buffer other than the current one: EXECUTECOMMANDLISTS_WRONGSWAPCHAINBUFFERREFERENCE. */
export function checkBackBufferReference(dev: ID3D12Device, r: ID3D12Resource): void {
  const sc = r.swapChain;
  if (!sc) return;
  const chain = dev.swapChains.find((s) => s.id === sc.chain);
  if (chain && chain.currentIndex() !== sc.index) {
    dev.msg('EXECUTECOMMANDLISTS_WRONGSWAPCHAINBUFFERREFERENCE', {
      resource: r.id,
      bufferIndex: sc.index,
      currentIndex: chain.currentIndex(),
    });
  }
}

/** QueryInterface for the DRED output interface (and the device's own interfaces). */
export function deviceQueryInterface(dev: ID3D12Device, args: { riid: string }): { hr: HRESULT; out?: IUnknown } {
  const c = dev.begin('QueryInterface', args);
  if (/^ID3D12DeviceRemovedExtendedData\d?$/.test(args.riid)) {
    const d = new ID3D12DeviceRemovedExtendedData(dev);
    return dev.done(c, 'S_OK', d);
  }
  if (dev.implements(args.riid)) {
    dev.refs++;
    return dev.done(c, 'S_OK', dev as IUnknown);
  }
  return dev.done(c, 'E_NOINTERFACE');
}
