// Record-time state tracking of one command list ([ST-REC-2], [ST-REC-3]): what the debug layer knows of a
// subresource's state while the list records, and the uses it therefore checks at record time instead of at
// ExecuteCommandLists. The layer knows a state the list set itself (a transition's StateAfter) or one it assumed at
// the subresource's first use: a write use (copy destination, render target, depth write, UAV) needs exactly its
// write state, so the layer assumes the subresource was in (or was promoted to) that state. A later use the known
// state does not satisfy is INVALID_SUBRESOURCE_STATE on the recording call ("Resource state (0x400:
// D3D12_RESOURCE_STATE_COPY_DEST) (assumed at first use) of resource ... is invalid for use as a vertex buffer",
// "ID3D12CommandList::DrawInstanced: ...", V-LOG NVIDIAGameWorks/Falcor#98), and ExecuteCommandLists does not check
// that use again. A read first use teaches only a lower bound (the resource may hold more read bits: [ST-REC-5]), and
// COMMON nothing exact (a use may promote from it): those uses stay with ExecuteCommandLists ([ST-USE-1]).

import type { DeviceContext } from './kernel';
import type { Kernel } from './kernel';
import type { ID3D12Resource } from './resource';
import type { ID3D12DescriptorHeap } from './descriptors';
import type { ID3D12RootSignature } from './pipeline';
import type { RecordedBarrier } from './commands';
import {
  D3D12_DESCRIPTOR_RANGE_FLAG_DATA_STATIC,
  D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES,
  D3D12_RESOURCE_BARRIER_TYPE_TRANSITION,
  D3D12_RESOURCE_STATE_COMMON,
  D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE,
  D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE,
} from './enums';
import { PROMOTED_NONE, promote, satisfies } from './states';

/**
 * Local state arrays of subresources an enhanced barrier moved in this list ([EB-ECL-1]): their layout is checked
 * at ExecuteCommandLists (INCOMPATIBLE_BARRIER_LAYOUT), so the legacy record-time tracking neither learns nor checks
 * them. Keyed by the list's array, which a Reset replaces.
 */
const layoutTracked = new WeakSet<Int32Array>();
export function markLayoutTracked(ls: Int32Array): void {
  layoutTracked.add(ls);
}

/** What the check needs of the recording list. */
export interface FirstUseList {
  readonly device: DeviceContext;
  readonly sys: Kernel;
  /** The method being recorded (`DrawInstanced`, `CopyBufferRegion` ...), for the message. */
  readonly recOp: string;
  /** The list's own view of a resource's subresource states, or undefined when it has none yet. */
  localIfAny(r: ID3D12Resource): Int32Array | undefined;
  localStates(r: ID3D12Resource): Int32Array;
}

/**
 * [ST-REC-2] Check a use against the states the list knows and learn from it. Returns true when the list knew the
 * state of every subresource the use touches (the verdict is final: ExecuteCommandLists skips its state check).
 */
export function noteFirstUse(
  list: FirstUseList,
  res: ID3D12Resource,
  sub: number,
  state: number,
  write: boolean,
): boolean {
  if (res.fixedState >= 0 || state === D3D12_RESOURCE_STATE_COMMON) return false;
  if (sub >= 0) {
    // one subresource (every copy and draw of the recording hot path): known and not COMMON means > 0
    const known = list.localIfAny(res);
    if (known && layoutTracked.has(known)) return false;
    const k = known ? known[sub] : -1;
    if (k > 0 && !satisfies(k, state)) invalidAtRecord(list, res, sub, k, state, write);
    if (write && k <= 0) {
      const ls = known ?? list.localStates(res);
      if (k < 0 || promote(k, PROMOTED_NONE, state, res.isBuffer || res.simultaneous) >= 0) ls[sub] = state;
    } else if (!write && k < 0) (known ?? list.localStates(res))[sub] = assumeRead(k, state);
    return k > 0;
  }
  const first = sub < 0 ? 0 : sub;
  const last = sub < 0 ? res.subCount - 1 : sub;
  const known = list.localIfAny(res);
  if (known && layoutTracked.has(known)) return false;
  let checked = false;
  if (known) {
    checked = true;
    for (let s = first; s <= last; s++) {
      const k = known[s];
      if (k < 0 || k === D3D12_RESOURCE_STATE_COMMON) {
        checked = false;
        break;
      }
    }
    if (checked)
      for (let s = first; s <= last; s++)
        if (!satisfies(known[s], state)) invalidAtRecord(list, res, s, known[s], state, write);
  }
  // [ST-REC-3] a write use teaches the state: first use (assumed), or a promotion from a COMMON the list set itself
  if (!write) {
    const ls = known ?? list.localStates(res);
    for (let s = first; s <= last; s++) if (ls[s] < 0) ls[s] = assumeRead(ls[s], state);
  } else {
    const ls = known ?? list.localStates(res);
    const promotable = res.isBuffer || res.simultaneous;
    for (let s = first; s <= last; s++) {
      const k = ls[s];
      if (k < 0 || (k === D3D12_RESOURCE_STATE_COMMON && promote(k, PROMOTED_NONE, state, promotable) >= 0))
        ls[s] = state;
    }
  }
  return checked;
}

/**
 * [ST-REC-5] A read first use teaches the read bits the subresource must hold ("the current resource state (0x800:
 * D3D12_RESOURCE_STATE_COPY_SOURCE) (assumed at first use)", V-LOG microsoft/DirectML#295). The local state array
 * keeps it as -(bits + 2): still "unknown" (< 0) to every exact-state check, and read by assumedRead.
 */
