// `npm run bench -- lesson21` (issue 16): lesson 21's frame player with its debugger panels open (fences, events,
// log, heap, states), in headless Chromium on the production build (SwiftShader). The figure is canvas draws per
// second while the player plays: the lesson canvas's data-frames counter, which moves once per frame drawn (and
// the player waits for each draw before it moves the cursor, so panels that render slowly slow it down).
// Three runs, each in a fresh browser context (cold page, same GPU process); the median is the figure.
import type { Browser } from '@playwright/test';
import { CPUS, loadAvg, median, stealMeter, withServedBrowser } from './bench-browser';

const RUNS = 3;
const VIEWPORT = { width: 1280, height: 900 };
export const LESSON21_PATH = '/lessons/21-frame-ring?panels=fences,events,log,heap,states';

export interface FpsRun {
  fps: number;
  frames: number;
  ms: number;
}

// Counts canvas draws while the player plays: skips the first frames (the draw after pressing play), then measures
// up to 5 s or until the last frame.
export const FPS_PROBE = `(async () => {
  const canvas = document.querySelector('[data-testid="lesson-canvas"]');
  const player = document.querySelector('[data-testid="frame-player"]');
  const drawn = () => Number(canvas.getAttribute('data-frames'));
  const frame = () => Number(player.getAttribute('data-frame'));
  const next = () => new Promise((r) => requestAnimationFrame(r));
  while (frame() < 3) await next();
  const t0 = performance.now();
  const d0 = drawn();
  let t1 = t0;
  let d1 = d0;
  while (performance.now() - t0 < 5000 && player.getAttribute('data-playing') === 'true') {
    await next();
    if (drawn() !== d1) {
      d1 = drawn();
      t1 = performance.now();
    }
  }
  const ms = t1 - t0;
  return { fps: ((d1 - d0) * 1000) / Math.max(1, ms), frames: d1 - d0, ms };
})()`;

/**
 * One run in a fresh context: load the lesson with its panels, wait for its check, replay it and count draws.
 * `inSight`: the page scrolled to the panels first (the canvas then out of sight): at the default scroll the panels
 * sit below the fold, and panels out of sight follow a playing cursor at a walk (src/ui/panels/PanelSlot.tsx).
 */
export async function lesson21Fps(browser: Browser, origin: string, inSight = false): Promise<FpsRun> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    await page.goto(`${origin}${LESSON21_PATH}`);
    await page.locator('[data-testid="lesson-check"][data-status="pass"]').waitFor({ timeout: 60_000 });
    // restart the animation from frame 1 with everything loaded, then count canvas draws while it plays
    const play = page.getByTestId('frame-play');
    if ((await page.getByTestId('frame-player').getAttribute('data-playing')) === 'true') await play.click();
    if (inSight) {
      await page.getByTestId('debugger-panels').evaluate((el) => el.scrollIntoView({ block: 'start' }));
      // clicked in the page: Playwright's click would scroll the button back into view
      await play.evaluate((el) => (el as HTMLButtonElement).click());
    } else await play.click();
    // a string, not a function: tsx would wrap the function's inner arrows in a helper the page does not have
    return (await page.evaluate(FPS_PROBE)) as FpsRun;
  } finally {
    await context.close();
  }
}

export async function benchLesson21(print: (line: string) => void): Promise<void> {
  await withServedBrowser(async (browser, origin) => {
    const loadBefore = loadAvg();
    const steal = stealMeter();
    const runs: FpsRun[] = [];
    const seen: FpsRun[] = [];
    for (let k = 0; k < RUNS; k++) {
      runs.push(await lesson21Fps(browser, origin));
      seen.push(await lesson21Fps(browser, origin, true));
    }
    print(`lesson21.load_avg: ${loadBefore} (1/5/15 min, ${CPUS} cores) before, ${loadAvg()} after`);
    print(`lesson21.cpu_steal_pct: ${steal()} % (CPU time the host gave other guests during the runs)`);
    const each = runs.map((r) => `${r.fps.toFixed(1)} (${r.frames} in ${r.ms.toFixed(0)} ms)`).join(', ');
    print(
      `lesson21.fps: ${median(runs.map((r) => r.fps)).toFixed(1)} frames/s (median of ${RUNS}: ${each}; panels open)`,
    );
    const eachSeen = seen.map((r) => `${r.fps.toFixed(1)} (${r.frames} in ${r.ms.toFixed(0)} ms)`).join(', ');
    print(
      `lesson21.fps_panels_in_sight: ${median(seen.map((r) => r.fps)).toFixed(1)} frames/s (median of ${RUNS}: ${eachSeen}; page scrolled to the panels)`,
    );
  });
}
