// Lesson 07 — The pipeline state object: one immutable object for the four groups of pipeline state
// (shaders; input assembly; rasterizer/blend/depth fixed function; render-target formats). Then a first draw,
// with no vertex buffer: this vertex shader makes its three vertices from SV_VertexID.
import {
  type D3D12System,
  D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST,
  D3D_ROOT_SIGNATURE_VERSION_1_0,
  D3D12_CULL_MODE_BACK,
  D3D12_FILL_MODE_SOLID,
  D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE,
  D3D12_RESOURCE_STATE_PRESENT,
  D3D12_RESOURCE_STATE_RENDER_TARGET,
  DXGI_FORMAT_B8G8R8A8_UNORM,
} from '../../core';
import { ThrowIfFailed } from '../runner';
import type { LessonEnv } from '../types';
import { D3DCompile } from '../common/compile';
import { BackBufferFormat, Transition, createFrame, currentRtv, waitForGpu } from '../common/frame';
import { VERTEXID_HLSL, VERTEXID_WGSL } from '../common/shaders';

export function main(sys: D3D12System, env: LessonEnv, out: Record<string, unknown>) {
  const bug = (id: string) => env.bugs.has(id);
  const frame = createFrame(sys, env); // lessons 2–4 (src/lessons/common/frame.ts)
  const { device, list, allocator, queue, swapChain } = frame;

  const blob = ThrowIfFailed(
    sys.D3D12SerializeVersionedRootSignature({
      RootSignature: {
        Version: D3D_ROOT_SIGNATURE_VERSION_1_0,
        Desc_1_0: { NumParameters: 0, Parameters: [], Flags: 0 },
      },
    }),
  );
  const rootSignature = ThrowIfFailed(device.CreateRootSignature({ nodeMask: 0, BlobWithRootSignature: blob }));
  const VS = ThrowIfFailed(
    D3DCompile({ SrcData: VERTEXID_HLSL, Entrypoint: 'VSMain', Target: 'vs_5_0', Wgsl: VERTEXID_WGSL }),
  );
  const PS = ThrowIfFailed(
    D3DCompile({ SrcData: VERTEXID_HLSL, Entrypoint: 'PSMain', Target: 'ps_5_0', Wgsl: VERTEXID_WGSL }),
  );

  const pso = ThrowIfFailed(
    device.CreateGraphicsPipelineState({
      Desc: {
        // 1. the root signature and the shaders
        RootSignature: rootSignature,
        VS,
        PS,
        // 2. input assembly: no input layout (SV_VertexID only), triangles
        InputLayout: { NumElements: 0, InputElementDescs: [] },
        PrimitiveTopologyType: D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE,
        // 3. fixed function: rasterizer, blend, depth-stencil, sample mask
        RasterizerState: {
          FillMode: D3D12_FILL_MODE_SOLID,
          CullMode: D3D12_CULL_MODE_BACK,
          FrontCounterClockwise: false,
          DepthClipEnable: true,
        },
        BlendState: { RenderTarget: [{ BlendEnable: false, RenderTargetWriteMask: 0xf }] },
        DepthStencilState: { DepthEnable: false, StencilEnable: false },
        SampleMask: 0xffffffff,
        // 4. output: render-target formats (BUG rtv-format-mismatch: BGRA copied from a sample; the swap chain is RGBA)
        NumRenderTargets: 1,
        RTVFormats: [bug('rtv-format-mismatch') ? DXGI_FORMAT_B8G8R8A8_UNORM : BackBufferFormat],
        SampleDesc: { Count: 1, Quality: 0 },
      },
    }),
  );
  out.pso = pso.id;
  out.psoFormat = pso.rtvFormats[0];
  out.rtFormat = swapChain.GetDesc1().out.Format;

  // Record the frame: clear, then draw three vertices with the PSO
  ThrowIfFailed({ hr: allocator.Reset() });
  ThrowIfFailed({ hr: list.Reset({ Allocator: allocator, InitialState: pso }) });
  const backBuffer = frame.renderTargets[frame.frameIndex];
  const rtv = currentRtv(frame);
  list.ResourceBarrier({
    NumBarriers: 1,
    Barriers: [Transition(backBuffer, D3D12_RESOURCE_STATE_PRESENT, D3D12_RESOURCE_STATE_RENDER_TARGET)],
  });
  list.OMSetRenderTargets({
    NumRenderTargetDescriptors: 1,
    RenderTargetDescriptors: [rtv],
    RTsSingleHandleToDescriptorRange: false,
    DepthStencilDescriptor: null,
  });
  list.ClearRenderTargetView({ RenderTargetView: rtv, ColorRGBA: [1.0, 0.0, 1.0, 1.0], NumRects: 0, Rects: null });
  list.SetGraphicsRootSignature({ RootSignature: rootSignature });
  list.RSSetViewports({
    NumViewports: 1,
    Viewports: [{ TopLeftX: 0, TopLeftY: 0, Width: frame.width, Height: frame.height, MinDepth: 0, MaxDepth: 1 }],
  });
  list.RSSetScissorRects({ NumRects: 1, Rects: [{ left: 0, top: 0, right: frame.width, bottom: frame.height }] });
  list.IASetPrimitiveTopology({ PrimitiveTopology: D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST });
  list.DrawInstanced({ VertexCountPerInstance: 3, InstanceCount: 1, StartVertexLocation: 0, StartInstanceLocation: 0 });
  list.ResourceBarrier({
    NumBarriers: 1,
    Barriers: [Transition(backBuffer, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PRESENT)],
  });
  ThrowIfFailed({ hr: list.Close() });

  queue.ExecuteCommandLists({ NumCommandLists: 1, CommandLists: [list] });
  ThrowIfFailed({ hr: swapChain.Present({ SyncInterval: 1, Flags: 0 }) });
  waitForGpu(frame);
}
