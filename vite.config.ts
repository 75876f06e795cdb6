import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bootShellHtml } from './src/ui/bootShell.js';
import { LESSON_LINK } from './src/lessons/types.js';
import { precompressDir, servePrecompressed } from './src/cli/precompressed.js';

// The visual suite's committed baselines (e2e/visual/baselines) are the /gallery page's pictures: served from
// where they are in dev, and copied into the build as /gallery-images/… (one copy of each file, in git; nothing
// generated to commit, nothing to keep in sync by hand).
const BASELINES = join(import.meta.dirname, 'e2e/visual/baselines');
const PREFIX = '/gallery-images/';

function pngs(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? pngs(join(dir, d.name)) : d.name.endsWith('.png') ? [join(dir, d.name)] : [],
  );
}

function galleryImages(): Plugin {
  return {
    name: 'd3d12lab-gallery-images',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = decodeURIComponent((req.url ?? '').split('?')[0]);
        if (!url.startsWith(PREFIX)) return next();
        const file = join(BASELINES, url.slice(PREFIX.length));
        // only PNGs inside the baselines folder
        if (!file.startsWith(BASELINES + sep) || !file.endsWith('.png') || !existsSync(file)) {
          res.statusCode = 404;
          return res.end();
        }
        res.setHeader('Content-Type', 'image/png');
        res.end(readFileSync(file));
      });
    },
    generateBundle() {
      for (const file of pngs(BASELINES)) {
        this.emitFile({
          type: 'asset',
          fileName: `${PREFIX.slice(1)}${relative(BASELINES, file).split(sep).join('/')}`,
          source: readFileSync(file),
        });
      }
    },
  };
}

// The playground's sandbox worker runs learner code (it may come from a shared link): its own CSP shuts the network
// (connect-src 'none') and every other source of script but this origin's chunks; 'unsafe-eval' is how it runs the
// learner's transpiled module. Hosts other than vite's servers should send the same header for sandbox.worker*.js
// (dist/_headers says so in the Netlify / Cloudflare Pages format).
export const SANDBOX_CSP =
  "default-src 'none'; script-src 'self' 'unsafe-eval'; connect-src 'none'; img-src 'none'; worker-src 'none'";
function sandboxCsp(): Plugin {
  const set = (req: { url?: string }, res: { setHeader(k: string, v: string): void }, next: () => void) => {
    if ((req.url ?? '').includes('sandbox.worker')) res.setHeader('Content-Security-Policy', SANDBOX_CSP);
    next();
  };
  return {
    name: 'd3d12lab-sandbox-csp',
    configureServer: (server) => void server.middlewares.use(set),
    configurePreviewServer: (server) => void server.middlewares.use(set),
    // the same header for static hosts that read a _headers file (Netlify, Cloudflare Pages); on a host that sends
    // none, the worker's own lockDown (src/lessons/sandbox/guards.ts) still keeps learner code off the network
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: '_headers',
        source: `/assets/sandbox.worker-*\n  Content-Security-Policy: ${SANDBOX_CSP}\n`,
      });
    },
  };
}

// The playground's type checker (src/lessons/sandbox/typecheck.worker.ts) reads TypeScript's lib files and the .d.ts
// files of the npm packages lessons import as text; `import.meta.glob('?raw')` does not reach into node_modules' .d.ts
// (vite parses them as modules), so this virtual module reads them from disk: the installed files, as they are.
const TYPECHECK_FILES = 'virtual:d3d12lab-typecheck-files';
function typecheckFiles(): Plugin {
  const nm = join(import.meta.dirname, 'node_modules');
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
      d.isDirectory() ? walk(join(dir, d.name)) : [join(dir, d.name)],
    );
  return {
    name: 'd3d12lab-typecheck-files',
    resolveId: (id) => (id === TYPECHECK_FILES ? `\0${TYPECHECK_FILES}` : null),
    load(id) {
      if (id !== `\0${TYPECHECK_FILES}`) return null;
      const libs: Record<string, string> = {};
      for (const f of readdirSync(join(nm, 'typescript/lib')))
        if (
          /^lib\.(es5|es20(1[5-9]|2[0-3])[.a-z]*|decorators(\.legacy)?|webworker)\.d\.ts$/.test(f) &&
          !f.includes('.full.')
        )
          libs[f] = readFileSync(join(nm, 'typescript/lib', f), 'utf8');
      const packages: Record<string, string> = {};
      for (const pkg of ['fast-png', 'iobuffer', 'fflate'])
        for (const file of walk(join(nm, pkg)))
          if (/\.d\.[mc]?ts$/.test(file) || file === join(nm, pkg, 'package.json'))
            packages[`/node_modules/${relative(nm, file).split(sep).join('/')}`] = readFileSync(file, 'utf8');
      return `export const libs = ${JSON.stringify(libs)};\nexport const packages = ${JSON.stringify(packages)};\n`;
    },
  };
}

