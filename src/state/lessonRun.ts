// The lesson page's run → present → check sequence, settled exactly once per request.
//
// A request is what loadLesson ran (lesson, bugs, debug layer, code): `generation` names it. Everything that
// draws or grades goes through one queue, and every step re-checks that its request is still the current one
// and that it is still drawing on the current surface (canvas + device). A superseded request's result is
// never shown, and the check is published at most once per request: running → pass|fail, never fail first.
// Why the queue and the surface check matter: a check that read pixels from one presenter while the frame
// went to another (a canvas re-created mid-run) reported "nothing presented" and flipped a second later.
import { LessonExecutor, type ExecResult } from '../gpu/executor';
import { readPresentedPixels } from '../gpu/readback';
import { CanvasPresenter } from '../gpu/presenter';
import { checkLesson, genericItems, grade } from '../lessons/runner';
import type { LessonDef, LessonEnv, LessonRun, PixelReader } from '../lessons/types';
import { exportRun } from '../lessons/export';
import { shownSource } from '../lessons/shown';
import { lessonStore, loadLesson, type EditedRun } from './lesson';
import { sessionStore } from './session';

interface Surface {
  presenter: CanvasPresenter;
  exec: LessonExecutor;
  readonly lost: boolean;
}

// Lost devices, watched once per device: the device outlives every lesson page, so a `lost.then` per surface would
// keep each page's canvas and executor alive through the device's promise (a leak of one page per arrival).
const watched = new WeakSet<GPUDevice>();
const lostDevices = new WeakSet<GPUDevice>();
function watchLoss(device: GPUDevice) {
  if (watched.has(device)) return;
  watched.add(device);
  void device.lost.then(() => lostDevices.add(device));
}

let surface: Surface | null = null;
/** The frame the last check graded, as it read it back (RGBA, opaque): the boot view shows it (ui/boot.ts). */
let graded: { pixels: Uint8Array; width: number; height: number } | null = null;
export const gradedFrame = () => graded;
let queue: Promise<void> = Promise.resolve();

/** Serialise GPU work: a step pressed during a draw waits for it; a failure never stalls the queue. */
function enqueue(fn: () => Promise<void>): Promise<void> {
  queue = queue.then(fn).catch((e: unknown) => console.error('lesson run', e));
  return queue;
}

const isCurrent = (gen: number, s: Surface | null) =>
  lessonStore.getState().generation === gen && surface === s && !(s?.lost ?? false);

/** After a failed GPU call: was it the device going away? (Its `lost` promise can settle after the failure.) */
async function lostSoon(s: Surface): Promise<boolean> {
  if (s.lost) return true;
  // poll rather than chain on device.lost: a chained closure would live as long as the device
  for (let waited = 0; waited < 1000; waited += 50) {
    await new Promise((r) => setTimeout(r, 50));
    if (s.lost) return true;
  }
  return false;
}

function publishCanvas(res: ExecResult) {
  lessonStore.setState((st) => ({
    frames: st.frames + 1,
    canvas: {
      gpuErrors: res.gpuErrors,
      hazards: res.hazards,
      presentedAt: res.presentedAt,
      notes: res.notes,
      ran: res.ran,
    },
  }));
}

async function drawAt(s: Surface, gen: number, n: number, readBack = false): Promise<ExecResult | undefined> {
  const run = lessonStore.getState().run;
  if (!run) return;
  const res = await s.exec.execute(s.presenter, run.sys, n, { readBack });
  if (isCurrent(gen, s)) publishCanvas(res);
  return res;
}

