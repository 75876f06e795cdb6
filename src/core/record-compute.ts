// Compute recording ([CS-*] in SPEC.md §7.1): the compute root signature and root arguments a list holds since
// its Reset, and Dispatch — its record-time checks, the resources it touches (UAV writes need UNORDERED_ACCESS at
// ExecuteCommandLists; buffers promote from COMMON) and the UAV hazard between two dispatches without a UAV barrier.
// The record* functions at the end are the list's SetComputeRoot* and Dispatch methods, which delegate here.

import type { ID3D12GraphicsCommandList } from './commandlist';
import type { CommandOf, Use } from './commands';
import type { ID3D12DescriptorHeap } from './descriptors';
import type { ID3D12PipelineState, ID3D12RootSignature } from './pipeline';
import type { RecordingContext } from './recording';
import type { ID3D12Resource } from './resource';
import type { D3D12_GPU_DESCRIPTOR_HANDLE } from './structs';
import {
  D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER,
  D3D12_DESCRIPTOR_RANGE_TYPE_SAMPLER,
  D3D12_DESCRIPTOR_RANGE_TYPE_SRV,
  D3D12_DESCRIPTOR_RANGE_TYPE_UAV,
  D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE,
  D3D12_RESOURCE_STATE_UNORDERED_ACCESS,
  D3D12_RESOURCE_STATE_VERTEX_AND_CONSTANT_BUFFER,
  D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS,
  D3D12_ROOT_PARAMETER_TYPE_CBV,
  D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE,
  D3D12_ROOT_PARAMETER_TYPE_SRV,
  D3D12_ROOT_PARAMETER_TYPE_UAV,
} from './enums';

export interface SetComputeRoot32BitConstantsArgs {
  RootParameterIndex: number;
  Num32BitValuesToSet: number;
  SrcData: number[];
  DestOffsetIn32BitValues: number;
}

export type RootViewKind = 'CBV' | 'SRV' | 'UAV';

/** The compute bindings of a list since its last Reset (separate from the graphics ones, as in D3D12). */
export interface ComputeState {
  rootSig: ID3D12RootSignature | null;
  tables: Map<number, { heap: ID3D12DescriptorHeap; index: number }>;
  views: Map<number, { kind: RootViewKind; va: number; res: ID3D12Resource | null }>;
  constants: Map<number, number[]>;
  /** [CS-UAV-2] resources a dispatch wrote as UAV since the last UAV barrier that covers them */
  uavWritten: Set<ID3D12Resource>;
  /**
   * [CS-EXEC-1] The root arguments as the last Dispatch recorded them, shared by the dispatches that follow until a
   * SetComputeRoot* call changes them (copy on write: 10,000 dispatches with one set of arguments copy it once).
   */
  recorded: DispatchRootArgs | null;
}

/** The compute root arguments a Dispatch ran with (the executor binds them: [CS-EXEC-1]). */
export interface DispatchRootArgs {
  tables: ReadonlyMap<number, { heap: ID3D12DescriptorHeap; index: number }>;
  views: ReadonlyMap<number, { kind: RootViewKind; va: number; res: ID3D12Resource | null }>;
  constants: ReadonlyMap<number, number[]>;
}

export function freshComputeState(): ComputeState {
  return {
    rootSig: null,
    tables: new Map(),
    views: new Map(),
    constants: new Map(),
    uavWritten: new Set(),
    recorded: null,
  };
}

/** [CS-ROOT-1] SetComputeRootSignature: a new root signature clears the root arguments set for the old one. */
export function setComputeRootSignature(cs: ComputeState, rs: ID3D12RootSignature | null): void {
  if (cs.rootSig !== rs) {
    cs.recorded = null;
    cs.tables.clear();
    cs.views.clear();
    cs.constants.clear();
  }
  cs.rootSig = rs;
}

