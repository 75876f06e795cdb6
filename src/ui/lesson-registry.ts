// Which catalogue entries have a runnable lesson module (known from the folders, without loading any: src/lessons/load.ts).
import { READY_LESSON_IDS } from '../lessons/load';

export const READY_LESSONS = READY_LESSON_IDS;

export function isLessonReady(id: string): boolean {
  return READY_LESSONS.has(id);
}
