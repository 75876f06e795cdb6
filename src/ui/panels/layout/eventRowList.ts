// The event list's rows, kept compact (issue 16): a million-event trace has over half a million rows and the panel
// shows 60 of them. A row is a call index (a call's row) or a made row (a group, a bundle's rows), and a depth, in
// two typed arrays; a call's row object is made when it is read. Collapsed groups are ranges of rows skipped.

import { upperBound, type CallEv } from '../../../core';
import { CallRow } from './callRow';
import type { EventRow } from './eventList';

/** Rows in order, read by position: all of them (eventRows) or those left visible by collapsed groups. */
export interface EventRowList extends Iterable<EventRow> {
  readonly length: number;
  at(r: number): EventRow;
  /** rows `start` to `end` (exclusive), clamped to the list */
  slice(start: number, end: number): EventRow[];
  /** how many rows have their first call at or before call `i` (rows are in call order) */
  upTo(i: number): number;
}

/** Made rows are stored as -1 - (their place in `made`), call rows as their call index (>= 0). */
const madeRef = (k: number) => -1 - k;

/** Row objects made for calls are kept for a few windows, so a row shown again is the same object (the panel memoises rows on it). */
const KEEP_SHOWN = 4096;

export class EventRows implements EventRowList {
  length = 0;
  private ref: Int32Array;
  private depths: Int32Array;
  private readonly made: EventRow[] = [];
  private readonly shown = new Map<number, EventRow>();

  constructor(
    private readonly calls: readonly CallEv[],
    capacity: number,
  ) {
    this.ref = new Int32Array(Math.max(16, capacity));
    this.depths = new Int32Array(this.ref.length);
  }

  pushCall(call: number, depth: number): void {
    this.push(call, depth);
  }

  pushMade(row: EventRow): void {
    this.push(madeRef(this.made.length), row.depth);
    this.made.push(row);
  }

  private push(ref: number, depth: number): void {
    if (this.length === this.ref.length) {
      const ref2 = new Int32Array(this.ref.length * 2);
      const depths2 = new Int32Array(ref2.length);
      ref2.set(this.ref);
      depths2.set(this.depths);
      this.ref = ref2;
      this.depths = depths2;
    }
    this.ref[this.length] = ref;
    this.depths[this.length] = depth;
    this.length++;
  }

  depthAt(r: number): number {
    return this.depths[r];
  }

  /** the row's first call: the call itself for a call's row */
  private firstCall = (ref: number): number => (ref >= 0 ? ref : this.made[-1 - ref].i);

  at(r: number): EventRow {
    const ref = this.ref[r];
    if (ref < 0) return this.made[-1 - ref];
    let row = this.shown.get(r);
    if (!row) {
      if (this.shown.size >= KEEP_SHOWN) this.shown.clear();
      row = new CallRow(this.depths[r], this.calls[ref]);
      this.shown.set(r, row);
    }
    return row;
  }

  slice(start: number, end: number): EventRow[] {
    return sliceOf(this, start, end);
  }

  upTo(i: number): number {
    return upperBound(this.ref.subarray(0, this.length), i, this.firstCall);
  }

  /** The row of the group whose key is `key`, or -1. A group's key ends with its first call (`list:12`). */
  rowOfGroup(key: string): number {
    const i = Number(key.slice(key.indexOf(':') + 1));
    if (!Number.isInteger(i)) return -1;
    const end = this.upTo(i);
    for (let r = this.upTo(i - 1); r < end; r++) {
      const ref = this.ref[r];
      if (ref < 0 && this.made[-1 - ref].kind !== 'call' && this.made[-1 - ref].key === key) return r;
    }
    return -1;
  }

  *[Symbol.iterator](): Iterator<EventRow> {
    for (let r = 0; r < this.length; r++) yield this.at(r);
  }
}

/** The rows left when collapsed groups hide their children: `hidden` holds [from, to) row ranges, in order. */
class VisibleRows implements EventRowList {
  readonly length: number;
  /** rows hidden before each range, and by all of them (one more than the ranges) */
  private readonly before: number[] = [0];
  /** each range's first row, as a visible position */
  private readonly shownAt: number[] = [];
  constructor(
    private readonly rows: EventRows,
    private readonly hidden: readonly (readonly [number, number])[],
  ) {
    for (const [from, to] of hidden) {
      const before = this.before[this.before.length - 1];
      this.shownAt.push(from - before);
      this.before.push(before + to - from);
    }
    this.length = rows.length - this.before[hidden.length];
  }

  at(v: number): EventRow {
    // the ranges that start at or before visible row v are hidden before it
    return this.rows.at(v + this.before[upperBound(this.shownAt, v, itself)]);
  }

  slice(start: number, end: number): EventRow[] {
    return sliceOf(this, start, end);
  }

  upTo(i: number): number {
    const n = this.rows.upTo(i);
    // the ranges that start before row n, the last of which may reach past it
    const k = upperBound(this.hidden, n - 1, rangeFrom);
    return k === 0 ? n : n - this.before[k] + Math.max(0, this.hidden[k - 1][1] - n);
  }

  *[Symbol.iterator](): Iterator<EventRow> {
    for (let v = 0; v < this.length; v++) yield this.at(v);
  }
}

const itself = (x: number) => x;
const rangeFrom = (range: readonly [number, number]) => range[0];

function sliceOf(list: EventRowList, start: number, end: number): EventRow[] {
  const out: EventRow[] = [];
  for (let r = Math.max(0, start); r < Math.min(end, list.length); r++) out.push(list.at(r));
  return out;
}

/** The rows with collapsed groups' children (the rows after the group that are deeper than it) left out. */
export function withCollapsed(rows: EventRows, collapsed: Iterable<string>): EventRowList {
  const groups: number[] = [];
  for (const key of collapsed) {
    const r = rows.rowOfGroup(key);
    if (r >= 0) groups.push(r);
  }
  groups.sort((a, b) => a - b);
  const hidden: [number, number][] = [];
  let shownFrom = 0;
  for (const g of groups) {
    // a collapsed group inside a hidden one is hidden itself and hides nothing more
    if (g < shownFrom) continue;
    const depth = rows.depthAt(g);
    let to = g + 1;
    while (to < rows.length && rows.depthAt(to) > depth) to++;
    if (to > g + 1) hidden.push([g + 1, to]);
    shownFrom = to;
  }
  return new VisibleRows(rows, hidden);
}
