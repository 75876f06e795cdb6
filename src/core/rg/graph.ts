// A render graph: passes declare what they read and write; compile derives each transient resource's lifetime
// (first to last pass that touches it), places the transients in one heap so that resources alive at
// different times share bytes, and inserts the barriers a D3D12 command list needs: an ALIASING barrier before
// a resource's first use when its bytes were last used by another resource, and TRANSITION barriers whenever
// a pass needs a resource in another state. A learner's mistake comes back as an error value, never a throw.
import {
  D3D12_RESOURCE_BARRIER_TYPE_ALIASING,
  D3D12_RESOURCE_BARRIER_TYPE_TRANSITION,
  D3D12_RESOURCE_STATE_COMMON,
  D3D12_RESOURCE_STATE_DEPTH_READ,
  D3D12_RESOURCE_STATE_DEPTH_WRITE,
  D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE,
  D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE,
  D3D12_RESOURCE_STATE_RENDER_TARGET,
  D3D12_RESOURCE_STATE_UNORDERED_ACCESS,
  D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT,
} from '../enums';
import { placeArrays } from './quick';

// The enum values copied into module constants once: under a CommonJS-style loader (tsx, the bench and the CLI)
// every access to an imported binding is a getter call, and the compile reads them per access (17 % of a 47-pass
// compile in a CPU profile).
const TRANSITION = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
const ALIASING = D3D12_RESOURCE_BARRIER_TYPE_ALIASING;
const COMMON = D3D12_RESOURCE_STATE_COMMON;
const RENDER_TARGET = D3D12_RESOURCE_STATE_RENDER_TARGET;
const PIXEL_SR = D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE;
const NON_PIXEL_SR = D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE;
const UAV = D3D12_RESOURCE_STATE_UNORDERED_ACCESS;
const DEPTH_WRITE = D3D12_RESOURCE_STATE_DEPTH_WRITE;
const DEPTH_READ_SAMPLED = D3D12_RESOURCE_STATE_DEPTH_READ | D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE;
const DEFAULT_ALIGNMENT = D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT;

/** color: render target / shader resource; depth: depth-stencil; buffer: UAV / shader resource. */
export type RGKind = 'color' | 'depth' | 'buffer';

export interface RGResourceDesc {
  name: string;
  kind: RGKind;
  /** Bytes the placed resource needs (GetResourceAllocationInfo's SizeInBytes). */
  size: number;
  /** Placement alignment; D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT (64 KiB) when omitted. */
  alignment?: number;
  /** Lives outside the graph (swap-chain buffer, history): tracked for state, never placed or aliased. */
  imported?: boolean;
  /** State an imported resource is in before the frame, and must be left in after it. */
  initialState?: number;
  finalState?: number;
}

export interface RGPassDesc {
  name: string;
  reads?: readonly string[];
  writes?: readonly string[];
  /** A compute pass: reads are NON_PIXEL_SHADER_RESOURCE, writes UNORDERED_ACCESS. */
  compute?: boolean;
}

export interface RGDesc {
  resources: readonly RGResourceDesc[];
  passes: readonly RGPassDesc[];
}

export interface RGBarrier {
  Type: typeof D3D12_RESOURCE_BARRIER_TYPE_TRANSITION | typeof D3D12_RESOURCE_BARRIER_TYPE_ALIASING;
  /** TRANSITION: the resource; ALIASING: ResourceAfter. Index into desc.resources. */
  resource: number;
  /** ALIASING only: ResourceBefore, the resource that last used these bytes. */
  before?: number;
  StateBefore?: number;
  StateAfter?: number;
}

export type RGErrorCode =
  | 'duplicate-resource'
  | 'unknown-resource'
  | 'read-before-write'
  | 'read-write-same-pass'
  | 'overlap-lifetimes'
  | 'bad-size';

export interface RGError {
  code: RGErrorCode;
  /** Names involved, in the order the message uses them. */
  resources: string[];
  passes: string[];
  message: string;
}

