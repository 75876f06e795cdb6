import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LESSONS, lessonPath, neighbours, type LessonEntry } from '../../lessons/catalog';
import { lessonFolder } from '../../lessons/types';
import { loadProse } from './content';
import { afterFirstCheck } from './afterFirstCheck';
import { mentionedLessons } from './nextSteps';

/**
 * The end of a lesson page: what to do next. The next lesson, then the lessons the text mentions (from both
 * languages' prose, so the zh and en pages offer the same links), each linked with its title.
 */
export function NextSteps({ lesson, lang }: { lesson: LessonEntry; lang: 'en' | 'zh' }) {
  const { t } = useTranslation();
  const [mentioned, setMentioned] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    const folder = lessonFolder(lesson);
    // after the page's first check: the two prose chunks were fetched and parsed while a lesson link's first frame was
    // drawn and read back (issue 16); the links sit at the page's end, below the fold
    void afterFirstCheck()
      .then(() => Promise.all([loadProse(folder, lang), loadProse(folder, lang === 'zh' ? 'en' : 'zh')]))
      .then((texts) => {
        if (live) setMentioned(mentionedLessons(texts.filter(Boolean).join('\n'), LESSONS, lesson.id));
      });
    return () => {
      live = false;
    };
  }, [lesson, lang]);
  const { next } = neighbours(lesson);
  const others = mentioned.filter((id) => id !== next?.id).flatMap((id) => LESSONS.find((l) => l.id === id) ?? []);
  const item = (l: LessonEntry, rel: string) => (
    <li key={l.id} data-next={rel} data-lesson-link={l.id}>
      <Link to={lessonPath(l)}>
        {l.id} · {l.title[lang]}
      </Link>
    </li>
  );
  return (
    <nav className="next-steps" aria-label={t('next.title')} data-testid="next-steps">
      <h2>{t('next.title')}</h2>
      {next ? (
        <>
          <h3>{t('next.next')}</h3>
          <ul>{item(next, 'next')}</ul>
        </>
      ) : (
        <p>
          {t('next.last')} <Link to="/">{t('next.home')}</Link>
        </p>
      )}
      {others.length > 0 && (
        <>
          <h3>{t('next.mentioned')}</h3>
          <ul>{others.map((l) => item(l, 'mentioned'))}</ul>
        </>
      )}
    </nav>
  );
}
