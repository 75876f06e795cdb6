import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LESSONS, lessonPath } from '../../lessons/catalog';
import { usePrefs } from '../hooks';
import { GpuFacts } from '../components/GpuFacts';
import { isLessonReady } from '../lesson-registry';

export function HomePage() {
  const { t } = useTranslation();
  const lang = usePrefs((s) => s.lang);
  const groups = [
    { key: 'core', title: t('home.core') },
    { key: 'advanced', title: t('home.advanced') },
  ] as const;
  return (
    <main id="main" className="home">
      <p className="tagline">{t('app.tagline')}</p>
      {groups.map((g) => (
        <section key={g.key} aria-labelledby={`h-${g.key}`}>
          <h2 id={`h-${g.key}`}>{g.title}</h2>
          <ol className="lesson-list" data-testid={`lesson-list-${g.key}`}>
            {LESSONS.filter((l) => l.track === g.key).map((l) => (
              <li key={l.id} data-lesson={l.id}>
                <Link to={lessonPath(l)}>
                  <span className="num">{l.id}</span> {l.title[lang]}
                </Link>
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
