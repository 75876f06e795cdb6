// Issue 16: the event list keeps its rows compactly (eventRowList.ts) and makes row objects when shown. Checked
// against the straightforward algorithm it replaced (a row object per call, kept below as the reference): the same
// rows in the same order, with the same depths, labels, keys, group ends and bundle rows, the same rows left by
// collapsed groups and the same row for each call, over the panels' traces, every lesson's runs and a frame loop.

import { describe, expect, it } from 'vitest';
import {
  D3D12System,
  D3D12_COMMAND_LIST_TYPE_DIRECT,
  D3D_FEATURE_LEVEL_11_0,
  Trace,
  indexTrace,
  objectLabel,
  upperBoundI,
  type TraceIndex,
} from '../../../core';
import { LESSON_LIST } from '../../../lessons';
import { frameLoopTrace, queriesTrace, smallTrace } from '../traces';
import { BundleRecordings } from './bundleRows';
import { CallRow } from './callRow';
import { eventRows, rowOfCall, visibleRows, type EventRow } from './eventList';

// ---- the reference: the event list as it was built before issue 16, one row object per call

const LIST_PREFIX = 'ID3D12GraphicsCommandList::';
const QUEUE_PREFIX = 'ID3D12CommandQueue::';

function referenceRows(ix: TraceIndex): EventRow[] {
  const rows: EventRow[] = [];
  const markerNames = new Map<number, string>();
  for (const m of ix.markers) if (m.kind === 'begin') markerNames.set(m.i, m.name);
  const queueGroups: EventRow[] = [];
  const stack: EventRow[] = [];
  let openList: number | null = null;
  const bundles = new BundleRecordings(ix);
  const closeAll = () => {
    stack.length = 0;
    openList = null;
  };
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
      rows.splice(rows.length - 1, 0, g);
      rows[rows.length - 1].depth = base + stack.length + 1;
      if (onQueue) queueGroups.push(g);
      else stack.push(g);
    }
    if (onList && end && stack.length > 1) stack.pop();
    if (onQueue && end && queueGroups.length > 0) queueGroups.pop();
    if (onList && call.api.endsWith('::Close')) closeAll();
  }
  return rows;
}

