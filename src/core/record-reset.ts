// [CL-CLOSE-1] / [CL-RESET-1] ID3D12GraphicsCommandList::Close and ::Reset: the list's lifecycle rules and what a
// Reset clears. The list methods delegate here (commandlist.ts stays a thin facade of the API).

import type { ID3D12GraphicsCommandList } from './commandlist';
import type { ID3D12CommandAllocator } from './commandallocator';
import type { ID3D12PipelineState } from './pipeline';
import type { HRESULT } from './messages';
import { freshGraphicsState } from './recording';
import { freshComputeState } from './record-compute';
import { closeOpenQueries } from './record-queries';
import { closeOpenSplits, freshSplits } from './record-split';
import { D3D12_COMMAND_LIST_TYPE_BUNDLE } from './enums';

/** [CL-CLOSE-1] Close: E_INVALIDARG when recording raised an invalid-argument error; closing a closed list is E_FAIL. */
export function recordClose(list: ID3D12GraphicsCommandList): HRESULT {
  const c = list.sys.beginCall('ID3D12GraphicsCommandList::Close', list.id, null);
  let hr: HRESULT = 'S_OK';
  if (!list.recording) {
    list.device.msg('COMMAND_LIST_CLOSED', { list: list.id });
    hr = 'E_FAIL';
  } else {
    if (list.markerDepth !== 0) list.device.msg('BEGIN_END_EVENT_MISMATCH', { list: list.id, depth: list.markerDepth });
    closeOpenQueries(list);
    closeOpenSplits(list); // [BAR-SPLIT-3]
    list.recording = false;
    if (list.allocator.recordingList === list) list.allocator.recordingList = null;
    if (list.failed) hr = 'E_INVALIDARG';
  }
  list.sys.endCall(c, hr);
  return hr;
}

/**
 * [CL-RESET-1] Reset: a list still open is COMMAND_LIST_OPEN (E_FAIL); an allocator of another type is
 * WRONG_COMMAND_ALLOCATOR_TYPE (E_INVALIDARG); an allocator another list records into is COMMAND_ALLOCATOR_CONTENTION
 * (E_INVALIDARG). Any free allocator of the same type is fine, and the list may be reset right after
 * ExecuteCommandLists. All recorded state is reset as if the list were new.
 */
export function recordReset(
  list: ID3D12GraphicsCommandList,
  args: { Allocator: ID3D12CommandAllocator; InitialState?: ID3D12PipelineState | null },
): HRESULT {
  const c = list.sys.beginCall('ID3D12GraphicsCommandList::Reset', list.id, args);
  const a = args.Allocator;
  let hr: HRESULT = 'S_OK';
  if (list.recording) {
    list.device.msg('COMMAND_LIST_OPEN', { list: list.id });
    hr = 'E_FAIL';
  } else if (!a || a.type !== list.type) {
    list.device.msg('WRONG_COMMAND_ALLOCATOR_TYPE', { list: list.id, allocator: a ? a.id : 0 });
    hr = 'E_INVALIDARG';
  } else if (a.recordingList && a.recordingList !== list) {
    list.device.msg('COMMAND_ALLOCATOR_CONTENTION', { allocator: a.id, list: a.recordingList.id });
    hr = 'E_INVALIDARG';
  } else {
    list.recording = true;
    list.failed = false;
    list.commands = [];
    list.local = new Map();
    list.gs = freshGraphicsState();
    list.cs = freshComputeState();
    list.gs.pso = args.InitialState ?? null;
    if (list.gs.pso && list.type === D3D12_COMMAND_LIST_TYPE_BUNDLE)
      list.commands.push({ op: 'SetPipelineState', pso: list.gs.pso });
    list.bundlesExecuted = [];
    list.markerDepth = 0;
    list.openQueries = new Map();
    list.splits = freshSplits();
    list.allocator = a;
    list.allocatorGeneration = a.generation;
    list.recordingSeq++;
    a.recordingList = list;
  }
  list.sys.endCall(c, hr);
  return hr;
}
