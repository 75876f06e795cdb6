// Lesson 06 — Shaders and the input layout: the vertex shader's input signature and the layout that feeds it
// must agree, semantic by semantic. The runtime checks it when the pipeline state object is created.
import {
  type D3D12System,
  D3D_ROOT_SIGNATURE_VERSION_1_0,
  D3D12_CULL_MODE_BACK,
  D3D12_FILL_MODE_SOLID,
  D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA,
  D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE,
  D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT,
  DXGI_FORMAT_R32G32B32A32_FLOAT,
  DXGI_FORMAT_R32G32B32_FLOAT,
} from '../../core';
import { ThrowIfFailed } from '../runner';
import type { LessonEnv } from '../types';
import { D3DCompile } from '../common/compile';
import { BackBufferFormat, clearAndPresent, createFrame } from '../common/frame';
import { TRIANGLE_HLSL, TRIANGLE_WGSL } from '../common/shaders';

export function main(sys: D3D12System, env: LessonEnv, out: Record<string, unknown>) {
  const bug = (id: string) => env.bugs.has(id);
  const frame = createFrame(sys, env); // lessons 2–4 (src/lessons/common/frame.ts)
  const { device } = frame;

  // Compile both entry points (vs_5_0 / ps_5_0). The blob carries the input signature: POSITION, COLOR.
  const VS = ThrowIfFailed(
    D3DCompile({ SrcData: TRIANGLE_HLSL, Entrypoint: 'VSMain', Target: 'vs_5_0', Wgsl: TRIANGLE_WGSL }),
  );
  const PS = ThrowIfFailed(
    D3DCompile({ SrcData: TRIANGLE_HLSL, Entrypoint: 'PSMain', Target: 'ps_5_0', Wgsl: TRIANGLE_WGSL }),
  );

  // One element per VS input: semantic, format, slot, byte offset inside the vertex.
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
    // BUG semantic-mismatch: the colour element named TEXCOORD; the shader reads COLOR
    {
      SemanticName: bug('semantic-mismatch') ? 'TEXCOORD' : 'COLOR',
      SemanticIndex: 0,
      Format: DXGI_FORMAT_R32G32B32A32_FLOAT,
      InputSlot: 0,
      AlignedByteOffset: 12,
      InputSlotClass: D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA,
      InstanceDataStepRate: 0,
    },
  ];

  const blob = ThrowIfFailed(
    sys.D3D12SerializeVersionedRootSignature({
      RootSignature: {
        Version: D3D_ROOT_SIGNATURE_VERSION_1_0,
        Desc_1_0: {
          NumParameters: 0,
          Parameters: [],
          Flags: D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT,
        },
      },
    }),
  );
  const rootSignature = ThrowIfFailed(device.CreateRootSignature({ nodeMask: 0, BlobWithRootSignature: blob }));

  out.vsInputs = VS.Reflection.Inputs;
  out.inputLayout = inputElementDescs;

  // The input layout is validated against VS's input signature here
  const pso = ThrowIfFailed(
    device.CreateGraphicsPipelineState({
      Desc: {
        RootSignature: rootSignature,
        VS,
        PS,
        InputLayout: { NumElements: inputElementDescs.length, InputElementDescs: inputElementDescs },
        RasterizerState: {
          FillMode: D3D12_FILL_MODE_SOLID,
          CullMode: D3D12_CULL_MODE_BACK,
          FrontCounterClockwise: false,
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
  out.pso = pso.id;

  clearAndPresent(frame, [1.0, 0.0, 1.0, 1.0]); // nothing drawn with it yet: lesson 7 does
}
