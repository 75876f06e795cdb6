// Lesson A5's pipelines: the root signatures (none for the scene pass, a two-SRV table and a linear clamp sampler
// for the passes that sample) and one full-screen-quad PSO per pass. Lessons 5–7 and 14 teach these calls.
import {
  type D3D12System,
  type ID3D12Device,
  type ID3D12RootSignature,
  D3D_ROOT_SIGNATURE_VERSION_1_1,
  D3D12_CULL_MODE_NONE,
  D3D12_DESCRIPTOR_RANGE_FLAG_NONE,
  D3D12_DESCRIPTOR_RANGE_TYPE_SRV,
  D3D12_FILL_MODE_SOLID,
  D3D12_FILTER_MIN_MAG_MIP_LINEAR,
  D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA,
  D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE,
  D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE,
  D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT,
  D3D12_SHADER_VISIBILITY_PIXEL,
  D3D12_TEXTURE_ADDRESS_MODE_CLAMP,
  DXGI_FORMAT_R32G32B32_FLOAT,
  DXGI_FORMAT_R32G32_FLOAT,
} from '../../core';
import { ThrowIfFailed } from '../runner';
import { D3DCompile } from '../common/compile';
import { BackBufferFormat } from '../common/frame';
import { StaticSampler } from '../14-texture-states/code';
import { VS_HLSL, type PassShader } from './shaders';

/** Root signature 1.1 with `srvs` SRVs in one table (t0..) and a linear clamp sampler, or with nothing. */
export function CreateRootSignature(sys: D3D12System, device: ID3D12Device, srvs: number) {
  const ranges = [
    {
      RangeType: D3D12_DESCRIPTOR_RANGE_TYPE_SRV,
      NumDescriptors: srvs,
      BaseShaderRegister: 0,
      RegisterSpace: 0,
      Flags: D3D12_DESCRIPTOR_RANGE_FLAG_NONE,
      OffsetInDescriptorsFromTableStart: 0,
    },
  ];
  const Parameters = srvs
    ? [
        {
          ParameterType: D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE,
          DescriptorTable: { NumDescriptorRanges: 1, DescriptorRanges: ranges },
          ShaderVisibility: D3D12_SHADER_VISIBILITY_PIXEL,
        },
      ]
    : [];
  const StaticSamplers = srvs ? [StaticSampler(D3D12_FILTER_MIN_MAG_MIP_LINEAR, D3D12_TEXTURE_ADDRESS_MODE_CLAMP)] : [];
  const blob = ThrowIfFailed(
    sys.D3D12SerializeVersionedRootSignature({
      RootSignature: {
        Version: D3D_ROOT_SIGNATURE_VERSION_1_1,
        Desc_1_1: {
          NumParameters: Parameters.length,
          Parameters,
          NumStaticSamplers: StaticSamplers.length,
          StaticSamplers,
          Flags: D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT,
        },
      },
    }),
  );
  return ThrowIfFailed(device.CreateRootSignature({ nodeMask: 0, BlobWithRootSignature: blob }));
}

/** A full-screen-quad PSO for one pass: lesson 14's vertex shader, the pass's pixel shader, an RGBA8 target. */
export function CreatePassPso(device: ID3D12Device, rootSignature: ID3D12RootSignature, shader: PassShader) {
  const VS = ThrowIfFailed(D3DCompile({ SrcData: VS_HLSL, Entrypoint: 'VSMain', Target: 'vs_5_0', Wgsl: shader.wgsl }));
  const PS = ThrowIfFailed(
    D3DCompile({ SrcData: shader.hlsl, Entrypoint: 'PSMain', Target: 'ps_5_0', Wgsl: shader.wgsl }),
  );
  const element = (SemanticName: string, Format: number, AlignedByteOffset: number) => ({
    SemanticName,
    SemanticIndex: 0,
    Format,
    InputSlot: 0,
    AlignedByteOffset,
    InputSlotClass: D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA,
    InstanceDataStepRate: 0,
  });
  const inputElementDescs = [
    element('POSITION', DXGI_FORMAT_R32G32B32_FLOAT, 0),
    element('TEXCOORD', DXGI_FORMAT_R32G32_FLOAT, 12),
  ];
  return ThrowIfFailed(
    device.CreateGraphicsPipelineState({
      Desc: {
        RootSignature: rootSignature,
        VS,
        PS,
        InputLayout: { NumElements: inputElementDescs.length, InputElementDescs: inputElementDescs },
        RasterizerState: { FillMode: D3D12_FILL_MODE_SOLID, CullMode: D3D12_CULL_MODE_NONE, DepthClipEnable: true },
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
}
