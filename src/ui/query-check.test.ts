import { describe, expect, it } from 'vitest';
import { badQueryValues } from './query-check';

describe('badQueryValues', () => {
  it('accepts every documented value', () => {
    expect(
      badQueryValues(new URLSearchParams('lang=zh&debug=0&present=1&step=12&panels=heap,states&mystery=abc-1')),
    ).toEqual([]);
  });
  it('names each bad value with what is valid', () => {
    const bad = badQueryValues(new URLSearchParams('lang=fr&debug=yes&step=-3&panels=heap,nope'));
    expect(bad.map((b) => `${b.key}=${b.value}`)).toEqual(['lang=fr', 'debug=yes', 'step=-3', 'panels=heap,nope']);
    expect(bad[0].valid).toBe('en, zh');
    expect(bad[3].valid).toContain('descriptors');
  });
  it('shortens a very long value instead of echoing it whole', () => {
    const [b] = badQueryValues(new URLSearchParams(`lang=${'x'.repeat(5000)}`));
    expect(b.value.length).toBe(41);
  });
});
