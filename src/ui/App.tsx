import { Suspense, lazy, useEffect, useLayoutEffect, useState } from 'react';
import { BrowserRouter, Route, Routes, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { prefsStore } from './app-context';
import { useGpuStatus, usePrefs } from './hooks';
import { HomePage } from './pages/HomePage';
import { LessonPage } from './pages/LessonPage';
import { Missing } from './pages/Missing';
import { SmokePage } from './pages/SmokePage';
import { TopBar } from './components/TopBar';
import { setLanguage } from './i18n';
import { badQueryValues, type BadQueryValue } from './query-check';
import { findLesson, lessonPath, neighbours } from '../lessons/catalog';

// The panels benchmark page builds 100,000-event traces: loaded only when visited.
const PanelsBenchPage = lazy(() => import('./pages/PanelsBenchPage').then((m) => ({ default: m.PanelsBenchPage })));
// The gallery of expected pictures (visual baselines): loaded only when visited.
const GalleryPage = lazy(() => import('./pages/GalleryPage').then((m) => ({ default: m.GalleryPage })));

/** ?lang=zh|en and ?debug=0|1 set the preference, so a shared link shows what its author saw. */
function QueryPrefs() {
  const [params] = useSearchParams();
  const lang = params.get('lang');
  const debug = params.get('debug');
  // Keyed on the two values, not the whole query: stepping rewrites ?step= and must not re-apply a stale ?debug=.
  useEffect(() => {
    if (lang === 'zh' || lang === 'en') prefsStore.getState().setLang(lang);
  }, [lang]);
  useEffect(() => {
    if (debug === '0' || debug === '1') prefsStore.getState().setDebugLayer(debug === '1');
  }, [debug]);
  return null;
}

function LanguageSync() {
  const lang = usePrefs((s) => s.lang);
  useEffect(() => {
    void setLanguage(lang);
    document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  }, [lang]);
  return null;
}

/** Global keys: [ and ] previous/next lesson, d debug layer. Ignored while typing in a field. */
function KeyboardNav() {
  const navigate = useNavigate();
  // in the commit, not after the paint: the keys work from the first frame the page shows (a lesson link's first
  // render already has the lesson: LessonPage.preloadLiveLesson)
  useLayoutEffect(() => {
    // Reads window.location at key time, so fast repeated keys never act on a stale route.
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement | null;
      if (
        e.ctrlKey ||
        e.metaKey ||
        e.altKey ||
        (el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName)))
      )
        return;
      const m = /^\/lessons\/([^/]+)/.exec(window.location.pathname);
      const lesson = m ? findLesson(decodeURIComponent(m[1])) : undefined;
      if ((e.key === '[' || e.key === ']') && lesson) {
        const { prev, next } = neighbours(lesson);
        const to = e.key === '[' ? prev : next;
        if (to) navigate(lessonPath(to) + window.location.search);
      } else if (e.key === 'd') {
        prefsStore.getState().setDebugLayer(!prefsStore.getState().debugLayer);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [navigate]);
  return null;
}

function CorruptPrefsNotice() {
  const { t } = useTranslation();
  const corrupt = usePrefs((s) => s.recoveredFromCorrupt);
  if (!corrupt) return null;
  return (
    <div className="notice" role="alert" data-testid="prefs-corrupt">
      {t('prefs.corrupt')}{' '}
      <button type="button" onClick={() => prefsStore.getState().dismissCorruptNotice()}>
        {t('prefs.dismiss')}
      </button>
    </div>
  );
}

/** A URL parameter with a value the app does not know: ignored, and said (the rest of the link applies). */
function QueryNotice() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  // kept until dismissed: the page may rewrite the query (e.g. ?debug= following the preference) right away
  const [bad, setBad] = useState<BadQueryValue[]>([]);
  useEffect(() => {
    const found = badQueryValues(params);
    if (found.length) setBad((old) => [...old.filter((o) => !found.some((f) => f.key === o.key)), ...found]);
  }, [params]);
  if (bad.length === 0) return null;
  return (
    <div className="notice" role="alert" data-testid="query-notice">
      <ul>
        {bad.map((b) => (
          <li key={b.key}>{t('query.bad', { key: b.key, value: b.value, valid: b.valid })}</li>
        ))}
      </ul>
      <button type="button" onClick={() => setBad([])}>
        {t('prefs.dismiss')}
      </button>
    </div>
  );
}

/** A lost GPU device is recreated by itself; say so (once per recovery) instead of recovering silently. */
function GpuRecoveredNotice() {
  const { t } = useTranslation();
  const { recoveries, lastLoss } = useGpuStatus();
  const [dismissed, setDismissed] = useState(0);
  if (recoveries <= dismissed || !lastLoss) return null;
  return (
    <div className="notice" role="status" data-testid="gpu-recovered-notice">
      {t('gpu.recoveredNotice', { reason: lastLoss.reason })}{' '}
      <button type="button" onClick={() => setDismissed(recoveries)}>
        {t('prefs.dismiss')}
      </button>
    </div>
  );
}

function WithTopBar({ children }: { children: React.ReactNode }) {
  return (
    <>
      <TopBar />
      {children}
    </>
  );
}

function NotFound() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return <Missing message={t('notFound')} path={pathname} />;
}

export function App() {
  const presentation = usePrefs((s) => s.presentation);
  return (
    <BrowserRouter>
      <div className={presentation ? 'app presentation' : 'app'}>
        <QueryPrefs />
        <LanguageSync />
        <KeyboardNav />
        <CorruptPrefsNotice />
        <GpuRecoveredNotice />
        <QueryNotice />
        <Routes>
          <Route
            path="/"
            element={
              <WithTopBar>
                <HomePage />
              </WithTopBar>
            }
          />
          <Route path="/lessons/:lessonId" element={<LessonPage />} />
          <Route path="/lesson/:lessonId" element={<LessonRedirect />} />
          <Route
            path="/smoke"
            element={
              <WithTopBar>
                <SmokePage />
              </WithTopBar>
            }
          />
          <Route
            path="/bench/panels"
            element={
              <WithTopBar>
                <Suspense fallback={<p role="status">…</p>}>
                  <PanelsBenchPage />
                </Suspense>
              </WithTopBar>
            }
          />
          <Route
            path="/gallery"
            element={
              <WithTopBar>
                <Suspense fallback={<p role="status">…</p>}>
                  <GalleryPage />
                </Suspense>
              </WithTopBar>
            }
          />
          <Route
            path="*"
            element={
              <WithTopBar>
                <NotFound />
              </WithTopBar>
            }
          />
        </Routes>
      </div>
    </BrowserRouter>
  );
}

/** The syllabus writes /lesson/NN-slug; the app's canonical route is /lessons/NN-slug. */
function LessonRedirect() {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    navigate(location.pathname.replace(/^\/lesson\//, '/lessons/') + location.search, { replace: true });
  }, [navigate, location]);
  return null;
}
