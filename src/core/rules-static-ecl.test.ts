// [ST-ECL-STATIC-1] (SPEC.md §5) the ExecuteCommandLists form of #1002: a list transitions a subresource that another
// list, still executing, bound through a root signature 1.1 DATA_STATIC range. Expected result: the public log of
// microsoft/DirectX-Graphics-Samples#768 (D3D12nBodyGravity): "ID3D12CommandQueue::ExecuteCommandLists: Resource(...)
// was bound as DATA_STATIC on Command List ..., still in execution (ExecuteCommandLists) by Command Queue .... It is
// invalid to change it until the command list has finished executing for the last time, but there is a state
// transition to (0x40: ...) here ... [ EXECUTION ERROR #1002: DATA_STATIC_DESCRIPTOR_INVALID_DATA_CHANGE]".
import { describe, expect, it } from 'vitest';
import * as D from './index';
import { world } from './rules.world';

const PSR = D.D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE;
const COPY_SOURCE = D.D3D12_RESOURCE_STATE_COPY_SOURCE;

function staticWorld(flags: number) {
  const w = world();
  const t = w.tex(PSR).out!;
  const heap = w.dev.CreateDescriptorHeap({
    Type: D.D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
    NumDescriptors: 1,
    Flags: D.D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE,
  }).out!;
  w.dev.CreateShaderResourceView({ Resource: t, DestDescriptor: heap.GetCPUDescriptorHandleForHeapStart() });
  const range = {
    RangeType: D.D3D12_DESCRIPTOR_RANGE_TYPE_SRV,
    NumDescriptors: 1,
    BaseShaderRegister: 0,
    Flags: flags,
  };
  const rs = w.dev.CreateRootSignature({
    BlobWithRootSignature: w.sys.D3D12SerializeVersionedRootSignature({
      RootSignature: {
        Version: D.D3D_ROOT_SIGNATURE_VERSION_1_1,
        Desc_1_1: {
          NumParameters: 1,
          Parameters: [
            {
              ParameterType: D.D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE,
              DescriptorTable: { NumDescriptorRanges: 1, DescriptorRanges: [range] },
              ShaderVisibility: D.D3D12_SHADER_VISIBILITY_PIXEL,
            },
          ],
        },
      },
    }).out!,
  }).out!;
  // list 1 (the world's) binds the texture's SRV through the table and is submitted
  w.list.SetGraphicsRootSignature({ RootSignature: rs });
  w.list.SetDescriptorHeaps({ NumDescriptorHeaps: 1, DescriptorHeaps: [heap] });
  w.list.SetGraphicsRootDescriptorTable({
    RootParameterIndex: 0,
    BaseDescriptor: heap.GetGPUDescriptorHandleForHeapStart(),
  });
  w.submit();
  // list 2 transitions the texture
  const alloc2 = w.dev.CreateCommandAllocator({ type: D.D3D12_COMMAND_LIST_TYPE_DIRECT }).out!;
  const list2 = w.dev.CreateCommandList({ type: D.D3D12_COMMAND_LIST_TYPE_DIRECT, CommandAllocator: alloc2 }).out!;
  const transitionOn2 = () => {
    list2.ResourceBarrier({
      NumBarriers: 1,
      Barriers: [
        {
          Type: D.D3D12_RESOURCE_BARRIER_TYPE_TRANSITION,
          Transition: { Resource: t, Subresource: 0, StateBefore: PSR, StateAfter: COPY_SOURCE },
        },
      ],
    });
    list2.Close();
    w.queue.ExecuteCommandLists({ CommandLists: [list2] });
    return w.sys.callIndex;
  };
  return { w, t, transitionOn2 };
}

describe('[ST-ECL-STATIC-1] DATA_STATIC binding changed while the binding list is in flight', () => {
  it('a transition submitted while the DATA_STATIC-binding list still executes: #1002 at ExecuteCommandLists', () => {
    const s = staticWorld(D.D3D12_DESCRIPTOR_RANGE_FLAG_DATA_STATIC);
    const ecl = s.transitionOn2();
    expect(s.w.sys.messages.map((m) => [m.id, m.callIndex])).toEqual([
      ['DATA_STATIC_DESCRIPTOR_INVALID_DATA_CHANGE', ecl],
    ]);
    expect(s.w.sys.messages[0].args).toMatchObject({ list: s.w.list.id, resource: s.t.id, after: COPY_SOURCE });
  });

  it('the same transition after the binding list completed raises nothing', () => {
    const s = staticWorld(D.D3D12_DESCRIPTOR_RANGE_FLAG_DATA_STATIC);
    s.w.queue.Signal({ Fence: s.w.fence, Value: 1 });
    s.w.sys.idle();
    expect(s.w.fence.GetCompletedValue()).toBe(1n);
    s.transitionOn2();
    expect(s.w.ids()).toEqual([]);
  });

  it('the 1.1 default range (DATA_STATIC_WHILE_SET_AT_EXECUTE) and a volatile range raise nothing in flight', () => {
    for (const flags of [D.D3D12_DESCRIPTOR_RANGE_FLAG_NONE, D.D3D12_DESCRIPTOR_RANGE_FLAG_DATA_VOLATILE]) {
      const s = staticWorld(flags);
      s.transitionOn2();
      expect(s.w.ids()).toEqual([]);
    }
  });
});
