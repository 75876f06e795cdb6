// Phase 1 of running a scenario ([SCN-VALID-1]): the whole file is checked and converted before anything runs, so an
// invalid file gives exactly one error line naming the call and the field. Names of objects, events and handles
// become references resolved when the call runs (runner.ts).

import { ENUMS, parseEnum } from '../enums';
import { IFACE_ALIASES, MACROS, METHODS, type FieldType, type MethodSchema } from './schema';

export class ScenarioError extends Error {}

/** A reference to a named output, resolved when the call runs. */
export class Ref {
  constructor(
    readonly name: string,
    readonly kind: 'obj' | 'event' | 'num' | 'cpuh' | 'gpuh',
    readonly offset = 0,
  ) {}
}
/** A descriptor handle computed at run time from a heap. */
export class HeapHandle {
  constructor(
    readonly heap: string,
    readonly gpu: boolean,
    readonly index: number | null,
    readonly offset: number,
  ) {}
}

type OutKind =
  | { kind: 'obj'; iface: string }
  | { kind: 'event' }
  | { kind: 'num' }
  | { kind: 'cpuh' }
  | { kind: 'gpuh' }
  | { kind: 'data' };

const OUT_IFACE: Record<string, string> = {
  CreateDXGIFactory2: 'IDXGIFactory4',
  D3D12CreateDevice: 'ID3D12Device',
  EnumAdapters1: 'IDXGIAdapter1',
  EnumAdapterByGpuPreference: 'IDXGIAdapter1',
  EnumWarpAdapter: 'IDXGIAdapter1',
  CreateSwapChainForComposition: 'IDXGISwapChain3',
  CreateSwapChainForHwnd: 'IDXGISwapChain3',
  GetBuffer: 'ID3D12Resource',
  CreateCommandQueue: 'ID3D12CommandQueue',
  CreateCommandAllocator: 'ID3D12CommandAllocator',
  CreateCommandList: 'ID3D12GraphicsCommandList',
  CreateFence: 'ID3D12Fence',
  CreateCommittedResource: 'ID3D12Resource',
  CreateCommittedResource3: 'ID3D12Resource',
  CreatePlacedResource2: 'ID3D12Resource',
  CreateReservedResource2: 'ID3D12Resource',
  CreatePlacedResource: 'ID3D12Resource',
  CreateReservedResource: 'ID3D12Resource',
  CreateHeap: 'ID3D12Heap',
  CreateDescriptorHeap: 'ID3D12DescriptorHeap',
  CreateRootSignature: 'ID3D12RootSignature',
  CreateGraphicsPipelineState: 'ID3D12PipelineState',
  CreateComputePipelineState: 'ID3D12PipelineState',
  CreateQueryHeap: 'ID3D12QueryHeap',
  D3D12SerializeRootSignature: 'ID3DBlob',
  D3D12SerializeVersionedRootSignature: 'ID3DBlob',
};

/** Normalise interface names so ID3D12Debug1 / ID3D12Debug are one family, etc. */
function family(iface: string): string {
  return iface
    .replace(/\d+$/, '')
    .replace(/^IDXGIFactory$/, 'IDXGIFactory')
    .replace(/^IDXGISwapChain$/, 'IDXGISwapChain');
}

function compatible(declared: string, wanted: string): boolean {
  if (wanted === 'IUnknown') return true;
  return (
    family(declared) === family(wanted) || (family(wanted) === 'IDXGIAdapter' && family(declared) === 'IDXGIAdapter')
  );
}

export interface PreparedCall {
  i: number;
  call: string;
  schema: MethodSchema | null; // null for @gpu.*
  self: string | null;
  args: Record<string, unknown>;
  out: string | null;
}

