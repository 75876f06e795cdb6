// The scenario runner (../shared/SCENARIOS.md): a JSON file of D3D12 calls in, JSON Lines out. Pure: no fs,
// no process; the CLI wraps it. A file is first checked and converted completely ([SCN-VALID-1]), so an
// invalid file prints exactly one error line and nothing else; then it runs on a fresh D3D12System.

import { D3D12System } from '../system';
import { ENUMS, enumName, parseEnum } from '../enums';
import type { D3D12Message } from '../messages';
import { IUnknown } from '../object';
import { IFACE_ALIASES, MACROS, METHODS, type FieldType, type MethodSchema } from './schema';

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

class ScenarioError extends Error {}

/** A reference to a named output, resolved when the call runs. */
class Ref {
  constructor(readonly name: string, readonly kind: 'obj' | 'event' | 'num' | 'cpuh' | 'gpuh', readonly offset = 0) {}
}
/** A descriptor handle computed at run time from a heap. */
class HeapHandle {
  constructor(readonly heap: string, readonly gpu: boolean, readonly index: number | null, readonly offset: number) {}
}

type OutKind = { kind: 'obj'; iface: string } | { kind: 'event' } | { kind: 'num' } | { kind: 'cpuh' } | { kind: 'gpuh' } | { kind: 'data' };

const OUT_IFACE: Record<string, string> = {
  CreateDXGIFactory2: 'IDXGIFactory4', D3D12CreateDevice: 'ID3D12Device', EnumAdapters1: 'IDXGIAdapter1',
  EnumAdapterByGpuPreference: 'IDXGIAdapter1', EnumWarpAdapter: 'IDXGIAdapter1', CreateSwapChainForComposition: 'IDXGISwapChain3',
  CreateSwapChainForHwnd: 'IDXGISwapChain3', GetBuffer: 'ID3D12Resource', CreateCommandQueue: 'ID3D12CommandQueue',
  CreateCommandAllocator: 'ID3D12CommandAllocator', CreateCommandList: 'ID3D12GraphicsCommandList', CreateFence: 'ID3D12Fence',
  CreateCommittedResource: 'ID3D12Resource', CreatePlacedResource: 'ID3D12Resource', CreateReservedResource: 'ID3D12Resource',
  CreateHeap: 'ID3D12Heap', CreateDescriptorHeap: 'ID3D12DescriptorHeap', CreateRootSignature: 'ID3D12RootSignature',
  CreateGraphicsPipelineState: 'ID3D12PipelineState', D3D12SerializeRootSignature: 'ID3DBlob', D3D12SerializeVersionedRootSignature: 'ID3DBlob',
};

/** Normalise interface names so ID3D12Debug1 / ID3D12Debug are one family, etc. */
function family(iface: string): string {
  return iface.replace(/\d+$/, '').replace(/^IDXGIFactory$/, 'IDXGIFactory').replace(/^IDXGISwapChain$/, 'IDXGISwapChain');
}

function compatible(declared: string, wanted: string): boolean {
  if (wanted === 'IUnknown') return true;
  return family(declared) === family(wanted) || (family(wanted) === 'IDXGIAdapter' && family(declared) === 'IDXGIAdapter');
}

function jsonSafe(v: unknown, depth = 0): unknown {
  if (depth > 8) return null;
  if (typeof v === 'bigint') return v.toString();
  if (v === null || v === undefined) return null;
  if (v instanceof IUnknown) return { object: v.id, iface: v.iface, name: v.name };
  if (Array.isArray(v)) return v.map((x) => jsonSafe(x, depth + 1));
  if (v instanceof Uint8Array) return { bytes: v.length };
  if (typeof v === 'object') {
    const o: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) o[k] = jsonSafe(x, depth + 1);
    return o;
  }
  return v;
}

