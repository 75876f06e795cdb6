// Bundles ([BUNDLE-*] in SPEC.md §6.1). Expected results: the ExecuteBundle reference page (inheritance, runtime
// and debug-layer validation), "Creating and recording command lists and bundles" (Bundle restrictions), "Using a
// root signature" (bundle semantics), SetDescriptorHeaps (bundle heaps must match), vkd3d-proton's
// test_bundle_state_inheritance (native results: PSO and topology not inherited, everything else inherited, state
// set in a bundle stays set), and public debug-layer logs quoting #693 and #1004 (SPEC cites them).
import { describe, expect, it } from 'vitest';
import * as D from './index';
import { world } from './rules.world';

const BUNDLE = D.D3D12_COMMAND_LIST_TYPE_BUNDLE;

function bundleWorld(opts: { volatileTable?: boolean } = {}) {
  const w = world();
  const { dev, list } = w;
  const rt = w.tex(D.D3D12_RESOURCE_STATE_RENDER_TARGET, { Flags: D.D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET }).out!;
  const rtvHeap = dev.CreateDescriptorHeap({ Type: D.D3D12_DESCRIPTOR_HEAP_TYPE_RTV, NumDescriptors: 1 }).out!;
  const rtv = rtvHeap.GetCPUDescriptorHandleForHeapStart();
  dev.CreateRenderTargetView({ Resource: rt, DestDescriptor: rtv });
  const srvTex = w.tex(D.D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE).out!;
  const heap = dev.CreateDescriptorHeap({
    Type: D.D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
    NumDescriptors: 2,
    Flags: D.D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE,
  }).out!;
  const other = dev.CreateDescriptorHeap({
    Type: D.D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
    NumDescriptors: 2,
    Flags: D.D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE,
  }).out!;
  dev.CreateShaderResourceView({ Resource: srvTex, DestDescriptor: heap.GetCPUDescriptorHandleForHeapStart() });
  dev.CreateShaderResourceView({ Resource: srvTex, DestDescriptor: other.GetCPUDescriptorHandleForHeapStart() });
  const range = {
    RangeType: D.D3D12_DESCRIPTOR_RANGE_TYPE_SRV,
    NumDescriptors: 1,
    BaseShaderRegister: 0,
    Flags: opts.volatileTable
      ? D.D3D12_DESCRIPTOR_RANGE_FLAG_DESCRIPTORS_VOLATILE | D.D3D12_DESCRIPTOR_RANGE_FLAG_DATA_VOLATILE
      : D.D3D12_DESCRIPTOR_RANGE_FLAG_NONE,
  };
  const rs = dev.CreateRootSignature({
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
  const pso = dev.CreateGraphicsPipelineState({
    Desc: {
      RootSignature: rs,
      VS: { BytecodeLength: 100, Reflection: { Inputs: [] } },
      PS: { BytecodeLength: 100, Reflection: { Resources: [{ Type: 'SRV', Register: 0 }] } },
      PrimitiveTopologyType: D.D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE,
      NumRenderTargets: 1,
      RTVFormats: [D.DXGI_FORMAT_R8G8B8A8_UNORM],
      SampleDesc: { Count: 1 },
    },
  }).out!;
  const bundleAlloc = dev.CreateCommandAllocator({ type: BUNDLE }).out!;
  const bundle = dev.CreateCommandList({ type: BUNDLE, CommandAllocator: bundleAlloc }).out!;
  const table = (l: D.ID3D12GraphicsCommandList, h = heap) =>
    l.SetGraphicsRootDescriptorTable({ RootParameterIndex: 0, BaseDescriptor: h.GetGPUDescriptorHandleForHeapStart() });
  /** The parent's state a bundle inherits: render target, viewport, scissor, root signature, heaps, table. */
  const parentState = (withTable = true) => {
    list.OMSetRenderTargets({ NumRenderTargetDescriptors: 1, RenderTargetDescriptors: [rtv] });
    list.RSSetViewports({
      NumViewports: 1,
      Viewports: [{ TopLeftX: 0, TopLeftY: 0, Width: 64, Height: 64, MinDepth: 0, MaxDepth: 1 }],
    });
    list.RSSetScissorRects({ NumRects: 1, Rects: [{ left: 0, top: 0, right: 64, bottom: 64 }] });
    list.SetGraphicsRootSignature({ RootSignature: rs });
    list.SetDescriptorHeaps({ NumDescriptorHeaps: 1, DescriptorHeaps: [heap] });
    if (withTable) table(list);
  };
  const draw = (l: D.ID3D12GraphicsCommandList) =>
    l.DrawInstanced({ VertexCountPerInstance: 3, InstanceCount: 1, StartVertexLocation: 0, StartInstanceLocation: 0 });
  /** A bundle that sets what it cannot inherit (PSO, topology) and draws. */
  const drawingBundle = () => {
    bundle.SetPipelineState({ PipelineState: pso });
    bundle.IASetPrimitiveTopology({ PrimitiveTopology: D.D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST });
    draw(bundle);
  };
  const run = () => {
    const hr = list.Close();
    w.queue.ExecuteCommandLists({ CommandLists: [list] });
    w.sys.idle();
    return hr;
  };
  return { w, rt, rtv, heap, other, rs, pso, bundle, bundleAlloc, table, parentState, draw, drawingBundle, run };
}

const draws = (l: D.ID3D12GraphicsCommandList) => l.recordedCommands().filter((c) => c.op === 'DrawInstanced');

describe('[BUNDLE-INHERIT-1] ExecuteBundle inherits all state but the PSO and topology', () => {
  it('[BUNDLE-EXEC-2] a bundle setting its PSO and topology, drawing with the inherited targets and volatile table: no message, the draw replayed inline', () => {
    const b = bundleWorld({ volatileTable: true });
    b.drawingBundle();
    expect(b.bundle.Close()).toBe('S_OK');
    b.parentState();
    b.w.list.ExecuteBundle({ CommandList: b.bundle });
    expect(b.run()).toBe('S_OK');
    expect(b.w.ids()).toEqual([]);
    // replayed inline with the merged state: what the executor draws
    const [d] = draws(b.w.list);
    expect(d.pso).toBe(b.pso);
    expect(d.rootSignature).toBe(b.rs);
    expect(d.rtvs[0].res).toBe(b.rt);
    expect(d.scissors).toEqual([{ left: 0, top: 0, right: 64, bottom: 64 }]);
  });

  it('the D3D12Bundles pattern (heaps, root signature and static table set inside the bundle): no message', () => {
    const b = bundleWorld();
    b.bundle.SetDescriptorHeaps({ NumDescriptorHeaps: 1, DescriptorHeaps: [b.heap] });
    b.bundle.SetGraphicsRootSignature({ RootSignature: b.rs });
    b.table(b.bundle);
    b.drawingBundle();
    expect(b.bundle.Close()).toBe('S_OK');
    b.parentState(false);
    b.w.list.ExecuteBundle({ CommandList: b.bundle });
    b.w.list.ExecuteBundle({ CommandList: b.bundle }); // a bundle may run any number of times
    expect(b.run()).toBe('S_OK');
    expect(b.w.ids()).toEqual([]);
    expect(draws(b.w.list)).toHaveLength(2);
  });

  it('state set in a bundle stays set on the parent: the parent draws after it with the bundle PSO and topology', () => {
    const b = bundleWorld({ volatileTable: true });
    b.bundle.SetPipelineState({ PipelineState: b.pso });
    b.bundle.IASetPrimitiveTopology({ PrimitiveTopology: D.D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST });
    b.bundle.Close();
    b.parentState();
    b.w.list.ExecuteBundle({ CommandList: b.bundle });
    b.draw(b.w.list);
    b.run();
    expect(b.w.ids()).toEqual([]);
    expect(draws(b.w.list)[0].pso).toBe(b.pso);
    expect(draws(b.w.list)[0].topology).toBe(D.D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  });

  it('a bundle relying on a root signature the parent never set: COMMAND_LIST_DRAW_ROOT_SIGNATURE_NOT_SET at ExecuteBundle', () => {
    const b = bundleWorld({ volatileTable: true });
    b.drawingBundle();
    b.bundle.Close();
    expect(b.w.ids()).toEqual([]); // nothing at the bundle's own draw: it may inherit the root signature
    b.w.list.RSSetScissorRects({ NumRects: 1, Rects: [{ left: 0, top: 0, right: 64, bottom: 64 }] });
    b.w.list.ExecuteBundle({ CommandList: b.bundle });
    const at = b.w.sys.callIndex;
    expect(b.w.sys.messages.map((m) => [m.id, m.callIndex])).toEqual([
      ['COMMAND_LIST_DRAW_ROOT_SIGNATURE_NOT_SET', at],
    ]);
  });

  it('the bundle draw uses the parent render target: a target left in PRESENT is #538 at ExecuteCommandLists', () => {
    const b = bundleWorld({ volatileTable: true });
    b.w.barrier(b.rt, D.D3D12_RESOURCE_STATE_RENDER_TARGET, D.D3D12_RESOURCE_STATE_PRESENT);
    b.drawingBundle();
    b.bundle.Close();
    b.parentState();
    b.w.list.ExecuteBundle({ CommandList: b.bundle });
    // PRESENT is COMMON, from which a use may promote: left to ExecuteCommandLists ([ST-REC-2])
    expect(b.w.ids()).toEqual([]);
    b.run();
    expect(b.w.ids()).toEqual(['INVALID_SUBRESOURCE_STATE']);
    expect(b.w.sys.messages[0].args).toMatchObject({
      op: 'DrawInstanced',
      expected: D.D3D12_RESOURCE_STATE_RENDER_TARGET,
    });
  });

  it('a target the parent moved to COPY_SOURCE itself: #538 on ExecuteBundle (the state is known while recording)', () => {
    const b = bundleWorld({ volatileTable: true });
    b.w.barrier(b.rt, D.D3D12_RESOURCE_STATE_RENDER_TARGET, D.D3D12_RESOURCE_STATE_COPY_SOURCE);
    b.drawingBundle();
    b.bundle.Close();
    b.parentState();
    b.w.list.ExecuteBundle({ CommandList: b.bundle });
    const at = b.w.sys.callIndex;
    expect(b.w.sys.messages.map((m) => [m.id, m.callIndex])).toEqual([['INVALID_SUBRESOURCE_STATE', at]]);
    b.run();
    expect(b.w.ids()).toEqual(['INVALID_SUBRESOURCE_STATE']);
  });
});

describe('[BUNDLE-DRAW-1] what a bundle cannot inherit is checked at its own draw', () => {
  it('no pipeline state: COMMAND_LIST_PIPELINE_STATE_NOT_SET; no topology: PRIMITIVE_TOPOLOGY_MISMATCH_PIPELINE_STATE', () => {
    const b = bundleWorld({ volatileTable: true });
    b.draw(b.bundle);
    b.bundle.SetPipelineState({ PipelineState: b.pso });
    b.draw(b.bundle);
    expect(b.w.ids()).toEqual(['COMMAND_LIST_PIPELINE_STATE_NOT_SET', 'PRIMITIVE_TOPOLOGY_MISMATCH_PIPELINE_STATE']);
    expect(b.bundle.Close()).toBe('S_OK');
  });
  it('the initial pipeline state given at CreateCommandList counts as set', () => {
    const b = bundleWorld({ volatileTable: true });
    const alloc = b.w.dev.CreateCommandAllocator({ type: BUNDLE }).out!;
    const bundle = b.w.dev.CreateCommandList({ type: BUNDLE, CommandAllocator: alloc, InitialState: b.pso }).out!;
    bundle.IASetPrimitiveTopology({ PrimitiveTopology: D.D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST });
    b.draw(bundle);
    bundle.Close();
    b.parentState();
    b.w.list.ExecuteBundle({ CommandList: bundle });
    b.run();
    expect(b.w.ids()).toEqual([]);
    expect(draws(b.w.list)[0].pso).toBe(b.pso);
  });
});

describe('[BUNDLE-API-1] methods a bundle may not record', () => {
  it('ResourceBarrier, OMSetRenderTargets, RSSetViewports, Clear, copies, ExecuteBundle: INVALID_BUNDLE_API, dropped, Close fails', () => {
    const b = bundleWorld();
    const up = b.w.upload();
    const buf = b.w.buffer(D.D3D12_HEAP_TYPE_DEFAULT, D.D3D12_RESOURCE_STATE_COMMON).out!;
    b.bundle.ResourceBarrier({
      NumBarriers: 1,
      Barriers: [
        {
          Type: D.D3D12_RESOURCE_BARRIER_TYPE_TRANSITION,
          Transition: {
            Resource: b.rt,
            Subresource: D.D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES,
            StateBefore: D.D3D12_RESOURCE_STATE_RENDER_TARGET,
            StateAfter: D.D3D12_RESOURCE_STATE_PRESENT,
          },
        },
      ],
    });
    b.bundle.OMSetRenderTargets({ NumRenderTargetDescriptors: 1, RenderTargetDescriptors: [b.rtv] });
    b.bundle.RSSetViewports({
      NumViewports: 1,
      Viewports: [{ TopLeftX: 0, TopLeftY: 0, Width: 64, Height: 64, MinDepth: 0, MaxDepth: 1 }],
    });
    b.bundle.RSSetScissorRects({ NumRects: 1, Rects: [{ left: 0, top: 0, right: 64, bottom: 64 }] });
    b.bundle.ClearRenderTargetView({ RenderTargetView: b.rtv, ColorRGBA: [0, 0, 0, 1] });
    b.bundle.CopyBufferRegion({ DstBuffer: buf, DstOffset: 0, SrcBuffer: up, SrcOffset: 0, NumBytes: 4 });
    b.bundle.ExecuteBundle({ CommandList: b.bundle });
    expect(b.w.ids()).toEqual(Array(7).fill('INVALID_BUNDLE_API'));
    expect(b.bundle.recordedCommands()).toEqual([]);
    expect(b.bundle.Close()).toBe('E_INVALIDARG');
  });
  it('[BUNDLE-ECL-1] a bundle submitted to a queue: EXECUTECOMMANDLISTS_BUNDLENOTSUPPORTED, the call dropped', () => {
    const b = bundleWorld();
    b.bundle.Close();
    b.w.queue.ExecuteCommandLists({ CommandLists: [b.bundle] });
    expect(b.w.ids()).toEqual(['EXECUTECOMMANDLISTS_BUNDLENOTSUPPORTED']);
  });
});

describe('[BUNDLE-EXEC-1] ExecuteBundle runtime checks', () => {
  it('an open bundle: EXECUTE_BUNDLE_OPEN_BUNDLE, dropped, the parent Close E_INVALIDARG', () => {
    const b = bundleWorld({ volatileTable: true });
    b.drawingBundle();
    b.parentState();
    b.w.list.ExecuteBundle({ CommandList: b.bundle });
    expect(b.w.ids()).toEqual(['EXECUTE_BUNDLE_OPEN_BUNDLE']);
    expect(draws(b.w.list)).toEqual([]);
    expect(b.w.list.Close()).toBe('E_INVALIDARG');
  });
  it('a direct list as the callee, or a bundle executed from a COMPUTE list: EXECUTE_BUNDLE_TYPE, dropped, Close E_INVALIDARG', () => {
    const b = bundleWorld();
    const alloc2 = b.w.dev.CreateCommandAllocator({ type: D.D3D12_COMMAND_LIST_TYPE_DIRECT }).out!;
    const direct = b.w.dev.CreateCommandList({ type: D.D3D12_COMMAND_LIST_TYPE_DIRECT, CommandAllocator: alloc2 }).out!;
    direct.Close();
    b.w.list.ExecuteBundle({ CommandList: direct });
    b.bundle.Close();
    const ca = b.w.dev.CreateCommandAllocator({ type: D.D3D12_COMMAND_LIST_TYPE_COMPUTE }).out!;
    const compute = b.w.dev.CreateCommandList({ type: D.D3D12_COMMAND_LIST_TYPE_COMPUTE, CommandAllocator: ca }).out!;
    compute.ExecuteBundle({ CommandList: b.bundle });
    expect(b.w.ids()).toEqual(['EXECUTE_BUNDLE_TYPE', 'EXECUTE_BUNDLE_TYPE']);
    expect(b.w.list.Close()).toBe('E_INVALIDARG');
    expect(compute.Close()).toBe('E_INVALIDARG');
  });
  it('the bundle allocator reset after Close: COMMAND_ALLOCATOR_RESET_BUNDLE at ExecuteBundle, and at ECL when reset after it', () => {
    const b = bundleWorld({ volatileTable: true });
    b.drawingBundle();
    b.bundle.Close();
    b.parentState();
    b.w.list.ExecuteBundle({ CommandList: b.bundle });
    expect(b.bundleAlloc.Reset()).toBe('S_OK');
    b.run();
    expect(b.w.ids()).toEqual(['COMMAND_ALLOCATOR_RESET_BUNDLE']);
    b.w.list.Reset({ Allocator: b.w.alloc });
    b.w.list.ExecuteBundle({ CommandList: b.bundle });
    expect(b.w.ids()).toEqual(['COMMAND_ALLOCATOR_RESET_BUNDLE', 'COMMAND_ALLOCATOR_RESET_BUNDLE']);
  });
  it('[BUNDLE-CREATE-1] a bundle and its allocator of different types: WRONG_COMMAND_ALLOCATOR_TYPE, E_INVALIDARG', () => {
    const w = world();
    expect(w.dev.CreateCommandList({ type: BUNDLE, CommandAllocator: w.alloc }).hr).toBe('E_INVALIDARG');
    expect(w.ids()).toEqual(['WRONG_COMMAND_ALLOCATOR_TYPE']);
  });
});

describe('[BUNDLE-HEAPS-1] / [BUNDLE-STATIC-1] descriptor heaps and static tables', () => {
  it('bundle heaps other than the caller heaps: EXECUTE_BUNDLE_DESCRIPTOR_HEAP_MISMATCH at ExecuteBundle', () => {
    const b = bundleWorld();
    b.bundle.SetDescriptorHeaps({ NumDescriptorHeaps: 1, DescriptorHeaps: [b.other] });
    b.bundle.SetGraphicsRootSignature({ RootSignature: b.rs });
    b.table(b.bundle, b.other);
    b.drawingBundle();
    b.bundle.Close();
    b.parentState(false);
    b.w.list.ExecuteBundle({ CommandList: b.bundle });
    expect(b.w.ids()).toEqual(['EXECUTE_BUNDLE_DESCRIPTOR_HEAP_MISMATCH']);
  });
  it('a static table inherited into the bundle (root signature 1.1 default): #1004 at ExecuteBundle', () => {
    const b = bundleWorld();
    b.bundle.SetGraphicsRootSignature({ RootSignature: b.rs });
    b.drawingBundle();
    b.bundle.Close();
    b.parentState();
    b.w.list.ExecuteBundle({ CommandList: b.bundle });
    expect(b.w.ids()).toEqual(['EXECUTE_BUNDLE_STATIC_DESCRIPTOR_DATA_STATIC_NOT_SET']);
  });
  it('a table set in a bundle without the bundle setting heaps and root signature: SET_DESCRIPTOR_TABLE_INVALID', () => {
    const b = bundleWorld();
    b.table(b.bundle);
    expect(b.w.ids()).toEqual(['SET_DESCRIPTOR_TABLE_INVALID']);
  });
});
