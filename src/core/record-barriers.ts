// [BAR-REC-1] ResourceBarrier at record time: each D3D12_RESOURCE_BARRIER checked and normalised into a
// RecordedBarrier, against the list's own view of subresource states ([ST-REC-1]). What the list cannot know yet
// is checked at ExecuteCommandLists ([BAR-ECL-1], submission.ts). recordResourceBarrier is the whole list method,
// which ID3D12GraphicsCommandList::ResourceBarrier delegates to.

import type { ID3D12GraphicsCommandList } from './commandlist';
import type { RecordedBarrier, SingleBarrierCommand } from './commands';
import { uavBarrierSeen } from './record-compute';
import { assumedRead, dataStaticTransitions } from './record-first-use';
import type { RecordingContext } from './recording';
import type { D3D12_RESOURCE_BARRIER } from './structs';
import {
  D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES,
  D3D12_RESOURCE_BARRIER_FLAG_BEGIN_ONLY,
  D3D12_RESOURCE_BARRIER_FLAG_END_ONLY,
  D3D12_RESOURCE_BARRIER_TYPE_ALIASING,
  D3D12_RESOURCE_BARRIER_TYPE_TRANSITION,
  D3D12_RESOURCE_BARRIER_TYPE_UAV,
} from './enums';
import { PROMOTED_NONE, beforeMatches, invalidCombination, stateAllowedOnList } from './states';
import { statesWithoutFlags } from './create-states';
import { SPLIT_DROP, splitTransition } from './record-split';

/** Placeholder until a one-barrier command points at itself. */
const NO_BARRIERS: readonly RecordedBarrier[] = [];

/**
 * [BAR-REC-1] ResourceBarrier record-time checks: a null resource or bad subresource is a runtime error (Close
 * fails); Before == After is RESOURCE_BARRIER_MATCHING_STATES (barrier dropped); any barrier on an UPLOAD or
 * READBACK resource is RESOURCE_BARRIER_INVALID_HEAP; graphics-only states on a COPY/COMPUTE list are
 * RESOURCE_BARRIER_INVALID_COMMAND_LIST_TYPE; a write state combined with other bits is
 * RESOURCE_BARRIER_INVALID_COMBINATION; when the list already knows the subresource's state, a wrong
 * StateBefore is RESOURCE_BARRIER_BEFORE_AFTER_MISMATCH here, otherwise at ExecuteCommandLists ([BAR-ECL-1]).
 * Returns the barriers the list records.
 */