export interface CompiledGraph {
  /** Per resource: first and last pass index that touches it (-1 when no pass does). */
  first: Int32Array;
  last: Int32Array;
  /** Heap offset of each transient resource; -1 for imported or unused ones. */
  offsets: number[];
  /** Bytes the transient heap needs with aliasing, LOAD (the lower bound), and without aliasing. */
  heapSize: number;
  load: number;
  unaliasedSize: number;
  /** Barriers to record before pass p: barriers[barrierStart[p] .. barrierStart[p + 1]); index P: after the last pass. */
  barriers: RGBarrier[];
  barrierStart: Int32Array;
  /** State each resource is first used in (a transient is created in it: CreatePlacedResource's InitialState). */
  firstState: Int32Array;
}

export interface CompileOptions {
  /** Heap offsets chosen by hand instead of by the placer (lesson A5's overlap-lifetimes bug); checked. */
  offsets?: readonly number[];
}

function stateFor(kind: RGKind, write: boolean, compute: boolean): number {
  if (compute) return write ? UAV : NON_PIXEL_SR;
  // a depth buffer read by a graphics pass may be both depth-tested and sampled: the combined read state
  if (kind === 'depth') return write ? DEPTH_WRITE : DEPTH_READ_SAMPLED;
  if (kind === 'buffer') return write ? UAV : NON_PIXEL_SR;
  return write ? RENDER_TARGET : PIXEL_SR;
}

const err = (code: RGErrorCode, resources: string[], passes: string[], message: string): { error: RGError } => ({
  error: { code, resources, passes, message },
});

