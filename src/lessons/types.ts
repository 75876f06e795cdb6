// What a lesson is: its real D3D12 code (run against the model), its bugs, and its check.
// The page shows `source` (the code.ts file itself, imported with ?raw), so the learner reads the code that runs.

import type { D3D12System, MessageId } from '../core';
import type { LessonEntry } from './catalog';

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
}

/** Thrown by ThrowIfFailed (as in Microsoft's D3D12 samples): the code stops at the failing call. */
export class HrError extends Error {
  constructor(readonly hr: string, readonly what: string) {
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
  /** The highest level reached (builds is reported even when it fails: it is the level being tried). */
  level: Level;
  status: 'pass' | 'fail';
  items: CheckItem[];
}

/** Pixels read back from the GPU, as RGBA bytes; null when there is no WebGPU (pixel checks are skipped). */
export type PixelReader = ((x: number, y: number) => Promise<[number, number, number, number]>) | null;

export interface BugDef {
  id: string;
  name: Bilingual;
  lookFor: Bilingual;
  fix: Bilingual;
  /** Debug-layer messages this bug produces when the layer is on. */
  messages: MessageId[];
  /** True where the symptom is the model's decision (undefined on real hardware), not WebGPU's real effect. */
  simulated: boolean;
  /** True when the canvas measurably differs from the correct run. */
  visible: boolean;
  /** What real hardware might show instead of the simulated symptom. */
  realHardware?: Bilingual;
}

/** The debugger panels by name (the UI maps them to its panel components; lessons only name them). */
export type PanelName = 'heap' | 'states' | 'fences' | 'log' | 'descriptors' | 'events';
export const PANEL_NAMES: readonly PanelName[] = ['heap', 'states', 'fences', 'log', 'descriptors', 'events'];
/** What a lesson shows when it does not say: resource states and the debug log. */
export const DEFAULT_PANELS: readonly PanelName[] = ['states', 'log'];

export interface ShaderPair {
  hlsl: string;
  wgsl: string;
}

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
  /** Does the lesson list the live WebGPU adapter beside the modelled ones (lesson 1)? */
  usesLiveAdapter?: boolean;
  /** Does this lesson draw to the canvas? */
  canvas: boolean;
  shaders?: ShaderPair;
  /** The panels that matter for this lesson: presentation mode opens these and hides the rest. */
  panels?: PanelName[];
}
