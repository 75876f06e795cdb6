// [EB-REC-*] ID3D12GraphicsCommandList7::Barrier at record time: each D3D12_BARRIER_GROUP checked against the rules of
// the Enhanced Barriers spec (tables in enhanced-layouts.ts) and normalised into RecordedBarriers that carry an
// EnhancedInfo, so ExecuteCommandLists, DRED and the WebGPU executor replay them like ResourceBarrier's: a texture
// barrier is a transition between the legacy states its layouts stand for ([EB-STATE-1]), a buffer or global barrier
// a UAV-style barrier (sync + flush, no layout). LayoutBefore is checked against the queue-tracked layout at
// ExecuteCommandLists ([EB-ECL-1], applyEnhancedBarrier below).

import type { ID3D12GraphicsCommandList } from './commandlist';
import type { RecordedBarrier } from './commands';
import type { DeviceContext, Kernel } from './kernel';
import type { ID3D12Resource } from './resource';
import { uavBarrierSeen } from './record-compute';
import {
  D3D12_BARRIER_ACCESS_NO_ACCESS,
  D3D12_BARRIER_LAYOUT_COMMON,
  D3D12_BARRIER_LAYOUT_UNDEFINED,
  D3D12_BARRIER_TYPE_BUFFER,
  D3D12_BARRIER_TYPE_GLOBAL,
  D3D12_BARRIER_TYPE_TEXTURE,
  D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES,
  D3D12_RESOURCE_BARRIER_TYPE_TRANSITION,
  D3D12_RESOURCE_BARRIER_TYPE_UAV,
  D3D12_RESOURCE_STATE_COMMON,
  D3D12_TEXTURE_BARRIER_FLAG_DISCARD,
} from './enums';
import {
  LAYOUT_LEGACY,
  accessFitsLayout,
  accessShort,
  layoutAllowedOnList,
  layoutShort,
  layoutState,
  legacyCompatibleLayout,
  stateLayout,
  syncAccessProblem,
  syncAllowedOnList,
  syncShort,
  type D3D12_BARRIER_GROUP,
  type D3D12_BARRIER_SUBRESOURCE_RANGE,
  type D3D12_GLOBAL_BARRIER,
  type EnhancedInfo,
} from './enhanced-layouts';
import { markLayoutTracked } from './record-first-use';
import { PROMOTED_NONE } from './states';
import { planeCount } from './layout';

/** The subresources a D3D12_BARRIER_SUBRESOURCE_RANGE names, or null when it reaches past the resource. */
export function rangeSubresources(
  r: ID3D12Resource,
  range: D3D12_BARRIER_SUBRESOURCE_RANGE | undefined,
): number[] | null {
  const first = range?.IndexOrFirstMipLevel ?? 0;
  const numMips = range?.NumMipLevels ?? 0;
  // NumMipLevels 0: IndexOrFirstMipLevel is a subresource index; 0xffffffff means every subresource
  if (numMips === 0) {
    if (first >>> 0 === D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES) return Array.from({ length: r.subCount }, (_, s) => s);
    return first >>> 0 < r.subCount ? [first >>> 0] : null;
  }
  const planes = planeCount(r.desc.Format) || 1;
  const a0 = range?.FirstArraySlice ?? 0;
  const na = range?.NumArraySlices ?? 1;
  const p0 = range?.FirstPlane ?? 0;
  const np = range?.NumPlanes ?? 1;
  if (first + numMips > r.mips || a0 + na > r.arraySize || p0 + np > planes) return null;
  const out: number[] = [];
  for (let p = p0; p < p0 + np; p++)
    for (let a = a0; a < a0 + na; a++)
      for (let m = first; m < first + numMips; m++) out.push(m + a * r.mips + p * r.mips * r.arraySize);
  return out;
}

/** [EB-SYNC-*] / [EB-LIST-2] The sync/access pairs of any barrier: reported, never fatal (the barrier is kept). */
function checkSyncAccess(list: ID3D12GraphicsCommandList, b: D3D12_GLOBAL_BARRIER, resource: number | null): void {
  const dev = list.device;
  for (const [side, sync, access] of [
    ['Before', b.SyncBefore >>> 0, b.AccessBefore >>> 0],
    ['After', b.SyncAfter >>> 0, b.AccessAfter >>> 0],
  ] as const) {
    const bad = syncAccessProblem(sync, access);
    if (bad)
      dev.msg('INCOMPATIBLE_BARRIER_SYNC', { resource, side, sync: syncShort(sync), access: accessShort(access) });
    if (!syncAllowedOnList(list.type, sync))
      dev.msg('INCOMPATIBLE_BARRIER_SYNC', {
        resource,
        side,
        sync: syncShort(sync),
        access: 'list type',
        listType: list.type,
      });
  }
}

