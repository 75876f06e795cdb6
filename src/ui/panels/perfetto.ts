// The trace as Chrome / Perfetto trace-event JSON (opens in ui.perfetto.dev and chrome://tracing). The model's
// own export gives calls, GPU intervals, waits, fence counters and messages; the panels add what a learner
// looks for next to them: state transitions and markers, as instant events on the CPU thread.

import type { Trace } from '../../core';
import { stateShort } from './layout/format';

export interface ChromeTrace {
  traceEvents: { name: string; ph: string; pid: number; tid?: number; ts?: number; [k: string]: unknown }[];
  displayTimeUnit: string;
}

export function toChromeTraceJson(trace: Trace): ChromeTrace {
  const base = trace.toChromeTrace() as ChromeTrace;
  const callTime = new Map<number, number>();
  for (const e of trace.events) if (e.k === 'call') callTime.set(e.i, e.t / 1000);
  const extra: ChromeTrace['traceEvents'] = [];
  for (const e of trace.events) {
    if (e.k === 'state' && e.kind !== 'initial') {
      extra.push({ name: `${e.kind} #${e.res}/${e.sub}: ${stateShort(e.before)} → ${stateShort(e.after)}`, ph: 'i', s: 't', pid: 1, tid: 0, ts: callTime.get(e.i) ?? 0, cat: 'state', args: { i: e.i, res: e.res, sub: e.sub, queue: e.queue } });
    } else if (e.k === 'marker' && e.kind !== 'set') {
      extra.push({ name: e.kind === 'begin' ? e.name : 'EndEvent', ph: e.kind === 'begin' ? 'B' : 'E', pid: 1, tid: 10_000 + e.list, ts: callTime.get(e.i) ?? 0, cat: 'marker', args: { i: e.i, list: e.list } });
    }
  }
  const lists = new Set<number>();
  for (const e of trace.events) if (e.k === 'marker') lists.add(e.list);
  for (const l of lists) extra.push({ name: 'thread_name', ph: 'M', pid: 1, tid: 10_000 + l, args: { name: `command list #${l} (markers)` } });
  // BigInt-free: the model's export already converts fence values
  return { traceEvents: [...base.traceEvents, ...extra], displayTimeUnit: base.displayTimeUnit };
}

export function chromeTraceBlob(trace: Trace): Blob {
  return new Blob([JSON.stringify(toChromeTraceJson(trace), (_k, v) => (typeof v === 'bigint' ? Number(v) : v))], { type: 'application/json' });
}