/** Phase 1: check and convert the whole file. Throws ScenarioError with the precise location. */
export function prepare(doc: unknown): { name: string | null; calls: PreparedCall[]; top: Record<string, unknown> } {
  if (!doc || typeof doc !== 'object' || Array.isArray(doc))
    throw new ScenarioError('the file must hold one JSON object');
  const top = doc as Record<string, unknown>;
  const allowedTop = new Set([
    'name',
    'debugLayer',
    'gpuBasedValidation',
    'gpuMsPerList',
    'cpuNsPerCall',
    'calls',
    'description',
    'comment',
    'unrestrictedBufferTextureCopyPitch',
  ]);
  for (const k of Object.keys(top))
    if (!allowedTop.has(k) && !k.startsWith('_')) throw new ScenarioError(`unknown top-level field '${k}'`);
  if (top.name !== undefined && typeof top.name !== 'string') throw new ScenarioError('field name: expected a string');
  for (const k of ['debugLayer', 'gpuBasedValidation', 'unrestrictedBufferTextureCopyPitch'])
    if (top[k] !== undefined && typeof top[k] !== 'boolean')
      throw new ScenarioError(`field ${k}: expected true or false`);
  for (const k of ['gpuMsPerList', 'cpuNsPerCall'])
    if (
      top[k] !== undefined &&
      (typeof top[k] !== 'number' ||
        !Number.isFinite(top[k] as number) ||
        (top[k] as number) < 0 ||
        (top[k] as number) > 1e6)
    )
      throw new ScenarioError(`field ${k}: expected a number between 0 and 1000000`);
  if (!Array.isArray(top.calls)) throw new ScenarioError('missing "calls" array');
  if (top.calls.length > 200000) throw new ScenarioError('too many calls (limit 200000)');
  const outs = new Map<string, OutKind>();
  const calls: PreparedCall[] = [];
  top.calls.forEach((raw: unknown, i: number) => {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new ScenarioError(`call ${i}: expected an object`);
    const c = raw as Record<string, unknown>;
    for (const k of Object.keys(c))
      if (!['call', 'this', 'args', 'out', 'comment'].includes(k))
        throw new ScenarioError(`call ${i}: unknown field '${k}'`);
    if (typeof c.call !== 'string') throw new ScenarioError(`call ${i}: missing "call"`);
    const where = `call ${i} (${c.call})`;
    if (c.out !== undefined && c.out !== null && (typeof c.out !== 'string' || c.out === ''))
      throw new ScenarioError(`${where}: field out: expected a name`);
    if (c.args !== undefined && c.args !== null && (typeof c.args !== 'object' || Array.isArray(c.args)))
      throw new ScenarioError(`${where}: field args: expected an object`);
    const args = (c.args ?? {}) as Record<string, unknown>;
    if (c.call === '@gpu.advance' || c.call === '@gpu.idle') {
      if (c.call === '@gpu.advance') {
        if (typeof args.ms !== 'number' || !Number.isFinite(args.ms) || args.ms < 0 || args.ms > 1e9)
          throw new ScenarioError(`${where}: field args.ms: expected a number of milliseconds`);
        for (const k of Object.keys(args))
          if (k !== 'ms') throw new ScenarioError(`${where}: field args.${k}: unknown field`);
      } else for (const k of Object.keys(args)) throw new ScenarioError(`${where}: field args.${k}: unknown field`);
      calls.push({ i, call: c.call, schema: null, self: null, args, out: null });
      return;
    }
    let schema = METHODS[c.call];
    if (!schema && c.call.includes('::')) {
      const [iface, m] = c.call.split('::');
      const alias = IFACE_ALIASES[iface];
      if (alias) schema = METHODS[`${alias}::${m}`];
      if (!schema) {
        const hit = Object.keys(METHODS).find(
          (k) => k.endsWith(`::${m}`) && family(k.split('::')[0]) === family(iface),
        );
        if (hit) schema = METHODS[hit];
      }
    }
    if (!schema) throw new ScenarioError(`${where}: unknown or unimplemented call`);
    let self: string | null = null;
    if (schema.iface) {
      if (typeof c.this !== 'string') throw new ScenarioError(`${where}: field this: expected the name of an object`);
      const k = outs.get(c.this);
      if (!k) throw new ScenarioError(`${where}: field this: unknown object '${c.this}'`);
      if (k.kind !== 'obj') throw new ScenarioError(`${where}: field this: '${c.this}' is not an object`);
      if (!compatible(k.iface, schema.iface))
        throw new ScenarioError(`${where}: field this: '${c.this}' is an ${k.iface}, not an ${schema.iface}`);
      self = c.this;
    } else if (c.this !== undefined && c.this !== null)
      throw new ScenarioError(`${where}: field this: ${c.call} is a free function`);
    const conv: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(args)) {
      const ft = schema.args[k];
      if (!ft) throw new ScenarioError(`${where}: field args.${k}: unknown field for ${c.call}`);
      conv[k] = convert(v, ft, `args.${k}`, where, outs);
    }
    const out = typeof c.out === 'string' ? c.out : null;
    if (out) {
      const m = schema.method;
      let kind: OutKind;
      if (schema.ret === 'event') kind = { kind: 'event' };
      else if (schema.ret === 'handle') kind = { kind: m.startsWith('GetGPU') ? 'gpuh' : 'cpuh' };
      else if (schema.ret === 'value') kind = { kind: 'num' };
      else if (schema.ret === 'hrOut') {
        const riid = typeof args.riid === 'string' ? args.riid : null;
        let iface = OUT_IFACE[m];
        if (m === 'D3D12GetDebugInterface')
          iface =
            riid && riid.startsWith('ID3D12DeviceRemovedExtendedDataSettings')
              ? 'ID3D12DeviceRemovedExtendedDataSettings'
              : 'ID3D12Debug';
        if (m === 'QueryInterface')
          iface =
            riid && riid.startsWith('ID3D12DeviceRemovedExtendedData')
              ? 'ID3D12DeviceRemovedExtendedData'
              : 'ID3D12Device';
        kind = iface ? { kind: 'obj', iface } : { kind: 'data' };
      } else kind = { kind: 'data' };
      outs.set(out, kind);
    }
    calls.push({ i, call: c.call, schema, self, args: conv, out });
  });
  return { name: typeof top.name === 'string' ? top.name : null, calls, top };
}

