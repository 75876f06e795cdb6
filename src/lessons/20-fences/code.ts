// Lesson 20 — Fences: the CPU proves the GPU is past a point. Three submissions, each followed by a queue Signal
// of a new, larger value; the CPU arms an event with SetEventOnCompletion and waits with a 2000 ms timeout, so a
// value that is never signalled ends in a WAIT_TIMEOUT report instead of a frozen program.
import {
  type D3D12System,
  D3D12_FENCE_FLAG_NONE,
  D3D12_RESOURCE_STATE_PRESENT,
  D3D12_RESOURCE_STATE_RENDER_TARGET,
} from '../../core';
import { ThrowIfFailed } from '../runner';
import type { LessonEnv } from '../types';
import { Transition, createFrame, currentRtv } from '../common/frame';

export const Submissions = 3;
export const TimeoutMs = 2000;

export interface FenceRow {
  submission: number;
  signalled: string;
  awaited: string;
  before: string;
  wait: string;
  after: string;
}

export function main(sys: D3D12System, env: LessonEnv, out: Record<string, unknown>) {
  const bug = (id: string) => env.bugs.has(id);
  const frame = createFrame(sys, env); // lessons 2–4 (src/lessons/common/frame.ts)
  const { device, list, allocator, queue } = frame;

  // One fence, starting at 0, one counter, one auto-reset event
  const fence = ThrowIfFailed(device.CreateFence({ InitialValue: 0, Flags: D3D12_FENCE_FLAG_NONE }));
  fence.SetName({ Name: 'fence' });
  let fenceValue = 0n;
  const fenceEvent = sys.CreateEvent({
    lpEventAttributes: null,
    bManualReset: false,
    bInitialState: false,
    lpName: null,
  });
  const rows: FenceRow[] = [];

  for (let n = 0; n < Submissions; n++) {
    // Some GPU work: clear the back buffer (PRESENT → RENDER_TARGET → PRESENT)
    ThrowIfFailed({ hr: allocator.Reset() });
    ThrowIfFailed({ hr: list.Reset({ Allocator: allocator, InitialState: null }) });
    const backBuffer = frame.renderTargets[frame.frameIndex];
    list.ResourceBarrier({
      NumBarriers: 1,
      Barriers: [Transition(backBuffer, D3D12_RESOURCE_STATE_PRESENT, D3D12_RESOURCE_STATE_RENDER_TARGET)],
    });
    list.ClearRenderTargetView({
      RenderTargetView: currentRtv(frame),
      ColorRGBA: [0.1 * n, 0.4, 0.8, 1],
      NumRects: 0,
      Rects: null,
    });
    list.ResourceBarrier({
      NumBarriers: 1,
      Barriers: [Transition(backBuffer, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PRESENT)],
    });
    ThrowIfFailed({ hr: list.Close() });
    queue.ExecuteCommandLists({ NumCommandLists: 1, CommandLists: [list] });

    // Signal a new, larger value after the work. BUG fence-not-incremented: Signal the old value and wait for the
    // next one, which nothing will ever signal.
    let target: bigint;
    if (bug('fence-not-incremented')) {
      ThrowIfFailed({ hr: queue.Signal({ Fence: fence, Value: fenceValue }) });
      target = fenceValue + 1n;
    } else {
      target = ++fenceValue;
      ThrowIfFailed({ hr: queue.Signal({ Fence: fence, Value: target }) });
    }

    // Wait on the CPU, with a timeout
    const before = fence.GetCompletedValue();
    let wait = 'not needed';
    if (before < target) {
      ThrowIfFailed({ hr: fence.SetEventOnCompletion({ Value: target, hEvent: fenceEvent }) });
      wait = sys.WaitForSingleObject({ hHandle: fenceEvent, dwMilliseconds: TimeoutMs });
    }
    const after = fence.GetCompletedValue();
    rows.push({
      submission: n + 1,
      signalled: String(bug('fence-not-incremented') ? fenceValue : target),
      awaited: String(target),
      before: String(before),
      wait,
      after: String(after),
    });
    if (wait === 'WAIT_TIMEOUT') break; // report: the GPU has not reached target (the table shows expected vs reached)
  }

  out.rows = rows;
  out.fence = fence.id;
}
