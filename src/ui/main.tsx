import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { initI18n } from './i18n';
import { prefsStore, gpuHost } from './app-context';
import { installAutomation } from './automation';
import { warmBlit } from '../gpu/executor/blit';
import { findLesson } from '../lessons/catalog';
import { loadLessonDef } from '../lessons/load';
import { LESSON_LINK } from '../lessons/types';
import { loadLessonPage, waitForBoot } from './pages/LessonPage';
import './styles.css';
// the lesson page's styles come with the app's (one stylesheet request fewer on a lesson link's way to its first frame,
// issue 16; 10 KB, and lessons are what the app shows); LessonView and PlaygroundCode import them too, for clarity
import './lesson/lesson.css';
import './playground/edit-bar.css';

// performance marks lab:* time the way to a verified frame (issue 16; npm run bench -- nav, devtools)
performance.mark('lab:main');
// The adapter and device first: they take longest and need nothing else (issue 16).
void gpuHost.start();
// the present blit compiles while the page loads (the first frame would wait for it)
gpuHost.onDeviceReady((device) => warmBlit(device, navigator.gpu.getPreferredCanvasFormat()));

// A lesson link: ask for the lesson's code and the lesson view now, in parallel with the device and React's first
// render (issue 16: navigation to a verified frame); the page picks up the same promises.
const opened = LESSON_LINK.exec(window.location.pathname);
const openedLesson = opened ? findLesson(decodeURIComponent(opened[1])) : undefined;
const openedDef = openedLesson && loadLessonDef(openedLesson.id);
// The page's first render waits until a booted lesson's frame is with the GPU (RENDER_WAIT_MS at most): rendering,
// laying out (a new page's first text layout loads its fonts) and painting the page took the main thread for 100 ms
// and more just as the lesson's code came in, and the model run and the frame waited behind them. Once the frame is
// submitted the main thread only waits for the GPU process, and the page renders meanwhile (issue 16).
const RENDER_WAIT_MS = 300;
let firstRender: Promise<unknown> = Promise.resolve();
if (openedDef) {
  // ...and run it on the model as soon as its code is there, then draw and check it once the device is (the model does
  // not wait for the device), before React renders the page (the page takes the request over: state/lessonBoot.ts,
  // and waits for its check: waitForBoot); a failure here leaves the page to run the lesson itself
  const at = window.location.pathname;
  let submitted = () => {};
  firstRender = Promise.race([
    new Promise<void>((r) => (submitted = () => setTimeout(r, 0))),
    new Promise((r) => setTimeout(r, RENDER_WAIT_MS)),
  ]);
  const boot = Promise.all([openedDef, loadLessonPage()])
    .then(async ([def, m]) => {
      performance.mark('lab:boot');
      if (window.location.pathname !== at) return;
      if (!m.bootLesson(def, prefsStore.getState().debugLayer, window.location.search)) return;
      await gpuHost.start();
      m.bootSurface(gpuHost.device);
      submitted(); // the executor replays the frame in this task's microtasks, up to its wait for the GPU
      return m.bootSettled();
    })
    .catch((e: unknown) => console.error('lesson boot', e))
    .finally(() => submitted()); // no boot (a link with options, no device): render now
  waitForBoot(boot);
}

installAutomation();
// ?lang= (a shared link) is the language before the first render, so a Chinese link waits for its strings like a Chinese
// preference does, instead of rendering English and switching after the check has settled (App's QueryPrefs keeps it)
const linkLang = new URLSearchParams(window.location.search).get('lang');
if (linkLang === 'zh' || linkLang === 'en') prefsStore.getState().setLang(linkLang);
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
void Promise.all([strings, firstRender]).then(render);