function info(
  b: D3D12_GLOBAL_BARRIER,
  layoutBefore: number,
  layoutAfter: number,
  subs: number[],
  discard: boolean,
): EnhancedInfo {
  return {
    syncBefore: b.SyncBefore >>> 0,
    syncAfter: b.SyncAfter >>> 0,
    accessBefore: b.AccessBefore >>> 0,
    accessAfter: b.AccessAfter >>> 0,
    layoutBefore,
    layoutAfter,
    subs,
    discard,
  };
}

/**
 * [EB-REC-1] Barrier({ NumBarrierGroups, BarrierGroups }): enhanced barriers need OPTIONS12.EnhancedBarriersSupported
 * (else ENHANCED_BARRIERS_NOT_SUPPORTED and the call is dropped); a group of unknown Type, or a texture/buffer barrier
 * without a resource, is a runtime error (Close fails, INCOMPATIBLE_BARRIER_VALUES); a texture barrier on a buffer or
 * a buffer barrier on a texture is INCOMPATIBLE_BARRIER_TYPE; subresources past the texture
 * TEXTURE_BARRIER_SUBRESOURCES_OUT_OF_BOUNDS; a buffer range past the buffer BUFFER_BARRIER_SUBREGION_OUT_OF_BOUNDS;
 * a layout the list type cannot use UNSUPPORTED_BARRIER_LAYOUT ([EB-LIST-1]); an access the layout does not allow
 * INCOMPATIBLE_BARRIER_ACCESS ([EB-ACCESS-1]); sync/access mismatches INCOMPATIBLE_BARRIER_SYNC ([EB-SYNC-1/2]).
 */
