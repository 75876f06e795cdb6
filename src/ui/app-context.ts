// The app's singletons: one WebGPU host, its status store, and persisted preferences.
import { GpuHost } from '../gpu/host';
import { createGpuStore } from '../state/gpu';
import { createPrefsStore } from '../state/prefs';
import { createProgressStore } from '../state/progress';

declare global {
  interface Window {
    /** index.html's early request for the adapter and device (issue 16), taken over by the host. */
    __labEarlyGpu?: { adapter: Promise<GPUAdapter | null>; device: Promise<GPUDevice | null> };
  }
}

export const gpuHost = new GpuHost({
  gpu: navigator.gpu,
  isSecureContext: window.isSecureContext,
  early: window.__labEarlyGpu,
});
export const gpuStore = createGpuStore(gpuHost);
export const prefsStore = createPrefsStore(() => {
  try {
    return window.localStorage;
  } catch {
    return undefined; // storage disabled: preferences live for this visit only
  }
});

/** The lessons brought to `correct` and the last one opened, in this browser's storage (no accounts). */
export const progressStore = createProgressStore(() => {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
});
