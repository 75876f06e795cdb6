// ID3D12CommandAllocator ([CL-ALLOC-*]): the memory a command list records into. At most one list records into it
// at a time; Reset while the GPU still runs work recorded into it overwrites that work (a hazard the debug layer
// reports as COMMAND_ALLOCATOR_SYNC).

import { IUnknown } from './object';
import type { HRESULT } from './messages';
import type { DeviceContext } from './kernel';

/** What an allocator knows of the list recording into it. */
export interface RecordingList {
  readonly id: number;
}

export class ID3D12CommandAllocator extends IUnknown {
  readonly iface = 'ID3D12CommandAllocator';
  /** The list currently recording into this allocator (at most one, [CL-ALLOC-1]). */
  recordingList: RecordingList | null = null;
  /** Executions in flight whose commands live in this allocator's memory. */
  inflight = 0;
  /** Bumped by Reset: executions recorded under an older generation read overwritten memory. */
  generation = 0;

  constructor(
    readonly device: DeviceContext,
    readonly type: number,
  ) {
    super(device.sys, device.id, 'ID3D12CommandAllocator');
  }

  protected override inFlightOn(): DeviceContext | null {
    return this.inflight > 0 ? this.device : null;
  }

  /**
   * [CL-ALLOC-2] Reset while a list records into it: COMMAND_ALLOCATOR_CANNOT_RESET, E_FAIL.
   * [CL-ALLOC-3] Reset while executions that used it are still running on the GPU: COMMAND_ALLOCATOR_SYNC (debug
   * layer); the call succeeds and the GPU reads overwritten command memory (hazard "command-memory-reused").
   */
  Reset(): HRESULT {
    const c = this.sys.beginCall('ID3D12CommandAllocator::Reset', this.id, null);
    let hr: HRESULT = 'S_OK';
    if (this.recordingList) {
      this.device.msg('COMMAND_ALLOCATOR_CANNOT_RESET', { allocator: this.id, list: this.recordingList.id });
      hr = 'E_FAIL';
    } else {
      if (this.inflight > 0) {
        this.device.msg('COMMAND_ALLOCATOR_SYNC', { allocator: this.id, inflight: this.inflight });
        this.sys.hazard('command-memory-reused', this.id, { allocator: this.id, inflight: this.inflight });
      }
      this.generation++;
    }
    this.sys.endCall(c, hr);
    return hr;
  }
}
