// The lesson a link opens, run, drawn and checked before its page has rendered (issue 16: navigation to a verified
// frame). ui/boot.ts (the page's entry) calls bootLesson once the lesson's code is there, before the app's UI is even
// loaded (this module and the model import no React): the model runs at once, while the WebGPU device
// may still be coming up; bootSurface then gives the request a presenter with no canvas yet on that device. The frame
// is drawn into its back buffers (the check reads those, never the canvas), and the page's canvas takes that
// presenter over when it mounts (lessonRun.attachCanvas), its request the boot request (requestRun).
// The entry shows the check's verdict with the frame it graded (bootVerdict), then loads the UI. Only a bare link
// boots (isBareLink).
import { CanvasPresenter } from '../gpu/presenter';
import { isBareLink, type CheckReport, type LessonDef, type LessonEnv, type LearnerPng } from '../lessons/types';
import { lessonStore } from './lesson';
import { attachSurface, gradedFrame, hasSurface, requestRun } from './lessonRun';

/** A lesson canvas's size, unless the lesson says otherwise (LessonDef.canvasSize): small, SwiftShader is a CPU. */
export const CANVAS_SIZE = 64;

/** What a lesson page runs with, from what its link and the preferences say (LessonView; bootLesson for a bare link). */
export function lessonEnv(
  def: LessonDef,
  o: {
    debugLayer: boolean;
    /** the bug ids, sorted and comma-joined */
    bugsKey: string;
    /** the live adapter's `description|vendor|maxBufferSize` ('' when the lesson does not read it) */
    live: string;
    /** the knobs' values as the link gives them (`id=value&…`) */
    paramsKey: string;
    image: LearnerPng | null;
  },
): LessonEnv {
  const controls = def.controls ?? [];
  const [description = '', vendor = '', max = '0'] = o.live ? o.live.split('|') : [];
  const given = new URLSearchParams(o.paramsKey);
  const knobs: Record<string, number> = {};
  for (const c of controls) if (given.get(c.id)) knobs[c.id] = Number(given.get(c.id));
  return {
    debugLayer: o.debugLayer,
    bugs: new Set(o.bugsKey.split(',').filter(Boolean)),
    width: CANVAS_SIZE,
    height: CANVAS_SIZE,
    liveAdapter: o.live ? { description, vendor, maxBufferSize: Number(max) } : null,
    image: o.image,
    ...(controls.length ? { params: knobs } : {}),
  };
}

/**
 * Runs the lesson the page is opening on the model, if its link is a bare one and the page has not asked yet; its
 * frame is drawn once bootSurface gives it a device. Returns whether it did.
 */
export function bootLesson(def: LessonDef, debugLayer: boolean, search: string): boolean {
  if (!isBareLink(search)) return false;
  if (!def.canvas || def.usesLiveAdapter || def.acceptsPng || def.controls?.length) return false;
  if (lessonStore.getState().def || hasSurface() || !navigator.gpu) return false;
  const env = lessonEnv(def, { debugLayer, bugsKey: '', live: '', paramsKey: '', image: null });
  size = def.canvasSize ? def.canvasSize(env) : CANVAS_SIZE;
  requestRun(def, env, { modelOnly: false, boot: true });
  const gen = lessonStore.getState().generation;
  bootGeneration = gen;
  settling = new Promise<void>((resolve) => {
    const unsubscribe = lessonStore.subscribe((s) => {
      if (s.check == null && s.generation === gen) return;
      done();
    });
    function done() {
      unsubscribe();
      giveUp = null;
      resolve();
    }
    giveUp = done;
  });
  return true;
}

/**
 * The device is there (or could not be had: null): the boot request draws on a presenter of its own, unless the
 * page's canvas came first (it settles the request then).
 */
export function bootSurface(device: GPUDevice | null): void {
  if (size === 0 || hasSurface()) return;
  if (!device) return giveUp?.(); // the page runs the lesson on the model alone; nothing to wait for
  attachSurface(new CanvasPresenter(device, { width: size, height: size }, navigator.gpu));
}

let size = 0;
let settling: Promise<void> | null = null;
let giveUp: (() => void) | null = null;

/** Resolves once the boot request's check is known (or another request took its place); at once when none booted. */
export const bootSettled = (): Promise<void> => settling ?? Promise.resolve();

/**
 * The boot request's check and the frame it graded, once settled (null when it was given up or another request
 * took its place): what ui/boot.ts shows before the page renders.
 */
export function bootVerdict(): { report: CheckReport; frame: ReturnType<typeof gradedFrame> } | null {
  const st = lessonStore.getState();
  if (!settling || st.generation !== bootGeneration || !st.check) return null;
  return { report: st.check, frame: gradedFrame() };
}

let bootGeneration = -1;
