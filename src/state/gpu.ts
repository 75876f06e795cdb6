// The app's one WebGPU host, exposed as a store so React and the automation hook read the same status.
import { createStore } from 'zustand/vanilla';
import { GpuHost, type GpuStatus } from '../gpu/host';

export function createGpuStore(host: GpuHost) {
  const store = createStore<GpuStatus>()(() => host.status);
  host.subscribe((s) => store.setState(s, true));
  return store;
}
