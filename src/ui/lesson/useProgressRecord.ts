import { useEffect } from 'react';
import { progressStore } from '../app-context';
import type { LessonEnv } from '../../lessons/types';

/**
 * Progress: the lesson is marked once its own correct variant (no bug, no mystery) passes at `correct` on this
 * page; opening it makes it the lesson to continue from.
 */
export function useProgressRecord(
  id: string,
  check: { status: string; level: string | null } | null | undefined,
  env: LessonEnv | null | undefined,
  mystery: boolean,
): void {
  useEffect(() => progressStore.getState().visit(id), [id]);
  const passed = check?.status === 'pass' && check.level === 'correct' && env?.bugs.size === 0 && !mystery;
  useEffect(() => {
    if (passed) progressStore.getState().markCorrect(id);
  }, [passed, id]);
}
