import { describe, expect, it } from 'vitest';
import { LINK_CODE_MAX, decodeCode, encodeCode } from './link';

describe('playground: code in a link', () => {
  it('round-trips code through the fragment', () => {
    const code = "export function main() {\n  // 中文 ✓\n  return 'x'.repeat(3);\n}\n";
    const e = encodeCode(code);
    expect('fragment' in e && e.fragment.startsWith('#code=')).toBe(true);
    expect(decodeCode((e as { fragment: string }).fragment)).toBe(code);
  });
  it('refuses code that compresses past the limit, with its size', () => {
    let s = '';
    for (let i = 0; s.length < 200_000; i++) s += `${Math.sin(i).toString(36)}\n`;
    const e = encodeCode(s);
    expect('tooLong' in e && e.tooLong > LINK_CODE_MAX).toBe(true);
  });
  it('a fragment that is not code: null; one that cannot be read: empty', () => {
    expect(decodeCode('#step=3')).toBeNull();
    expect(decodeCode('#code=%%%not-lz')).toBe('');
  });
});
