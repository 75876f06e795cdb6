// The app's singletons: one WebGPU host, its status store, and persisted preferences.
import { GpuHost } from '../gpu/host';
import { createGpuStore } from '../state/gpu';
import { createPrefsStore } from '../state/prefs';

export const gpuHost = new GpuHost({ gpu: navigator.gpu, isSecureContext: window.isSecureContext });
export const gpuStore = createGpuStore(gpuHost);
export const prefsStore = createPrefsStore(() => {
  try {
    return window.localStorage;
  } catch {
    return undefined; // storage disabled: preferences live for this visit only
  }
});
