// Which catalogue entries have a runnable lesson module: the ordered registry in src/lessons/index.ts.
import { LESSON_DEFS } from '../lessons';

export const READY_LESSONS = new Set<string>(LESSON_DEFS.keys());

export function isLessonReady(id: string): boolean {
  return READY_LESSONS.has(id);
}
