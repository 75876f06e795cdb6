// Binds the lesson canvas to the lesson run flow (src/state/lessonRun.ts): each device that becomes ready
// (first start, and after every device loss) gets one presenter on this canvas, attached as the surface the
// current request settles on. The flow, not this hook, decides what is drawn and when the check is published.
import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { gpuHost } from '../app-context';
import { attachCanvas, redrawAtCursor } from '../../state/lessonRun';
import { lessonStore } from '../../state/lesson';

export function useLessonCanvas(cursor: number) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const frames = useStore(lessonStore, (s) => s.frames);

  useEffect(() => {
    let detach: (() => void) | null = null;
    const off = gpuHost.onDeviceReady((device) => {
      const canvas = canvasRef.current;
      if (!canvas || !navigator.gpu) return;
      detach?.();
      detach = attachCanvas(device, canvas, navigator.gpu); // the boot request's surface, if it drew for this canvas
    });
    void gpuHost.start();
    return () => {
      off();
      detach?.();
    };
  }, []);

  // Step cursor moved: redraw the frame as of that call.
  useEffect(() => {
    void redrawAtCursor();
  }, [cursor]);

  return { canvasRef, frames };
}
