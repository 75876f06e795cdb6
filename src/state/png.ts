// The learner's PNG for lesson 11: decoded in a worker with a time limit (the page thread only waits), kept here
// so the lesson page re-runs the lesson on it; a refused file leaves the previous image in place.
import { createStore } from 'zustand/vanilla';
import type { PngDecodeResult } from '../lessons/common/png-decode';
import { PNG_LIMITS, type PngError } from '../lessons/common/png-errors';
import type { LearnerPng } from '../lessons/types';

/**
 * Decode `bytes` off the main thread; the worker is ended if it runs past `timeoutMs`. Never rejects. The bytes are
 * copied for the worker, so the caller's array stays usable. Without Worker (Node tests) it decodes in place.
 */
export function decodeInWorker(bytes: Uint8Array, timeoutMs: number = PNG_LIMITS.timeoutMs): Promise<PngDecodeResult> {
  if (!(bytes instanceof Uint8Array)) return Promise.resolve({ ok: false, error: { code: 'not-bytes' } });
  if (bytes.length > PNG_LIMITS.maxFileBytes)
    return Promise.resolve({
      ok: false,
      error: { code: 'file-too-large', params: { size: bytes.length, max: PNG_LIMITS.maxFileBytes } },
    });
  // no workers (Node, tests): decode here. The decoder (and its inflate library) loads then: every lesson page imports
  // this store, and a static import put the decoder's start-up on each lesson link's way to its first frame (issue 16)
  if (typeof Worker === 'undefined')
    return import('../lessons/common/png-decode').then(({ decodePngToRgba }) => decodePngToRgba(bytes));
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('../lessons/common/png.worker.ts', import.meta.url), { type: 'module' });
    } catch (e) {
      resolve({ ok: false, error: { code: 'worker-failed', params: { why: String(e) } } });
      return;
    }
    const done = (r: PngDecodeResult) => {
      clearTimeout(timer);
      worker.terminate();
      resolve(r);
    };
    const timer = setTimeout(
      () => done({ ok: false, error: { code: 'timeout', params: { ms: timeoutMs } } }),
      timeoutMs,
    );
    worker.onmessage = (e: MessageEvent<PngDecodeResult>) => done(e.data);
    worker.onerror = (e) => {
      e.preventDefault();
      done({ ok: false, error: { code: 'worker-failed', params: { why: e.message || 'error' } } });
    };
    worker.onmessageerror = () =>
      done({ ok: false, error: { code: 'worker-failed', params: { why: 'message could not be read' } } });
    const copy = bytes.slice();
    worker.postMessage(copy, [copy.buffer]);
  });
}

export interface PngPick {
  /** The image lesson 11 runs on (null: none picked yet). */
  image: LearnerPng | null;
  /** The last file's refusal (cleared by the next good file); the image above stays. */
  error: (PngError & { name: string }) | null;
  busy: boolean;
  /** Milliseconds the last decode took, worker start included. */
  ms: number | null;
}

export const pngStore = createStore<PngPick>()(() => ({ image: null, error: null, busy: false, ms: null }));

/** A file the learner picked or dropped. */
export async function pickPng(name: string, bytes: Uint8Array): Promise<PngDecodeResult> {
  pngStore.setState({ busy: true });
  const t0 = performance.now();
  const r = await decodeInWorker(bytes);
  const ms = Math.round(performance.now() - t0);
  if (r.ok) pngStore.setState({ image: { name, info: r.info, rgba: r.rgba }, error: null, busy: false, ms });
  else pngStore.setState({ error: { ...r.error, name }, busy: false, ms });
  return r;
}