function numberLike(v: unknown, ft: FieldType, path: string, where: string, outs: Map<string, OutKind>): unknown {
  const bad = (what: string) => new ScenarioError(`${where}: field ${path}: ${what}`);
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw bad('expected a finite number');
    if (ft.t === 'u32' && (!Number.isInteger(v) || v < 0 || v > 0xffffffff))
      throw bad(`expected an unsigned 32-bit integer, got ${v}`);
    if (ft.t === 'u64') {
      if (!Number.isInteger(v) || v < 0) throw bad(`expected an unsigned 64-bit integer, got ${v}`);
      return BigInt(v);
    }
    return v;
  }
  if (typeof v === 'string') {
    if (v in MACROS) return ft.t === 'u64' ? BigInt(MACROS[v]) : MACROS[v];
    if (v === 'UINT64_MAX' && ft.t === 'u64') return 0xffffffffffffffffn;
    if (ft.t === 'u64' && /^(\d+|0x[0-9a-f]+)$/i.test(v)) {
      const b = BigInt(v);
      if (b > 0xffffffffffffffffn) throw bad('value exceeds UINT64_MAX');
      return b;
    }
    // [SCN-NUM-1] a number written as a decimal (or 0x hex) string is that number
    if (/^-?(\d+(\.\d+)?|0x[0-9a-f]+)$/i.test(v.trim()))
      return numberLike(
        v.trim().startsWith('-') ? -Number(v.trim().slice(1)) : Number(v.trim()),
        ft,
        path,
        where,
        outs,
      );
    const o = outs.get(v);
    if (o && o.kind === 'num') return new Ref(v, 'num');
    throw bad(`unknown value '${v}'`);
  }
  if (typeof v === 'object' && v !== null && !Array.isArray(v) && ft.t !== 'u64') {
    const x = v as Record<string, unknown>;
    if (typeof x.value === 'string' && outs.get(x.value)?.kind === 'num') {
      const off = x.offset ?? 0;
      if (typeof off !== 'number') throw bad('field offset: expected a number');
      return new Ref(x.value, 'num', off);
    }
  }
  throw bad(`expected a number, got ${JSON.stringify(v)}`);
}

