// @vitest-environment jsdom
// ChartView's exact mode (lesson-sized traces): the picture is a canvas, and above it lies the SVG of the same marks,
// transparent, which pointers, tooltips, assistive technology and tests use. The SVG keeps every mark with its
// data-* attributes and tooltip, and leaves out what only the picture needs (pattern fills, clipped labels).

import { describe, expect, it } from 'vitest';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { indexTrace } from '../../../core';
import { smallTrace } from '../traces';
import { layoutStateHistory } from '../layout/stateHistory';
import { ChartView } from './ChartView';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('exact mode: SVG over a canvas', () => {
  it('draws the picture on a canvas and keeps every mark as a transparent SVG element above it', () => {
    const { trace, ids } = smallTrace();
    const ix = indexTrace(trace);
    const s = layoutStateHistory(ix, ix.maxCall, {
      width: 800,
      mode: 'call',
      domain: null,
      selection: { kind: 'resource', id: ids.texture },
      expanded: new Set(),
    });
    const host = document.createElement('div');
    document.body.appendChild(host);
    const root = createRoot(host);
    act(() =>
      root.render(
        <ChartView
          id="states"
          title="Resource states"
          chart={s.chart}
          axis={s.axis}
          domain={null}
          onDomain={() => {}}
          selection={{ kind: 'resource', id: ids.texture }}
          onPick={() => {}}
        />,
      ),
    );
    const paint = host.querySelector('[data-testid=states-paint]')!;
    const svg = host.querySelector('[data-testid=states-chart]') as SVGSVGElement;
    // the canvas comes first (below), hidden from assistive technology; the SVG above it is the labelled chart
    expect(paint.tagName).toBe('CANVAS');
    expect(paint.getAttribute('aria-hidden')).toBe('true');
    expect(paint.nextElementSibling).toBe(svg);
    expect(svg.getAttribute('data-renderer')).toBe('svg');
    expect(svg.getAttribute('aria-label')).toBeTruthy();
    expect(svg.style.opacity).toBe('0');
    expect(svg.style.position).toBe('absolute');
    // every mark is still an element: the selected texture's segments, barriers with their tooltips
    expect(svg.querySelectorAll(`[data-resource="${ids.texture}"][data-selected=true]`).length).toBeGreaterThan(0);
    expect(svg.querySelectorAll('[data-barrier="transition"]').length).toBe(2);
    expect(svg.querySelector('[data-barrier="transition"] title')?.textContent).toBeTruthy();
    const patterned = s.chart.marks.filter((m) => m.t === 'rect' && m.pattern && m.pattern !== 'none').length;
    expect(patterned).toBeGreaterThan(0);
    // ...without the picture's pattern fills and clipped labels
    expect(svg.querySelector('pattern, clipPath, .mark-label')).toBeNull();
    expect(svg.querySelector('[fill^="url("]')).toBeNull();
    act(() => root.unmount());
    host.remove();
  });
});
