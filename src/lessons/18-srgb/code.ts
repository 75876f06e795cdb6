// Lesson 18 — sRGB, colour vs data: one frame, two textures. On the left a colour texture (albedo: what an artist
// painted, sRGB-encoded bytes), created R8G8B8A8_TYPELESS and sampled through an R8G8B8A8_UNORM_SRGB view, so the
// sampler decodes to linear light. On the right a data texture (a normal map: numbers, not light), created
// R8G8B8A8_UNORM and sampled through a UNORM view, so 128 stays 0.502. Both are written through an _SRGB RTV of the
// UNORM back buffer, which encodes the shader's linear output back to sRGB bytes for the screen.
import {
  type D3D12System,
  D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST,
  D3D12_DESCRIPTOR_HEAP_FLAG_NONE,
  D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE,
  D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
  D3D12_DESCRIPTOR_HEAP_TYPE_RTV,
  D3D12_RESOURCE_STATE_COPY_DEST,
  D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE,
  D3D12_RESOURCE_STATE_PRESENT,
  D3D12_RESOURCE_STATE_RENDER_TARGET,
  D3D12_RTV_DIMENSION_TEXTURE2D,
  DXGI_FORMAT_R8G8B8A8_TYPELESS,
  DXGI_FORMAT_R8G8B8A8_UNORM,
  DXGI_FORMAT_R8G8B8A8_UNORM_SRGB,
} from '../../core';
import { ThrowIfFailed } from '../runner';
import type { LessonEnv } from '../types';
import { Transition, createFrame, waitForGpu } from '../common/frame';
import { CreateQuad, CreateTexturedPipeline, StaticSampler, UploadTexture, srvDesc } from '../14-texture-states/code';

export const TexSize = 4;
type Px = [number, number, number];

/** The colour texture: a grey ramp (mid-grey 128 at texel (2, 0)) and painted patches. sRGB-encoded, as images are. */
export const COLOUR: Px[][] = [
  [
    [0, 0, 0],
    [64, 64, 64],
    [128, 128, 128],
    [192, 192, 192],
  ],
  [
    [200, 60, 50],
    [240, 170, 60],
    [70, 150, 80],
    [60, 110, 200],
  ],
  [
    [250, 200, 170],
    [150, 100, 70],
    [90, 60, 40],
    [128, 128, 128],
  ],
  [
    [30, 40, 70],
    [100, 140, 190],
    [180, 210, 240],
    [255, 255, 255],
  ],
];
/** The data texture: a normal map of one bump, n = 2 × value − 1; the flat normal (0, 0, 1) is stored as (128, 128, 255). */
export const NORMALS: Px[][] = [
  [
    [128, 128, 255],
    [128, 128, 255],
    [128, 128, 255],
    [128, 128, 255],
  ],
  [
    [128, 128, 255],
    [90, 90, 230],
    [166, 90, 230],
    [128, 128, 255],
  ],
  [
    [128, 128, 255],
    [90, 166, 230],
    [166, 166, 230],
    [128, 128, 255],
  ],
  [
    [128, 128, 255],
    [128, 128, 255],
    [128, 128, 255],
    [128, 128, 255],
  ],
];
export const Texels = (rows: Px[][]) => Uint8Array.from(rows.flat().flatMap((p) => [...p, 255]));

/** Left half: the colour texture; right half: the data texture (each 4 × 4 texels on 32 × 64 pixels). */
export const Halves = [
  { TopLeftX: 0, TopLeftY: 0, Width: 32, Height: 64, MinDepth: 0, MaxDepth: 1 },
  { TopLeftX: 32, TopLeftY: 0, Width: 32, Height: 64, MinDepth: 0, MaxDepth: 1 },
];

