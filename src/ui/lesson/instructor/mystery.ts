// Mystery-bug mode: a seed picks one of the lesson's bugs (or none), so a class sharing a link shares the
// mystery, and the link never names the bug. Pure and deterministic: unit-tested, and the e2e test can
// compute the answer for a fixed seed without reading it from the page.
import { FAILED } from '../../../core';
import type { LessonDef, LessonRun } from '../../../lessons/types';

/** Where the evidence of a bug can be seen. */
export type Evidence = 'canvas' | 'message' | 'states' | 'hresult';
export const EVIDENCE: readonly Evidence[] = ['canvas', 'message', 'states', 'hresult'];
/** The "nothing is wrong" answer. */
export const NO_BUG = '';

/** FNV-1a, 32-bit: a stable hash of the seed and lesson (the same seed gives each lesson its own mystery). */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** murmur3's finaliser: every input bit moves every output bit, so `% n` of it spreads evenly for small n. */
function mix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35) >>> 0;
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * The mystery for (seed, lesson): one of the bugs, or NO_BUG. "No bug" is one outcome among n + 1, so even
 * a one-bug lesson is a real question (answering "the bug" every time is right only about half the time).
 */
export function pickMystery(seed: string, lessonId: string, bugIds: readonly string[]): string {
  const outcomes = [NO_BUG, ...bugIds];
  return outcomes[mix32(hash32(`${seed}:${lessonId}`)) % outcomes.length];
}

/** A bug as a quiz choice names it. */
export interface QuizBug {
  id: string;
  name: { en: string; zh: string };
}

/** A choice: a bug of this or another lesson, or "nothing is wrong" (id NO_BUG, lesson ''). */
export interface QuizChoice {
  id: string;
  lesson: string;
  name: { en: string; zh: string } | null;
}

/** At least this many bugs to choose from (plus "nothing is wrong"), whatever the lesson's own count. */
export const MIN_BUG_CHOICES = 4;

/** A small seeded generator (mulberry32) for the choices' order and the distractors. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(xs: T[], next: () => number): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [xs[i], xs[j]] = [xs[j], xs[i]];
  }
  return xs;
}

/**
 * The quiz's choices for (seed, lesson): every bug of the lesson, then bugs of earlier lessons (the seed picks
 * which; later lessons only when the earlier ones are too few) up to MIN_BUG_CHOICES, in an order the seed
 * shuffles (so the answer's place tells nothing), and "nothing is wrong" last. `lessons`: the catalogue in order.
 */
export function quizChoices(
  seed: string,
  lessonId: string,
  lessons: readonly { id: string; bugs: readonly QuizBug[] }[],
): QuizChoice[] {
  const at = lessons.findIndex((l) => l.id === lessonId);
  const own = at >= 0 ? lessons[at].bugs : [];
  const next = rng(mix32(hash32(`${seed}:${lessonId}:choices`)));
  const taken = new Set(own.map((b) => b.id));
  const from = (ls: readonly { id: string; bugs: readonly QuizBug[] }[]) =>
    shuffle(
      ls.flatMap((l) => l.bugs.filter((b) => !taken.has(b.id)).map((b) => ({ id: b.id, lesson: l.id, name: b.name }))),
      next,
    );
  const earlier = from(at >= 0 ? lessons.slice(0, at) : []);
  const later = from(at >= 0 ? lessons.slice(at + 1) : lessons);
  const need = Math.max(0, MIN_BUG_CHOICES - own.length);
  const distractors: QuizChoice[] = [];
  for (const c of [...earlier, ...later]) {
    if (distractors.length >= need) break;
    if (taken.has(c.id)) continue;
    taken.add(c.id);
    distractors.push(c);
  }
  // the order from a generator of its own: it does not depend on how many distractors were drawn
  const order = rng(mix32(hash32(`${seed}:${lessonId}:order`)));
  const bugs = shuffle([...own.map((b) => ({ id: b.id, lesson: lessonId, name: b.name })), ...distractors], order);
  return [...bugs, { id: NO_BUG, lesson: '', name: null }];
}

/** A fresh seed for the "Mystery bug" button: short enough to read out to a class. */
export function newSeed(random: () => number = Math.random): string {
  return Math.floor(random() * 36 ** 6)
    .toString(36)
    .padStart(6, '0');
}

export interface Grade {
  correct: boolean;
  /** Was the learner's "what told you" one of the places the evidence really was? */
  evidenceSeen: boolean;
}

export function gradeAnswer(
  truth: string,
  answer: string,
  evidence: Evidence | null,
  where: readonly Evidence[],
): Grade {
  return {
    correct: truth === answer,
    evidenceSeen: evidence != null && (where.length === 0 ? false : where.includes(evidence)),
  };
}

const failed = (def: LessonDef, run: LessonRun) =>
  new Set(
    run.sys.trace.events.flatMap((e) =>
      e.k === 'call' && e.hr && FAILED(e.hr) && !def.expectedFailures?.some((x) => x.api === e.api && x.hr === e.hr)
        ? [`${e.api}:${e.hr}`]
        : [],
    ),
  );
const messageIds = (run: LessonRun) => new Set(run.sys.messages.map((m) => m.id));
const stateHistory = (run: LessonRun) =>
  run.sys.trace.events
    .flatMap((e) =>
      e.k === 'state' ? [`${e.res}/${e.sub}:${e.before}>${e.after}`] : e.k === 'hazard' ? [`hazard:${e.kind}`] : [],
    )
    .join(' ');
// the lesson's own output (adapter table, vertex table ...) is on screen like the canvas: a symptom too
const output = (run: LessonRun) => {
  try {
    return JSON.stringify(run.out, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v));
  } catch {
    return '';
  }
};
const differs = <T>(a: Set<T>, b: Set<T>) => a.size !== b.size || [...a].some((x) => !b.has(x));

/**
 * Where the evidence was, found by comparing the mystery run with the correct run (both model-only), so the
 * reveal says what really differed rather than what a bug was written to do. `visible` comes from the bug's
 * definition (the canvas differs measurably; the e2e suite checks that claim pixel by pixel); 'canvas' also
 * covers the lesson's output tables, the other thing on screen that shows a symptom.
 */
export function evidenceOf(def: LessonDef, mystery: LessonRun, correct: LessonRun, visible: boolean): Evidence[] {
  const out: Evidence[] = [];
  if ((visible && def.canvas) || output(mystery) !== output(correct)) out.push('canvas');
  if (differs(messageIds(mystery), messageIds(correct))) out.push('message');
  if (stateHistory(mystery) !== stateHistory(correct)) out.push('states');
  if (differs(failed(def, mystery), failed(def, correct))) out.push('hresult');
  return out;
}
