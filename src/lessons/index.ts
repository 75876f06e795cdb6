// The one ordered registry of runnable lessons (catalog.ts lists all, with titles and bug IDs).
import type { LessonDef } from './types';
import { lesson01 } from './01-adapters';
import { lesson02 } from './02-debug-layer';
import { lesson03 } from './03-device';
import { lesson04 } from './04-clear';

export const LESSON_LIST: LessonDef[] = [lesson01, lesson02, lesson03, lesson04];
export const LESSON_DEFS = new Map(LESSON_LIST.map((l) => [l.entry.id, l]));
