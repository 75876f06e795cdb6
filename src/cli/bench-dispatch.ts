// `model.dispatch10k.ms` (issue 9): 10,000 compute dispatches, each followed by a UAV barrier on the buffer it
// writes, recorded on a COMPUTE list with the debug layer on, closed, executed (state validation) and waited for.
import {
  D3D12System,
  D3D12_COMMAND_LIST_TYPE_COMPUTE,
  D3D12_HEAP_TYPE_DEFAULT,
  D3D12_RESOURCE_BARRIER_TYPE_UAV,
  D3D12_RESOURCE_DIMENSION_BUFFER,
  D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS,
  D3D12_RESOURCE_STATE_COMMON,
  D3D12_ROOT_PARAMETER_TYPE_UAV,
  D3D12_TEXTURE_LAYOUT_ROW_MAJOR,
  D3D_FEATURE_LEVEL_11_0,
  D3D_ROOT_SIGNATURE_VERSION_1_1,
} from '../core/index';

export function benchDispatch(print: (line: string) => void): void {
  const sys = new D3D12System();
  sys.debugLayerEnabled = true;
  const dev = sys.D3D12CreateDevice({ MinimumFeatureLevel: D3D_FEATURE_LEVEL_11_0 }).out!;
  const queue = dev.CreateCommandQueue({ Type: D3D12_COMMAND_LIST_TYPE_COMPUTE }).out!;
  const alloc = dev.CreateCommandAllocator({ type: D3D12_COMMAND_LIST_TYPE_COMPUTE }).out!;
  const list = dev.CreateCommandList({ type: D3D12_COMMAND_LIST_TYPE_COMPUTE, CommandAllocator: alloc }).out!;
  list.Close();
  const rs = dev.CreateRootSignature({
    BlobWithRootSignature: sys.D3D12SerializeVersionedRootSignature({
      RootSignature: {
        Version: D3D_ROOT_SIGNATURE_VERSION_1_1,
        Desc_1_1: {
          NumParameters: 1,
          Parameters: [{ ParameterType: D3D12_ROOT_PARAMETER_TYPE_UAV, Descriptor: { ShaderRegister: 0 } }],
        },
      },
    }).out!,
  }).out!;
  const pso = dev.CreateComputePipelineState({
    Desc: { RootSignature: rs, CS: { BytecodeLength: 4, Reflection: { Resources: [{ Type: 'UAV', Register: 0 }] } } },
  }).out!;
  const buf = dev.CreateCommittedResource({
    HeapProperties: { Type: D3D12_HEAP_TYPE_DEFAULT },
    Desc: {
      Dimension: D3D12_RESOURCE_DIMENSION_BUFFER,
      Width: 1 << 20,
      Height: 1,
      DepthOrArraySize: 1,
      MipLevels: 1,
      SampleDesc: { Count: 1, Quality: 0 },
      Layout: D3D12_TEXTURE_LAYOUT_ROW_MAJOR,
      Flags: D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS,
    },
    InitialResourceState: D3D12_RESOURCE_STATE_COMMON,
  }).out!;
  const fence = dev.CreateFence({ InitialValue: 0 }).out!;
  const uav = { Barriers: [{ Type: D3D12_RESOURCE_BARRIER_TYPE_UAV, UAV: { Resource: buf } }] };
  const grid = { ThreadGroupCountX: 64, ThreadGroupCountY: 1, ThreadGroupCountZ: 1 };
  const view = { RootParameterIndex: 0, BufferLocation: buf.GetGPUVirtualAddress() };
  let best = Infinity;
  for (let rep = 0; rep < 10; rep++) {
    const t0 = performance.now();
    alloc.Reset();
    list.Reset({ Allocator: alloc, InitialState: pso });
    list.SetComputeRootSignature({ RootSignature: rs });
    list.SetComputeRootUnorderedAccessView(view);
    for (let k = 0; k < 10_000; k++) {
      list.Dispatch(grid);
      list.ResourceBarrier(uav);
    }
    list.Close();
    queue.ExecuteCommandLists({ CommandLists: [list] });
    queue.Signal({ Fence: fence, Value: rep + 1 });
    sys.idle();
    best = Math.min(best, performance.now() - t0);
  }
  print(`model.dispatch10k.ms: ${best.toFixed(2)} ms`);
  print(`model.dispatch10k.messages: ${sys.messages.length} messages`);
}
