// [Q-TRACE-1] The query trace events the panels read: each query command an execution ran, at the GPU time it ran,
// with the values it wrote; a timestamp event's ticks are the ones Map of the READBACK buffer reads, at the event's
// GPU time on the GetTimestampFrequency clock; nothing is traced before the execution completes.
import { describe, expect, it } from 'vitest';
import * as D from './index';
import { world } from './rules.world';

describe('[Q-TRACE-1] query trace events', () => {
  it('begin/end/resolve events at their GPU times carry the values the readback buffer reads', () => {
    const w = world({ adapter: 0 });
    const ts = w.dev.CreateQueryHeap({ Type: D.D3D12_QUERY_HEAP_TYPE_TIMESTAMP, Count: 2 }).out!;
    const occ = w.dev.CreateQueryHeap({ Type: D.D3D12_QUERY_HEAP_TYPE_OCCLUSION, Count: 1 }).out!;
    const rb = w.buffer(D.D3D12_HEAP_TYPE_READBACK, D.D3D12_RESOURCE_STATE_COPY_DEST, 256).out!;
    const TS = D.D3D12_QUERY_TYPE_TIMESTAMP;
    w.list.EndQuery({ QueryHeap: ts, Type: TS, Index: 0 });
    w.list.BeginQuery({ QueryHeap: occ, Type: D.D3D12_QUERY_TYPE_OCCLUSION, Index: 0 });
    w.list.EndQuery({ QueryHeap: occ, Type: D.D3D12_QUERY_TYPE_OCCLUSION, Index: 0 });
    w.list.EndQuery({ QueryHeap: ts, Type: TS, Index: 1 });
    const resolve = {
      Type: TS,
      StartIndex: 0,
      NumQueries: 2,
      DestinationBuffer: rb,
      AlignedDestinationBufferOffset: 0,
    };
    w.list.ResolveQueryData({ QueryHeap: ts, ...resolve });
    expect(w.list.Close()).toBe('S_OK');
    w.queue.ExecuteCommandLists({ CommandLists: [w.list] });
    const queries = () => w.sys.trace.events.filter((e): e is D.QueryTraceEvent => e.k === 'query');
    expect(queries()).toHaveLength(0); // queued, not run yet
    w.sys.idle();
    const ev = queries();
    expect(ev.map((e) => `${e.op}:${e.heap === ts.id ? 'ts' : 'occ'}[${e.index}]`)).toEqual([
      'end:ts[0]',
      'begin:occ[0]',
      'end:occ[0]',
      'end:ts[1]',
      'resolve:ts[0]',
    ]);
    // in GPU order, on the queue and list that ran them, inside the execution's GPU interval
    const gpu = w.sys.trace.events.find((e) => e.k === 'gpu')!;
    for (let k = 1; k < ev.length; k++) expect(ev[k].t).toBeGreaterThan(ev[k - 1].t);
    for (const e of ev) {
      expect(e).toMatchObject({ queue: w.queue.id, list: w.list.id, hz: 12_000_000 });
      expect(e.t).toBeGreaterThan(gpu.k === 'gpu' ? gpu.start : 0);
      expect(e.t).toBeLessThanOrEqual(gpu.k === 'gpu' ? gpu.end : 0);
    }
    // a timestamp's ticks are its GPU time on the 12 MHz clock; the resolve carries what Map reads
    expect(ev[0].values![0]).toBe(BigInt(Math.floor((ev[0].t * 12_000_000) / 1e9)));
    const b = rb.Map({ Subresource: 0, ReadRange: { Begin: 0, End: 16 } }).out!;
    const view = new DataView(b.buffer, b.byteOffset, 16);
    expect(ev[4]).toMatchObject({ dst: rb.id, offset: 0, count: 2 });
    expect(ev[4].values).toEqual([view.getBigUint64(0, true), view.getBigUint64(8, true)]);
    expect(ev[4].values).toEqual([ev[0].values![0], ev[3].values![0]]);
    expect(ev[1].values).toBeNull();
  });
  it('the Perfetto export puts each query on its queue track at the GPU time it ran', () => {
    const w = world({ adapter: 0 });
    const ts = w.dev.CreateQueryHeap({ Type: D.D3D12_QUERY_HEAP_TYPE_TIMESTAMP, Count: 1 }).out!;
    w.list.EndQuery({ QueryHeap: ts, Type: D.D3D12_QUERY_TYPE_TIMESTAMP, Index: 0 });
    w.list.Close();
    w.queue.ExecuteCommandLists({ CommandLists: [w.list] });
    w.sys.idle();
    const ev = w.sys.trace.events.find((e): e is D.QueryTraceEvent => e.k === 'query')!;
    const out = D.toChromeTrace(w.sys.trace).traceEvents.filter((e) => e.cat === 'query');
    expect(out).toEqual([
      expect.objectContaining({ name: `EndQuery #${ts.id}[0]`, tid: 1000 + w.queue.id, ts: ev.t / 1000 }),
    ]);
    expect((out[0].args as { values: string[] }).values).toEqual([String(ev.values![0])]);
  });
});
