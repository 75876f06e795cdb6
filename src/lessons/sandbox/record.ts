// The playground's call log: learner code runs in a worker against the model through a recording proxy, and the
// page replays the log on its own model. The model is deterministic (SPEC: time moves only with calls), so the same
// calls with the same arguments in the same order give the same trace, messages, submissions and objects: the page
// gets a real D3D12System for the executor, the panels and the check, and never runs the learner's code itself.
//
// What the log holds: for each call the object it was made on, the method and the arguments as plain data (model
// objects by their id, or by the order in which calls handed them out when they are not COM objects), and the bytes
// the code wrote into mapped memory since the previous call (a GPU copy may read them at any later call).
import type { D3D12System } from '../../core';

/** A reference to a model object in a logged argument: its COM id, or its handle (order of first hand-out). */
export type Ref = { $id: number } | { $h: number };
export interface MemWrite {
  view: number;
  offset: number;
  bytes: Uint8Array;
}
export interface LoggedCall {
  /** What the call was made on. */
  t: Ref;
  m: string;
  a: unknown[];
  /** Mapped-memory writes made before this call. */
  w?: MemWrite[];
}
/** One run of the learner's main: its calls, how it ended, what it left in `out`. */
export interface Invocation {
  calls: LoggedCall[];
  endWrites: MemWrite[];
  out: Record<string, unknown>;
  /** How main ended: null = returned; hr = ThrowIfFailed stopped it; else the thrown error's message. */
  thrown: { hr: string | null; what: string; message: string } | null;
}

const isPlain = (v: object) => {
  const p = Object.getPrototypeOf(v);
  return p === Object.prototype || p === null;
};
/** A class instance from the model (a COM object, the system): passed by reference, never copied. */
const isInstance = (v: unknown): v is object =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !ArrayBuffer.isView(v) && !isPlain(v);
const isCom = (v: object): v is { id: number; iface: string } =>
  typeof (v as { id?: unknown }).id === 'number' && typeof (v as { iface?: unknown }).iface === 'string';

/** Objects and mapped views handed out by calls, numbered in the order they appear: the same on both sides. */
export class Handles {
  readonly objs: object[] = [];
  private readonly ids = new Map<object, number>();
  readonly views: Uint8Array[] = [];
  private readonly viewIds = new Map<ArrayBufferView, number>();
  constructor(readonly sys: D3D12System) {
    this.add(sys);
  }
  private add(o: object) {
    if (!this.ids.has(o)) {
      this.ids.set(o, this.objs.length);
      this.objs.push(o);
    }
  }
  handleOf(o: object): number | undefined {
    return this.ids.get(o);
  }
  viewOf(v: ArrayBufferView): number | undefined {
    return this.viewIds.get(v);
  }
  /** Walks a call's result in a fixed order, numbering new objects and views. */
  collect(v: unknown, depth = 0): void {
    if (depth > 4 || v === null || typeof v !== 'object') return;
    if (ArrayBuffer.isView(v)) {
      if (!this.viewIds.has(v)) {
        this.viewIds.set(v, this.views.length);
        this.views.push(new Uint8Array(v.buffer, v.byteOffset, v.byteLength));
      }
      return;
    }
    if (Array.isArray(v)) for (const x of v) this.collect(x, depth + 1);
    else if (isPlain(v)) for (const k of Object.keys(v)) this.collect((v as Record<string, unknown>)[k], depth + 1);
    else this.add(v);
  }
  refOf(o: object): Ref | null {
    if (isCom(o) && this.sys.object(o.id) === o) return { $id: o.id };
    const h = this.ids.get(o);
    return h === undefined ? null : { $h: h };
  }
  deref(r: Ref): object | undefined {
    return '$id' in r ? this.sys.object(r.$id) : this.objs[r.$h];
  }
}

export class UnsupportedArgument extends TypeError {}

