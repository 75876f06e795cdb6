import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { initI18n } from './i18n';
import { prefsStore } from './app-context';
import { preloadLiveLesson } from './pages/LessonPage';
import { linkedLesson } from '../lessons/catalog';

// The app's UI: ui/boot.ts, the page's entry, loads it once a lesson link's frame is checked, or at once.

// a Chinese page waits for its strings (one small chunk); an English one renders at once
const render = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
const strings = initI18n(prefsStore.getState().lang).catch((e: unknown) => {
  console.error('UI strings', e); // English, the fallback, is always there
});
// a lesson link's first render shows the lesson itself: its code and the lesson view come first
const lesson = linkedLesson(window.location.pathname);
const view = lesson
  ? preloadLiveLesson(lesson.id).catch((e: unknown) => console.error('lesson view', e)) // the page says it again
  : null;
void Promise.all([strings, view]).then(render);