/** Draw the request's whole run, grade it on those pixels (once), then show the frame at the step cursor. */
async function settleOnSurface(gen: number, s: Surface) {
  const st = lessonStore.getState();
  if (!isCurrent(gen, s) || !st.run || !st.def || !st.env) return;
  const { run, def, env, lastCall } = st;
  // Animated lessons (LessonDef.gradeAt, lesson 21) grade one fixed frame, not the last call's: the check draws that
  // frame, reads it, and is still published once. Playing the animation afterwards only moves the step cursor, which
  // redraws (redrawAtCursor) and never re-grades: drawing is not a new request.
  const gradedCall = def.gradeAt ? def.gradeAt(run) : lastCall;
  try {
    performance.mark('lab:exec-start'); // marks: once per request (a playing animation adds none)
    // the frame the check grades comes back with the draw (the same GPU round trip as its error scope)
    const drawn = await drawAt(s, gen, gradedCall, lessonStore.getState().check == null);
    performance.mark('lab:exec-end');
    if (!isCurrent(gen, s)) return;
    if (lessonStore.getState().check == null) {
      let readFailed = false;
      // the whole frame is read back once and every pixel the check asks for comes from it: one GPU round trip, not
      // one per pixel (each waits for the GPU process, which also draws the page: issue 16)
      let frame: Promise<Uint8Array> | null = drawn?.frame ?? null;
      const pixels: PixelReader = async (x, y) => {
        const tex = s.presenter.presented;
        if (!tex) throw new Error('nothing presented');
        if (x < 0 || y < 0 || x >= tex.width || y >= tex.height)
          throw new Error(`pixel (${x},${y}) is outside the ${tex.width}x${tex.height} frame`);
        try {
          frame ??= readPresentedPixels(s.presenter.device, tex, 0, 0, tex.width, tex.height);
          const b = await frame;
          const i = (y * tex.width + x) * 4;
          return [b[i], b[i + 1], b[i + 2], b[i + 3]];
        } catch (e) {
          readFailed = true;
          throw e;
        }
      };
      performance.mark('lab:check-start');
      const report = await checkLesson(def, run, def.canvas ? pixels : null, env);
      performance.mark('lab:check-end');
      // pixels that could not be read because the device went away say nothing about the lesson: the
      // recreated device's surface settles this request instead
      if (readFailed && (await lostSoon(s))) return;
      const tex = s.presenter.presented;
      const read = frame ? await frame.catch(() => null) : null; // already in hand when the check read a pixel
      if (!isCurrent(gen, s) || lessonStore.getState().check != null) return;
      graded = read && tex ? { pixels: read, width: tex.width, height: tex.height } : null;
      lessonStore.setState({ check: report });
    }
    const now = lessonStore.getState().cursor;
    if (now !== gradedCall) await drawAt(s, gen, now);
  } catch (e) {
    if ((await lostSoon(s)) || !isCurrent(gen, s) || lessonStore.getState().check != null) return;
    lessonStore.setState({
      check: grade([
        ...genericItems(def, run),
        {
          level: 'correct',
          ok: false,
          what: { en: 'the frame was drawn on the GPU', zh: '帧已在 GPU 上绘制' },
          expected: 'drawn',
          got: String(e),
        },
      ]),
    });
  }
}

/** Grade the current request on the model alone (a lesson that draws nothing, or no WebGPU here). */
export function settleWithoutCanvas(): Promise<void> {
  const gen = lessonStore.getState().generation;
  return enqueue(async () => {
    const st = lessonStore.getState();
    if (st.generation !== gen || !st.run || !st.def || !st.env || st.check != null) return;
    const report = await checkLesson(st.def, st.run, null, st.env);
    if (lessonStore.getState().generation === gen && lessonStore.getState().check == null)
      lessonStore.setState({ check: report });
  });
}

/** Settle the current request on the attached canvas (no canvas yet: attaching one settles it). */
export function settleCurrent(): Promise<void> {
  const gen = lessonStore.getState().generation;
  return enqueue(async () => {
    if (surface) await settleOnSurface(gen, surface);
  });
}

/** The step cursor moved: show the frame as of that call (the check stays the whole run's). */
export function redrawAtCursor(): Promise<void> {
  const gen = lessonStore.getState().generation;
  return enqueue(async () => {
    const s = surface;
    const st = lessonStore.getState();
    // a request not yet settled draws at the cursor when it settles
    if (!s || !isCurrent(gen, s) || st.check == null) return;
    try {
      await drawAt(s, gen, st.cursor);
    } catch (e) {
      if (!(await lostSoon(s))) throw e;
    }
  });
}

/**
 * A canvas with a device to draw on (first start, and again after every device loss): it becomes the one
 * surface, the current request settles on it, and the automation hook reads its presented frame.
 */
