// Event list, like PIX's: every recorded call in order, grouped by queue BeginEvent/EndEvent regions, by
// command-list recording (the run of calls on one list, from Reset to Close) and, inside it, by list markers. The tree is flattened
// once per trace length, compactly (eventRowList.ts); the panel shows a window of rows around the cursor.

import type { TraceIndex } from '../../../core';
import { BundleRecordings } from './bundleRows';
import { EventRows, withCollapsed, type EventRowList } from './eventRowList';
import { ListRow, MarkerRow, listLabels, type OpenGroup } from './groupRows';

// the argument summary lives with the call rows that show it; the panels and tests read it from here too
export { summarizeArgs } from './callRow';
export type { EventRowList } from './eventRowList';

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

const cache = new WeakMap<TraceIndex, { at: number; rows: EventRows }>();

const LIST_PREFIX = 'ID3D12GraphicsCommandList::';
const QUEUE_PREFIX = 'ID3D12CommandQueue::';

// What a call's api says about its place in the list, worked out once per distinct api string (a trace has a few
// dozen) rather than by string tests on each of half a million calls.
const ON_LIST = 1;
const ON_QUEUE = 2;
const BEGIN = 4;
const END = 8;
const RESET = 16;
const CLOSE = 32;
const EXECUTE_BUNDLE = 64;

function classify(api: string): number {
  const onList = api.startsWith(LIST_PREFIX);
  const onQueue = api.startsWith(QUEUE_PREFIX);
  let f = (onList ? ON_LIST : 0) | (onQueue ? ON_QUEUE : 0);
  if (onList || onQueue) {
    if (api.endsWith('::BeginEvent')) f |= BEGIN;
    if (api.endsWith('::EndEvent')) f |= END;
  }
  if (onList) {
    if (api.endsWith('::Reset')) f |= RESET;
    else if (api.endsWith('::Close')) f |= CLOSE;
    else if (api.endsWith('::ExecuteBundle')) f |= EXECUTE_BUNDLE;
  }
  return f;
}

/** Close the open groups: each ends at call `end`. */
function closeAll(groups: OpenGroup[], end: number): void {
  for (let k = 0; k < groups.length; k++) groups[k].end = end;
  groups.length = 0;
}

export function eventRows(ix: TraceIndex): EventRows {
  const c = cache.get(ix);
  if (c && c.at === ix.consumed) return c.rows;
  const calls = ix.calls;
  // room for a group row every four calls before the arrays grow (the frame loop has one every dozen)
  const rows = new EventRows(calls, calls.length + (calls.length >> 2));
  const markerCount = ix.markers.length;
  const listLabel = listLabels(ix);
  const kinds = new Map<string, number>();
  const bundles = new BundleRecordings(ix);
  // open groups: queue markers (ID3D12CommandQueue::BeginEvent) outermost, then the list recording, markers inside it
  const queueGroups: OpenGroup[] = [];
  const stack: OpenGroup[] = [];
  let openList = -1; // the list whose recording is open (object ids are >= 0)
  // the last call walked: a group ends at the last call walked while it was open
  let last = -1;
  // a plain loop over half a million calls, its state in locals (no closure over them, no row object per call)
  for (let c = 0; c < calls.length; c++) {
    const call = calls[c];
    if (!call) continue;
    let f = kinds.get(call.api);
    if (f === undefined) kinds.set(call.api, (f = classify(call.api)));
    const onList = (f & ON_LIST) !== 0;
    if (openList >= 0 && (!onList || call.self !== openList)) {
      closeAll(stack, last);
      openList = -1;
    }
    const base = queueGroups.length;
    if (onList && openList < 0) {
      openList = call.self;
      const g = new ListRow(base, c, c, call.self, listLabel(call.self));
      rows.pushMade(g);
      stack.push(g);
    }
    last = c;
    const depth = base + stack.length;
    if (f & BEGIN) {
      // the marker group row goes before its BeginEvent call so the call sits inside it
      const g = new MarkerRow(depth, call, ix, markerCount);
      rows.pushMade(g);
      rows.pushCall(c, depth + 1);
      if (onList) stack.push(g);
      else queueGroups.push(g);
    } else rows.pushCall(c, depth);
    if (f & RESET) bundles.note(call, 'Reset');
    else if (f & CLOSE) bundles.note(call, 'Close');
    else if (f & EXECUTE_BUNDLE) for (const r of bundles.rowsFor(call, depth)) rows.pushMade(r);
    // EndEvent belongs to the group it closes
    if (f & END) {
      if (onList) {
        if (stack.length > 1) stack.pop()!.end = c;
      } else if (queueGroups.length > 0) queueGroups.pop()!.end = c;
    }
    if (f & CLOSE) {
      closeAll(stack, c);
      openList = -1;
    }
  }
  closeAll(stack, last);
  closeAll(queueGroups, last);
  cache.set(ix, { at: ix.consumed, rows });
  return rows;
}

/** Rows with collapsed groups' children removed. */
export function visibleRows(rows: EventRows, collapsed: ReadonlySet<string>): EventRowList {
  return collapsed.size === 0 ? rows : withCollapsed(rows, collapsed);
}

/** Index of the row of call `i` (or the last row before it). */
export function rowOfCall(rows: EventRowList, i: number): number {
  return Math.max(0, rows.upTo(i) - 1);
}
