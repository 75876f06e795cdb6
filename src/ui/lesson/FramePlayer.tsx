// Plays an animated lesson (LessonDef.frames, lesson 21): the run is already complete, and playing it moves the step
// cursor from one frame's Present to the next, so the canvas, code view, messages and panels all follow the frame.
// Moving the cursor only redraws (the run flow's redrawAtCursor); the check, graded once on a fixed frame
// (LessonDef.gradeAt), never changes. The next frame is scheduled only after the previous one was drawn (the canvas's
// frame counter moved), so a slow GPU slows the animation down instead of queueing draws.
import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { lessonStore, setCursor } from '../../state/lesson';

/**
 * Shortest time from one frame to the next (40 frames/s at most): the next frame waits for the previous one to be on
 * the canvas and for the rest of this interval, so a fast machine plays at this pace and a slow one as fast as it
 * draws (issue 16: lesson 21 plays at >= 30 frames/s; it waited 40 ms after each draw before).
 */
const FRAME_MS = 25;

const TEXT = {
  en: { play: 'Play', pause: 'Pause', prev: 'Previous frame', next: 'Next frame', frame: 'frame', label: 'Animation' },
  zh: { play: '播放', pause: '暂停', prev: '上一帧', next: '下一帧', frame: '帧', label: '动画' },
};

/** 1-based number of the frame on the canvas at this cursor (0: before the first Present). */
export function frameAt(frames: readonly number[], cursor: number): number {
  let k = 0;
  while (k < frames.length && frames[k] <= cursor) k++;
  return k;
}

/** `graded`: the call whose frame the check grades (LessonDef.gradeAt), shown on the element for tools and tests. */
export function FramePlayer({
  frames,
  lang,
  graded,
}: {
  frames: readonly number[];
  lang: 'en' | 'zh';
  graded?: number | null;
}) {
  const t = TEXT[lang];
  const generation = useStore(lessonStore, (s) => s.generation);
  const cursor = useStore(lessonStore, (s) => s.cursor);
  const lastCall = useStore(lessonStore, (s) => s.lastCall);
  const drawn = useStore(lessonStore, (s) => s.frames);
  const settled = useStore(lessonStore, (s) => s.check != null);
  const [playing, setPlaying] = useState(false);
  const framesRef = useRef(frames);
  framesRef.current = frames;
  const advancedAt = useRef(0);

  // Each new request plays from its first frame, unless a link asked for a step (?step=) or no animation (?play=0).
  useEffect(() => {
    const q = new URLSearchParams(window.location.search);
    if (q.has('step') || q.get('play') === '0' || framesRef.current.length === 0) return;
    setCursor(framesRef.current[0]);
    setPlaying(true);
  }, [generation]);

  // Next frame, once the current one is drawn; after the last frame the cursor runs to the end of the program.
  useEffect(() => {
    if (!playing || !settled) return;
    const wait = Math.max(0, FRAME_MS - (performance.now() - advancedAt.current));
    const id = setTimeout(() => {
      advancedAt.current = performance.now();
      const st = lessonStore.getState();
      const k = frameAt(framesRef.current, st.cursor);
      if (k >= framesRef.current.length) {
        setPlaying(false);
        setCursor(st.lastCall);
        return;
      }
      setCursor(framesRef.current[k]);
    }, wait);
    return () => clearTimeout(id);
  }, [playing, settled, drawn]);

  const k = frameAt(frames, cursor);
  const go = (n: number) => {
    setPlaying(false);
    setCursor(frames[Math.max(0, Math.min(frames.length - 1, n - 1))]);
  };
  return (
    <div
      className="frame-player"
      role="group"
      aria-label={t.label}
      data-testid="frame-player"
      data-frame={k}
      data-frames={frames.length}
      data-playing={playing}
      data-graded-call={graded ?? undefined}
    >
      <button
        type="button"
        data-testid="frame-play"
        onClick={() => {
          if (!playing && (k >= frames.length || cursor >= lastCall)) setCursor(frames[0]);
          setPlaying(!playing);
        }}
      >
        {playing ? `⏸ ${t.pause}` : `⏵ ${t.play}`}
      </button>
      <button type="button" data-testid="frame-prev" disabled={k <= 1} onClick={() => go(k - 1)}>
        ◀ {t.prev}
      </button>
      <button type="button" data-testid="frame-next" disabled={k >= frames.length} onClick={() => go(k + 1)}>
        {t.next} ▶
      </button>
      <span className="frame-pos" data-testid="frame-pos">
        {t.frame} {k} / {frames.length}
      </span>
    </div>
  );
}
