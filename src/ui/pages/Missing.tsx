import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LESSONS, lessonPath } from '../../lessons/catalog';
import { nearestLesson } from '../lesson/nextSteps';
import { usePrefs } from '../hooks';

/** A page that is not there: says so, and links home and to the lesson nearest to what was asked for. */
export function Missing({ message, path }: { message: string; path: string }) {
  const { t } = useTranslation();
  const lang = usePrefs((p) => p.lang);
  const near = nearestLesson(path, LESSONS);
  return (
    <main id="main" className="missing" data-testid="not-found">
      <p role="alert">{message}</p>
      <ul>
        <li>
          <Link to="/" data-testid="not-found-home">
            {t('missing.home')}
          </Link>
        </li>
        {near && (
          <li>
            {t('missing.nearest')}{' '}
            <Link to={lessonPath(near)} data-testid="not-found-nearest" data-lesson-link={near.id}>
              {near.id} · {near.title[lang]}
            </Link>
          </li>
        )}
      </ul>
    </main>
  );
}