// ---------------------------------------------------------------- getter output ([SCN-OUT-1] in SPEC.md)
// Structs print with their d3d12.h / dxgi.h field names. UINT64 / SIZE_T / GPU-VA fields are decimal strings (JSON
// numbers cannot hold a UINT64; the runtime's "UINT64_MAX" error value prints as "18446744073709551615"), 32-bit
// integers are JSON numbers, BOOLs true/false, enum fields the full enum name (as a file writes them).
const U64_MAX = '18446744073709551615';
function u64(v: unknown): string {
  if (typeof v === 'bigint') return v.toString();
  const n = Number(v ?? 0);
  return n >= Number.MAX_SAFE_INTEGER ? U64_MAX : String(Math.max(0, Math.trunc(n)));
}
const tier = (prefix: string, v: unknown, zero = 'NOT_SUPPORTED') => (Number(v) === 0 && zero ? `${prefix}_${zero}` : `${prefix}_${Number(v)}`);
const shaderModel = (v: unknown) => `D3D_SHADER_MODEL_${Number(v) >> 4}_${Number(v) & 15}`;

function formatFootprints(r: { Layouts: { Offset: number; Footprint: { Format: number; Width: number; Height: number; Depth: number; RowPitch: number } }[]; NumRows: number[]; RowSizeInBytes: number[]; TotalBytes: number }): unknown {
  return {
    Layouts: r.Layouts.map((l) => ({ Offset: u64(l.Offset), Footprint: { Format: enumName('DXGI_FORMAT', l.Footprint.Format), Width: l.Footprint.Width, Height: l.Footprint.Height, Depth: l.Footprint.Depth, RowPitch: l.Footprint.RowPitch } })),
    NumRows: r.NumRows,
    RowSizeInBytes: r.RowSizeInBytes.map(u64),
    TotalBytes: u64(r.TotalBytes),
  };
}

function formatFeature(feature: number, o: Record<string, unknown>): unknown {
  const x: Record<string, unknown> = { ...o };
  const name = enumName('D3D12_FEATURE', feature);
  if ('TiledResourcesTier' in x) x.TiledResourcesTier = tier('D3D12_TILED_RESOURCES_TIER', x.TiledResourcesTier);
  if ('ResourceBindingTier' in x) x.ResourceBindingTier = tier('D3D12_RESOURCE_BINDING_TIER', x.ResourceBindingTier, '');
  if ('ResourceHeapTier' in x) x.ResourceHeapTier = tier('D3D12_RESOURCE_HEAP_TIER', x.ResourceHeapTier, '');
  if ('ConservativeRasterizationTier' in x) x.ConservativeRasterizationTier = tier('D3D12_CONSERVATIVE_RASTERIZATION_TIER', x.ConservativeRasterizationTier);
  if ('CrossNodeSharingTier' in x) x.CrossNodeSharingTier = tier('D3D12_CROSS_NODE_SHARING_TIER', x.CrossNodeSharingTier);
  if ('MinPrecisionSupport' in x) x.MinPrecisionSupport = Number(x.MinPrecisionSupport) === 0 ? 'D3D12_SHADER_MIN_PRECISION_SUPPORT_NONE' : x.MinPrecisionSupport;
  if ('MaxSupportedFeatureLevel' in x) x.MaxSupportedFeatureLevel = enumName('D3D_FEATURE_LEVEL', Number(x.MaxSupportedFeatureLevel));
  if ('HighestVersion' in x) x.HighestVersion = enumName('D3D_ROOT_SIGNATURE_VERSION', Number(x.HighestVersion));
  if ('HighestShaderModel' in x) x.HighestShaderModel = shaderModel(x.HighestShaderModel);
  if ('Format' in x && typeof x.Format === 'number') x.Format = enumName('DXGI_FORMAT', x.Format);
  if ('ViewInstancingTier' in x) x.ViewInstancingTier = tier('D3D12_VIEW_INSTANCING_TIER', x.ViewInstancingTier);
  if ('Flags' in x && name === 'D3D12_FEATURE_MULTISAMPLE_QUALITY_LEVELS') x.Flags = Number(x.Flags) === 0 ? 'D3D12_MULTISAMPLE_QUALITY_LEVELS_FLAG_NONE' : 'D3D12_MULTISAMPLE_QUALITY_LEVELS_FLAG_TILED_RESOURCE';
  return x;
}

