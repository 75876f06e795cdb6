// Resource-state history (PIX's resource history, as swimlanes): one lane per resource, expandable to one lane
// per subresource. Each lane has two rows: the state as the command list records it (the barriers a list declares,
// what the layer checks at record time; thin, upper) and the state on the queue (what the GPU sees when the list
// executes, with promotion and decay; lower). Segments are the D3D12_RESOURCE_STATES the resource was in, coloured, patterned and
// labelled by name. Explicit barriers, implicit promotions and decays get different glyphs; debug-layer
// messages that name a resource are pinned to its lane at the call that raised them.

import type { Chart, CursorOverlay, Mark, Selection } from './shapes';
import { NarrowMerger, sameSel } from './shapes';
import { COLORS, SEVERITY_COLOR, stateStyle } from './palette';
import { stateName, stateShort } from './format';
import { axisMarks, clipX, cursorLine, MARGIN, timeAxis, type TimeAxis, type XMode } from './timeAxis';
import { layoutShort, objectLabel, syncShort, upperBoundI, type MessageRow, type TraceIndex } from '../../../core';
import { enhLabel, enhTitle } from './enhancedLabels';
import {
  recordedTimeline,
  resourceTimeline,
  stateResources,
  type ResourceTimeline,
  type Segment,
} from './stateSegments';

export interface StateHistoryOptions {
  width: number;
  mode: XMode;
  domain: [number, number] | null;
  selection: Selection | null;
  /** resources shown one lane per subresource */
  expanded: ReadonlySet<number>;
  /** vertical window (lanes are virtualised: thousands of transient resources are common) */
  rowStart?: number;
  rowCount?: number;
  laneHeight?: number;
  /** leave the cursor line out of `chart.marks` (the caller draws `overlay` over a chart laid out once) */
  split?: boolean;
  /** the words that tell the two rows apart (the page's language) */
  rowLabels?: { recorded: string; queue: string; follows: string };
}

export interface StateLane {
  res: number;
  /** null: the whole resource (all subresources) */
  sub: number | null;
  label: string;
  /** state on the queue as of the cursor; -1 when subresources differ, null when not yet created */
  state: number | null;
  /** state as the command list records it as of the cursor (-1: subresources differ) */
  recorded: number | null;
  /** the list whose barrier declared `recorded`; null when it follows the queue */
  recordedList: number | null;
  subCount: number;
}

export interface StateHistory {
  chart: Chart;
  axis: TimeAxis;
  lanes: StateLane[];
  /** total lanes before windowing (for the scroll extent) */
  totalLanes: number;
  laneHeight: number;
  /** the cursor line at any cursor; lane states at another cursor come from `laneStateAt` */
  overlay: CursorOverlay;
}

/** The message's resource and subresource, when its arguments name one. */
export function messageTarget(m: MessageRow): { res: number; sub: number | null } | null {
  const a = m.msg.args;
  const res = a.res ?? a.resource ?? a.Resource ?? a.pResource;
  if (typeof res !== 'number') return null;
  const sub = a.sub ?? a.subresource ?? a.Subresource;
  return { res, sub: typeof sub === 'number' ? sub : null };
}

