// Lesson A4's pipeline: lesson 14's root signature with a range of two SRVs (t0 the virtual texture, t1 the page
// table) and a point/clamp static sampler, and the PSO with the virtual-texture pixel shader.
import {
  type D3D12System,
  type ID3D12Device,
  D3D_ROOT_SIGNATURE_VERSION_1_1,
  D3D12_CULL_MODE_NONE,
  D3D12_DESCRIPTOR_RANGE_FLAG_NONE,
  D3D12_DESCRIPTOR_RANGE_TYPE_SRV,
  D3D12_FILL_MODE_SOLID,
  D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA,
  D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE,
  D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE,
  D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT,
  D3D12_SHADER_VISIBILITY_PIXEL,
  DXGI_FORMAT_R32G32B32_FLOAT,
  DXGI_FORMAT_R32G32_FLOAT,
} from '../../core';
import { ThrowIfFailed } from '../runner';
import { D3DCompile } from '../common/compile';
import { BackBufferFormat } from '../common/frame';
import type { StaticSampler } from '../14-texture-states/code';
import { TEXTURED_VS_HLSL, VIRTUAL_PS_HLSL, VIRTUAL_WGSL } from './shaders';

export function CreateVirtualTexturePipeline(
  sys: D3D12System,
  device: ID3D12Device,
  sampler: ReturnType<typeof StaticSampler>,
) {
  const ranges = [
    {
      RangeType: D3D12_DESCRIPTOR_RANGE_TYPE_SRV,
      NumDescriptors: 2, // t0, t1
      BaseShaderRegister: 0,
      RegisterSpace: 0,
      Flags: D3D12_DESCRIPTOR_RANGE_FLAG_NONE,
      OffsetInDescriptorsFromTableStart: 0,
    },
  ];
  const signature = ThrowIfFailed(
    sys.D3D12SerializeVersionedRootSignature({
      RootSignature: {
        Version: D3D_ROOT_SIGNATURE_VERSION_1_1,
        Desc_1_1: {
          NumParameters: 1,
          Parameters: [
            {
              ParameterType: D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE,
              DescriptorTable: { NumDescriptorRanges: 1, DescriptorRanges: ranges },
              ShaderVisibility: D3D12_SHADER_VISIBILITY_PIXEL,
            },
          ],
          NumStaticSamplers: 1,
          StaticSamplers: [sampler],
          Flags: D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT,
        },
      },
    }),
  );
  const rootSignature = ThrowIfFailed(device.CreateRootSignature({ nodeMask: 0, BlobWithRootSignature: signature }));
  const VS = ThrowIfFailed(
    D3DCompile({ SrcData: TEXTURED_VS_HLSL, Entrypoint: 'VSMain', Target: 'vs_5_0', Wgsl: VIRTUAL_WGSL }),
  );
  const PS = ThrowIfFailed(
    D3DCompile({ SrcData: VIRTUAL_PS_HLSL, Entrypoint: 'PSMain', Target: 'ps_5_0', Wgsl: VIRTUAL_WGSL }),
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
      SemanticName: 'TEXCOORD',
      SemanticIndex: 0,
      Format: DXGI_FORMAT_R32G32_FLOAT,
      InputSlot: 0,
      AlignedByteOffset: 12,
      InputSlotClass: D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA,
      InstanceDataStepRate: 0,
    },
  ];
  const pipelineState = ThrowIfFailed(
    device.CreateGraphicsPipelineState({
      Desc: {
        RootSignature: rootSignature,
        VS,
        PS,
        InputLayout: { NumElements: inputElementDescs.length, InputElementDescs: inputElementDescs },
        RasterizerState: {
          FillMode: D3D12_FILL_MODE_SOLID,
          CullMode: D3D12_CULL_MODE_NONE,
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
  return { rootSignature, pipelineState };
}