export function compileGraph(desc: RGDesc, opts: CompileOptions = {}): { graph: CompiledGraph } | { error: RGError } {
  const R = desc.resources.length;
  const P = desc.passes.length;
  const index = new Map<string, number>();
  for (let r = 0; r < R; r++) {
    const res = desc.resources[r];
    if (!(res.size > 0) || !Number.isSafeInteger(res.size))
      return err('bad-size', [res.name], [], `resource '${res.name}' needs a positive whole number of bytes`);
    index.set(res.name, r);
    if (index.size === r) return err('duplicate-resource', [res.name], [], `resource '${res.name}' is declared twice`);
  }
  // 1. Lifetimes, and the access list flattened once (resource, state) so the barrier pass reads no strings.
  const first = new Int32Array(R).fill(-1);
  const last = new Int32Array(R).fill(-1);
  const written = new Uint8Array(R);
  const accStart = new Int32Array(P + 1);
  // one entry per declared read or write (counted first, so the arrays are allocated once)
  let accesses = 0;
  for (let p = 0; p < P; p++) accesses += (desc.passes[p].reads?.length ?? 0) + (desc.passes[p].writes?.length ?? 0);
  const accRes = new Int32Array(accesses);
  const accState = new Int32Array(accesses);
  let accLen = 0;
  for (let p = 0; p < P; p++) {
    const pass = desc.passes[p];
    const compute = pass.compute === true;
    accStart[p] = accLen;
    for (let w = 0; w < 2; w++) {
      const names = w === 0 ? pass.reads : pass.writes;
      if (!names) continue;
      for (const name of names) {
        const r = index.get(name);
        if (r === undefined)
          return err(
            'unknown-resource',
            [name],
            [pass.name],
            `pass '${pass.name}' uses '${name}', which no resource declares`,
          );
        const res = desc.resources[r];
        if (w === 0 && !written[r] && !res.imported) {
          return err(
            'read-before-write',
            [name],
            [pass.name],
            `pass '${pass.name}' reads '${name}' before any pass writes it`,
          );
        }
        if (w === 1 && pass.reads && last[r] === p && pass.reads.includes(name)) {
          return err(
            'read-write-same-pass',
            [name],
            [pass.name],
            `pass '${pass.name}' both reads and writes '${name}'`,
          );
        }
        if (w === 1) written[r] = 1;
        if (first[r] < 0) first[r] = p;
        last[r] = p;
        accRes[accLen] = r;
        accState[accLen++] = stateFor(res.kind, w === 1, compute);
      }
    }
  }
  accStart[P] = accLen;

  // 2. Placement of the transients used by some pass, handed to the placer as arrays (no item objects).
  const placedIdx: number[] = [];
  for (let r = 0; r < R; r++) if (!desc.resources[r].imported && first[r] >= 0) placedIdx.push(r);
  const m = placedIdx.length;
  const lo = new Float64Array(m);
  const hi = new Float64Array(m);
  const size = new Float64Array(m);
  const align = new Float64Array(m);
  let unaliasedSize = 0;
  for (let k = 0; k < m; k++) {
    const res = desc.resources[placedIdx[k]];
    lo[k] = first[placedIdx[k]];
    hi[k] = last[placedIdx[k]] + 1;
    size[k] = res.size;
    align[k] = res.alignment ?? DEFAULT_ALIGNMENT;
    unaliasedSize = alignUpTo(unaliasedSize, align[k]) + size[k];
  }
  const offsets = new Array<number>(R).fill(-1);
  let heapSize = 0;
  let load = 0;
  if (opts.offsets) {
    const items = placedIdx.map((_, k) => ({ lower: lo[k], upper: hi[k], size: size[k], alignment: align[k] }));
    const bad = checkHandPlacement(desc, placedIdx, items, opts.offsets);
    if (bad) return { error: bad };
    for (const r of placedIdx) offsets[r] = opts.offsets[r];
    for (let k = 0; k < m; k++) heapSize = Math.max(heapSize, offsets[placedIdx[k]] + size[k]);
    load = placeArrays(lo, hi, size, align).load;
  } else {
    const placed = placeArrays(lo, hi, size, align);
    for (let k = 0; k < m; k++) offsets[placedIdx[k]] = placed.offsets[k];
    heapSize = placed.peak;
    load = placed.load;
  }

  // 3. Barriers, pass by pass. `occupant` maps heap byte ranges to the resource that used them last.
  const state = new Int32Array(R);
  const firstState = new Int32Array(R).fill(-1);
  for (let r = 0; r < R; r++) state[r] = desc.resources[r].initialState ?? COMMON;
  const occupant = new Occupancy();
  const barriers: RGBarrier[] = [];
  const barrierStart = new Int32Array(P + 2);
  for (let p = 0; p < P; p++) {
    barrierStart[p] = barriers.length;
    for (let a = accStart[p]; a < accStart[p + 1]; a++) {
      const r = accRes[a];
      const want = accState[a];
      if (first[r] === p && firstState[r] < 0) {
        firstState[r] = want;
        if (offsets[r] >= 0) {
          const before = occupant.take(offsets[r], offsets[r] + desc.resources[r].size, r, last);
          if (before >= 0) barriers.push({ Type: ALIASING, resource: r, before });
          state[r] = want; // a placed resource is created in the state of its first use
          continue;
        }
      }
      if (state[r] !== want) {
        barriers.push({
          Type: TRANSITION,
          resource: r,
          StateBefore: state[r],
          StateAfter: want,
        });
        state[r] = want;
      }
    }
  }
  barrierStart[P] = barriers.length;
  for (let r = 0; r < R; r++) {
    const fin = desc.resources[r].finalState;
    if (desc.resources[r].imported && fin !== undefined && state[r] !== fin) {
      barriers.push({
        Type: TRANSITION,
        resource: r,
        StateBefore: state[r],
        StateAfter: fin,
      });
    }
  }
  barrierStart[P + 1] = barriers.length;
  return { graph: { first, last, offsets, heapSize, load, unaliasedSize, barriers, barrierStart, firstState } };
}

function alignUpTo(x: number, a: number): number {
  const r = x % a;
  return r === 0 ? x : x + a - r;
}

