// The state side of ExecuteCommandLists validation: each use checked against the queue-tracked state with implicit
// promotion ([ST-USE-1], [ALIAS-*], [TILE-2], [INIT-NZ-1], [EB-USE-*]), and the decay to COMMON at the end of the
// ExecuteCommandLists ([ST-DECAY-1]). The SubmissionValidator (submission.ts) walks the lists and calls these.

import type { Command, Use } from './commands';
import type { ID3D12Resource } from './resource';
import type { SubmittingQueue } from './submission';
import { aliasCheck, tileCheck } from './submission-memory';
import { layoutUseMessage } from './record-enhanced-barriers';
import { commonLayoutAllows } from './enhanced-layouts';
import {
  D3D12_COMMAND_LIST_TYPE_COPY,
  D3D12_RESOURCE_STATE_COMMON,
  D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE,
  D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE,
} from './enums';
import { PROMOTED_NONE, PROMOTED_READ, PROMOTED_WRITE, isReadOnly, promote, satisfies } from './states';

/**
 * [ST-DECAY-1] Decay to COMMON at the end of the ExecuteCommandLists: resources used on a copy queue, buffers,
 * simultaneous-access textures, and subresources promoted to a read-only state.
 */
export function decayToCommon(q: SubmittingQueue, touched: ReadonlySet<ID3D12Resource>): void {
  for (const r of touched) {
    if (r.fixedState >= 0) continue;
    for (let s = 0; s < r.subCount; s++) {
      const decay =
        q.type === D3D12_COMMAND_LIST_TYPE_COPY || r.isBuffer || r.simultaneous || r.promoted[s] === PROMOTED_READ;
      if (decay && r.state[s] !== D3D12_RESOURCE_STATE_COMMON) {
        q.sys.trace.push({
          k: 'state',
          i: q.sys.callIndex,
          res: r.id,
          sub: s,
          before: r.state[s],
          after: D3D12_RESOURCE_STATE_COMMON,
          kind: 'decay',
          queue: q.id,
        });
        r.state[s] = D3D12_RESOURCE_STATE_COMMON;
      }
      r.promoted[s] = PROMOTED_NONE;
    }
  }
}

/** [ST-USE-1] A use needs its state (or an implicit promotion); otherwise INVALID_SUBRESOURCE_STATE and a hazard. */
export function checkUse(q: SubmittingQueue, cmd: Command, u: Use): void {
  const r = u.res;
  const sys = q.sys;
  // [ALIAS-1] aliasing: another resource in overlapping heap memory was used after this one became active, and no
  // ALIASING barrier intervened: corruption (the real layer says nothing). [ALIAS-2] RT/DS activated by an
  // aliasing barrier must first be initialised by a clear, discard or full copy.
  if (r.placement === 'placed' && r.heap) aliasCheck(q, r, u);
  if (r.tiles) tileCheck(q, cmd, r, u);
  // [INIT-NZ-1] an RT/DS resource on CREATE_NOT_ZEROED memory must first be cleared, discarded or fully copied
  if (r.notZeroedNeedsInit) {
    if (!u.init) {
      q.device.msg('RENDER_TARGET_OR_DEPTH_STENCIL_RESOURCE_NOT_INITIALIZED', {
        resource: r.id,
        op: cmd.op,
      });
      q.sys.hazard('not-zeroed-not-initialized', r.id, { op: cmd.op, outcome: 'garbage' });
    }
    r.notZeroedNeedsInit = false;
  }
  if (u.state === D3D12_RESOURCE_STATE_COMMON) return; // DiscardResource: no state requirement modelled
  if (u.checked) return; // [ST-REC-2] the list knew the state: checked (and reported) at record time
  if (r.fixedState >= 0) {
    if ((r.fixedState & u.state) !== u.state) invalidState(q, cmd, u, r.fixedState, u.sub < 0 ? 0 : u.sub);
    return;
  }
  const all = u.sub < 0;
  for (let s = all ? 0 : u.sub; s <= (all ? r.subCount - 1 : u.sub); s++) {
    const cur = r.state[s];
    if (satisfies(cur, u.state)) continue;
    if (r.layouts && commonLayoutAllows(r.layouts[s], u.state)) continue; // [EB-USE-2] no promotion in layouts
    const next = promote(cur, r.promoted[s], u.state, r.isBuffer || r.simultaneous);
    if (next >= 0) {
      sys.trace.push({
        k: 'state',
        i: sys.callIndex,
        res: r.id,
        sub: s,
        before: cur,
        after: next,
        kind: 'promotion',
        queue: q.id,
      });
      r.state[s] = next;
      r.promoted[s] = isReadOnly(u.state) ? PROMOTED_READ : PROMOTED_WRITE;
      continue;
    }
    invalidState(q, cmd, u, cur, s);
  }
}

function invalidState(q: SubmittingQueue, cmd: Command, u: Use, cur: number, s: number): void {
  // [EB-USE-1] a subresource an enhanced barrier put in a layout: the layer names the layout (#1334)
  const layout = u.res.layouts ? layoutUseMessage(u.res, s) : null;
  q.device.msg(layout ? 'INCOMPATIBLE_BARRIER_LAYOUT' : 'INVALID_SUBRESOURCE_STATE', {
    op: cmd.op,
    resource: u.res.id,
    subresource: s,
    state: cur,
    expected: u.state,
    ...(layout ? { layout } : {}),
  });
  // the model's decision of what the hardware shows (the executor labels it "simulated hazard")
  const outcome = u.write
    ? 'written-anyway'
    : u.state & (D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE | D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE)
      ? 'black'
      : 'stale-data';
  q.sys.hazard('invalid-state', u.res.id, {
    op: cmd.op,
    subresource: s,
    state: cur,
    expected: u.state,
    outcome,
  });
}
