// `npm run bench` (panels part): the debugger panels over a 100,000-event trace in headless Chromium. Builds
// dist/ when it is older than src/, serves it with `vite preview` on a free port, opens /bench/panels, and
// times redraws with the page's own performance.now() while a script scrubs the cursor across the whole trace
// (0 -> last call -> 0, one move per animation frame) and zooms each timeline in turn (see
// src/ui/pages/PanelsBenchPage.tsx). A frame's time is the React commit, canvas draws and the style/layout
// they cause. Warm-up: 5 frames of each, not counted. Targets: < 16 ms per frame, < 200 MB.
// Then the same over 1,000,000 events with every panel open (`panels.1m.*`, issue 16): first render <= 1 s, scrub
// and zoom p95 <= 16 ms per panel, heap <= 300 MB (the live heap after a full GC, with every panel still open).
// The machine is shared: the load average is printed with the figures.

import type { Browser } from '@playwright/test';
import { CPUS, loadAvg, p95, quantile, stealMeter, withServedBrowser } from './bench-browser';

const FRAMES = 120;

async function benchOne(
  browser: Browser,
  origin: string,
  events: number,
  panels: string,
  prefix: string,
  print: (line: string) => void,
): Promise<void> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  try {
    const steal = stealMeter(); // from the first render on
    await page.goto(`${origin}/bench/panels?events=${events}&panels=${panels}`);
    await page.waitForFunction(() => !!window.__panelsBench, null, { timeout: 300_000 });
    const loadBefore = loadAvg();
    const r = await page.evaluate(async (frames) => {
      const b = window.__panelsBench!;
      await b.scrub(5); // warm-up: JIT and the first draw of each cursor layer, not counted
      const scrub = await b.scrub(frames);
      await b.zoom(5);
      const zoom = await b.zoom(frames);
      return {
        events: b.events,
        maxCall: b.maxCall,
        renderMs: b.renderMs,
        renderAllMs: b.renderAllMs,
        buildMs: b.buildMs,
        scrub,
        zoom,
        heapMB: Math.max(scrub.heapMB, zoom.heapMB),
      };
    }, FRAMES);
    const cursors = r.scrub.steps.map(Number);
    const charts = [...new Set(r.zoom.steps.map((s) => s.split(' ')[0]))];
    const fmt = (v: number) => v.toFixed(1);
    print(`${prefix}.load_avg: ${loadBefore} (1/5/15 min, ${CPUS} cores) before, ${loadAvg()} after`);
    print(`${prefix}.cpu_steal_pct: ${steal()} % (CPU time the host gave other guests, first render to last frame)`);
    print(`${prefix}.events: ${r.events} events (panels: ${panels}; trace built by the model in ${fmt(r.buildMs)} ms)`);
    print(`${prefix}.${events >= 1e6 ? 'render' : 'render100k'}.ms: ${fmt(r.renderMs)} ms`);
    // the panels out of sight render right after the first paint (src/ui/panels/PanelSlot.tsx): when all are done
    print(`${prefix}.${events >= 1e6 ? 'render' : 'render100k'}_all.ms: ${fmt(r.renderAllMs)} ms (every open panel)`);
    print(
      `${prefix}.scrub.frames: ${cursors.length} frames over calls ${Math.min(...cursors)}..${Math.max(...cursors)} of 0..${r.maxCall}`,
    );
    print(`${prefix}.scrub.median_ms: ${fmt(quantile(r.scrub.msPerFrame, 0.5))} ms`);
    print(`${prefix}.scrub.p95_ms: ${fmt(p95(r.scrub.msPerFrame))} ms`);
    print(`${prefix}.scrub.max_ms: ${fmt(Math.max(...r.scrub.msPerFrame))} ms`);
    print(`${prefix}.scrub.frame_interval_p95_ms: ${fmt(p95(r.scrub.frameIntervalMs))} ms`);
    print(`${prefix}.zoom.frames: ${r.zoom.steps.length} frames over ${charts.join(', ')}`);
    print(`${prefix}.zoom.median_ms: ${fmt(quantile(r.zoom.msPerFrame, 0.5))} ms`);
    print(`${prefix}.zoom.p95_ms: ${fmt(p95(r.zoom.msPerFrame))} ms`);
    print(`${prefix}.zoom.max_ms: ${fmt(Math.max(...r.zoom.msPerFrame))} ms`);
    for (const c of charts) {
      const mine = r.zoom.msPerFrame.filter((_, k) => r.zoom.steps[k].startsWith(`${c} `));
      print(`${prefix}.zoom.${c}.p95_ms: ${fmt(p95(mine))} ms`);
    }
    print(`${prefix}.zoom.frame_interval_p95_ms: ${fmt(p95(r.zoom.frameIntervalMs))} ms`);
    // What the page holds with the trace and every panel open: the JavaScript heap after a full collection (the
    // figure the goal names). A reading without one (usedJSHeapSize right after the frames) counts whatever garbage
    // the last frames left and swung 200-675 MB between runs of one build; it is printed beside, for scale.
    const cdp = await page.context().newCDPSession(page);
    for (let i = 0; i < 2; i++) await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    await cdp.detach();
    print(`${prefix}.heap_mb: ${fmt(usedSize / (1024 * 1024))} MB (live, after a full GC)`);
    print(`${prefix}.heap_uncollected_mb: ${Number.isFinite(r.heapMB) ? fmt(r.heapMB) : 'n/a'} MB (no GC first)`);
  } finally {
    await page.close();
  }
}

export async function benchPanels(print: (line: string) => void): Promise<void> {
  await withServedBrowser(async (browser, origin) => {
    await benchOne(browser, origin, 100_000, 'heap,states,fences,log', 'panels', print);
    await benchOne(browser, origin, 1_000_000, 'heap,states,fences,log,descriptors,events', 'panels.1m', print);
  });
}