export function attachSurface(presenter: CanvasPresenter): () => void {
  watchLoss(presenter.device);
  const old = surface;
  // a surface that never got its canvas (the boot request's, for a page that did not take it) is freed here
  if (old && !old.presenter.hasCanvas) void enqueue(async () => old.exec.release());
  const s: Surface = {
    presenter,
    exec: new LessonExecutor(presenter.device),
    get lost() {
      return lostDevices.has(presenter.device);
    },
  };
  surface = s;
  performance.mark('lab:surface');
  sessionStore.setState({
    readPixels: async (x, y, w, h) => {
      const tex = s.presenter.presented;
      if (!tex) throw new Error('readPixels: nothing has been presented yet');
      return readPresentedPixels(s.presenter.device, tex, x, y, w, h);
    },
  });
  void settleCurrent();
  return () => detach(s);
}

function detach(s: Surface) {
  if (surface !== s) return;
  surface = null;
  // after the draws queued for it (a frame being drawn keeps its textures until it is done)
  void enqueue(async () => s.exec.release());
  sessionStore.setState({ readPixels: null });
}

/**
 * The lesson page's canvas: it takes over the surface the boot request draws on (bootLesson: same device, same
 * size), with whatever that has drawn and checked so far, or else becomes a new surface.
 */
export function attachCanvas(device: GPUDevice, canvas: HTMLCanvasElement, gpu: GPU): () => void {
  const s = surface;
  if (s && s.presenter.device === device && !s.lost && s.presenter.attachCanvas(canvas)) return () => detach(s);
  return attachSurface(new CanvasPresenter(device, canvas, gpu));
}

// The boot request (bootLesson) until the page asks for its own: the same one is the page's then, not run again.
let booted: { def: LessonDef; env: LessonEnv; generation: number } | null = null;

const sameEnv = (a: LessonEnv, b: LessonEnv) =>
  a.debugLayer === b.debugLayer &&
  a.width === b.width &&
  a.height === b.height &&
  a.bugs.size === b.bugs.size &&
  [...a.bugs].every((id) => b.bugs.has(id)) &&
  (a.liveAdapter ?? null) === (b.liveAdapter ?? null) &&
  (a.image ?? null) === (b.image ?? null) &&
  JSON.stringify(a.params ?? {}) === JSON.stringify(b.params ?? {});

/** Whether a canvas (or the boot request's stand-in) is there to draw on. */
export const hasSurface = () => surface != null;

/**
 * A new request: the lesson's code runs on a fresh model (the check goes back to running), the trace becomes the
 * page's to export, and the run settles on the canvas, or on the model alone when there is nothing to draw on.
 * `edited`: the learner's own code already ran (the playground's sandbox; its log replayed here): the same flow.
 * `boot`: made before the page rendered (bootLesson); the page's first request, when it is the same, takes it over
 * as it stands (run, frame and check, settled or still settling) instead of running the lesson again.
 * Returns the clean-up for when the page leaves this request.
 */
export function requestRun(
  def: LessonDef,
  env: LessonEnv,
  opts: { modelOnly: boolean; edited?: EditedRun; boot?: boolean },
): () => void {
  const b = booted;
  booted = null;
  const st = lessonStore.getState();
  if (b && !opts.edited && !opts.modelOnly && b.def === def && st.def === def && st.run) {
    if (st.generation === b.generation && sameEnv(b.env, env)) {
      lessonStore.setState({ env }); // the page's own object: its views compare the env by identity
      return publishRun(def, env, st.run);
    }
  }
  performance.mark('lab:run-start');
  const run = loadLesson(def, env, opts.edited);
  performance.mark('lab:run-end');
  if (opts.boot) booted = { def, env, generation: lessonStore.getState().generation };
  const cleanup = publishRun(def, env, run);
  void (opts.modelOnly ? settleWithoutCanvas() : settleCurrent());
  return cleanup;
}

/** The request's trace and code become the page's to export. */
function publishRun(def: LessonDef, env: LessonEnv, run: LessonRun): () => void {
  const folder = `${def.entry.id}-${def.entry.slug}`;
  sessionStore.setState({
    exportTrace: () => exportRun(folder, [...env.bugs], env.debugLayer, run),
    lessonSource: () => shownSource(def.source, env.bugs),
  });
  return () => sessionStore.setState({ exportTrace: null, lessonSource: null });
}
