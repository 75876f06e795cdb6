// What the visual suite covers, discovered from the lesson folders (never a hand-written list): every folder
// of src/lessons/ with a meta.ts and an index.ts (a lesson whose code runs), and each variant of it: the correct
// run, then each bug of its meta, in the meta's order. The gallery page (src/ui/pages/GalleryPage.tsx) finds the
// same set through the catalogue; e2e/gallery.spec.ts checks the two agree.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { lessonFolder, type LiveLessonMeta } from '../../src/lessons/types';
import { viewPanel as panelFor } from '../../src/lessons/panels';

const LESSONS_DIR = join(import.meta.dirname, '../../src/lessons');

export interface Variant {
  /** '' for the correct run, else the bug id (the gallery's data-bug). */
  bug: string;
  /** The baseline file's name without .png: 'correct' or the bug id. */
  name: string;
  /** The page's query for this variant. */
  query: string;
  /** Does the bug's symptom show on the canvas (meta `visible`; true for the correct run)? */
  visible: boolean;
}

export type VisualLesson = LiveLessonMeta & { path: string; variants: Variant[] };

const folders = readdirSync(LESSONS_DIR, { withFileTypes: true })
  .filter(
    (d) =>
      d.isDirectory() &&
      existsSync(join(LESSONS_DIR, d.name, 'meta.ts')) &&
      existsSync(join(LESSONS_DIR, d.name, 'index.ts')),
  )
  .map((d) => d.name)
  .sort();

const metas = await Promise.all(
  folders.map(async (f) => ((await import(`../../src/lessons/${f}/meta.ts`)) as { default: LiveLessonMeta }).default),
);

export const VISUAL_LESSONS: VisualLesson[] = metas.map((m) => ({
  ...m,
  path: lessonFolder(m),
  variants: [
    { bug: '', name: 'correct', query: 'debug=1&lang=en', visible: true },
    ...m.bugs.map((b) => ({
      bug: b.id,
      name: b.id,
      query: `bugs=${b.id}&debug=1&lang=en`,
      visible: b.visible === true,
    })),
  ],
}));

/** The panel that stands for a lesson without a canvas (one rule, shared with the gallery page). */
export const viewPanel = (l: LiveLessonMeta) => panelFor(l.panels);
