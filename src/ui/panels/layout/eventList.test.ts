// The event list's rows as data, over the lesson-sized trace of layoutsFixture.ts and a small program: groups
// by command-list recording and by BeginEvent/EndEvent markers (list and queue), collapsing, finding a call.

import { describe, expect, it } from 'vitest';
import { D3D12System, D3D12_COMMAND_LIST_TYPE_DIRECT, D3D_FEATURE_LEVEL_11_0, indexTrace } from '../../../core';
import { eventRows, rowOfCall, visibleRows } from './eventList';
import { ix } from './layoutsFixture';

describe('event list', () => {
  const list = eventRows(ix);
  const rows = [...list];
  it('groups calls by command-list recording and BeginEvent/EndEvent markers', () => {
    const marker = rows.find((r) => r.kind === 'marker')!;
    expect(marker.label).toBe('upload texture');
    const inside = rows
      .filter((r) => r.kind === 'call' && r.i >= marker.i && r.i <= marker.end)
      .map((r) => [r.api, r.depth]);
    expect(inside).toEqual([
      ['ID3D12GraphicsCommandList::BeginEvent', 2],
      ['ID3D12GraphicsCommandList::CopyTextureRegion', 2],
      ['ID3D12GraphicsCommandList::CopyTextureRegion', 2],
      ['ID3D12GraphicsCommandList::EndEvent', 2],
    ]);
    // four Reset..Close recordings and the last, unclosed one
    expect(rows.filter((r) => r.kind === 'list').length).toBe(5);
  });
  it('[Q-MARKER-1] groups a queue BeginEvent/EndEvent region around the list recordings and submissions inside it', () => {
    // a real program on the model: a queue event around one recording and its submission
    const sys = new D3D12System();
    const device = sys.D3D12CreateDevice({ MinimumFeatureLevel: D3D_FEATURE_LEVEL_11_0 }).out!;
    const queue = device.CreateCommandQueue({ Type: D3D12_COMMAND_LIST_TYPE_DIRECT }).out!;
    const alloc = device.CreateCommandAllocator({ type: D3D12_COMMAND_LIST_TYPE_DIRECT }).out!;
    const list = device.CreateCommandList({ type: D3D12_COMMAND_LIST_TYPE_DIRECT, CommandAllocator: alloc }).out!;
    list.Close();
    const fence = device.CreateFence({ InitialValue: 0 }).out!;
    queue.BeginEvent({ Data: 'frame 0' });
    list.Reset({ Allocator: alloc });
    list.BeginEvent({ Data: 'draw' });
    list.EndEvent();
    list.Close();
    queue.ExecuteCommandLists({ CommandLists: [list] });
    queue.EndEvent();
    queue.Signal({ Fence: fence, Value: 1 });
    const b = { trace: sys.trace };
    const r = [...eventRows(indexTrace(b.trace))];
    const frame = r.find((x) => x.kind === 'marker' && x.label === 'frame 0')!;
    expect(frame.depth).toBe(0);
    expect(r.filter((x) => x.kind === 'call' && x.i >= frame.i && x.i <= frame.end).map((x) => x.api)).toEqual([
      'ID3D12CommandQueue::BeginEvent',
      'ID3D12GraphicsCommandList::Reset',
      'ID3D12GraphicsCommandList::BeginEvent',
      'ID3D12GraphicsCommandList::EndEvent',
      'ID3D12GraphicsCommandList::Close',
      'ID3D12CommandQueue::ExecuteCommandLists',
      'ID3D12CommandQueue::EndEvent',
    ]);
    expect(r.find((x) => x.kind === 'list' && x.i >= frame.i)!.depth).toBe(1);
    expect(r.find((x) => x.kind === 'marker' && x.label === 'draw')!.depth).toBe(2);
    expect(r.find((x) => x.api === 'ID3D12CommandQueue::Signal')!.depth).toBe(0);
  });
  it('collapses a group and finds the row of a call', () => {
    const group = rows.find((r) => r.kind === 'list')!;
    const v = visibleRows(list, new Set([group.key]));
    expect(v.length).toBe(
      rows.length - (rows.indexOf(rows.find((r) => r.kind === 'call' && r.i > group.end)!) - rows.indexOf(group) - 1),
    );
    const copy = ix.calls.find((c) => c?.api === 'ID3D12GraphicsCommandList::CopyTextureRegion')!.i;
    expect(list.at(rowOfCall(list, copy)).api).toBe('ID3D12GraphicsCommandList::CopyTextureRegion');
  });
});
