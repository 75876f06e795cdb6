// What a lesson is: its real D3D12 code (run against the model), its bugs, and its check.
// The page shows `source` (the code.ts file itself, imported with ?raw), so the learner reads the code that runs.

import type { D3D12System, MessageId } from '../core';
import type { LessonEntry } from './catalog';
import type { PanelName } from './panels';
import type { DecodedPngInfo } from './common/png-decode';

export type Level = 'builds' | 'runs' | 'correct';
export type Bilingual = { en: string; zh: string };

/** What the page hands to a lesson's code: the toggles a learner or instructor controls. */
export interface LessonEnv {
  /** The page's debug-layer switch: lesson code reads it like `#if defined(_DEBUG)`. */
  debugLayer: boolean;
  bugs: ReadonlySet<string>;
  /** Back-buffer size of the swap chain (small: SwiftShader rasterises on the CPU). */
  width: number;
  height: number;
  /** The browser's real WebGPU adapter, offered to lessons that list adapters (null: none, or not asked for). */
  liveAdapter?: { description: string; vendor: string; maxBufferSize: number } | null;
  /** Values of the lesson's own lab knobs (LessonDef.controls), by id; a knob left out takes its default. */
  params?: Readonly<Record<string, number>>;
  /** A PNG the learner picked, already validated and decoded off the main thread (lessons with `acceptsPng`). */
  image?: LearnerPng | null;
}

/**
 * A lab knob a lesson offers beside its bug toggles: something about the modelled machine or the window, not D3D12
 * code (lesson 21's GPU speed, lesson 22's window size). The page shows it, keeps it in the URL as `?<id>=value`,
 * and hands its value to the run as `env.params[id]`; a new value is a new request (the lesson runs again).
 */
export type LessonControl = { id: string; label: Bilingual; unit: string; default: number } & (
  { kind: 'range'; min: number; max: number; step: number } | { kind: 'choice'; options: number[] }
);

/** A knob's value in this env: the page's value when it is one the knob allows, else its default. */
export function controlValue(c: LessonControl, env: LessonEnv): number {
  const v = env.params?.[c.id];
  if (v === undefined || !Number.isFinite(v)) return c.default;
  if (c.kind === 'choice') return c.options.includes(v) ? v : c.default;
  return Math.min(c.max, Math.max(c.min, v));
}

/** The learner's own file, decoded to R8G8B8A8 rows (tightly packed, width × 4 bytes apart). */
export interface LearnerPng {
  name: string;
  info: DecodedPngInfo;
  rgba: Uint8Array;
}

/** Thrown by ThrowIfFailed (as in Microsoft's D3D12 samples): the code stops at the failing call. */
export class HrError extends Error {
  constructor(
    readonly hr: string,
    readonly what: string,
  ) {
    super(`${what} failed: ${hr}`);
  }
}

/** The result of running a lesson's code against the model, once, to the end. */
export interface LessonRun {
  sys: D3D12System;
  /** Values the code reports for its check and its tables (adapters found, PSO created ...). */
  out: Record<string, unknown>;
  /** Set when the code stopped early (ThrowIfFailed, or a null object used after a failed creation). */
  stopped: { hr: string | null; what: string; callIndex: number } | null;
}

/** One thing the check looked at: what, what it expected, what it got. */
export interface CheckItem {
  level: Level;
  ok: boolean;
  what: Bilingual;
  expected: string;
  got: string;
}

export interface CheckReport {
  /** The highest level reached; `none` when not even `builds` holds. */
  level: Level | 'none';
  status: 'pass' | 'fail';
  items: CheckItem[];
}

/** Pixels read back from the GPU, as RGBA bytes; null when there is no WebGPU (pixel checks are skipped). */
export type PixelReader = ((x: number, y: number) => Promise<[number, number, number, number]>) | null;

/**
 * One bug toggle, as the lesson's meta.ts states it: the one home of its text (en and zh) and its facts.
 * Texts: `name` says the mistake (the wrong parameter or the missing call); `lookFor` what the learner sees
 * and in which panel; `fix` one or two sentences.
 */
export interface BugMeta {
  /** The syllabus's bug ID: `?bugs=<id>` and `bug-toggle-<id>`. */
  id: string;
  name: Bilingual;
  lookFor: Bilingual;
  fix: Bilingual;
  /** Debug-layer messages this bug produces when the layer is on (lessons.test.ts proves it once the code runs). */
  messages: MessageId[];
  /**
   * True where real hardware behaviour is undefined or vendor-dependent and the model chose the symptom (the page
   * labels it "simulated hazard"); false where WebGPU really produces it or the API documents the outcome.
   */
  simulated: boolean;
  /** True when the canvas measurably differs from the correct run (the e2e specs compare pixels). Said once the code runs. */
  visible?: boolean;
  /** What real hardware might show instead of the simulated symptom (simulated bugs only). */
  realHardware?: Bilingual;
}

