// State changes turned into segments once per trace length: per subresource, and a whole-resource summary
// lane (one state when every subresource agrees, "mixed" (-1) when they differ — the case a per-subresource
// barrier creates and the one learners most often get wrong).

import { recordedChangesFor, type EnhancedStateInfo, type StateChangeKind, type TraceIndex } from '../../../core';

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

/**
 * Timelines made on demand, one resource at a time, and kept until the trace grows: the panel shows a window of
 * lanes (24 of 20,000 resources at 1M events), so building every resource's segments at first render was waste.
 */
class Timelines {
  private readonly made = new Map<number, ResourceTimeline | null>();
  constructor(
    readonly at: number,
    private readonly make: (res: number) => ResourceTimeline | null,
  ) {}

  get(res: number): ResourceTimeline | undefined {
    let t = this.made.get(res);
    if (t === undefined) this.made.set(res, (t = this.make(res)));
    return t ?? undefined;
  }
}

const cache = new WeakMap<TraceIndex, Timelines>();

/** The queue row's timeline of a resource (its state changes as the GPU sees them); undefined: no state traced. */
export function resourceTimeline(ix: TraceIndex, res: number): ResourceTimeline | undefined {
  let c = cache.get(ix);
  if (!c || c.at !== ix.consumed) {
    c = new Timelines(ix.consumed, (r) => {
      const changes = ix.states.get(r);
      return changes?.length ? timeline(ix, r, changes) : null;
    });
    cache.set(ix, c);
  }
  return c.get(res);
}

/** Resources with a state history, in id order, each with the call that created it (its first state change). */
export function stateResources(ix: TraceIndex): readonly { res: number; created: number }[] {
  const c = resCache.get(ix);
  if (c && c.at === ix.consumed) return c.list;
  const list: { res: number; created: number }[] = [];
  for (const [res, changes] of ix.states) if (changes.length) list.push({ res, created: changes[0].i });
  list.sort((a, b) => a.res - b.res);
  resCache.set(ix, { at: ix.consumed, list });
  return list;
}

const resCache = new WeakMap<TraceIndex, { at: number; list: { res: number; created: number }[] }>();

const recCache = new WeakMap<TraceIndex, Timelines>();

/**
 * The recorded row's timeline of a resource (the state as the command list records it): a segment starts at each
 * barrier a list declares (kind 'barrier', `list` set) and wherever the subresource goes back to following the
 * queue.
 */
export function recordedTimeline(ix: TraceIndex, res: number): ResourceTimeline | undefined {
  let c = recCache.get(ix);
  if (!c || c.at !== ix.consumed) {
    // one resource's recorded changes, walked over its own events only (not the whole trace)
    c = new Timelines(ix.consumed, (r) => {
      const rec = recordedChangesFor(ix, r);
      if (!rec?.length) return null;
      const prev: number[] = [];
      const changes: Change[] = rec.map((x) => {
        const before = prev[x.sub] ?? x.state;
        prev[x.sub] = x.state;
        return {
          i: x.i,
          sub: x.sub,
          before,
          after: x.state,
          kind: x.list === null ? 'initial' : 'barrier',
          list: x.list,
        };
      });
      return timeline(ix, r, changes);
    });
    recCache.set(ix, c);
  }
  return c.get(res);
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
