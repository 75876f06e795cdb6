// @vitest-environment jsdom
// The SVG of a chart laid out at the cursor keeps the element of every mark that did not change (SvgChart's
// useMarkElements), and must still show every change: a moved cursor, a grown segment, a new tooltip, a selection.

import { describe, expect, it } from 'vitest';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { indexTrace } from '../../../core';
import { smallTrace } from '../traces';
import { layoutStateHistory } from '../layout/stateHistory';
import type { Chart, Selection } from '../layout/shapes';
import { markKeys, SvgChart } from './SvgChart';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const { trace, ids } = smallTrace();
const ix = indexTrace(trace);
const chartAt = (at: number, selection: Selection | null = null): Chart =>
  layoutStateHistory(ix, at, { width: 800, mode: 'call', domain: null, selection, expanded: new Set() }).chart;

/** Every mark element's attributes and tooltip, in order: what a test or a screen reader can read. */
function dump(svg: SVGSVGElement): string[] {
  return [...svg.children].map((el) => {
    const attrs = [...el.attributes].map((a) => `${a.name}=${a.value}`).join(' ');
    const inner = [...el.querySelectorAll('*')].map((c) =>
      [...c.attributes].map((a) => `${a.name}=${a.value}`).join(' '),
    );
    return `${el.tagName} ${attrs} | ${inner.join(' / ')} | ${el.querySelector('title')?.textContent ?? ''}`;
  });
}

describe('SvgChart at successive cursors', () => {
  it('shows exactly what a fresh render shows at each step, selection included', () => {
    const host = document.createElement('div');
    document.body.appendChild(host);
    const root = createRoot(host);
    // one handler for the chart's life, as the panels pass (a new one makes every mark render again)
    const onPick = () => {};
    const show = (chart: Chart, selection: Selection | null) =>
      act(() => root.render(<SvgChart chart={chart} id="states" selection={selection} onPick={onPick} overCanvas />));
    const fresh = (chart: Chart, selection: Selection | null) => {
      const h = document.createElement('div');
      const r = createRoot(h);
      act(() => r.render(<SvgChart chart={chart} id="states" selection={selection} onPick={onPick} overCanvas />));
      const out = dump(h.querySelector('svg')!);
      act(() => r.unmount());
      return out;
    };
    const steps = [Math.floor(ix.maxCall / 3), Math.floor(ix.maxCall / 2), ix.maxCall];
    const sel: Selection = { kind: 'resource', id: ids.texture };
    show(chartAt(steps[0]), null);
    const svg = host.querySelector('svg')!;
    for (const [n, at] of steps.slice(1).entries()) {
      const selection = n === 1 ? sel : null;
      const chart = chartAt(at, selection);
      show(chart, selection);
      // the same DOM as a chart rendered from scratch at this cursor (nothing stale: cursor, segments, tooltips)
      expect(dump(svg)).toEqual(fresh(chart, selection));
    }
    // the cursor line moved
    expect(svg.querySelector('[data-cursor]')?.getAttribute('data-cursor')).toBe(String(ix.maxCall));
    // the selection reaches marks rendered before it was made
    expect(svg.querySelectorAll(`[data-resource="${ids.texture}"][data-selected=true]`).length).toBeGreaterThan(0);
    act(() => root.unmount());
    host.remove();
  });

  it('gives marks of different kinds, lanes or calls different keys, and a moving cursor line one key', () => {
    const a = markKeys(chartAt(Math.floor(ix.maxCall / 2)).marks);
    const b = markKeys(chartAt(ix.maxCall).marks);
    expect(new Set(a).size).toBe(a.length);
    expect(new Set(b).size).toBe(b.length);
    const cursorKey = (keys: string[]) => keys.find((k) => k.startsWith('line|cursor|'));
    expect(cursorKey(a)).toBeDefined();
    expect(cursorKey(a)).toBe(cursorKey(b));
  });
});
