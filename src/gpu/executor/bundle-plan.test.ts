// [BUNDLE-EXEC-2] The executor draws a bundle's draws where the direct list executes it: ExecuteBundle replays the
// bundle into the list's command stream with the state it inherits (render target, viewport, scissor, root
// signature), so the plan the executor replays (replay-draw.ts reads each DrawInstanced's own state) holds them inline.
import { describe, expect, it } from 'vitest';
import * as D from '../../core';
import { planReplay } from './plan';

function scene() {
  const sys = new D.D3D12System();
  const dev = sys.D3D12CreateDevice({ Adapter: null, MinimumFeatureLevel: D.D3D_FEATURE_LEVEL_11_0 }).out!;
  const queue = dev.CreateCommandQueue({ Type: D.D3D12_COMMAND_LIST_TYPE_DIRECT }).out!;
  const alloc = dev.CreateCommandAllocator({ type: D.D3D12_COMMAND_LIST_TYPE_DIRECT }).out!;
  const list = dev.CreateCommandList({ type: D.D3D12_COMMAND_LIST_TYPE_DIRECT, CommandAllocator: alloc }).out!;
  const rt = dev.CreateCommittedResource({
    HeapProperties: { Type: D.D3D12_HEAP_TYPE_DEFAULT },
    Desc: {
      Dimension: D.D3D12_RESOURCE_DIMENSION_TEXTURE2D,
      Width: 32,
      Height: 32,
      DepthOrArraySize: 1,
      MipLevels: 1,
      Format: D.DXGI_FORMAT_R8G8B8A8_UNORM,
      SampleDesc: { Count: 1, Quality: 0 },
      Flags: D.D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET,
    },
    InitialResourceState: D.D3D12_RESOURCE_STATE_RENDER_TARGET,
  }).out!;
  const rtvHeap = dev.CreateDescriptorHeap({ Type: D.D3D12_DESCRIPTOR_HEAP_TYPE_RTV, NumDescriptors: 1 }).out!;
  const rtv = rtvHeap.GetCPUDescriptorHandleForHeapStart();
  dev.CreateRenderTargetView({ Resource: rt, DestDescriptor: rtv });
  const rs = dev.CreateRootSignature({
    BlobWithRootSignature: sys.D3D12SerializeRootSignature({ RootSignature: {}, Version: 1 }).out!,
  }).out!;
  const pso = dev.CreateGraphicsPipelineState({
    Desc: {
      RootSignature: rs,
      VS: { BytecodeLength: 100, Reflection: { Inputs: [] } },
      PS: { BytecodeLength: 100 },
      PrimitiveTopologyType: D.D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE,
      NumRenderTargets: 1,
      RTVFormats: [D.DXGI_FORMAT_R8G8B8A8_UNORM],
      SampleDesc: { Count: 1 },
    },
  }).out!;
  const bundleAlloc = dev.CreateCommandAllocator({ type: D.D3D12_COMMAND_LIST_TYPE_BUNDLE }).out!;
  const bundle = dev.CreateCommandList({ type: D.D3D12_COMMAND_LIST_TYPE_BUNDLE, CommandAllocator: bundleAlloc }).out!;
  return { sys, queue, list, rt, rtv, rs, pso, bundle };
}

describe('[BUNDLE-EXEC-2] bundle draws in the replay plan', () => {
  it('each ExecuteBundle puts the bundle draw in the submitted commands, with the inherited target and scissor', () => {
    const s = scene();
    s.bundle.SetPipelineState({ PipelineState: s.pso });
    s.bundle.IASetPrimitiveTopology({ PrimitiveTopology: D.D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST });
    s.bundle.DrawInstanced({
      VertexCountPerInstance: 3,
      InstanceCount: 1,
      StartVertexLocation: 0,
      StartInstanceLocation: 0,
    });
    expect(s.bundle.Close()).toBe('S_OK');
    s.list.OMSetRenderTargets({ NumRenderTargetDescriptors: 1, RenderTargetDescriptors: [s.rtv] });
    s.list.RSSetViewports({
      NumViewports: 1,
      Viewports: [{ TopLeftX: 0, TopLeftY: 0, Width: 32, Height: 32, MinDepth: 0, MaxDepth: 1 }],
    });
    s.list.RSSetScissorRects({ NumRects: 1, Rects: [{ left: 0, top: 0, right: 16, bottom: 32 }] });
    s.list.SetGraphicsRootSignature({ RootSignature: s.rs });
    s.list.ExecuteBundle({ CommandList: s.bundle });
    s.list.ExecuteBundle({ CommandList: s.bundle });
    expect(s.list.Close()).toBe('S_OK');
    s.queue.ExecuteCommandLists({ CommandLists: [s.list] });
    s.sys.idle();
    const plan = planReplay(s.sys, s.sys.callIndex);
    expect(plan.submissions).toHaveLength(1);
    const drawn = (plan.submissions[0].commands ?? []).flat().filter((c) => c.op === 'DrawInstanced');
    expect(drawn).toHaveLength(2);
    for (const d of drawn) {
      expect(d.pso).toBe(s.pso);
      expect(d.rootSignature).toBe(s.rs);
      expect(d.rtvs[0].res).toBe(s.rt);
      expect(d.scissors[0]).toEqual({ left: 0, top: 0, right: 16, bottom: 32 });
      expect(d.topology).toBe(D.D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    }
  });
});
