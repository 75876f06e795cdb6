// The app's singletons: one WebGPU host, its status store, and persisted preferences.
import { GpuHost } from '../gpu/host';
import { createGpuStore } from '../state/gpu';
import { createPrefsStore } from '../state/prefs';
import { createProgressStore } from '../state/progress';

export const gpuHost = new GpuHost({ gpu: navigator.gpu, isSecureContext: window.isSecureContext });
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
