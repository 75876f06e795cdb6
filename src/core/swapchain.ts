// IDXGISwapChain3, flip model ([SC-*]): back buffers owned by the chain, Present through the queue (the buffer
// must be in PRESENT; Present blocks while too many frames are queued, [TIME-LAT-1]), ResizeBuffers.

import { IUnknown } from './object';
import type { HRESULT } from './messages';
import type { Kernel } from './kernel';
import type { ID3D12CommandQueue } from './queue';
import type { DXGI_SWAP_CHAIN_DESC1 } from './structs';
import { ID3D12Resource } from './resource';
import { heapProperties, resourceDesc } from './layout';
import {
  D3D12_HEAP_TYPE_DEFAULT,
  D3D12_RESOURCE_DIMENSION_TEXTURE2D,
  D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET,
  D3D12_RESOURCE_STATE_COMMON,
  D3D12_RESOURCE_STATE_PRESENT,
  DXGI_PRESENT_ALLOW_TEARING,
  DXGI_PRESENT_TEST,
  DXGI_SWAP_CHAIN_FLAG_ALLOW_TEARING,
} from './enums';

export class IDXGISwapChain3 extends IUnknown {
  readonly iface = 'IDXGISwapChain3';
  buffers: ID3D12Resource[] = [];
  private index = 0;
  presentCount = 0;

  constructor(
    sys: Kernel,
    readonly queue: ID3D12CommandQueue,
    public desc: DXGI_SWAP_CHAIN_DESC1,
  ) {
    super(sys, 0, 'IDXGISwapChain');
    this.makeBuffers();
    queue.device.addSwapChain({ id: this.id, currentIndex: () => this.index });
  }

  override implements(iface: string): boolean {
    return /^IDXGISwapChain\d?$/.test(iface) || super.implements(iface);
  }

  /** [SC-BUF-1] Back buffers are committed RT textures created in the PRESENT (COMMON) state, owned by the chain. */
  private makeBuffers(): void {
    const dev = this.queue.device;
    this.buffers = [];
    for (let k = 0; k < this.desc.BufferCount; k++) {
      const d = resourceDesc({
        Dimension: D3D12_RESOURCE_DIMENSION_TEXTURE2D,
        Width: this.desc.Width,
        Height: this.desc.Height,
        DepthOrArraySize: 1,
        MipLevels: 1,
        Format: this.desc.Format,
        SampleDesc: { Count: 1, Quality: 0 },
        Flags: D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET,
      });
      const size = this.desc.Width * this.desc.Height * 4;
      const r = new ID3D12Resource(
        dev,
        d,
        heapProperties({ Type: D3D12_HEAP_TYPE_DEFAULT }),
        0,
        'swapchain',
        null,
        0,
        size,
        dev.address.allocVA(size),
        D3D12_RESOURCE_STATE_PRESENT,
      );
      r.refs = 0;
      r.swapChain = { chain: this.id, index: k };
      r.name = `SwapChain#${this.id} buffer ${k}`;
      this.buffers.push(r);
    }
    this.index = 0;
  }

  currentIndex(): number {
    return this.index;
  }

  GetCurrentBackBufferIndex(): number {
    const c = this.sys.beginCall('IDXGISwapChain3::GetCurrentBackBufferIndex', this.id, null);
    this.sys.endCall(c, null);
    return this.index;
  }

  /** GetBuffer adds an application reference to the buffer (released with Release). */
  GetBuffer(args: { Buffer: number; riid?: string }): { hr: HRESULT; out?: ID3D12Resource } {
    const c = this.sys.beginCall('IDXGISwapChain::GetBuffer', this.id, args);
    const b = this.buffers[args.Buffer];
    const hr: HRESULT = b ? 'S_OK' : 'DXGI_ERROR_INVALID_CALL';
    if (b) {
      b.refs++;
      b.destroyed = false;
    }
    this.sys.endCall(c, hr);
    return b ? { hr, out: b } : { hr };
  }

  GetDesc1(): { hr: HRESULT; out: DXGI_SWAP_CHAIN_DESC1 } {
    return { hr: 'S_OK', out: { ...this.desc } };
  }