// A build plugin (issue 16: navigation to a verified frame). A lesson page's code (its lesson chunk and the lesson
// view, with what they import) is a dynamic import: without a hint the browser asks for it only once the entry chunk
// has downloaded and run, a second waterfall of some twenty requests after the first. This plugin writes into
// index.html a few lines that read the address and ask for that lesson's chunks at once (<link rel="modulepreload">,
// the same requests the import makes later, so nothing is fetched twice), while the entry is still downloading. They
// come first in <head>, before the early WebGPU request and the stylesheet: an inline script after a stylesheet would
// wait for it (and hold up the parser meanwhile). Built from the bundle: no list to keep by hand.
interface Chunk {
  type: 'chunk';
  fileName: string;
  imports: string[];
  facadeModuleId: string | null;
  isEntry: boolean;
  moduleIds: string[];
  viteMetadata?: { importedCss: Set<string> };
}
type Output = Chunk | { type: 'asset'; fileName: string };

const LESSON_MODULE = /\/src\/lessons\/([^/]+)\/index\.ts$/;
// what a lesson link needs before its frame: the boot request the entry starts (src/state/lessonBoot.ts)
const BOOT_MODULE = '/src/state/lessonBoot.ts';
// the app's UI, which the entry (src/ui/boot.ts) imports once a bare lesson link's frame is checked, or at once, and
// the lesson view a lesson page renders first
const APP_MODULE = '/src/ui/main.tsx';
const VIEW_MODULE = '/src/ui/lesson/LessonView.tsx';

/** A chunk's file and its static imports, transitively (what the browser fetches before the chunk runs). */
function closure(bundle: Record<string, Output>, file: string, seen = new Set<string>()): Set<string> {
  const c = bundle[file];
  if (seen.has(file) || c?.type !== 'chunk') return seen;
  seen.add(file);
  for (const i of c.imports) closure(bundle, i, seen);
  return seen;
}

/**
 * The inline script: `files` by index; `boot` what a lesson link's boot request needs, `ui` the app's and `view` the
 * lesson view's (beyond the app's); `lessons` each lesson id's own (lower case).
 */
