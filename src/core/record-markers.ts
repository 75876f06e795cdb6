// ID3D12GraphicsCommandList PIX event markers (BeginEvent, EndEvent, SetMarker): recorded as commands and as
// trace markers, with [BEGIN_END_EVENT_MISMATCH] on an unbalanced EndEvent. Separate from commandlist.ts because
// they touch no resource or pipeline state.

import type { ID3D12GraphicsCommandList } from './commandlist';

export function recordBeginEvent(
  list: ID3D12GraphicsCommandList,
  args: { Metadata?: number; Data: string; Size?: number },
): void {
  const c = list.rec('ID3D12GraphicsCommandList::BeginEvent', args);
  if (!c) return;
  list.markerDepth++;
  list.commands.push({ op: 'BeginEvent', name: String(args.Data ?? '') });
  list.sys.trace.push({
    k: 'marker',
    i: list.sys.callIndex,
    list: list.id,
    kind: 'begin',
    name: String(args.Data ?? ''),
  });
  list.sys.endCall(c, null);
}

export function recordEndEvent(list: ID3D12GraphicsCommandList): void {
  const c = list.rec('ID3D12GraphicsCommandList::EndEvent', null);
  if (!c) return;
  if (list.markerDepth === 0) list.device.msg('BEGIN_END_EVENT_MISMATCH', { list: list.id });
  else list.markerDepth--;
  list.commands.push({ op: 'EndEvent' });
  list.sys.trace.push({ k: 'marker', i: list.sys.callIndex, list: list.id, kind: 'end', name: '' });
  list.sys.endCall(c, null);
}

export function recordSetMarker(
  list: ID3D12GraphicsCommandList,
  args: { Metadata?: number; Data: string; Size?: number },
): void {
  const c = list.rec('ID3D12GraphicsCommandList::SetMarker', args);
  if (!c) return;
  list.commands.push({ op: 'SetMarker', name: String(args.Data ?? '') });
  list.sys.trace.push({
    k: 'marker',
    i: list.sys.callIndex,
    list: list.id,
    kind: 'set',
    name: String(args.Data ?? ''),
  });
  list.sys.endCall(c, null);
}
