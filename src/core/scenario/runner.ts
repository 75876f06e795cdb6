// The scenario runner (../shared/SCENARIOS.md): a JSON file of D3D12 calls in, JSON Lines out. Pure: no fs,
// no process; the CLI wraps it. A file is first checked and converted completely ([SCN-VALID-1]), so an
// invalid file prints exactly one error line and nothing else; then it runs on a fresh D3D12System.

import { D3D12System } from '../system';
import type { D3D12Message } from '../messages';
import { IUnknown } from '../object';
import { HeapHandle, Ref, ScenarioError, prepare } from './prepare';
import { formatFootprints, formatOut } from './output';

export interface ScenarioOutput {
  /** JSON Lines, one string per line */
  lines: string[];
  /** 0 = ran, 2 = not a valid scenario */
  exitCode: 0 | 2;
  sys: D3D12System | null;
}

export interface RunOptions {
  /** Render message text at the edge (the CLI's --text); the model itself never formats text. */
  renderText?: (m: D3D12Message) => string;
}

function resolve(v: unknown, bound: Map<string, unknown>, sys: D3D12System): unknown {
  if (v instanceof Ref) {
    const x = bound.get(v.name);
    if (v.kind === 'num')
      return typeof x === 'bigint' ? Number(x) + v.offset : typeof x === 'number' ? x + v.offset : 0;
    if (v.kind === 'cpuh' || v.kind === 'gpuh')
      return { ptr: ((x as { ptr: number } | undefined)?.ptr ?? 0) + v.offset };
    return x ?? null;
  }
  if (v instanceof HeapHandle) {
    const h = bound.get(v.heap) as
      { cpuBase: number; gpuBase: number; increment: number; shaderVisible: boolean } | null | undefined;
    if (!h) return { ptr: 0 };
    const base = v.gpu ? (h.shaderVisible ? h.gpuBase : 0) : h.cpuBase;
    return { ptr: base + (v.index !== null ? v.index * h.increment : v.offset) };
  }
  if (Array.isArray(v)) return v.map((x) => resolve(x, bound, sys));
  if (v && typeof v === 'object' && !(v instanceof IUnknown) && !(typeof v === 'bigint')) {
    const o: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) o[k] = resolve(x, bound, sys);
    return o;
  }
  return v;
}

/** Run one scenario document (already parsed, or text). */
export function runScenario(input: string | unknown, file: string, opts: RunOptions = {}): ScenarioOutput {
  const errLine = (msg: string) => JSON.stringify({ error: msg, file });
  let doc: unknown = input;
  if (typeof input === 'string') {
    try {
      doc = JSON.parse(input);
    } catch (e) {
      return { lines: [errLine(`invalid JSON: ${(e as Error).message}`)], exitCode: 2, sys: null };
    }
  }
  let prepared: ReturnType<typeof prepare>;
  try {
    prepared = prepare(doc);
  } catch (e) {
    if (e instanceof ScenarioError) return { lines: [errLine(e.message)], exitCode: 2, sys: null };
    return { lines: [errLine(`invalid scenario: ${(e as Error).message}`)], exitCode: 2, sys: null };
  }
  const top = prepared.top;
  const base =
    file
      .split(/[\\/]/)
      .pop()
      ?.replace(/\.json$/i, '') ?? file;
  const name = prepared.name ?? base;
  const sys = new D3D12System({
    settings: {
      gpuMsPerList: (top.gpuMsPerList as number | undefined) ?? 1,
      ...(top.cpuNsPerCall !== undefined ? { cpuNsPerCall: top.cpuNsPerCall as number } : {}),
    },
  });
  if (top.unrestrictedBufferTextureCopyPitch) for (const a of sys.adapters) a.unrestrictedBufferTextureCopyPitch = true;
  // [SCN-DBG-1] "debugLayer": true == D3D12GetDebugInterface + EnableDebugLayer before anything else (no lines printed)
  if (top.debugLayer) sys.debugLayerEnabled = true;
  if (top.gpuBasedValidation) {
    sys.debugLayerEnabled = true;
    sys.gpuBasedValidation = true;
  }
  const lines: string[] = [JSON.stringify({ scenario: name })];
  const bound = new Map<string, unknown>();
  try {
    for (const pc of prepared.calls) {
      const before = sys.messages.length;
      const line: Record<string, unknown> = { i: pc.i, call: pc.call };
      if (!pc.schema) {
        if (pc.call === '@gpu.advance') sys.advance(pc.args.ms as number);
        else sys.idle();
        line.hr = null;
      } else {
        const s = pc.schema;
        let target: unknown = sys;
        if (s.iface) {
          target = bound.get(pc.self as string);
          if (!target) {
            // a pointer that a failed creation left NULL: calling through it would crash a real program
            lines.push(
              JSON.stringify({
                i: pc.i,
                call: pc.call,
                hr: null,
                fault: `'${pc.self}' is NULL (its creation failed): a real program would crash here`,
              }),
            );
            continue;
          }
        }
        const args = resolve(pc.args, bound, sys) as Record<string, unknown>;
        const fn = (target as Record<string, unknown>)[s.method];
        if (typeof fn !== 'function')
          throw new Error(`model invariant: ${s.method} missing on ${String((target as IUnknown).iface)}`);
        const r = (fn as (a: unknown) => unknown).call(target, args);
        switch (s.ret) {
          case 'void':
            line.hr = null;
            break;
          case 'hr':
            line.hr = typeof r === 'string' ? r : (r as { hr: string }).hr;
            break;
          case 'event':
            line.hr = null;
            if (pc.out) bound.set(pc.out, r);
            break;
          case 'hrOut': {
            const rr = r as { hr: string; out?: unknown };
            line.hr = rr.hr;
            if (rr.out !== undefined && !(rr.out instanceof IUnknown)) line.value = formatOut(s.method, args, rr.out);
            if (pc.out) bound.set(pc.out, rr.out ?? null);
            break;
          }
          case 'value':
            line.hr = null;
            line.value = typeof r === 'bigint' || typeof r === 'number' ? String(r) : formatOut(s.method, args, r);
            if (pc.out) bound.set(pc.out, r);
            break;
          case 'handle':
            line.hr = null;
            line.handle = String((r as { ptr: number }).ptr);
            if (pc.out) bound.set(pc.out, r);
            break;
          case 'footprint':
            line.hr = null;
            line.footprint = formatFootprints(r as Parameters<typeof formatFootprints>[0]);
            if (pc.out) bound.set(pc.out, r);
            break;
        }
      }
      lines.push(JSON.stringify(line));
      for (let k = before; k < sys.messages.length; k++) {
        const m = sys.messages[k];
        const msg: Record<string, unknown> = { id: m.id, category: m.category, severity: m.severity };
        if (opts.renderText) msg.text = opts.renderText(m);
        lines.push(JSON.stringify({ i: pc.i, message: msg }));
      }
    }
  } catch (e) {
    // a model invariant broke: report it as one line, never a stack trace
    lines.push(errLine(`internal error in the model: ${(e as Error).message}`));
    return { lines, exitCode: 2, sys };
  }
  const removed = sys.devices.find((d) => d.removed);
  lines.push(
    JSON.stringify({ end: true, deviceRemoved: !!removed, removedReason: removed ? removed.removedReason : null }),
  );
  return { lines, exitCode: 0, sys };
}