/** Learner values → plain data (proxies unwrapped by `unwrap`; typed arrays copied; functions refused). */
export function toWire(v: unknown, h: Handles, unwrap: (o: object) => object, depth = 0): unknown {
  if (v === null || typeof v !== 'object') {
    if (typeof v === 'function') throw new UnsupportedArgument('a function cannot be passed to a D3D12 call');
    if (typeof v === 'symbol') throw new UnsupportedArgument('a symbol cannot be passed to a D3D12 call');
    return v;
  }
  if (depth > 12) throw new UnsupportedArgument('an argument nested more than 12 levels deep');
  const o = unwrap(v);
  if (ArrayBuffer.isView(o)) return (o as Uint8Array).slice();
  if (o instanceof ArrayBuffer) return o.slice(0);
  if (Array.isArray(o)) return o.map((x) => toWire(x, h, unwrap, depth + 1));
  if (isPlain(o)) {
    const r: Record<string, unknown> = {};
    for (const k of Object.keys(o)) r[k] = toWire((o as Record<string, unknown>)[k], h, unwrap, depth + 1);
    return r;
  }
  const ref = h.refOf(o);
  if (!ref) throw new UnsupportedArgument(`a ${o.constructor?.name ?? 'object'} the model did not hand out`);
  return { $ref: ref };
}

/** Plain data → the model's values (references looked up in this side's model). */
export function fromWire(v: unknown, h: Handles): unknown {
  if (v === null || typeof v !== 'object' || ArrayBuffer.isView(v) || v instanceof ArrayBuffer) return v;
  if (Array.isArray(v)) return v.map((x) => fromWire(x, h));
  const rec = v as Record<string, unknown>;
  if (rec.$ref && typeof rec.$ref === 'object' && Object.keys(rec).length === 1) return h.deref(rec.$ref as Ref);
  const r: Record<string, unknown> = {};
  for (const k of Object.keys(rec)) r[k] = fromWire(rec[k], h);
  return r;
}

/** Differences between a view and its copy, as writes (neighbouring changes merged), and the copy brought up to date. */
function diff(view: Uint8Array, shadow: Uint8Array, index: number, out: MemWrite[]) {
  const n = Math.min(view.length, shadow.length);
  let i = 0;
  while (i < n) {
    if (view[i] === shadow[i]) {
      i++;
      continue;
    }
    let end = i + 1;
    for (let gap = 0; end < n && gap < 16; end++) gap = view[end] === shadow[end] ? gap + 1 : 0;
    out.push({ view: index, offset: i, bytes: view.slice(i, end) });
    shadow.set(view.subarray(i, end), i);
    i = end;
  }
}

/** Worker side: the proxy the learner's code holds, and the log of what it did through it. */
export class Recorder {
  readonly h: Handles;
  calls: LoggedCall[] = [];
  private readonly shadows: Uint8Array[] = [];
  private readonly dirty = new Set<number>();
  private readonly escaped = new Set<number>();
  private readonly proxies = new WeakMap<object, object>();
  private readonly reals = new WeakMap<object, object>();
  /** Called before each logged call (the sandbox reports progress and enforces its limits here). */
  onCall: ((n: number, method: string) => void) | null = null;

  constructor(readonly sys: D3D12System) {
    this.h = new Handles(sys);
  }

  readonly unwrap = (o: object): object => this.reals.get(o) ?? o;

  /** The learner's view of a model value: objects and mapped memory behind proxies, data as it is. */
  wrap(v: unknown, depth = 0): unknown {
    if (v === null || typeof v !== 'object' || depth > 6) return v;
    if (ArrayBuffer.isView(v)) {
      const i = this.h.viewOf(v);
      return i === undefined ? v : this.viewProxy(v as Uint8Array, i);
    }
    if (Array.isArray(v))
      return v.some((x) => typeof x === 'object' && x !== null) ? v.map((x) => this.wrap(x, depth + 1)) : v;
    if (isPlain(v)) {
      const r: Record<string, unknown> = {};
      for (const k of Object.keys(v)) r[k] = this.wrap((v as Record<string, unknown>)[k], depth + 1);
      return r;
    }
    return this.objectProxy(v);
  }

  private remember<T extends object>(real: object, p: T): T {
    this.proxies.set(real, p);
    this.reals.set(p, real);
    return p;
  }

  private objectProxy(real: object): object {
    const known = this.proxies.get(real);
    if (known) return known;
    return this.remember(
      real,
      new Proxy(real, {
        get: (target, prop) => {
          const v = Reflect.get(target, prop, target);
          if (typeof prop === 'symbol' || prop === 'constructor') return v;
          if (typeof v === 'function') return (...args: unknown[]) => this.call(target, prop, args);
          if (isInstance(v) || Array.isArray(v)) return this.wrap(v);
          if (typeof v === 'object' && v !== null && isPlain(v)) return this.fieldsProxy(target, [prop], v);
          return v;
        },
        // the model's objects are the model's: a learner assignment would not be in the log
        set: (_t, prop) => {
          throw new TypeError(`the model's objects are read-only here (assigning ${String(prop)})`);
        },
        defineProperty: () => false,
        deleteProperty: () => false,
      }),
    );
  }

