// Debug log: the messages raised as of the cursor, filterable by severity and by ID, each with the call that
// raised it. `findBreak` is "break on error": the first message at or after a call index whose severity is
// at least the chosen one (CORRUPTION counts as an ERROR break, as the real layer's break-on-severity does).

import type { MessageSeverity } from '../../../core/messages';
import { SEVERITY_RANK } from './palette';
import { upperBoundI, type TraceIndex } from './traceIndex';
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

export function severityCounts(ix: TraceIndex, cursor: number): Record<MessageSeverity, number> {
  const counts: Record<MessageSeverity, number> = { CORRUPTION: 0, ERROR: 0, WARNING: 0, INFO: 0, MESSAGE: 0 };
  const n = upperBoundI(ix.messages, cursor);
  for (let k = 0; k < n; k++) counts[ix.messages[k].msg.severity]++;
  return counts;
}

export function layoutDebugLog(ix: TraceIndex, cursor: number, f: LogFilter): DebugLog {
  const n = upperBoundI(ix.messages, cursor);
  const counts: Record<MessageSeverity, number> = { CORRUPTION: 0, ERROR: 0, WARNING: 0, INFO: 0, MESSAGE: 0 };
  const ids = new Set<string>();
  const rows: LogRow[] = [];
  for (let k = 0; k < n; k++) {
    const m = ix.messages[k];
    counts[m.msg.severity]++;
    ids.add(m.msg.id);
    if (!f.severities.has(m.msg.severity) || (f.id !== null && f.id !== m.msg.id)) continue;
    rows.push({
      seq: m.seq, call: m.i, api: ix.calls[m.i]?.api ?? '(no call)', id: m.msg.id, severity: m.msg.severity,
      category: m.msg.category, text: messageText(m.msg, f.lang),
    });
  }
  return { rows, counts, ids: [...ids].sort(), later: ix.messages.length - n };
}

/** Call index of the first message at or after `from` with severity >= `min`, or null. */
export function findBreak(ix: TraceIndex, from: number, min: MessageSeverity): number | null {
  const rank = SEVERITY_RANK[min];
  for (let k = upperBoundI(ix.messages, from - 1); k < ix.messages.length; k++) {
    if (SEVERITY_RANK[ix.messages[k].msg.severity] >= rank) return ix.messages[k].i;
  }
  return null;
}
