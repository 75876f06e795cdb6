// A seam for the /bench/panels page: panels report each finished redraw, and the visible timeline lends its
// zoom. Nothing here changes behaviour; without a listener it costs one function call per redraw.

type DrawnListener = (panel: string) => void;

const listeners = new Set<DrawnListener>();

export const benchHooks: { zoomBy: ((factor: number) => void) | null } = { zoomBy: null };

export function onPanelDrawn(fn: DrawnListener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export function notifyDrawn(panel: string): void {
  for (const fn of listeners) fn(panel);
}
