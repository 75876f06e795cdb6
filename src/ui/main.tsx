import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { initI18n } from './i18n';
import { prefsStore } from './app-context';
import { preloadLiveLesson, waitForBoot } from './pages/LessonPage';
import { findLesson } from '../lessons/catalog';
import { LESSON_LINK } from '../lessons/types';
import { bootRequest } from './boot-state';

// The app's UI (ui/boot.ts, the page's entry, loads it once a lesson link's frame is checked, or at once). A booted
// lesson's page waits for that request's check (LessonPage.waitForBoot), which by now has mostly settled.
const booting = bootRequest();
if (booting) waitForBoot(booting);

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
const opened = LESSON_LINK.exec(window.location.pathname);
const lesson = opened ? findLesson(decodeURIComponent(opened[1])) : undefined;
const view = lesson
  ? preloadLiveLesson(lesson.id).catch((e: unknown) => console.error('lesson view', e)) // the page says it again
  : null;
void Promise.all([strings, view]).then(render);
