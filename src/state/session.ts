// What the current page exposes to the automation hook: the presented frame and the trace.
// Pages register providers; window.d3d12lab reads through them, so tests see what a user sees.
import { createStore } from 'zustand/vanilla';

export interface SessionProviders {
  /** RGBA bytes of the last presented frame, read back from the GPU. */
  readPixels: ((x: number, y: number, w: number, h: number) => Promise<Uint8Array>) | null;
  /** The current trace as JSON-serialisable data. */
  exportTrace: (() => unknown) | null;
  /** The current lesson's code as the editor starts with it (this run's bugs resolved). */
  lessonSource: (() => string) | null;
}

export const sessionStore = createStore<SessionProviders>()(() => ({
  readPixels: null,
  exportTrace: null,
  lessonSource: null,
}));
