// Observable Plot-style snapshots: each chart of the lesson-sized trace (a model run, traces.ts) rendered to SVG markup, normalised
// (coordinates rounded to 0.1 px by the renderer, one element per line), compared with a file under
// __snapshots__/. A change in layout shows up as a readable diff of the SVG.

import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { smallTrace } from '../traces';
import { indexTrace } from '../../../core';
import { layoutHeapTimeline } from '../layout/heapTimeline';
import { layoutStateHistory } from '../layout/stateHistory';
import { layoutFenceQueue } from '../layout/fenceQueue';
import type { Chart } from '../layout/shapes';
import { SvgChart } from './SvgChart';

const { trace, ids } = smallTrace();
const ix = indexTrace(trace);
const END = ix.maxCall;

function svg(chart: Chart, id: string): string {
  return renderToStaticMarkup(
    createElement(SvgChart, { chart, id, selection: { kind: 'resource', id: ids.texture } }),
  ).replace(/></g, '>\n<');
}

describe('SVG snapshots', () => {
  it('heap timeline', async () => {
    const h = layoutHeapTimeline(ix, END, {
      width: 800,
      mode: 'call',
      domain: null,
      selection: { kind: 'resource', id: ids.texture },
    });
    await expect(svg(h.chart, 'heap')).toMatchFileSnapshot('__snapshots__/heap-timeline.svg');
  });
  it('resource-state history', async () => {
    const s = layoutStateHistory(ix, END, {
      width: 800,
      mode: 'call',
      domain: null,
      selection: { kind: 'resource', id: ids.texture },
      expanded: new Set([ids.texture]),
    });
    await expect(svg(s.chart, 'states')).toMatchFileSnapshot('__snapshots__/state-history.svg');
  });
  it('fences and queues', async () => {
    const f = layoutFenceQueue(ix, END, { width: 800, domain: null, selection: null });
    await expect(svg(f.chart, 'fences')).toMatchFileSnapshot('__snapshots__/fences-queues.svg');
  });
  it('a zoomed heap timeline keeps marks inside the plot and marks the selection', () => {
    const at = ix.resources.get(ids.aliasB)!.created;
    const h = layoutHeapTimeline(ix, END, {
      width: 800,
      mode: 'call',
      domain: [at - 5, at + 5],
      selection: { kind: 'resource', id: ids.aliasB },
    });
    const [r0, r1] = h.axis.scale.range();
    for (const m of h.chart.marks)
      if (m.t === 'rect' && m.data?.resource !== undefined)
        expect(m.x >= r0 - 0.01 && m.x + m.w <= r1 + 1.01).toBe(true);
    const out = svg(h.chart, 'z');
    expect(out).toContain(`data-resource="${ids.aliasB}"`);
  });
});
