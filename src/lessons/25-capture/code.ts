// Lesson 25 — Capture: the frame of lesson 10, marked up for a capture tool. Every object gets a name (SetName),
// the queue work sits inside a queue event, and the list's work inside list events (BeginEvent/EndEvent and a
// SetMarker, what PIXBeginEvent/PIXSetMarker call), so the event list reads "Frame 0 › Clear, Draw triangle" and
// not a flat run of calls. The page captures this frame into a file (the calls, the bytes the CPU wrote, the
// commands) and replays that file to the same pixels.
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
  const frame = createFrame(sys, env); // lessons 2–4 (src/lessons/common/frame.ts)
  const { device, queue, list, allocator, swapChain } = frame;
  const { rootSignature, pso } = createTrianglePipeline(frame); // lessons 5–7
  const { vertexBuffer, view } = createVertexBuffer(frame); // lesson 8

  // Names: what a capture, the panels and DRED print instead of an address (BUG unnamed-resources: none are set)
  if (!bug('unnamed-resources')) {
    queue.SetName({ Name: 'directQueue' });
    allocator.SetName({ Name: 'frameAllocator' });
    list.SetName({ Name: 'frameList' });
    frame.rtvHeap.SetName({ Name: 'rtvHeap' });
    frame.renderTargets.forEach((rt, n) => rt.SetName({ Name: `backBuffer[${n}]` }));
    rootSignature.SetName({ Name: 'triangleRootSignature' });
    pso.SetName({ Name: 'trianglePSO' });
    vertexBuffer.SetName({ Name: 'triangleVertices' });
    device.SetName({ Name: 'device' });
  }

  // The frame, inside one queue event: PIXBeginEvent(queue, 0, L"Frame 0")
  const backBuffer = frame.renderTargets[frame.frameIndex];
  const rtv = currentRtv(frame);
  queue.BeginEvent({ Metadata: 0, Data: 'Frame 0' });
  ThrowIfFailed({ hr: allocator.Reset() });
  ThrowIfFailed({ hr: list.Reset({ Allocator: allocator, InitialState: pso }) });

  list.BeginEvent({ Metadata: 0, Data: 'Clear' });
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
  list.EndEvent();

  list.BeginEvent({ Metadata: 0, Data: 'Draw triangle' });
  list.SetGraphicsRootSignature({ RootSignature: rootSignature });
  list.RSSetViewports({
    NumViewports: 1,
    Viewports: [{ TopLeftX: 0, TopLeftY: 0, Width: frame.width, Height: frame.height, MinDepth: 0, MaxDepth: 1 }],
  });
  list.RSSetScissorRects({ NumRects: 1, Rects: [{ left: 0, top: 0, right: frame.width, bottom: frame.height }] });
  list.IASetPrimitiveTopology({ PrimitiveTopology: D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST });
  list.IASetVertexBuffers({ StartSlot: 0, NumViews: 1, Views: [view] });
  list.SetMarker({ Metadata: 0, Data: '3 vertices, 1 instance' });
  list.DrawInstanced({ VertexCountPerInstance: 3, InstanceCount: 1, StartVertexLocation: 0, StartInstanceLocation: 0 });
  list.EndEvent();

  list.BeginEvent({ Metadata: 0, Data: 'To PRESENT' });
  list.ResourceBarrier({
    NumBarriers: 1,
    Barriers: [Transition(backBuffer, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PRESENT)],
  });
  list.EndEvent();
  ThrowIfFailed({ hr: list.Close() });
  queue.ExecuteCommandLists({ NumCommandLists: 1, CommandLists: [list] });
  queue.EndEvent();

  ThrowIfFailed({ hr: swapChain.Present({ SyncInterval: 1, Flags: 0 }) });
  waitForGpu(frame);
  out.presented = backBuffer.id;
}
