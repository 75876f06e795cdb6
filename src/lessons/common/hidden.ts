// Calls made by shared set-up code (lessons 1–4's device, queue and swap chain, reused from lesson 5 on) are
// not on a line of the lesson's own code: the code view skips them when stepping, the panels still show them.
import type { D3D12System } from '../../core';

const ranges = new WeakMap<D3D12System, [number, number][]>();

/** Runs `fn`, marking the model calls it makes as "from the shared set-up". */
export function shared<T>(sys: D3D12System, fn: () => T): T {
  const from = sys.callIndex + 1;
  try {
    return fn();
  } finally {
    const list = ranges.get(sys) ?? [];
    list.push([from, sys.callIndex]);
    ranges.set(sys, list);
  }
}

export function isShared(sys: D3D12System, callIndex: number): boolean {
  return (ranges.get(sys) ?? []).some(([a, b]) => callIndex >= a && callIndex <= b);
}

/** The shared set-up's call ranges of a run (the playground carries them from its worker to the page's replay). */
export function sharedRanges(sys: object): [number, number][] {
  return ranges.get(sys as D3D12System) ?? [];
}
export function setSharedRanges(sys: D3D12System, list: [number, number][]): void {
  ranges.set(
    sys,
    list.map(([a, b]) => [a, b]),
  );
}
