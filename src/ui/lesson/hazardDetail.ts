import { formatMessageArg, type NameOf } from '../../core';

/** A hazard's facts as D3D12 people read them: states and formats by name, objects by their SetName name. */
export function hazardDetail(detail: Record<string, unknown>, names?: NameOf): string {
  return Object.entries(detail)
    .map(
      ([k, v]) =>
        `${k}=${formatMessageArg(k === 'res' ? 'resource' : k, v as string | number | boolean | null, names)}`,
    )
    .join(', ');
}

/**
 * Whether a hazard's outcome is one the adapter defines rather than one the model chose: on Tiled Resources
 * Tier 2+ reads of unmapped tiles return zeros and writes to them are discarded (the model records that as the
 * outcome). The program is still wrong — the data it wanted is missing — but the canvas shows what real hardware of
 * that tier shows, so the page must not call it simulated.
 */
export function isDefinedOutcome(h: { kind: string; detail: Record<string, unknown> }): boolean {
  return h.kind.startsWith('unmapped-tile-') && (h.detail.outcome === 'zeros' || h.detail.outcome === 'dropped');
}
