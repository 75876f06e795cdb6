// A call's arguments as the trace records them ([TR-ARGS-1]): the same values, with every model object replaced
// by its ObjectRef (trace/refs.ts says why). Copy on write: arrays and plain objects holding no model object are
// kept as given (as before), and so are typed arrays and other class instances; nesting past 16 levels (a cyclic
// value) is kept as given. This runs on the recording hot path, so:
// - one prototype test per object, primitives skipped inline;
// - a program that passes the same argument object again (a barrier array kept and reused, as D3D12 code often
//   does, and the model bench) gets the copy made last time when nothing in it changed, checked value by value:
//   the copies a trace keeps cost garbage-collection time, and a reused object made none before.

import { IUnknown } from './object';

const RING = 8;
const MAX_DEPTH = 16;

export class TraceArgs {
  /** the last RING argument objects that held model objects, what the trace kept for each, and its snapshot */
  private readonly given: object[] = [];
  private readonly kept: unknown[] = [];
  private readonly snaps: (unknown[] | null)[] = [];
  private next = 0;

  /** What the trace keeps for a call's `args`. */
  record(args: unknown): unknown {
    if (args === null || typeof args !== 'object') return args;
    const given = this.given;
    for (let k = 0; k < given.length; k++) {
      if (given[k] !== args) continue;
      const snap = this.snaps[k];
      if (snap !== null) {
        if (matchSnap(args, 0, snap, 0) === snap.length) return this.kept[k];
      } else if (sameArgs(args, this.kept[k], 0)) {
        // passed again unchanged: from now on checked against a flat snapshot (no walk of the copy)
        const out: unknown[] = [];
        snapOf(args, 0, out);
        this.snaps[k] = out;
        return this.kept[k];
      }
      break;
    }
    const kept = plainOf(args, 0);
    if (kept !== args) {
      given[this.next] = args;
      this.kept[this.next] = kept;
      this.snaps[this.next] = null;
      this.next = (this.next + 1) % RING;
    }
    return kept;
  }
}

/** Marks the end of a plain object's keys in a snapshot. */
const END = Symbol('end');

/**
 * A value's snapshot: in walk order, every object itself (by identity) and, inside plain objects and arrays,
 * each key (END after the last) or the length, and each value.
 */
function snapOf(v: unknown, depth: number, out: unknown[]): void {
  out.push(v);
  if (v === null || typeof v !== 'object' || depth >= MAX_DEPTH) return;
  const proto: unknown = Object.getPrototypeOf(v);
  if (proto === Object.prototype) {
    const o = v as Record<string, unknown>;
    for (const key in o) {
      out.push(key);
      snapOf(o[key], depth + 1, out);
    }
    out.push(END);
  } else if (proto === Array.prototype) {
    const a = v as unknown[];
    out.push(a.length);
    for (let k = 0; k < a.length; k++) snapOf(a[k], depth + 1, out);
  }
}

/** Where `v` ends in `snap` from position p when it still matches it, else -1. */
function matchSnap(v: unknown, depth: number, snap: readonly unknown[], p: number): number {
  if (snap[p] !== v) return -1;
  p++;
  if (v === null || typeof v !== 'object' || depth >= MAX_DEPTH) return p;
  const proto: unknown = Object.getPrototypeOf(v);
  if (proto === Object.prototype) {
    const o = v as Record<string, unknown>;
    for (const key in o) {
      if (snap[p] !== key) return -1;
      p = matchSnap(o[key], depth + 1, snap, p + 1);
      if (p < 0) return -1;
    }
    return snap[p] === END ? p + 1 : -1;
  }
  if (proto === Array.prototype) {
    const a = v as unknown[];
    if (snap[p] !== a.length) return -1;
    p++;
    for (let k = 0; k < a.length && p >= 0; k++) p = matchSnap(a[k], depth + 1, snap, p);
    return p;
  }
  return p;
}

/** `v` with model objects replaced by their references (copy on write). */
function plainOf(v: object, depth: number): unknown {
  const proto: unknown = Object.getPrototypeOf(v);
  if (proto === Object.prototype) {
    if (depth >= MAX_DEPTH) return v;
    const o = v as Record<string, unknown>;
    let out: Record<string, unknown> | null = null;
    for (const key in o) {
      const x = o[key];
      if (x === null || typeof x !== 'object') continue;
      const y = plainOf(x, depth + 1);
      if (y === x) continue;
      if (out === null) {
        out = {};
        for (const k in o) out[k] = o[k];
      }
      out[key] = y;
    }
    return out ?? v;
  }
  if (proto === Array.prototype) {
    if (depth >= MAX_DEPTH) return v;
    const a = v as unknown[];
    let out: unknown[] | null = null;
    for (let k = 0; k < a.length; k++) {
      const x = a[k];
      if (x === null || typeof x !== 'object') continue;
      const y = plainOf(x, depth + 1);
      if (y !== x) (out ??= a.slice())[k] = y;
    }
    return out ?? v;
  }
  return v instanceof IUnknown ? v.traceRef() : v;
}

/** Would plainOf(given) equal `kept` (made from it earlier)? Value by value; model objects by their reference. */
function sameArgs(given: unknown, kept: unknown, depth: number): boolean {
  if (given === kept) return true;
  if (given === null || typeof given !== 'object' || kept === null || typeof kept !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(given);
  if (proto === Object.prototype) {
    if (depth >= MAX_DEPTH || Object.getPrototypeOf(kept) !== Object.prototype) return false;
    const g = given as Record<string, unknown>;
    const k = kept as Record<string, unknown>;
    let n = 0;
    for (const key in g) {
      if (!sameArgs(g[key], k[key], depth + 1)) return false;
      n++;
    }
    for (const key in k) if (Object.prototype.hasOwnProperty.call(k, key)) n--;
    return n === 0;
  }
  if (proto === Array.prototype) {
    if (depth >= MAX_DEPTH || !Array.isArray(kept)) return false;
    const g = given as unknown[];
    if (g.length !== kept.length) return false;
    for (let i = 0; i < g.length; i++) if (!sameArgs(g[i], kept[i], depth + 1)) return false;
    return true;
  }
  return given instanceof IUnknown && kept === given.traceRef();
}
