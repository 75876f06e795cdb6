// ID3D12Fence ([FENCE-*]): one UINT64 value that the GPU (a queue's Signal) or the CPU sets, and that may also go
// down; events set when a value is reached; CPU waits that let modelled time pass. After device removal the fence
// reads UINT64_MAX, so every waiter wakes ([DEV-RM-1]).

import { IUnknown } from './object';
import type { HRESULT } from './messages';
import type { DeviceContext } from './kernel';
import { UINT64_MAX } from './enums';

export class ID3D12Fence extends IUnknown {
  readonly iface = 'ID3D12Fence';
  /** The fence's value (a single UINT64 that may also go down, [FENCE-1]). */
  value: bigint;
  lastSignalT = 0;
  private waiters: { value: bigint; event: number | null }[] = [];

  constructor(
    readonly device: DeviceContext,
    initial: bigint,
    readonly flags: number,
  ) {
    super(device.sys, device.id, 'ID3D12Fence');
    this.value = initial;
    device.addFence(this);
  }

  override implements(iface: string): boolean {
    return iface === 'ID3D12Fence' || iface === 'ID3D12Fence1' || super.implements(iface);
  }

  /** Internal: the fence takes a value (GPU or CPU signal) and wakes events whose target is reached. */
  set(v: bigint, t: number): void {
    this.value = v;
    this.lastSignalT = t;
    this.sys.trace.push({
      k: 'fence',
      i: this.sys.callIndex,
      fence: this.id,
      value: v,
      t,
      kind: 'completed',
      queue: -1,
    });
    this.wake();
  }

  private completed(): bigint {
    return this.device.removed ? UINT64_MAX : this.value;
  }

  private wake(): void {
    const cur = this.completed();
    const keep: typeof this.waiters = [];
    for (const w of this.waiters) {
      if (cur >= w.value) {
        if (w.event !== null) {
          const ev = this.sys.events.get(w.event);
          if (ev) ev.signaled = true;
        }
      } else keep.push(w);
    }
    this.waiters = keep;
  }

  /** [DEV-RM-1] After device removal the fence reads UINT64_MAX, so every waiter wakes. */
  onDeviceRemoved(): void {
    this.wake();
  }

  /** [FENCE-4] GetCompletedValue: the current value (UINT64_MAX after device removal). */
  GetCompletedValue(): bigint {
    const c = this.sys.beginCall('ID3D12Fence::GetCompletedValue', this.id, null);
    const v = this.completed();
    this.sys.endCall(c, null);
    return v;
  }

  /** Internal: the CPU signals a value now (Fence::Signal, EnqueueMakeResident); queues waiting on it may go on. */
  signalFromCpu(v: bigint): void {
    this.sys.trace.push({
      k: 'fence',
      i: this.sys.callIndex,
      fence: this.id,
      value: v,
      t: this.sys.now,
      kind: 'signal-cpu',
      queue: -1,
    });
    this.set(v, this.sys.now);
    this.sys.gpu.schedule();
  }

  /** [FENCE-5] CPU Signal sets the value now. */
  Signal(args: { Value: bigint | number }): HRESULT {
    const c = this.sys.beginCall('ID3D12Fence::Signal', this.id, args);
    if (this.device.removed) {
      this.sys.endCall(c, 'DXGI_ERROR_DEVICE_REMOVED');
      return 'DXGI_ERROR_DEVICE_REMOVED';
    }
    this.signalFromCpu(BigInt(args.Value ?? 0) & UINT64_MAX);
    this.sys.endCall(c, 'S_OK');
    return 'S_OK';
  }

  /**
   * [FENCE-6] SetEventOnCompletion: the event is set once the fence reaches Value (immediately if it already has).
   * A NULL event blocks the CPU until then. Value 0 warns FENCE_ZERO_WAIT.
   */
  SetEventOnCompletion(args: { Value: bigint | number; hEvent: number | null }): HRESULT {
    const c = this.sys.beginCall('ID3D12Fence::SetEventOnCompletion', this.id, args);
    const v = BigInt(args.Value ?? 0) & UINT64_MAX;
    if (v === 0n) this.device.msg('FENCE_ZERO_WAIT', { fence: this.id });
    if (args.hEvent === null || args.hEvent === undefined) {
      const start = this.sys.now;
      const r = this.sys.gpu.waitUntil(() => this.completed() >= v, Infinity);
      this.sys.trace.push({
        k: 'wait',
        i: this.sys.callIndex,
        start,
        end: this.sys.now,
        timedOut: !r.ok,
        deadlock: r.deadlock,
        event: 0,
      });
      this.sys.endCall(c, 'S_OK');
      return 'S_OK';
    }
    if (!this.sys.events.has(args.hEvent)) {
      this.sys.endCall(c, 'E_INVALIDARG');
      return 'E_INVALIDARG';
    }
    this.waiters.push({ value: v, event: args.hEvent });
    this.wake();
    this.sys.endCall(c, 'S_OK');
    return 'S_OK';
  }
}