export function layoutStateHistory(ix: TraceIndex, cursor: number, o: StateHistoryOptions): StateHistory {
  const laneH = o.laneHeight ?? 34;
  const axis = timeAxis(ix, o.mode, o.width, o.domain);
  // keys for every lane (cheap), then segments, labels and states only for the window (thousands of lanes are
  // common): a resource's timeline is made when its lane is in view (stateSegments.ts)
  const keys: { res: number; sub: number | null }[] = [];
  for (const { res, created } of stateResources(ix)) {
    if (created > cursor) continue;
    keys.push({ res, sub: null });
    if (!o.expanded.has(res)) continue;
    const subs = resourceTimeline(ix, res)!.subs.length;
    if (subs > 1) for (let sub = 0; sub < subs; sub++) keys.push({ res, sub });
  }
  const start = Math.max(0, Math.min(o.rowStart ?? 0, keys.length));
  const lanes: StateLane[] = keys.slice(start, start + (o.rowCount ?? keys.length)).map(({ res, sub }) => {
    const t = resourceTimeline(ix, res)!;
    const r = recordedLaneStateAt(ix, { res, sub }, cursor);
    return {
      res,
      sub,
      label: sub === null ? objectLabel(ix, res) : `  subresource ${sub}`,
      state: laneStateAt(ix, { res, sub }, cursor),
      recorded: r?.state ?? null,
      recordedList: r?.list ?? null,
      subCount: sub === null ? t.subs.length : 1,
    };
  });
  const height = MARGIN.top + 4 + lanes.length * laneH + 4;
  const marks: Mark[] = axisMarks(axis, height, o.split ? null : cursor);
  const pins = pinsByLane(ix, cursor);

  lanes.forEach((lane, k) => {
    const y = MARGIN.top + 4 + k * laneH;
    const t = resourceTimeline(ix, lane.res)!;
    const segs = lane.sub === null ? t.summary : t.subs[lane.sub];
    const end = t.destroyed !== null && t.destroyed <= cursor ? t.destroyed : cursor;
    const sel: Selection = { kind: 'resource', id: lane.res };
    const selected = sameSel(o.selection, sel);
    marks.push({
      t: 'text',
      x: 4,
      y: y + laneH - 6,
      text: lane.label,
      size: 11,
      sel,
      data: { lane: lane.res, sub: lane.sub ?? 'all' },
      cls: selected ? 'selected' : undefined,
    });
    // the two rows told apart in words, not only by height
    const recH = Math.round((laneH - 6) * 0.4);
    const qY = y + recH + 3;
    const qH = laneH - recH - 7;
    marks.push(
      {
        t: 'text',
        x: MARGIN.left - 4,
        y: y + recH + 1,
        text: o.rowLabels?.recorded ?? 'list',
        anchor: 'end',
        size: 9,
        fill: COLORS.axis,
      },
      {
        t: 'text',
        x: MARGIN.left - 4,
        y: qY + qH - 2,
        text: o.rowLabels?.queue ?? 'queue',
        anchor: 'end',
        size: 9,
        fill: COLORS.axis,
      },
    );
    if (selected)
      marks.push({
        t: 'rect',
        x: MARGIN.left,
        y,
        w: axis.scale.range()[1] - MARGIN.left,
        h: laneH - 2,
        fill: 'none',
        stroke: COLORS.highlight,
        cls: 'selected',
      });
    const rt = recordedTimeline(ix, lane.res);
    const rsegs = rt ? (lane.sub === null ? rt.summary : rt.subs[lane.sub]) : undefined;
    if (rsegs) drawRecorded(marks, axis, rsegs, cursor, end, y, recH, lane, sel, o.rowLabels?.follows ?? '(queue)');
    drawSegments(marks, axis, segs, cursor, end, qY - 2, qH, lane, sel);
    for (const p of pins.get(`${lane.res}:${lane.sub ?? 'all'}`) ?? []) {
      const x = axis.ofCall(p.i);
      if (!clipX(axis, x, x)) continue;
      const atRecord = ix.calls[p.i]?.api.startsWith('ID3D12GraphicsCommandList::') ?? false;
      const msgSel: Selection = { kind: 'message', id: p.seq };
      marks.push({
        t: 'symbol',
        x,
        y: atRecord ? y + 2 : qY,
        shape: 'pin',
        size: 8,
        fill: SEVERITY_COLOR[p.msg.severity] ?? COLORS.error,
        stroke: sameSel(o.selection, msgSel) ? COLORS.highlight : undefined,
        sel: msgSel,
        title: `${p.msg.severity} ${p.msg.id} at call ${p.i}`,
        data: {
          'pin-message-id': p.msg.id,
          severity: p.msg.severity,
          call: p.i,
          'pin-row': atRecord ? 'recorded' : 'queue',
        },
      });
    }
  });
  const label = `Resource states ${o.split ? 'over the whole trace (calls after the time cursor are veiled)' : `as of call ${cursor}`}: ${keys.length} lanes (showing ${lanes.length} from ${start})`;
  return {
    chart: { width: o.width, height, marks, label },
    axis,
    lanes,
    totalLanes: keys.length,
    laneHeight: laneH,
    overlay: (at) => [cursorLine(axis, height, at)],
  };
}

/** The segment of a lane (summary or one subresource) that holds at the cursor (binary search). */
function segmentAt(t: ResourceTimeline | undefined, lane: { sub: number | null }, cursor: number): Segment | undefined {
  const segs = !t ? [] : lane.sub === null ? t.summary : (t.subs[lane.sub] ?? []);
  return segs[upperBoundI(segs, cursor) - 1];
}

