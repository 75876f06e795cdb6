import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { gpuHost, gpuStore, prefsStore, progressStore } from './app-context';
import { sessionStore } from '../state/session';
import { CanvasPresenter } from '../gpu/presenter';
import { readPresentedPixels } from '../gpu/readback';

export const useGpuStatus = () => useStore(gpuStore);
export function useProgress<T>(select: (s: ReturnType<typeof progressStore.getState>) => T): T {
  return useStore(progressStore, select);
}

export function usePrefs<T>(select: (s: ReturnType<typeof prefsStore.getState>) => T): T {
  return useStore(prefsStore, select);
}

/**
 * Gives `draw` a presenter for the canvas each time a device is ready (first start and after every
 * device loss), and exposes readPixels to the automation hook while mounted.
 */
export function useLiveCanvas(draw: (p: CanvasPresenter) => Promise<void> | void, deps: unknown[]) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [frames, setFrames] = useState(0);
  const drawRef = useRef(draw);
  drawRef.current = draw;

  useEffect(() => {
    let presenter: CanvasPresenter | null = null;
    const run = async () => {
      if (!presenter) return;
      await drawRef.current(presenter);
      setFrames((n) => n + 1);
    };
    const off = gpuHost.onDeviceReady(async (device) => {
      const canvas = canvasRef.current;
      if (!canvas || !navigator.gpu) return;
      presenter = new CanvasPresenter(device, canvas, navigator.gpu);
      await run();
    });
    void gpuHost.start();
    sessionStore.setState({
      readPixels: async (x, y, w, h) => {
        const tex = presenter?.presented;
        if (!presenter || !tex) throw new Error('readPixels: nothing has been presented yet');
        return readPresentedPixels(presenter.device, tex, x, y, w, h);
      },
    });
    return () => {
      off();
      sessionStore.setState({ readPixels: null });
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);

  return { canvasRef, frames };
}