const VIEW_PARAM: Record<RootViewKind, number> = {
  CBV: D3D12_ROOT_PARAMETER_TYPE_CBV,
  SRV: D3D12_ROOT_PARAMETER_TYPE_SRV,
  UAV: D3D12_ROOT_PARAMETER_TYPE_UAV,
};
const VIEW_INVALID = {
  CBV: 'SET_ROOT_CONSTANT_BUFFER_VIEW_INVALID',
  SRV: 'SET_ROOT_SHADER_RESOURCE_VIEW_INVALID',
  UAV: 'SET_ROOT_UNORDERED_ACCESS_VIEW_INVALID',
} as const;

/**
 * [CS-ROOT-2] SetComputeRoot{ConstantBuffer,ShaderResource,UnorderedAccess}View: the parameter must exist and be a
 * root descriptor of that type (SET_ROOT_*_VIEW_INVALID otherwise, nothing bound); the address names a buffer.
 */
export function setComputeRootView(
  ctx: RecordingContext,
  cs: ComputeState,
  kind: RootViewKind,
  index: number,
  va: number,
): void {
  const p = cs.rootSig?.params[index];
  if (!p || p.ParameterType !== VIEW_PARAM[kind]) {
    ctx.device.msg(VIEW_INVALID[kind], { rootParameterIndex: index, bufferLocation: va });
    return;
  }
  cs.views.set(index, { kind, va, res: ctx.device.address.resourceAtVA(va) });
  cs.recorded = null;
}

/** [CS-ROOT-2] SetComputeRoot32BitConstants: a 32-bit constants parameter with room for the values. */
export function setComputeConstants(
  ctx: RecordingContext,
  cs: ComputeState,
  args: { RootParameterIndex: number; Num32BitValuesToSet: number; SrcData: number[]; DestOffsetIn32BitValues: number },
): void {
  const p = cs.rootSig?.params[args.RootParameterIndex];
  const n = args.Num32BitValuesToSet ?? 0;
  const off = args.DestOffsetIn32BitValues ?? 0;
  if (!p || p.ParameterType !== D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS || off + n > (p.Num32BitValues ?? 0)) {
    ctx.device.msg('SET_ROOT_CONSTANT_INVALID', { rootParameterIndex: args.RootParameterIndex });
    return;
  }
  const cur = cs.constants.get(args.RootParameterIndex) ?? [];
  for (let k = 0; k < n; k++) cur[off + k] = args.SrcData?.[k] ?? 0;
  cs.constants.set(args.RootParameterIndex, cur);
  cs.recorded = null;
}

/**
 * [CS-ROOT-3] SetComputeRootDescriptorTable: a table parameter, a handle into a heap set by SetDescriptorHeaps, of
 * the heap type the table reads ([DT-TYPE-1]); otherwise SET_DESCRIPTOR_TABLE_INVALID and nothing bound.
 */
export function setComputeTable(
  ctx: RecordingContext,
  cs: ComputeState,
  heaps: readonly ID3D12DescriptorHeap[],
  args: { RootParameterIndex: number; BaseDescriptor: { ptr: number } },
): void {
  const p = cs.rootSig?.params[args.RootParameterIndex];
  const loc = ctx.device.address.resolveGpu(args.BaseDescriptor?.ptr ?? 0);
  const sampler = p?.ranges[0]?.RangeType === D3D12_DESCRIPTOR_RANGE_TYPE_SAMPLER;
  if (
    !p ||
    p.ParameterType !== D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE ||
    !loc ||
    !heaps.includes(loc.heap) ||
    (p.ranges.length > 0 && sampler !== (loc.heap.type === D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER))
  ) {
    ctx.device.msg('SET_DESCRIPTOR_TABLE_INVALID', {
      rootParameterIndex: args.RootParameterIndex,
      ptr: args.BaseDescriptor?.ptr ?? 0,
    });
    return;
  }
  cs.tables.set(args.RootParameterIndex, { heap: loc.heap, index: loc.index });
  cs.recorded = null;
}

/** The usual case, shared: a dispatch that races on nothing. */
const NO_RACES: readonly ID3D12Resource[] = Object.freeze([]);

export interface DispatchArgs {
  ThreadGroupCountX: number;
  ThreadGroupCountY: number;
  ThreadGroupCountZ: number;
}

