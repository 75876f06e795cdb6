import { useEffect } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { findLesson, lessonPath, neighbours } from '../../lessons/catalog';
import { LESSON_DEFS } from '../../lessons';
import { TopBar } from '../components/TopBar';
import { LessonView } from '../lesson/LessonView';
import { prefsStore } from '../app-context';
import { usePrefs } from '../hooks';
import { Prose } from '../lesson/Prose';
import { Missing } from './Missing';
import { NextSteps } from '../lesson/NextSteps';

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
  const def = LESSON_DEFS.get(lesson.id);
  return (
    <>
      <TopBar prev={prev} next={next} current={lesson} />
      {def ? (
        <LessonView key={lesson.id} def={def} />
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
