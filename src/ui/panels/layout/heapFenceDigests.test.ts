// The heap timeline and fences & queues layouts, pinned: every mark (position, size, style, data, tooltip text),
// band, table row, overlay and readout they produce over the lesson traces and a dense frame loop, at several
// cursors, zooms, x modes and selections, reduced to a count and a hash per case and compared with
// __snapshots__/heapFenceDigests.test.ts.snap. Written from the layouts before their 1M-event speed-up (issue 16):
// a faster layout must draw exactly what the slower one drew, merges of dense runs included.

import { describe, expect, it } from 'vitest';
import { frameLoopTrace, queriesTrace, smallTrace } from '../traces';
import { indexTrace, type TraceIndex } from '../../../core';
import { heapRows, layoutHeapTimeline } from './heapTimeline';
import { fenceRowsAt, layoutFenceQueue, timedOutWaitsAt } from './fenceQueue';
import type { Mark, Selection } from './shapes';
import type { XMode } from './timeAxis';

/** Marks as text: tooltips read (they are functions in dense views), bigints as decimal. */
function text(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) =>
    typeof x === 'function' ? `fn:${String((x as () => unknown)())}` : typeof x === 'bigint' ? `${x}n` : x,
  );
}

/** cyrb53: a 53-bit string hash (enough to tell two layouts apart; no dependency) */
function hash(s: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16);
}

/** What a case produced: how many marks (readable in a diff) and a hash of all of it. */
function digest(marks: Mark[], rest: unknown): string {
  return `${marks.length} marks, ${hash(text(marks) + text(rest))}`;
}

const traces: [string, () => TraceIndex][] = [
  ['small', () => indexTrace(smallTrace().trace)],
  ['queries', () => indexTrace(queriesTrace().trace)],
  // dense enough that most bars, aliased regions, waits and GPU intervals merge into runs
  ['frameLoop30k', () => indexTrace(frameLoopTrace(30_000))],
];

describe.each(traces)('%s trace', (_name, make) => {
  const ix = make();
  const end = ix.maxCall;
  const cursors = [end, Math.floor(end / 2), Math.floor(end / 7)];
  const callZoom: [number, number] = [Math.floor(end * 0.4), Math.floor(end * 0.45)];
  const timeZoom: [number, number] = [ix.maxTime * 0.3, ix.maxTime * 0.32];
  // a resource with mapped intervals and aliases if there is one, a call, a fence, a queue
  const resources = [...ix.resources.values()];
  const res = resources.find((r) => r.mapped.length > 0) ?? resources[0];
  const placed = resources.filter((r) => r.placement === 'placed');
  const selections: (Selection | null)[] = [
    null,
    res ? { kind: 'resource', id: res.id } : null,
    placed.length ? { kind: 'resource', id: placed[Math.floor(placed.length / 2)].id } : null,
    ix.gpu.length ? { kind: 'call', id: ix.gpu[Math.floor(ix.gpu.length / 2)].submitCall } : null,
    ix.fences.size ? { kind: 'fence', id: [...ix.fences.keys()][0] } : null,
    ix.queues.size ? { kind: 'queue', id: [...ix.queues][0] } : null,
  ];

  it('heap timeline', () => {
    const out: Record<string, unknown> = {};
    for (const mode of ['call', 'time'] as XMode[])
      for (const domain of [null, mode === 'call' ? callZoom : timeZoom])
        for (const cursor of cursors)
          for (const split of [false, true])
            for (const selection of selections) {
              // every selection at the end of the unzoomed trace, none elsewhere (keeps the cases few)
              if (selection !== null && (domain !== null || cursor !== end)) continue;
              const h = layoutHeapTimeline(ix, cursor, {
                width: 1000,
                mode,
                domain,
                selection,
                withRows: !split,
                split,
              });
              const overlays = split ? cursors.map((c) => h.overlay(c)) : [];
              out[`${mode} ${domain ? 'zoomed' : 'all'} @${cursor} ${split ? 'split' : 'exact'} ${text(selection)}`] =
                digest(h.chart.marks, [h.chart.label, h.chart.height, h.bands, h.rows, overlays]);
            }
    out.rows = cursors.map((c) => hash(text(heapRows(ix, c))));
    expect(out).toMatchSnapshot();
  });

  it('fences and queues', () => {
    const out: Record<string, unknown> = {};
    for (const domain of [null, timeZoom])
      for (const cursor of cursors)
        for (const split of [false, true])
          for (const selection of selections) {
            if (selection !== null && (domain !== null || cursor !== end)) continue;
            const f = layoutFenceQueue(ix, cursor, { width: 1000, domain, selection, withRows: !split, split });
            const overlays = split ? cursors.map((c) => f.overlay(c)) : [];
            out[`${domain ? 'zoomed' : 'all'} @${cursor} ${split ? 'split' : 'exact'} ${text(selection)}`] = digest(
              f.chart.marks,
              [f.chart.label, f.chart.height, f.fences, f.queues, f.waits, overlays],
            );
          }
    out.readouts = cursors.map((c) => hash(text([fenceRowsAt(ix, c), timedOutWaitsAt(ix, c)])));
    expect(out).toMatchSnapshot();
  });
});
