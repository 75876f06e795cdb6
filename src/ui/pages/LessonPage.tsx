import { useEffect } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { findLesson, lessonPath, neighbours } from '../../lessons/catalog';
import { usePrefs, useGpuStatus } from '../hooks';
import { TopBar } from '../components/TopBar';

/** The lesson page frame: prose | code | canvas + check + bugs, then the time cursor and panels. */
export function LessonPage() {
  const { t } = useTranslation();
  const { lessonId = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const lang = usePrefs((s) => s.lang);
  const gpu = useGpuStatus();
  const lesson = findLesson(lessonId);
  const { prev, next } = lesson ? neighbours(lesson) : {};

  // Canonical route: /lessons/04 or /lessons/04-wrong-slug land on /lessons/04-clear, query kept.
  useEffect(() => {
    if (lesson && lessonId !== `${lesson.id}-${lesson.slug}`) navigate(`${lessonPath(lesson)}?${params.toString()}`, { replace: true });
  }, [lesson, lessonId, params, navigate]);

  if (!lesson) {
    return (
      <>
        <TopBar />
        <main id="main"><p role="alert">{t('lesson.notFound', { id: lessonId })}</p></main>
      </>
    );
  }
  const bugs = (params.get('bugs') ?? '').split(',').filter(Boolean);
  return (
    <>
      <TopBar prev={prev} next={next} current={lesson} />
      <main id="main" className="lesson" data-lesson={lesson.id}>
        <section className="prose" aria-label={t('lesson.prose')}>
          <h1>{lesson.id} · {lesson.title[lang]}</h1>
          <p>{t('lesson.notYet', { bugs: lesson.bugs.join(', ') || '—' })}</p>
          <p className="hint">{t('lesson.keyboard')}</p>
        </section>
        <section className="code" aria-label={t('lesson.code')}>
          <h2>{t('lesson.code')}</h2>
        </section>
        <section className="stage" aria-label={t('lesson.canvas')}>
          {gpu.status === 'unavailable' && <p role="note">{t('lesson.canvasMissing')}</p>}
          <div data-testid="lesson-check" data-status="fail" data-level="builds" className="check">
            {t('lesson.check')}: {t('lesson.status.fail')}
          </div>
          <div className="bugs">
            <h2>{t('lesson.bugs')}</h2>
            {lesson.bugs.length === 0 ? <p>{t('lesson.noBugs')}</p> : (
              <ul>{lesson.bugs.map((b) => <li key={b}><label><input type="checkbox" disabled checked={bugs.includes(b)} readOnly /> <code>{b}</code></label></li>)}</ul>
            )}
          </div>
        </section>
        <section className="panels" aria-label={t('lesson.panels')} />
      </main>
    </>
  );
}