export function recordBarrier(
  list: ID3D12GraphicsCommandList,
  args: { NumBarrierGroups?: number; BarrierGroups: readonly D3D12_BARRIER_GROUP[] },
): void {
  const c = list.rec('ID3D12GraphicsCommandList7::Barrier', args);
  if (!c) return;
  const dev = list.device;
  if (dev.facts.enhancedBarriersSupported === false) {
    dev.msg('ENHANCED_BARRIERS_NOT_SUPPORTED', { list: list.id });
    list.sys.endCall(c, null);
    return;
  }
  const groups = args.BarrierGroups ?? [];
  const n = Math.min(args.NumBarrierGroups ?? groups.length, groups.length);
  const out: RecordedBarrier[] = [];
  for (let g = 0; g < n; g++) {
    const grp = groups[g];
    if (grp.Type === D3D12_BARRIER_TYPE_GLOBAL) {
      const bs = grp.GlobalBarriers ?? [];
      for (let k = 0; k < Math.min(grp.NumBarriers ?? bs.length, bs.length); k++) {
        checkSyncAccess(list, bs[k], null);
        out.push(uavLike(null, info(bs[k], -1, -1, [], false)));
      }
    } else if (grp.Type === D3D12_BARRIER_TYPE_BUFFER) {
      const bs = grp.BufferBarriers ?? [];
      for (let k = 0; k < Math.min(grp.NumBarriers ?? bs.length, bs.length); k++) {
        const b = bs[k];
        const r = b.Resource;
        if (!r) {
          list.fail('INCOMPATIBLE_BARRIER_VALUES', { list: list.id, group: g, index: k, what: 'pResource' });
          continue;
        }
        if (!r.isBuffer) {
          dev.msg('INCOMPATIBLE_BARRIER_TYPE', { resource: r.id, type: 'BUFFER' });
          continue;
        }
        const off = BigInt(b.Offset ?? 0);
        const size = BigInt(b.Size ?? 0xffffffffffffffffn);
        if (size !== 0xffffffffffffffffn && off + size > BigInt(r.desc.Width))
          dev.msg('BUFFER_BARRIER_SUBREGION_OUT_OF_BOUNDS', {
            resource: r.id,
            offset: String(off),
            size: String(size),
          });
        checkSyncAccess(list, b, r.id);
        out.push(uavLike(r, info(b, -1, -1, [], false)));
      }
    } else if (grp.Type === D3D12_BARRIER_TYPE_TEXTURE) {
      const bs = grp.TextureBarriers ?? [];
      for (let k = 0; k < Math.min(grp.NumBarriers ?? bs.length, bs.length); k++) {
        const b = bs[k];
        const r = b.Resource;
        if (!r) {
          list.fail('INCOMPATIBLE_BARRIER_VALUES', { list: list.id, group: g, index: k, what: 'pResource' });
          continue;
        }
        if (r.isBuffer) {
          dev.msg('INCOMPATIBLE_BARRIER_TYPE', { resource: r.id, type: 'TEXTURE' });
          continue;
        }
        const subs = rangeSubresources(r, b.Subresources);
        if (!subs) {
          list.fail('TEXTURE_BARRIER_SUBRESOURCES_OUT_OF_BOUNDS', { resource: r.id, count: r.subCount });
          continue;
        }
        if (r.destroyed) dev.msg('USE_OF_ZERO_REFCOUNT_OBJECT', { object: r.id });
        const lb = b.LayoutBefore >>> 0;
        const la = b.LayoutAfter >>> 0;
        for (const [side, layout] of [
          ['Before', lb],
          ['After', la],
        ] as const)
          if (!layoutAllowedOnList(list.type, layout))
            dev.msg('UNSUPPORTED_BARRIER_LAYOUT', {
              resource: r.id,
              side,
              layout: layoutShort(layout),
              listType: list.type,
            });
        if (!accessFitsLayout(b.AccessBefore >>> 0, lb))
          dev.msg('INCOMPATIBLE_BARRIER_ACCESS', {
            resource: r.id,
            side: 'Before',
            access: accessShort(b.AccessBefore >>> 0),
            layout: layoutShort(lb),
          });
        if (!accessFitsLayout(b.AccessAfter >>> 0, la))
          dev.msg('INCOMPATIBLE_BARRIER_ACCESS', {
            resource: r.id,
            side: 'After',
            access: accessShort(b.AccessAfter >>> 0),
            layout: layoutShort(la),
          });
        checkSyncAccess(list, b, r.id);
        // [ST-REC-1] the legacy record-time checks no longer know these subresources: ECL checks what follows
        const ls = list.localStates(r);
        for (const s of subs) ls[s] = -1;
        markLayoutTracked(ls);
        const all = subs.length === r.subCount;
        const e = info(b, lb, la, subs, ((b.Flags ?? 0) & D3D12_TEXTURE_BARRIER_FLAG_DISCARD) !== 0);
        out.push({
          Type: D3D12_RESOURCE_BARRIER_TYPE_TRANSITION,
          Flags: 0,
          res: r,
          sub: all ? D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES : subs[0],
          before: lb === D3D12_BARRIER_LAYOUT_UNDEFINED ? D3D12_RESOURCE_STATE_COMMON : layoutState(lb),
          after: layoutState(la),
          checked: true,
          aliasBefore: null,
          enh: e,
        });
      }
    } else {
      list.fail('INCOMPATIBLE_BARRIER_VALUES', { list: list.id, group: g, what: `Type ${grp.Type}` });
    }
  }
  // [CS-UAV-2] a barrier naming a resource (or a global one) ends its UAV hazard window
  if (list.cs.uavWritten.size) for (const b of out) uavBarrierSeen(list.cs, b.res);
  if (out.length) list.commands.push({ op: 'ResourceBarrier', barriers: out });
  list.sys.endCall(c, null);
}

function uavLike(r: ID3D12Resource | null, e: EnhancedInfo): RecordedBarrier {
  return {
    Type: D3D12_RESOURCE_BARRIER_TYPE_UAV,
    Flags: 0,
    res: r,
    sub: 0,
    before: 0,
    after: 0,
    checked: true,
    aliasBefore: null,
    enh: e,
  };
}

/** What ExecuteCommandLists lends applyEnhancedBarrier: its per-ECL bookkeeping (submission.ts). */
export interface EnhancedApplyEnv {
  dev: DeviceContext;
  sys: Kernel;
  queue: number;
  firstTouch(r: ID3D12Resource): void;
  xq(r: ID3D12Resource, write: boolean): void;
}

