// Lesson 10 — The first triangle, all of it: root signature, shaders, input layout, PSO, vertex buffer,
// viewport and scissor, and the draw. Three vertices, three colours, interpolated across the triangle.
import {
  type D3D12System,
  D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST,
  D3D_ROOT_SIGNATURE_VERSION_1_0,
  D3D12_CULL_MODE_BACK,
  D3D12_FILL_MODE_SOLID,
  D3D12_HEAP_FLAG_NONE,
  D3D12_HEAP_TYPE_UPLOAD,
  D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA,
  D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE,
  D3D12_RESOURCE_DIMENSION_BUFFER,
  D3D12_RESOURCE_STATE_GENERIC_READ,
  D3D12_RESOURCE_STATE_PRESENT,
  D3D12_RESOURCE_STATE_RENDER_TARGET,
  D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT,
  D3D12_TEXTURE_LAYOUT_ROW_MAJOR,
  DXGI_FORMAT_R32G32B32A32_FLOAT,
  DXGI_FORMAT_R32G32B32_FLOAT,
  DXGI_FORMAT_UNKNOWN,
} from '../../core';
import { ThrowIfFailed } from '../runner';
import type { LessonEnv } from '../types';
import { D3DCompile } from '../common/compile';
import { BackBufferFormat, Transition, createFrame, currentRtv, waitForGpu } from '../common/frame';
import { TRIANGLE_HLSL, TRIANGLE_WGSL } from '../common/shaders';

// Clockwise on screen: top (red), bottom right (green), bottom left (blue)
const triangleVertices = new Float32Array([
  0.0, 0.5, 0.0, /**/ 1, 0, 0, 1, 0.5, -0.5, 0.0, /**/ 0, 1, 0, 1, -0.5, -0.5, 0.0, /**/ 0, 0, 1, 1,
]);
const sizeofVertex = 28;

