// Fences and queues on modelled time: the CPU thread with its blocked waits (timeouts marked), each queue's
// GPU execution intervals per ExecuteCommandLists, and each fence's value signalled (requested by
// queue->Signal) against completed (reached by the GPU) as two step lines. The gap between them is the
// number of frames in flight, also drawn as the slots of a frame ring.

import { scaleLinear } from 'd3-scale';
import { line, curveStepAfter } from 'd3-shape';
import type { Chart, Mark, Selection } from './shapes';
import { NarrowMerger, sameSel } from './shapes';
import { COLORS } from './palette';
import { fmtMs } from './format';
import { axisMarks, clipX, MARGIN, timeAxis, type TimeAxis } from './timeAxis';
import { objectLabel, timeOfCall, upperBoundI, type TraceIndex } from './traceIndex';

export interface FenceQueueOptions {
  width: number;
  domain: [number, number] | null;
  selection: Selection | null;
  /** also list every GPU interval for the table view */
  withRows?: boolean;
}

export interface FenceRow {
  fence: number;
  label: string;
  signalled: bigint;
  completed: bigint;
  inFlight: number;
  ring: { slot: number; value: bigint; status: 'in-flight' | 'done' }[];
}

export interface QueueRow {
  queue: number;
  label: string;
  intervals: { submit: number; lists: number[]; start: number; end: number; running: boolean }[];
}

export interface FenceQueueLayout {
  chart: Chart;
  axis: TimeAxis;
  fences: FenceRow[];
  queues: QueueRow[];
  waits: { call: number; start: number; end: number; timedOut: boolean; deadlock: boolean }[];
}

const LANE = 26;
const FENCE_LANE = 64;

