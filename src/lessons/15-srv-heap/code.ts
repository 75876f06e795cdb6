// Lesson 15 — The SRV descriptor heap and its increment: a shader-visible CBV_SRV_UAV heap of 16 slots, two
// textures' SRVs written into it at start + slot × increment, and a descriptor table that reads slot 2. The
// increment is queried from the device, never written as a constant.
import {
  type D3D12System,
  D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE,
  D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
  D3D12_RESOURCE_STATE_COPY_DEST,
  D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE,
} from '../../core';
import { ThrowIfFailed } from '../runner';
import type { LessonEnv } from '../types';
import { Transition, createFrame } from '../common/frame';
import {
  CheckerPixels,
  CreateQuad,
  CreateTexturedPipeline,
  DrawTexturedQuad,
  StaticSampler,
  TexSize,
  UploadTexture,
  srvDesc,
} from '../14-texture-states/code';

export const ORANGE = [230, 120, 30, 255];
export const BROWN = [70, 35, 10, 255];
/** The slots: some other pass's stripes texture in slot 1, this lesson's checker in slot 2 (the table reads slot 2). */
export const StripesSlot = 1;
export const CheckerSlot = 2;
/** BUG hardcoded-increment: the CBV_SRV_UAV descriptor size "on the GPU this code was first written on". */
const kDescriptorSize = 64;

/** Vertical stripes, ORANGE on even columns, BROWN on odd ones. */
function StripesPixels(): Uint8Array {
  const p = new Uint8Array(TexSize * TexSize * 4);
  for (let y = 0; y < TexSize; y++)
    for (let x = 0; x < TexSize; x++) p.set(x % 2 === 0 ? ORANGE : BROWN, (y * TexSize + x) * 4);
  return p;
}

export function main(sys: D3D12System, env: LessonEnv, out: Record<string, unknown>) {
  const bug = (id: string) => env.bugs.has(id);
  const frame = createFrame(sys, env); // lessons 2–4 (src/lessons/common/frame.ts)
  const { device, list, allocator } = frame;
  const pso = CreateTexturedPipeline(sys, device, StaticSampler()); // lesson 14 (root signature and sampler: lesson 16)
  const quad = CreateQuad(device, 1);

  // 1. The heap: CBV_SRV_UAV, 16 slots, shader-visible (the table reads it while the GPU draws)
  const srvHeap = ThrowIfFailed(
    device.CreateDescriptorHeap({
      Type: D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
      NumDescriptors: 16,
      Flags: D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE,
    }),
  );
  srvHeap.SetName({ Name: 'srvHeap' });
  // 2. The increment: an adapter fact, queried once per device and type
  const inc = device.GetDescriptorHandleIncrementSize({ DescriptorHeapType: D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV });

  // 3. Slot addresses: start + slot × increment, the same slot on the CPU side (writes) and the GPU side (the table).
  //    BUG hardcoded-increment: the CPU side uses kDescriptorSize (64) instead of inc.
  //    BUG srv-in-rtv-heap: the CPU handles come from the RTV heap (lesson 4's) instead of the SRV heap.
  const cpuStart = (bug('srv-in-rtv-heap') ? frame.rtvHeap : srvHeap).GetCPUDescriptorHandleForHeapStart();
  const gpuStart = srvHeap.GetGPUDescriptorHandleForHeapStart();
  const cpuSlot = (slot: number) => ({
    ptr: cpuStart.ptr + slot * (bug('hardcoded-increment') ? kDescriptorSize : inc),
  });
  const gpuSlot = (slot: number) => ({ ptr: gpuStart.ptr + slot * inc });

  // 4. Two textures through lesson 13's upload path, both then made readable by the pixel shader (lesson 14)
  ThrowIfFailed({ hr: allocator.Reset() });
  ThrowIfFailed({ hr: list.Reset({ Allocator: allocator, InitialState: null }) });
  const checkerPixels = CheckerPixels();
  const stripes = UploadTexture(device, list, StripesPixels(), TexSize, TexSize, 'stripes');
  const checker = UploadTexture(device, list, checkerPixels, TexSize, TexSize, 'checker');
  list.ResourceBarrier({
    NumBarriers: 2,
    Barriers: [
      Transition(stripes.texture, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE),
      Transition(checker.texture, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE),
    ],
  });

  // 5. The SRVs: R8G8B8A8_UNORM, TEXTURE2D, one mip, written at their slots
  device.CreateShaderResourceView({ Resource: stripes.texture, Desc: srvDesc, DestDescriptor: cpuSlot(StripesSlot) });
  device.CreateShaderResourceView({ Resource: checker.texture, Desc: srvDesc, DestDescriptor: cpuSlot(CheckerSlot) });

  // 6. Draw with the table at the checker's slot (GPU handle), present, wait; release the upload buffers
  DrawTexturedQuad(frame, pso, quad, srvHeap, gpuSlot(CheckerSlot));
  stripes.upload.Release();
  checker.upload.Release();

  out.source = checkerPixels;
  out.texture = checker.texture.id;
  out.stripes = stripes.texture.id;
  out.heap = srvHeap.id;
  out.increment = inc;
}
