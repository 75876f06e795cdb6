// The decoder worker: one file in, its R8G8B8A8 rows (transferred, not copied) or its error out. The page never
// decodes on its own thread, so a slow or hostile file cannot freeze it; the client (src/state/png.ts) ends this
// worker when it runs past the time limit.
import { decodePngToRgba } from './png-decode';

self.onmessage = (e: MessageEvent<Uint8Array>) => {
  const r = decodePngToRgba(e.data);
  if (r.ok) (self as unknown as Worker).postMessage(r, [r.rgba.buffer]);
  else (self as unknown as Worker).postMessage(r);
};
