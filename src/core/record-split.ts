// [BAR-SPLIT-*] Legacy split barriers (D3D12_RESOURCE_BARRIER_FLAG_BEGIN_ONLY / END_ONLY), paired per subresource
// inside one command list. "BEGIN_ONLY ... starts a barrier transition in a new state, putting a resource in a
// temporary no-access condition"; "END_ONLY ... completes a transition, setting a new state and restoring active
// access" (D3D12_RESOURCE_BARRIER_FLAGS docs). Between the two the subresource is pending: the only legal barrier on
// it is the matching END_ONLY (same StateBefore and StateAfter), and it may not be used ("Using Resource Barriers to
// Synchronize Resource States in Direct3D 12", Split barriers). The IDs are the header's RESOURCE_BARRIER_* split
// messages (#533-#535); no public log quotes them, so which one fires where is inferred (SPEC §5.1, INF).

import type { ID3D12Resource } from './resource';
import type { RecordingContext } from './recording';
import { D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES } from './enums';

/** The splits a recording has begun and not ended: per resource, [before, after] per subresource (-1: none). */
export interface SplitBarriers {
  open: number;
  pending: Map<ID3D12Resource, Int32Array>;
}

export function freshSplits(): SplitBarriers {
  return { open: 0, pending: new Map() };
}

/** What recordBarriers does with a transition once the split rules have seen it. */
export const SPLIT_OK = 0;
export const SPLIT_DROP = 1;

type SplitContext = RecordingContext & { readonly splits: SplitBarriers; readonly recOp: string };

function pairs(s: SplitBarriers, r: ID3D12Resource): Int32Array {
  let p = s.pending.get(r);
  if (!p) {
    p = new Int32Array(r.subCount * 2).fill(-1);
    s.pending.set(r, p);
  }
  return p;
}

/**
 * [BAR-SPLIT-1..4] A transition barrier against the list's pending splits. BEGIN_ONLY opens a split per subresource
 * (a second BEGIN_ONLY on a pending subresource is INVALID_SPLIT_BARRIER, #533); END_ONLY closes the split with the
 * same states (none pending: UNMATCHED_END, #534; other states: #533, the split stays pending); a plain transition of
 * a pending subresource is #533. A barrier reported here is dropped (SPLIT_DROP).
 */
export function splitTransition(
  ctx: SplitContext,
  r: ID3D12Resource,
  sub: number,
  before: number,
  after: number,
  begin: boolean,
  end: boolean,
): number {
  const s = ctx.splits;
  if (!begin && !end && s.open === 0) return SPLIT_OK; // the common case: no split anywhere in this list
  const all = sub === D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
  const first = all ? 0 : sub;
  const last = all ? r.subCount - 1 : sub;
  const p = begin ? pairs(s, r) : (s.pending.get(r) ?? null);
  let bad = false;
  for (let k = first; k <= last; k++) {
    const pb = p ? p[2 * k] : -1;
    const pa = p ? p[2 * k + 1] : -1;
    if (end && !begin) {
      if (pa < 0) {
        ctx.device.msg('RESOURCE_BARRIER_UNMATCHED_END', { resource: r.id, subresource: k, before, after });
        bad = true;
      } else if (pb !== before || pa !== after) {
        pendingMessage(ctx, r, k, pb, pa);
        bad = true;
      }
    } else if (pa >= 0) {
      pendingMessage(ctx, r, k, pb, pa); // BEGIN_ONLY twice, or a plain transition of a pending subresource
      bad = true;
    }
  }
  if (bad || (!begin && !end)) return bad ? SPLIT_DROP : SPLIT_OK;
  // both ends accepted: open or close each subresource's split (an accepted END_ONLY found its pair in p)
  if (!p) return SPLIT_OK;
  for (let k = first; k <= last; k++) {
    p[2 * k] = begin ? before : -1;
    p[2 * k + 1] = begin ? after : -1;
    s.open += begin ? 1 : -1;
  }
  return SPLIT_OK;
}

function pendingMessage(ctx: SplitContext, r: ID3D12Resource, sub: number, before: number, after: number): void {
  ctx.device.msg('RESOURCE_BARRIER_INVALID_SPLIT_BARRIER', {
    op: ctx.recOp,
    resource: r.id,
    subresource: sub,
    before,
    after,
  });
}

/**
 * [BAR-SPLIT-2] A use of a subresource whose split is pending (a copy, clear, draw target ... between BEGIN_ONLY and
 * END_ONLY): INVALID_SPLIT_BARRIER (#533). True when reported (the use is then not checked again at ECL).
 */
export function pendingSplitUse(ctx: SplitContext, r: ID3D12Resource, sub: number): boolean {
  const p = ctx.splits.pending.get(r);
  if (!p) return false;
  const first = sub < 0 ? 0 : sub;
  const last = sub < 0 ? r.subCount - 1 : sub;
  for (let k = first; k <= last; k++)
    if (p[2 * k + 1] >= 0) {
      pendingMessage(ctx, r, k, p[2 * k], p[2 * k + 1]);
      return true;
    }
  return false;
}

/** [BAR-SPLIT-3] Close with a split still pending: RESOURCE_BARRIER_UNMATCHED_BEGIN (#535) per subresource. */
export function closeOpenSplits(ctx: SplitContext): void {
  const s = ctx.splits;
  if (s.open === 0) return;
  for (const [r, p] of s.pending)
    for (let k = 0; k < r.subCount; k++)
      if (p[2 * k + 1] >= 0)
        ctx.device.msg('RESOURCE_BARRIER_UNMATCHED_BEGIN', {
          resource: r.id,
          subresource: k,
          before: p[2 * k],
          after: p[2 * k + 1],
        });
}