function preloadScript(
  base: string,
  files: string[],
  boot: number[],
  ui: number[],
  view: number[],
  css: number[],
  lessons: Record<string, number[]>,
  app: string,
) {
  return `(function () {
  var m = ${LESSON_LINK}.exec(location.pathname);
  var own = m && ${JSON.stringify(lessons)}[decodeURIComponent(m[1]).toLowerCase().split('-')[0]];
  // only a bare lesson link (?lang= at most) boots its lesson before the app loads (src/ui/boot.ts); any other page
  // asks for the app at once, as a script of the document, so its load event waits for it as it did for the entry
  // (the rule is src/lessons/types.ts isBareLink's)
  var bare = true;
  new URLSearchParams(location.search).forEach(function (v, k) { if (k !== 'lang') bare = false; });
  var files = ${JSON.stringify(files)};
  var add = function (rel, i, as) {
    var l = document.createElement('link');
    l.rel = rel;
    l.crossOrigin = '';
    if (as) l.as = as;
    l.href = ${JSON.stringify(base)} + files[i];
    document.head.appendChild(l);
  };
  var ui = ${JSON.stringify(ui)};
  if (!own || !bare) {
    var s = document.createElement('script');
    s.type = 'module';
    s.crossOrigin = '';
    s.src = ${JSON.stringify(base)} + ${JSON.stringify(app)};
    document.head.appendChild(s);
    ui.forEach(function (i) { add('modulepreload', i); });
  }
  if (!own) return;
  if (!bare) ${JSON.stringify(view)}.forEach(function (i) { add('modulepreload', i); });
  own.concat(${JSON.stringify(boot)}).forEach(function (i) { add('modulepreload', i); });
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
      handler(html, ctx) {
        const bundle = ctx.bundle as Record<string, Output> | undefined;
        if (!bundle) return;
        const chunks = Object.values(bundle).filter((c): c is Chunk => c.type === 'chunk');
        const entry = chunks.find((c) => c.isEntry);
        const of = (m: string) => chunks.find((c) => c.moduleIds.some((id) => id.endsWith(m)));
        const [boot, view, app] = [of(BOOT_MODULE), of(VIEW_MODULE), of(APP_MODULE)];
        if (!entry || !boot || !view || !app)
          throw new Error('lesson-preload: no entry, boot request, lesson view or app in the bundle');
        const initial = closure(bundle, entry.fileName); // index.html asks for these already
        const files: string[] = [];
        const index = (f: string) => (files.includes(f) ? files.indexOf(f) : files.push(f) - 1);
        const bootFiles = [...closure(bundle, boot.fileName)].filter((f) => !initial.has(f));
        // the UI's: the app (its own file is its script) and, on a lesson link, the lesson view
        const appClosure = closure(bundle, app.fileName);
        const uiFiles = [...appClosure].filter((f) => !initial.has(f) && f !== app.fileName);
        const viewFiles = [...closure(bundle, view.fileName)].filter((f) => !initial.has(f) && !appClosure.has(f));
        const lessons: Record<string, number[]> = {};
        for (const c of chunks) {
          const folder = LESSON_MODULE.exec(c.facadeModuleId ?? '')?.[1];
          if (!folder) continue;
          const own = [...closure(bundle, c.fileName)].filter((f) => !initial.has(f) && !bootFiles.includes(f));
          lessons[folder.toLowerCase().split('-')[0]] = own.map(index);
        }
        const bootIdx = bootFiles.map(index);
        const uiIdx = uiFiles.map(index);
        const viewIdx = viewFiles.map(index);
        const css = [...(boot.viteMetadata?.importedCss ?? [])].map(index);
        // before index.html's own first script (the early WebGPU request: its first call blocks the main thread until
        // the GPU process answers, 75 ms or more, and the lesson's requests would wait behind it), and so before the
        // stylesheet and the entry's tags
        const at = html.indexOf('<script>');
        if (at < 0) throw new Error('lesson-preload: index.html has no inline script to precede');
        const script = `<script>\n${preloadScript(base, files, bootIdx, uiIdx, viewIdx, css, lessons, app.fileName)}\n    </script>\n    `;
        return html.slice(0, at) + script + html.slice(at);
      },
    },
  };
}

// Fewer, larger chunks on the way to a lesson's verified frame (issue 16): a first visit asked for some 35 files,
// six at a time over HTTP/1.1, each request costing the browser, the network service and the renderer CPU time
// that the first frame waits for on a small machine. What the entry needs statically is one chunk; what every lesson
// page needs (the lesson view and the boot request, with their static imports: the model, the executor, the stores)
// is another, with the lessons' shared helpers. Dynamic imports stay where they were (panels, editor, prose...).
const CHUNK_GROUPS = [
  { name: 'app', tags: ['$initial' as const], priority: 3 },
  {
    // the frame read-back, which the UI's own pages use too (hooks, the smoke page): in the lesson-boot chunk it would
    // bring the model into every page's UI
    name: 'readback',
    test: /[\\/]src[\\/]gpu[\\/]readback\.ts$/,
    priority: 2.5,
  },
  {
    // the boot request and the lessons' shared helpers, with the model and the executor they import: React-free, what
    // a lesson link runs, draws and checks before the UI loads (ui/boot.ts). The PNG decoder and its inflate library
    // stay out: only lesson 11 runs them, and their start-up cost every lesson.
    name: 'lesson-boot',
    test: /[\\/]src[\\/](state[\\/]lessonBoot\.ts$|lessons[\\/](define\.ts$|common[\\/](?!png[.-])))/,
    priority: 2,
  },
];

// The page's first paint before any module runs (src/ui/bootShell.ts): in #root, replaced by React's first render.
function bootShell(): Plugin {
  return {
    name: 'd3d12lab-boot-shell',
    transformIndexHtml(page) {
      const root = '<div id="root"></div>';
      if (!page.includes(root)) throw new Error('boot-shell: index.html has no empty #root');
      return page.replace(root, bootShellHtml());
    },
  };
}

// dist/'s text assets gzip-compressed at build time and served so by `vite preview`, which otherwise compresses each
// response as it sends it, on the CPU the page it serves needs (src/cli/precompressed.ts says what it measured).
function precompressed(): Plugin {
  // set by a build's writeBundle: the dev server also calls closeBundle (when it closes), and has nothing to compress
  let written: string | null = null;
  return {
    name: 'd3d12lab-precompressed',
    writeBundle(options) {
      written = options.dir ?? null;
    },
    closeBundle() {
      if (written) precompressDir(written);
    },
    configurePreviewServer(server) {
      // used before vite's own middlewares (compression among them), so these answers are sent as they are
      server.middlewares.use(servePrecompressed(join(server.config.root, server.config.build.outDir)));
    },
  };
}

// One SPA: routes like /lessons/04-clear are served index.html by the dev and preview servers.
// react-router's package exports name only its development build (remix-run/react-router#14102): its route matching
// runs with development checks and warnings. The production build sits beside it; builds use that one (issue 16:
// ~30 ms of a lesson link's first render went to the router).
const REACT_ROUTER_PRODUCTION = fileURLToPath(
  new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

export default defineConfig(({ command }) => ({
  plugins: [react(), galleryImages(), sandboxCsp(), typecheckFiles(), lessonPreload(), bootShell(), precompressed()],
  resolve: command === 'build' ? { alias: [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }] } : {},
  // module workers: the sandbox worker loads a lesson's modules on demand (code-split like the page)
  worker: { format: 'es', plugins: () => [typecheckFiles()] },
  // manifest: the bundle bench (src/cli/bench-bundle.ts) follows the entry's static imports in it
  build: {
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 2000,
    manifest: true,
    rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } },
  },
  server: { port: 5173 },
  preview: { port: 4173 },
}));
