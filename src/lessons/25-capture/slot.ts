// The capture file the learner loaded on lesson 25's page (null: the page runs the lesson's own code). The page
// sets it and runs the lesson again; the lesson's run() then replays the file instead of running code.ts.
import type { CaptureFile } from './format';

export interface LoadedCapture {
  fileName: string;
  capture: CaptureFile;
}

let loaded: LoadedCapture | null = null;

export const loadedCapture = () => loaded;
export function setLoadedCapture(c: LoadedCapture | null) {
  loaded = c;
}
