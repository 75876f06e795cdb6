// The runnable lessons, discovered: every src/lessons/NN-slug/index.ts (its default export, made by defineLesson),
// in catalogue order. A lesson folder without index.ts is in the catalogue but not here (prose only, for now).
import { LESSONS } from './catalog';
import type { LessonDef } from './types';

const modules = import.meta.glob<LessonDef>('./*/index.ts', { eager: true, import: 'default' });
const byId = new Map(Object.values(modules).map((d) => [d.entry.id, d]));

export const LESSON_LIST: LessonDef[] = LESSONS.flatMap((l) => byId.get(l.id) ?? []);
export const LESSON_DEFS = new Map(LESSON_LIST.map((l) => [l.entry.id, l]));
