// window.d3d12lab: the automation contract that tests, tools and instructors rely on (see README).
import { gpuHost, gpuStore } from './app-context';
import { sessionStore } from '../state/session';

export interface D3D12LabAutomation {
  readPixels(x: number, y: number, w: number, h: number): Promise<number[]>;
  exportTrace(): unknown;
  loseDevice(): boolean;
  gpuStatus(): string;
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
  };
}
