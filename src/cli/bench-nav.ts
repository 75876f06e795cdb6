// `npm run bench` (nav part), headless Chromium on the production build (issue 16):
// - nav.lesson10_over_raw_webgpu: navigation -> verified frame of lesson 10 (its check passed: the model ran, the
//   frame was drawn on WebGPU and read back) over the same for a plain WebGPU hello-triangle page (adapter, device,
//   pipeline, one draw, readback: ANCHOR below, served by this bench on the same origin). Loads alternate, each in a
//   fresh browser context (cold HTTP cache, as a first visit); one uncounted pair warms the GPU process; medians of
//   LOADS each. Times are the page's own performance.now() (0 = navigation start) when the frame is verified: when a
//   passed check shows, the boot view's (src/ui/boot.ts: the graded frame and its verdict, before the app's UI loads)
//   or the lesson page's. nav.lesson10_page_ms, beside it, is when the lesson page itself shows its passed check.
// - bundle.lesson10_visit_kb_gzip: the JavaScript files the lesson-10 visit fetched before its check passed (gzip -9
//   of the built files), beside bundle.initial_kb_gzip (what the entry imports statically).
// (lesson21.fps, the frame player with its debugger panels open, is its own suite: bench-lesson21.ts.)
import type { Browser, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { CPUS, ROOT, loadAvg, median, stealMeter, withServedBrowser } from './bench-browser';

const LOADS = 7;
const VIEWPORT = { width: 1280, height: 900 };

// The anchor: the least a page can do to show a verified WebGPU frame. Same canvas size as a lesson's (256).
const ANCHOR = `<!doctype html><meta charset="utf-8"><title>anchor</title><canvas id="c" width="256" height="256"></canvas>
<script type="module">
const adapter = await navigator.gpu.requestAdapter();
const device = await adapter.requestDevice();
const format = navigator.gpu.getPreferredCanvasFormat();
const ctx = document.getElementById('c').getContext('webgpu');
ctx.configure({ device, format, usage: GPUTextureUsage.RENDER_ATTACHMENT | GPUTextureUsage.COPY_SRC, alphaMode: 'opaque' });
const module = device.createShaderModule({ code: \`
@vertex fn vs(@builtin(vertex_index) i: u32) -> @builtin(position) vec4f {
  var p = array<vec2f, 3>(vec2f(0.0, 0.5), vec2f(-0.5, -0.5), vec2f(0.5, -0.5));
  return vec4f(p[i], 0.0, 1.0);
}
@fragment fn fs() -> @location(0) vec4f { return vec4f(1.0, 0.0, 0.0, 1.0); }\` });
const pipeline = device.createRenderPipeline({ layout: 'auto', vertex: { module, entryPoint: 'vs' },
  fragment: { module, entryPoint: 'fs', targets: [{ format }] } });
const tex = ctx.getCurrentTexture();
const buf = device.createBuffer({ size: 256, usage: GPUBufferUsage.COPY_DST | GPUBufferUsage.MAP_READ });
const enc = device.createCommandEncoder();
const pass = enc.beginRenderPass({ colorAttachments: [{ view: tex.createView(), loadOp: 'clear', storeOp: 'store', clearValue: { r: 0, g: 0, b: 0, a: 1 } }] });
pass.setPipeline(pipeline);
pass.draw(3);
pass.end();
enc.copyTextureToBuffer({ texture: tex, origin: { x: 128, y: 128 } }, { buffer: buf, bytesPerRow: 256 }, { width: 1, height: 1 });
device.queue.submit([enc.finish()]);
await buf.mapAsync(GPUMapMode.READ);
const px = new Uint8Array(buf.getMappedRange());
const red = format === 'bgra8unorm' ? px[2] : px[0];
if (red !== 255) throw new Error('anchor: the triangle is not there');
window.__verifiedAt = performance.now();
</script>`;

// Both pages set window.__verifiedAt once their frame is verified; this makes that assignment resolve a promise, which
// the bench awaits in one evaluation. (Polling with waitForFunction ran Playwright's injected script on the page's
// main thread every 50 ms, and installing it compiled Playwright's own code there: tens of ms of the bench's CPU on
// the lesson page's critical path, idle time on the anchor's.) A string: tsx would wrap a function's inner arrows in
// a helper the page does not have.
const VERIFIED = `(() => {
  let done;
  window.__verified = new Promise((r) => (done = r));
  Object.defineProperty(window, '__verifiedAt', {
    configurable: true,
    set(v) {
      Object.defineProperty(window, '__verifiedAt', { value: v, writable: true, configurable: true });
      done(v);
    },
  });
})();`;

async function verifiedAt(page: Page): Promise<number> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return (await Promise.race([
      page.evaluate('window.__verified'),
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('no verified frame in 60 s')), 60_000))),
    ])) as number;
  } finally {
    clearTimeout(timer);
  }
}

