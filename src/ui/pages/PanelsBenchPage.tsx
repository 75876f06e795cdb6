// /bench/panels: the debugger panels over a trace the model produced (src/ui/panels/traces.ts), for the benchmark
// and the panels' e2e tests.
//   ?events=100000   a trace of that many events (frames of copies, draws, transients, fences on the model)
//   ?events=small    (default) the lesson-sized story
//   ?events=queries  timestamp, occlusion and pipeline-statistics queries and a bundle (e2e/panels-queries.spec.ts)
//   ?panels=heap,states,fences,log,descriptors,events   which panels start open
//   ?lang=zh|en
// window.__panelsBench.scrub(steps) moves the cursor once per animation frame, sweeping the whole trace
// (0 -> last call -> 0 in uneven steps); zoom(steps) zooms each open timeline in turn. Each frame's cost is
// timed with performance.now() from the state change to the end of React's commit (canvas draws included,
// they run in layout effects) plus the style recalculation and layout the commit caused, forced before the
// clock stops. The interval between animation frames is also recorded: it includes painting, and rises
// above ~16.7 ms when frames are dropped.

import { useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { DebuggerPanels, type Selection } from '../panels/DebuggerPanels';
import { parsePanels } from '../lesson/instructor/share';
import { smallTrace, frameLoopTrace, queriesTrace } from '../panels/traces';
import { benchHooks } from '../panels/benchHooks';

export interface BenchRun {
  /** work per frame: commit + canvas draws + forced style/layout */
  msPerFrame: number[];
  /** requestAnimationFrame timestamp deltas between consecutive measured frames */
  frameIntervalMs: number[];
  /** what each frame did (cursor position, or chart id and zoom factor) */
  steps: string[];
  heapMB: number;
}

export interface PanelsBenchApi {
  events: number;
  maxCall: number;
  /** ms from the panels' mount (the trace built) to the first animation frame, style and layout forced */
  renderMs: number;
  /**
   * ms from the panels' mount to the first animation frame after every open panel has rendered: over a dense
   * trace the panels out of sight render after the first paint (PanelSlot.tsx); otherwise the same as renderMs
   */
  renderAllMs: number;
  /** ms the model took to produce the trace (before the panels' first render) */
  buildMs: number;
  /** the panels rendered at the first paint (over a dense trace: those in view, PanelSlot.tsx) */
  firstPaint: string[];
  scrub(steps: number): Promise<BenchRun>;
  zoom(steps: number): Promise<BenchRun>;
  setCursor(n: number): void;
}

declare global {
  interface Window {
    __panelsBench?: PanelsBenchApi;
  }
}

const nextFrame = () => new Promise<number>((r) => requestAnimationFrame((t) => r(t)));

function heapMB(): number {
  const m = (performance as Performance & { memory?: { usedJSHeapSize: number } }).memory;
  return m ? m.usedJSHeapSize / (1024 * 1024) : NaN;
}

/**
 * Cursor of frame k of n: a sweep 0 -> max -> 0 over the n frames (call 0, the last call and 0 again are
 * frames 0, ⌊(n-1)/2⌋ and n-1), each other step jittered by up to ±40% so no two frames move alike.
 */
export function sweepCursor(k: number, n: number, max: number): number {
  const peak = Math.max(1, Math.floor((n - 1) / 2));
  const tri = k <= peak ? k / peak : 1 - (k - peak) / Math.max(1, n - 1 - peak);
  if (k === 0 || k === peak || k === n - 1) return Math.round(max * Math.max(0, tri));
  const jitter = ((((k * 2654435761) % 1000) / 1000 - 0.5) * 0.8) / peak;
  return Math.max(0, Math.min(max, Math.round(max * (tri + jitter))));
}

export function PanelsBenchPage() {
  const params = new URLSearchParams(window.location.search);
  const eventsParam = params.get('events') ?? 'small';
  const lang = params.get('lang') === 'zh' ? 'zh' : 'en';
  // names from the panel registry, unknown ones dropped (as a lesson link's ?panels=)
  const panels = parsePanels(params.get('panels')) ?? undefined;
  const built = useMemo(() => {
    const t0 = performance.now();
    const trace =
      eventsParam === 'small'
        ? smallTrace().trace
        : eventsParam === 'queries'
          ? queriesTrace().trace
          : frameLoopTrace(Math.max(10, Number(eventsParam) || 1000));
    return { trace, buildMs: performance.now() - t0 };
  }, [eventsParam]);
  const maxCall = useMemo(() => built.trace.events.reduce((m, e) => Math.max(m, e.i), 0), [built]);
  const [cursor, setCursor] = useState(maxCall);
  const [selection, setSelection] = useState<Selection | null>(null);
  const [breaks, setBreaks] = useState<number[]>([]);
  const mountStart = useRef(0);
  if (mountStart.current === 0) {
    mountStart.current = performance.now();
    performance.mark('panels-bench:mount'); // user timing marks frame the first render in a devtools trace
  }

  // first render: until the first animation frame after mount, with the style and layout it leaves forced, so
  // every synchronous render before the first paint counts (the panels' re-render at their measured width too)
  const [renderMs, setRenderMs] = useState<number | null>(null);
  const firstPaint = useRef<string[]>([]);
  useEffect(() => {
    const id = requestAnimationFrame(() => {
      void document.body.offsetHeight;
      performance.mark('panels-bench:rendered');
      setRenderMs(performance.now() - mountStart.current);
      firstPaint.current = [...document.querySelectorAll<HTMLElement>('.panel-slot')]
        .filter((el) => !el.querySelector('[data-panel-pending]'))
        .map((el) => el.dataset.panel ?? '');
    });
    return () => cancelAnimationFrame(id);
  }, []);
  // every open panel rendered: the API appears only then, so no timed frame overlaps a panel's first render
  const [renderAllMs, setRenderAllMs] = useState<number | null>(null);
  useEffect(() => {
    if (renderMs === null) return;
    let id = 0;
    const poll = () => {
      if (document.querySelector('[data-panel-pending]')) id = requestAnimationFrame(poll);
      else setRenderAllMs(performance.now() - mountStart.current);
    };
    id = requestAnimationFrame(poll);
    return () => cancelAnimationFrame(id);
  }, [renderMs]);

  useEffect(() => {
    if (renderMs === null || renderAllMs === null) return;
    const measure = async (steps: number, act: (k: number) => string): Promise<BenchRun> => {
      const run: BenchRun = { msPerFrame: [], frameIntervalMs: [], steps: [], heapMB: NaN };
      let prev = NaN;
      for (let k = 0; k < steps; k++) {
        const frame = await nextFrame();
        if (k > 0) run.frameIntervalMs.push(frame - prev);
        prev = frame;
        const t0 = performance.now();
        let what = '';
        flushSync(() => {
          what = act(k);
        });
        // the style and layout work the commit left for the browser, done now so the clock sees it
        void document.body.offsetHeight;
        run.msPerFrame.push(performance.now() - t0);
        run.steps.push(what);
      }
      run.heapMB = heapMB();
      return run;
    };
    window.__panelsBench = {
      events: built.trace.events.length,
      maxCall,
      renderMs,
      renderAllMs,
      buildMs: built.buildMs,
      firstPaint: firstPaint.current,
      setCursor: (n) => flushSync(() => setCursor(n)),
      scrub: (steps) =>
        measure(steps, (k) => {
          const c = sweepCursor(k, steps, maxCall);
          setCursor(c);
          return String(c);
        }),
      // every open timeline in turn, each zooming in 8 times then out 8 times (by 1.4)
      zoom: (steps) =>
        measure(steps, (k) => {
          const charts = [...benchHooks.zoomBy.keys()].sort();
          if (!charts.length) return 'none';
          const id = charts[k % charts.length];
          const round = Math.floor(k / charts.length);
          const factor = round % 16 < 8 ? 1.4 : 1 / 1.4;
          benchHooks.zoomBy.get(id)!(factor);
          return `${id} ×${factor.toFixed(2)}`;
        }),
    };
    return () => {
      delete window.__panelsBench;
    };
  }, [built, maxCall, renderMs, renderAllMs]);

  return (
    <main id="main" className="panels-bench" style={{ padding: 12 }}>
      <h1 style={{ fontSize: 18 }}>Debugger panels bench</h1>
      <p data-testid="bench-info" data-events={built.trace.events.length} data-max-call={maxCall}>
        {built.trace.events.length} events, {maxCall + 1} calls (built in {built.buildMs.toFixed(0)} ms) · selection:{' '}
        <span data-testid="bench-selection">{selection ? `${selection.kind} ${selection.id}` : 'none'}</span> · breaks:{' '}
        <span data-testid="bench-breaks">{breaks.join(',')}</span>
      </p>
      <DebuggerPanels
        trace={built.trace}
        cursor={cursor}
        onCursor={setCursor}
        selection={selection}
        onSelect={setSelection}
        lang={lang}
        onBreak={(i) => setBreaks((b) => [...b, i])}
        initialPanels={panels}
      />
    </main>
  );
}
