// ID3D12CommandQueue::Signal and ::Wait ([FENCE-2], [FENCE-3], [FENCE-7]): the queue side of fences. Both put an
// item on the queue's GPU timeline (queue.ts), ordered with its other work; the fence side is fence.ts.

import type { ID3D12CommandQueue } from './queue';
import type { ID3D12Fence } from './fence';
import type { HRESULT } from './messages';
import { UINT64_MAX } from './enums';

/** What Signal and Wait both return before they do anything: no fence, or a removed device. */
function refuse(
  q: ID3D12CommandQueue,
  c: ReturnType<ID3D12CommandQueue['begin']>,
  fence: ID3D12Fence | null,
): HRESULT | null {
  const hr: HRESULT | null = !fence ? 'E_INVALIDARG' : q.device.removed ? 'DXGI_ERROR_DEVICE_REMOVED' : null;
  if (hr) q.sys.endCall(c, hr);
  return hr;
}

/** [FENCE-2] Queue Signal: the fence takes the value when the GPU reaches this point of the queue. */
export function queueSignal(q: ID3D12CommandQueue, args: { Fence: ID3D12Fence; Value: bigint | number }): HRESULT {
  const c = q.begin('Signal', args);
  const refused = refuse(q, c, args.Fence);
  if (refused) return refused;
  const value = BigInt(args.Value ?? 0) & UINT64_MAX;
  const seq = q.seq;
  q.device.sync.noteSignal(q.id, args.Fence, value, seq);
  q.sys.trace.push({
    k: 'fence',
    i: q.sys.callIndex,
    fence: args.Fence.id,
    value,
    t: q.sys.now,
    kind: 'signal-queued',
    queue: q.id,
  });
  q.enqueue({ kind: 'signal', fence: args.Fence, value, submitT: q.sys.now, seq });
  q.sys.endCall(c, 'S_OK');
  return 'S_OK';
}

/** [FENCE-3] Queue Wait: later work on this queue starts only once the fence reaches the value. */
export function queueWait(q: ID3D12CommandQueue, args: { Fence: ID3D12Fence; Value: bigint | number }): HRESULT {
  const c = q.begin('Wait', args);
  const refused = refuse(q, c, args.Fence);
  if (refused) return refused;
  const value = BigInt(args.Value ?? 0) & UINT64_MAX;
  // [FENCE-7] (inferred) waiting for 0 is waiting for nothing: the layer's FENCE_ZERO_WAIT, as for SetEventOnCompletion
  if (value === 0n) q.device.msg('FENCE_ZERO_WAIT', { fence: args.Fence.id, queue: q.id });
  q.device.sync.noteWait(q.id, args.Fence, value);
  q.enqueue({ kind: 'wait', fence: args.Fence, value, submitT: q.sys.now, seq: q.seq });
  q.sys.endCall(c, 'S_OK');
  return 'S_OK';
}
