// What the executor replays, from the trace alone: submissions as submitted, dropped ones skipped, the back
// buffer each Present names [TR-SUBMIT-1].
import { describe, expect, it } from 'vitest';
import {
  D3D12System,
  D3D_FEATURE_LEVEL_11_0,
  D3D12_COMMAND_LIST_TYPE_DIRECT,
  D3D12_DESCRIPTOR_HEAP_TYPE_RTV,
  D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES,
  D3D12_RESOURCE_BARRIER_TYPE_TRANSITION,
  D3D12_RESOURCE_STATE_PRESENT,
  D3D12_RESOURCE_STATE_RENDER_TARGET,
  DXGI_FORMAT_R8G8B8A8_UNORM,
  DXGI_GPU_PREFERENCE_HIGH_PERFORMANCE,
  DXGI_PRESENT_TEST,
  DXGI_SCALING_STRETCH,
  DXGI_SWAP_EFFECT_FLIP_DISCARD,
  type ID3D12Debug,
  type Command,
} from '../../core';
import { planReplay } from './plan';

const RED = [1, 0, 0, 1];
const GREEN = [0, 1, 0, 1];
const clearColours = (cmds: readonly (readonly Command[])[] | null) =>
  (cmds ?? []).flat().flatMap((c) => (c.op === 'ClearRenderTargetView' ? [c.ColorRGBA] : []));

/** A device, a direct queue, one allocator and list, a two-buffer swap chain with RTVs (the SPEC.md example). */
function setup() {
  const sys = new D3D12System();
  (sys.D3D12GetDebugInterface({}).out as ID3D12Debug).EnableDebugLayer();
  const factory = sys.CreateDXGIFactory2({}).out!;
  const adapter = factory.EnumAdapterByGpuPreference({
    Adapter: 0,
    GpuPreference: DXGI_GPU_PREFERENCE_HIGH_PERFORMANCE,
  }).out!;
  const dev = sys.D3D12CreateDevice({ Adapter: adapter, MinimumFeatureLevel: D3D_FEATURE_LEVEL_11_0 }).out!;
  const queue = dev.CreateCommandQueue({ Type: D3D12_COMMAND_LIST_TYPE_DIRECT }).out!;
  const alloc = dev.CreateCommandAllocator({ type: D3D12_COMMAND_LIST_TYPE_DIRECT }).out!;
  const list = dev.CreateCommandList({ type: D3D12_COMMAND_LIST_TYPE_DIRECT, CommandAllocator: alloc }).out!;
  list.Close();
  const swap = factory.CreateSwapChainForComposition({
    Device: queue,
    Desc: {
      Width: 8,
      Height: 8,
      Format: DXGI_FORMAT_R8G8B8A8_UNORM,
      SampleDesc: { Count: 1, Quality: 0 },
      BufferCount: 2,
      SwapEffect: DXGI_SWAP_EFFECT_FLIP_DISCARD,
      Scaling: DXGI_SCALING_STRETCH,
    },
  }).out!;
  const rtvHeap = dev.CreateDescriptorHeap({ Type: D3D12_DESCRIPTOR_HEAP_TYPE_RTV, NumDescriptors: 2 }).out!;
  const inc = dev.GetDescriptorHandleIncrementSize({ DescriptorHeapType: D3D12_DESCRIPTOR_HEAP_TYPE_RTV });
  const start = rtvHeap.GetCPUDescriptorHandleForHeapStart().ptr;
  const buffers = [0, 1].map((n) => {
    const bb = swap.GetBuffer({ Buffer: n }).out!;
    dev.CreateRenderTargetView({ Resource: bb, DestDescriptor: { ptr: start + n * inc } });
    return bb;
  });
  const t = (n: number, b: number, a: number) =>
    list.ResourceBarrier({
      Barriers: [
        {
          Type: D3D12_RESOURCE_BARRIER_TYPE_TRANSITION,
          Transition: {
            Resource: buffers[n],
            Subresource: D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES,
            StateBefore: b,
            StateAfter: a,
          },
        },
      ],
    });
  /** Reset the one allocator and list, record a clear of the current back buffer, execute, present, wait. */
  const frame = (colour: number[]) => {
    const n = swap.GetCurrentBackBufferIndex();
    alloc.Reset();
    list.Reset({ Allocator: alloc, InitialState: null });
    t(n, D3D12_RESOURCE_STATE_PRESENT, D3D12_RESOURCE_STATE_RENDER_TARGET);
    list.ClearRenderTargetView({ RenderTargetView: { ptr: start + n * inc }, ColorRGBA: colour });
    t(n, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PRESENT);
    list.Close();
    queue.ExecuteCommandLists({ CommandLists: [list] });
    swap.Present({ SyncInterval: 1 });
    sys.idle();
  };
  return { sys, alloc, list, queue, swap, buffers, frame };
}

