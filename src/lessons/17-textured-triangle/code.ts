// Lesson 17 — Textured triangle: lesson 10's triangle with a texture coordinate per vertex instead of a colour, and
// everything of lessons 11–16 feeding it (decode, upload at the footprint's pitch, COPY_DEST → PIXEL_SHADER_RESOURCE,
// an SRV in a shader-visible heap, a descriptor table, a static sampler). Two draws into one frame: the checkerboard
// first, on the left, where every mistake shows; then a real image (a 32 × 32 PNG) on the right.
import { decode } from 'fast-png';
import {
  type D3D12System,
  D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE,
  D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
  D3D12_HEAP_FLAG_NONE,
  D3D12_HEAP_TYPE_UPLOAD,
  D3D12_RESOURCE_DIMENSION_BUFFER,
  D3D12_RESOURCE_STATE_COPY_DEST,
  D3D12_RESOURCE_STATE_GENERIC_READ,
  D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE,
  D3D12_RESOURCE_STATE_PRESENT,
  D3D12_RESOURCE_STATE_RENDER_TARGET,
  D3D12_TEXTURE_LAYOUT_ROW_MAJOR,
  D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST,
  DXGI_FORMAT_UNKNOWN,
} from '../../core';
import { ThrowIfFailed } from '../runner';
import type { LessonEnv } from '../types';
import { Transition, createFrame, currentRtv, waitForGpu } from '../common/frame';
import { CreateTexturedPipeline, StaticSampler, UploadTexture, srvDesc } from '../14-texture-states/code';
import { LANDSCAPE_PNG_BASE64 } from './image';

export const CheckerSize = 4;
export const LIGHT = [240, 240, 240, 255];
export const BLUE = [32, 96, 192, 255];
export const ORANGE = [230, 120, 30, 255];

/** The 4 × 4 checkerboard of lesson 14, with its two top-middle texels marked orange: the triangle's tip shows them. */
export function MarkedChecker(): Uint8Array {
  const p = new Uint8Array(CheckerSize * CheckerSize * 4);
  for (let y = 0; y < CheckerSize; y++)
    for (let x = 0; x < CheckerSize; x++) {
      p.set(y === 0 && (x === 1 || x === 2) ? ORANGE : (x + y) % 2 === 0 ? LIGHT : BLUE, (y * CheckerSize + x) * 4);
    }
  return p;
}

/** Lesson 11's step: the PNG's bytes → R8G8B8A8 rows, top row first (the file's order, which is also D3D's). */
export function LoadImage(base64: string) {
  const file = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const png = decode(file); // the lesson's image is 8-bit RGBA (gen-image.ts); lesson 11 converts the other kinds
  return {
    pixels: new Uint8Array(png.data.buffer, png.data.byteOffset, png.width * png.height * 4),
    width: png.width,
    height: png.height,
  };
}

/** Where each texture goes on the 64 × 64 canvas: a 32 × 32 viewport, left (checker) and right (image). */
export const Viewports = [
  { TopLeftX: 0, TopLeftY: 16, Width: 32, Height: 32, MinDepth: 0, MaxDepth: 1 },
  { TopLeftX: 32, TopLeftY: 16, Width: 32, Height: 32, MinDepth: 0, MaxDepth: 1 },
];

/**
 * The vertices: position (x, y, z) then texture coordinate (u, v), 20 bytes each. D3D's texture space has v = 0 at
 * the top row of the texture, growing downwards, like the rows of the upload footprint.
 * (The uv-flip bug applies the OpenGL habit v' = 1 − v: the top vertex gets v = 1, the bottom ones v = 0.)
 */
export function TriangleVertices(flipV: boolean): Float32Array {
  const v = (t: number) => (flipV ? 1 - t : t);
  return new Float32Array([
    0.0,
    1.0,
    0.0,
    /**/ 0.5,
    v(0), // top
    1.0,
    -1.0,
    0.0,
    /**/ 1.0,
    v(1), // bottom right
    -1.0,
    -1.0,
    0.0,
    /**/ 0.0,
    v(1), // bottom left
  ]);
}