/** The printed form of a getter's struct result (`value`), by method. */
function formatOut(method: string, args: Record<string, unknown>, r: unknown): unknown {
  if (r === null || r === undefined || typeof r !== 'object' || Array.isArray(r) || r instanceof Uint8Array) return jsonSafe(r);
  const o = r as Record<string, unknown>;
  switch (method) {
    case 'GetResourceAllocationInfo': return { SizeInBytes: u64(o.SizeInBytes), Alignment: u64(o.Alignment) };
    case 'QueryVideoMemoryInfo': return { Budget: u64(o.Budget), CurrentUsage: u64(o.CurrentUsage), AvailableForReservation: u64(o.AvailableForReservation), CurrentReservation: u64(o.CurrentReservation) };
    case 'CheckFeatureSupport': return formatFeature(Number(args.Feature), o);
    case 'GetDesc1': {
      const x = jsonSafe(o) as Record<string, unknown>;
      for (const k of ['DedicatedVideoMemory', 'DedicatedSystemMemory', 'SharedSystemMemory']) if (k in x) x[k] = u64(o[k]);
      if (typeof x.Flags === 'number') x.Flags = x.Flags === 0 ? 'DXGI_ADAPTER_FLAG_NONE' : [x.Flags & 1 ? 'DXGI_ADAPTER_FLAG_REMOTE' : '', x.Flags & 2 ? 'DXGI_ADAPTER_FLAG_SOFTWARE' : ''].filter(Boolean).join('|');
      return x;
    }
    case 'GetAutoBreadcrumbsOutput': {
      const nodes = (o.HeadAutoBreadcrumbNode as Record<string, unknown>[]) ?? [];
      // D3D12_AUTO_BREADCRUMB_NODE without the p prefix (pCommandListDebugNameW -> CommandListDebugNameW, pLastBreadcrumbValue -> LastBreadcrumbValue)
      return { HeadAutoBreadcrumbNode: nodes.map((n) => ({
        CommandListDebugNameW: n.CommandListDebugName ?? null, CommandQueueDebugNameW: n.CommandQueueDebugName ?? null,
        BreadcrumbCount: n.BreadcrumbCount, LastBreadcrumbValue: n.LastBreadcrumbValue,
        CommandHistory: ((n.CommandHistory as string[]) ?? []).map((op) => `D3D12_AUTO_BREADCRUMB_OP_${op}`),
      })) };
    }
    case 'GetPageFaultAllocationOutput': {
      const alloc = (a: { ObjectName: string | null; AllocationType: string }) => ({ ObjectNameW: a.ObjectName, AllocationType: `D3D12_DRED_ALLOCATION_TYPE_${a.AllocationType}` });
      return {
        PageFaultVA: u64(o.PageFaultVA),
        HeadExistingAllocationNode: ((o.HeadExistingAllocationNode as never[]) ?? []).map(alloc),
        HeadRecentFreedAllocationNode: ((o.HeadRecentFreedAllocationNode as never[]) ?? []).map(alloc),
      };
    }
  }
  return jsonSafe(r);
}

interface PreparedCall {
  i: number;
  call: string;
  schema: MethodSchema | null; // null for @gpu.*
  self: string | null;
  args: Record<string, unknown>;
  out: string | null;
}

