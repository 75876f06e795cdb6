// The sandbox worker's guards, installed in its (fresh, one-run) global scope before the learner's code runs:
// - lockDown: the ways out of the worker (network, storage, messaging, other workers, fonts) are removed, and code
//   from strings (eval, the Function constructors, string timers) is refused, so that no host is trusted to send
//   the worker's CSP header (a static host may not): the page is safe on any host;
// - the memory guard: bytes the code asks for are counted — typed arrays and ArrayBuffers exactly; arrays, objects
//   and functions the learner's code makes (instrument.ts), Array(n), growing array methods, Map/Set entries and
//   long strings by estimate — and past a limit a RangeError ends the run as the contract's `memory` error, before
//   the worker's heap fills (a full V8 heap is fatal to the whole renderer: the tab would crash);
// - the loop guard: instrumented loops say which line they are on; the worker reports it a few times a second.
import { arrayBytes, objectBytes } from './instrument';
import { SANDBOX_LIMITS } from './protocol';

export const GUARD = 'memory guard';
export const isMemory = (e: unknown) =>
  e instanceof RangeError &&
  /memory guard|allocation failed|Invalid (typed )?array length|Invalid string length|out of memory/i.test(e.message);

const OUTS = [
  'fetch',
  'XMLHttpRequest',
  'WebSocket',
  'WebSocketStream',
  'WebTransport',
  'EventSource',
  'importScripts',
  'indexedDB',
  'caches',
  'Worker',
  'SharedWorker',
  'BroadcastChannel',
  'MessageChannel',
  'postMessage',
  'close',
  'onmessage',
  'navigator',
  'location',
  'FileReaderSync',
  'FontFace',
  'fonts',
];

function fromStrings(): never {
  throw new EvalError('code from strings (eval, new Function) is not available in the sandbox');
}

/** Removes the global names learner code could reach the page, the network or storage with. */
export function lockDown() {
  const g = self as unknown as Record<string, unknown>;
  for (let o: object | null = self; o && o !== Object.prototype; o = Object.getPrototypeOf(o))
    for (const n of OUTS)
      if (Object.prototype.hasOwnProperty.call(o, n))
        try {
          Object.defineProperty(o, n, { value: undefined, writable: false, configurable: false });
        } catch {
          /* a name the engine will not let go of is still unusable without the others */
        }
  // code from strings could reach what the instrumentation never saw (and, in a module worker, import() a URL)
  const kinds = [function () {}, async function () {}, function* () {}, async function* () {}];
  for (const f of kinds)
    Object.defineProperty(Object.getPrototypeOf(f), 'constructor', { value: fromStrings, configurable: false });
  for (const n of ['eval', 'Function'])
    Object.defineProperty(g, n, { value: fromStrings, writable: false, configurable: false });
  for (const n of ['setTimeout', 'setInterval']) {
    const timer = g[n] as (f: unknown, ...r: unknown[]) => unknown;
    g[n] = (f: unknown, ...r: unknown[]) => (typeof f === 'function' ? timer(f, ...r) : fromStrings());
  }
}

type Ctor = { new (...a: unknown[]): object; BYTES_PER_ELEMENT?: number };
type Method = (this: unknown, ...a: unknown[]) => unknown;
const lengthOf = (a: unknown): number => {
  if (a && typeof a === 'object') {
    const l = (a as { length?: unknown; size?: unknown }).length ?? (a as { size?: unknown }).size;
    return typeof l === 'number' ? l : 0;
  }
  return typeof a === 'string' ? a.length : 0;
};

/** The guard object the instrumented code calls (GUARD_NAME), and the patched built-ins that charge it. */
export function installGuards(onLoop: (line: number) => void) {
  let buffers = 0;
  let values = 0;
  const MiB = (n: number) => `${n / (1 << 20)} MiB`;
  const chargeBuffer = (n: number) => {
    buffers += n;
    if (buffers > SANDBOX_LIMITS.maxBufferBytes)
      throw new RangeError(`${GUARD}: the code allocated more than ${MiB(SANDBOX_LIMITS.maxBufferBytes)} of buffers`);
  };
  const charge = (n: number) => {
    values += n;
    if (values > SANDBOX_LIMITS.maxValueBytes)
      throw new RangeError(
        `${GUARD}: the code made more than ${MiB(SANDBOX_LIMITS.maxValueBytes)} of arrays, objects and strings (estimated)`,
      );
  };

  const g = self as unknown as Record<string, unknown>;
  const typed = ['Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array'];
  typed.push('Uint32Array', 'Float32Array', 'Float64Array', 'BigInt64Array', 'BigUint64Array');
  const ctor = (name: string, bytes: (args: unknown[], per: number) => void) => {
    const C = g[name] as Ctor | undefined;
    if (!C) return;
    const per = C.BYTES_PER_ELEMENT ?? 1;
    const P: unknown = new Proxy(C, {
      construct(target, args, nt) {
        bytes(args, per);
        return Reflect.construct(target, args, nt === P ? target : nt);
      },
      apply(target, self, args) {
        bytes(args, per);
        return Reflect.apply(target as unknown as Method, self, args);
      },
    });
    g[name] = P;
  };
  for (const name of ['ArrayBuffer', ...typed])
    ctor(name, ([a], per) => {
      if (typeof a === 'number') chargeBuffer(a * per);
      else if (a && typeof a === 'object' && !(a instanceof ArrayBuffer)) chargeBuffer(lengthOf(a) * per);
    });
  ctor('Array', (args) => charge(arrayBytes(args.length === 1 && typeof args[0] === 'number' ? args[0] : args.length)));

  const patch = (proto: object, name: string, bytes: (self: unknown, args: unknown[]) => number) => {
    const f = (proto as Record<string, Method>)[name];
    Object.defineProperty(proto, name, {
      value: function (this: unknown, ...args: unknown[]) {
        charge(bytes(this, args));
        return Reflect.apply(f, this, args);
      },
      writable: true,
      configurable: true,
    });
  };
  patch(Array, 'from', (_s, [a]) => arrayBytes(lengthOf(a)));
  patch(Array.prototype, 'push', (_s, a) => 8 * a.length);
  patch(Array.prototype, 'unshift', (_s, a) => 8 * a.length);
  patch(Array.prototype, 'concat', (s, a) => arrayBytes(lengthOf(s) + a.reduce<number>((n, x) => n + lengthOf(x), 0)));
  for (const m of ['slice', 'map', 'filter', 'flat', 'flatMap'])
    patch(Array.prototype, m, (s) => arrayBytes(lengthOf(s)));
  patch(Map.prototype, 'set', () => 48);
  patch(Set.prototype, 'add', () => 32);
  const count = (a: unknown) => Math.max(0, Number(a) || 0);
  patch(String.prototype, 'repeat', (s, [n]) => 2 * String(s).length * count(n));
  patch(String.prototype, 'padStart', (_s, [n]) => 2 * count(n));
  patch(String.prototype, 'padEnd', (_s, [n]) => 2 * count(n));

  let iterations = 0;
  let current = 0;
  return Object.freeze({
    /** At the head of each loop body: the loop's line (passed on when it changes, and every 16th time). */
    l(line: number) {
      if (line !== current || (++iterations & 15) === 0) onLoop((current = line));
    },
    /** An array literal (its length known once it is made: spreads included). */
    a<T extends unknown[]>(a: T): T {
      charge(arrayBytes(a.length));
      return a;
    },
    /** An object literal with `n` properties, or a function (n = 4). */
    o<T>(o: T, n: number): T {
      charge(objectBytes(n));
      return o;
    },
  });
}
