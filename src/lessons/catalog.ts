// The one ordered list of lessons (the syllabus in ../shared/SYLLABUS.md), discovered from the folders: each
// src/lessons/NN-slug/meta.ts is one entry (pure data: id, slug, titles, bugs with their texts and messages,
// panels). A folder with only a meta.ts is a lesson whose prose is written and whose code is not (the page shows
// the prose); one with an index.ts runs (src/lessons/index.ts). Adding a lesson is adding its folder.
import { LESSON_LINK, lessonFolder, type LessonMeta } from './types';

export type Track = 'core' | 'advanced';

/** A catalogue entry: the lesson's meta, and its track (from the id: 'A1'.. is advanced). */
export type LessonEntry = LessonMeta & { track: Track };

const metas = import.meta.glob<LessonMeta>('./*/meta.ts', { eager: true, import: 'default' });

const trackOf = (id: string): Track => (id.startsWith('A') ? 'advanced' : 'core');
const rank = (m: LessonMeta) => (trackOf(m.id) === 'core' ? 0 : 1000) + Number(m.id.replace(/^A/, ''));

export const LESSONS: LessonEntry[] = Object.values(metas)
  .map((m) => ({ ...m, track: trackOf(m.id) }))
  .sort((a, b) => rank(a) - rank(b));

export function lessonPath(l: Pick<LessonMeta, 'id' | 'slug'>): string {
  return `/lessons/${lessonFolder(l)}`;
}

/** Finds a lesson by its route segment ('04-clear'), or by its id alone ('04', 'a1'). */
export function findLesson(segment: string): LessonEntry | undefined {
  const s = segment.toLowerCase();
  return (
    LESSONS.find((l) => lessonFolder(l).toLowerCase() === s) ??
    LESSONS.find((l) => l.id.toLowerCase() === s.split('-')[0])
  );
}

/** The lesson a page's path opens (a lesson link: LESSON_LINK), if any. */
export function linkedLesson(pathname: string): LessonEntry | undefined {
  const m = LESSON_LINK.exec(pathname);
  return m ? findLesson(decodeURIComponent(m[1])) : undefined;
}

export function neighbours(l: LessonEntry): { prev?: LessonEntry; next?: LessonEntry } {
  const i = LESSONS.indexOf(l);
  return { prev: LESSONS[i - 1], next: LESSONS[i + 1] };
}