  /**
   * [SC-PRESENT-1] Present: the current back buffer must be in PRESENT (COMMON) when the queue reaches the present;
   * otherwise INVALID_SUBRESOURCE_STATE (raised at Present through the internal command list). Present normally
   * returns S_OK; ALLOW_TEARING needs the swap-chain flag and SyncInterval 0 (DXGI_ERROR_INVALID_CALL); after
   * removal DXGI_ERROR_DEVICE_REMOVED. [TIME-LAT-1] Present blocks while too many frames are queued.
   */
  Present(args: { SyncInterval: number; Flags?: number }): HRESULT {
    const c = this.sys.beginCall('IDXGISwapChain::Present', this.id, args);
    const dev = this.queue.device;
    const flags = args.Flags ?? 0;
    let hr: HRESULT = 'S_OK';
    if (dev.removed) hr = 'DXGI_ERROR_DEVICE_REMOVED';
    else if (
      flags & DXGI_PRESENT_ALLOW_TEARING &&
      (!(this.desc.Flags & DXGI_SWAP_CHAIN_FLAG_ALLOW_TEARING) || args.SyncInterval !== 0)
    )
      hr = 'DXGI_ERROR_INVALID_CALL';
    else if (args.SyncInterval > 4) hr = 'DXGI_ERROR_INVALID_CALL';
    else if (!(flags & DXGI_PRESENT_TEST)) {
      const b = this.buffers[this.index];
      if (b.state[0] !== D3D12_RESOURCE_STATE_PRESENT && b.state[0] !== D3D12_RESOURCE_STATE_COMMON) {
        dev.msg('INVALID_SUBRESOURCE_STATE', {
          op: 'Present',
          resource: b.id,
          subresource: 0,
          state: b.state[0],
          expected: D3D12_RESOURCE_STATE_PRESENT,
        });
        this.sys.hazard('invalid-state', b.id, {
          op: 'Present',
          state: b.state[0],
          expected: 0,
          outcome: 'presented-anyway',
        });
      }
      const q = this.queue;
      if (q.presentsQueued >= this.sys.settings.maxFrameLatency) {
        const start = this.sys.now;
        this.sys.gpu.waitUntil(() => q.presentsQueued < this.sys.settings.maxFrameLatency || dev.removed, Infinity);
        this.sys.trace.push({
          k: 'wait',
          i: this.sys.callIndex,
          start,
          end: this.sys.now,
          timedOut: false,
          deadlock: false,
          event: 0,
        });
      }
      this.presentCount++;
      // which back buffer this Present shows (for the executor; ResizeBuffers and DXGI_PRESENT_TEST make counting unreliable)
      this.sys.trace.push({ k: 'present', i: this.sys.callIndex, swapChain: this.id, buffer: b.id, index: this.index });
      q.queuePresent(this.id, () => undefined);
      this.index = (this.index + 1) % this.desc.BufferCount;
    }
    this.sys.endCall(c, hr);
    return hr;
  }

  /**
   * [SC-RESIZE-1] ResizeBuffers: every application reference to the back buffers must be released first, and the
   * GPU must be done with them; otherwise DXGI_ERROR_INVALID_CALL. New buffers start in PRESENT; the index restarts at 0.
   */
  ResizeBuffers(args: {
    BufferCount: number;
    Width: number;
    Height: number;
    NewFormat: number;
    SwapChainFlags?: number;
  }): HRESULT {
    const c = this.sys.beginCall('IDXGISwapChain::ResizeBuffers', this.id, args);
    let hr: HRESULT = 'S_OK';
    if (this.queue.device.removed) hr = 'DXGI_ERROR_DEVICE_REMOVED';
    else if (this.buffers.some((b) => b.refs > 0 || b.gpuRefs > 0)) hr = 'DXGI_ERROR_INVALID_CALL';
    else if (args.BufferCount !== 0 && (args.BufferCount < 2 || args.BufferCount > 16)) hr = 'DXGI_ERROR_INVALID_CALL';
    if (hr === 'S_OK') {
      for (const b of this.buffers) {
        b.destroyed = true;
        b.freed = true;
      }
      this.desc = {
        ...this.desc,
        BufferCount: args.BufferCount || this.desc.BufferCount,
        Width: args.Width || this.desc.Width,
        Height: args.Height || this.desc.Height,
        Format: args.NewFormat || this.desc.Format,
        Flags: args.SwapChainFlags ?? this.desc.Flags,
      };
      this.makeBuffers();
    }
    this.sys.endCall(c, hr);
    return hr;
  }
}
