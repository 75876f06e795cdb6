// WebGPU render pipelines built from a modelled ID3D12PipelineState: the input layout becomes vertex-buffer
// layouts, the rasterizer state becomes primitive state, RTVFormats become the colour targets. The WGSL that
// runs travels with the "bytecode" the lesson compiled (see src/lessons/common/compile.ts).
import {
  D3D12_CULL_MODE_BACK,
  D3D12_CULL_MODE_FRONT,
  D3D_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP,
  type ID3D12PipelineState,
} from '../../core';
import { textureFormat, vertexFormat } from './formats';

export interface ShaderWithWgsl {
  wgsl?: string;
  entry?: string;
}

/** Every input element gets its own WebGPU vertex buffer slot, filled by the executor's input-assembler fetch. */
export interface ElementBinding {
  element: number;
  inputSlot: number;
  offset: number;
  bytes: number;
}

export function elementBindings(pso: ID3D12PipelineState): ElementBinding[] {
  return pso.inputLayout.map((e, k) => {
    const f = vertexFormat(e.Format);
    return {
      element: k,
      inputSlot: e.InputSlot,
      offset: e.AlignedByteOffset,
      bytes: f ? ({ float32x4: 16, float32x3: 12, float32x2: 8, unorm8x4: 4 }[f as string] ?? 4) : 4,
    };
  });
}

export function pipelineKey(
  pso: ID3D12PipelineState,
  strides: number[],
  topology: number,
  target: GPUTextureFormat,
): string {
  return `${pso.id}|${strides.join(',')}|${topology}|${target}`;
}

export function createPipeline(
  device: GPUDevice,
  pso: ID3D12PipelineState,
  strides: number[],
  topology: number,
): GPURenderPipeline {
  const desc = pso.desc as {
    VS?: ShaderWithWgsl;
    PS?: ShaderWithWgsl;
    RasterizerState?: { CullMode?: number; FrontCounterClockwise?: boolean };
  };
  const vsCode = desc.VS?.wgsl ?? '';
  const psCode = desc.PS?.wgsl ?? vsCode;
  const vsModule = device.createShaderModule({ label: `PSO #${pso.id} VS`, code: vsCode });
  const psModule =
    psCode === vsCode ? vsModule : device.createShaderModule({ label: `PSO #${pso.id} PS`, code: psCode });
  const buffers: GPUVertexBufferLayout[] = pso.inputLayout.map((e, k) => ({
    arrayStride: strides[k],
    stepMode: e.InputSlotClass === 1 ? 'instance' : 'vertex',
    attributes: [{ shaderLocation: k, offset: 0, format: vertexFormat(e.Format) ?? 'float32x4' }],
  }));
  const cull = desc.RasterizerState?.CullMode;
  const target = textureFormat(pso.rtvFormats[0] ?? 0) ?? 'rgba8unorm';
  return device.createRenderPipeline({
    label: `PSO #${pso.id}`,
    layout: 'auto',
    vertex: { module: vsModule, entryPoint: desc.VS?.entry ?? 'VSMain', buffers },
    fragment: { module: psModule, entryPoint: desc.PS?.entry ?? 'PSMain', targets: [{ format: target }] },
    primitive: {
      topology: topology === D3D_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP ? 'triangle-strip' : 'triangle-list',
      // D3D12 and WebGPU both decide winding on screen; FrontCounterClockwise=FALSE means clockwise is front.
      frontFace: desc.RasterizerState?.FrontCounterClockwise ? 'ccw' : 'cw',
      cullMode: cull === D3D12_CULL_MODE_BACK ? 'back' : cull === D3D12_CULL_MODE_FRONT ? 'front' : 'none',
    },
  });
}
