// The lesson session: which lesson runs with which bugs and debug-layer switch, the model run it produced,
// the step cursor (a trace call index, shared by the code view, canvas and panels), and the check report.
// A framework-free zustand store: the page drives it, React reads it with selectors.
import { createStore } from 'zustand/vanilla';
import type { CheckReport, LessonDef, LessonEnv, LessonRun } from '../lessons/types';
import { mapCallsToLines } from '../lessons/callsite';
import { shownSource } from '../lessons/shown';
import type { PanelName } from '../lessons/panels';

export interface CanvasInfo {
  /** WebGPU validation / OOM errors captured with error scopes while drawing. */
  gpuErrors: string[];
  /** Simulated hazards the model decided and the executor drew. */
  hazards: { kind: string; callIndex: number; detail: Record<string, unknown> }[];
  /** Index of the call whose Present is on the canvas (-1: nothing presented yet). */
  presentedAt: number;
  /** Draws D3D12 would skip (empty scissor, no viewport): said, not silently dropped. */
  notes: string[];
  /** The WebGPU work that ran for the frame on the canvas. */
  ran: string[];
}

export interface LessonSession {
  def: LessonDef | null;
  env: LessonEnv | null;
  run: LessonRun | null;
  /** call index -> 1-based source line (null: a call not in the lesson's source). */
  lines: (number | null)[];
  lastCall: number;
  cursor: number;
  check: CheckReport | null;
  canvas: CanvasInfo | null;
  /** Names the current request: bumped on each (re)run; work for an older generation is discarded. */
  generation: number;
  /** Frames drawn on the canvas (whole runs and step redraws), for the canvas's data-frames. */
  frames: number;
  /** The debugger panels open on the page (null until the panels have loaded); a shared link keeps them. */
  openPanels: PanelName[] | null;
}

/** A run of the learner's own code (the playground): made in the sandbox, replayed on the page's model. */
export interface EditedRun {
  run: LessonRun;
  source: string;
}

export const lessonStore = createStore<LessonSession>()(() => ({
  def: null,
  env: null,
  run: null,
  lines: [],
  lastCall: -1,
  cursor: -1,
  check: null,
  canvas: null,
  generation: 0,
  frames: 0,
  openPanels: null,
}));

export const setOpenPanels = (openPanels: PanelName[] | null) => lessonStore.setState({ openPanels });

/**
 * Runs the lesson's code against a fresh model; the cursor starts at the end ("run to end"). This opens a new
 * request: the check is `null` (running) until the run flow (lessonRun.ts) settles it.
 */
export function loadLesson(def: LessonDef, env: LessonEnv, given?: EditedRun): LessonRun {
  const run = given ? given.run : def.run(env);
  // lines of the code as it ran (the page shows the source with this run's bug switches resolved; an edited run, its own)
  const lines = mapCallsToLines(given ? given.source : shownSource(def.source, env.bugs), run.sys.trace, run.sys);
  const lastCall = run.sys.callIndex;
  lessonStore.setState((s) => ({
    def,
    env,
    run,
    lines,
    lastCall,
    cursor: lastCall,
    check: null,
    canvas: null,
    generation: s.generation + 1,
  }));
  return run;
}

export function setCursor(n: number) {
  const { lastCall } = lessonStore.getState();
  lessonStore.setState({ cursor: Math.max(0, Math.min(lastCall, Math.round(n))) });
}

/** Step to the previous/next call that is on a line of the lesson's code (skips internal calls). */
export function step(dir: 1 | -1) {
  const { cursor, lastCall, lines } = lessonStore.getState();
  let n = cursor + dir;
  while (n > 0 && n < lastCall && lines[n] == null) n += dir;
  setCursor(n);
}
