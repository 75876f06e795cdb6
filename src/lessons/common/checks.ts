// Check items several lessons share: a pixel read back from the GPU, and the back buffer's state at Present.
import { hazardsOf, indexTrace, type D3D12System } from '../../core';
import type { Bilingual, CheckItem, PixelReader } from '../types';

export type RGBA = [number, number, number, number];
const fmt = (p: number[]) => `(${p.slice(0, 3).join(',')})`;

/** One pixel of the presented frame, read back from the GPU, within ±tol per channel (RGB). */
export async function pixelItem(
  pixels: PixelReader,
  x: number,
  y: number,
  expected: RGBA,
  what: Bilingual,
  tol = 2,
  negate = false,
): Promise<CheckItem> {
  const item = { level: 'correct' as const, what, expected: `${negate ? 'not ' : ''}${fmt(expected)} at (${x},${y})` };
  if (!pixels) return { ...item, ok: false, got: 'no WebGPU: the pixel could not be read back' };
  const got = await pixels(x, y);
  const close = [0, 1, 2].every((k) => Math.abs(got[k] - expected[k]) <= tol);
  return { ...item, ok: negate ? !close : close, got: fmt(got) };
}

/** [SC-PRESENT-1] Every presented back buffer was in PRESENT (COMMON) when Present was called. */
export function presentStateItem(sys: D3D12System): CheckItem {
  const bad: string[] = [];
  let presents = 0;
  const ix = indexTrace(sys.trace);
  // the hazard the model raised at a Present whose back buffer was not in PRESENT (with or without the debug layer)
  const flagged = new Set(hazardsOf(ix, 'invalid-state').map((h) => h.i));
  for (const c of ix.calls) {
    if (!c || !/^IDXGISwapChain\d*::Present/.test(c.api)) continue;
    presents++;
    if (flagged.has(c.i)) bad.push(`call ${c.i}: RENDER_TARGET`);
  }
  return {
    level: 'correct',
    ok: presents > 0 && bad.length === 0,
    what: {
      en: 'the back buffer was in D3D12_RESOURCE_STATE_PRESENT when presented',
      zh: '呈现时后台缓冲处于 D3D12_RESOURCE_STATE_PRESENT 状态',
    },
    expected: 'PRESENT',
    got: presents === 0 ? 'never presented' : bad.length ? bad.join('; ') : 'PRESENT',
  };
}
