// Which catalogue entries have a runnable lesson module. Lessons register here as they are written.
export const READY_LESSONS = new Set<string>();

export function isLessonReady(id: string): boolean {
  return READY_LESSONS.has(id);
}
