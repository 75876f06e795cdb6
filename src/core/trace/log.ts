// The trace log: the append-only list of trace events (events.ts) the model pushes as it runs. The hot recording
// path only appends small plain objects; everything that reads the trace (state as of a call, the panels, the
// lesson checks, the Perfetto export) goes through the index and its queries (traceIndex.ts, queries.ts).

import type { TraceEvent } from './events';

export class Trace {
  readonly events: TraceEvent[] = [];
  /** Turn off to measure the model without its trace (never in the product). */
  enabled = true;

  push(e: TraceEvent): void {
    if (this.enabled) this.events.push(e);
  }

  get length(): number {
    return this.events.length;
  }
}
