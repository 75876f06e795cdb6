// A runnable lesson = its folder's meta.ts (the facts: entry, bugs, canvas, panels) + its code (run, check).
// index.ts writes only the code; the facts come from the meta, so they are written once.
import { findLesson } from './catalog';
import type { LessonCode, LessonDef, LiveLessonMeta } from './types';

export function defineLesson(meta: LiveLessonMeta, code: LessonCode): LessonDef {
  const entry = findLesson(meta.id);
  // the catalogue is discovered from the same meta.ts files, so a miss means a meta whose id is not its folder's
  if (!entry) throw new Error(`lesson ${meta.id}: no catalogue entry (is its folder named ${meta.id}-${meta.slug}?)`);
  return { ...code, entry, bugs: meta.bugs, canvas: meta.canvas, panels: meta.panels };
}
