// Vite build plugin (issue 16: navigation to a verified frame). A lesson page's code (its lesson chunk and the lesson
// view, with what they import) is a dynamic import: without a hint the browser asks for it only once the entry chunk
// has downloaded and run, a second waterfall of some twenty requests after the first. This plugin writes into
// index.html, after the entry's own tags, a few lines that read the address and ask for that lesson's chunks at once
// (<link rel="modulepreload">, the same requests the import makes later, so nothing is fetched twice), while the
// entry is still downloading. Built from the bundle itself: no list to keep by hand.
import type { Plugin } from 'vite';

interface Chunk {
  type: 'chunk';
  fileName: string;
  imports: string[];
  facadeModuleId: string | null;
  isEntry: boolean;
  viteMetadata?: { importedCss: Set<string> };
}
type Output = Chunk | { type: 'asset'; fileName: string };

const LESSON_MODULE = /\/src\/lessons\/([^/]+)\/index\.ts$/;
const VIEW_MODULE = '/src/ui/lesson/LessonView.tsx';

/** A chunk's file and its static imports, transitively (what the browser fetches before the chunk runs). */
function closure(bundle: Record<string, Output>, file: string, seen = new Set<string>()): Set<string> {
  const c = bundle[file];
  if (seen.has(file) || c?.type !== 'chunk') return seen;
  seen.add(file);
  for (const i of c.imports) closure(bundle, i, seen);
  return seen;
}

/** The inline script: `files` by index; `view` the lesson view's; `lessons` each lesson id's own (lower case). */
function preloadScript(
  base: string,
  files: string[],
  view: number[],
  css: number[],
  lessons: Record<string, number[]>,
) {
  return `(function () {
  var m = /^\\/lessons?\\/([^/]+)/.exec(location.pathname);
  var own = m && ${JSON.stringify(lessons)}[decodeURIComponent(m[1]).toLowerCase().split('-')[0]];
  if (!own) return;
  var files = ${JSON.stringify(files)};
  var add = function (rel, i, as) {
    var l = document.createElement('link');
    l.rel = rel;
    l.crossOrigin = '';
    if (as) l.as = as;
    l.href = ${JSON.stringify(base)} + files[i];
    document.head.appendChild(l);
  };
  own.concat(${JSON.stringify(view)}).forEach(function (i) { add('modulepreload', i); });
  ${JSON.stringify(css)}.forEach(function (i) { add('preload', i, 'style'); });
})();`;
}

export function lessonPreload(): Plugin {
  let base = '/';
  return {
    name: 'd3d12lab-lesson-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle as Record<string, Output> | undefined;
        if (!bundle) return;
        const chunks = Object.values(bundle).filter((c): c is Chunk => c.type === 'chunk');
        const entry = chunks.find((c) => c.isEntry);
        const view = chunks.find((c) => c.facadeModuleId?.endsWith(VIEW_MODULE));
        if (!entry || !view) throw new Error('lesson-preload: no entry or no lesson view chunk in the bundle');
        const initial = closure(bundle, entry.fileName); // index.html asks for these already
        const files: string[] = [];
        const index = (f: string) => (files.includes(f) ? files.indexOf(f) : files.push(f) - 1);
        const viewFiles = [...closure(bundle, view.fileName)].filter((f) => !initial.has(f));
        const lessons: Record<string, number[]> = {};
        for (const c of chunks) {
          const folder = LESSON_MODULE.exec(c.facadeModuleId ?? '')?.[1];
          if (!folder) continue;
          const own = [...closure(bundle, c.fileName)].filter((f) => !initial.has(f) && !viewFiles.includes(f));
          lessons[folder.toLowerCase().split('-')[0]] = own.map(index);
        }
        const viewIdx = viewFiles.map(index);
        const css = [...(view.viteMetadata?.importedCss ?? [])].map(index);
        return [{ tag: 'script', children: preloadScript(base, files, viewIdx, css, lessons), injectTo: 'body' }];
      },
    },
  };
}
