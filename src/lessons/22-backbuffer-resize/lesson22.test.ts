// Lesson 22: GetCurrentBackBufferIndex after every Present, and a resize done right (wait, release, ResizeBuffers,
// GetBuffer + RTVs in the same slots). stale-backbuffer-index counts frames itself: right until the resize restarts
// the swap chain's ring at 0, then every frame draws one buffer and presents another (WRONGSWAPCHAINBUFFERREFERENCE
// with the layer on; the presented buffer holds the previous frame). resize-without-release: ResizeBuffers returns
// DXGI_ERROR_INVALID_CALL (no D3D12 message) and the program stops there with the old buffers.
import { describe, expect, it } from 'vitest';
import { checkLesson } from '../runner';
import { planReplay } from '../../gpu/executor/plan';
import type { IDXGISwapChain3 } from '../../core';
import type { LessonEnv } from '../types';
import type { FrameRow } from './code';
import { lesson22 } from './index';

const env = (bugs: string[] = [], debugLayer = true, size?: number): LessonEnv => ({
  debugLayer,
  bugs: new Set(bugs),
  width: 64,
  height: 64,
  ...(size ? { params: { size } } : {}),
});

/** The colour the last Present's buffer was last cleared to, by the submissions before it (what the canvas shows). */
function shownColour(run: ReturnType<typeof lesson22.run>): number[] | null {
  const plan = planReplay(run.sys, run.sys.callIndex);
  let colour: number[] | null = null;
  for (const s of plan.submissions)
    for (const cmds of s.commands ?? [])
      for (const c of cmds) {
        if (c.op === 'ClearRenderTargetView' && c.rtv.res?.id === plan.present?.buffer) colour = [...c.ColorRGBA];
      }
  return colour;
}

describe('lesson 22: back-buffer index and resize', () => {
  it.each([64, 96, 128])(
    'correct at %i px: 8 frames, drawn = presented, ResizeBuffers S_OK, buffers at the new size',
    async (size) => {
      const run = lesson22.run(env([], true, size));
      expect(run.stopped).toBeNull();
      expect(run.sys.messages).toEqual([]);
      const rows = run.out.rows as FrameRow[];
      expect(rows.map((r) => [r.currentIndex, r.presentedIndex])).toEqual([
        [0, 0],
        [1, 1],
        [2, 2],
        [0, 0],
        [0, 0],
        [1, 1],
        [2, 2],
        [0, 0],
      ]);
      const chain = run.sys.object(run.out.swapChain as number) as IDXGISwapChain3;
      expect([chain.desc.Width, chain.desc.Height]).toEqual([size, size]);
      expect(lesson22.canvasSize!(env([], true, size))).toBe(size);
      expect(shownColour(run)).toEqual([0.5, 0.5, 1.0, 1]); // frame 8's colour
      const report = await checkLesson(lesson22, run, null, env([], true, size));
      expect(report.items.filter((i) => !i.ok).every((i) => i.got.startsWith('no WebGPU'))).toBe(true);
    },
  );

  it('stale-backbuffer-index: WRONGSWAPCHAINBUFFERREFERENCE at ExecuteCommandLists after the resize (layer on only); the canvas shows frame 7', async () => {
    for (const debugLayer of [true, false]) {
      const run = lesson22.run(env(['stale-backbuffer-index'], debugLayer));
      const msgs = run.sys.messages.filter((m) => m.id === 'EXECUTECOMMANDLISTS_WRONGSWAPCHAINBUFFERREFERENCE');
      expect(msgs).toHaveLength(debugLayer ? 4 : 0);
      if (debugLayer) {
        const call = run.sys.trace.events.find((e) => e.k === 'call' && e.i === msgs[0].callIndex);
        expect(call && call.k === 'call' && call.api).toBe('ID3D12CommandQueue::ExecuteCommandLists');
      }
      expect(shownColour(run)).toEqual([1.0, 0.5, 0.0, 1]); // frame 7's colour: a stale frame
      const report = await checkLesson(lesson22, run, null, env(['stale-backbuffer-index'], debugLayer));
      expect(report.status).toBe('fail');
      expect(report.items.find((i) => i.expected.includes('drawn = presented'))?.got).toContain(
        'frame 8: drew buffer 1, presented buffer 0',
      );
    }
  });

  it('resize-without-release: ResizeBuffers → DXGI_ERROR_INVALID_CALL, no D3D12 message, the program stops with 64×64 buffers', async () => {
    for (const debugLayer of [true, false]) {
      const run = lesson22.run(env(['resize-without-release'], debugLayer));
      expect(run.sys.messages).toEqual([]);
      expect(run.stopped).toMatchObject({
        hr: 'DXGI_ERROR_INVALID_CALL',
        what: 'IDXGISwapChain::ResizeBuffers returned DXGI_ERROR_INVALID_CALL',
      });
      expect((run.out.rows as FrameRow[]).length).toBe(4);
      const report = await checkLesson(lesson22, run, null, env(['resize-without-release'], debugLayer));
      expect(report).toMatchObject({ status: 'fail', level: 'none' });
      expect(report.items.find((i) => i.expected.startsWith('S_OK, 96×96'))?.got).toBe(
        'DXGI_ERROR_INVALID_CALL (0x887A0001): 3 back buffer reference(s) still held; the buffers stay 64×64',
      );
    }
  });
});
