// A call's row in the event list (eventList.ts) and a bundle's call under ExecuteBundle (bundleRows.ts): both read
// everything but their depth from the call when shown.
import type { CallEv } from '../../../core';
import { argName } from './argNames';
import type { EventRow } from './eventList';

/**
 * A call's row: the call and its depth, everything else read from the call when shown. A million-event trace
 * has half a million call rows; holding each one's strings (label, key, argument summary) cost ~90 MB and a
 * second of first render, and the panel shows 60 of them (issue 16). Only the rows read are made (eventRowList.ts).
 */
export class CallRow implements EventRow {
  constructor(
    public depth: number,
    protected readonly call: CallEv,
  ) {}
  get kind(): 'call' {
    return 'call';
  }
  get i(): number {
    return this.call.i;
  }
  get end(): number {
    return this.call.i;
  }
  get label(): string {
    return this.call.api;
  }
  get api(): string {
    return this.call.api;
  }
  get self(): number {
    return this.call.self;
  }
  get hr(): string | null {
    return this.call.hr;
  }
  /** made when the row is shown (the summary walks the arguments) */
  get args(): string {
    return summarizeArgs(this.call);
  }
  get key(): string {
    return `call:${this.call.i}`;
  }
}

/** Short, cycle-safe text of a call's arguments (model objects print as `Type #id`). */
export function summarizeArgs(call: CallEv, max = 96): string {
  const seen = new Set<unknown>();
  const method = call.api.slice(call.api.lastIndexOf('::') + 2);
  // enum-typed fields print by name; `field` and `parent` say which enum
  const walk = (v: unknown, depth: number, field = '', parent = ''): string => {
    if (v === null || v === undefined) return String(v);
    if (typeof v === 'number') return argName(field, v, method, parent) ?? String(v);
    if (typeof v === 'bigint') return `${v}`;
    if (typeof v !== 'object') return typeof v === 'string' ? v : String(v);
    if (seen.has(v) || depth > 2) return '…';
    seen.add(v);
    const o = v as Record<string, unknown>;
    if (typeof o.id === 'number' && typeof o.iface === 'string') return `${o.iface} #${o.id}`;
    if (Array.isArray(v))
      return `[${v
        .slice(0, 4)
        .map((x) => walk(x, depth + 1, field, parent))
        .join(', ')}${v.length > 4 ? ', …' : ''}]`;
    return `{${Object.entries(o)
      .slice(0, 6)
      .map(([k, x]) => `${k}: ${walk(x, depth + 1, k, field)}`)
      .join(', ')}}`;
  };
  const s = call.args === null || call.args === undefined ? '' : walk(call.args, 0);
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}