function convert(v: unknown, ft: FieldType, path: string, where: string, outs: Map<string, OutKind>): unknown {
  const bad = (what: string) => new ScenarioError(`${where}: field ${path}: ${what}`);
  if (v === null) return null;
  switch (ft.t) {
    case 'any':
      return v;
    case 'u32':
    case 'num':
    case 'u64':
      return numberLike(v, ft, path, where, outs);
    case 'bool':
      if (typeof v === 'boolean') return v;
      if (v === 0 || v === 1) return v === 1;
      if (v === 'TRUE' || v === 'FALSE') return v === 'TRUE';
      throw bad(`expected true or false, got ${JSON.stringify(v)}`);
    case 'str':
      if (typeof v !== 'string') throw bad(`expected a string, got ${JSON.stringify(v)}`);
      return v;
    case 'enum':
    case 'flags': {
      const r = parseEnum(ft.type, v);
      if (r === undefined) {
        if (ft.t === 'enum' && typeof v === 'string' && v in MACROS) return MACROS[v];
        const shown = Array.isArray(v) ? JSON.stringify(v) : `'${String(v)}'`;
        const t = ENUMS[ft.type];
        if (Array.isArray(v) && !t.flags) throw bad(`${ft.type} is not a flag set: give one name`);
        throw bad(`unknown ${ft.type} ${shown}`);
      }
      return r;
    }
    case 'obj': {
      if (typeof v !== 'string') throw bad(`expected the name of an ${ft.iface}, got ${JSON.stringify(v)}`);
      const k = outs.get(v);
      if (!k) throw bad(`unknown object '${v}'`);
      if (k.kind !== 'obj') throw bad(`'${v}' is not an object`);
      if (!compatible(k.iface, ft.iface)) throw bad(`'${v}' is an ${k.iface}, not an ${ft.iface}`);
      return new Ref(v, 'obj');
    }
    case 'event': {
      if (typeof v !== 'string') throw bad(`expected an event handle name, got ${JSON.stringify(v)}`);
      const k = outs.get(v);
      if (!k || k.kind !== 'event') throw bad(`unknown event '${v}'`);
      return new Ref(v, 'event');
    }
    case 'cpuh':
    case 'gpuh': {
      const gpu = ft.t === 'gpuh';
      if (typeof v === 'number') return { ptr: v };
      if (typeof v === 'string') {
        const k = outs.get(v);
        // a GPU handle where a CPU one is expected (or the reverse) is a real program's mistake, not a file error:
        // its ptr is passed on and the model reports what the runtime would (INVALID_DESCRIPTOR_HANDLE ...)
        if (!k || (k.kind !== 'gpuh' && k.kind !== 'cpuh'))
          throw bad(`unknown ${gpu ? 'GPU' : 'CPU'} descriptor handle '${v}'`);
        return new Ref(v, k.kind);
      }
      if (typeof v === 'object' && !Array.isArray(v)) {
        const x = v as Record<string, unknown>;
        const keys = Object.keys(x).sort().join(',');
        const heapName = (n: unknown) => {
          if (typeof n !== 'string') throw bad('expected a descriptor heap name');
          const k = outs.get(n);
          if (!k || k.kind !== 'obj' || family(k.iface) !== 'ID3D12DescriptorHeap')
            throw bad(`unknown descriptor heap '${String(n)}'`);
          return n;
        };
        const int = (n: unknown, what: string) => {
          if (typeof n === 'string' && /^-?\d+$/.test(n.trim())) n = Number(n.trim());
          if (typeof n !== 'number' || !Number.isInteger(n) || n < -1e9 || n > 1e12)
            throw bad(`field ${what}: expected an integer`);
          return n;
        };
        if (keys === 'heap,index') return new HeapHandle(heapName(x.heap), gpu, int(x.index, 'index'), 0);
        if (keys === 'heapStart,offset')
          return new HeapHandle(heapName(x.heapStart), gpu, null, int(x.offset, 'offset'));
        if (keys === 'ptr') return { ptr: int(x.ptr, 'ptr') };
        if (keys === 'handle,offset') {
          const k = typeof x.handle === 'string' ? outs.get(x.handle) : undefined;
          if (!k || (k.kind !== 'gpuh' && k.kind !== 'cpuh'))
            throw bad(`unknown descriptor handle '${String(x.handle)}'`);
          return new Ref(x.handle as string, k.kind, int(x.offset, 'offset'));
        }
      }
      throw bad('expected a descriptor handle: {"heap","index"}, {"heapStart","offset"} or a handle name');
    }
    case 'struct': {
      if (typeof v !== 'object' || Array.isArray(v)) throw bad(`expected an object, got ${JSON.stringify(v)}`);
      const o: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
        const sub = ft.fields[k];
        if (!sub) throw bad(`unknown field '${k}'`);
        o[k] = convert(x, sub, `${path}.${k}`, where, outs);
      }
      return o;
    }
    case 'array': {
      if (!Array.isArray(v)) {
        // a single element where the header takes a pointer to one (a struct, an object name, a number) is accepted
        // as a one-element array
        return [convert(v, ft.of, `${path}[0]`, where, outs)];
      }
      if (v.length > 100000) throw bad('array too long');
      return v.map((x, k) => convert(x, ft.of, `${path}[${k}]`, where, outs));
    }
    case 'name':
      return v;
  }
}

/** Phase 2 helper: replace Refs and HeapHandles by their run-time values. */
