// Maps each model call (trace call index) to the source line of the lesson code that made it, so the code
// view can highlight "the line being executed". The lesson code stays plain D3D12-shaped code with no tags:
// the k-th call of a method is matched to an occurrence of `.Method(` in source order, scanning forward from
// the previous call's line and wrapping to the first occurrence (a loop body running again).

import { indexTrace, type Trace, type D3D12System } from '../core';
import { isShared } from './common/hidden';

/** `ID3D12Device::CreateCommandQueue` -> `CreateCommandQueue`; free functions keep their name. */
export function methodOf(api: string): string {
  const i = api.lastIndexOf('::');
  return i >= 0 ? api.slice(i + 2) : api;
}

/** Line numbers (1-based) where `Method(` is called, outside comments. */
export function callLines(source: string): Map<string, number[]> {
  const lines = source.split('\n');
  const map = new Map<string, number[]>();
  const re =
    /(?:\.|\b)([A-Z][A-Za-z0-9_]*|D3D12[A-Za-z0-9_]*|CreateDXGIFactory\d?|CreateEvent|WaitForSingleObject|CloseHandle)\s*\(/g;
  lines.forEach((text, idx) => {
    const code = text.replace(/\/\/.*$/, '');
    if (/^\s*(\*|\/\*)/.test(code)) return;
    for (const m of code.matchAll(re)) {
      // a declaration ("function Foo(") is not a call
      const before = code.slice(0, m.index);
      if (/\bfunction\s*$/.test(before) || /\bnew\s*$/.test(before)) continue;
      const name = m[1];
      const arr = map.get(name) ?? [];
      if (arr[arr.length - 1] !== idx + 1) arr.push(idx + 1);
      map.set(name, arr);
    }
  });
  return map;
}

/** For every call index in the trace, the 1-based source line (or null when the call is not in the source). */
export function mapCallsToLines(source: string, trace: Trace, sys?: D3D12System): (number | null)[] {
  const lines = callLines(source);
  const out: (number | null)[] = [];
  let at = 0;
  for (const e of indexTrace(trace).calls) {
    if (!e) continue;
    if (sys && isShared(sys, e.i)) {
      out[e.i] = null;
      continue;
    }
    const cands = lines.get(methodOf(e.api));
    let line: number | null = null;
    if (cands && cands.length) {
      line = cands.find((l) => l >= at) ?? cands[0];
      at = line;
    }
    out[e.i] = line;
  }
  return out;
}