/** A lane's state as of the cursor: -1 when subresources differ, null before it exists. */
export function laneStateAt(ix: TraceIndex, lane: { res: number; sub: number | null }, cursor: number): number | null {
  return segmentAt(resourceTimeline(ix, lane.res), lane, cursor)?.state ?? null;
}

/** The lane's recorded state as of the cursor and the list that declared it (null list: follows the queue). */
export function recordedLaneStateAt(
  ix: TraceIndex,
  lane: { res: number; sub: number | null },
  cursor: number,
): { state: number; list: number | null } | null {
  const cur = segmentAt(recordedTimeline(ix, lane.res), lane, cursor);
  return cur ? { state: cur.state, list: cur.list ?? null } : null;
}

/**
 * The recorded row: solid where a list's barrier declared the state (with the list in the title), faded and
 * dashed where no open list has declared one (the list does not know the state; it follows the queue).
 */
function drawRecorded(
  marks: Mark[],
  axis: TimeAxis,
  segs: Segment[],
  cursor: number,
  end: number,
  y: number,
  h: number,
  lane: StateLane,
  sel: Selection,
  follows: string,
): void {
  const n = upperBoundI(segs, cursor);
  const [d0, d1] = axis.mode === 'call' ? axis.scale.domain() : [-Infinity, Infinity];
  let k = Math.max(0, upperBoundI(segs, Math.floor(d0)) - 1);
  const merged = new NarrowMerger(marks);
  const laneKey = `rec:${lane.res}:${lane.sub}`;
  for (; k < n; k++) {
    const s = segs[k];
    if (s.i > d1) break;
    const segEnd = k + 1 < n ? segs[k + 1].i : end;
    const xs = clipX(axis, axis.ofCall(s.i), axis.ofCall(segEnd));
    if (!xs) continue;
    const w = Math.max(1, xs[1] - xs[0]);
    if (w < 3 && merged.tryMerge(laneKey, xs[0], w)) continue;
    const declared = s.list != null;
    const st = s.state < 0 ? { fill: COLORS.dense, pattern: 'grid' as const } : stateStyle(s.state);
    const short = s.state < 0 ? 'mixed' : stateShort(s.state);
    merged.push(w < 3 ? laneKey : `${laneKey}:${k}`, {
      t: 'rect',
      x: xs[0],
      y: y + 2,
      w,
      h,
      fill: w < 3 ? COLORS.dense : st.fill,
      pattern: st.pattern,
      opacity: declared ? 1 : 0.35,
      dash: !declared,
      stroke: declared ? undefined : COLORS.axis,
      label: w > 60 ? (declared ? short : `${short} ${follows}`) : undefined,
      sel,
      title: () =>
        declared
          ? `${lane.label.trim()}: recorded ${short} by a barrier in command list #${s.list}, calls ${s.i}–${segEnd}`
          : `${lane.label.trim()}: no open list declares a state; the list follows the queue (${short}), calls ${s.i}–${segEnd}`,
      data: {
        'rec-resource': lane.res,
        'rec-sub': lane.sub ?? 'all',
        'rec-state': w < 3 ? 'DENSE' : stateKey(s.state),
        'rec-list': declared ? s.list! : 'queue',
        from: s.i,
        to: segEnd,
      },
    });
    if (declared && s.kind === 'barrier') {
      const x = axis.ofCall(s.i);
      marks.push({
        t: 'symbol',
        x,
        y: y + h + 1,
        shape: 'triangle',
        size: 5,
        fill: COLORS.barrier,
        sel: { kind: 'call', id: s.i },
        title: () => `barrier recorded at call ${s.i}: the list declares ${short}`,
        data: { 'rec-barrier': s.i, 'rec-resource': lane.res },
      });
    }
  }
}

