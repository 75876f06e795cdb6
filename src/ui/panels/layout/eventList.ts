// Event list, like PIX's: every recorded call in order, grouped by queue BeginEvent/EndEvent regions, by
// command-list recording (the run of calls on one list, from Reset to Close) and, inside it, by list markers. The tree is flattened
// once per trace length; the panel shows a window of rows around the cursor.

import { objectLabel, upperBoundI, type TraceIndex } from '../../../core';
import { BundleRecordings } from './bundleRows';
import { CallRow } from './callRow';

// the argument summary lives with the call rows that show it; the panels and tests read it from here too
export { summarizeArgs } from './callRow';

export interface EventRow {
  kind: 'call' | 'list' | 'marker' | 'bundle';
  depth: number;
  /** first call index of the row (the call itself for call rows) */
  i: number;
  /** last call index covered (groups) */
  end: number;
  label: string;
  api?: string;
  self?: number;
  hr?: string | null;
  args?: string;
  /** group id, for collapsing: `${kind}:${first call}` */
  key: string;
  /** a bundle's call under ExecuteBundle (bundleRows.ts): the call where the bundle recorded it */
  origin?: number;
  /** a bundle group: what it inherited from the parent and set itself (method names), in one sentence */
  inherits?: string[];
  sets?: string[];
  note?: string;
}

const cache = new WeakMap<TraceIndex, { at: number; rows: EventRow[] }>();

const LIST_PREFIX = 'ID3D12GraphicsCommandList::';
const QUEUE_PREFIX = 'ID3D12CommandQueue::';

export function eventRows(ix: TraceIndex): EventRow[] {
  const c = cache.get(ix);
  if (c && c.at === ix.consumed) return c.rows;
  const rows: EventRow[] = [];
  const markerNames = new Map<number, string>();
  for (const m of ix.markers) if (m.kind === 'begin') markerNames.set(m.i, m.name);
  // open groups: queue markers (ID3D12CommandQueue::BeginEvent) outermost, then the list recording, markers inside it
  const queueGroups: EventRow[] = [];
  const stack: EventRow[] = [];
  let openList: number | null = null;
  const bundles = new BundleRecordings(ix);
  const closeAll = () => {
    stack.length = 0;
    openList = null;
  };
  // indexed loops: half a million calls, each touching the open groups (no iterator objects per step)
  const calls = ix.calls;
  for (let c = 0; c < calls.length; c++) {
    const call = calls[c];
    if (!call) continue;
    const onList = call.api.startsWith(LIST_PREFIX);
    const onQueue = call.api.startsWith(QUEUE_PREFIX);
    if (!onList || call.self !== openList) closeAll();
    const base = queueGroups.length;
    if (onList && openList === null) {
      openList = call.self;
      const g: EventRow = {
        kind: 'list',
        depth: base,
        i: call.i,
        end: call.i,
        label: `${objectLabel(ix, call.self)} recording`,
        self: call.self,
        key: `list:${call.i}`,
      };
      rows.push(g);
      stack.push(g);
    }
    // the method by its suffix: no substring made for each of half a million calls
    const begin = (onList || onQueue) && call.api.endsWith('::BeginEvent');
    const end = (onList || onQueue) && call.api.endsWith('::EndEvent');
    for (let g = 0; g < queueGroups.length; g++) queueGroups[g].end = call.i;
    for (let g = 0; g < stack.length; g++) stack[g].end = call.i;
    rows.push(new CallRow(base + stack.length, call));
    if (onList) {
      if (call.api.endsWith('::Reset')) bundles.note(call, 'Reset');
      else if (call.api.endsWith('::Close')) bundles.note(call, 'Close');
      else if (call.api.endsWith('::ExecuteBundle'))
        for (const r of bundles.rowsFor(call, base + stack.length)) rows.push(r);
    }
    if (begin) {
      const g: EventRow = {
        kind: 'marker',
        depth: base + stack.length,
        i: call.i,
        end: call.i,
        label:
          markerNames.get(call.i) ??
          String(
            (call.args as { Data?: string; Name?: string } | null)?.Data ??
              (call.args as { Name?: string } | null)?.Name ??
              'event',
          ),
        key: `marker:${call.i}`,
      };
      // the marker group row goes before its BeginEvent call so the call sits inside it
      rows.splice(rows.length - 1, 0, g);
      rows[rows.length - 1].depth = base + stack.length + 1;
      if (onQueue) queueGroups.push(g);
      else stack.push(g);
    }
    // EndEvent belongs to the group it closes
    if (onList && end && stack.length > 1) stack.pop();
    if (onQueue && end && queueGroups.length > 0) queueGroups.pop();
    if (onList && call.api.endsWith('::Close')) closeAll();
  }
  cache.set(ix, { at: ix.consumed, rows });
  return rows;
}

/** Rows with collapsed groups' children removed. */
export function visibleRows(rows: readonly EventRow[], collapsed: ReadonlySet<string>): EventRow[] {
  if (collapsed.size === 0) return rows as EventRow[];
  const out: EventRow[] = [];
  let skipDepth = Infinity;
  for (const r of rows) {
    if (r.depth > skipDepth) continue;
    skipDepth = Infinity;
    out.push(r);
    if (r.kind !== 'call' && collapsed.has(r.key)) skipDepth = r.depth;
  }
  return out;
}

/** Index of the row of call `i` (or the last row before it). */
export function rowOfCall(rows: readonly EventRow[], i: number): number {
  return Math.max(0, upperBoundI(rows, i) - 1);
}
