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

/**
 * What a WebGPU pipeline is built from, as a key: the shaders' WGSL and entry points, the input layout's formats and
 * step modes, the strides, topology, rasterizer state and target format — not the PSO's id, which names a different
 * pipeline in every run (the cache outlives runs and lessons).
 */
export function pipelineKey(
  pso: ID3D12PipelineState,
  strides: number[],
  topology: number,
  target: GPUTextureFormat,
  sampleCount = 1,
): string {
  const desc = pso.desc as {
    VS?: ShaderWithWgsl;
    PS?: ShaderWithWgsl;
    RasterizerState?: { CullMode?: number; FrontCounterClockwise?: boolean };
  };
  return JSON.stringify([
    desc.VS?.wgsl ?? '',
    desc.VS?.entry ?? '',
    desc.PS?.wgsl ?? '',
    desc.PS?.entry ?? '',
    pso.inputLayout.map((e) => [e.Format, e.InputSlotClass]),
    strides,
    topology,
    desc.RasterizerState?.CullMode ?? null,
    !!desc.RasterizerState?.FrontCounterClockwise,
    pso.rtvFormats[0] ?? 0,
    target,
    sampleCount,
    sampleCount > 1 ? sampleMask(pso) : null,
  ]);
}

/** D3D12_GRAPHICS_PIPELINE_STATE_DESC.SampleMask (0xffffffff when absent). */
const sampleMask = (pso: ID3D12PipelineState): number =>
  Number((pso.desc as { SampleMask?: number }).SampleMask ?? 0xffffffff) >>> 0;

// Per device (a lost device's pipelines go with it): pipelines and samplers are immutable, so steps, runs and
// lessons share them (issue 16: the next lesson's first frame does not compile what the last one did).
const pipelineCache = new WeakMap<GPUDevice, Map<string, GPURenderPipeline>>();
const samplerCache = new WeakMap<GPUDevice, Map<string, GPUSampler>>();

function perDevice<T>(cache: WeakMap<GPUDevice, Map<string, T>>, device: GPUDevice): Map<string, T> {
  let m = cache.get(device);
  if (!m) cache.set(device, (m = new Map()));
  return m;
}

/**
 * The device's pipeline for this key, created when missing. `keep` (after the draw's error scope came back empty)
 * puts a new one in the cache: a pipeline WebGPU refused is never reused, so its error is reported every time.
 */
export function cachedPipeline(
  device: GPUDevice,
  pso: ID3D12PipelineState,
  strides: number[],
  topology: number,
  target: GPUTextureFormat,
  /** the render target's WebGPU sample count (replay-resolve.ts: 4 for any D3D12 MSAA count) */
  sampleCount = 1,
): { pipeline: GPURenderPipeline; keep: () => void } {
  const m = perDevice(pipelineCache, device);
  const key = pipelineKey(pso, strides, topology, target, sampleCount);
  const hit = m.get(key);
  if (hit) return { pipeline: hit, keep: () => {} };
  const pipeline = createPipeline(device, pso, strides, topology, sampleCount);
  return { pipeline, keep: () => m.set(key, pipeline) };
}

/** The device's sampler for this descriptor (created when missing; `keep` as for pipelines). */
export function cachedSampler(device: GPUDevice, d: GPUSamplerDescriptor): { sampler: GPUSampler; keep: () => void } {
  const m = perDevice(samplerCache, device);
  const key = JSON.stringify(d);
  const hit = m.get(key);
  if (hit) return { sampler: hit, keep: () => {} };
  const sampler = device.createSampler(d);
  return { sampler, keep: () => m.set(key, sampler) };
}

export function createPipeline(
  device: GPUDevice,
  pso: ID3D12PipelineState,
  strides: number[],
  topology: number,
  sampleCount = 1,
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
    // [MSAA-EXEC-1] a PSO's SampleDesc.Count > 1 draws into 4-sample targets (replay-resolve.ts), its SampleMask the
    // samples it may write (single-sampled pipelines keep WebGPU's default, as before)
    multisample: sampleCount > 1 ? { count: sampleCount, mask: sampleMask(pso) } : { count: 1 },
  });
}

const computeCache = new WeakMap<GPUDevice, Map<string, GPUComputePipeline>>();

/**
 * [CS-EXEC-1] The device's compute pipeline for a compute PSO's shader (its WGSL and entry point; layout 'auto', so
 * the bindings are the ones the entry point uses), created when missing; `keep` as for render pipelines.
 */
export function cachedComputePipeline(
  device: GPUDevice,
  pso: ID3D12PipelineState,
): { pipeline: GPUComputePipeline; keep: () => void } {
  const cs = (pso.desc as { CS?: ShaderWithWgsl }).CS;
  const m = perDevice(computeCache, device);
  const key = JSON.stringify([cs?.wgsl ?? '', cs?.entry ?? 'CSMain']);
  const hit = m.get(key);
  if (hit) return { pipeline: hit, keep: () => {} };
  const pipeline = device.createComputePipeline({
    label: `PSO #${pso.id} (compute)`,
    layout: 'auto',
    compute: {
      module: device.createShaderModule({ label: `PSO #${pso.id} CS`, code: cs?.wgsl ?? '' }),
      entryPoint: cs?.entry ?? 'CSMain',
    },
  });
  return { pipeline, keep: () => m.set(key, pipeline) };
}

/**
 * How many pipelines and samplers the device's caches hold now. Under one scope for a whole frame (scopes.ts) a draw
 * cannot tell that its new pipeline was refused, so it keeps it; when the frame's scope reports an error, forgetSince
 * drops what joined the caches since the mark, and the per-command replay that follows makes them again under their
 * own scopes (a refused pipeline is never reused, as `keep` promises).
 */
export function cacheMark(device: GPUDevice): number[] {
  return [pipelineCache, samplerCache, computeCache].map((c) => c.get(device)?.size ?? 0);
}

export function forgetSince(device: GPUDevice, mark: readonly number[]): void {
  [pipelineCache, samplerCache, computeCache].forEach((c, k) => {
    const m = c.get(device) as Map<string, unknown> | undefined;
    // the caches only grow, in insertion order: the keys past the mark's count joined after it
    if (m) for (const key of [...m.keys()].slice(mark[k])) m.delete(key);
  });
}
