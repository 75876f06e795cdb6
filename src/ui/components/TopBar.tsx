import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { prefsStore } from '../app-context';
import { usePrefs } from '../hooks';
import { GpuStatusBadge } from './GpuStatusBadge';
import { lessonPath, type LessonEntry } from '../../lessons/catalog';

export function TopBar({ prev, next, current }: { prev?: LessonEntry; next?: LessonEntry; current?: LessonEntry }) {
  const { t } = useTranslation();
  const lang = usePrefs((s) => s.lang);
  const debugLayer = usePrefs((s) => s.debugLayer);
  return (
    <header className="topbar">
      <a className="skip" href="#main">
        {t('nav.skip')}
      </a>
      <Link to="/" className="brand">
        {t('app.title')}
      </Link>
      <nav aria-label={t('nav.home')} className="lesson-nav">
        {prev && (
          <Link to={lessonPath(prev)} rel="prev" aria-label={t('nav.prev')} data-testid="prev-lesson">
            ◀ {prev.id}
          </Link>
        )}
        {current && (
          <span className="current" aria-current="page">
            {current.id} {current.title[lang]}
          </span>
        )}
        {next && (
          <Link to={lessonPath(next)} rel="next" aria-label={t('nav.next')} data-testid="next-lesson">
            {next.id} ▶
          </Link>
        )}
      </nav>
      <div className="spacer" />
      <div role="group" aria-label={t('nav.language')} className="lang">
        <button
          type="button"
          aria-pressed={lang === 'zh'}
          onClick={() => prefsStore.getState().setLang('zh')}
          lang="zh"
        >
          中文
        </button>
        <button
          type="button"
          aria-pressed={lang === 'en'}
          onClick={() => prefsStore.getState().setLang('en')}
          lang="en"
        >
          EN
        </button>
      </div>
      <button
        type="button"
        className="debug-toggle"
        aria-pressed={debugLayer}
        data-testid="debug-layer-toggle"
        title={t('debugLayer.hint')}
        onClick={() => prefsStore.getState().setDebugLayer(!debugLayer)}
      >
        {t('debugLayer.label')} [{debugLayer ? t('debugLayer.on') : t('debugLayer.off')}]
      </button>
      <GpuStatusBadge />
    </header>
  );
}
