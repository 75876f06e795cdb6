// The page's entry (index.html). A lesson link's frame is run, drawn and checked before the app's UI (React, the
// router, the strings: main.tsx) is even loaded, and its verdict is shown in the boot shell with the very pixels the
// check graded; the app then loads and takes the page over (issue 16: navigation to a verified frame). On a 2-core
// machine the model, the GPU process and the UI's JavaScript all want the same two cores, and the UI is what can
// wait: with React loaded, rendered and painted alongside, lesson 10's frame was verified at 742 ms (median of 12
// alternating loads), without it at 563 ms; the same page with no UI at all, 561 ms.
import { gpuHost, prefsStore } from './app-context';
import { warmBlit } from '../gpu/executor/blit';
import { linkedLesson } from '../lessons/catalog';
import { loadLessonDef } from '../lessons/load';
import { isBareLink, type CheckReport, type LessonMeta, type Level } from '../lessons/types';
import { setBooting } from './boot-state';
import type { BootStrings } from './bootShell';
import { installAutomation } from './automation';
// the app's styles come with the entry: the shell and the boot view use them before the app is loaded, and a lesson
// link's first frame then needs no stylesheet request of its own (LessonView and PlaygroundCode import theirs too)
import './styles.css';
import './lesson/lesson.css';
import './playground/edit-bar.css';

declare global {
  interface Window {
    /** the boot view's words in the page's language, left by index.html's shell script (bootShell.ts) */
    __bootStrings?: BootStrings;
  }
}

// performance marks lab:* time the way to a verified frame (issue 16; npm run bench -- nav, devtools)
performance.mark('lab:main');
// The adapter and device first: they take longest and need nothing else.
void gpuHost.start();
// the present blit compiles while the page loads (the first frame would wait for it)
gpuHost.onDeviceReady((device) => warmBlit(device, navigator.gpu.getPreferredCanvasFormat()));

installAutomation();
// ?lang= (a shared link) is the language from the start, as the shell's words are
const linkLang = new URLSearchParams(window.location.search).get('lang');
if (linkLang === 'zh' || linkLang === 'en') prefsStore.getState().setLang(linkLang);

const LEVELS: Level[] = ['builds', 'runs', 'correct'];

/** The UI waits for a booted lesson's check this long at most (a slow device must not hold the page). */
const UI_WAIT_MS = 1500;

const openedLesson = linkedLesson(window.location.pathname);
// only a bare link boots (isBareLink): a link with options is the page's to read
const openedDef = isBareLink(window.location.search) && openedLesson && loadLessonDef(openedLesson.id);
let uiAfter: Promise<unknown> = Promise.resolve();
if (openedDef) {
  // the lesson's code and the boot request's module (React-free: state/lessonBoot.ts and the model) come in
  // parallel with the device; the model runs as soon as they are here, the frame once the device is
  const at = window.location.pathname;
  const boot = Promise.all([openedDef, import('../state/lessonBoot')])
    .then(async ([def, m]) => {
      performance.mark('lab:boot');
      if (window.location.pathname !== at) return;
      if (!m.bootLesson(def, prefsStore.getState().debugLayer, window.location.search)) return;
      await gpuHost.start();
      m.bootSurface(gpuHost.device);
      await m.bootSettled();
      if (window.location.pathname === at) showVerdict(m.bootVerdict(), openedLesson);
    })
    .catch((e: unknown) => console.error('lesson boot', e));
  setBooting(boot);
  uiAfter = Promise.race([boot, new Promise((r) => setTimeout(r, UI_WAIT_MS))]);
}
// the app, and on a lesson link the lesson view with it (two chunks fetched side by side)
void uiAfter.then(() => Promise.all([import('./main'), openedLesson && import('./lesson/LessonView')]));

/**
 * The boot request's verdict in the shell, until the app renders the lesson: the frame the check graded (its own
 * read-back pixels, drawn 1:1 and scaled up) and the check line, with data-status and data-level as the lesson
 * view's check has them. Its test id is its own (boot-check): `lesson-check` is the lesson page's, whose keys,
 * steps and panels work once it shows; this view has none of them.
 */
function showVerdict(
  v: { report: CheckReport; frame: { pixels: Uint8Array; width: number; height: number } | null } | null,
  lesson: LessonMeta | undefined,
) {
  const words = window.__bootStrings;
  const slot = document.querySelector('[data-boot="loading"]');
  if (!v || !words || !slot) return;
  if (lesson) {
    // the lesson's name beside the app's, as the page's top bar has it
    const name = document.createElement('strong');
    name.className = 'boot-lesson';
    name.textContent = `${lesson.id} ${lesson.title[prefsStore.getState().lang]}`;
    document.querySelector('[data-boot="title"]')?.after(name);
  }
  const view = document.createElement('section');
  view.className = 'boot-verdict';
  if (v.frame) {
    const { pixels, width, height } = v.frame;
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    canvas.setAttribute('aria-label', words.canvas);
    canvas.getContext('2d')?.putImageData(new ImageData(new Uint8ClampedArray(pixels), width, height), 0, 0);
    view.append(canvas);
  }
  const line = document.createElement('p');
  line.dataset.testid = 'boot-check';
  line.dataset.status = v.report.status;
  line.dataset.level = v.report.level;
  line.className = 'check';
  // the levels are reached in order: up to the report's level (none when it is 'none')
  const upTo = LEVELS.indexOf(v.report.level as Level);
  const levels = LEVELS.map((l, k) => `${k <= upTo ? '●' : '○'} ${words.level[l]}`);
  line.textContent = `${words.check}: ${levels.join(' ')} — ${words.status[v.report.status]}`;
  view.append(line);
  slot.replaceWith(view);
}
