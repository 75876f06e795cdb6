// Edited code in a link: compressed into the URL fragment (#code=…), which never reaches a server.
import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from 'lz-string';

export const LINK_CODE_MAX = 8000;
const PREFIX = '#code=';

export function encodeCode(source: string): { fragment: string } | { tooLong: number } {
  const packed = compressToEncodedURIComponent(source);
  return packed.length > LINK_CODE_MAX ? { tooLong: packed.length } : { fragment: `${PREFIX}${packed}` };
}

/** The code a fragment carries: null when there is none, '' when there is one that cannot be read. */
export function decodeCode(hash: string): string | null {
  if (!hash.startsWith(PREFIX)) return null;
  const packed = hash.slice(PREFIX.length);
  if (packed.length > LINK_CODE_MAX) return '';
  try {
    return decompressFromEncodedURIComponent(packed) || '';
  } catch {
    return '';
  }
}