const NOT_SET = {
  CBV: 'COMMAND_LIST_ROOT_CONSTANT_BUFFER_VIEW_NOT_SET',
  SRV: 'COMMAND_LIST_ROOT_SHADER_RESOURCE_VIEW_NOT_SET',
  UAV: 'COMMAND_LIST_ROOT_UNORDERED_ACCESS_VIEW_NOT_SET',
} as const;

/**
 * [CS-DISPATCH-1] Dispatch record-time checks: a compute root signature set (DISPATCH_ROOT_SIGNATURE_NOT_SET), a
 * pipeline set (PIPELINE_STATE_NOT_SET) that is a compute pipeline (PIPELINE_STATE_TYPE_MISMATCH) made with that
 * root signature (DISPATCH_ROOT_SIGNATURE_MISMATCH), every table and root descriptor the shader reads set
 * (DESCRIPTOR_TABLE_NOT_SET / ROOT_*_VIEW_NOT_SET), and a non-empty grid (EMPTY_DISPATCH warning). The dispatch is
 * still recorded (the GPU runs it: undefined results). [CS-UAV-1] Its uses: UAVs written (UNORDERED_ACCESS),
 * SRVs read (NON_PIXEL_SHADER_RESOURCE), root CBVs read. [CS-UAV-2] A UAV this list's earlier dispatch wrote, with
 * no UAV barrier since: hazard `uav-race` (no debug-layer message: the layer does not track UAV barriers).
 */
export function dispatchCommand(
  ctx: RecordingContext,
  cs: ComputeState,
  pso: ID3D12PipelineState | null,
  args: DispatchArgs,
): CommandOf<'Dispatch'> {
  const x = args.ThreadGroupCountX ?? 0;
  const y = args.ThreadGroupCountY ?? 0;
  const z = args.ThreadGroupCountZ ?? 0;
  const rs = cs.rootSig;
  if (!rs) ctx.device.msg('COMMAND_LIST_DISPATCH_ROOT_SIGNATURE_NOT_SET', { list: ctx.id });
  if (!pso) ctx.device.msg('COMMAND_LIST_PIPELINE_STATE_NOT_SET', { list: ctx.id });
  else if (!pso.isCompute) ctx.device.msg('PIPELINE_STATE_TYPE_MISMATCH', { list: ctx.id, pso: pso.id });
  else if (rs && pso.rootSignature !== rs)
    ctx.device.msg('COMMAND_LIST_DISPATCH_ROOT_SIGNATURE_MISMATCH', { list: ctx.id, pso: pso.id });
  if (x === 0 || y === 0 || z === 0) ctx.device.msg('EMPTY_DISPATCH', { x, y, z });
  const uses: Use[] = [];
  if (rs && pso?.isCompute && pso.rootSignature === rs) {
    for (const pi of pso.usedTableParams()) {
      const t = cs.tables.get(pi);
      if (!t) {
        ctx.device.msg('COMMAND_LIST_DESCRIPTOR_TABLE_NOT_SET', { rootParameterIndex: pi });
        continue;
      }
      for (const range of rs.params[pi].ranges) {
        const write = range.RangeType === D3D12_DESCRIPTOR_RANGE_TYPE_UAV;
        if (!write && range.RangeType !== D3D12_DESCRIPTOR_RANGE_TYPE_SRV) continue;
        for (let k = 0; k < range.NumDescriptors && k < 256; k++) {
          const content = t.heap.slots[t.index + range.offset + k];
          const r = content?.resource;
          if (!r) continue;
          const state = write ? D3D12_RESOURCE_STATE_UNORDERED_ACCESS : D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE;
          for (const s of content.subs) uses.push(ctx.use(r, r.isBuffer ? -1 : s, state, write));
        }
      }
    }
    for (const [pi, kind] of pso.rootViews) {
      const v = cs.views.get(pi);
      if (!v) {
        ctx.device.msg(NOT_SET[kind], { rootParameterIndex: pi });
        continue;
      }
      if (!v.res) continue;
      if (kind === 'UAV') uses.push(ctx.use(v.res, -1, D3D12_RESOURCE_STATE_UNORDERED_ACCESS, true));
      else if (kind === 'SRV') uses.push(ctx.use(v.res, -1, D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE, false));
      else uses.push(ctx.use(v.res, -1, D3D12_RESOURCE_STATE_VERTEX_AND_CONSTANT_BUFFER, false));
    }
  }
  const written = new Set<ID3D12Resource>();
  let races: ID3D12Resource[] | null = null;
  for (const u of uses) {
    if (cs.uavWritten.has(u.res)) {
      ctx.sys.hazard('uav-race', u.res.id, { op: 'Dispatch', outcome: 'reads or overwrites unfinished UAV writes' });
      races ??= [];
      if (!races.includes(u.res)) races.push(u.res);
    }
    if (u.write) written.add(u.res);
  }
  for (const r of written) cs.uavWritten.add(r);
  // [CS-EXEC-1] the root arguments as they are now (later SetComputeRoot* calls change the list's, not this dispatch's)
  if (!cs.recorded) {
    const constants = new Map<number, number[]>();
    for (const [k, v] of cs.constants) constants.set(k, [...v]);
    cs.recorded = { tables: new Map(cs.tables), views: new Map(cs.views), constants };
  }
  const { tables, views, constants } = cs.recorded;
  return {
    op: 'Dispatch',
    pso,
    rootSignature: rs,
    x,
    y,
    z,
    uses,
    tables,
    views,
    constants,
    uavRaces: races ?? NO_RACES,
  };
}

