// Debug log: the messages raised as of the cursor, filterable by severity and by ID, each with the call that
// raised it. `findBreak` is "break on error": the first message at or after a call index whose severity is
// at least the chosen one (CORRUPTION counts as an ERROR break, as the real layer's break-on-severity does).

import { upperBound, upperBoundI, type MessageSeverity, type TraceIndex } from '../../../core';
import { SEVERITY_RANK } from './palette';
import { messageText } from './messageText';

export const SEVERITIES: MessageSeverity[] = ['CORRUPTION', 'ERROR', 'WARNING', 'INFO', 'MESSAGE'];

export interface LogRow {
  seq: number;
  call: number;
  api: string;
  id: string;
  severity: MessageSeverity;
  category: string;
  text: string;
}

export interface LogFilter {
  severities: ReadonlySet<MessageSeverity>;
  /** null: every ID */
  id: string | null;
  lang: 'en' | 'zh';
}

export interface DebugLog {
  rows: LogRow[];
  /** counts as of the cursor, before filtering */
  counts: Record<MessageSeverity, number>;
  ids: string[];
  /** messages raised after the cursor (not shown) */
  later: number;
}

/**
 * Facts about the messages computed once per trace length, so that "as of the cursor" is a binary search:
 * running counts per severity, where each ID first appears, and per severity the messages at least as severe.
 */
interface MessageFacts {
  /** counts[k]: counts of messages[0..k] (inclusive) */
  counts: Record<MessageSeverity, number>[];
  firstCallOfId: Map<string, number>;
  /** per break severity, the call indices of the messages at least that severe (in order) */
  atLeast: Record<MessageSeverity, { i: number }[]>;
}

const factsCache = new WeakMap<TraceIndex, { at: number; facts: MessageFacts }>();

function messageFacts(ix: TraceIndex): MessageFacts {
  const c = factsCache.get(ix);
  if (c && c.at === ix.consumed) return c.facts;
  const facts: MessageFacts = {
    counts: [],
    firstCallOfId: new Map(),
    atLeast: { CORRUPTION: [], ERROR: [], WARNING: [], INFO: [], MESSAGE: [] },
  };
  let run: Record<MessageSeverity, number> = { CORRUPTION: 0, ERROR: 0, WARNING: 0, INFO: 0, MESSAGE: 0 };
  for (const m of ix.messages) {
    run = { ...run, [m.msg.severity]: run[m.msg.severity] + 1 };
    facts.counts.push(run);
    if (!facts.firstCallOfId.has(m.msg.id)) facts.firstCallOfId.set(m.msg.id, m.i);
    for (const sev of SEVERITIES)
      if (SEVERITY_RANK[m.msg.severity] >= SEVERITY_RANK[sev]) facts.atLeast[sev].push({ i: m.i });
  }
  factsCache.set(ix, { at: ix.consumed, facts });
  return facts;
}

/** Messages per severity as of the cursor (O(log messages)). */
export function severityCounts(ix: TraceIndex, cursor: number): Record<MessageSeverity, number> {
  const n = upperBoundI(ix.messages, cursor);
  return n ? messageFacts(ix).counts[n - 1] : { CORRUPTION: 0, ERROR: 0, WARNING: 0, INFO: 0, MESSAGE: 0 };
}

/** Every message of the trace that passes the filter, formatted (once per trace length and filter, not per cursor). */
export function logRows(ix: TraceIndex, f: LogFilter): LogRow[] {
  const rows: LogRow[] = [];
  for (const m of ix.messages) {
    if (!f.severities.has(m.msg.severity) || (f.id !== null && f.id !== m.msg.id)) continue;
    rows.push({
      seq: m.seq,
      call: m.i,
      api: ix.calls[m.i]?.api ?? '(no call)',
      id: m.msg.id,
      severity: m.msg.severity,
      category: m.msg.category,
      text: messageText(m.msg, f.lang, undefined, (id) => ix.objects.get(id)?.name),
    });
  }
  return rows;
}

/** The log as of the cursor, from `logRows` (rows are in call order: the cut is a binary search). */
export function debugLogAt(ix: TraceIndex, all: readonly LogRow[], cursor: number): DebugLog {
  const lo = upperBound(all, cursor, (r) => r.call);
  const ids: string[] = [];
  for (const [id, first] of messageFacts(ix).firstCallOfId) if (first <= cursor) ids.push(id);
  return {
    rows: all.slice(0, lo),
    counts: severityCounts(ix, cursor),
    ids: ids.sort(),
    later: ix.messages.length - upperBoundI(ix.messages, cursor),
  };
}

export function layoutDebugLog(ix: TraceIndex, cursor: number, f: LogFilter): DebugLog {
  return debugLogAt(ix, logRows(ix, f), cursor);
}

/** Call index of the first message at or after `from` with severity >= `min`, or null (O(log messages)). */
export function findBreak(ix: TraceIndex, from: number, min: MessageSeverity): number | null {
  const list = messageFacts(ix).atLeast[min];
  const k = upperBoundI(list, from - 1);
  return k < list.length ? list[k].i : null;
}
