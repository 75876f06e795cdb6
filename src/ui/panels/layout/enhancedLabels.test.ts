// [EB-TRACE-1] The state-history panel shows what an enhanced barrier did: segments labelled by layout, the barrier
// glyph marked "enhanced" with its sync scopes, a legacy transition beside it still labelled by state.
import { describe, expect, it } from 'vitest';
import * as D from '../../../core';
import { layoutStateHistory } from './stateHistory';

function run() {
  const sys = new D.D3D12System();
  sys.debugLayerEnabled = true;
  const dev = sys.D3D12CreateDevice({ Adapter: null, MinimumFeatureLevel: D.D3D_FEATURE_LEVEL_11_0 }).out!;
  const queue = dev.CreateCommandQueue({ Type: D.D3D12_COMMAND_LIST_TYPE_DIRECT }).out!;
  const alloc = dev.CreateCommandAllocator({ type: D.D3D12_COMMAND_LIST_TYPE_DIRECT }).out!;
  const list = dev.CreateCommandList({ type: D.D3D12_COMMAND_LIST_TYPE_DIRECT, CommandAllocator: alloc }).out!;
  const desc = {
    Dimension: D.D3D12_RESOURCE_DIMENSION_TEXTURE2D,
    Width: 16,
    Height: 16,
    DepthOrArraySize: 1,
    MipLevels: 1,
    Format: D.DXGI_FORMAT_R8G8B8A8_UNORM,
    SampleDesc: { Count: 1, Quality: 0 },
  };
  const mk = () =>
    dev.CreateCommittedResource({
      HeapProperties: { Type: D.D3D12_HEAP_TYPE_DEFAULT },
      Desc: desc,
      InitialResourceState: D.D3D12_RESOURCE_STATE_COMMON,
    }).out!;
  const enhanced = mk();
  const legacy = mk();
  list.Barrier({
    BarrierGroups: [
      {
        Type: D.D3D12_BARRIER_TYPE_TEXTURE,
        TextureBarriers: [
          {
            SyncBefore: D.D3D12_BARRIER_SYNC_NONE,
            SyncAfter: D.D3D12_BARRIER_SYNC_COPY,
            AccessBefore: D.D3D12_BARRIER_ACCESS_NO_ACCESS,
            AccessAfter: D.D3D12_BARRIER_ACCESS_COPY_DEST,
            LayoutBefore: D.D3D12_BARRIER_LAYOUT_COMMON,
            LayoutAfter: D.D3D12_BARRIER_LAYOUT_COPY_DEST,
            Resource: enhanced,
            Subresources: { IndexOrFirstMipLevel: 0xffffffff, NumMipLevels: 0 },
          },
        ],
      },
    ],
  });
  list.ResourceBarrier({
    Barriers: [
      {
        Type: D.D3D12_RESOURCE_BARRIER_TYPE_TRANSITION,
        Transition: { Resource: legacy, Subresource: 0, StateBefore: 0, StateAfter: D.D3D12_RESOURCE_STATE_COPY_DEST },
      },
    ],
  });
  list.Close();
  queue.ExecuteCommandLists({ CommandLists: [list] });
  return { ix: D.indexTrace(sys.trace), end: sys.callIndex, enhanced: enhanced.id, legacy: legacy.id, sys };
}

describe('[EB-TRACE-1] enhanced barriers on the state-history panel', () => {
  it('labels the segment by layout and marks the barrier as enhanced with its sync scopes', () => {
    const r = run();
    expect(r.sys.messages).toEqual([]);
    const s = layoutStateHistory(r.ix, r.end, {
      width: 900,
      mode: 'call',
      domain: null,
      selection: null,
      expanded: new Set<number>(),
    });
    const segs = (res: number) => s.chart.marks.filter((m) => m.data?.resource === res && m.data.state);
    expect(segs(r.enhanced).map((m) => m.data!.layout)).toEqual([undefined, 'COPY_DEST']);
    expect(segs(r.legacy).map((m) => m.data!.layout)).toEqual([undefined, undefined]);
    const bar = (res: number) => s.chart.marks.filter((m) => m.data?.resource === res && m.data.barrier);
    expect(bar(r.enhanced).map((m) => [m.data!.barrier, m.data!.sync])).toEqual([['enhanced', 'NONE→COPY']]);
    expect(bar(r.legacy).map((m) => m.data!.barrier)).toEqual(['transition']);
    const title = bar(r.enhanced)[0].title;
    expect(typeof title === 'function' ? title() : title).toBe(
      'enhanced barrier at call ' +
        String(bar(r.enhanced)[0].data!.call) +
        ': layout COMMON → COPY_DEST, sync NONE → COPY, access NO_ACCESS → COPY_DEST',
    );
  });
});