/** Hand-chosen offsets: aligned, and no two resources alive in the same pass may share a byte. */
function checkHandPlacement(
  desc: RGDesc,
  placedIdx: number[],
  items: { lower: number; upper: number; size: number; alignment: number }[],
  offsets: readonly number[],
): RGError | null {
  for (let k = 0; k < placedIdx.length; k++) {
    const o = offsets[placedIdx[k]];
    const name = desc.resources[placedIdx[k]].name;
    if (!Number.isSafeInteger(o) || o < 0 || o % items[k].alignment !== 0) {
      return {
        code: 'bad-size',
        resources: [name],
        passes: [],
        message: `offset ${o} of '${name}' is not a non-negative multiple of its alignment ${items[k].alignment}`,
      };
    }
  }
  for (let x = 0; x < items.length; x++) {
    for (let y = x + 1; y < items.length; y++) {
      const A = items[x];
      const B = items[y];
      const oa = offsets[placedIdx[x]];
      const ob = offsets[placedIdx[y]];
      if (A.lower < B.upper && B.lower < A.upper && oa < ob + B.size && ob < oa + A.size) {
        const na = desc.resources[placedIdx[x]].name;
        const nb = desc.resources[placedIdx[y]].name;
        const from = desc.passes[Math.max(A.lower, B.lower)].name;
        const to = desc.passes[Math.min(A.upper, B.upper) - 1].name;
        const when = from === to ? `in pass '${from}'` : `from pass '${from}' to pass '${to}'`;
        return {
          code: 'overlap-lifetimes',
          resources: [na, nb],
          passes: from === to ? [from] : [from, to],
          message: `'${na}' and '${nb}' share heap bytes but are both alive ${when}`,
        };
      }
    }
  }
  return null;
}

/** Heap byte ranges → the resource that used them last, as sorted disjoint segments. */
class Occupancy {
  private start: number[] = [];
  private end: number[] = [];
  private owner: number[] = [];

  /**
   * Marks [lo, hi) as r's and returns the previous user to name in an ALIASING barrier: among the resources
   * whose bytes r now takes, the one used last (lowest index on ties); -1 when the bytes were never used.
   */
  take(lo: number, hi: number, r: number, last: Int32Array): number {
    const { start, end, owner } = this;
    let a = 0;
    let b = start.length;
    while (a < b) {
      const m = (a + b) >> 1;
      if (end[m] <= lo) a = m + 1;
      else b = m;
    }
    let k = a;
    let before = -1;
    while (k < start.length && start[k] < hi) {
      const q = owner[k];
      if (before < 0 || last[q] > last[before] || (last[q] === last[before] && q < before)) before = q;
      k++;
    }
    // Segments [a, k) overlap [lo, hi): keep what sticks out on either side, put r's segment between.
    const leftCut = a < k && start[a] < lo;
    const rightCut = a < k && end[k - 1] > hi;
    if (leftCut && rightCut) {
      const s0 = start[a];
      const o0 = owner[a];
      const e1 = end[k - 1];
      const o1 = owner[k - 1];
      start.splice(a, k - a, s0, lo, hi);
      end.splice(a, k - a, lo, hi, e1);
      owner.splice(a, k - a, o0, r, o1);
    } else if (leftCut) {
      const s0 = start[a];
      const o0 = owner[a];
      start.splice(a, k - a, s0, lo);
      end.splice(a, k - a, lo, hi);
      owner.splice(a, k - a, o0, r);
    } else if (rightCut) {
      const e1 = end[k - 1];
      const o1 = owner[k - 1];
      start.splice(a, k - a, lo, hi);
      end.splice(a, k - a, hi, e1);
      owner.splice(a, k - a, r, o1);
    } else {
      start.splice(a, k - a, lo);
      end.splice(a, k - a, hi);
      owner.splice(a, k - a, r);
    }
    return before;
  }
}
