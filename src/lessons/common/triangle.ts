// Lessons 6–8's pipeline and vertex buffer, reused by lesson 9 (viewport and scissor) so its own code stays on
// what it teaches. Lesson 10 writes all of it out again in its own code.
import {
  type ID3D12PipelineState,
  type ID3D12Resource,
  type ID3D12RootSignature,
  D3D_ROOT_SIGNATURE_VERSION_1_0,
  D3D12_CULL_MODE_BACK,
  D3D12_FILL_MODE_SOLID,
  D3D12_HEAP_TYPE_UPLOAD,
  D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA,
  D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE,
  D3D12_RESOURCE_DIMENSION_BUFFER,
  D3D12_RESOURCE_STATE_GENERIC_READ,
  D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT,
  D3D12_TEXTURE_LAYOUT_ROW_MAJOR,
  DXGI_FORMAT_R32G32B32A32_FLOAT,
  DXGI_FORMAT_R32G32B32_FLOAT,
  DXGI_FORMAT_UNKNOWN,
} from '../../core';
import { ThrowIfFailed } from '../runner';
import { D3DCompile } from './compile';
import { BackBufferFormat, type Frame } from './frame';
import { shared } from './hidden';
import { TRIANGLE_HLSL, TRIANGLE_WGSL } from './shaders';

/** position (x, y, z) then colour (r, g, b, a): 7 floats, 28 bytes a vertex. */
export const TRIANGLE_VERTICES = new Float32Array([
  0.0,
  0.5,
  0.0,
  /**/ 1,
  0,
  0,
  1, // top: red
  0.5,
  -0.5,
  0.0,
  /**/ 0,
  1,
  0,
  1, // bottom right: green
  -0.5,
  -0.5,
  0.0,
  /**/ 0,
  0,
  1,
  1, // bottom left: blue
]);
export const VERTEX_STRIDE = 7 * 4;
/** Lesson 4's magenta, kept as the clear colour: a pixel of it means "nothing was drawn here". */
export const BACKGROUND = [1.0, 0.0, 1.0, 1.0];

export const INPUT_LAYOUT = [
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

export function createTrianglePipeline(f: Pick<Frame, 'sys' | 'device'>): {
  rootSignature: ID3D12RootSignature;
  pso: ID3D12PipelineState;
} {
  return shared(f.sys, 'createTrianglePipeline', () => {
    const blob = ThrowIfFailed(
      f.sys.D3D12SerializeVersionedRootSignature({
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
    const rootSignature = ThrowIfFailed(f.device.CreateRootSignature({ nodeMask: 0, BlobWithRootSignature: blob }));
    const VS = ThrowIfFailed(
      D3DCompile({ SrcData: TRIANGLE_HLSL, Entrypoint: 'VSMain', Target: 'vs_5_0', Wgsl: TRIANGLE_WGSL }),
    );
    const PS = ThrowIfFailed(
      D3DCompile({ SrcData: TRIANGLE_HLSL, Entrypoint: 'PSMain', Target: 'ps_5_0', Wgsl: TRIANGLE_WGSL }),
    );
    const pso = ThrowIfFailed(
      f.device.CreateGraphicsPipelineState({
        Desc: {
          RootSignature: rootSignature,
          VS,
          PS,
          InputLayout: { NumElements: INPUT_LAYOUT.length, InputElementDescs: INPUT_LAYOUT },
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
    return { rootSignature, pso };
  });
}

export function createVertexBuffer(f: Frame): {
  vertexBuffer: ID3D12Resource;
  view: { BufferLocation: number; SizeInBytes: number; StrideInBytes: number };
} {
  return shared(f.sys, 'createVertexBuffer', () => {
    const size = TRIANGLE_VERTICES.byteLength;
    const vertexBuffer = ThrowIfFailed(
      f.device.CreateCommittedResource({
        HeapProperties: { Type: D3D12_HEAP_TYPE_UPLOAD },
        HeapFlags: 0,
        Desc: {
          Dimension: D3D12_RESOURCE_DIMENSION_BUFFER,
          Width: size,
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
    const mapped = ThrowIfFailed(vertexBuffer.Map({ Subresource: 0, ReadRange: { Begin: 0, End: 0 } }));
    mapped.set(new Uint8Array(TRIANGLE_VERTICES.buffer));
    vertexBuffer.Unmap({ Subresource: 0, WrittenRange: null });
    return {
      vertexBuffer,
      view: { BufferLocation: vertexBuffer.GetGPUVirtualAddress(), SizeInBytes: size, StrideInBytes: VERTEX_STRIDE },
    };
  });
}
