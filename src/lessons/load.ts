// The runnable lessons, loaded on demand (issue 16): each src/lessons/NN-slug/index.ts is its own chunk, fetched when
// its page opens, so a first visit downloads one lesson's code, not all of them. Discovered from the folders like the
// catalogue (Vite's glob import, its lazy form): which lessons run is known without loading any. The eager registry
// (./index.ts) stays for Node (tests, CLIs) and for lesson 23, which runs every earlier lesson.
import { LESSONS } from './catalog';
import { lessonFolder, type LessonDef } from './types';

const loaders = import.meta.glob<LessonDef>('./*/index.ts', { import: 'default' });
const byFolder = new Map(Object.entries(loaders).map(([path, load]) => [path.split('/')[1], load]));
const loaderOf = new Map(
  LESSONS.flatMap((l) => (byFolder.has(lessonFolder(l)) ? [[l.id, byFolder.get(lessonFolder(l))!]] : [])),
);

/** Ids of the catalogue entries that have code (an index.ts), in catalogue order. */
export const READY_LESSON_IDS: ReadonlySet<string> = new Set(loaderOf.keys());

const loaded = new Map<string, Promise<LessonDef>>();

/** The lesson's definition, loaded once (undefined: a prose-only lesson). A failed load is retried on the next call. */
export function loadLessonDef(id: string): Promise<LessonDef> | undefined {
  const load = loaderOf.get(id);
  if (!load) return undefined;
  let p = loaded.get(id);
  if (!p) {
    p = load();
    p.catch(() => loaded.delete(id));
    loaded.set(id, p);
  }
  return p;
}
