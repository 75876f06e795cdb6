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