export function recordBarriers(
  ctx: RecordingContext,
  list: readonly D3D12_RESOURCE_BARRIER[],
  num: number | undefined,
): RecordedBarrier[] {
  const n = num ?? list.length;
  if (n === 0) ctx.device.msg('RESOURCE_BARRIER_ZERO_BARRIERS', { list: ctx.id });
  const out: RecordedBarrier[] = [];
  for (let k = 0; k < n && k < list.length; k++) {
    const b = list[k];
    const flags = b.Flags ?? 0;
    if (b.Type === D3D12_RESOURCE_BARRIER_TYPE_TRANSITION) {
      const t = b.Transition;
      const r = t ? t.Resource : null;
      if (!t || !r) {
        ctx.fail('RESOURCE_BARRIER_NULL_POINTER', { list: ctx.id, index: k });
        continue;
      }
      const sub = t.Subresource >>> 0;
      if (sub !== D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES && sub >= r.subCount) {
        ctx.fail('RESOURCE_BARRIER_INVALID_SUBRESOURCE', { resource: r.id, subresource: sub, count: r.subCount });
        continue;
      }
      const before = t.StateBefore >>> 0;
      const after = t.StateAfter >>> 0;
      if (r.destroyed) ctx.device.msg('USE_OF_ZERO_REFCOUNT_OBJECT', { object: r.id });
      if (r.fixedState >= 0) {
        ctx.device.msg('RESOURCE_BARRIER_INVALID_HEAP', { resource: r.id, heapType: r.heapType, before, after });
        continue;
      }
      if (before === after) {
        ctx.device.msg('RESOURCE_BARRIER_MATCHING_STATES', { resource: r.id, subresource: sub, state: before });
        continue;
      }
      if (!stateAllowedOnList(ctx.type, before) || !stateAllowedOnList(ctx.type, after)) {
        ctx.device.msg('RESOURCE_BARRIER_INVALID_COMMAND_LIST_TYPE', {
          resource: r.id,
          listType: ctx.type,
          before,
          after,
        });
        continue;
      }
      if (invalidCombination(before) || invalidCombination(after)) {
        ctx.device.msg('RESOURCE_BARRIER_INVALID_COMBINATION', { resource: r.id, before, after });
      }
      // [RES-STATE-1] a state the resource's flags do not allow (RENDER_TARGET without ALLOW_RENDER_TARGET ...)
      const missing = statesWithoutFlags(r.desc.Flags, before | after);
      if (missing) ctx.device.msg('RESOURCE_BARRIER_MISSING_BIND_FLAGS', { resource: r.id, before, after, missing });
      // [BAR-SPLIT-1] BEGIN_ONLY / END_ONLY paired per subresource in this list (record-split.ts)
      const begin = (flags & D3D12_RESOURCE_BARRIER_FLAG_BEGIN_ONLY) !== 0;
      const end = (flags & D3D12_RESOURCE_BARRIER_FLAG_END_ONLY) !== 0;
      if (splitTransition(ctx, r, sub, before, after, begin, end) === SPLIT_DROP) continue;
      let checked = false;
      let mismatch = false;
      let unchecked: number[] | undefined;
      if ((flags & D3D12_RESOURCE_BARRIER_FLAG_END_ONLY) === 0) {
        const ls = ctx.localStates(r);
        checked = true;
        const first = sub === D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES ? 0 : sub;
        const last = sub === D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES ? r.subCount - 1 : sub;
        for (let s = first; s <= last; s++) {
          const known = ls[s];
          const assumed = assumedRead(known);
          if (assumed && (before & assumed) !== assumed) {
            // [ST-REC-5] a StateBefore without the read bits the list's first use assumed: wrong whatever the queue holds
            ctx.device.msg('RESOURCE_BARRIER_BEFORE_AFTER_MISMATCH', {
              resource: r.id,
              subresource: s,
              before,
              current: assumed,
            });
            mismatch = true;
          } else if (known < 0) {
            checked = false;
            (unchecked ??= []).push(s);
          } else if (!beforeMatches(known, before, PROMOTED_NONE, r.isBuffer || r.simultaneous)) {
            ctx.device.msg('RESOURCE_BARRIER_BEFORE_AFTER_MISMATCH', {
              resource: r.id,
              subresource: s,
              before,
              current: known,
            });
            mismatch = true;
          }
          if ((flags & D3D12_RESOURCE_BARRIER_FLAG_BEGIN_ONLY) === 0) ls[s] = after;
        }
      } else {
        const ls = ctx.localStates(r);
        const first = sub === D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES ? 0 : sub;
        const last = sub === D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES ? r.subCount - 1 : sub;
        for (let s = first; s <= last; s++) ls[s] = after;
        checked = true;
      }
      const rb: RecordedBarrier = {
        Type: b.Type,
        Flags: flags,
        res: r,
        sub,
        before,
        after,
        checked,
        aliasBefore: null,
      };
      if (mismatch) rb.mismatch = true;
      // an ALL_SUBRESOURCES barrier the list knew only in part: ExecuteCommandLists checks the other subresources
      if (unchecked && unchecked.length < r.subCount) rb.uncheckedSubs = unchecked;
      out.push(rb);
    } else if (b.Type === D3D12_RESOURCE_BARRIER_TYPE_ALIASING) {
      out.push({
        Type: b.Type,
        Flags: flags,
        res: b.Aliasing?.ResourceAfter ?? null,
        sub: 0,
        before: 0,
        after: 0,
        checked: true,
        aliasBefore: b.Aliasing?.ResourceBefore ?? null,
      });
    } else if (b.Type === D3D12_RESOURCE_BARRIER_TYPE_UAV) {
      out.push({
        Type: b.Type,
        Flags: flags,
        res: b.UAV?.Resource ?? null,
        sub: 0,
        before: 0,
        after: 0,
        checked: true,
        aliasBefore: null,
      });
    } else {
      ctx.fail('RESOURCE_BARRIER_INVALID_TYPE', { type: b.Type });
    }
  }
  return out;
}

/** [BAR-REC-1] ResourceBarrier: checked and normalised at record (record-barriers.ts), applied at ExecuteCommandLists. */
export function recordResourceBarrier(
  list: ID3D12GraphicsCommandList,
  args: { NumBarriers?: number; Barriers: readonly D3D12_RESOURCE_BARRIER[] },
): void {
  const c = list.rec('ID3D12GraphicsCommandList::ResourceBarrier', args);
  if (!c) return;
  const out = recordBarriers(list, args.Barriers ?? [], args.NumBarriers);
  dataStaticTransitions(list, out); // [ST-REC-4]
  // [CS-UAV-2] a UAV barrier (or a transition) of a resource ends its UAV hazard window
  if (list.cs.uavWritten.size) for (const b of out) uavBarrierSeen(list.cs, b.res);
  // one barrier (the common case) is recorded as a single object literal that is its own command (`barriers` holds
  // itself): one object kept per call, and a literal V8 can pretenure ([TR-PERF-1])
  if (out.length === 1) {
    const b = out[0];
    const cmd: SingleBarrierCommand = {
      op: 'ResourceBarrier',
      Type: b.Type,
      Flags: b.Flags,
      res: b.res,
      sub: b.sub,
      before: b.before,
      after: b.after,
      checked: b.checked,
      aliasBefore: b.aliasBefore,
      mismatch: b.mismatch,
      uncheckedSubs: b.uncheckedSubs,
      barriers: NO_BARRIERS,
    };
    cmd.barriers = [cmd];
    list.commands.push(cmd);
  } else if (out.length) list.commands.push({ op: 'ResourceBarrier', barriers: out });
  list.sys.endCall(c, null);
}