export function layoutFenceQueue(ix: TraceIndex, cursor: number, o: FenceQueueOptions): FenceQueueLayout {
  const axis = timeAxis(ix, 'time', o.width, o.domain);
  const now = timeOfCall(ix, cursor);
  const marks: Mark[] = [];
  const merged = new NarrowMerger(marks);
  let y = MARGIN.top + 6;

  // the CPU thread: waits are the intervals it was blocked
  const waits = ix.waits.slice(0, upperBoundI(ix.waits, cursor)).map((w) => ({ call: w.i, start: w.start, end: w.end, timedOut: w.timedOut, deadlock: w.deadlock }));
  marks.push({ t: 'text', x: 4, y: y + 15, text: 'CPU (application thread)', size: 11 });
  marks.push({ t: 'line', x1: MARGIN.left, y1: y + LANE / 2, x2: axis.ofTime(now), y2: y + LANE / 2, stroke: COLORS.axis, width: 1 });
  for (const w of waits) {
    const xs = clipX(axis, axis.ofTime(w.start), axis.ofTime(w.end));
    if (!xs) continue;
    const title = () => `WaitForSingleObject at call ${w.call}: blocked ${fmtMs(w.end - w.start)}${w.timedOut ? ' — timed out (WAIT_TIMEOUT)' : ''}${w.deadlock ? ' — deadlock' : ''}`;
    merged.push(`wait:${w.timedOut}`, { t: 'rect', x: xs[0], y: y + 4, w: Math.max(1, xs[1] - xs[0]), h: LANE - 8, fill: w.timedOut ? COLORS.timeout : COLORS.wait, pattern: 'rdiag', label: 'blocked', title, sel: { kind: 'call', id: w.call }, data: { wait: w.call, 'timed-out': w.timedOut ? 1 : 0 } });
    if (w.timedOut) marks.push({ t: 'symbol', x: xs[1], y: y + LANE / 2, shape: 'cross', size: 8, fill: COLORS.timeout, title, data: { timeout: w.call } });
  }
  y += LANE + 8;

  // queues: one lane each, one bar per ExecuteCommandLists
  const queues: QueueRow[] = [];
  const gpuN = upperBoundI(ix.gpu, cursor);
  for (const q of [...ix.queues].sort((a, b) => a - b)) {
    const sel: Selection = { kind: 'queue', id: q };
    const row: QueueRow = { queue: q, label: objectLabel(ix, q), intervals: [] };
    marks.push({ t: 'text', x: 4, y: y + 15, text: row.label, size: 11, sel, cls: sameSel(o.selection, sel) ? 'selected' : undefined, data: { 'queue-label': q } });
    const qKey = `queue:${q}`;
    for (let k = 0; k < gpuN; k++) {
      const g = ix.gpu[k];
      if (g.queue !== q) continue;
      const running = g.end > now;
      if (o.withRows) row.intervals.push({ submit: g.submitCall, lists: g.lists, start: g.start, end: g.end, running });
      const xs = clipX(axis, axis.ofTime(g.start), axis.ofTime(g.end));
      if (!xs || merged.tryMerge(qKey, xs[0], Math.max(1, xs[1] - xs[0]))) continue;
      const w = xs[1] - xs[0];
      const names = w > 40 ? g.lists.map((l) => objectLabel(ix, l)).join(', ') : '';
      const callSel: Selection = { kind: 'call', id: g.submitCall };
      merged.push(qKey, {
        t: 'rect', x: xs[0], y: y + 3, w: Math.max(1, xs[1] - xs[0]), h: LANE - 6, fill: COLORS.gpu, opacity: running ? 0.45 : 0.85,
        dash: running, stroke: sameSel(o.selection, callSel) ? COLORS.highlight : running ? COLORS.gpu : undefined, label: names || undefined,
        title: () => `${row.label}: ${g.lists.map((l) => objectLabel(ix, l)).join(', ')} (ExecuteCommandLists at call ${g.submitCall}) ${fmtMs(g.start)} – ${fmtMs(g.end)}${running ? ', still running at the cursor' : ''}`,
        sel: callSel, data: { queue: q, lists: g.lists.join(','), submit: g.submitCall, running: running ? 1 : 0 },
      });
    }
    queues.push(row);
    y += LANE + 4;
  }

  // fences: signalled vs completed
  const fences: FenceRow[] = [];
  for (const [fence, evs] of ix.fences) {
    const upto = evs.slice(0, upperBoundI(evs, cursor));
    const sel: Selection = { kind: 'fence', id: fence };
    let signalled = 0n;
    let completed = 0n;
    let maxInFlight = 1;
    const sig: [number, number][] = [[0, 0]];
    const comp: [number, number][] = [[0, 0]];
    const requested: bigint[] = [];
    // fence values only grow, so the first pending request only moves forward (keeps this O(events))
    let firstPending = 0;
    for (const e of upto) {
      if (e.kind === 'signal-gpu' || e.kind === 'signal-cpu') {
        if (e.value > signalled) signalled = e.value;
        sig.push([e.t, Number(signalled)]);
        requested.push(e.value);
      }
      if (e.kind === 'completed' || e.kind === 'signal-cpu') {
        completed = e.value;
        comp.push([e.t, Number(e.value)]);
      }
      while (firstPending < requested.length && requested[firstPending] <= completed) firstPending++;
      maxInFlight = Math.max(maxInFlight, requested.length - firstPending);
    }
    // frame ring: the last `maxInFlight` signalled values, each in slot value mod ring size
    const ring = requested.slice(-maxInFlight).map((v) => ({ slot: Number(v % BigInt(maxInFlight)), value: v, status: (v > completed ? 'in-flight' : 'done') as 'in-flight' | 'done' }));
    ring.sort((a, b) => a.slot - b.slot);
    const inFlight = requested.length - firstPending;
    const row: FenceRow = { fence, label: objectLabel(ix, fence), signalled, completed, inFlight, ring };
    fences.push(row);
    const ys = scaleLinear().domain([0, Math.max(1, Number(signalled))]).range([y + FENCE_LANE - 6, y + 14]);
    marks.push({ t: 'text', x: 4, y: y + 15, text: row.label, size: 11, sel, cls: sameSel(o.selection, sel) ? 'selected' : undefined });
    marks.push({
      t: 'text', x: 4, y: y + 30, size: 10, sel,
      text: `completed ${completed} / signalled ${signalled}`,
      data: { fence, 'fence-completed': String(completed), 'fence-signalled': String(signalled), 'in-flight': inFlight },
    });
    sig.push([now, Number(signalled)]);
    comp.push([now, Number(completed)]);
    const path = line<[number, number]>().x((d) => clamp(axis, axis.ofTime(d[0]))).y((d) => ys(d[1])).curve(curveStepAfter);
    const hl = sameSel(o.selection, sel);
    marks.push({ t: 'path', d: path(decimate(sig, axis)) ?? '', stroke: COLORS.signalled, width: hl ? 3 : 1.5, dash: true, fill: 'none', sel, title: `${row.label}: value signalled (requested)`, data: { 'fence-line': 'signalled', fence } });
    marks.push({ t: 'path', d: path(decimate(comp, axis)) ?? '', stroke: COLORS.completed, width: hl ? 3 : 2, fill: 'none', sel, title: `${row.label}: value completed (reached by the GPU)`, data: { 'fence-line': 'completed', fence } });
    marks.push({ t: 'text', x: axis.scale.range()[1] + 4, y: ys(Number(signalled)) + 4, text: `${signalled}`, size: 9, fill: COLORS.signalled });
    // the ring, right of the label column
    ring.forEach((s, k) => {
      marks.push({
        t: 'rect', x: 4 + k * 26, y: y + 38, w: 22, h: 16, fill: s.status === 'in-flight' ? COLORS.signalled : COLORS.completed,
        pattern: s.status === 'in-flight' ? 'diag' : 'none', opacity: 0.8, label: String(s.value), sel,
        title: `frame slot ${s.slot}: fence value ${s.value}, ${s.status === 'in-flight' ? 'in flight (GPU not done)' : 'done (safe to reuse)'}`,
        data: { slot: s.slot, 'slot-value': String(s.value), 'slot-status': s.status, fence },
      });
    });
    y += FENCE_LANE + 6;
  }
  const height = y;
  marks.unshift(...axisMarks(axis, height, cursor));
  const label = `Fences and queues as of call ${cursor} (modelled time ${fmtMs(now)}): ${queues.length} queues, ${fences.length} fences, ${waits.length} CPU waits`;
  return { chart: { width: o.width, height, marks, label }, axis, fences, queues, waits };
}

function clamp(axis: TimeAxis, x: number): number {
  const [a, b] = axis.scale.range();
  return Math.max(a, Math.min(b, x));
}

/**
 * A step line needs at most one point per pixel: within a pixel keep the last value (what the eye reads at
 * the right edge). Points outside the visible range are dropped except the one just before it.
 */
function decimate(points: [number, number][], axis: TimeAxis): [number, number][] {
  const [r0, r1] = axis.scale.range();
  const out: [number, number][] = [];
  let lastPx = -Infinity;
  for (const p of points) {
    const px = axis.ofTime(p[0]);
    if (px < r0) { out[0] = p; lastPx = r0 - 1; continue; }
    if (px > r1 + 1) break;
    if (px - lastPx < 1 && out.length) out[out.length - 1] = [out[out.length - 1][0], p[1]];
    else { out.push(p); lastPx = px; }
  }
  return out;
}
