// The trace as Chrome / Perfetto trace-event JSON (opens in ui.perfetto.dev and chrome://tracing; times in
// microseconds): calls on the CPU thread, GPU intervals per queue with the queries they ran, waits, fence counters,
// messages, and the state transitions and markers a learner looks for next to them. No bigints: fence values become numbers.

import type { Trace } from './log';
import { resourceStateShort } from '../states';

export interface ChromeTraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid?: number;
  ts?: number;
  [k: string]: unknown;
}

export interface ChromeTrace {
  traceEvents: ChromeTraceEvent[];
  displayTimeUnit: string;
}

/** Chrome / Perfetto trace-event JSON (open in ui.perfetto.dev or chrome://tracing). Times in microseconds. */
export function toChromeTrace(trace: Trace): ChromeTrace {
  const out: ChromeTraceEvent[] = [
    { name: 'process_name', ph: 'M', pid: 1, args: { name: 'D3D12 model' } },
    { name: 'thread_name', ph: 'M', pid: 1, tid: 0, args: { name: 'CPU (application thread)' } },
  ];
  const queuesSeen = new Set<number>();
  for (const e of trace.events) {
    switch (e.k) {
      case 'call':
        out.push({
          name: e.api,
          ph: 'X',
          pid: 1,
          tid: 0,
          ts: e.t / 1000,
          dur: 1,
          args: { i: e.i, hr: e.hr, self: e.self },
        });
        break;
      case 'gpu':
        if (!queuesSeen.has(e.queue)) {
          queuesSeen.add(e.queue);
          out.push({
            name: 'thread_name',
            ph: 'M',
            pid: 1,
            tid: 1000 + e.queue,
            args: { name: `GPU queue #${e.queue}` },
          });
        }
        out.push({
          name: `ExecuteCommandLists (call ${e.submitCall})`,
          ph: 'X',
          pid: 1,
          tid: 1000 + e.queue,
          ts: e.start / 1000,
          dur: (e.end - e.start) / 1000,
          args: { lists: e.lists },
        });
        break;
      case 'wait':
        out.push({
          name: e.timedOut ? 'WaitForSingleObject (timeout)' : 'WaitForSingleObject',
          ph: 'X',
          pid: 1,
          tid: 0,
          ts: e.start / 1000,
          dur: (e.end - e.start) / 1000,
          args: { i: e.i, deadlock: e.deadlock },
        });
        break;
      case 'fence':
        // the counter follows the fence's value; a queued Signal only requests one
        if (e.kind === 'signal-queued') break;
        out.push({
          name: `fence #${e.fence}`,
          ph: 'C',
          pid: 1,
          ts: e.t / 1000,
          args: { value: Number(e.value > 9007199254740991n ? -1n : e.value) },
        });
        break;
      case 'message':
        out.push({
          name: e.msg.id,
          ph: 'i',
          s: 'g',
          pid: 1,
          tid: 0,
          ts: 0,
          args: { i: e.i, severity: e.msg.severity, category: e.msg.category },
        });
        break;
      case 'removed':
        out.push({ name: `device removed: ${e.reason}`, ph: 'i', s: 'g', pid: 1, tid: 0, ts: e.t / 1000 });
        break;
      case 'query':
        // [Q-TRACE-1] on the queue's track, at the GPU time it ran (a timestamp: its ticks; others: their counts)
        out.push({
          name: `${e.op === 'resolve' ? 'ResolveQueryData' : e.op === 'begin' ? 'BeginQuery' : 'EndQuery'} #${e.heap}[${e.index}]`,
          ph: 'i',
          s: 't',
          pid: 1,
          tid: 1000 + e.queue,
          ts: e.t / 1000,
          cat: 'query',
          args: { i: e.i, type: e.type, values: e.values?.map(String) ?? null, hz: e.hz },
        });
        break;
      default:
        break;
    }
  }
  // messages carry no time of their own: place them at their call's time
  const callTime = new Map<number, number>();
  for (const e of trace.events) if (e.k === 'call') callTime.set(e.i, e.t / 1000);
  for (const o of out) {
    const i = (o.args as { i?: number } | undefined)?.i;
    if (o.ph === 'i' && o.ts === 0 && i !== undefined) o.ts = callTime.get(i) ?? 0;
  }
  // what a learner looks for next to them: state transitions and PIX markers (instant events / per-list slices)
  const lists = new Set<number>();
  for (const e of trace.events) {
    if (e.k === 'state' && e.kind !== 'initial') {
      out.push({
        name: `${e.kind} #${e.res}/${e.sub}: ${resourceStateShort(e.before)} → ${resourceStateShort(e.after)}`,
        ph: 'i',
        s: 't',
        pid: 1,
        tid: 0,
        ts: callTime.get(e.i) ?? 0,
        cat: 'state',
        args: { i: e.i, res: e.res, sub: e.sub, queue: e.queue },
      });
    } else if (e.k === 'marker' && e.kind !== 'set') {
      lists.add(e.list);
      out.push({
        name: e.kind === 'begin' ? e.name : 'EndEvent',
        ph: e.kind === 'begin' ? 'B' : 'E',
        pid: 1,
        tid: 10_000 + e.list,
        ts: callTime.get(e.i) ?? 0,
        cat: 'marker',
        args: { i: e.i, list: e.list },
      });
    }
  }
  for (const l of lists)
    out.push({ name: 'thread_name', ph: 'M', pid: 1, tid: 10_000 + l, args: { name: `command list #${l} (markers)` } });
  return { traceEvents: out, displayTimeUnit: 'ms' };
}