function referenceVisible(rows: readonly EventRow[], collapsed: ReadonlySet<string>): EventRow[] {
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

const referenceRowOfCall = (rows: readonly EventRow[], i: number) => Math.max(0, upperBoundI(rows, i) - 1);

// ---- comparing

/** Everything the panel reads from a row; the argument summary too where the trace is small. */
function rowText(r: EventRow, withArgs: boolean): string {
  return JSON.stringify([
    r.kind,
    r.depth,
    r.i,
    r.end,
    r.label,
    r.api,
    r.self,
    r.hr,
    r.key,
    r.origin,
    r.inherits,
    r.sets,
    r.note,
    withArgs ? r.args : undefined,
  ]);
}

/** The first row that differs (or the lengths), so a failure names it. */
function expectSameRows(got: Iterable<EventRow>, want: readonly EventRow[], where: string): void {
  const withArgs = want.length < 5000;
  const a = [...got].map((r) => rowText(r, withArgs));
  const b = want.map((r) => rowText(r, withArgs));
  const k = a.findIndex((x, n) => x !== b[n]);
  expect(k === -1 ? null : { row: k, got: a[k], want: b[k] }, where).toBeNull();
  expect(a.length, where).toBe(b.length);
}

/** Collapsed sets to try: single groups of each kind, a group inside a collapsed one, every seventh group, keys of no group. */
function collapsedSets(rows: readonly EventRow[]): Set<string>[] {
  const groups = rows.filter((r) => r.kind !== 'call');
  const first = (kind: string) => groups.filter((g) => g.kind === kind).slice(0, 2);
  const nested = groups.find(
    (g) => g.kind === 'marker' && groups.some((h) => h.kind === 'list' && h.i <= g.i && g.end <= h.end),
  );
  const around = nested && groups.find((h) => h.kind === 'list' && h.i <= nested.i && nested.end <= h.end);
  return [
    ...['list', 'marker', 'bundle'].flatMap((kind) => first(kind).map((g) => new Set([g.key]))),
    new Set([nested?.key, around?.key].filter((k): k is string => k !== undefined)),
    new Set(groups.filter((_, n) => n % 7 === 3).map((g) => g.key)),
    new Set(groups.map((g) => g.key)),
    new Set(['call:5', 'list:999999999', 'bundle-call:3:2', 'marker:x', groups[0]?.key ?? 'list:0']),
  ];
}

/** The calls to find rows for: all of them in a small trace, a spread in a large one, and both ends beyond. */
function cursors(ix: TraceIndex): number[] {
  const step = Math.max(1, Math.floor(ix.maxCall / 3000));
  const out = [-1, 0, ix.maxCall, ix.maxCall + 5];
  for (let i = 0; i <= ix.maxCall; i += step) out.push(i);
  return out;
}

function expectSameList(ix: TraceIndex, where: string): void {
  const want = referenceRows(ix);
  const got = eventRows(ix);
  expectSameRows(got, want, where);
  for (const collapsed of [new Set<string>(), ...collapsedSets(want)]) {
    const w = `${where} collapsed ${[...collapsed].slice(0, 4).join(',')}${collapsed.size > 4 ? ',…' : ''}`;
    const wantVisible = referenceVisible(want, collapsed);
    const gotVisible = visibleRows(got, collapsed);
    expect(gotVisible.length, w).toBe(wantVisible.length);
    expectSameRows(gotVisible, wantVisible, w);
    const wrong = cursors(ix).filter((i) => rowOfCall(gotVisible, i) !== referenceRowOfCall(wantVisible, i));
    expect(wrong.slice(0, 5), w).toEqual([]);
    // the window the panel shows: a slice at the row of a call
    const at = rowOfCall(gotVisible, ix.maxCall >> 1);
    expectSameRows(gotVisible.slice(at - 30, at + 30), wantVisible.slice(Math.max(0, at - 30), at + 30), `${w} window`);
  }
}

/** Groups' corner cases: nested queue and list events, lists taking turns, unbalanced and unclosed events. */
function cornersTrace(): Trace {
  const sys = new D3D12System();
  const DIRECT = D3D12_COMMAND_LIST_TYPE_DIRECT;
  const device = sys.D3D12CreateDevice({ MinimumFeatureLevel: D3D_FEATURE_LEVEL_11_0 }).out!;
  const queue = device.CreateCommandQueue({ Type: DIRECT }).out!;
  const allocA = device.CreateCommandAllocator({ type: DIRECT }).out!;
  const allocB = device.CreateCommandAllocator({ type: DIRECT }).out!;
  const a = device.CreateCommandList({ type: DIRECT, CommandAllocator: allocA }).out!;
  const b = device.CreateCommandList({ type: DIRECT, CommandAllocator: allocB }).out!;
  queue.BeginEvent({ Data: 'outer' });
  queue.BeginEvent({ Data: 'inner' });
  a.BeginEvent({ Data: 'a1' });
  a.BeginEvent({ Data: 'a2' });
  b.BeginEvent({ Data: 'b1' }); // the other list's turn closes a's recording group and its events
  a.EndEvent(); // a's turn again: an EndEvent with no event open in this group
  a.SetMarker({ Data: 'point' });
  b.Close(); // closed with an event open
  queue.EndEvent();
  a.BeginEvent({ Data: 'left open' });
  a.Close();
  a.BeginEvent({ Data: 'on a closed list' }); // traced, refused: no marker event, named by its argument
  a.BeginEvent({ Name: 'by Name' } as unknown as { Data: string }); // an argument with no Data
  queue.ExecuteCommandLists({ CommandLists: [a, b] });
  queue.EndEvent();
  queue.EndEvent(); // unbalanced
  queue.BeginEvent({ Data: 'never ended' });
  a.Reset({ Allocator: allocB });
  a.BeginEvent({ Data: 'still recording' });
  return sys.trace;
}

describe('the event list against the row-per-call reference', () => {
  it('the panels’ traces and the corner cases', () => {
    expectSameList(indexTrace(smallTrace().trace), 'small');
    expectSameList(indexTrace(queriesTrace().trace), 'queries');
    const corners = indexTrace(cornersTrace());
    expectSameList(corners, 'corners');
    // the corners are there: queue events around list events, and a marker named by its argument
    const rows = [...eventRows(corners)];
    expect(rows.filter((r) => r.kind === 'marker').map((r) => [r.label, r.depth])).toEqual([
      ['outer', 0],
      ['inner', 1],
      ['a1', 3],
      ['a2', 4],
      ['b1', 3],
      ['left open', 2],
      ['on a closed list', 2],
      ['by Name', 3],
      ['never ended', 0],
      ['still recording', 2],
    ]);
  });

  it('a trace as it grows (groups still open where it stops, rows made again at each length)', () => {
    for (const source of [smallTrace().trace, queriesTrace().trace, cornersTrace()]) {
      const trace = new Trace();
      const events = source.events;
      for (let n = 0; n < events.length;) {
        const next = Math.min(events.length, n + 1 + (n % 23));
        for (; n < next; n++) trace.push(events[n]);
        expectSameList(indexTrace(trace), `grown to ${n}`);
      }
    }
  });

  it('every lesson, correct and with each bug', () => {
    for (const def of LESSON_LIST)
      for (const bugs of [[], ...def.bugs.map((b) => [b.id])]) {
        const run = def.run({ debugLayer: true, bugs: new Set(bugs), width: 64, height: 64, liveAdapter: null });
        expectSameList(indexTrace(run.sys.trace), `lesson ${def.entry.id} [${bugs.join(',')}]`);
      }
  });

  it('a frame loop of 100,000 events', () => {
    expectSameList(indexTrace(frameLoopTrace(100_000)), 'frame loop');
  });

  it('shows the same row object again for a call while its window is on screen (the panel memoises rows on it)', () => {
    const rows = eventRows(indexTrace(smallTrace().trace));
    const call = [...rows].findIndex((r) => r.kind === 'call');
    expect(rows.at(call)).toBe(rows.at(call));
    expect(rows.slice(0, 60)).toEqual(rows.slice(0, 60));
    expect(rows.slice(0, 60).every((r, k) => r === rows.at(k))).toBe(true);
  });
});