  /** A plain record inside a model object (sys.settings): assignments to it are logged as '=' calls. */
  private fieldsProxy(owner: object, path: string[], real: object): object {
    const known = this.proxies.get(real);
    if (known) return known;
    return this.remember(
      real,
      new Proxy(real, {
        get: (target, prop) => {
          const v = Reflect.get(target, prop, target);
          if (typeof prop === 'string' && typeof v === 'object' && v !== null && isPlain(v))
            return this.fieldsProxy(owner, [...path, prop], v);
          return typeof v === 'object' && v !== null ? this.wrap(v) : v;
        },
        set: (_t, prop, value) => {
          this.call(owner, '=', [[...path, String(prop)], value]);
          return true;
        },
      }),
    );
  }

  private viewProxy(real: Uint8Array, index: number): Uint8Array {
    const known = this.proxies.get(real);
    if (known) return known as Uint8Array;
    this.shadows[index] ??= real.slice();
    return this.remember(
      real,
      new Proxy(real, {
        get: (target, prop) => {
          if (typeof prop === 'string' && /^\d+$/.test(prop)) return target[Number(prop)];
          const v = Reflect.get(target, prop, target);
          if (prop === 'buffer') this.escaped.add(index);
          if (typeof v !== 'function') return v;
          return (...args: unknown[]) => {
            this.dirty.add(index);
            const r = (v as (...a: unknown[]) => unknown).apply(
              target,
              args.map((a) => (typeof a === 'object' && a ? this.unwrap(a) : a)),
            );
            // a view onto the same memory (subarray) writes where the log cannot see: diff this one at every call
            if (ArrayBuffer.isView(r) && r.buffer === target.buffer) this.escaped.add(index);
            return r;
          };
        },
        set: (target, prop, value) => {
          this.dirty.add(index);
          return Reflect.set(target, prop, value, target);
        },
      }),
    );
  }

  /** The bytes written to mapped memory since the last call. */
  flushWrites(): MemWrite[] {
    const out: MemWrite[] = [];
    for (const i of new Set([...this.dirty, ...this.escaped])) diff(this.h.views[i], this.shadows[i], i, out);
    this.dirty.clear();
    return out;
  }

  private call(target: object, method: string, args: unknown[]): unknown {
    this.onCall?.(this.calls.length, method);
    const t = this.h.refOf(target);
    if (!t) throw new UnsupportedArgument(`${method} on an object the model did not hand out`);
    const a = args.map((x) => toWire(x, this.h, this.unwrap));
    const w = this.flushWrites();
    this.calls.push(w.length ? { t, m: method, a, w } : { t, m: method, a });
    // the model gets exactly what the page's replay will pass: the arguments rebuilt from the log
    const r = invoke(target, method, a, this.h);
    this.h.collect(r);
    return this.wrap(r);
  }
}

/** One logged call on `target`: a method, or '=' (an assignment to a field path, [path, value]). */
function invoke(target: object, method: string, a: unknown[], h: Handles): unknown {
  const args = a.map((x) => fromWire(x, h));
  if (method === '=') {
    const [path, value] = args as [string[], unknown];
    let o = target as Record<string, unknown>;
    for (const k of path.slice(0, -1)) o = o[k] as Record<string, unknown>;
    o[path[path.length - 1]] = value;
    return undefined;
  }
  const fn = (target as Record<string, unknown>)[method];
  if (typeof fn !== 'function') throw new Error(`replay: ${method} is not a method here`);
  return (fn as (...x: unknown[]) => unknown).apply(target, args);
}

/** Page side: makes the logged calls on this model, in order, with the same memory writes. */
export function replay(sys: D3D12System, inv: Invocation, out: Record<string, unknown>): void {
  const h = new Handles(sys);
  const apply = (ws: MemWrite[] | undefined) => {
    for (const w of ws ?? []) h.views[w.view]?.set(w.bytes, w.offset);
  };
  for (const c of inv.calls) {
    apply(c.w);
    const target = h.deref(c.t);
    if (!target) throw new Error(`replay: ${c.m} on an object this model does not have`);
    h.collect(invoke(target, c.m, c.a, h));
  }
  apply(inv.endWrites);
  Object.assign(out, fromWire(inv.out, h));
}
