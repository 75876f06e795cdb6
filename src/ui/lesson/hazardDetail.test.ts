import { describe, expect, it } from 'vitest';
import { isDefinedOutcome } from './hazardDetail';

describe('hazards the adapter defines are not called simulated', () => {
  it('unmapped tiles on Tier 2+ (zeros, dropped) are defined; Tier 1 and every other hazard are not', () => {
    expect(isDefinedOutcome({ kind: 'unmapped-tile-read', detail: { outcome: 'zeros' } })).toBe(true);
    expect(isDefinedOutcome({ kind: 'unmapped-tile-write', detail: { outcome: 'dropped' } })).toBe(true);
    expect(isDefinedOutcome({ kind: 'unmapped-tile-read', detail: { outcome: 'undefined' } })).toBe(false);
    expect(isDefinedOutcome({ kind: 'aliasing-corruption', detail: { outcome: 'garbage' } })).toBe(false);
    expect(isDefinedOutcome({ kind: 'invalid-state', detail: {} })).toBe(false);
  });
});
