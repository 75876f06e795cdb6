// The queries-and-bundles trace program (queriesTrace): see ../traces.ts. Two frames on one direct queue. Frame 1:
// a timestamp, the parent list's state (render target, viewport, scissor, root signature), an occlusion query around
// ExecuteBundle (a bundle that sets only what it cannot inherit, PSO and topology, and draws), a pipeline-statistics
// query around a draw of the parent's own, a second timestamp, and ResolveQueryData of all three into a READBACK
// buffer read after the fence, with the ticks converted by GetTimestampFrequency. Frame 2: the same bundle again
// between two timestamps that are never resolved. Occlusion slot 1 is never used (never performed).
import {
  D3D12System,
  D3D12_COMMAND_LIST_TYPE_BUNDLE,
  D3D12_COMMAND_LIST_TYPE_DIRECT,
  D3D12_DESCRIPTOR_HEAP_TYPE_RTV,
  D3D12_HEAP_TYPE_DEFAULT,
  D3D12_HEAP_TYPE_READBACK,
  D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE,
  D3D12_QUERY_HEAP_TYPE_OCCLUSION,
  D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS,
  D3D12_QUERY_HEAP_TYPE_TIMESTAMP,
  D3D12_QUERY_TYPE_OCCLUSION,
  D3D12_QUERY_TYPE_PIPELINE_STATISTICS,
  D3D12_QUERY_TYPE_TIMESTAMP,
  D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET,
  D3D12_RESOURCE_STATE_COPY_DEST,
  D3D12_RESOURCE_STATE_RENDER_TARGET,
  D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST,
  D3D_ROOT_SIGNATURE_VERSION_1_1,
  DXGI_FORMAT_R8G8B8A8_UNORM,
  type ID3D12GraphicsCommandList,
  type Trace,
} from '../../../core';
import { ok, bufferDesc, textureDesc, named, basics, signalAndWait } from './program';

export interface QueriesTraceIds {
  queue: number;
  list: number;
  bundle: number;
  timestamps: number;
  occlusion: number;
  statistics: number;
  readback: number;
  /** GetTimestampFrequency (ticks per second) */
  hz: number;
  /** the three resolved timestamps' and occlusion's UINT64s as Map of the READBACK buffer read them */
  resolved: { timestamps: bigint[]; occlusion: bigint; vsInvocations: bigint };
}

const SIZE = 64;

