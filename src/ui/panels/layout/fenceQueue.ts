// Fences and queues on modelled time: the CPU thread with its blocked waits (timeouts marked), each queue's
// GPU execution intervals per ExecuteCommandLists, and each fence's value signalled (requested by
// queue->Signal: the model's `signal-queued` events, or the CPU's Signal) against completed (reached by the GPU)
// as two step lines. The gap between them is the
// number of frames in flight, also drawn as the slots of a frame ring.
// The fence values at a cursor are in fenceTracks.ts (re-exported here), the per-fence marks in fenceMarks.ts.

import { scaleLinear } from 'd3-scale';
import { line, curveStepAfter } from 'd3-shape';
import type { Chart, CursorOverlay, Mark, RectMark, Selection } from './shapes';
import { mergeNarrow, sameSel } from './shapes';
import { COLORS } from './palette';
import { fmtMs } from './format';
import { axisMarks, clipXInto, cursorLine, MARGIN, timeAxis, type TimeAxis } from './timeAxis';
import { objectLabel, timeOfCall, upperBoundI, type TraceIndex } from '../../../core';
import { fenceRowsAt, timedOutWaitsAt, type FenceRow } from './fenceTracks';
import { clamp, fenceRing, fenceValueText, StepDecimator } from './fenceMarks';
import { queryMarks } from './queryMarks';

export { fenceRowsAt, timedOutWaitsAt, type FenceRow };

export interface FenceQueueOptions {
  width: number;
  domain: [number, number] | null;
  selection: Selection | null;
  /** also list every GPU interval for the table view */
  withRows?: boolean;
  /**
   * Leave the cursor-dependent marks (cursor line, each fence's readout and frame ring) out of `chart.marks`:
   * the caller draws them with `overlay` on every cursor move over a chart laid out once.
   */
  split?: boolean;
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
  /** the cursor line and every fence's readout and ring at any cursor (O(fences + ring slots)) */
  overlay: CursorOverlay;
}

const LANE = 26;
const FENCE_LANE = 64;

