// Lesson 16 — Root descriptor table + static sampler: the root signature says "parameter 0 is a table of one SRV
// at t0, for the pixel shader" and bakes the sampler s0 into itself (no sampler heap). The quad's UVs run from 0 to
// 2, so the sampler's address mode decides what lies beyond 1.0, and its filter decides how the 4 × 4 checker is
// magnified to 64 × 64 pixels (8 pixels a texel).
import {
  type D3D12System,
  D3D_ROOT_SIGNATURE_VERSION_1_1,
  D3D12_COMPARISON_FUNC_NEVER,
  D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE,
  D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
  D3D12_DESCRIPTOR_RANGE_FLAG_DATA_STATIC_WHILE_SET_AT_EXECUTE,
  D3D12_DESCRIPTOR_RANGE_OFFSET_APPEND,
  D3D12_DESCRIPTOR_RANGE_TYPE_SRV,
  D3D12_FILTER_MIN_MAG_MIP_LINEAR,
  D3D12_FILTER_MIN_MAG_MIP_POINT,
  D3D12_RESOURCE_STATE_COPY_DEST,
  D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE,
  D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE,
  D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT,
  D3D12_SHADER_VISIBILITY_PIXEL,
  D3D12_STATIC_BORDER_COLOR_OPAQUE_BLACK,
  D3D12_TEXTURE_ADDRESS_MODE_CLAMP,
  D3D12_TEXTURE_ADDRESS_MODE_WRAP,
} from '../../core';
import { ThrowIfFailed } from '../runner';
import type { LessonEnv } from '../types';
import { Transition, createFrame } from '../common/frame';
import {
  CheckerPixels,
  CreateQuad,
  CreateTexturedPso,
  DrawTexturedQuad,
  TexSize,
  UploadTexture,
  srvDesc,
} from '../14-texture-states/code';

export const UvMax = 2;

export function main(sys: D3D12System, env: LessonEnv, out: Record<string, unknown>) {
  const bug = (id: string) => env.bugs.has(id);
  const frame = createFrame(sys, env); // lessons 2–4 (src/lessons/common/frame.ts)
  const { device, list, allocator } = frame;

  // 1. The table: one range of one SRV, t0 in space 0, appended at the table's start. DATA_STATIC_WHILE_SET_AT_EXECUTE
  //    (the 1.1 default for SRVs): the texture does not change while a draw that uses the table runs.
  const ranges = [
    {
      RangeType: D3D12_DESCRIPTOR_RANGE_TYPE_SRV,
      NumDescriptors: 1,
      BaseShaderRegister: 0,
      RegisterSpace: 0,
      Flags: D3D12_DESCRIPTOR_RANGE_FLAG_DATA_STATIC_WHILE_SET_AT_EXECUTE,
      OffsetInDescriptorsFromTableStart: D3D12_DESCRIPTOR_RANGE_OFFSET_APPEND,
    },
  ];
  const rootParameters = [
    {
      ParameterType: D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE,
      DescriptorTable: { NumDescriptorRanges: ranges.length, DescriptorRanges: ranges },
      ShaderVisibility: D3D12_SHADER_VISIBILITY_PIXEL,
    },
  ];

  // 2. The static sampler s0: point filtering for texel-exact lookups, WRAP so UVs beyond 1.0 repeat the texture.
  //    BUG point-vs-linear: MIN_MAG_MIP_LINEAR.  BUG clamp-vs-wrap: CLAMP.
  const address = bug('clamp-vs-wrap') ? D3D12_TEXTURE_ADDRESS_MODE_CLAMP : D3D12_TEXTURE_ADDRESS_MODE_WRAP;
  const sampler = {
    Filter: bug('point-vs-linear') ? D3D12_FILTER_MIN_MAG_MIP_LINEAR : D3D12_FILTER_MIN_MAG_MIP_POINT,
    AddressU: address,
    AddressV: address,
    AddressW: address,
    MipLODBias: 0,
    MaxAnisotropy: 0,
    ComparisonFunc: D3D12_COMPARISON_FUNC_NEVER,
    BorderColor: D3D12_STATIC_BORDER_COLOR_OPAQUE_BLACK,
    MinLOD: 0,
    MaxLOD: 3.402823466e38,
    ShaderRegister: 0,
    RegisterSpace: 0,
    ShaderVisibility: D3D12_SHADER_VISIBILITY_PIXEL,
  };

  // 3. Serialize (version 1.1), create, and the PSO that uses it (lesson 14's textured shaders)
  const signature = ThrowIfFailed(
    sys.D3D12SerializeVersionedRootSignature({
      RootSignature: {
        Version: D3D_ROOT_SIGNATURE_VERSION_1_1,
        Desc_1_1: {
          NumParameters: rootParameters.length,
          Parameters: rootParameters,
          NumStaticSamplers: 1,
          StaticSamplers: [sampler],
          Flags: D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT,
        },
      },
    }),
  );
  const rootSignature = ThrowIfFailed(device.CreateRootSignature({ nodeMask: 0, BlobWithRootSignature: signature }));
  const pipelineState = CreateTexturedPso(device, rootSignature);
  const quad = CreateQuad(device, UvMax); // UV 0 → 2 across the canvas

  // 4. The texture (lessons 13–14) and its SRV in slot 0 of the heap (lesson 15)
  ThrowIfFailed({ hr: allocator.Reset() });
  ThrowIfFailed({ hr: list.Reset({ Allocator: allocator, InitialState: null }) });
  const pixels = CheckerPixels();
  const { texture, upload } = UploadTexture(device, list, pixels, TexSize, TexSize, 'checker');
  list.ResourceBarrier({
    NumBarriers: 1,
    Barriers: [Transition(texture, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE)],
  });
  const srvHeap = ThrowIfFailed(
    device.CreateDescriptorHeap({
      Type: D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
      NumDescriptors: 1,
      Flags: D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE,
    }),
  );
  device.CreateShaderResourceView({
    Resource: texture,
    Desc: srvDesc,
    DestDescriptor: srvHeap.GetCPUDescriptorHandleForHeapStart(),
  });

  // 5. Bind: SetGraphicsRootSignature, SetDescriptorHeaps, SetGraphicsRootDescriptorTable(0, the table's first
  //    descriptor as a GPU handle); draw, present, wait
  DrawTexturedQuad(
    frame,
    { rootSignature, pipelineState },
    quad,
    srvHeap,
    srvHeap.GetGPUDescriptorHandleForHeapStart(),
  );
  upload.Release();

  out.source = pixels;
  out.texture = texture.id;
  out.uvMax = UvMax;
}
