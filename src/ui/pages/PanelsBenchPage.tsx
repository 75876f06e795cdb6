// /bench/panels: the debugger panels over a synthetic trace, for the benchmark and the panels' e2e tests.
//   ?events=100000   a synthetic trace of that many events (frames of copies, draws, transients, fences)
//   ?events=small    (default) the hand-made lesson-sized story from synthetic.ts
//   ?panels=heap,states,fences,log,descriptors,events   which panels start open
//   ?lang=zh|en
// window.__panelsBench.scrub(steps) / zoom(steps) move the cursor / zoom the visible timeline once per
// animation frame and time each redraw (from the state change to the end of React's commit and the canvas
// draw) with performance.now().

import { useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { DebuggerPanels, type PanelKey, type Selection } from '../panels/DebuggerPanels';
import { smallTrace, syntheticTrace } from '../panels/synthetic';
import { benchHooks, onPanelDrawn } from '../panels/benchHooks';

export interface PanelsBenchApi {
  events: number;
  maxCall: number;
  /** ms from page start to the first commit of the panels */
  renderMs: number;
  scrub(steps: number): Promise<{ msPerFrame: number[]; heapMB: number }>;
  zoom(steps: number): Promise<{ msPerFrame: number[]; heapMB: number }>;
  setCursor(n: number): void;
}

declare global {
  interface Window { __panelsBench?: PanelsBenchApi }
}

const nextFrame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));

function heapMB(): number {
  const m = (performance as Performance & { memory?: { usedJSHeapSize: number } }).memory;
  return m ? m.usedJSHeapSize / (1024 * 1024) : NaN;
}

export function PanelsBenchPage() {
  const params = new URLSearchParams(window.location.search);
  const eventsParam = params.get('events') ?? 'small';
  const lang = params.get('lang') === 'zh' ? 'zh' : 'en';
  const panels = (params.get('panels')?.split(',').filter(Boolean) ?? undefined) as PanelKey[] | undefined;
  const built = useMemo(() => {
    const t0 = performance.now();
    const trace = eventsParam === 'small' ? smallTrace().trace : syntheticTrace(Math.max(10, Number(eventsParam) || 1000));
    return { trace, buildMs: performance.now() - t0 };
  }, [eventsParam]);
  const maxCall = useMemo(() => built.trace.events.reduce((m, e) => Math.max(m, e.i), 0), [built]);
  const [cursor, setCursor] = useState(maxCall);
  const [selection, setSelection] = useState<Selection | null>(null);
  const [breaks, setBreaks] = useState<number[]>([]);
  const mountStart = useRef(performance.now());
  const cursorRef = useRef(cursor);
  cursorRef.current = cursor;

  useEffect(() => {
    const renderMs = performance.now() - mountStart.current;
    const measure = async (steps: number, act: (k: number) => void) => {
      const msPerFrame: number[] = [];
      for (let k = 0; k < steps; k++) {
        await nextFrame();
        let drawn = -1;
        const off = onPanelDrawn(() => { drawn = performance.now(); });
        const t0 = performance.now();
        flushSync(() => act(k));
        // DebuggerPanels reports the end of each commit; a zoom that changed nothing reports nothing
        if (drawn < 0) await new Promise((r) => setTimeout(r, 0));
        off();
        msPerFrame.push((drawn > 0 ? drawn : performance.now()) - t0);
      }
      return { msPerFrame, heapMB: heapMB() };
    };
    window.__panelsBench = {
      events: built.trace.events.length,
      maxCall,
      renderMs,
      setCursor: (n) => flushSync(() => setCursor(n)),
      // walk backwards and forwards through the trace in uneven steps so no two frames are alike
      scrub: (steps) => measure(steps, (k) => setCursor(Math.max(0, Math.min(maxCall, Math.round(maxCall * (0.5 + 0.45 * Math.sin(k * 0.37))))))),
      zoom: (steps) => measure(steps, (k) => benchHooks.zoomBy?.(k % 16 < 8 ? 1.4 : 1 / 1.4)),
    };
    return () => { delete window.__panelsBench; };
  }, [built, maxCall]);

  return (
    <main id="main" className="panels-bench" style={{ padding: 12 }}>
      <h1 style={{ fontSize: 18 }}>Debugger panels bench</h1>
      <p data-testid="bench-info" data-events={built.trace.events.length} data-max-call={maxCall}>
        {built.trace.events.length} events, {maxCall + 1} calls (built in {built.buildMs.toFixed(0)} ms) · selection:{' '}
        <span data-testid="bench-selection">{selection ? `${selection.kind} ${selection.id}` : 'none'}</span>
        {' '}· breaks: <span data-testid="bench-breaks">{breaks.join(',')}</span>
      </p>
      <DebuggerPanels trace={built.trace} cursor={cursor} onCursor={setCursor} selection={selection} onSelect={setSelection}
        lang={lang} onBreak={(i) => setBreaks((b) => [...b, i])} initialPanels={panels} />
    </main>
  );
}
