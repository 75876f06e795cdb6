// The frames file of `npm run test:gpu` (--frames / --compare): every lesson × variant frame as a base64 PNG, and the
// comparison of this adapter's frames with another adapter's file (identical, within one rounding step, differing).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { decode, encode } from 'fast-png';
import { differingPixels } from '../gpu/readback';

export function pngBase64(rgba: Uint8Array): string {
  const side = Math.round(Math.sqrt(rgba.length / 4)); // SIZE, or the size a resizing lesson's canvas took
  return Buffer.from(encode({ width: side, height: side, data: rgba, channels: 4, depth: 8 })).toString('base64');
}

/** Frame by frame against another run's frames file (another adapter): which frames differ, and by how many pixels. */
export function compareFrames(mine: Map<string, Uint8Array>, file: string, diffDir: string | null) {
  const theirs = JSON.parse(readFileSync(file, 'utf8')) as { label?: string; frames: Record<string, string> };
  const result = {
    with: theirs.label ?? file,
    identical: [] as string[],
    withinRounding: [] as string[],
    differing: [] as { frame: string; pixels: number }[],
    missing: [] as string[],
  };
  for (const [k, px] of mine) {
    const b64 = theirs.frames[k];
    if (!b64) {
      result.missing.push(k);
      continue;
    }
    const other = decode(Buffer.from(b64, 'base64')).data as Uint8Array;
    if (Buffer.compare(Buffer.from(px), Buffer.from(other)) === 0) result.identical.push(k);
    else {
      const n = differingPixels(px, other);
      if (n === 0) result.withinRounding.push(k);
      else result.differing.push({ frame: k, pixels: n });
      if (diffDir) {
        const base = join(diffDir, k.replace('/', '--'));
        mkdirSync(diffDir, { recursive: true });
        writeFileSync(`${base}.this.png`, Buffer.from(pngBase64(px), 'base64'));
        writeFileSync(`${base}.other.png`, Buffer.from(b64, 'base64'));
      }
    }
  }
  return result;
}
