import { useEffect, useState, type ComponentType } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { findLesson, lessonPath, neighbours } from '../../lessons/catalog';
import { READY_LESSON_IDS, loadLessonDef } from '../../lessons/load';
import type { LessonDef } from '../../lessons/types';
import { TopBar } from '../components/TopBar';
import { prefsStore } from '../app-context';
import { usePrefs } from '../hooks';
import { Prose } from '../lesson/Prose';
import { Missing } from './Missing';
import { NextSteps } from '../lesson/NextSteps';
import { bootRequest } from '../boot-state';

/** The lesson route: canonical URL, then the lesson (or its placeholder while it is being written). */
export function LessonPage() {
  const { t } = useTranslation();
  const { lessonId = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const lesson = findLesson(lessonId);
  const lang = usePrefs((p) => p.lang);
  const presentation = usePrefs((p) => p.presentation);
  const { prev, next } = lesson ? neighbours(lesson) : {};

  // Canonical route: /lessons/04 or /lessons/04-wrong-slug land on /lessons/04-clear, query kept.
  useEffect(() => {
    if (lesson && lessonId !== `${lesson.id}-${lesson.slug}`)
      navigate(`${lessonPath(lesson)}?${params.toString()}`, { replace: true });
  }, [lesson, lessonId, params, navigate]);

  // ?present=1: presentation mode is the link's, not a saved preference: on while the link says so, off after
  const present = params.get('present') === '1';
  useEffect(() => {
    prefsStore.getState().setPresentation(present);
    return () => prefsStore.getState().setPresentation(false);
  }, [present]);

  if (!lesson) {
    return (
      <>
        <TopBar />
        <Missing message={t('lesson.notFound', { id: lessonId })} path={lessonId} />
      </>
    );
  }
  return (
    <>
      <TopBar prev={prev} next={next} current={lesson} />
      {READY_LESSON_IDS.has(lesson.id) ? (
        <LiveLesson key={lesson.id} id={lesson.id} />
      ) : (
        <main id="main" className="lesson" data-lesson={lesson.id}>
          {/* The prose is written ahead of the live code: a learner can read it while the lesson is being built. */}
          <section className="prose" aria-label={t('lesson.prose')} tabIndex={0}>
            <p role="note" className="muted">
              {t('lesson.notYet', { bugs: lesson.bugs.map((b) => b.id).join(', ') || '—' })}
            </p>
            <Prose
              folder={`${lesson.id}-${lesson.slug}`}
              lang={lang}
              fallbackTitle={`${lesson.id} · ${lesson.title[lang]}`}
            />
          </section>
          <div data-testid="lesson-check" data-status="fail" data-level="builds" className="check">
            {t('lesson.check')}: {t('lesson.status.fail')}
          </div>
        </main>
      )}
      {/* every page ends with what to do next (presentation mode keeps to its one screen) */}
      {!presentation && <NextSteps lesson={lesson} lang={lang} />}
    </>
  );
}

/** The lesson page's view, loaded on demand (issue 16): a first paint needs none. */
let page: Promise<typeof import('../lesson/LessonView')> | null = null;
export const loadLessonPage = () => (page ??= import('../lesson/LessonView'));

// The boot request ui/boot.ts started for the lesson the link opens (state/lessonBoot.ts), if any: the page renders once
// it has its check, BOOT_WAIT_MS at most after the page's code is in. Rendering and painting the page meanwhile
// delayed the frame's GPU work (the compositor shares the GPU process) and its answers (the main thread); this way
// the page renders once, with the run and the check (issue 16: navigation to a verified frame).
const BOOT_WAIT_MS = 500;

type Loaded = { def: LessonDef; View: ComponentType<{ def: LessonDef }> } | { error: string };

/** Lessons whose code and view are loaded, for a first render that shows the lesson at once (no "Loading…" step). */
const ready = new Map<string, { def: LessonDef; View: ComponentType<{ def: LessonDef }> }>();

/**
 * Loads a live lesson's code and the lesson view before the app's first render (main.tsx, on a lesson link): the
 * page then renders the lesson in its first commit, where the boot view (ui/boot.ts) showed its verdict.
 */
export async function preloadLiveLesson(id: string): Promise<void> {
  if (!READY_LESSON_IDS.has(id)) return;
  const [def, m] = await Promise.all([loadLessonDef(id), loadLessonPage()]);
  if (def) ready.set(id, { def, View: m.LessonView });
}

/** A lesson with code: its module and the lesson view load in parallel (on a lesson link, already loaded: main.tsx). */
function LiveLesson({ id }: { id: string }) {
  const { t } = useTranslation();
  const [got, setGot] = useState<Loaded | null>(() => ready.get(id) ?? null);
  useEffect(() => {
    if (ready.has(id)) return;
    let live = true;
    Promise.all([loadLessonDef(id), loadLessonPage()])
      .then(async ([def, m]) => {
        await Promise.race([bootRequest() ?? Promise.resolve(), new Promise((r) => setTimeout(r, BOOT_WAIT_MS))]);
        return { def, View: m.LessonView };
      })
      .then(
        ({ def, View }) => live && def && setGot({ def, View }),
        (e: unknown) => live && setGot({ error: String(e) }),
      );
    return () => {
      live = false;
    };
  }, [id]);
  if (got && 'def' in got) return <got.View def={got.def} />;
  return (
    // not main.lesson[data-lesson] yet: tools read that as the lesson (with data-generation once it runs, or prose only)
    <main id="main" className="lesson-loading" data-loading-lesson={id}>
      {got ? (
        <p role="alert">{t('lesson.loadFailed', { why: got.error })}</p>
      ) : (
        <p role="status" className="muted">
          {t('lesson.loading')}
        </p>
      )}
    </main>
  );
}
