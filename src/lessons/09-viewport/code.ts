// Lesson 09 — Viewport and scissor. The viewport maps clip space to pixels (and depth z to MinDepth..MaxDepth);
// the scissor rectangle discards pixels outside it. After Reset a command list has neither: set both every frame.
import {
  type D3D12System,
  D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST,
  D3D12_RESOURCE_STATE_PRESENT,
  D3D12_RESOURCE_STATE_RENDER_TARGET,
} from '../../core';
import { ThrowIfFailed } from '../runner';
import type { LessonEnv } from '../types';
import { Transition, createFrame, currentRtv, waitForGpu } from '../common/frame';
import { BACKGROUND, createTrianglePipeline, createVertexBuffer } from '../common/triangle';

export function main(sys: D3D12System, env: LessonEnv, out: Record<string, unknown>) {
  const bug = (id: string) => env.bugs.has(id);
  const frame = createFrame(sys, env); // lessons 2–4
  const { list, allocator, queue, swapChain } = frame;
  const { rootSignature, pso } = createTrianglePipeline(frame); // lessons 5–7
  const { view } = createVertexBuffer(frame); // lesson 8

  // The full frame, depth range 0..1 (BUG depth-range: MaxDepth 0 squashes every depth to 0; it does NOT clip)
  const viewport = {
    TopLeftX: 0,
    TopLeftY: 0,
    Width: frame.width,
    Height: frame.height,
    MinDepth: 0.0,
    MaxDepth: bug('depth-range') ? 0.0 : 1.0,
  };
  // D3D12_RECT: left, top, right, bottom (BUG zero-scissor: a zero-initialised RECT is an empty scissor)
  const scissorRect = bug('zero-scissor')
    ? { left: 0, top: 0, right: 0, bottom: 0 }
    : { left: 0, top: 0, right: frame.width, bottom: frame.height };

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
  list.RSSetViewports({ NumViewports: 1, Viewports: [viewport] });
  list.RSSetScissorRects({ NumRects: 1, Rects: [scissorRect] });
  list.IASetPrimitiveTopology({ PrimitiveTopology: D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST });
  list.IASetVertexBuffers({ StartSlot: 0, NumViews: 1, Views: [view] });
  list.DrawInstanced({ VertexCountPerInstance: 3, InstanceCount: 1, StartVertexLocation: 0, StartInstanceLocation: 0 });
  list.ResourceBarrier({
    NumBarriers: 1,
    Barriers: [Transition(backBuffer, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PRESENT)],
  });
  ThrowIfFailed({ hr: list.Close() });
  queue.ExecuteCommandLists({ NumCommandLists: 1, CommandLists: [list] });
  ThrowIfFailed({ hr: swapChain.Present({ SyncInterval: 1, Flags: 0 }) });
  waitForGpu(frame);

  out.viewport = viewport;
  out.scissor = scissorRect;
}