function drawSegments(
  marks: Mark[],
  axis: TimeAxis,
  segs: Segment[],
  cursor: number,
  end: number,
  y: number,
  h: number,
  lane: StateLane,
  sel: Selection,
): void {
  const [d0, d1] = axis.mode === 'call' ? axis.scale.domain() : [-Infinity, Infinity];
  // start at the segment in force at the left edge of the domain (binary search keeps zoomed redraws cheap)
  let k = Math.max(0, upperBoundI(segs, Math.floor(d0)) - 1);
  const n = upperBoundI(segs, cursor);
  let lastMarkX = -Infinity;
  const merged = new NarrowMerger(marks);
  const laneKey = `${lane.res}:${lane.sub}`;
  for (; k < n; k++) {
    const s = segs[k];
    if (s.i > d1) break;
    const segEnd = k + 1 < n ? segs[k + 1].i : end;
    const xs = clipX(axis, axis.ofCall(s.i), axis.ofCall(segEnd));
    if (xs && !(xs[1] - xs[0] < 3 && merged.tryMerge(laneKey, xs[0], Math.max(1, xs[1] - xs[0])))) {
      const w = Math.max(1, xs[1] - xs[0]);
      const st = s.state < 0 ? { fill: COLORS.dense, pattern: 'grid' as const } : stateStyle(s.state);
      const name = s.state < 0 ? 'subresources differ' : w < 3 ? '' : stateName(s.state);
      // narrow segments merge into one grey "dense" run (its state label is meaningless below a pixel)
      merged.push(w < 3 ? laneKey : `${laneKey}:${k}`, {
        t: 'rect',
        x: xs[0],
        y: y + 2,
        w,
        h,
        fill: w < 3 ? COLORS.dense : st.fill,
        pattern: st.pattern,
        label: w > 40 ? (s.state < 0 ? 'mixed' : s.enh ? enhLabel(s.enh, s.state) : stateShort(s.state)) : undefined,
        sel,
        title: () => `${lane.label.trim()}: ${name}${s.enh ? ` (${enhTitle(s.enh)})` : ''}, calls ${s.i}–${segEnd}`,
        data: {
          resource: lane.res,
          sub: lane.sub ?? 'all',
          state: w < 3 ? 'DENSE' : stateKey(s.state),
          ...(s.enh && s.enh.layoutAfter >= 0 && s.state >= 0 ? { layout: layoutShort(s.enh.layoutAfter) } : {}),
          from: s.i,
          to: segEnd,
        },
      });
    }
    // the change that started this segment
    if (s.kind !== 'initial') {
      const x = axis.ofCall(s.i);
      if (clipX(axis, x, x) && x - lastMarkX >= 2) {
        lastMarkX = x;
        const shape = s.kind === 'barrier' ? 'triangle' : s.kind === 'promotion' ? 'circle' : 'diamond';
        const color = s.kind === 'barrier' ? COLORS.barrier : s.kind === 'promotion' ? COLORS.promotion : COLORS.decay;
        marks.push({
          t: 'symbol',
          x,
          y: y + h + 1,
          shape,
          size: 6,
          fill: color,
          sel: { kind: 'call', id: s.i },
          title: () =>
            s.enh
              ? `enhanced barrier at call ${s.i}: ${enhTitle(s.enh)}`
              : `${s.kind === 'barrier' ? 'transition barrier' : s.kind === 'promotion' ? 'implicit promotion' : 'implicit decay'} at call ${s.i}: ${s.before < 0 ? 'mixed' : stateShort(s.before)} → ${s.state < 0 ? 'mixed' : stateShort(s.state)}`,
          data: {
            barrier: s.enh ? 'enhanced' : s.kind === 'barrier' ? 'transition' : s.kind,
            ...(s.enh ? { sync: `${syncShort(s.enh.syncBefore)}→${syncShort(s.enh.syncAfter)}` } : {}),
            call: s.i,
            resource: lane.res,
            before: stateKey(s.before),
            after: stateKey(s.state),
          },
        });
      }
    }
  }
}

/** Messages as of the cursor, keyed by the lane they belong to; both the resource lane and the subresource lane. */
function pinsByLane(ix: TraceIndex, cursor: number): Map<string, MessageRow[]> {
  const out = new Map<string, MessageRow[]>();
  const n = upperBoundI(ix.messages, cursor);
  for (let k = 0; k < n; k++) {
    const m = ix.messages[k];
    const t = messageTarget(m);
    if (!t) continue;
    for (const key of [`${t.res}:all`, t.sub !== null ? `${t.res}:${t.sub}` : null]) {
      if (!key) continue;
      const a = out.get(key);
      if (a) a.push(m);
      else out.set(key, [m]);
    }
  }
  return out;
}

/** data-state values: the short D3D12 name, memoised (called for every marker of every redraw). */
const keyCache = new Map<number, string>();
function stateKey(v: number): string {
  if (v < 0) return 'MIXED';
  let k = keyCache.get(v);
  if (k === undefined) {
    k = stateShort(v);
    keyCache.set(v, k);
  }
  return k;
}
