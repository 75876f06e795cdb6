// [TR-ARGS-1] The trace records model objects in call arguments as plain references, so it keeps nothing of the
// model alive: the readers of call arguments (idOf, the event list, the capture, JSON export) see ids as before.
import { describe, expect, it } from 'vitest';
import * as D from '../index';
import { world } from '../advanced.world';
import { IUnknown } from '../object';
import { indexTrace } from './traceIndex';
import { idOf } from './queries';
import { traceJsonReplacer } from './events';

/** Every value reachable from `v` (objects once each). */
function reachable(v: unknown, out = new Set<object>()): Set<object> {
  if (v === null || typeof v !== 'object' || out.has(v)) return out;
  out.add(v);
  if (ArrayBuffer.isView(v)) return out;
  for (const x of Object.values(v)) reachable(x, out);
  return out;
}

describe('call arguments in the trace', () => {
  it('[TR-ARGS-1] model objects in recorded arguments are plain references: no live object is reachable from the trace', () => {
    const w = world();
    const tex = w.dev.CreateCommittedResource({
      HeapProperties: { Type: D.D3D12_HEAP_TYPE_DEFAULT },
      Desc: w.texDesc,
      InitialResourceState: D.D3D12_RESOURCE_STATE_COMMON,
    }).out!;
    const barrier = {
      Type: D.D3D12_RESOURCE_BARRIER_TYPE_TRANSITION,
      Transition: {
        Resource: tex,
        Subresource: 0,
        StateBefore: D.D3D12_RESOURCE_STATE_COMMON,
        StateAfter: D.D3D12_RESOURCE_STATE_COPY_DEST,
      },
    };
    w.list.ResourceBarrier({ NumBarriers: 1, Barriers: [barrier] });
    w.list.Close();
    w.queue.ExecuteCommandLists({ CommandLists: [w.list] });
    tex.SetName({ Name: 'albedo' });
    tex.Release();
    const live = [...reachable(w.sys.trace.events)].filter((o) => o instanceof IUnknown);
    expect(live).toEqual([]);
    // the program's own argument objects are untouched (the model saw the live objects)
    expect(barrier.Transition.Resource).toBe(tex);
    const ix = indexTrace(w.sys.trace);
    const rb = ix.calls.find((c) => c?.api === 'ID3D12GraphicsCommandList::ResourceBarrier')!;
    const recorded = (rb.args as { Barriers: { Transition: { Resource: unknown } }[] }).Barriers[0].Transition.Resource;
    expect(idOf(recorded)).toBe(tex.id);
    // JSON as the live object wrote itself, with the name it has now (SetName after the call)
    expect(JSON.parse(JSON.stringify(recorded, traceJsonReplacer))).toEqual(
      JSON.parse(JSON.stringify(tex, traceJsonReplacer)),
    );
    expect(JSON.parse(JSON.stringify(recorded))).toEqual({ object: tex.id, iface: 'ID3D12Resource', name: 'albedo' });
    const ecl = ix.calls.find((c) => c?.api === 'ID3D12CommandQueue::ExecuteCommandLists')!;
    expect((ecl.args as { CommandLists: unknown[] }).CommandLists.map(idOf)).toEqual([w.list.id]);
  });

  it('[TR-ARGS-1] arguments without model objects are recorded as given; numbers, strings and bytes unchanged', () => {
    const w = world();
    const desc = { Type: D.D3D12_HEAP_TYPE_UPLOAD };
    const args = {
      SizeInBytes: 65536,
      Properties: desc,
    };
    w.dev.CreateHeap(args);
    const call = indexTrace(w.sys.trace).calls.find((c) => c?.api === 'ID3D12Device::CreateHeap')!;
    expect(call.args).toBe(args);
  });
});

describe('arguments reused by the program', () => {
  it('[TR-ARGS-1] an argument object passed again after the program changed it is recorded as it was at each call', () => {
    const w = world();
    const tex = w.dev.CreateCommittedResource({
      HeapProperties: { Type: D.D3D12_HEAP_TYPE_DEFAULT },
      Desc: w.texDesc,
      InitialResourceState: D.D3D12_RESOURCE_STATE_COMMON,
    }).out!;
    const t = {
      Resource: tex,
      Subresource: 0,
      StateBefore: D.D3D12_RESOURCE_STATE_COMMON,
      StateAfter: D.D3D12_RESOURCE_STATE_COPY_DEST,
    };
    const args = { NumBarriers: 1, Barriers: [{ Type: D.D3D12_RESOURCE_BARRIER_TYPE_TRANSITION, Transition: t }] };
    w.list.ResourceBarrier(args);
    w.list.ResourceBarrier(args); // unchanged: the same record may serve both calls
    t.StateBefore = D.D3D12_RESOURCE_STATE_COPY_DEST;
    t.StateAfter = D.D3D12_RESOURCE_STATE_COMMON;
    w.list.ResourceBarrier(args);
    const recorded = indexTrace(w.sys.trace)
      .calls.filter((c) => c?.api === 'ID3D12GraphicsCommandList::ResourceBarrier')
      .map((c) => JSON.stringify((c.args as typeof args).Barriers[0].Transition));
    const at = (before: number, after: number) =>
      JSON.stringify({
        Resource: { object: tex.id, iface: 'ID3D12Resource', name: null },
        Subresource: 0,
        StateBefore: before,
        StateAfter: after,
      });
    expect(recorded).toEqual([
      at(D.D3D12_RESOURCE_STATE_COMMON, D.D3D12_RESOURCE_STATE_COPY_DEST),
      at(D.D3D12_RESOURCE_STATE_COMMON, D.D3D12_RESOURCE_STATE_COPY_DEST),
      at(D.D3D12_RESOURCE_STATE_COPY_DEST, D.D3D12_RESOURCE_STATE_COMMON),
    ]);
  });
});
