// State changes turned into segments once per trace length: per subresource, and a whole-resource summary
// lane (one state when every subresource agrees, "mixed" (-1) when they differ — the case a per-subresource
// barrier creates and the one learners most often get wrong).

import type { StateChangeKind, TraceIndex } from '../../../core';

export interface Segment {
  /** call index where the segment starts */
  i: number;
  state: number;
  before: number;
  kind: StateChangeKind;
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
  for (const res of ids) {
    const changes = ix.states.get(res)!;
    const subs: Segment[][] = [];
    const summary: Segment[] = [];
    const cur: number[] = [];
    let k = 0;
    while (k < changes.length) {
      // all changes of one call index at once, so a barrier on every subresource is one summary change
      const i = changes[k].i;
      let kind: StateChangeKind = changes[k].kind;
      let before: number | null = cur.length ? summaryOf(cur) : null;
      for (; k < changes.length && changes[k].i === i; k++) {
        const ch = changes[k];
        const segs = subs[ch.sub] ?? (subs[ch.sub] = []);
        const last = segs[segs.length - 1];
        if (last && last.i === i && last.state === ch.after) continue;
        segs.push({ i, state: ch.after, before: ch.before, kind: ch.kind });
        cur[ch.sub] = ch.after;
        if (ch.kind !== 'initial') kind = ch.kind;
      }
      const now = summaryOf(cur);
      const last = summary[summary.length - 1];
      if (!last || last.state !== now || kind !== 'initial') {
        if (last && last.i === i) summary.pop();
        if (before === null) before = now;
        summary.push({ i, state: now, before, kind });
      }
    }
    const r = ix.resources.get(res);
    const o = ix.objects.get(res);
    const destroyed = r?.freed ?? o?.destroyed ?? null;
    map.set(res, { created: changes[0].i, destroyed, subs: fill(subs), summary });
  }
  cache.set(ix, { at: ix.consumed, map });
  return map;
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