/** [CS-UAV-2] A UAV barrier (null resource: all) ends the hazard window; so does a transition of the resource. */
export function uavBarrierSeen(cs: ComputeState, res: ID3D12Resource | null): void {
  if (res) cs.uavWritten.delete(res);
  else cs.uavWritten.clear();
}

export function recordSetComputeRootSignature(
  list: ID3D12GraphicsCommandList,
  args: { RootSignature: ID3D12RootSignature | null },
): void {
  const c = list.rec('ID3D12GraphicsCommandList::SetComputeRootSignature', args);
  if (!c) return;
  setComputeRootSignature(list.cs, args.RootSignature ?? null);
  list.sys.endCall(c, null);
}

export function recordSetComputeRootDescriptorTable(
  list: ID3D12GraphicsCommandList,
  args: {
    RootParameterIndex: number;
    BaseDescriptor: D3D12_GPU_DESCRIPTOR_HANDLE;
  },
): void {
  const c = list.rec('ID3D12GraphicsCommandList::SetComputeRootDescriptorTable', args);
  if (!c) return;
  setComputeTable(list, list.cs, list.gs.heaps, args);
  list.sys.endCall(c, null);
}

export function recordSetComputeRoot32BitConstants(
  list: ID3D12GraphicsCommandList,
  args: {
    RootParameterIndex: number;
    Num32BitValuesToSet: number;
    SrcData: number[];
    DestOffsetIn32BitValues: number;
  },
): void {
  const c = list.rec('ID3D12GraphicsCommandList::SetComputeRoot32BitConstants', args);
  if (!c) return;
  setComputeConstants(list, list.cs, args);
  list.sys.endCall(c, null);
}

export function recordComputeView(
  list: ID3D12GraphicsCommandList,
  method: string,
  kind: RootViewKind,
  args: { RootParameterIndex: number; BufferLocation: number },
): void {
  const c = list.rec(`ID3D12GraphicsCommandList::${method}`, args);
  if (!c) return;
  setComputeRootView(list, list.cs, kind, args.RootParameterIndex, args.BufferLocation);
  list.sys.endCall(c, null);
}

export function recordDispatch(list: ID3D12GraphicsCommandList, args: DispatchArgs): void {
  const c = list.rec('ID3D12GraphicsCommandList::Dispatch', args);
  if (!c) return;
  list.commands.push(dispatchCommand(list, list.cs, list.gs.pso, args));
  list.sys.endCall(c, null);
}