// Before the app's scripts: note on window[key] when an element matching `selector` first shows, without touching
// the app (an init script, given its argument by Playwright).
const WATCH = ({ selector, key }: { selector: string; key: string }) => {
  new MutationObserver((_m, obs) => {
    if (document.querySelector(selector)) {
      (window as unknown as Record<string, number>)[key] = performance.now();
      obs.disconnect();
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-status'] });
};
// A verified frame: a passed check shows, the boot view's (src/ui/boot.ts: the frame the check graded and its
// verdict, before the app loads) or the lesson page's.
const VERIFIED_CHECK = {
  selector: '[data-testid="boot-check"][data-status="pass"], [data-testid="lesson-check"][data-status="pass"]',
  key: '__verifiedAt',
};
// Beside it (not in the ratio): the lesson page itself shows the passed check, its keys, steps and panels live (it
// replaces the boot view).
const PAGE_CHECK = {
  selector: '[data-generation] [data-testid="lesson-check"][data-status="pass"]',
  key: '__pageAt',
};

const gzipKB = (file: string) => gzipSync(readFileSync(join(ROOT, 'dist', file)), { level: 9 }).length / 1024;

async function timeLoad(browser: Browser, url: string, pageAt: number[], jsFiles?: Set<string>): Promise<number> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    await page.addInitScript(VERIFIED);
    await page.addInitScript(WATCH, VERIFIED_CHECK);
    await page.addInitScript(WATCH, PAGE_CHECK);
    await page.goto(url);
    const at = await verifiedAt(page);
    // the scripts the page asked for before its check passed (by the page's own clock: what it asks for afterwards,
    // while this bench notices the check, is the deferred code: panels, editor, prose)
    if (jsFiles)
      // a string, not a function: tsx would wrap the function's inner arrows in a helper the page does not have
      for (const f of (await page.evaluate(
        `performance.getEntriesByType('resource').filter((e) => e.startTime <= ${at}).map((e) => new URL(e.name).pathname)`,
      )) as string[]) {
        const m = /^\/(assets\/[^?]+\.js)$/.exec(f);
        if (m) jsFiles.add(m[1]);
      }
    await page.waitForFunction('window.__pageAt', undefined, { polling: 100, timeout: 60_000 });
    pageAt.push((await page.evaluate('window.__pageAt')) as number);
    return at;
  } finally {
    await context.close();
  }
}

export async function benchNav(print: (line: string) => void): Promise<void> {
  await withServedBrowser(async (browser, origin) => {
    const loadBefore = loadAvg();
    const steal = stealMeter();
    const anchorUrl = `${origin}/__bench/anchor.html`;
    const anchorLoad = async () => {
      const context = await browser.newContext({ viewport: VIEWPORT });
      try {
        const page = await context.newPage();
        await page.addInitScript(VERIFIED);
        await page.route(anchorUrl, (r) => r.fulfill({ contentType: 'text/html', body: ANCHOR }));
        await page.goto(anchorUrl);
        return await verifiedAt(page);
      } finally {
        await context.close();
      }
    };
    const lessonUrl = `${origin}/lessons/10-triangle`;
    await anchorLoad();
    await timeLoad(browser, lessonUrl, []); // warm-up pair, not counted
    const anchor: number[] = [];
    const lesson: number[] = [];
    const lessonPage: number[] = [];
    const files = new Set<string>();
    for (let k = 0; k < LOADS; k++) {
      anchor.push(await anchorLoad());
      lesson.push(await timeLoad(browser, lessonUrl, lessonPage, k === 0 ? files : undefined));
    }
    const a = median(anchor);
    const l = median(lesson);
    const fmt = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(' ');
    print(`nav.load_avg: ${loadBefore} (1/5/15 min, ${CPUS} cores) before, ${loadAvg()} after`);
    print(`nav.cpu_steal_pct: ${steal()} % (CPU time the host gave other guests during the loads)`);
    print(`nav.raw_webgpu_ms: ${a.toFixed(0)} ms (median of ${LOADS}: ${fmt(anchor)})`);
    print(`nav.lesson10_ms: ${l.toFixed(0)} ms (median of ${LOADS}: ${fmt(lesson)})`);
    print(`nav.lesson10_over_raw_webgpu: ${(l / a).toFixed(2)} x`);
    print(
      `nav.lesson10_page_ms: ${median(lessonPage).toFixed(0)} ms (median of ${LOADS}: the lesson page's own check passed, ${fmt(lessonPage)})`,
    );
    const js = [...files].sort();
    print(
      `bundle.lesson10_visit_kb_gzip: ${js.reduce((s, f) => s + gzipKB(f), 0).toFixed(1)} KB (${js.length} files fetched before the check passed)`,
    );
  });
}
