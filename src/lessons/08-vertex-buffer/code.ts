// Lesson 08 — A vertex buffer on an upload heap: CPU-writable memory the GPU reads directly, described to the
// input assembler by a vertex buffer view (GPU address, size, stride).
import {
  type D3D12System,
  D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST,
  D3D12_HEAP_FLAG_NONE,
  D3D12_HEAP_TYPE_READBACK,
  D3D12_HEAP_TYPE_UPLOAD,
  D3D12_RESOURCE_DIMENSION_BUFFER,
  D3D12_RESOURCE_STATE_COPY_DEST,
  D3D12_RESOURCE_STATE_GENERIC_READ,
  D3D12_RESOURCE_STATE_PRESENT,
  D3D12_RESOURCE_STATE_RENDER_TARGET,
  D3D12_TEXTURE_LAYOUT_ROW_MAJOR,
  DXGI_FORMAT_UNKNOWN,
} from '../../core';
import { ThrowIfFailed } from '../runner';
import type { LessonEnv } from '../types';
import { Transition, createFrame, currentRtv, waitForGpu } from '../common/frame';
import { BACKGROUND, createTrianglePipeline } from '../common/triangle';

// struct Vertex { float3 position; float4 color; };  sizeof(Vertex) == 28
const triangleVertices = new Float32Array([
  0.0, 0.5, 0.0, /**/ 1, 0, 0, 1, 0.5, -0.5, 0.0, /**/ 0, 1, 0, 1, -0.5, -0.5, 0.0, /**/ 0, 0, 1, 1,
]);
const sizeofVertex = 7 * Float32Array.BYTES_PER_ELEMENT;

export function main(sys: D3D12System, env: LessonEnv, out: Record<string, unknown>) {
  const bug = (id: string) => env.bugs.has(id);
  const frame = createFrame(sys, env); // lessons 2–4 (src/lessons/common/frame.ts)
  const { device, list, allocator, queue, swapChain } = frame;
  const { rootSignature, pso } = createTrianglePipeline(frame); // lessons 5–7 (src/lessons/common/triangle.ts)

  // An upload-heap buffer: GENERIC_READ for its whole life, never transitioned
  const vertexBufferSize = triangleVertices.byteLength;
  const vertexBuffer = ThrowIfFailed(
    device.CreateCommittedResource({
      HeapProperties: { Type: D3D12_HEAP_TYPE_UPLOAD },
      HeapFlags: D3D12_HEAP_FLAG_NONE,
      Desc: {
        Dimension: D3D12_RESOURCE_DIMENSION_BUFFER,
        Width: vertexBufferSize,
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

  // Map (we will not read: empty read range), memcpy, Unmap
  const pVertexDataBegin = ThrowIfFailed(vertexBuffer.Map({ Subresource: 0, ReadRange: { Begin: 0, End: 0 } }));
  pVertexDataBegin.set(new Uint8Array(triangleVertices.buffer));
  vertexBuffer.Unmap({ Subresource: 0, WrittenRange: { Begin: 0, End: vertexBufferSize } });

  const vertexBufferView = {
    BufferLocation: vertexBuffer.GetGPUVirtualAddress(),
    SizeInBytes: vertexBufferSize,
    // BUG wrong-stride: sizeof(float4) ("the position is a float4, like SV_POSITION") instead of sizeof(Vertex)
    StrideInBytes: bug('wrong-stride') ? 4 * 4 : sizeofVertex,
  };

  // For the check: a readback-heap buffer of the same size, created in COPY_DEST and left there; the GPU copies the
  // vertex data into it and the CPU reads it once the fence says the copy is done
  const readbackBuffer = ThrowIfFailed(
    device.CreateCommittedResource({
      HeapProperties: { Type: D3D12_HEAP_TYPE_READBACK },
      HeapFlags: D3D12_HEAP_FLAG_NONE,
      Desc: {
        Dimension: D3D12_RESOURCE_DIMENSION_BUFFER,
        Width: vertexBufferSize,
        Height: 1,
        DepthOrArraySize: 1,
        MipLevels: 1,
        Format: DXGI_FORMAT_UNKNOWN,
        SampleDesc: { Count: 1, Quality: 0 },
        Layout: D3D12_TEXTURE_LAYOUT_ROW_MAJOR,
      },
      InitialResourceState: D3D12_RESOURCE_STATE_COPY_DEST,
      OptimizedClearValue: null,
    }),
  );

  // Record the frame
  ThrowIfFailed({ hr: allocator.Reset() });
  ThrowIfFailed({ hr: list.Reset({ Allocator: allocator, InitialState: pso }) });
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
  list.ClearRenderTargetView({ RenderTargetView: rtv, ColorRGBA: BACKGROUND, NumRects: 0, Rects: null });
  list.SetGraphicsRootSignature({ RootSignature: rootSignature });
  list.RSSetViewports({
    NumViewports: 1,
    Viewports: [{ TopLeftX: 0, TopLeftY: 0, Width: frame.width, Height: frame.height, MinDepth: 0, MaxDepth: 1 }],
  });
  list.RSSetScissorRects({ NumRects: 1, Rects: [{ left: 0, top: 0, right: frame.width, bottom: frame.height }] });
  list.IASetPrimitiveTopology({ PrimitiveTopology: D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST });
  list.IASetVertexBuffers({ StartSlot: 0, NumViews: 1, Views: [vertexBufferView] });
  list.DrawInstanced({ VertexCountPerInstance: 3, InstanceCount: 1, StartVertexLocation: 0, StartInstanceLocation: 0 });
  list.ResourceBarrier({
    NumBarriers: 1,
    Barriers: [Transition(backBuffer, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PRESENT)],
  });
  // For the check: the GPU copies the vertex buffer into the readback buffer (GENERIC_READ includes COPY_SOURCE,
  // the readback buffer stays in COPY_DEST: no barrier on either)
  list.CopyBufferRegion({
    DstBuffer: readbackBuffer,
    DstOffset: 0,
    SrcBuffer: vertexBuffer,
    SrcOffset: 0,
    NumBytes: vertexBufferSize,
  });
  ThrowIfFailed({ hr: list.Close() });
  queue.ExecuteCommandLists({ NumCommandLists: 1, CommandLists: [list] });
  ThrowIfFailed({ hr: swapChain.Present({ SyncInterval: 1, Flags: 0 }) });
  waitForGpu(frame); // the fence: the GPU has drawn and copied

  // Read the copy through Map: readback memory is CPU-cached, so reading it is fast (unlike the write-combined
  // upload heap). Read range: the whole buffer; written range: nothing
  const readBack = ThrowIfFailed(
    readbackBuffer.Map({ Subresource: 0, ReadRange: { Begin: 0, End: vertexBufferSize } }),
  );
  out.vertexBytes = Array.from(readBack.subarray(0, vertexBufferSize));
  readbackBuffer.Unmap({ Subresource: 0, WrittenRange: { Begin: 0, End: 0 } });
  out.sourceBytes = Array.from(new Uint8Array(triangleVertices.buffer));
  out.stride = vertexBufferView.StrideInBytes;
  out.sizeofVertex = sizeofVertex;
}
