// Drives the executor for the lesson page: on every (re)run it draws to the end, reads the check's pixels
// back from the GPU, grades, then shows the frame at the step cursor; on each cursor move it redraws.
// Device loss re-invokes the draw through useLiveCanvas (a fresh presenter and executor).
import { useEffect, useRef } from 'react';
import { useLiveCanvas } from '../hooks';
import { LessonExecutor } from '../../gpu/executor';
import { readTexturePixels } from '../../gpu/readback';
import type { CanvasPresenter } from '../../gpu/presenter';
import { lessonStore } from '../../state/lesson';
import { checkLesson } from '../../lessons/runner';
import type { PixelReader } from '../../lessons/types';

export function useLessonCanvas(generation: number, cursor: number) {
  const presenterRef = useRef<{ p: CanvasPresenter; exec: LessonExecutor } | null>(null);
  const chain = useRef<Promise<unknown>>(Promise.resolve());

  /** Serialise GPU work: a step pressed during a draw waits for it. */
  const enqueue = (fn: () => Promise<void>) => {
    chain.current = chain.current.then(fn, fn);
    return chain.current;
  };

  const drawAt = async (n: number) => {
    const st = lessonStore.getState();
    const cur = presenterRef.current;
    if (!cur || !st.run) return;
    const res = await cur.exec.execute(cur.p, st.run.sys, n);
    if (lessonStore.getState().run !== st.run) return;
    lessonStore.setState({ canvas: { gpuErrors: res.gpuErrors, hazards: res.hazards, presentedAt: res.presentedAt, notes: res.notes, ran: res.ran } });
  };

  const { canvasRef, frames } = useLiveCanvas(async (p) => {
    if (!presenterRef.current || presenterRef.current.p !== p) presenterRef.current = { p, exec: new LessonExecutor(p.device) };
    await enqueue(async () => {
      const st = lessonStore.getState();
      if (!st.run || !st.def || !st.env) return;
      const { run, def, env } = st;
      await drawAt(st.lastCall);
      const pixels: PixelReader = async (x, y) => {
        const tex = p.presented;
        if (!tex) throw new Error('nothing presented');
        const b = await readTexturePixels(p.device, tex, x, y, 1, 1);
        return [b[0], b[1], b[2], b[3]];
      };
      const report = await checkLesson(def, run, def.canvas ? pixels : null, env);
      if (lessonStore.getState().run !== run) return;
      lessonStore.setState({ check: report });
      const now = lessonStore.getState().cursor;
      if (now !== st.lastCall) await drawAt(now);
    });
  }, [generation]);

  // Step cursor moved: redraw the frame as of that call (the check stays the full run's).
  useEffect(() => {
    if (!presenterRef.current) return;
    void enqueue(() => drawAt(cursor));
  }, [cursor]);

  return { canvasRef, frames };
}

/** No WebGPU, or a lesson that draws nothing: grade against the model alone. */
export function useModelOnlyCheck(generation: number, needsCanvas: boolean, gpuStatus: string) {
  useEffect(() => {
    const st = lessonStore.getState();
    if (!st.run || !st.def || !st.env) return;
    if (needsCanvas && gpuStatus !== 'unavailable') return;
    const { run, def, env } = st;
    void checkLesson(def, run, null, env).then((report) => {
      if (lessonStore.getState().run === run) lessonStore.setState({ check: report });
    });
  }, [generation, needsCanvas, gpuStatus]);
}