export function queriesTrace(): { trace: Trace; ids: QueriesTraceIds; sys: D3D12System } {
  const sys = new D3D12System();
  const { device, queue, allocator, fence, event } = basics(sys);
  const list = named(
    ok(device.CreateCommandList({ type: D3D12_COMMAND_LIST_TYPE_DIRECT, CommandAllocator: allocator })),
    'main list',
  );
  const target = named(
    ok(
      device.CreateCommittedResource({
        HeapProperties: { Type: D3D12_HEAP_TYPE_DEFAULT },
        Desc: textureDesc(SIZE, SIZE, 1, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET),
        InitialResourceState: D3D12_RESOURCE_STATE_RENDER_TARGET,
        OptimizedClearValue: { Format: DXGI_FORMAT_R8G8B8A8_UNORM, Color: [0, 0, 0, 1] },
      }),
    ),
    'scene target',
  );
  const rtvHeap = ok(device.CreateDescriptorHeap({ Type: D3D12_DESCRIPTOR_HEAP_TYPE_RTV, NumDescriptors: 1 }));
  const rtv = rtvHeap.GetCPUDescriptorHandleForHeapStart();
  device.CreateRenderTargetView({ Resource: target, DestDescriptor: rtv });
  const blob = ok(
    sys.D3D12SerializeVersionedRootSignature({
      RootSignature: { Version: D3D_ROOT_SIGNATURE_VERSION_1_1, Desc_1_1: { NumParameters: 0, Parameters: [] } },
    }),
  );
  const rootSignature = ok(device.CreateRootSignature({ BlobWithRootSignature: blob }));
  const pso = ok(
    device.CreateGraphicsPipelineState({
      Desc: {
        RootSignature: rootSignature,
        VS: { BytecodeLength: 64, Reflection: { Inputs: [{ SemanticName: 'SV_VertexID' }], Resources: [] } },
        PS: { BytecodeLength: 64, Reflection: { Inputs: [], Resources: [] } },
        PrimitiveTopologyType: D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE,
        NumRenderTargets: 1,
        RTVFormats: [DXGI_FORMAT_R8G8B8A8_UNORM],
        SampleDesc: { Count: 1, Quality: 0 },
      },
    }),
  );
  const timestamps = named(ok(device.CreateQueryHeap({ Type: D3D12_QUERY_HEAP_TYPE_TIMESTAMP, Count: 4 })), 'timer');
  const occlusion = named(
    ok(device.CreateQueryHeap({ Type: D3D12_QUERY_HEAP_TYPE_OCCLUSION, Count: 2 })),
    'visibility',
  );
  const statistics = named(
    ok(device.CreateQueryHeap({ Type: D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS, Count: 1 })),
    'pipeline stats',
  );
  const readback = named(
    ok(
      device.CreateCommittedResource({
        HeapProperties: { Type: D3D12_HEAP_TYPE_READBACK },
        Desc: bufferDesc(256),
        InitialResourceState: D3D12_RESOURCE_STATE_COPY_DEST,
      }),
    ),
    'query readback',
  );
  // the bundle sets only what it cannot inherit (the pipeline state and the topology) and draws
  const bundleAllocator = ok(device.CreateCommandAllocator({ type: D3D12_COMMAND_LIST_TYPE_BUNDLE }));
  const bundle = named(
    ok(device.CreateCommandList({ type: D3D12_COMMAND_LIST_TYPE_BUNDLE, CommandAllocator: bundleAllocator })),
    'draw bundle',
  );
  bundle.SetPipelineState({ PipelineState: pso });
  bundle.IASetPrimitiveTopology({ PrimitiveTopology: D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST });
  bundle.DrawInstanced({
    VertexCountPerInstance: 3,
    InstanceCount: 1,
    StartVertexLocation: 0,
    StartInstanceLocation: 0,
  });
  bundle.Close();
  const hz = ok(queue.GetTimestampFrequency());
  const stamp = (l: ID3D12GraphicsCommandList, Index: number) =>
    l.EndQuery({ QueryHeap: timestamps, Type: D3D12_QUERY_TYPE_TIMESTAMP, Index });
  // frame 1
  stamp(list, 0);
  list.OMSetRenderTargets({ NumRenderTargetDescriptors: 1, RenderTargetDescriptors: [rtv] });
  list.RSSetViewports({
    NumViewports: 1,
    Viewports: [{ TopLeftX: 0, TopLeftY: 0, Width: SIZE, Height: SIZE, MinDepth: 0, MaxDepth: 1 }],
  });
  list.RSSetScissorRects({ NumRects: 1, Rects: [{ left: 0, top: 0, right: SIZE, bottom: SIZE }] });
  list.SetGraphicsRootSignature({ RootSignature: rootSignature });
  list.BeginQuery({ QueryHeap: occlusion, Type: D3D12_QUERY_TYPE_OCCLUSION, Index: 0 });
  list.ExecuteBundle({ CommandList: bundle });
  list.EndQuery({ QueryHeap: occlusion, Type: D3D12_QUERY_TYPE_OCCLUSION, Index: 0 });
  // the PSO and topology the bundle set stay set on the parent
  list.BeginQuery({ QueryHeap: statistics, Type: D3D12_QUERY_TYPE_PIPELINE_STATISTICS, Index: 0 });
  list.DrawInstanced({ VertexCountPerInstance: 6, InstanceCount: 2, StartVertexLocation: 0, StartInstanceLocation: 0 });
  list.EndQuery({ QueryHeap: statistics, Type: D3D12_QUERY_TYPE_PIPELINE_STATISTICS, Index: 0 });
  stamp(list, 1);
  list.ResolveQueryData({
    QueryHeap: timestamps,
    Type: D3D12_QUERY_TYPE_TIMESTAMP,
    StartIndex: 0,
    NumQueries: 2,
    DestinationBuffer: readback,
    AlignedDestinationBufferOffset: 0,
  });
  list.ResolveQueryData({
    QueryHeap: occlusion,
    Type: D3D12_QUERY_TYPE_OCCLUSION,
    StartIndex: 0,
    NumQueries: 1,
    DestinationBuffer: readback,
    AlignedDestinationBufferOffset: 16,
  });
  list.ResolveQueryData({
    QueryHeap: statistics,
    Type: D3D12_QUERY_TYPE_PIPELINE_STATISTICS,
    StartIndex: 0,
    NumQueries: 1,
    DestinationBuffer: readback,
    AlignedDestinationBufferOffset: 24,
  });
  list.Close();
  queue.ExecuteCommandLists({ CommandLists: [list] });
  signalAndWait(sys, queue, fence, event, 1);
  const bytes = ok(readback.Map({ Subresource: 0, ReadRange: { Begin: 0, End: 112 } }));
  const view = new DataView(bytes.buffer, bytes.byteOffset, 112);
  const resolved = {
    timestamps: [view.getBigUint64(0, true), view.getBigUint64(8, true)],
    occlusion: view.getBigUint64(16, true),
    vsInvocations: view.getBigUint64(24 + 2 * 8, true),
  };
  readback.Unmap({ Subresource: 0, WrittenRange: { Begin: 0, End: 0 } });
  // frame 2: the bundle again, timed, never resolved
  allocator.Reset();
  list.Reset({ Allocator: allocator });
  stamp(list, 2);
  list.OMSetRenderTargets({ NumRenderTargetDescriptors: 1, RenderTargetDescriptors: [rtv] });
  list.RSSetViewports({
    NumViewports: 1,
    Viewports: [{ TopLeftX: 0, TopLeftY: 0, Width: SIZE, Height: SIZE, MinDepth: 0, MaxDepth: 1 }],
  });
  list.RSSetScissorRects({ NumRects: 1, Rects: [{ left: 0, top: 0, right: SIZE, bottom: SIZE }] });
  list.SetGraphicsRootSignature({ RootSignature: rootSignature });
  list.ExecuteBundle({ CommandList: bundle });
  stamp(list, 3);
  list.Close();
  queue.ExecuteCommandLists({ CommandLists: [list] });
  signalAndWait(sys, queue, fence, event, 2);
  return {
    trace: sys.trace,
    sys,
    ids: {
      queue: queue.id,
      list: list.id,
      bundle: bundle.id,
      timestamps: timestamps.id,
      occlusion: occlusion.id,
      statistics: statistics.id,
      readback: readback.id,
      hz: Number(hz),
      resolved,
    },
  };
}
