// A seam for the /bench/panels page: each timeline chart lends its zoom (by chart id), so the bench drives it
// through the same path as the zoom buttons. Nothing here changes behaviour.

export const benchHooks: { zoomBy: Map<string, (factor: number) => void> } = { zoomBy: new Map() };
