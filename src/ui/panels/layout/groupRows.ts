// The event list's group rows that open and close as eventList.ts walks the calls: a command list's recording and a
// BeginEvent/EndEvent region. A trace of a million events has tens of thousands of them: their keys and a region's
// name are made when shown, a recording's label once per list.

import { objectLabel, upperBoundI, type CallEv, type TraceIndex } from '../../../core';
import type { EventRow } from './eventList';

/** A group that opens and closes as the calls are walked: its `end` is set when it closes. */
export type OpenGroup = EventRow & { end: number };

/** A command list's recording, from its first call to its Close (or the next call elsewhere). */
export class ListRow implements EventRow {
  readonly kind = 'list';
  constructor(
    public depth: number,
    public readonly i: number,
    public end: number,
    public readonly self: number,
    public readonly label: string,
  ) {}
  get key(): string {
    return `list:${this.i}`;
  }
}

/** A BeginEvent/EndEvent region; named when shown: by the BeginEvent's marker event, else by its argument. */
export class MarkerRow implements EventRow {
  readonly kind = 'marker';
  end: number;
  constructor(
    public depth: number,
    private readonly call: CallEv,
    private readonly ix: TraceIndex,
    private readonly markerCount: number,
  ) {
    this.end = call.i;
  }
  get i(): number {
    return this.call.i;
  }
  get label(): string {
    const args = this.call.args as { Data?: string; Name?: string } | null;
    return markerName(this.ix, this.markerCount, this.call.i) ?? String(args?.Data ?? args?.Name ?? 'event');
  }
  get key(): string {
    return `marker:${this.call.i}`;
  }
}

/**
 * The name of the marker event of BeginEvent call `i`, among the first `count` markers indexed (those indexed when
 * the rows were made). Markers are in call order: each is traced by its own call.
 */
function markerName(ix: TraceIndex, count: number, i: number): string | undefined {
  for (let k = Math.min(upperBoundI(ix.markers, i), count) - 1; k >= 0 && ix.markers[k].i === i; k--)
    if (ix.markers[k].kind === 'begin') return ix.markers[k].name;
  return undefined;
}

/** A list recording's label, made once per list (a trace records thousands of recordings on a few lists). */
export function listLabels(ix: TraceIndex): (list: number) => string {
  const labels = new Map<number, string>();
  return (list) => {
    let label = labels.get(list);
    if (label === undefined) labels.set(list, (label = `${objectLabel(ix, list)} recording`));
    return label;
  };
}
