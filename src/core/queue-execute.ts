// ExecuteCommandLists' refusals ([ECL-1], [ECL-2], [CL-SYNC-1]): what makes the runtime drop the whole call before
// the debug layer validates any state (a bundle, a list of another type, an open list, a list whose Close failed, a
// recording still executing). The queue (queue.ts) calls this first and validates the accepted lists itself.

import type { ID3D12GraphicsCommandList } from './commandlist';
import type { DeviceContext, Kernel } from './kernel';
import { D3D12_COMMAND_LIST_TYPE_BUNDLE } from './enums';

/**
 * True when the call is dropped (`drop` traced it with its reason). A list still open leaves the device alive; a
 * failed or still-executing list also removes the device (DXGI_ERROR_INVALID_CALL).
 */
export function refusedSubmission(
  q: { readonly id: number; readonly type: number; readonly device: DeviceContext; readonly sys: Kernel },
  lists: readonly ID3D12GraphicsCommandList[],
  drop: (reason: string) => void,
): boolean {
  const sys = q.sys;
  const dev = q.device;
  if (dev.removed) {
    drop('device-removed');
    return true;
  }
  for (const l of lists) {
    if (l && l.type === D3D12_COMMAND_LIST_TYPE_BUNDLE) {
      // bundles cannot be submitted to a queue: "the runtime will drop the call" (ExecuteCommandLists docs)
      dev.msg('EXECUTECOMMANDLISTS_BUNDLENOTSUPPORTED', { list: l.id });
      sys.hazard('execute-dropped', l.id, { reason: 'bundle' });
      drop('bundle');
      return true;
    }
    if (!l || l.type !== q.type) {
      dev.msg('EXECUTECOMMANDLISTS_COMMANDLISTMISMATCH', {
        list: l ? l.id : 0,
        listType: l ? l.type : -1,
        queueType: q.type,
      });
      drop('list-type-mismatch');
      return true;
    }
  }
  for (const l of lists) {
    if (l.recording) {
      // [ECL-2] an open list: the runtime drops the whole call (nothing executes), the device survives
      dev.msg('EXECUTECOMMANDLISTS_OPENCOMMANDLIST', { list: l.id });
      sys.hazard('execute-dropped', l.id, { reason: 'open command list' });
      drop('open-list');
      return true;
    }
    // [CL-SYNC-1] the same recording still executing counts as a resubmission before completion
    const fault = l.failed
      ? 'EXECUTECOMMANDLISTS_FAILEDCOMMANDLIST'
      : dev.sync.recordingInFlight(l, l.recordingSeq)
        ? 'COMMAND_LIST_SYNC'
        : null;
    if (fault) {
      dev.msg(fault, { list: l.id });
      dev.msg('DEVICE_REMOVAL_PROCESS_AT_FAULT', { reason: 'DXGI_ERROR_INVALID_CALL' });
      dev.remove('DXGI_ERROR_INVALID_CALL');
      drop(fault === 'COMMAND_LIST_SYNC' ? 'list-in-flight' : 'failed-close');
      return true;
    }
  }
  return false;
}
