import { useEffect } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LESSONS, lessonPath } from '../../lessons/catalog';
import { usePrefs, useProgress } from '../hooks';
import { progressStore } from '../app-context';
import { GpuFacts } from '../components/GpuFacts';
import { isLessonReady } from '../lesson-registry';

export function HomePage() {
  const { t } = useTranslation();
  const lang = usePrefs((s) => s.lang);
  const correct = useProgress((s) => s.correct);
  const last = useProgress((s) => s.last);
  const corrupt = useProgress((s) => s.recoveredFromCorrupt);
  // the notice is said once: leaving the page dismisses it
  useEffect(() => () => progressStore.getState().dismissCorruptNotice(), []);
  const groups = [
    { key: 'core', title: t('home.core') },
    { key: 'advanced', title: t('home.advanced') },
  ] as const;
  const done = new Set(correct);
  const resume = LESSONS.find((l) => l.id === last) ?? null;
  const first = LESSONS.find((l) => isLessonReady(l.id)) ?? LESSONS[0];
  const live = LESSONS.filter((l) => isLessonReady(l.id));
  return (
    <main id="main" className="home">
      <p className="tagline">{t('app.tagline')}</p>
      {corrupt && (
        <div className="notice" role="alert" data-testid="progress-corrupt">
          {t('home.progressCorrupt')}{' '}
          <button type="button" onClick={() => progressStore.getState().dismissCorruptNotice()}>
            {t('prefs.dismiss')}
          </button>
        </div>
      )}
      <p className="continue" data-testid="continue">
        {resume ? t('home.continue') : t('home.start')}{' '}
        <Link to={lessonPath(resume ?? first)} data-testid="continue-link" data-lesson-link={(resume ?? first).id}>
          {(resume ?? first).id} · {(resume ?? first).title[lang]}
        </Link>
      </p>
      <p className="muted" data-testid="progress-summary" data-done={done.size}>
        {t('home.progress', { done: live.filter((l) => done.has(l.id)).length, total: live.length })}
      </p>
      {groups.map((g) => (
        <section key={g.key} aria-labelledby={`h-${g.key}`}>
          <h2 id={`h-${g.key}`}>{g.title}</h2>
          <ol className="lesson-list" data-testid={`lesson-list-${g.key}`}>
            {LESSONS.filter((l) => l.track === g.key).map((l) => (
              <li key={l.id} data-lesson={l.id} data-done={done.has(l.id) || undefined}>
                <Link to={lessonPath(l)}>
                  <span className="num">{l.id}</span> {l.title[lang]}
                </Link>
                {done.has(l.id) && (
                  <span className="done" title={t('home.done')} aria-label={t('home.done')}>
                    {' '}
                    ✔
                  </span>
                )}
                <span className="meta">
                  {l.bugs.length > 0 && t('home.bugs', { count: l.bugs.length })}
                  {!isLessonReady(l.id) && <em> · {t('home.planned')}</em>}
                </span>
              </li>
            ))}
          </ol>
        </section>
      ))}
      <GpuFacts />
    </main>
  );
}
