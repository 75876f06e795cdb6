// index.html's static first paint (vite.config.ts puts it in #root at build and dev time): the top bar's title and, on
// a lesson link, "Loading the lesson…", in the language the app will render in, which React replaces on its first
// render. Without it a lesson link showed a blank window until its frame was verified and the lesson rendered (first
// contentful paint ~850-1100 ms on the 2-core test machine); with it ~400 ms, while the code still loads (issue 16:
// keep the first paint independent of the GPU).

import { en } from './locales/en';
import { zh } from './locales/zh';
import { PREFS_KEY } from '../state/prefs';
import { LESSON_LINK } from '../lessons/types';

// the words of the boot view's check line too (ui/boot.ts shows a booted lesson's verdict before React renders)
const words = (l: typeof en) => ({
  title: l.app.title,
  loading: l.lesson.loading,
  check: l.lesson.check,
  level: l.lesson.level,
  status: l.lesson.status,
  canvas: l.lesson.canvasLabel,
});
const STRINGS = { en: words(en), zh: words(zh) };

/** The boot view's words, in the page's language (index.html's shell script leaves them on window). */
export type BootStrings = ReturnType<typeof words>;

/**
 * The language the saved preferences ask for, as plain ES5 source (it runs in index.html before any module): the
 * store's own rule (state/prefs.ts: v1 `language`, later `lang`; English when missing or corrupt), kept equal to it by
 * bootShell.test.ts, which runs this text against the store.
 */
export const SAVED_LANG_JS = `function (raw) {
  try {
    var saved = JSON.parse(raw || 'null');
    if (!saved || typeof saved !== 'object' || typeof saved.state !== 'object') return 'en';
    var st = saved.state || {};
    if (typeof saved.version === 'number' && saved.version < 2)
      return typeof st.language === 'string' && st.language.indexOf('zh') === 0 ? 'zh' : 'en';
    return st.lang === 'zh' ? 'zh' : 'en';
  } catch (e) {
    return 'en';
  }
}`;

const esc = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** What index.html's empty #root becomes: the shell, and the script that words it before the first paint. */
export function bootShellHtml(): string {
  const html = `<div class="boot-shell" data-boot-shell=""><header class="topbar"><span class="brand" data-boot="title">${esc(STRINGS.en.title)}</span></header><main id="main"><p role="status" class="muted" data-boot="loading">${esc(STRINGS.en.loading)}</p></main></div>`;
  // a link's ?lang= wins, as in ui/boot.ts; a Chinese link never shows English first
  const script = `<script>
      (function () {
        var s = ${JSON.stringify(STRINGS)};
        var lang = new URLSearchParams(location.search).get('lang');
        if (lang !== 'zh' && lang !== 'en') {
          var raw = null;
          try {
            raw = localStorage.getItem(${JSON.stringify(PREFS_KEY)});
          } catch (e) {}
          lang = (${SAVED_LANG_JS})(raw);
        }
        window.__bootStrings = s[lang];
        var q = function (k) { return document.querySelector('[data-boot="' + k + '"]'); };
        q('title').textContent = s[lang].title;
        if (${LESSON_LINK}.test(location.pathname)) q('loading').textContent = s[lang].loading;
        else q('loading').remove();
      })();
    </script>`;
  return `<div id="root">${html}</div>\n    ${script}`;
}