export function main(sys: D3D12System, env: LessonEnv, out: Record<string, unknown>) {
  const bug = (id: string) => env.bugs.has(id);
  const frame = createFrame(sys, env); // lessons 2–4 (src/lessons/common/frame.ts)
  const { device, list, allocator } = frame;
  const pso = CreateTexturedPipeline(sys, device, StaticSampler()); // lesson 16: table t0, point filter, wrap

  // 1. The vertex buffer (lesson 8): three vertices of 20 bytes, StrideInBytes = 20
  const vertices = TriangleVertices(bug('uv-flip'));
  const vertexBuffer = ThrowIfFailed(
    device.CreateCommittedResource({
      HeapProperties: { Type: D3D12_HEAP_TYPE_UPLOAD },
      HeapFlags: D3D12_HEAP_FLAG_NONE,
      Desc: {
        Dimension: D3D12_RESOURCE_DIMENSION_BUFFER,
        Width: vertices.byteLength,
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
  vertexBuffer.SetName({ Name: 'triangle vertices' });
  const mapped = ThrowIfFailed(vertexBuffer.Map({ Subresource: 0, ReadRange: { Begin: 0, End: 0 } }));
  mapped.set(new Uint8Array(vertices.buffer));
  vertexBuffer.Unmap({ Subresource: 0, WrittenRange: null });
  const vbView = {
    BufferLocation: vertexBuffer.GetGPUVirtualAddress(),
    SizeInBytes: vertices.byteLength,
    StrideInBytes: 20,
  };

  // 2. The two textures (lessons 11–14): upload, copy, then COPY_DEST → PIXEL_SHADER_RESOURCE
  ThrowIfFailed({ hr: allocator.Reset() });
  ThrowIfFailed({ hr: list.Reset({ Allocator: allocator, InitialState: null }) });
  const checker = MarkedChecker();
  const image = LoadImage(LANDSCAPE_PNG_BASE64);
  const a = UploadTexture(device, list, checker, CheckerSize, CheckerSize, 'checker');
  const b = UploadTexture(device, list, image.pixels, image.width, image.height, 'landscape.png');
  list.ResourceBarrier({
    NumBarriers: 2,
    Barriers: [
      Transition(a.texture, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE),
      Transition(b.texture, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE),
    ],
  });

  // 3. Their SRVs in slots 0 and 1 of one shader-visible heap (lesson 15)
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
  device.CreateShaderResourceView({ Resource: a.texture, Desc: srvDesc, DestDescriptor: { ptr: cpu.ptr } });
  device.CreateShaderResourceView({ Resource: b.texture, Desc: srvDesc, DestDescriptor: { ptr: cpu.ptr + inc } });

  // 4. The frame: clear, then the same triangle twice, each time with the table pointing at another SRV and
  //    another viewport: checker on the left, the image on the right
  const backBuffer = frame.renderTargets[frame.frameIndex];
  const rtv = currentRtv(frame);
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
  list.IASetVertexBuffers({ StartSlot: 0, NumViews: 1, Views: [vbView] });
  for (let k = 0; k < 2; k++) {
    list.SetGraphicsRootDescriptorTable({ RootParameterIndex: 0, BaseDescriptor: { ptr: gpu.ptr + k * inc } });
    list.RSSetViewports({ NumViewports: 1, Viewports: [Viewports[k]] });
    list.DrawInstanced({
      VertexCountPerInstance: 3,
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
  waitForGpu(frame); // the copies ran: the upload buffers may go
  a.upload.Release();
  b.upload.Release();

  out.textures = [
    { id: a.texture.id, pixels: checker, width: CheckerSize, height: CheckerSize },
    { id: b.texture.id, pixels: image.pixels, width: image.width, height: image.height },
  ];
  out.vertexBuffer = vertexBuffer.id;
}