function assumeRead(k: number, state: number): number {
  return -(((k <= -2 ? -k - 2 : 0) | state) + 2);
}

/** [ST-REC-5] The read bits a subresource was assumed to hold at its first use in the list, or 0. */
export function assumedRead(k: number): number {
  return k <= -2 ? -k - 2 : 0;
}

function invalidAtRecord(
  list: FirstUseList,
  res: ID3D12Resource,
  s: number,
  cur: number,
  need: number,
  write: boolean,
): void {
  list.device.msg('INVALID_SUBRESOURCE_STATE', {
    op: list.recOp,
    resource: res.id,
    subresource: s,
    state: cur,
    expected: need,
  });
  // the same outcome ExecuteCommandLists would have decided (submission.ts invalidState)
  const outcome = write
    ? 'written-anyway'
    : need & (D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE | D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE)
      ? 'black'
      : 'stale-data';
  list.sys.hazard('invalid-state', res.id, { op: list.recOp, subresource: s, state: cur, expected: need, outcome });
}

/** [ST-REC-4] Subresources each list bound through DATA_STATIC ranges since its last Reset (keyed by recording). */
const dataStaticBound = new WeakMap<object, { seq: number; subs: Map<ID3D12Resource, Set<number>> }>();
/** [ST-ECL-STATIC-1] Whether any list ever bound a DATA_STATIC range (ExecuteCommandLists skips its check until then). */
let anyDataStatic = false;

interface DataStaticList {
  readonly id: number;
  readonly recordingSeq: number;
  readonly device: DeviceContext;
}

function boundOf(list: DataStaticList): Map<ID3D12Resource, Set<number>> {
  let e = dataStaticBound.get(list);
  if (!e || e.seq !== list.recordingSeq) {
    e = { seq: list.recordingSeq, subs: new Map() };
    dataStaticBound.set(list, e);
  }
  return e.subs;
}

/**
 * [ST-REC-4] A descriptor table set on the list: remember the subresources its DATA_STATIC ranges (root signature
 * 1.1 `D3D12_DESCRIPTOR_RANGE_FLAG_DATA_STATIC`) point to: "the data ... must not change until the command list
 * has finished executing for the last time" (Root Signature Version 1.1).
 */
export function noteDataStaticTable(
  list: DataStaticList,
  rootSig: ID3D12RootSignature | null,
  paramIndex: number,
  heap: ID3D12DescriptorHeap,
  index: number,
): void {
  const p = rootSig?.params[paramIndex];
  if (!p) return;
  for (const r of p.ranges) {
    if ((r.flags & D3D12_DESCRIPTOR_RANGE_FLAG_DATA_STATIC) === 0) continue;
    for (let k = 0; k < r.NumDescriptors && k < 4096; k++) {
      const content = heap.slots[index + r.offset + k];
      if (!content?.resource) continue;
      const bound = boundOf(list);
      anyDataStatic = true;
      let subs = bound.get(content.resource);
      if (!subs) bound.set(content.resource, (subs = new Set()));
      for (const s of content.subs) subs.add(s);
    }
  }
}

/**
 * [ST-REC-4] A transition, later in the same list, of a subresource the list bound as DATA_STATIC "indicates a change
 * to its data (or possibly resource metadata)": DATA_STATIC_DESCRIPTOR_INVALID_DATA_CHANGE on the ResourceBarrier
 * call (V-LOG microsoft/DirectX-Graphics-Samples#195, D3D12Fullscreen; the number is the header's 1002). The
 * barrier is still recorded.
 */
export function dataStaticTransitions(list: DataStaticList, barriers: readonly RecordedBarrier[]): void {
  const e = dataStaticBound.get(list);
  if (!e || e.seq !== list.recordingSeq || e.subs.size === 0) return;
  for (const b of barriers) {
    if (b.Type !== D3D12_RESOURCE_BARRIER_TYPE_TRANSITION || !b.res) continue;
    const subs = e.subs.get(b.res);
    if (!subs) continue;
    const hit = b.sub === D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES ? subs.size > 0 : subs.has(b.sub);
    if (hit)
      list.device.msg('DATA_STATIC_DESCRIPTOR_INVALID_DATA_CHANGE', {
        list: list.id,
        resource: b.res.id,
        subresource: b.sub,
        after: b.after,
      });
  }
}

/** A list as an in-flight execution holds it: the recording that runs is `recordingSeq`. */
interface InflightList extends DataStaticList {
  readonly recordingSeq: number;
}

/**
 * [ST-ECL-STATIC-1] The DATA_STATIC bindings of the lists still executing on the device's queues (submitted by an
 * earlier ExecuteCommandLists and not completed): resource -> the binding list, its queue and the bound subresources.
 * Null when no list ever bound a DATA_STATIC range or none of the executing lists did.
 */
export function dataStaticInFlight(
  queues: readonly { readonly id: number; pendingLists(): InflightList[][] }[],
): Map<ID3D12Resource, { list: number; queue: number; subs: Set<number> }> | null {
  if (!anyDataStatic) return null;
  let out: Map<ID3D12Resource, { list: number; queue: number; subs: Set<number> }> | null = null;
  for (const q of queues)
    for (const lists of q.pendingLists())
      for (const l of lists) {
        const e = dataStaticBound.get(l);
        if (!e || e.seq !== l.recordingSeq) continue;
        for (const [res, subs] of e.subs) (out ??= new Map()).set(res, { list: l.id, queue: q.id, subs });
      }
  return out;
}