export function main(sys: D3D12System, env: LessonEnv, out: Record<string, unknown>) {
  const bug = (id: string) => env.bugs.has(id);
  const frame = createFrame(sys, env); // lessons 2–4 (src/lessons/common/frame.ts)
  const { device, list, allocator, queue, swapChain } = frame;

  // Root signature: no parameters, input-assembler access
  const signature = ThrowIfFailed(
    sys.D3D12SerializeVersionedRootSignature({
      RootSignature: {
        Version: D3D_ROOT_SIGNATURE_VERSION_1_0,
        Desc_1_0: {
          NumParameters: 0,
          Parameters: [],
          NumStaticSamplers: 0,
          StaticSamplers: [],
          Flags: D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT,
        },
      },
    }),
  );
  const rootSignature = ThrowIfFailed(device.CreateRootSignature({ nodeMask: 0, BlobWithRootSignature: signature }));

  // Shaders and the input layout that feeds VSMain
  const vertexShader = ThrowIfFailed(
    D3DCompile({ SrcData: TRIANGLE_HLSL, Entrypoint: 'VSMain', Target: 'vs_5_0', Wgsl: TRIANGLE_WGSL }),
  );
  const pixelShader = ThrowIfFailed(
    D3DCompile({ SrcData: TRIANGLE_HLSL, Entrypoint: 'PSMain', Target: 'ps_5_0', Wgsl: TRIANGLE_WGSL }),
  );
  const inputElementDescs = [
    {
      SemanticName: 'POSITION',
      SemanticIndex: 0,
      Format: DXGI_FORMAT_R32G32B32_FLOAT,
      InputSlot: 0,
      AlignedByteOffset: 0,
      InputSlotClass: D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA,
      InstanceDataStepRate: 0,
    },
    {
      SemanticName: 'COLOR',
      SemanticIndex: 0,
      Format: DXGI_FORMAT_R32G32B32A32_FLOAT,
      InputSlot: 0,
      AlignedByteOffset: 12,
      InputSlotClass: D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA,
      InstanceDataStepRate: 0,
    },
  ];

  // The PSO. Back faces are culled; which side is the front is decided by the winding on screen:
  // FrontCounterClockwise = FALSE means clockwise triangles face the viewer (BUG cull-mode-flip: TRUE).
  const pipelineState = ThrowIfFailed(
    device.CreateGraphicsPipelineState({
      Desc: {
        RootSignature: rootSignature,
        VS: vertexShader,
        PS: pixelShader,
        InputLayout: { NumElements: inputElementDescs.length, InputElementDescs: inputElementDescs },
        RasterizerState: {
          FillMode: D3D12_FILL_MODE_SOLID,
          CullMode: D3D12_CULL_MODE_BACK,
          FrontCounterClockwise: bug('cull-mode-flip'),
          DepthClipEnable: true,
        },
        BlendState: { RenderTarget: [{ BlendEnable: false, RenderTargetWriteMask: 0xf }] },
        DepthStencilState: { DepthEnable: false, StencilEnable: false },
        SampleMask: 0xffffffff,
        PrimitiveTopologyType: D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE,
        NumRenderTargets: 1,
        RTVFormats: [BackBufferFormat],
        SampleDesc: { Count: 1, Quality: 0 },
      },
    }),
  );

  // The vertex buffer on an upload heap, and its view
  const vertexBuffer = ThrowIfFailed(
    device.CreateCommittedResource({
      HeapProperties: { Type: D3D12_HEAP_TYPE_UPLOAD },
      HeapFlags: D3D12_HEAP_FLAG_NONE,
      Desc: {
        Dimension: D3D12_RESOURCE_DIMENSION_BUFFER,
        Width: triangleVertices.byteLength,
        Height: 1,
        DepthOrArraySize: 1,
        MipLevels: 1,
        Format: DXGI_FORMAT_UNKNOWN,
        SampleDesc: { Count: 1, Quality: 0 },
        Layout: D3D12_TEXTURE_LAYOUT_ROW_MAJOR,
      },
      InitialResourceState: D3D12_RESOURCE_STATE_GENERIC_READ,
      OptimizedClearValue: null,
    }),
  );
  const data = ThrowIfFailed(vertexBuffer.Map({ Subresource: 0, ReadRange: { Begin: 0, End: 0 } }));
  data.set(new Uint8Array(triangleVertices.buffer));
  vertexBuffer.Unmap({ Subresource: 0, WrittenRange: null });
  const vertexBufferView = {
    BufferLocation: vertexBuffer.GetGPUVirtualAddress(),
    SizeInBytes: triangleVertices.byteLength,
    StrideInBytes: sizeofVertex,
  };

  // Record, execute, present
  ThrowIfFailed({ hr: allocator.Reset() });
  ThrowIfFailed({ hr: list.Reset({ Allocator: allocator, InitialState: pipelineState }) });
  const backBuffer = frame.renderTargets[frame.frameIndex];
  const rtv = currentRtv(frame);
  list.SetGraphicsRootSignature({ RootSignature: rootSignature });
  list.RSSetViewports({
    NumViewports: 1,
    Viewports: [{ TopLeftX: 0, TopLeftY: 0, Width: frame.width, Height: frame.height, MinDepth: 0, MaxDepth: 1 }],
  });
  list.RSSetScissorRects({ NumRects: 1, Rects: [{ left: 0, top: 0, right: frame.width, bottom: frame.height }] });
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
  list.IASetPrimitiveTopology({ PrimitiveTopology: D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST });
  list.IASetVertexBuffers({ StartSlot: 0, NumViews: 1, Views: [vertexBufferView] });
  list.DrawInstanced({ VertexCountPerInstance: 3, InstanceCount: 1, StartVertexLocation: 0, StartInstanceLocation: 0 });
  list.ResourceBarrier({
    NumBarriers: 1,
    Barriers: [Transition(backBuffer, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PRESENT)],
  });
  ThrowIfFailed({ hr: list.Close() });
  queue.ExecuteCommandLists({ NumCommandLists: 1, CommandLists: [list] });
  ThrowIfFailed({ hr: swapChain.Present({ SyncInterval: 1, Flags: 0 }) });
  waitForGpu(frame);
  out.frontCounterClockwise = bug('cull-mode-flip');
  out.vertices = Array.from(triangleVertices);
}