export function layoutFenceQueue(ix: TraceIndex, cursor: number, o: FenceQueueOptions): FenceQueueLayout {
  const axis = timeAxis(ix, 'time', o.width, o.domain);
  const now = timeOfCall(ix, cursor);
  const marks: Mark[] = [];
  let y = MARGIN.top + 6;

  // the CPU thread: waits are the intervals it was blocked
  const waits = ix.waits
    .slice(0, upperBoundI(ix.waits, cursor))
    .map((w) => ({ call: w.i, start: w.start, end: w.end, timedOut: w.timedOut, deadlock: w.deadlock }));
  marks.push({ t: 'text', x: 4, y: y + 15, text: 'CPU (application thread)', size: 11 });
  marks.push({
    t: 'line',
    x1: MARGIN.left,
    y1: y + LANE / 2,
    x2: axis.ofTime(now),
    y2: y + LANE / 2,
    stroke: COLORS.axis,
    width: 1,
  });
  // dense runs: the last wait bar drawn, per timed-out or not; then per queue, its last GPU bar
  const lastWait: (RectMark | undefined)[] = [undefined, undefined];
  // one clipped x range, reused (clipX would make an array per item, most of which merge away)
  const xs: [number, number] = [0, 0];
  for (let k = 0; k < waits.length; k++) {
    const w = waits[k];
    if (!clipXInto(axis, axis.ofTime(w.start), axis.ofTime(w.end), xs)) continue;
    const merges = mergeNarrow(lastWait[w.timedOut ? 1 : 0], xs[0], Math.max(1, xs[1] - xs[0]));
    if (merges && !w.timedOut) continue;
    const title = () =>
      `WaitForSingleObject at call ${w.call}: blocked ${fmtMs(w.end - w.start)}${w.timedOut ? ' — timed out (WAIT_TIMEOUT)' : ''}${w.deadlock ? ' — deadlock' : ''}`;
    if (!merges) {
      const bar: RectMark = {
        t: 'rect',
        x: xs[0],
        y: y + 4,
        w: Math.max(1, xs[1] - xs[0]),
        h: LANE - 8,
        fill: w.timedOut ? COLORS.timeout : COLORS.wait,
        pattern: 'rdiag',
        label: 'blocked',
        title,
        sel: { kind: 'call', id: w.call },
        data: { wait: w.call, 'timed-out': w.timedOut ? 1 : 0 },
      };
      marks.push(bar);
      lastWait[w.timedOut ? 1 : 0] = bar;
    }
    if (w.timedOut)
      marks.push({
        t: 'symbol',
        x: xs[1],
        y: y + LANE / 2,
        shape: 'cross',
        size: 8,
        fill: COLORS.timeout,
        title,
        data: { timeout: w.call },
      });
  }
  y += LANE + 8;

  // queues: one lane each, one bar per ExecuteCommandLists
  const queues: QueueRow[] = [];
  const gpuN = upperBoundI(ix.gpu, cursor);
  for (const q of [...ix.queues].sort((a, b) => a - b)) {
    const sel: Selection = { kind: 'queue', id: q };
    const row: QueueRow = { queue: q, label: objectLabel(ix, q), intervals: [] };
    marks.push({
      t: 'text',
      x: 4,
      y: y + 15,
      text: row.label,
      size: 11,
      sel,
      cls: sameSel(o.selection, sel) ? 'selected' : undefined,
      data: { 'queue-label': q },
    });
    let lastBar: RectMark | undefined;
    for (let k = 0; k < gpuN; k++) {
      const g = ix.gpu[k];
      if (g.queue !== q) continue;
      const running = g.end > now;
      if (o.withRows) row.intervals.push({ submit: g.submitCall, lists: g.lists, start: g.start, end: g.end, running });
      if (!clipXInto(axis, axis.ofTime(g.start), axis.ofTime(g.end), xs)) continue;
      if (mergeNarrow(lastBar, xs[0], Math.max(1, xs[1] - xs[0]))) continue;
      lastBar = gpuBar(ix, o.selection, row, g, running, xs, y);
      marks.push(lastBar);
    }
    marks.push(...queryMarks(ix, q, cursor, axis, y, LANE, o.selection)); // timestamps, query spans, resolves
    queues.push(row);
    y += LANE + 4;
  }

  // fences: signalled vs completed
  const fences = fenceRowsAt(ix, cursor);
  const readouts: { row: FenceRow; y: number; ys: (v: number) => number }[] = [];
  for (const row of fences) {
    const { fence, signalled, completed } = row;
    const evs = ix.fences.get(fence)!;
    const n = upperBoundI(evs, cursor);
    const sel: Selection = { kind: 'fence', id: fence };
    // the two step lines, decimated to a point per pixel as the events are read (no array of every point)
    const sig = new StepDecimator(axis);
    const comp = new StepDecimator(axis);
    sig.add(0, 0);
    comp.add(0, 0);
    let top = 0n;
    for (let k = 0; k < n && !(sig.done && comp.done); k++) {
      const e = evs[k];
      if (e.kind === 'signal-queued' || e.kind === 'signal-cpu') {
        if (e.value > top) top = e.value;
        sig.add(e.t, Number(top));
      }
      if (e.kind === 'completed' || e.kind === 'signal-cpu') comp.add(e.t, Number(e.value));
    }
    const ys = scaleLinear()
      .domain([0, Math.max(1, Number(signalled))])
      .range([y + FENCE_LANE - 6, y + 14]);
    const readout = { row, y, ys };
    readouts.push(readout);
    marks.push({
      t: 'text',
      x: 4,
      y: y + 15,
      text: row.label,
      size: 11,
      sel,
      cls: sameSel(o.selection, sel) ? 'selected' : undefined,
    });
    if (!o.split) marks.push(fenceValueText(readout));
    sig.add(now, Number(signalled));
    comp.add(now, Number(completed));
    const path = line<[number, number]>()
      .x((d) => clamp(axis, axis.ofTime(d[0])))
      .y((d) => ys(d[1]))
      .curve(curveStepAfter);
    const hl = sameSel(o.selection, sel);
    marks.push({
      t: 'path',
      d: path(sig.out) ?? '',
      stroke: COLORS.signalled,
      width: hl ? 3 : 1.5,
      dash: true,
      fill: 'none',
      sel,
      title: `${row.label}: value signalled (requested)`,
      data: { 'fence-line': 'signalled', fence },
    });
    marks.push({
      t: 'path',
      d: path(comp.out) ?? '',
      stroke: COLORS.completed,
      width: hl ? 3 : 2,
      fill: 'none',
      sel,
      title: `${row.label}: value completed (reached by the GPU)`,
      data: { 'fence-line': 'completed', fence },
    });
    if (!o.split) marks.push(...fenceRing(readout, axis));
    y += FENCE_LANE + 6;
  }
  const height = y;
  marks.unshift(...axisMarks(axis, height, o.split ? null : cursor));
  const label = `Fences and queues ${o.split ? 'over the whole trace (times after the time cursor are veiled)' : `as of call ${cursor} (modelled time ${fmtMs(now)})`}: ${queues.length} queues, ${fences.length} fences, ${waits.length} CPU waits`;
  // the readouts at another cursor keep this layout's lanes and value scale (the chart itself does not move)
  const overlay: CursorOverlay = (at) => {
    const rows = fenceRowsAt(ix, at);
    const out: Mark[] = [cursorLine(axis, height, at)];
    readouts.forEach((r, k) => {
      const at = { ...r, row: rows[k] };
      out.push(fenceValueText(at), ...fenceRing(at, axis));
    });
    return out;
  };
  return { chart: { width: o.width, height, marks, label }, axis, fences, queues, waits, overlay };
}

/** One ExecuteCommandLists' bar on its queue's lane (x range `xs`, lane top `y`). */
function gpuBar(
  ix: TraceIndex,
  selection: Selection | null,
  row: QueueRow,
  g: TraceIndex['gpu'][number],
  running: boolean,
  xs: [number, number],
  y: number,
): RectMark {
  const w = xs[1] - xs[0];
  const names = w > 40 ? g.lists.map((l) => objectLabel(ix, l)).join(', ') : '';
  const callSel: Selection = { kind: 'call', id: g.submitCall };
  return {
    t: 'rect',
    x: xs[0],
    y: y + 3,
    w: Math.max(1, xs[1] - xs[0]),
    h: LANE - 6,
    fill: COLORS.gpu,
    opacity: running ? 0.45 : 0.85,
    dash: running,
    stroke: sameSel(selection, callSel) ? COLORS.highlight : running ? COLORS.gpu : undefined,
    label: names || undefined,
    title: () =>
      `${row.label}: ${g.lists.map((l) => objectLabel(ix, l)).join(', ')} (ExecuteCommandLists at call ${g.submitCall}) ${fmtMs(g.start)} – ${fmtMs(g.end)}${running ? ', still running at the cursor' : ''}`,
    sel: callSel,
    data: { queue: g.queue, lists: g.lists.join(','), submit: g.submitCall, running: running ? 1 : 0 },
  };
}
