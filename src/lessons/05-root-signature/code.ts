// Lesson 05 — The root signature: the contract between the command list and the shaders.
// This one is the smallest useful root signature: no parameters, input-assembler access for a vertex layout,
// and one root constant (4 × 32-bit values at b0) that later lessons could use for a tint colour.
import {
  type D3D12System,
  D3D_ROOT_SIGNATURE_VERSION_1_0,
  D3D_ROOT_SIGNATURE_VERSION_1_1,
  D3D12_FEATURE_ROOT_SIGNATURE,
  D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS,
  D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT,
  D3D12_SHADER_VISIBILITY_PIXEL,
  FAILED,
} from '../../core';
import { ThrowIfFailed } from '../runner';
import type { LessonEnv } from '../types';
import { clearAndPresent, createFrame } from '../common/frame';

export function main(sys: D3D12System, env: LessonEnv, out: Record<string, unknown>) {
  const bug = (id: string) => env.bugs.has(id);
  const frame = createFrame(sys, env); // lessons 2–4: device, queue, swap chain, RTVs (src/lessons/common/frame.ts)
  const { device } = frame;

  // Which root-signature version does this device take? (1.1 adds range flags the driver can optimise on)
  const feature = ThrowIfFailed(
    device.CheckFeatureSupport({
      Feature: D3D12_FEATURE_ROOT_SIGNATURE,
      FeatureSupportData: { HighestVersion: D3D_ROOT_SIGNATURE_VERSION_1_1 },
    }),
  );
  out.highestVersion = feature.HighestVersion;

  const desc = {
    NumParameters: 1,
    Parameters: [
      {
        ParameterType: D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS,
        ShaderVisibility: D3D12_SHADER_VISIBILITY_PIXEL,
        Constants: { ShaderRegister: 0, RegisterSpace: 0, Num32BitValues: 4 },
      },
    ],
    NumStaticSamplers: 0,
    StaticSamplers: [],
    Flags: D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT,
  };

  // Serialise the description into a blob, then create the object from the blob.
  const serialized = bug('root-sig-version')
    ? // BUG root-sig-version: the 1.0-only entry point asked for version 1.1
      sys.D3D12SerializeRootSignature({ RootSignature: desc, Version: D3D_ROOT_SIGNATURE_VERSION_1_1 })
    : sys.D3D12SerializeVersionedRootSignature({
        RootSignature: { Version: D3D_ROOT_SIGNATURE_VERSION_1_0, Desc_1_0: desc },
      });
  if (FAILED(serialized.hr)) out.errorBlob = serialized.ErrorBlob?.content.error ?? null;
  const blob = ThrowIfFailed(serialized);
  const rootSignature = ThrowIfFailed(
    device.CreateRootSignature({ nodeMask: 0, BlobWithRootSignature: blob, blobLengthInBytes: blob.GetBufferSize() }),
  );

  out.blobSize = blob.GetBufferSize();
  out.blob = blob.content.rootSignature;
  out.rootSignature = rootSignature.id;

  clearAndPresent(frame, [1, 0, 1, 1]); // lesson 4's magenta frame: still running
}
