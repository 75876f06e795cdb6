// Calls made by shared set-up code (lessons 1–4's device, queue and swap chain, reused from lesson 5 on) are
// not on a line of the lesson's own code: the code view skips them when stepping, the panels still show them.
import type { D3D12System } from '../../core';

// `helper` names the exported function of common/*.ts that made the calls, so the code view can show where in
// that helper a call was made (a call-stack line: "in createFrame, common/frame.ts:131").
export type SharedRange = [number, number, string | null];
const ranges = new WeakMap<D3D12System, SharedRange[]>();

/** Runs `fn`, marking the model calls it makes as "from the shared set-up" (of `helper`, when named). */
export function shared<T>(sys: D3D12System, fn: () => T): T;
export function shared<T>(sys: D3D12System, helper: string, fn: () => T): T;
export function shared<T>(sys: D3D12System, a: string | (() => T), b?: () => T): T {
  const helper = typeof a === 'string' ? a : null;
  const fn = typeof a === 'string' ? b! : a;
  const from = sys.callIndex + 1;
  try {
    return fn();
  } finally {
    const list = ranges.get(sys) ?? [];
    list.push([from, sys.callIndex, helper]);
    ranges.set(sys, list);
  }
}

export function isShared(sys: D3D12System, callIndex: number): boolean {
  return (ranges.get(sys) ?? []).some(([a, b]) => callIndex >= a && callIndex <= b);
}

/** The named helpers a call was made in, innermost first (empty when it is the lesson's own call). */
export function helpersAt(sys: D3D12System, callIndex: number): { helper: string; from: number }[] {
  return (ranges.get(sys) ?? [])
    .filter(([a, b, h]) => h !== null && callIndex >= a && callIndex <= b)
    .sort((x, y) => x[1] - x[0] - (y[1] - y[0]))
    .map(([a, , h]) => ({ helper: h!, from: a }));
}

/** The shared set-up's call ranges of a run (the playground carries them from its worker to the page's replay). */
export function sharedRanges(sys: object): SharedRange[] {
  return ranges.get(sys as D3D12System) ?? [];
}
export function setSharedRanges(sys: D3D12System, list: SharedRange[]): void {
  ranges.set(
    sys,
    list.map(([a, b, h]) => [a, b, h ?? null]),
  );
}