/**
 * [EB-ECL-1] An enhanced barrier at ExecuteCommandLists, in submission order. A texture barrier's LayoutBefore must be
 * the subresource's current layout (UNDEFINED matches any and discards the contents) — else
 * INCOMPATIBLE_BARRIER_LAYOUT and hazard `before-after-mismatch` ({ layout: true }); the barrier applies anyway, like
 * a legacy mismatch ([BAR-ECL-2]). [EB-INTEROP-1] A subresource a legacy barrier (or promotion) left in a state other
 * than COMMON: BARRIER_INTEROP_INVALID_LAYOUT. The state trace event carries the layouts, sync and access ([EB-TRACE-1]).
 */
export function applyEnhancedBarrier(env: EnhancedApplyEnv, b: RecordedBarrier, e: EnhancedInfo): void {
  const r = b.res;
  if (!r) return;
  env.firstTouch(r);
  const enh = {
    layoutBefore: e.layoutBefore,
    layoutAfter: e.layoutAfter,
    syncBefore: e.syncBefore,
    syncAfter: e.syncAfter,
    accessBefore: e.accessBefore,
    accessAfter: e.accessAfter,
  };
  if (b.Type !== D3D12_RESOURCE_BARRIER_TYPE_TRANSITION) {
    // a buffer barrier: sync and access only, no layout and no state change; traced so the panel shows its scopes
    env.xq(r, (e.accessAfter & ~D3D12_BARRIER_ACCESS_NO_ACCESS) !== 0);
    const st = r.state[0];
    env.sys.trace.push({
      k: 'state',
      i: env.sys.callIndex,
      res: r.id,
      sub: 0,
      before: st,
      after: st,
      kind: 'barrier',
      queue: env.queue,
      enh,
    });
    return;
  }
  env.xq(r, true);
  const layouts = (r.layouts ??= new Array<number>(r.subCount).fill(LAYOUT_LEGACY));
  const after = layoutState(e.layoutAfter);
  for (const s of e.subs) {
    let cur = layouts[s];
    if (cur === LAYOUT_LEGACY) {
      if (r.state[s] !== D3D12_RESOURCE_STATE_COMMON)
        env.dev.msg('BARRIER_INTEROP_INVALID_LAYOUT', { resource: r.id, subresource: s, state: r.state[s] });
      cur = stateLayout(r.state[s]); // compared as the layout the legacy state stands for: one report, not two
    }
    if (e.layoutBefore !== D3D12_BARRIER_LAYOUT_UNDEFINED && e.layoutBefore !== cur) {
      env.dev.msg('INCOMPATIBLE_BARRIER_LAYOUT', {
        op: 'Barrier',
        resource: r.id,
        subresource: s,
        layout: layoutShort(cur),
        expected: `LayoutBefore ${layoutShort(e.layoutBefore)}`,
      });
      env.sys.hazard('before-after-mismatch', r.id, {
        subresource: s,
        layout: true,
        before: e.layoutBefore,
        current: cur,
      });
    }
    env.sys.trace.push({
      k: 'state',
      i: env.sys.callIndex,
      res: r.id,
      sub: s,
      before: r.state[s],
      after,
      kind: 'barrier',
      queue: env.queue,
      enh: { ...enh, layoutBefore: cur },
    });
    r.state[s] = after;
    r.promoted[s] = PROMOTED_NONE;
    layouts[s] = e.layoutAfter === D3D12_BARRIER_LAYOUT_UNDEFINED ? D3D12_BARRIER_LAYOUT_COMMON : e.layoutAfter;
  }
}

/**
 * [EB-INTEROP-2] A legacy transition on a subresource an enhanced barrier left in a layout other than COMMON:
 * BARRIER_INTEROP_INVALID_STATE ("transitioned to ACCESS_COMMON and LAYOUT_COMMON before being referenced using a
 * legacy ResourceBarrier"). Afterwards the subresource follows legacy states again.
 */
export function legacyBarrierInterop(dev: DeviceContext, r: ID3D12Resource, s: number, layouts: number[]): void {
  if (!legacyCompatibleLayout(layouts[s]))
    dev.msg('BARRIER_INTEROP_INVALID_STATE', { resource: r.id, subresource: s, layout: layoutShort(layouts[s]) });
  layouts[s] = LAYOUT_LEGACY;
}

/** The message an invalid use of a layout-tracked subresource raises ([EB-USE-1]), or null for legacy ones. */
export function layoutUseMessage(r: ID3D12Resource, s: number): string | null {
  const l = r.layouts?.[s];
  return l === undefined || l === LAYOUT_LEGACY ? null : layoutShort(l);
}