/** Phase 1: check and convert the whole file. Throws ScenarioError with the precise location. */
function prepare(doc: unknown): { name: string | null; calls: PreparedCall[]; top: Record<string, unknown> } {
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) throw new ScenarioError('the file must hold one JSON object');
  const top = doc as Record<string, unknown>;
  const allowedTop = new Set(['name', 'debugLayer', 'gpuBasedValidation', 'gpuMsPerList', 'cpuNsPerCall', 'calls', 'description', 'comment', 'unrestrictedBufferTextureCopyPitch']);
  for (const k of Object.keys(top)) if (!allowedTop.has(k) && !k.startsWith('_')) throw new ScenarioError(`unknown top-level field '${k}'`);
  if (top.name !== undefined && typeof top.name !== 'string') throw new ScenarioError('field name: expected a string');
  for (const k of ['debugLayer', 'gpuBasedValidation', 'unrestrictedBufferTextureCopyPitch']) if (top[k] !== undefined && typeof top[k] !== 'boolean') throw new ScenarioError(`field ${k}: expected true or false`);
  for (const k of ['gpuMsPerList', 'cpuNsPerCall']) if (top[k] !== undefined && (typeof top[k] !== 'number' || !Number.isFinite(top[k] as number) || (top[k] as number) < 0 || (top[k] as number) > 1e6)) throw new ScenarioError(`field ${k}: expected a number between 0 and 1000000`);
  if (!Array.isArray(top.calls)) throw new ScenarioError('missing "calls" array');
  if (top.calls.length > 200000) throw new ScenarioError('too many calls (limit 200000)');
  const outs = new Map<string, OutKind>();
  const calls: PreparedCall[] = [];
  top.calls.forEach((raw: unknown, i: number) => {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new ScenarioError(`call ${i}: expected an object`);
    const c = raw as Record<string, unknown>;
    for (const k of Object.keys(c)) if (!['call', 'this', 'args', 'out', 'comment'].includes(k)) throw new ScenarioError(`call ${i}: unknown field '${k}'`);
    if (typeof c.call !== 'string') throw new ScenarioError(`call ${i}: missing "call"`);
    const where = `call ${i} (${c.call})`;
    if (c.out !== undefined && c.out !== null && (typeof c.out !== 'string' || c.out === '')) throw new ScenarioError(`${where}: field out: expected a name`);
    if (c.args !== undefined && c.args !== null && (typeof c.args !== 'object' || Array.isArray(c.args))) throw new ScenarioError(`${where}: field args: expected an object`);
    const args = (c.args ?? {}) as Record<string, unknown>;
    if (c.call === '@gpu.advance' || c.call === '@gpu.idle') {
      if (c.call === '@gpu.advance') {
        if (typeof args.ms !== 'number' || !Number.isFinite(args.ms) || args.ms < 0 || args.ms > 1e9) throw new ScenarioError(`${where}: field args.ms: expected a number of milliseconds`);
        for (const k of Object.keys(args)) if (k !== 'ms') throw new ScenarioError(`${where}: field args.${k}: unknown field`);
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
        const hit = Object.keys(METHODS).find((k) => k.endsWith(`::${m}`) && family(k.split('::')[0]) === family(iface));
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
      if (!compatible(k.iface, schema.iface)) throw new ScenarioError(`${where}: field this: '${c.this}' is an ${k.iface}, not an ${schema.iface}`);
      self = c.this;
    } else if (c.this !== undefined && c.this !== null) throw new ScenarioError(`${where}: field this: ${c.call} is a free function`);
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
        if (m === 'D3D12GetDebugInterface') iface = riid && riid.startsWith('ID3D12DeviceRemovedExtendedDataSettings') ? 'ID3D12DeviceRemovedExtendedDataSettings' : 'ID3D12Debug';
        if (m === 'QueryInterface') iface = riid && riid.startsWith('ID3D12DeviceRemovedExtendedData') ? 'ID3D12DeviceRemovedExtendedData' : 'ID3D12Device';
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
    if (ft.t === 'u32' && (!Number.isInteger(v) || v < 0 || v > 0xffffffff)) throw bad(`expected an unsigned 32-bit integer, got ${v}`);
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
    if (/^-?(\d+(\.\d+)?|0x[0-9a-f]+)$/i.test(v.trim())) return numberLike(v.trim().startsWith('-') ? -Number(v.trim().slice(1)) : Number(v.trim()), ft, path, where, outs);
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
    case 'any': return v;
    case 'u32': case 'num': case 'u64': return numberLike(v, ft, path, where, outs);
    case 'bool':
      if (typeof v === 'boolean') return v;
      if (v === 0 || v === 1) return v === 1;
      if (v === 'TRUE' || v === 'FALSE') return v === 'TRUE';
      throw bad(`expected true or false, got ${JSON.stringify(v)}`);
    case 'str':
      if (typeof v !== 'string') throw bad(`expected a string, got ${JSON.stringify(v)}`);
      return v;
    case 'enum': case 'flags': {
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
    case 'cpuh': case 'gpuh': {
      const gpu = ft.t === 'gpuh';
      if (typeof v === 'number') return { ptr: v };
      if (typeof v === 'string') {
        const k = outs.get(v);
        // a GPU handle where a CPU one is expected (or the reverse) is a real program's mistake, not a file error:
        // its ptr is passed on and the model reports what the runtime would (INVALID_DESCRIPTOR_HANDLE ...)
        if (!k || (k.kind !== 'gpuh' && k.kind !== 'cpuh')) throw bad(`unknown ${gpu ? 'GPU' : 'CPU'} descriptor handle '${v}'`);
        return new Ref(v, k.kind);
      }
      if (typeof v === 'object' && !Array.isArray(v)) {
        const x = v as Record<string, unknown>;
        const keys = Object.keys(x).sort().join(',');
        const heapName = (n: unknown) => {
          if (typeof n !== 'string') throw bad('expected a descriptor heap name');
          const k = outs.get(n);
          if (!k || k.kind !== 'obj' || family(k.iface) !== 'ID3D12DescriptorHeap') throw bad(`unknown descriptor heap '${String(n)}'`);
          return n;
        };
        const int = (n: unknown, what: string) => {
          if (typeof n === 'string' && /^-?\d+$/.test(n.trim())) n = Number(n.trim());
          if (typeof n !== 'number' || !Number.isInteger(n) || n < -1e9 || n > 1e12) throw bad(`field ${what}: expected an integer`);
          return n;
        };
        if (keys === 'heap,index') return new HeapHandle(heapName(x.heap), gpu, int(x.index, 'index'), 0);
        if (keys === 'heapStart,offset') return new HeapHandle(heapName(x.heapStart), gpu, null, int(x.offset, 'offset'));
        if (keys === 'ptr') return { ptr: int(x.ptr, 'ptr') };
        if (keys === 'handle,offset') {
          const k = typeof x.handle === 'string' ? outs.get(x.handle) : undefined;
          if (!k || (k.kind !== 'gpuh' && k.kind !== 'cpuh')) throw bad(`unknown descriptor handle '${String(x.handle)}'`);
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
    case 'name': return v;
  }
}

/** Phase 2 helper: replace Refs and HeapHandles by their run-time values. */
function resolve(v: unknown, bound: Map<string, unknown>, sys: D3D12System): unknown {
  if (v instanceof Ref) {
    const x = bound.get(v.name);
    if (v.kind === 'num') return typeof x === 'bigint' ? Number(x) + v.offset : typeof x === 'number' ? x + v.offset : 0;
    if (v.kind === 'cpuh' || v.kind === 'gpuh') return { ptr: ((x as { ptr: number } | undefined)?.ptr ?? 0) + v.offset };
    return x ?? null;
  }
  if (v instanceof HeapHandle) {
    const h = bound.get(v.heap) as { cpuBase: number; gpuBase: number; increment: number; shaderVisible: boolean } | null | undefined;
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
  const base = file.split(/[\\/]/).pop()?.replace(/\.json$/i, '') ?? file;
  const name = prepared.name ?? base;
  const sys = new D3D12System({ settings: { gpuMsPerList: (top.gpuMsPerList as number | undefined) ?? 1, ...(top.cpuNsPerCall !== undefined ? { cpuNsPerCall: top.cpuNsPerCall as number } : {}) } });
  if (top.unrestrictedBufferTextureCopyPitch) for (const a of sys.adapters) a.unrestrictedBufferTextureCopyPitch = true;
  // [SCN-DBG-1] "debugLayer": true == D3D12GetDebugInterface + EnableDebugLayer before anything else (no lines printed)
  if (top.debugLayer) sys.debugLayerEnabled = true;
  if (top.gpuBasedValidation) { sys.debugLayerEnabled = true; sys.gpuBasedValidation = true; }
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
            lines.push(JSON.stringify({ i: pc.i, call: pc.call, hr: null, fault: `'${pc.self}' is NULL (its creation failed): a real program would crash here` }));
            continue;
          }
        }
        const args = resolve(pc.args, bound, sys) as Record<string, unknown>;
        const fn = (target as Record<string, unknown>)[s.method];
        if (typeof fn !== 'function') throw new Error(`model invariant: ${s.method} missing on ${String((target as IUnknown).iface)}`);
        const r = (fn as (a: unknown) => unknown).call(target, args);
        switch (s.ret) {
          case 'void': line.hr = null; break;
          case 'hr': line.hr = typeof r === 'string' ? r : (r as { hr: string }).hr; break;
          case 'event': line.hr = null; if (pc.out) bound.set(pc.out, r); break;
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
  lines.push(JSON.stringify({ end: true, deviceRemoved: !!removed, removedReason: removed ? removed.removedReason : null }));
  return { lines, exitCode: 0, sys };
}