describe('planReplay', () => {
  it('an older submission replays its own recording after the list was reset and re-recorded', () => {
    const { sys, list, buffers, frame } = setup();
    frame(RED); // frame 0: the list records a red clear of buffer 0, is executed, presented, waited for
    const afterFirst = sys.callIndex;
    frame(GREEN); // frame 1: the same list, reset and re-recorded with a green clear of buffer 1
    expect(sys.messages.filter((m) => m.severity === 'ERROR' || m.severity === 'CORRUPTION')).toEqual([]);
    const plan = planReplay(sys, sys.callIndex);
    expect(plan.submissions.map((s) => s.lists)).toEqual([[list.id], [list.id]]);
    expect(plan.submissions.map((s) => clearColours(s.commands))).toEqual([[RED], [GREEN]]);
    // the list's current recording is the newest one: replaying it for both submissions would clear green twice
    expect(clearColours([list.recordedCommands()])).toEqual([GREEN]);
    expect(plan.dropped).toEqual([]);
    expect(plan.present).toMatchObject({ buffer: buffers[1].id, index: 1 });
    // at a cursor between the frames: only the first submission, and the first back buffer
    const early = planReplay(sys, afterFirst);
    expect(early.submissions.map((s) => clearColours(s.commands))).toEqual([[RED]]);
    expect(early.present).toMatchObject({ buffer: buffers[0].id, index: 0 });
    // before anything was submitted or presented
    const none = planReplay(sys, 0);
    expect(none.submissions).toEqual([]);
    expect(none.present).toBeNull();
  });

  it('skips a submission the runtime dropped, and a DXGI_PRESENT_TEST Present shows nothing', () => {
    const { sys, alloc, list, queue, swap, buffers, frame } = setup();
    frame(RED);
    // an open list: the runtime drops the ExecuteCommandLists (EXECUTECOMMANDLISTS_OPENCOMMANDLIST)
    alloc.Reset();
    list.Reset({ Allocator: alloc, InitialState: null });
    queue.ExecuteCommandLists({ CommandLists: [list] });
    swap.Present({ SyncInterval: 0, Flags: DXGI_PRESENT_TEST });
    sys.idle();
    const plan = planReplay(sys, sys.callIndex);
    expect(plan.submissions).toHaveLength(1);
    expect(plan.dropped).toMatchObject([{ lists: [list.id], reason: 'open-list' }]);
    expect(plan.present).toMatchObject({ buffer: buffers[0].id, index: 0 });
  });

  it('[CL-ALLOC-3] a submission whose allocator was Reset before the GPU ran it is marked commandMemoryReused (its frame is dropped)', () => {
    const { sys, alloc, list, queue, frame } = setup();
    frame(RED);
    // record and execute a green clear, then Reset the allocator while the GPU still has it queued (no fence wait)
    alloc.Reset();
    list.Reset({ Allocator: alloc, InitialState: null });
    list.ClearRenderTargetView({ RenderTargetView: { ptr: 0 }, ColorRGBA: GREEN });
    list.Close();
    queue.ExecuteCommandLists({ CommandLists: [list] });
    alloc.Reset();
    sys.idle();
    expect(sys.messages.map((m) => m.id)).toContain('COMMAND_ALLOCATOR_SYNC');
    const plan = planReplay(sys, sys.callIndex);
    expect(plan.submissions.map((s) => s.commandMemoryReused ?? false)).toEqual([false, true]);
  });
});
