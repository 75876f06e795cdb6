// window.d3d12lab: the automation contract that tests, tools and instructors rely on (see README).
import { gpuHost, gpuStore, prefsStore } from './app-context';
import { sessionStore } from '../state/session';
import type { PngErrorCode } from '../lessons/common/png-errors';
import type { Footprint } from '../lessons/11-png-decode/learner';
import type { RunCodeResult } from '../state/playground';

export type DecodePngResult =
  | {
      ok: true;
      width: number;
      height: number;
      bitDepth: number;
      colorType: number;
      channels: number;
      rowPitch: number;
      footprint: Footprint;
    }
  | { ok: false; error: { code: PngErrorCode; message: string } };

export interface D3D12LabAutomation {
  readPixels(x: number, y: number, w: number, h: number): Promise<number[]>;
  exportTrace(): unknown;
  loseDevice(): boolean;
  gpuStatus(): string;
  /** A PNG's bytes → what lesson 11 would upload (footprint from the model) or the error a learner would read. Never throws. */
  decodePng(bytes: Uint8Array, opts?: { timeoutMs?: number }): Promise<DecodePngResult>;
  /** The current lesson's code as the editor starts with it (as shown: this run's bugs resolved, no plumbing). */
  lessonSource(): string;
  /** Runs `source` in the sandbox as the current lesson's code; the page shows that run. Never rejects. */
  runCode(source: string): Promise<RunCodeResult>;
}

declare global {
  interface Window {
    d3d12lab: D3D12LabAutomation;
  }
}

export function installAutomation() {
  window.d3d12lab = {
    async readPixels(x, y, w, h) {
      const read = sessionStore.getState().readPixels;
      if (!read) throw new Error('readPixels: this page has not presented a frame (no canvas, or WebGPU unavailable)');
      return Array.from(await read(x, y, w, h));
    },
    exportTrace() {
      const exp = sessionStore.getState().exportTrace;
      return exp ? exp() : { traceEvents: [], events: [] };
    },
    loseDevice: () => gpuHost.loseDevice(),
    gpuStatus: () => gpuStore.getState().status,
    decodePng,
    lessonSource() {
      const source = sessionStore.getState().lessonSource;
      if (!source) throw new Error('lessonSource: this page shows no live lesson');
      return source();
    },
    async runCode(source: string) {
      // the lesson session and the playground (sandbox, model, executor) load with the first call (issue 16: not
      // with the app; a live lesson's page has loaded them already)
      const [{ lessonStore }, { openEditor, runEdited }] = await Promise.all([
        import('../state/lesson'),
        import('../state/playground'),
      ]);
      const { def, env } = lessonStore.getState();
      if (!def || !env)
        return {
          status: 'error',
          level: 'none',
          messages: [],
          error: { code: 'runtime', message: 'no live lesson on this page' },
        };
      if (typeof source !== 'string')
        return {
          status: 'error',
          level: 'none',
          messages: [],
          error: { code: 'type', message: 'runCode takes the code as a string' },
        };
      openEditor(`${def.entry.id}-${def.entry.slug}`, source);
      const modelOnly = !def.canvas || gpuStore.getState().status === 'unavailable';
      return runEdited(def, env, source, { modelOnly });
    },
  };
}

// The decoder, its error texts and lesson 11's footprint load with the first call (issue 16: not with the app).
async function decodePng(bytes: Uint8Array, opts?: { timeoutMs?: number }): Promise<DecodePngResult> {
  const { PNG_LIMITS, pngErrorText } = await import('../lessons/common/png-errors');
  try {
    const [{ decodeInWorker }, { modelFootprint }] = await Promise.all([
      import('../state/png'),
      import('../lessons/11-png-decode/learner'),
    ]);
    const ms = Number(opts?.timeoutMs);
    const r = await decodeInWorker(
      bytes,
      Number.isFinite(ms) && ms > 0 ? Math.min(ms, PNG_LIMITS.timeoutMs) : PNG_LIMITS.timeoutMs,
    );
    if (!r.ok)
      return { ok: false, error: { code: r.error.code, message: pngErrorText(r.error)[prefsStore.getState().lang] } };
    const { width, height, bitDepth, colorType, channels } = r.info;
    const footprint = modelFootprint(width, height);
    return { ok: true, width, height, bitDepth, colorType, channels, rowPitch: footprint.RowPitch, footprint };
  } catch (e) {
    return {
      ok: false,
      error: {
        code: 'worker-failed',
        message: pngErrorText({ code: 'worker-failed', params: { why: String(e) } })[prefsStore.getState().lang],
      },
    };
  }
}