/** A bug of a lesson whose code runs: whether its symptom shows on the canvas is known. */
export type BugDef = BugMeta & { visible: boolean };

/**
 * What the catalogue, the page and the tests know about a lesson: the default export of its folder's meta.ts,
 * pure data (no code, only type imports), so e2e specs and Node tools import it as it is.
 */
export interface LessonMeta {
  /** Two digits for the core track ('04'), 'A1'.. for the advanced track; the folder is `${id}-${slug}`. */
  id: string;
  slug: string;
  title: Bilingual;
  /** Bugs from the syllabus, in the order the page lists them. */
  bugs: BugMeta[];
  /** Does the lesson's code draw to the canvas? Said once the code runs. */
  canvas?: boolean;
  /** The panels that matter for this lesson: presentation mode opens these and hides the rest (default DEFAULT_PANELS). */
  panels?: PanelName[];
}

/**
 * A lesson link's path (/lessons/04-clear, /lesson/04 …), group 1 the id part: ui/boot.ts boots the lesson it names,
 * and index.html's inline scripts (vite.config.ts preload, ui/bootShell.ts) test the same path before any module runs.
 */
export const LESSON_LINK = /^\/lessons?\/([^/]+)/;

/**
 * Whether a lesson link's query is bare (?lang= at most): only such a link boots its lesson before the UI
 * (ui/boot.ts, state/lessonBoot.ts); ?bugs=, ?mystery=, ?debug=, knobs... are the page's to read. index.html's
 * preload script (vite.config.ts) repeats this rule in plain ES5.
 */
export const isBareLink = (search: string): boolean =>
  [...new URLSearchParams(search).keys()].every((k) => k === 'lang');

/** A lesson's folder under src/lessons/ and content/lessons/, which is also its route segment ('04-clear'). */
export function lessonFolder(l: Pick<LessonMeta, 'id' | 'slug'>): string {
  return `${l.id}-${l.slug}`;
}

/** The meta of a lesson whose code runs (a folder with index.ts): defineLesson needs these facts said. */
export type LiveLessonMeta = LessonMeta & { canvas: boolean; bugs: BugDef[] };

// the lesson page reads the default set from here, beside LessonDef.panels
export { DEFAULT_PANELS } from './panels';

export interface ShaderPair {
  hlsl: string;
  wgsl: string;
}

/** A runnable lesson: its meta's facts (entry, bugs, canvas, panels: filled in by defineLesson) and its code. */
export interface LessonDef {
  entry: LessonEntry;
  /** The code.ts source text: the code that runs. */
  source: string;
  run(env: LessonEnv): LessonRun;
  bugs: BugDef[];
  /** Lesson-specific "correct" items (the generic builds/runs items come from the framework). */
  check(run: LessonRun, pixels: PixelReader, env: LessonEnv): Promise<CheckItem[]>;
  /** Debug messages the lesson causes on purpose (lesson 2's test error): they do not fail "runs". */
  expectedMessages?: MessageId[];
  /** A device removal the lesson causes on purpose (lesson 24's injected hang), by its GetDeviceRemovedReason: it does not fail "runs". */
  expectedRemoval?: string;
  /** HRESULT failures that are part of correct code (EnumAdapters1's DXGI_ERROR_NOT_FOUND ends the loop). */
  expectedFailures?: { api: string; hr: string }[];
  /** Does the lesson take a PNG the learner picks (lesson 11: file picker and drop, env.image)? */
  acceptsPng?: boolean;
  /** Does the lesson list the live WebGPU adapter beside the modelled ones (lesson 1)? */
  usesLiveAdapter?: boolean;
  /** From the meta. */
  canvas: boolean;
  shaders?: ShaderPair;
  /** From the meta (undefined: DEFAULT_PANELS). */
  panels?: PanelName[];
  /** The lesson's lab knobs (see LessonControl). */
  controls?: LessonControl[];
  /**
   * An animated lesson (lesson 21): the call index of each frame's Present, in order. The page plays the frames by
   * moving the step cursor from one to the next (drawing, not a new request), with pause and frame stepping.
   */
  frames?(run: LessonRun): number[];
  /**
   * The call whose presented frame the check reads its pixels from (default: the run's last call). An animated
   * lesson grades one fixed frame, so the check is the same however far the animation has played.
   */
  gradeAt?(run: LessonRun): number;
  /** The canvas element's size in this env when the lesson resizes its window (lesson 22); default env.width. */
  canvasSize?(env: LessonEnv): number;
}

/** What a lesson's index.ts writes: everything but the meta's facts. */
export type LessonCode = Omit<LessonDef, 'entry' | 'bugs' | 'canvas' | 'panels'>;
