// State changes turned into segments once per trace length: per subresource, and a whole-resource summary
// lane (one state when every subresource agrees, "mixed" (-1) when they differ — the case a per-subresource
// barrier creates and the one learners most often get wrong).

import { recordedStates, type EnhancedStateInfo, type StateChangeKind, type TraceIndex } from '../../../core';

export interface Segment {
  /** call index where the segment starts */
  i: number;
  state: number;
  before: number;
  kind: StateChangeKind;
  /** recorded lane only: the command list whose barrier declared the state; null when it follows the queue */
  list?: number | null;
  /** set by an enhanced barrier ([EB-TRACE-1]): the layouts and the sync/access scopes the panel shows */
  enh?: EnhancedStateInfo;
}

interface Change {
  i: number;
  sub: number;
  before: number;
  after: number;
  kind: StateChangeKind;
  list?: number | null;
  enh?: EnhancedStateInfo;
}

export interface ResourceTimeline {
  created: number;
  destroyed: number | null;
  subs: Segment[][];
  summary: Segment[];
}

const cache = new WeakMap<TraceIndex, { at: number; map: Map<number, ResourceTimeline> }>();

export function resourceTimelines(ix: TraceIndex): Map<number, ResourceTimeline> {
  const c = cache.get(ix);
  if (c && c.at === ix.consumed) return c.map;
  const map = new Map<number, ResourceTimeline>();
  const ids = [...ix.states.keys()].sort((a, b) => a - b);
  for (const res of ids) map.set(res, timeline(ix, res, ix.states.get(res)!));
  cache.set(ix, { at: ix.consumed, map });
  return map;
}

const recCache = new WeakMap<TraceIndex, { at: number; map: Map<number, ResourceTimeline> }>();

/**
 * The recorded lane's timelines (the state as the command list records it): a segment starts at each barrier a
 * list declares (kind 'barrier', `list` set) and wherever the subresource goes back to following the queue.
 */
export function recordedTimelines(ix: TraceIndex): Map<number, ResourceTimeline> {
  const c = recCache.get(ix);
  if (c && c.at === ix.consumed) return c.map;
  const map = new Map<number, ResourceTimeline>();
  for (const [res, rec] of recordedStates(ix)) {
    const prev: number[] = [];
    const changes: Change[] = rec.map((r) => {
      const before = prev[r.sub] ?? r.state;
      prev[r.sub] = r.state;
      return {
        i: r.i,
        sub: r.sub,
        before,
        after: r.state,
        kind: r.list === null ? 'initial' : 'barrier',
        list: r.list,
      };
    });
    if (changes.length) map.set(res, timeline(ix, res, changes));
  }
  recCache.set(ix, { at: ix.consumed, map });
  return map;
}

function timeline(ix: TraceIndex, res: number, changes: readonly Change[]): ResourceTimeline {
  const subs: Segment[][] = [];
  const summary: Segment[] = [];
  const cur: number[] = [];
  let k = 0;
  while (k < changes.length) {
    // all changes of one call index at once, so a barrier on every subresource is one summary change
    const i = changes[k].i;
    let kind: StateChangeKind = changes[k].kind;
    let list: number | null = null;
    let before: number | null = cur.length ? summaryOf(cur) : null;
    let enh: EnhancedStateInfo | undefined;
    for (; k < changes.length && changes[k].i === i; k++) {
      const ch = changes[k];
      const segs = subs[ch.sub] ?? (subs[ch.sub] = []);
      const last = segs[segs.length - 1];
      // an enhanced barrier that keeps the state (a buffer's sync/access-only barrier) still starts a segment
      if (last && last.i === i && last.state === ch.after && !ch.enh) continue;
      const seg: Segment = { i, state: ch.after, before: ch.before, kind: ch.kind };
      if (ch.list !== undefined) seg.list = ch.list;
      if (ch.enh) seg.enh = enh = ch.enh;
      segs.push(seg);
      cur[ch.sub] = ch.after;
      if (ch.kind !== 'initial') kind = ch.kind;
      if (ch.list != null) list = ch.list;
    }
    const now = summaryOf(cur);
    const last = summary[summary.length - 1];
    if (!last || last.state !== now || kind !== 'initial' || (last.list ?? null) !== list) {
      if (last && last.i === i) summary.pop();
      if (before === null) before = now;
      const seg: Segment = { i, state: now, before, kind };
      if (enh) seg.enh = enh;
      if (changes[0].list !== undefined) seg.list = list;
      summary.push(seg);
    }
  }
  const r = ix.resources.get(res);
  const o = ix.objects.get(res);
  const destroyed = r?.freed ?? o?.destroyed ?? null;
  return { created: changes[0].i, destroyed, subs: fill(subs), summary };
}

function summaryOf(cur: number[]): number {
  let v: number | null = null;
  for (const s of cur) {
    if (s === undefined) continue;
    if (v === null) v = s;
    else if (v !== s) return -1;
  }
  return v ?? -1;
}

function fill(subs: Segment[][]): Segment[][] {
  for (let s = 0; s < subs.length; s++) if (!subs[s]) subs[s] = [];
  return subs;
}