export function main(sys: D3D12System, env: LessonEnv, out: Record<string, unknown>) {
  const bug = (id: string) => env.bugs.has(id);
  const frame = createFrame(sys, env); // lessons 2–4 (src/lessons/common/frame.ts): a R8G8B8A8_UNORM flip swap chain
  const { device, list, allocator } = frame;
  const backBuffer = frame.renderTargets[frame.frameIndex];

  // 1. The output: flip-model swap chains cannot be created _SRGB, so the back buffer stays UNORM and its RTV says
  //    R8G8B8A8_UNORM_SRGB: every write is encoded linear → sRGB. The PSO's RTVFormats[0] must say the same (lesson 7).
  const rtvHeap = ThrowIfFailed(
    device.CreateDescriptorHeap({
      Type: D3D12_DESCRIPTOR_HEAP_TYPE_RTV,
      NumDescriptors: 1,
      Flags: D3D12_DESCRIPTOR_HEAP_FLAG_NONE,
    }),
  );
  const rtv = rtvHeap.GetCPUDescriptorHandleForHeapStart();
  device.CreateRenderTargetView({
    Resource: backBuffer,
    DestDescriptor: rtv,
    Desc: {
      Format: DXGI_FORMAT_R8G8B8A8_UNORM_SRGB,
      ViewDimension: D3D12_RTV_DIMENSION_TEXTURE2D,
      Texture2D: { MipSlice: 0, PlaneSlice: 0 },
    },
  });
  const pso = CreateTexturedPipeline(sys, device, StaticSampler(), DXGI_FORMAT_R8G8B8A8_UNORM_SRGB); // t0, point sampler (lesson 16)
  const quad = CreateQuad(device, 1);

  // 2. The two textures (lessons 13–14). The colour one is created TYPELESS: its views pick UNORM or UNORM_SRGB.
  ThrowIfFailed({ hr: allocator.Reset() });
  ThrowIfFailed({ hr: list.Reset({ Allocator: allocator, InitialState: null }) });
  const colour = UploadTexture(
    device,
    list,
    Texels(COLOUR),
    TexSize,
    TexSize,
    'albedo (colour)',
    DXGI_FORMAT_R8G8B8A8_TYPELESS,
  );
  const data = UploadTexture(
    device,
    list,
    Texels(NORMALS),
    TexSize,
    TexSize,
    'normal map (data)',
    DXGI_FORMAT_R8G8B8A8_UNORM,
  );
  list.ResourceBarrier({
    NumBarriers: 2,
    Barriers: [
      Transition(colour.texture, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE),
      Transition(data.texture, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE),
    ],
  });

  // 3. The subject: each SRV's Format says what the bytes mean.
  //    Colour: _UNORM_SRGB, the sampler decodes sRGB → linear (128 → 0.216).
  //    BUG no-srgb-on-colour: _UNORM, 128 → 0.502, then the sRGB RTV encodes it a second time.
  //    Data: _UNORM, the numbers as they are (128 → 0.502).
  //    BUG srgb-on-data: _UNORM_SRGB (legal with relaxed casting), the sampler "decodes" numbers that were never sRGB.
  const srvHeap = ThrowIfFailed(
    device.CreateDescriptorHeap({
      Type: D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
      NumDescriptors: 2,
      Flags: D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE,
    }),
  );
  const inc = device.GetDescriptorHandleIncrementSize({ DescriptorHeapType: D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV });
  const cpu = srvHeap.GetCPUDescriptorHandleForHeapStart();
  const gpu = srvHeap.GetGPUDescriptorHandleForHeapStart();
  const colourView = {
    ...srvDesc,
    Format: bug('no-srgb-on-colour') ? DXGI_FORMAT_R8G8B8A8_UNORM : DXGI_FORMAT_R8G8B8A8_UNORM_SRGB,
  };
  const dataView = {
    ...srvDesc,
    Format: bug('srgb-on-data') ? DXGI_FORMAT_R8G8B8A8_UNORM_SRGB : DXGI_FORMAT_R8G8B8A8_UNORM,
  };
  device.CreateShaderResourceView({ Resource: colour.texture, Desc: colourView, DestDescriptor: { ptr: cpu.ptr } });
  device.CreateShaderResourceView({ Resource: data.texture, Desc: dataView, DestDescriptor: { ptr: cpu.ptr + inc } });

  // 4. One frame: clear through the sRGB RTV, then the quad twice, the table at slot 0 (left) and slot 1 (right)
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
  list.SetPipelineState({ PipelineState: pso.pipelineState });
  list.SetGraphicsRootSignature({ RootSignature: pso.rootSignature });
  list.SetDescriptorHeaps({ NumDescriptorHeaps: 1, DescriptorHeaps: [srvHeap] });
  list.RSSetScissorRects({ NumRects: 1, Rects: [{ left: 0, top: 0, right: frame.width, bottom: frame.height }] });
  list.IASetPrimitiveTopology({ PrimitiveTopology: D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST });
  list.IASetVertexBuffers({ StartSlot: 0, NumViews: 1, Views: [quad.view] });
  for (let k = 0; k < 2; k++) {
    list.SetGraphicsRootDescriptorTable({ RootParameterIndex: 0, BaseDescriptor: { ptr: gpu.ptr + k * inc } });
    list.RSSetViewports({ NumViewports: 1, Viewports: [Halves[k]] });
    list.DrawInstanced({
      VertexCountPerInstance: 6,
      InstanceCount: 1,
      StartVertexLocation: 0,
      StartInstanceLocation: 0,
    });
  }
  list.ResourceBarrier({
    NumBarriers: 1,
    Barriers: [Transition(backBuffer, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PRESENT)],
  });
  ThrowIfFailed({ hr: list.Close() });
  frame.queue.ExecuteCommandLists({ NumCommandLists: 1, CommandLists: [list] });
  ThrowIfFailed({ hr: frame.swapChain.Present({ SyncInterval: 1, Flags: 0 }) });
  waitForGpu(frame);
  colour.upload.Release();
  data.upload.Release();

  out.srvHeap = srvHeap.id;
  out.rtvHeap = rtvHeap.id;
  out.textures = [colour.texture.id, data.texture.id];
}
