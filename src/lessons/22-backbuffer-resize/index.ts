import { defineLesson } from '../define';
import { runLessonCode } from '../runner';
import { controlValue, type CheckItem, type LessonControl, type LessonRun } from '../types';
import { pixelItem, type RGBA } from '../common/checks';
import type { IDXGISwapChain3 } from '../../core';
import { FRAME_COLOURS, FramesAfter, FramesBefore, type FrameRow, main } from './code';
import source from './code.ts?raw';
import meta from './meta';

/** The window's size after the resize: the canvas element takes it, and the program calls ResizeBuffers with it. */
export const WINDOW_SIZE: LessonControl = {
  id: 'size',
  kind: 'choice',
  options: [64, 96, 128],
  default: 96,
  unit: 'px',
  label: { en: 'Resize the window to (WM_SIZE → ResizeBuffers)', zh: '把窗口改成（WM_SIZE → ResizeBuffers）' },
};

const rowsOf = (run: LessonRun) => (run.out.rows as FrameRow[] | undefined) ?? [];
const colour = (n: number): RGBA => [...FRAME_COLOURS[n - 1].map((c) => Math.round(c * 255)), 255] as RGBA;
const Total = FramesBefore + FramesAfter;

export const lesson22 = defineLesson(meta, {
  source,
  controls: [WINDOW_SIZE],
  canvasSize: (env) => controlValue(WINDOW_SIZE, env),
  run(env) {
    const size = controlValue(WINDOW_SIZE, env);
    const run = runLessonCode(main, env, undefined, [size]);
    run.out.table = {
      title: {
        en: `Back buffers frame by frame (window ${env.width} px, then ${size} px)`,
        zh: `逐帧看后台缓冲（窗口先是 ${env.width} 像素，然后 ${size} 像素）`,
      },
      columns: [
        { en: 'Frame', zh: '帧' },
        { en: 'Size', zh: '尺寸' },
        { en: 'GetCurrentBackBufferIndex()', zh: 'GetCurrentBackBufferIndex()' },
        { en: 'Buffer drawn', zh: '绘制的缓冲' },
        { en: 'Buffer presented', zh: '呈现的缓冲' },
      ],
      rows: rowsOf(run).map((r) => [
        String(r.frame),
        `${r.width}×${r.width}`,
        String(r.currentIndex),
        String(r.drawnIndex),
        String(r.presentedIndex),
      ]),
      highlight: rowsOf(run).findIndex((r) => r.drawnIndex !== r.presentedIndex),
      testId: 'backbuffer-table',
    };
    return run;
  },
  async check(run, pixels, env) {
    const size = controlValue(WINDOW_SIZE, env);
    const rows = rowsOf(run);
    const wrong = rows.filter((r) => r.drawnIndex !== r.presentedIndex);
    const resize = run.sys.trace.events.find((e) => e.k === 'call' && e.api === 'IDXGISwapChain::ResizeBuffers');
    const chain = run.sys.object(run.out.swapChain as number) as IDXGISwapChain3 | undefined;
    const held = chain ? chain.buffers.filter((b) => b.refs > 0).length : 0;
    const hr = resize && resize.k === 'call' ? resize.hr : null;
    const items: CheckItem[] = [
      {
        level: 'correct',
        ok: hr === 'S_OK' && chain?.desc.Width === size,
        what: {
          en: `ResizeBuffers succeeded and the back buffers are ${size}×${size}`,
          zh: `ResizeBuffers 成功，后台缓冲为 ${size}×${size}`,
        },
        expected: `S_OK, ${size}×${size}`,
        got:
          hr === null
            ? 'ResizeBuffers was never called'
            : hr === 'S_OK'
              ? `S_OK, ${chain?.desc.Width}×${chain?.desc.Height}`
              : `${hr} (0x887A0001): ${held} back buffer reference(s) still held; the buffers stay ${chain?.desc.Width}×${chain?.desc.Height}`,
      },
      {
        level: 'correct',
        ok: rows.length === Total && wrong.length === 0,
        what: {
          en: 'every frame was drawn into the buffer its Present showed (GetCurrentBackBufferIndex after each Present)',
          zh: '每一帧都画进了它的 Present 所呈现的缓冲（每次 Present 之后都调用 GetCurrentBackBufferIndex）',
        },
        expected: `${Total} frames, drawn = presented`,
        got: wrong.length
          ? wrong
              .map((r) => `frame ${r.frame}: drew buffer ${r.drawnIndex}, presented buffer ${r.presentedIndex}`)
              .join('; ')
          : `${rows.length} of ${Total} frames, drawn = presented`,
      },
    ];
    // the last frame, read back: its own colour, up to the new size's far corner
    const last = colour(Total);
    items.push(
      await pixelItem(
        pixels,
        4,
        4,
        last,
        { en: `frame ${Total}'s colour at the top left`, zh: `左上角是第 ${Total} 帧的颜色` },
        3,
      ),
    );
    items.push(
      await pixelItem(
        pixels,
        size - 4,
        size - 4,
        last,
        {
          en: `frame ${Total}'s colour at (${size - 4},${size - 4}), inside the resized buffer`,
          zh: `(${size - 4},${size - 4}) 处是第 ${Total} 帧的颜色，在改变尺寸后的缓冲之内`,
        },
        3,
      ),
    );
    return items;
  },
});

export default lesson22;
