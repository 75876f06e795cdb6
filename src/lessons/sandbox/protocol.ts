// Messages between the page and the sandbox worker, and the automation contract's result (README: runCode).
import type { LessonEnv } from '../types';
import type { Recorded } from './run';

export type SandboxErrorCode = 'syntax' | 'type' | 'runtime' | 'timeout' | 'memory';
export interface SandboxError {
  code: SandboxErrorCode;
  message: string;
  /** 1-based line of the learner's code, when known. */
  line?: number;
}

export type ToWorker =
  | { type: 'run'; lesson: string; source: string; env: LessonEnv }
  /**
   * Load a lesson's modules ahead of its run (sent when editing starts, and for the next run's worker); with `env`,
   * also run the shipped code a few times while the worker waits (its transpiler and the model warm up).
   */
  | { type: 'prepare'; lesson: string; env?: LessonEnv };
export type FromWorker =
  | { type: 'ready' }
  /**
   * Where the code is: the number of calls made so far, the last one's method and line, and the line of the loop
   * it runs now (sent a few times a second).
   */
  | { type: 'progress'; calls: number; method: string | null; line: number | null; loop: number | null }
  | { type: 'done'; invocations: Recorded[] | null; error: SandboxError | null; ms: number };

/** The limits a run is held to (the page enforces the time; the worker the rest). */
export const SANDBOX_LIMITS = {
  timeoutMs: 5000,
  /** Bytes of typed arrays and ArrayBuffers the code may allocate in all. */
  maxBufferBytes: 256 * 1024 * 1024,
  /** Estimated bytes of arrays, objects, functions and long strings the code may make in all (guards.ts). */
  maxValueBytes: 256 * 1024 * 1024,
  /** Logged D3D12 calls in one run. */
  maxCalls: 200_000,
  /** A type check's answer is awaited this long after the run is over (the first check loads TypeScript, seconds);
   * past it the run's outcome stands, unchecked. */
  typecheckGraceMs: 3000,
  /** A checker that has not answered a check in this long is ended (and started afresh for the next check). */
  typecheckMs: 30_000,
} as const;

/** The type checker's worker (typecheck.worker.ts). */
export type CheckToWorker =
  { type: 'prepare'; lesson: string } | { type: 'check'; id: number; lesson: string; source: string };
export type CheckFromWorker =
  /** The lesson's API is read (sent after 'prepare'). */
  { type: 'prepared'; lesson: string; ms: number } | CheckedMessage;
export type CheckedMessage = {
  type: 'checked';
  id: number;
  lesson: string;
  /** The type errors (code 'type'; TypeScript's syntax errors: 'syntax'), in source order. */
  errors: SandboxError[];
  ms: number;
  /** The checker itself failed (the run goes on unchecked). */
  failed?: string;
};
